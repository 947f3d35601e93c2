// Batch solving of a puzzle stream: reading, solving and output overlap, solving runs on every core
// (oneTBB), and results come out in input order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "gridenum/puzzle/puzzle_io.hpp"
#include "gridenum/puzzle/solver.hpp"

namespace gridenum {

struct SolveOptions {
  Engine engine = Engine::Propagate;
  std::uint64_t limit = 1;  // stop at this many solutions; 0: count them all
  ExternalSolver external;  // when set, used instead of `engine` (finds one solution at most)
  SearchLimits limits;      // per puzzle, for `engine` (an external solver takes its own)
};

// Solves one model with the chosen engine (or the external one).
SolveResult solve(const Model& m, const SolveOptions& opt);

struct BatchItem {
  std::size_t index = 0;               // 0-based position in the stream
  PuzzleReader::Raw raw;               // the text as read (moved into `input` when parsed)
  PuzzleReader::Item input;            // the puzzle or its parse error
  SolveResult result;                  // when input.puzzle is set and no runtime error
  std::optional<std::string> failure;  // an exception from the engine
  // When the puzzle lists a solution: why it disagrees with the rules or with what the engine
  // found (check_listed_solution), or nullopt when it agrees.
  std::optional<std::string> listed_mismatch;
  // Dropped by a stop request before or while it was solved (solve_batch): never handed to `out`.
  bool dropped = false;
};

// Cross-checks a puzzle's listed solution (Puzzle::expected, non-empty) against the rules and
// against the engine's result `r` found with solution limit `limit` (0: all): the listed grid
// must satisfy the model; then the engine must have found a solution, and when it has proved
// the solution unique (count 1 with a limit other than 1) it must be the listed one.
std::optional<std::string> check_listed_solution(const Puzzle& p, const SolveResult& r, std::uint64_t limit);

struct BatchOptions {
  SolveOptions solve;
  int threads = 0;  // 0: every core; more than the cores is cut to them (core/threads.hpp)
};

// What a batch did. `answered` items went to `out`, the first `answered` of the input in order.
struct BatchSummary {
  std::size_t items = 0;         // items read from the input
  std::size_t answered = 0;      // items handed to `out` (all of them unless stopped)
  std::size_t last_line = 0;     // the input line of the last answered item (0: none)
  bool complete = false;         // the input was read to its end and every item answered
  bool stopped = false;          // a stop request (core/stop.hpp) was made during the batch
  std::string note;              // what an engine said when it was stopped (the MIP solver's end), or ""
};

// Reads every item from `reader`, solves the puzzles in parallel and calls `out` for each item
// in input order (from one thread at a time).
//
// A stop request (core/stop.hpp: SIGINT / SIGTERM taken by the CLI's watch) ends the batch without
// an exception and without a half-answered item: no item is read after it; a puzzle in flight
// either finishes or is dropped (its search hears the stop, SearchLimits::hear_stop; the MIP
// engine's SolveInterrupted; an engine failure after the stop, which the stop most likely caused);
// and `out` gets every item before the first dropped one, none after it, so the output is the
// answers to a prefix of the input, in order. `stopped` then tells the caller, which reports it.
BatchSummary solve_batch(PuzzleReader& reader, const BatchOptions& opt, const std::function<void(BatchItem&)>& out);

}  // namespace gridenum
