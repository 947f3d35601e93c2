// `gridenum count` without --job-dir, with the job layer's progress and signal handling but no
// files. Without them, a count of minutes (--kernel backtrack, 2x5) used to show nothing on a
// terminal, and Ctrl-C ended it with exit 130 and not a word.
//
// The same work as a job (work.hpp: the method's plan, units, reduction), so the text and JSON
// are those of the plain count; nothing is journalled and no catalogue cache is written. On a
// terminal a progress bar is drawn on stderr (progress.hpp); elsewhere stderr stays quiet, as
// before. The first SIGINT or SIGTERM stops after the units in progress, a second at once; either
// way the run ends with PlainRunOutcome::stopped_by set (the CLI prints a message, exits 130).
#pragma once

#include <optional>
#include <string>

#include "gridenum/jobs/config.hpp"
#include "gridenum/jobs/work.hpp"

namespace gridenum {

struct PlainRunRequest {
  JobConfig config;                  // shape, method, kernel, threads, slices_per_class
  bool handle_signals = true;
  std::optional<bool> terminal;      // progress bar; default: isatty(stderr)
};

struct PlainRunOutcome {
  bool finished = false;
  std::string stopped_by;            // when not finished: "SIGINT" or "SIGTERM"
  std::uint64_t units_done = 0, units_total = 0;
  MethodResult result;                 // finished: text and JSON as the plain count prints them
};

// The run's watch (progress, signals) starts its two threads at the first poll this long after
// the start (jobs/run_watch.hpp): a shorter run, such as the 9x9 count, starts none of its own.
inline constexpr double kPlainRunWatchAfterSeconds = 0.25;

PlainRunOutcome run_plain_count(const PlainRunRequest& req);

}  // namespace gridenum
