// Random jigsaw regions for the generator (generate.hpp, step 1 for jigsaw).
//
// A random walk over partitions of the grid into n connected regions of n cells, started from
// the boxes (or the rows, when n has no box shape):
//
//   move   cell a of region A lies next to a cell of region B; b is a random cell of B next to
//          a cell of A other than a. a goes to B and b to A (sizes stay n); the move is kept
//          when both regions are still connected (4-neighbours), else undone.
//
// kSweeps attempts per cell. generate.cpp then asks for a random solution of the layout
// (random_solution with a bounded number of attempts) and walks on from the same layout when
// none is found, so a layout is only kept with a solution. Measured (seed 11, one core, load
// ~7; "found": a solution within 256 fill attempts, which on 9x9 means at once):
//   n = 7   48 of 50 layouts   9x9  49 of 50, 0.001 s per layout   12x12  20 of 20, 0.003 s
//   16x16    7 of 10, 0.43 s   25x25  0 of 3 (3.6 s each)
// So jigsaws up to 16x16 are made in well under a second; 25x25 ones practically never.
// Walking less does not rescue 25x25: with 1 attempt per cell (the boxes with ragged borders)
// no layout of 4 was filled within 256 attempts, nor one within 4,096 (54 s); 20x20 filled 1 of
// 5 (one 20x20 jigsaw took 53 layouts, 74 s, load ~3). The fill, not the layout's mixing, is what
// fails there.
//
// Tried and dropped: a walk that keeps a solution grid (a cell of A swapped with the cell of B
// holding the same digit, so both regions keep every digit and the layout always admits the
// grid). It needs no solver, but few such swaps keep both regions connected: after 60
// attempts per cell the 9x9 boxes were still plainly boxes (5 of 9 untouched, by eye), and a
// 7x7 walk from rows stayed rows.
//
// The walk visits layouts reachable from the start, with no claim of uniformity.
#include <algorithm>
#include <cassert>

#include "gen_grid.hpp"
#include "gridenum/puzzle/generate.hpp"

namespace gridenum {

namespace {

// Walk attempts per cell: about 3 kept moves per cell on 9x9 (236 of 1,620 attempts), by
// which the boxes are gone (layouts printed and looked at).
constexpr int kSweeps = 20;

using gen::neighbours;

// Is the set `cells` connected in the grid of side n? `mark` is scratch of n*n entries, all
// different from `stamp` and stamp + 1 on entry.
bool connected(const std::vector<int>& cells, int n, std::vector<int>& mark, int stamp, std::vector<int>& stack) {
  // Mark members with stamp, then flood from the first one with stamp + 1.
  for (int c : cells) mark[c] = stamp;
  stack.clear();
  stack.push_back(cells[0]);
  mark[cells[0]] = stamp + 1;
  std::size_t seen = 1;
  while (!stack.empty()) {
    const int c = stack.back();
    stack.pop_back();
    for (int x : neighbours(c, n))
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

std::vector<int> random_regions(int n, std::vector<int> region, Rng& rng) {
  const int cells = n * n;
  assert(static_cast<int>(region.size()) == cells);
  std::vector<std::vector<int>> members(static_cast<std::size_t>(n));
  for (int c = 0; c < cells; ++c) members[region[c]].push_back(c);
  std::vector<int> mark(static_cast<std::size_t>(cells), 0), stack, next_to_a;
  int stamp = 1;
  const auto replace = [](std::vector<int>& v, int from, int to) {
    *std::find(v.begin(), v.end(), from) = to;
  };
  for (long attempt = 0, attempts = static_cast<long>(kSweeps) * cells; attempt < attempts; ++attempt) {
    const int a = rng.index(static_cast<std::size_t>(cells));
    const int x = neighbours(a, n)[rng.index(4)];
    if (x < 0 || region[x] == region[a]) continue;
    const int ra = region[a], rb = region[x];
    // The cells of B next to a cell of A other than a, in B's member order.
    next_to_a.clear();
    for (int c : members[rb])
      for (int y : neighbours(c, n))
        if (y >= 0 && y != a && region[y] == ra) {
          next_to_a.push_back(c);
          break;
        }
    if (next_to_a.empty()) continue;
    const int b = next_to_a[rng.index(next_to_a.size())];
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
