// The classic 9x9 fast path of the propagation engine: a digit-major bitboard solver in the
// style of JCZSolve (Zhouyundong / Champagne), used by solve_propagate for every plain 9x9
// model (3x3 boxes, no variant rules, no cages). Variants and other sizes go through the general
// engine of propagate.cpp, which is also the independent check of this one in the tests.
#pragma once

#include <cstdint>

#include "gridenum/puzzle/solver.hpp"

namespace gridenum {

// True for the models solve_classic9 takes: n = 9, 3x3 boxes, kRuleClassic, no cages.
bool classic9_applicable(const Model& m);

// Counts solutions up to `limit` (0: no limit), keeps the first one; the same contract as
// solve_propagate. stats: nodes = guesses, propagations = digits placed (givens excluded),
// backtracks = dead ends; a search limit stops it as it stops solve_propagate. Precondition:
// classic9_applicable(m).
SolveResult solve_classic9(const Model& m, std::uint64_t limit, const SearchLimits& limits = {});

}  // namespace gridenum
