// One stop path for the whole program (docs/architecture.md, "Stopping and progress").
//
// A stop is a process-wide request: whoever owns the process's SIGINT and SIGTERM (StopSignals,
// stop_signals.hpp: a job, or the CLI's watch around a long command) calls request_stop on the
// first signal, and every long piece of work hears it where it polls -- at each step of a Phase
// (phase.hpp: table builds, class generation, verification, Burnside sums) and between units
// (UnitHooks::stop, count/unit_hooks.hpp) -- and unwinds by throwing Interrupted. On the way out
// only whole things stay: a job's journal is flushed, files are replaced atomically, a
// half-built table is dropped. The CLI turns an Interrupted into exit 130.
//
// Why a process-wide flag and not a callback passed down: the phases that must hear a stop sit
// deep inside methods (a table build inside a plan inside a job), and a signal is process-wide
// anyway; a flag read with a relaxed load costs nothing in a loop that already does real work
// per step. A library caller that wants to cancel work calls request_stop itself.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace gridenum {

// Work ended early by a stop request (or by UnitHooks::stop); what() names the phase.
struct Interrupted : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Asks every long phase to stop; `signal` is the signal that asked (0: a caller's request).
// Async-signal-safe (two lock-free atomic stores).
void request_stop(int signal = 0) noexcept;
// Whether a stop has been requested since the last clear_stop_request.
bool stop_requested() noexcept;
// The signal of the request (SIGINT, SIGTERM), 0 for a caller's own or none.
int stop_signal() noexcept;
// Forgets a request: StopSignals does it when it starts watching, so that a library caller's
// earlier, finished stop does not end the next run at once.
void clear_stop_request() noexcept;
// "SIGINT", "SIGTERM", "stop request": who asked, for messages.
std::string stop_cause();
// Throws Interrupted("<what> stopped by <cause>") when a stop has been requested. It is also the
// work's poll for whoever asked to hear it (set_stop_poll_listener): every Phase step and check
// comes through here, and the long loops call it every few thousand iterations.
void throw_if_stop_requested(std::string_view what);
// One function called at every throw_if_stop_requested, from the polling thread (nullptr: none).
// The watch over a plain count starts its helper threads from here once the run has lasted
// (jobs/run_watch.hpp, start_after_seconds), so a run that ends within a moment starts none. It
// must be cheap, noexcept and thread-safe; one listener for the process.
void set_stop_poll_listener(void (*listener)() noexcept) noexcept;

// Work cut short by a stop without an exception. When a task of a oneTBB parallel loop throws
// (Interrupted, or any error), oneTBB cancels the loop's task group, and the cancellation reaches
// every parallel algorithm nested in the loop's other tasks: they return early WITHOUT an
// exception, so a value they add up (a parallel_reduce, the two halves of a parallel_invoke) may
// be partial, and nothing tells the caller. Found in the 2x6 run: classes counted on two threads
// were journaled with F = 0 or about half their F in the moment after a SIGTERM
// (docs/architecture.md, "Stopping and progress"). The rule: a value computed inside a parallel
// loop is handed on (journaled, stored, summed) only after throw_if_cancelled() -- the loops that
// record units call it (budgeted_loop.cpp, pool.cpp, burnside.cpp) and the jobs' journal writers
// call it again.
//
// Whether the task group of the calling task is being cancelled (false outside any task).
bool task_group_cancelled() noexcept;
// Throws Interrupted("<what> discarded: ...") when task_group_cancelled().
void throw_if_cancelled(std::string_view what);

}  // namespace gridenum
