// Helpers for the job tests: what tests/support/cli_run.hpp offers (temporary directories,
// files, the real binary run with fork/exec), a raw view of a journal, and the configs and
// reference totals of the per-class methods' job tests.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "gridenum/count/count.hpp"
#include "gridenum/jobs/job.hpp"

namespace gridenum::testing {

// The unit ids of a journal's complete "U" lines, in file order, read without the library's
// reader (so a test can see duplicates the reader would fold).
inline std::vector<std::uint32_t> raw_journal_units(const fs::path& journal) {
  const std::string text = slurp(journal);
  std::vector<std::uint32_t> ids;
  std::size_t at = 0;
  for (std::size_t nl; (nl = text.find('\n', at)) != std::string::npos; at = nl + 1)
    if (nl - at > 2 && text[at] == 'U' && text[at + 1] == ' ')
      ids.push_back(static_cast<std::uint32_t>(std::stoul(text.substr(at + 2, nl - at - 2))));
  return ids;
}

// An in-process job request: quiet (no console log, no progress bar).
inline JobRequest request(const fs::path& dir, const JobConfig& c, bool resume = false) {
  JobRequest r;
  r.dir = dir;
  r.config = c;
  r.resume = resume;
  r.console_log = false;
  r.terminal = false;
  return r;
}

// A config for a one-unit-per-class method (side-2, three-band): 2 threads, fast checkpoints.
inline JobConfig method_config(const char* shape, JobMethod method, Shard shard = {}) {
  JobConfig c;
  c.shape = *Shape::parse(shape);
  c.method = method;
  c.shard = shard;
  c.threads = 2;
  c.checkpoint_seconds = 0.02;
  return c;
}

// The stack method's total of a shape: the reference the other methods' jobs are checked against.
inline std::string stack_total(const char* shape) {
  CountOptions o;
  o.shape = *Shape::parse(shape);
  return run_count(o).reduction.total.str();
}

}  // namespace gridenum::testing
