// The common face of the puzzle back-ends (docs/design.md section 4): each solves a Model and
// counts solutions up to a limit. Engines: propagate (propagate.hpp), dlx (dlx.hpp); the MIP
// back-end (mip/mip.hpp, an external solver on the exported model) lives in the mip layer,
// which depends on this one, and reaches the batch solver as an ExternalSolver.
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "gridenum/core/stop.hpp"
#include "gridenum/core/timing.hpp"
#include "gridenum/puzzle/model.hpp"

namespace gridenum {

struct SolveStats {
  std::uint64_t nodes = 0;         // search nodes (branch points / DLX column choices)
  std::uint64_t propagations = 0;  // digits placed by propagation (singles, hidden singles)
  std::uint64_t backtracks = 0;    // dead ends
};

// How a search ended. Only Complete is an answer: the other statuses say the count is a lower bound
// (a limit or a stop request ended the search first), or that "no solution" is an external
// solver's claim no engine here confirmed. Never to be printed as an answer.
enum class SolveStatus { Complete, NodeLimit, TimeLimit, Unconfirmed, Stopped };
// "complete", "node limit reached", "time limit reached", "unconfirmed", "stopped".
const char* status_name(SolveStatus s);

struct SolveResult {
  std::uint64_t count = 0;       // solutions found, at most `limit`
  std::vector<int> solution;     // the first solution found (n*n digits), empty if none
  SolveStats stats;
  SolveStatus status = SolveStatus::Complete;
  std::string note;              // for the user when status is not Complete: what stopped it
  // False when a limit (SearchLimits, solve_propagate_budget) stopped the search first, or the
  // answer is unconfirmed: `count` is then only a lower bound.
  bool complete() const { return status == SolveStatus::Complete; }
};

// Bounds on one search, for every engine (`solve --node-limit / --time-limit`): a search that
// passes one stops with status NodeLimit or TimeLimit and `count` the solutions found so far.
// 0: no bound. Nodes are the engine's own (SolveStats::nodes), so a node limit is repeatable on
// any machine, a time limit is not; the clock is read every kClockEvery nodes.
//
// hear_stop: the search also ends, with status Stopped, once the process's stop request is made
// (core/stop.hpp: SIGINT / SIGTERM to `solve`), looked at every kClockEvery nodes, so that a
// search of minutes (a --count of a near-empty grid) does not hold up the stop. Off by default:
// the generator's uniqueness checks must never end early for a reason other than their budget
// (a puzzle depends only on its seed and index); solve_batch turns it on for the puzzles it solves.
struct SearchLimits {
  std::uint64_t nodes = 0;
  double seconds = 0;
  bool hear_stop = false;
};

// The limits as a search checks them: exhausted(nodes) at every search node, true (and the
// status set) once a limit is passed.
class SearchBudget {
 public:
  static constexpr std::uint64_t kClockEvery = 64;
  explicit SearchBudget(const SearchLimits& lim) : lim_(lim), start_(SteadyClock::now()) {}
  bool exhausted(std::uint64_t nodes) {
    if (lim_.nodes != 0 && nodes > lim_.nodes) {
      status_ = SolveStatus::NodeLimit;
      return true;
    }
    if (lim_.seconds > 0 && nodes % kClockEvery == 0 && seconds_since(start_) > lim_.seconds) {
      status_ = SolveStatus::TimeLimit;
      return true;
    }
    if (lim_.hear_stop && nodes % kClockEvery == 0 && stop_requested()) {
      status_ = SolveStatus::Stopped;
      return true;
    }
    return false;
  }
  SolveStatus status() const { return status_; }
  // Sets r.status and r.note from what stopped the search (nothing when it was not stopped).
  void report(SolveResult& r) const;

 private:
  SearchLimits lim_;
  SteadyClock::time_point start_;
  SolveStatus status_ = SolveStatus::Complete;
};

enum class Engine { Propagate, Dlx };

// Called with each solution (n*n digits); return true to stop the search. Both engines take one
// (propagate.hpp, dlx.hpp) to list solutions.
using SolutionCallback = std::function<bool(const std::vector<int>& grid)>;

// Counts solutions, stopping at `limit` (limit 1: find one; 2: uniqueness check), and at the
// search limits if any.
SolveResult solve_propagate(const Model& m, std::uint64_t limit, const SearchLimits& limits = {});
SolveResult solve_dlx(const Model& m, std::uint64_t limit, const SearchLimits& limits = {});

// A back-end from a layer above this one (the MIP engine): solves a model, finds one solution
// at most. Must be safe to call from several threads at once.
using ExternalSolver = std::function<SolveResult(const Model&)>;

// Thrown by an engine stopped by SIGINT or SIGTERM (the MIP engine, which watches for them
// while its solver runs, mip.hpp): not a failure of one puzzle, so the batch solver drops the
// puzzle instead of reporting it per line (batch.hpp), and the CLI exits 130.
struct SolveInterrupted : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace gridenum
