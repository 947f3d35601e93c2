// Random jigsaw regions for the generator (generate.hpp, step 1 for jigsaw).
//
// The difficulty with random regions is that most layouts admit no solution at all, and a
// solver proves that only by exhausting its search -- for an unlucky 9x9 layout, a long time.
// So the layout is never separated from a solution: the walk starts from a grid and a
// partition it satisfies (the boxes of a classic grid, or the rows of a Latin square when n has
// no box shape) and only ever makes moves that keep the grid a solution:
//
//   swap    cell a of region A lies next to region B; b is the cell of B holding a's digit.
//           A gives a to B and takes b: both regions still hold every digit once. The move is
//           kept when both regions stay connected (4-neighbours), else undone.
//
// Many such swaps (kSweeps attempts per cell) carry the boxes far from their start, and every
// layout on the way admits the starting grid. generate.cpp then draws a fresh random solution
// of the final layout (random_solution), so the puzzle's grid does not keep the boxes' trace.
// This is the "random region swaps with connectivity checks" the issue names; growing regions
// from random seeds and asking the solver afterwards was not tried, for the reason above.
//
// The walk visits layouts reachable by swaps from the start, with no claim of uniformity.
#include <cassert>

#include "gridenum/puzzle/generate.hpp"

namespace gridenum {

namespace {

// Swap attempts per cell of the grid. 9x9: 60 * 81 = 4,860 attempts, of which about a third
// are kept; the regions then look nothing like boxes (checked by eye on printed layouts: after
// 10 attempts per cell most boxes were still recognisable).
constexpr int kSweeps = 60;

// Is the set `cells` (n cells) connected in the grid of side `side`? `mark` is scratch of
// side*side entries, all different from `stamp` on entry.
bool connected(const std::vector<int>& cells, int side, std::vector<int>& mark, int stamp, std::vector<int>& stack) {
  // Mark members with stamp, then flood from the first one with stamp + 1.
  for (int c : cells) mark[c] = stamp;
  stack.clear();
  stack.push_back(cells[0]);
  mark[cells[0]] = stamp + 1;
  std::size_t seen = 1;
  while (!stack.empty()) {
    const int c = stack.back();
    stack.pop_back();
    const int r = c / side, col = c % side;
    const int next[4] = {r > 0 ? c - side : -1, r + 1 < side ? c + side : -1, col > 0 ? c - 1 : -1,
                         col + 1 < side ? c + 1 : -1};
    for (int x : next)
      if (x >= 0 && mark[x] == stamp) {
        mark[x] = stamp + 1;
        ++seen;
        stack.push_back(x);
      }
  }
  return seen == cells.size();
}

}  // namespace

bool regions_connected(int n, const std::vector<int>& region) {
  std::vector<std::vector<int>> members(static_cast<std::size_t>(n));
  for (int c = 0; c < n * n; ++c) members[region[c]].push_back(c);
  std::vector<int> mark(static_cast<std::size_t>(n) * n, 0), stack;
  int stamp = 1;
  for (const auto& m : members) {
    if (m.empty() || !connected(m, n, mark, stamp, stack)) return false;
    stamp += 2;
  }
  return true;
}

std::vector<int> random_regions(int n, const std::vector<int>& solution, std::vector<int> region, Rng& rng) {
  const int cells = n * n;
  assert(static_cast<int>(region.size()) == cells && static_cast<int>(solution.size()) == cells);
  std::vector<std::vector<int>> members(static_cast<std::size_t>(n));
  for (int c = 0; c < cells; ++c) members[region[c]].push_back(c);
  std::vector<int> mark(static_cast<std::size_t>(cells), 0), stack;
  int stamp = 1;
  const auto replace = [](std::vector<int>& v, int from, int to) {
    for (int& x : v)
      if (x == from) {
        x = to;
        return;
      }
    assert(false && "cell not in its region");
  };
  for (long attempt = 0, attempts = static_cast<long>(kSweeps) * cells; attempt < attempts; ++attempt) {
    const int a = rng.index(static_cast<std::size_t>(cells));
    const int dir = rng.index(4);
    const int r = a / n, col = a % n;
    int x = -1;
    if (dir == 0 && r > 0) x = a - n;
    if (dir == 1 && r + 1 < n) x = a + n;
    if (dir == 2 && col > 0) x = a - 1;
    if (dir == 3 && col + 1 < n) x = a + 1;
    if (x < 0 || region[x] == region[a]) continue;
    const int ra = region[a], rb = region[x];
    int b = -1;
    for (int c : members[rb])
      if (solution[c] == solution[a]) b = c;
    assert(b >= 0 && "every region holds every digit");
    replace(members[ra], a, b);
    replace(members[rb], b, a);
    const bool ok = connected(members[ra], n, mark, stamp, stack) && connected(members[rb], n, mark, stamp + 2, stack);
    stamp += 4;
    if (ok) {
      region[a] = rb;
      region[b] = ra;
    } else {
      replace(members[ra], b, a);
      replace(members[rb], a, b);
    }
  }
  // Ids in reading order of first appearance: the numbering the puzzle readers give.
  std::vector<int> id(static_cast<std::size_t>(n), -1);
  int next = 0;
  for (int& g : region) {
    if (id[g] < 0) id[g] = next++;
    g = id[g];
  }
  assert(regions_connected(n, region));
  return region;
}

}  // namespace gridenum
