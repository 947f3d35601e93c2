// A count without a job directory, with progress and signals (plain_run.hpp). The drawing runs
// on its own thread (as the job's ticker does), so workers only bump the progress counter.
#include "gridenum/jobs/plain_run.hpp"

#include <unistd.h>

#include <atomic>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <mutex>
#include <thread>

#include "gridenum/count/stack/count.hpp"
#include "gridenum/core/threads.hpp"
#include "gridenum/jobs/progress.hpp"
#include "gridenum/jobs/stop_signals.hpp"

namespace gridenum {

PlainRunOutcome run_plain_count(const PlainRunRequest& req) {
  const bool terminal = req.terminal.value_or(::isatty(2) == 1);
  std::atomic<bool> stop{false};
  std::atomic<Progress*> bar{nullptr};
  std::unique_ptr<StopSignals> signals;  // declared after what its callbacks use
  if (req.handle_signals)
    signals = std::make_unique<StopSignals>(
        [&](int sig) {
          stop.store(true);
          const auto say = [sig] {
            if (sig == SIGINT)
              std::fprintf(stderr, "gridenum: SIGINT: stopping after the units in progress (press Ctrl-C again to stop "
                                   "at once)\n");
            else
              std::fprintf(stderr, "gridenum: %s: stopping after the units in progress\n", StopSignals::name(sig));
          };
          if (Progress* p = bar.load()) p->above_bar(say);
          else say();
        },
        [](int sig) {
          std::fprintf(stderr, "gridenum: %s again: stopped at once; nothing is kept without --job-dir\n",
                       StopSignals::name(sig));
          std::_Exit(130);
        });

  JobConfig cfg = req.config;
  cfg.catalogue_cache = false;  // no directory: nothing is written
  PlanSource source;
  source.use_cache = false;
  const std::unique_ptr<MethodPlan> work = plan_job_work(cfg, {}, source);
  PlainRunOutcome out;
  out.units_total = work->header().shard.size(work->header().units);

  Progress progress(out.units_total, 0, terminal, 1e300, nullptr);  // no log lines: stderr stays quiet
  bar.store(&progress);
  struct BarGuard {
    std::atomic<Progress*>& slot;
    ~BarGuard() { slot.store(nullptr); }
  } bar_guard{bar};
  std::mutex mu;
  std::condition_variable cv;
  bool quit = false;
  std::thread drawer;
  if (terminal)
    drawer = std::thread([&] {
      std::unique_lock lock(mu);
      while (!quit) {
        progress.tick();
        cv.wait_for(lock, std::chrono::milliseconds(200), [&] { return quit; });
      }
    });
  const auto end_drawing = [&] {
    {
      std::lock_guard lock(mu);
      quit = true;
    }
    cv.notify_all();
    if (drawer.joinable()) drawer.join();
    progress.finish();
  };

  UnitHooks hooks;
  hooks.done = [&](std::uint32_t, u128) { progress.unit_done(); };
  hooks.stop = [&] { return stop.load(std::memory_order_relaxed); };
  try {
    out.result = work->run(use_threads(cfg.threads), hooks);
  } catch (const Interrupted&) {
    end_drawing();
    out.units_done = progress.done();
    out.stopped_by = signals && signals->received() ? StopSignals::name(signals->received()) : "stop request";
    return out;
  } catch (...) {
    end_drawing();
    throw;
  }
  end_drawing();
  out.finished = true;
  out.units_done = progress.done();
  return out;
}

}  // namespace gridenum
