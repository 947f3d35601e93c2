// The propagation engine (docs/design.md section 4): bitmask candidates per cell, naked singles,
// hidden singles on every unit (Windoku's five implied units included), killer cage-sum
// pruning, branching on the cell with the fewest candidates, or on the two places of a digit
// in a unit when every cell has three or more. solve_propagate (solver.hpp) is the counting
// entry point; this header adds the variant that hands every solution to a callback (used by
// `gridenum enumerate --list`).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "gridenum/puzzle/solver.hpp"

namespace gridenum {

// The general engine alone, for every shape and rule set: solve_propagate hands plain 9x9
// puzzles to the bitboard solver (solve9.hpp) instead; the tests compare the two.
SolveResult solve_propagate_general(const Model& m, std::uint64_t limit);

// The general engine with a budget: gives up after `node_budget` search nodes (0: no budget),
// returning complete() == false (status NodeLimit). For searches that may be restarted with other choices (the
// generator's random fills, generate.hpp), where a run can otherwise take an unbounded time on
// the heavy tail of backtracking (Gomes, Selman and Kautz, "Boosting Combinatorial Search
// Through Randomization", AAAI 1998).
// `on_solution`, when set, is called as by solve_propagate's callback form.
SolveResult solve_propagate_budget(const Model& m, std::uint64_t limit, std::uint64_t node_budget,
                                   const SolutionCallback& on_solution = {});

// Like solve_propagate, and calls `on_solution` for every solution found (limit 0: no limit).
SolveResult solve_propagate(const Model& m, std::uint64_t limit, const SolutionCallback& on_solution);

}  // namespace gridenum
