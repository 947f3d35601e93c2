// Random solution grids for the generator (generate.hpp, step 1).
//
// Idea: the propagation engine is deterministic -- it branches on the first cell (in cell
// order) with the fewest candidates, or on the first unit with a digit of two places, and tries
// digits in increasing order -- but it only sees the model's units as lists of cell numbers.
// So the model is renumbered at random: cell c becomes pi(c) for a random permutation pi, digit
// d becomes sigma(d) for a random permutation sigma, the units are listed in random order, and
// the copy is solved with limit 1. Every tie the engine breaks by "first" is then broken at
// random, the digits it tries first are random, and the answer mapped back (cell pi(c) of the
// copy's solution, digit sigma^-1) is a solution of the original model. No second solver to
// maintain, and every rule the engine knows (X, Windoku, jigsaw regions) is honoured.
//
// The grids are not uniformly distributed over all solution grids (nor are qqwing's); a
// uniform sampler would need the counting machinery per shape. What the generator needs is
// variety and reproducibility, which this gives.
//
// Restarts. Backtracking search has a heavy tail: most random orders fill a grid with almost
// no backtracking, a few run for minutes (an empty 12x12 jigsaw ran over two minutes before
// restarts were added). So each attempt gets a node budget (solve_propagate_budget) and an
// attempt that runs out starts again with new random orders -- the restarts of Gomes, Selman
// and Kautz ("Boosting Combinatorial Search Through Randomization", AAAI 1998). Budgets follow
// Luby's universal sequence 1, 1, 2, 1, 1, 2, 4, 1, ... times `cells` nodes (Luby, Sinclair and
// Zuckerman, "Optimal speedup of Las Vegas algorithms", IPL 47, 1993: within a log factor of
// the best fixed budget, without knowing it; and unbounded, so a fill always ends).
// Measured (single attempts on random jigsaw layouts, 20 orders per layout, seed 7):
//   budget (x cells)      1      4      16     64     256
//   9x9 (400 attempts)   75 %   81 %   84 %   86 %   88 %
//   12x12 (200)          40 %   44 %   46 %   49 %   51 %
//   16x16 (100)          12 %   13 %   14 %   14 %   15 %
// An attempt that is not done within `cells` nodes rarely finishes at all, so short attempts
// win. The doubling budget tried first spent 1.5 s on one 12x12 layout (12 restarts, the last
// ones of a million nodes); classic grids up to 25x25 fill in the first attempt.
// The attempts draw from the same stream, so the result is still a function of the seed.
//
// The copy is solved by solve_propagate_budget (the general engine): its units are no longer
// rows, columns and boxes in place, so the classic 9x9 bitboard path (which reads the geometry,
// not the units) must not take it. Its units are marked UnitKind::Region and its rules kRuleClassic, so the
// engine does no geometry of its own on it (Windoku's implied units are found from the
// window layout, which the renumbering hides; an empty Windoku grid fills without them).
#include <cassert>

#include "gridenum/core/stop.hpp"
#include "gridenum/puzzle/generate.hpp"
#include "gridenum/puzzle/propagate.hpp"

namespace gridenum {

namespace {

// Luby's sequence, i >= 1: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ...
std::uint64_t luby(std::uint64_t i) {
  for (;;) {
    int k = 1;
    while ((std::uint64_t{1} << k) - 1 < i) ++k;  // 2^k - 1 >= i
    if ((std::uint64_t{1} << k) - 1 == i) return std::uint64_t{1} << (k - 1);
    i -= (std::uint64_t{1} << (k - 1)) - 1;
  }
}

// The model renumbered: cell c -> pi[c], digit d -> sigma[d-1] + 1, units in random order.
Model renumbered(const Model& m, const std::vector<int>& pi, const std::vector<int>& sigma, Rng& rng) {
  const std::vector<int> order = rng.permutation(static_cast<int>(m.units.size()));
  Model copy;
  copy.n = m.n;
  copy.box = m.box;
  copy.rules = kRuleClassic;
  copy.units.reserve(m.units.size());
  for (int u : order) {
    Unit unit{UnitKind::Region, {}};
    unit.cells.reserve(m.units[u].cells.size());
    for (int c : m.units[u].cells) unit.cells.push_back(pi[c]);
    copy.units.push_back(std::move(unit));
  }
  copy.givens.assign(static_cast<std::size_t>(m.cells()), 0);
  if (!m.givens.empty())
    for (int c = 0; c < m.cells(); ++c)
      if (m.givens[c] > 0) copy.givens[pi[c]] = sigma[m.givens[c] - 1] + 1;
  return copy;
}

}  // namespace

std::vector<int> random_solution(const Model& m, Rng& rng, int* restarts, int max_attempts) {
  assert(m.cages.empty() && "cage sums do not survive a digit renumbering");
  const int n = m.n, cells = m.cells();
  if (restarts) *restarts = 0;
  for (std::uint64_t attempt = 1;; ++attempt) {
    throw_if_stop_requested("generate");  // each attempt is a budgeted search: the stop's poll (generate.hpp)
    const std::uint64_t budget = luby(attempt) * static_cast<std::uint64_t>(cells);
    const std::vector<int> pi = rng.permutation(cells);
    const std::vector<int> sigma = rng.permutation(n);
    const SolveResult r = solve_propagate_budget(renumbered(m, pi, sigma, rng), 1, budget);
    if (!r.complete()) {
      if (max_attempts > 0 && attempt >= static_cast<std::uint64_t>(max_attempts)) return {};
      if (restarts) ++*restarts;
      continue;
    }
    if (r.count == 0) return {};
    std::vector<int> inverse(static_cast<std::size_t>(n));
    for (int d = 0; d < n; ++d) inverse[sigma[d]] = d + 1;
    std::vector<int> grid(static_cast<std::size_t>(cells));
    for (int c = 0; c < cells; ++c) grid[c] = inverse[r.solution[pi[c]] - 1];
    assert(satisfies(m, grid));
    return grid;
  }
}

}  // namespace gridenum
