// Ctrl-C and SIGTERM for a long run (a job, a plain count, a verification: stop.hpp). A signal
// handler may do almost nothing safely, so the signals are blocked in the process's threads and
// a watcher thread takes them with sigtimedwait and runs ordinary code: the first signal is the
// process's stop request (request_stop, stop.hpp: every long phase unwinds with Interrupted; a
// job's units in progress finish and are journaled) and then on_first runs; a second one runs
// on_second, which ends the process at once (a job flushes its journal first, the units in
// progress are dropped and recomputed on resume).
//
// The mask must be set before the worker threads exist (they inherit it), so construct this
// first thing in the run, on the main thread. Constructing one clears an earlier stop request.
// Destroying it restores the mask, except that after a received signal SIGINT and SIGTERM stay
// blocked: the process is ending its stop, and a late signal must not kill it before its exit 130.
//
// The watcher may start later than the mask (start_now = false, then start()): a signal that
// comes before it is held pending by the mask and taken when it starts, or dropped with the others
// at destruction if it never does. That lets a run that ends within a moment (the 9x9 count) run
// on its own threads only (jobs/run_watch.hpp, start_after_seconds).
#pragma once

#include <atomic>
#include <csignal>
#include <functional>
#include <mutex>
#include <thread>

namespace gridenum {

class StopSignals {
 public:
  StopSignals(std::function<void(int)> on_first, std::function<void(int)> on_second, bool start_now = true);
  ~StopSignals();
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

  // Starts the watcher thread if it is not running (idempotent; from any thread).
  void start();
  bool started() const { return started_.load(); }

  // 0, or the first signal received.
  int received() const { return received_.load(); }
  static const char* name(int sig);

 private:
  std::function<void(int)> on_first_, on_second_;
  sigset_t set_{}, old_{};
  std::atomic<bool> quit_{false};
  std::atomic<int> received_{0};
  std::atomic<bool> started_{false};
  std::mutex start_mu_;  // start() against start() and the destructor
  std::thread watcher_;
};

}  // namespace gridenum
