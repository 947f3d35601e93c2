// What the job commands (count --job-dir, resume, status, merge) share in the CLI: running a job
// and printing its result, and the mapping of job errors to exit codes (command.hpp):
// JobInputError / ConfigError 2, JobCheckError 1, other job errors 3, interrupted 130.
#pragma once

#include <functional>

#include "gridenum/jobs/job.hpp"

namespace gridenum::cli {

// Runs the job, prints the result (text or JSON) to stdout; throws Exit{130} when stopped by a
// signal, after saying how to continue.
void run_job_cli(const JobRequest& req, bool json);

// Runs fn; a job error is printed as "gridenum: error: ..." and becomes Exit{code}.
void with_job_errors(const std::function<void()>& fn);

}  // namespace gridenum::cli
