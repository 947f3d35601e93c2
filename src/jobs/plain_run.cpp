// A count without a job directory, with progress and signals (plain_run.hpp): a RunWatch
// (run_watch.hpp) draws the plan's phases, then the units' bar, on its own thread (as the job's
// ticker does), so workers only bump the progress counter; it takes the signals too. Its threads
// start only once the run has lasted kPlainRunWatchAfterSeconds.
#include "gridenum/jobs/plain_run.hpp"

#include <unistd.h>

#include <cstdio>

#include "gridenum/count/stack/count.hpp"
#include "gridenum/core/threads.hpp"
#include "gridenum/jobs/progress.hpp"
#include "gridenum/core/stop.hpp"
#include "gridenum/jobs/run_watch.hpp"

namespace gridenum {

PlainRunOutcome run_plain_count(const PlainRunRequest& req) {
  const bool terminal = req.terminal.value_or(::isatty(2) == 1);
  RunWatchOptions wo;
  wo.terminal = terminal;
  wo.handle_signals = req.handle_signals;
  wo.second_signal_note = "nothing is kept without --job-dir";
  // Deferred: a count that ends within a moment (9x9: a tenth of a second) starts no thread of
  // its own, so --threads 1 runs on one thread. Its phases step and its units end often enough.
  wo.start_after_seconds = kPlainRunWatchAfterSeconds;
  RunWatch watch(std::move(wo));  // before any worker thread: the signal mask is inherited

  PlainRunOutcome out;
  const auto stopped = [&] {
    watch.stop_drawing();
    out.stopped_by = stop_cause();
    return out;
  };
  JobConfig cfg = req.config;
  cfg.catalogue_cache = false;  // no directory: nothing is written
  PlanSource source;
  source.use_cache = false;
  const ThreadBudget budget(cfg.threads);  // before the plan: its catalogue and stack list are parallel too
  std::unique_ptr<MethodPlan> work;
  try {
    budget.execute([&] { work = plan_job_work(cfg, {}, source); });  // its phases are drawn by the watch
  } catch (const Interrupted&) {
    return stopped();
  }
  out.units_total = work->header().shard.size(work->header().units);

  Progress progress(out.units_total, 0, terminal, 1e300, nullptr);  // no log lines: stderr stays quiet
  watch.show_units(&progress);
  struct Detach {  // the watch must not draw the bar once it is gone
    RunWatch& w;
    ~Detach() { w.show_units(nullptr); }
  } detach{watch};

  UnitHooks hooks;
  hooks.done = [&](std::uint32_t, u128) {
    progress.unit_done();
    watch.poll();
  };
  try {
    budget.execute([&] { out.result = work->run(budget.threads(), hooks); });
  } catch (const Interrupted&) {
    watch.stop_drawing();
    progress.finish();
    out.units_done = progress.done();
    return stopped();
  } catch (...) {
    watch.stop_drawing();
    progress.finish();
    throw;
  }
  watch.stop_drawing();
  progress.finish();
  out.finished = true;
  out.units_done = progress.done();
  return out;
}

}  // namespace gridenum
