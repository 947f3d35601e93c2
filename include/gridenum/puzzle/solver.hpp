// The common face of the puzzle back-ends (design.md section 4): each solves a Model and
// counts solutions up to a limit. Engines: propagate (propagate.hpp), dlx (dlx.hpp); the MIP
// back-end (mip/mip.hpp, an external solver on the exported model) lives in the mip layer,
// which depends on this one, and reaches the batch solver as an ExternalSolver.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "gridenum/puzzle/model.hpp"

namespace gridenum {

struct SolveStats {
  std::uint64_t nodes = 0;         // search nodes (branch points / DLX column choices)
  std::uint64_t propagations = 0;  // digits placed by propagation (singles, hidden singles)
  std::uint64_t backtracks = 0;    // dead ends
};

struct SolveResult {
  std::uint64_t count = 0;       // solutions found, at most `limit`
  std::vector<int> solution;     // the first solution found (n*n digits), empty if none
  SolveStats stats;
  // False when a node budget (solve_propagate_budget) stopped the search first: `count` is then
  // only a lower bound.
  bool complete = true;
};

enum class Engine { Propagate, Dlx };

// Called with each solution (n*n digits); return true to stop the search. Both engines take one
// (propagate.hpp, dlx.hpp) to list solutions.
using SolutionCallback = std::function<bool(const std::vector<int>& grid)>;

// Counts solutions, stopping at `limit` (limit 1: find one; 2: uniqueness check).
SolveResult solve_propagate(const Model& m, std::uint64_t limit);
SolveResult solve_dlx(const Model& m, std::uint64_t limit);

// A back-end from a layer above this one (the MIP engine): solves a model, finds one solution
// at most. Must be safe to call from several threads at once.
using ExternalSolver = std::function<SolveResult(const Model&)>;

}  // namespace gridenum
