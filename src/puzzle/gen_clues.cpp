// Removing givens (generate.hpp, step 3): the classic way of qqwing and most generators.
//
// Start from the full solution (every cell given) and visit the orbits of the chosen symmetry
// in random order; blank each orbit in turn and keep it blank when the puzzle still has one
// solution (the propagation engine, limit 2), else put its givens back.
//
// Minimality. With no symmetry (orbits of one cell) one pass already gives a minimal puzzle:
// when blanking cell c failed, the givens then held were a superset G of the final givens F,
// and G - {c} has two solutions; F - {c} has fewer constraints than G - {c}, so at least those
// two. So the pass is not repeated, and --minimal changes nothing there (the tests check the
// claim on every generated puzzle). With a symmetry the pass is minimal over orbits only: an
// orbit of two givens may be needed while one of them is not. `minimal` then adds a pass over
// the single givens left (random order), which by the same argument leaves no given that can be
// removed -- at the price of the symmetry, which that pass may break.
//
// Cost: one uniqueness check per orbit (and per given in the minimal pass). The checks near
// the start, on nearly full grids, are cheap; the last ones prove uniqueness of a near-minimal
// puzzle and dominate.
#include <cassert>

#include "gridenum/core/stop.hpp"
#include "gridenum/puzzle/generate.hpp"
#include "gridenum/puzzle/propagate.hpp"
#include "gridenum/puzzle/solve9.hpp"

namespace gridenum {

std::vector<std::vector<int>> symmetry_orbits(int n, Symmetry s) {
  const int cells = n * n;
  std::vector<int> image(static_cast<std::size_t>(cells));
  for (int c = 0; c < cells; ++c) {
    const int r = c / n, col = c % n;
    switch (s) {
      case Symmetry::None:
        image[c] = c;
        break;
      case Symmetry::Rotational:
        image[c] = (n - 1 - r) * n + (n - 1 - col);
        break;
      case Symmetry::Mirror:
        image[c] = r * n + (n - 1 - col);
        break;
    }
  }
  // Both maps are involutions: orbits of one or two cells, listed from their smaller cell.
  std::vector<std::vector<int>> orbits;
  for (int c = 0; c < cells; ++c) {
    assert(image[image[c]] == c);
    if (image[c] == c) orbits.push_back({c});
    else if (c < image[c]) orbits.push_back({c, image[c]});
  }
  return orbits;
}

std::vector<int> reduce_givens(const Model& m, const std::vector<int>& solution, Symmetry s, bool minimal,
                               std::uint64_t budget, Rng& rng) {
  Model p = m;
  p.givens = solution;
  // The uniqueness check: 1 unique, 2 not, 0 out of budget. Plain 9x9 puzzles go to the
  // bitboard solver, unbudgeted (its worst case on minimal 9x9 puzzles is milliseconds).
  const bool classic9 = classic9_applicable(p);
  const auto check = [&p, classic9](std::uint64_t nodes) -> int {
    const SolveResult r = classic9 || nodes == 0 ? solve_propagate(p, 2) : solve_propagate_budget(p, 2, nodes);
    if (r.count >= 2) return 2;
    return r.complete() ? 1 : 0;
  };
  assert(check(0) == 1);
  auto orbits = symmetry_orbits(m.n, s);
  rng.shuffle(orbits);
  std::vector<int> undecided;  // blanking this orbit's first cell ran out of budget
  for (const auto& orbit : orbits) {
    throw_if_stop_requested("generate");  // between uniqueness checks: the stop's poll (generate.hpp)
    for (int c : orbit) p.givens[c] = 0;
    const int verdict = check(budget);
    if (verdict == 1) continue;
    for (int c : orbit) p.givens[c] = solution[c];
    if (verdict == 0) undecided.insert(undecided.end(), orbit.begin(), orbit.end());
  }
  if (minimal) {
    // The exact pass: every given left when orbits have two cells, else those whose check ran
    // out of budget (the others failed for good, by the argument above).
    std::vector<int> left;
    if (s == Symmetry::None) {
      left = undecided;
    } else {
      for (int c = 0; c < m.cells(); ++c)
        if (p.givens[c] != 0) left.push_back(c);
    }
    rng.shuffle(left);
    for (int c : left) {
      throw_if_stop_requested("generate");
      p.givens[c] = 0;
      if (check(0) != 1) p.givens[c] = solution[c];
    }
  }
  return p.givens;
}

}  // namespace gridenum
