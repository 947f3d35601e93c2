// The common face of the puzzle back-ends (design.md section 4): each solves a Model and
// counts solutions up to a limit. Engines: propagate (propagate.hpp), dlx (dlx.hpp),
// mip (mip.hpp, an external solver on the exported model).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gridenum/model.hpp"

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
};

enum class Engine { Propagate, Dlx, Mip };

// Counts solutions, stopping at `limit` (limit 1: find one; 2: uniqueness check).
SolveResult solve_propagate(const Model& m, std::uint64_t limit);
SolveResult solve_dlx(const Model& m, std::uint64_t limit);

// The MIP back-end (mip.hpp): exports the model, runs an installed solver, reads the
// solution back and checks it with satisfies(). Finds one solution (count is 0 or 1).
struct MipSolveOptions {
  std::string solver = "cbc";        // "cbc" (coinor-cbc) or "glpk" (glpk-utils' glpsol)
  std::string formulation = "blp";   // "blp", "nlip" (the thesis's) or "nlip-tight"
  std::string format = "lp";         // the file handed to the solver: "lp" or "mps"
  double time_limit_seconds = 0;     // 0: no limit
};
SolveResult solve_mip(const Model& m, const MipSolveOptions& opt);

}  // namespace gridenum
