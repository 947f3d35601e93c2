// What the job commands (count --job-dir, resume, status, merge) share in the CLI: running a job
// and printing its result. Job errors reach main(), which maps them to exit codes.
#pragma once

#include "gridenum/jobs/job.hpp"

namespace gridenum::cli {

// Runs the job, prints the result (text or JSON) to stdout; throws Exit{130} when stopped by a
// signal, after saying how to continue.
void run_job_cli(const JobRequest& req, bool json);

}  // namespace gridenum::cli
