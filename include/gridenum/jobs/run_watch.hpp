// The watch over a long run that is not a job's counting (a plain count, a verification, a
// Burnside sum, an estimate, a job's start-up): it shows the running phase (core/phase.hpp) and,
// when asked, takes SIGINT and SIGTERM (core/stop_signals.hpp). docs/architecture.md, "Stopping
// and progress".
//
//  - On a terminal: one line on stderr, redrawn five times a second, once a phase has run half a
//    second: its name, progress, elapsed time and (once it can tell) the time left; when the phase
//    ends its line is left with "done in ...". A Progress (the units of a plain count) is drawn
//    instead while no phase runs.
//  - Elsewhere (a log file, a batch system): a timestamped line for a phase that has run
//    first_line_seconds, then one every log_seconds, and "done in ..." at its end -- short phases
//    leave no line, so quick commands keep a quiet stderr.
//  - Signals (handle_signals): the first SIGINT / SIGTERM is the process's stop request
//    (core/stop.hpp), said in a line of its own (unless announce_stop is off: a command that
//    stops within a moment and says so in its own one-line summary); the running phase unwinds
//    with Interrupted, which the CLI turns into exit 130. A second one ends the process at once
//    (exit 130): `before_exit` runs, then `second_signal_note` ("nothing was written") is said.
//
// One thread draws and one takes the signals; construct the watch on the main thread before any
// worker thread exists (the signal mask is inherited).
//
// A deferred start (start_after_seconds > 0): the mask is set at once, but the two threads start
// only when the work polls (core/stop.hpp: every Phase step and check, the long loops' polls, and
// poll() where the caller has a moment of its own, a unit's end) after that long. Nothing is drawn
// in a run's first half second anyway, and a signal meanwhile waits, pending, for the watcher. So a
// run that ends within a moment starts no thread of its own: `gridenum count --threads 1` runs on
// one thread (docs/architecture.md, "Stopping and progress"). Only for work that polls at least
// every fraction of a second; one deferred watch at a time.
#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "gridenum/core/phase.hpp"
#include "gridenum/core/stop_signals.hpp"

namespace gridenum {

class Progress;

struct RunWatchOptions {
  bool terminal = false;              // draw a line (else timestamped lines)
  bool handle_signals = false;        // take SIGINT / SIGTERM (the CLI's commands; a job has its own)
  std::string second_signal_note = "nothing was written";
  bool announce_stop = true;          // the first signal's "stopping (... again stops at once)" line
  std::function<void()> before_exit;  // on the second signal, before _Exit(130) (a stream's flush)
  double first_line_seconds = 2;      // not on a terminal: a phase's first line after this long
  double log_seconds = 30;            // then one every this long
  // 0: the drawing and signal threads start with the watch; > 0: at the first poll after this
  // many seconds (above), at most 0.5: a terminal's line is due then.
  double start_after_seconds = 0;
  // Where the lines go when not on a terminal (default: stderr, "gridenum [time] [info] text").
  std::function<void(const std::string&)> log;
};

class RunWatch {
 public:
  explicit RunWatch(RunWatchOptions opt);
  ~RunWatch();
  RunWatch(const RunWatch&) = delete;
  RunWatch& operator=(const RunWatch&) = delete;

  // Draw this Progress (a plain count's units) while no phase runs; nullptr: none. The Progress
  // must outlive the watch or be detached first.
  void show_units(Progress* units);
  // Ends the drawing (the line is finished); the signals stay watched until destruction.
  void stop_drawing();
  // The stop signal received, or 0.
  int signal_received() const { return signals_ ? signals_->received() : 0; }
  // A deferred watch's poll: starts the threads once start_after_seconds have passed. Cheap
  // (a load once started, a clock read before); any thread.
  void poll() noexcept;
  // Whether the threads run (always, without a deferred start).
  bool started() const { return started_.load(std::memory_order_acquire); }

 private:
  void start_threads();
  void loop();
  void draw_phase_locked(const PhaseView& v);
  void clear_line_locked();
  void on_phase_end(const PhaseView& v);
  void emit_line(const std::string& text);

  RunWatchOptions opt_;
  std::mutex mu_;  // drawing, and the state below
  std::condition_variable cv_;
  bool quit_ = false;
  bool line_drawn_ = false;             // a terminal line is on screen
  std::uint64_t shown_serial_ = 0;      // the phase last drawn or logged
  double next_log_at_ = 0;              // its next timestamped line (elapsed seconds)
  std::atomic<Progress*> units_{nullptr};
  std::unique_ptr<StopSignals> signals_;
  SteadyClock::time_point created_ = SteadyClock::now();
  std::atomic<bool> started_{false};
  std::thread drawer_;
};

}  // namespace gridenum
