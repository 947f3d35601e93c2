// What the job commands (count --job-dir, resume, status, merge) share in the CLI: running a job
// and printing its result. Job errors reach main(), which maps them to exit codes.
#pragma once

#include <CLI/CLI.hpp>

#include "gridenum/count/method.hpp"
#include "gridenum/jobs/estimate_job.hpp"
#include "gridenum/jobs/job.hpp"
#include "gridenum/jobs/symmetry_job.hpp"

namespace gridenum::cli {

// How count, resume and merge print a result: its text (every figure, class by class), one JSON
// document (--json, always complete), or the total alone (--total-only: its digits on one line,
// the JSON's "total", for scripts).
enum class ResultOutput { Text, Json, TotalOnly };

// --json and --total-only, the same on count, resume and merge; CLI11 refuses both together.
void add_result_output_options(CLI::App* cmd, bool& json, bool& total_only);
ResultOutput result_output(bool json, bool total_only);

// Prints a result to stdout as `out` says. A result without a total (a shard, a partial run) and
// --total-only: a usage error (exit 2) saying where its total comes from.
void print_result(const MethodResult& r, const nlohmann::json& json, ResultOutput out);

// Runs the job, prints the result (print_result); throws Exit{130} when stopped by a signal,
// after saying how to continue.
void run_job_cli(const JobRequest& req, ResultOutput out);

// An estimate job's session (estimate, resume): its result document (text, or JSON with --json);
// throws Exit{130} when stopped by a signal, after saying how to continue.
void print_estimate_job(const EstimateJobOutcome& out, const std::filesystem::path& dir, bool json);

// A symmetry job's session (symmetry --job-dir, resume): the same, for Burnside's document.
void print_symmetry_job(const SymmetryJobOutcome& out, const std::filesystem::path& dir, bool json);

}  // namespace gridenum::cli
