// Long phases of work name themselves and show their progress (docs/architecture.md, "Stopping
// and progress").
//
// Library code marks a phase with a Phase on the stack: its name ("4x3 F tables"), its size in
// steps when known, and step() as the work gets done, from any thread. A step is also where the
// process's stop request is heard (stop.hpp): step() throws Interrupted, so a phase stops within
// one step's time -- a step must therefore be short (well under a second) and be a point where
// unwinding leaves nothing half-made behind (the phase's own buffers are dropped with it).
//
// The library draws nothing. A display reads the innermost running phase with current_phase()
// and draws it: the CLI's watch over a long command (a line on a terminal, a timestamped line
// now and then otherwise, jobs/run_watch.hpp) and a job's progress line (jobs/progress.hpp), which
// shows the phase while no unit has finished yet. A display that showed a phase learns of its end
// through on_end (set_phase_end_listener) to say how long it took.
//
// Phases nest (the catalogue inside a plan inside a job's start-up); the innermost one is shown.
// Cost: a step is an atomic add and a relaxed load; a phase start or end takes a mutex.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>

#include "gridenum/core/timing.hpp"

namespace gridenum {

// What a display shows of a phase.
struct PhaseView {
  std::string name;                // "4x3 F tables"
  std::string unit;                // what a step is: "slots", "classes" ("" for plain steps)
  std::uint64_t done = 0;
  std::uint64_t total = 0;         // 0: not known
  double elapsed = 0;              // seconds since the phase began
  std::uint64_t serial = 0;        // distinct for every phase of the process (1, 2, ...)
  bool unwound = false;            // at its end: it ended by an exception (a stop, an error), not done
  std::string detail;              // what the step in progress has done, when a step is long ("" none)
};

class Phase {
 public:
  explicit Phase(std::string name, std::uint64_t total = 0, std::string unit = {});
  ~Phase();
  Phase(const Phase&) = delete;
  Phase& operator=(const Phase&) = delete;

  // n more steps done; throws Interrupted ("<name> stopped by SIGINT") when a stop was requested.
  // Thread-safe.
  void step(std::uint64_t n = 1);
  // Hears a stop without counting a step (a long step's inner loop).
  void check() const;
  void set_total(std::uint64_t total) { total_.store(total, std::memory_order_relaxed); }
  // A line on the steps in progress, for phases whose steps are long (a 12x12 symmetry class:
  // hours): "parts: class 1134 49/64". Thread-safe; "" clears it.
  void set_detail(std::string detail);
  double elapsed() const { return seconds_since(start_); }
  PhaseView view() const;

 private:
  std::string name_, unit_;
  std::atomic<std::uint64_t> done_{0}, total_{0};
  mutable std::mutex detail_mu_;
  std::string detail_;
  SteadyClock::time_point start_;
  std::uint64_t serial_ = 0;
  int uncaught_ = 0;  // std::uncaught_exceptions() at the start: more at the end means unwinding
};

// The innermost running phase (of any thread), or none.
std::optional<PhaseView> current_phase();

// Called (under the phases' lock: keep it short, never start a phase in it) when a phase ends,
// with its final view; one listener for the process, set by a display and reset with {}.
void set_phase_end_listener(std::function<void(const PhaseView&)> on_end);

// "4x3 F tables: 37% (1,234 of 3,333 slots), 2m10s, about 3m40s left"; without a total
// "... : 1,234 slots, 2m10s"; a detail follows after "; ". The time left is elapsed x (total - done) / done, shown once a
// twentieth is done and 2 s have passed (before that it says nothing rather than guess).
std::string describe(const PhaseView& v);

}  // namespace gridenum
