// Killer cages for the generator (generate.hpp, step 2).
//
// Killer puzzles are written without givens (the killer line "N|RxC|cages|solution" has no
// place for them, and the published collections have none), so the cages alone must pin the
// solution down. Decision: cages are grown at random over the solution grid, then split where
// the grid is not yet forced, and (--minimal) merged back where it stays forced:
//
//   grow   cells in random order; each cell not yet caged starts a cage with a random target
//          size 2..max_cage and grows by random 4-neighbours not yet caged whose digit the cage
//          does not hold yet (a killer cage never repeats a digit), stopping at the target or
//          when no neighbour fits (so a few cages stay smaller); a cell left alone then joins
//          a neighbouring cage with room and without its digit, where there is one.
//   split  while the cages have a second solution (propagation, limit 2, within the node
//          budget), pick at random a cell where that solution differs from the grid and split
//          its cage in two connected parts whose sums rule that solution out (split_cage), or
//          cut the cell out alone (a 1-cell cage is a given: its sum is its digit). When the
//          check runs out of budget (no second solution known, no proof of uniqueness either)
//          the cell is any cell of a cage of two or more. Ends: with every cell alone the grid
//          is the only solution, found at once. The budget matters from 12x12 on: an exact
//          first check on grown 12x12 cages ran for minutes.
//   merge  without `minimal`: one pass over the pairs of adjacent cages where one is a lone
//          cell, merging when the union has at most max_cage cells, no digit twice, and the
//          puzzle is still proved unique within the budget.
//          With `minimal`: every such pair of adjacent cages, exact checks, pass after pass
//          until a pass merges nothing, so that no such merge is left.
//
// Unlike givens, merging is not monotone (a merged cage also says its cells are all
// different), so one pass need not be minimal; hence the repeat. "Minimal" for a killer means
// exactly this (mergeable_cages): cages are never dropped, the whole grid stays covered.
//
// What the steps buy, and why merging stops at lone cells without `minimal` (9x9, max_cage 5
// unless said, 50 puzzles, one core on a machine at load 7; mean per puzzle; the solvers'
// times are a uniqueness check, limit 2; published killers, killer-400.txt: 34.8 cages, 0.3
// lone cells per 9x9 puzzle):
//                                            cages  lone  generate  propagation      DLX
//   grow, lone cells cut out, no merging      31.1   ~8    0.002 s   0.3 ms (50)      1.3 ms (225)
//   + lone cells join a neighbour in `grow`,
//     two-part splits (200 puzzles)           28.6   5.2
//   + merge pass over lone cells (final)      25.9   1.9   0.025 s   3.1 ms (486)     26 ms (7,066)
//     the same, max_cage 4                    27.8   1.6   0.012 s   1.7 ms (379)     9.4 ms (839)
//   one merge pass over all pairs (10)        22.4         0.94 s    344 ms (42k)     2.6 s (463k)
//   merged to minimal (10)                    22.3   1.4   1.9 s     175 ms (42k)     3.3 s (1.5M)
// Merging ordinary cages is what makes killers hard for both solvers (DLX's cage rows grow
// with the cage), so only lone cells -- givens in all but name -- are merged by default.
//
// Symmetry: the cage layout is not made symmetric; generate_options_problem refuses
// --symmetry other than none for killer.
#include <algorithm>
#include <cassert>

#include "gen_grid.hpp"
#include "gridenum/core/stop.hpp"
#include "gridenum/puzzle/generate.hpp"
#include "gridenum/puzzle/propagate.hpp"

namespace gridenum {

namespace {

using gen::neighbours;

Cage make_cage(std::vector<int> cells, const std::vector<int>& solution) {
  std::sort(cells.begin(), cells.end());
  Cage k;
  for (int c : cells) k.sum += solution[c];
  k.cells = std::move(cells);
  return k;
}

// The grow step: a partition of the grid into connected cages with distinct digits.
std::vector<std::vector<int>> grow(int n, const std::vector<int>& solution, int max_cage, Rng& rng) {
  const int cells = n * n;
  std::vector<int> owner(static_cast<std::size_t>(cells), -1);
  std::vector<std::vector<int>> cages;
  std::vector<int> frontier;
  for (int start : rng.permutation(cells)) {
    if (owner[start] >= 0) continue;
    const int id = static_cast<int>(cages.size());
    const int target = max_cage < 2 ? 1 : 2 + rng.index(static_cast<std::size_t>(max_cage - 1));
    std::vector<int> cage{start};
    owner[start] = id;
    std::uint64_t digits = std::uint64_t{1} << solution[start];
    while (static_cast<int>(cage.size()) < target) {
      frontier.clear();
      for (int c : cage)
        for (int x : neighbours(c, n))
          if (x >= 0 && owner[x] < 0 && !(digits >> solution[x] & 1) &&
              std::find(frontier.begin(), frontier.end(), x) == frontier.end())
            frontier.push_back(x);
      if (frontier.empty()) break;
      // The frontier is listed in cage order, then neighbour order: deterministic.
      const int x = frontier[rng.index(frontier.size())];
      owner[x] = id;
      digits |= std::uint64_t{1} << solution[x];
      cage.push_back(x);
    }
    cages.push_back(std::move(cage));
  }
  // Cells left alone (every neighbour taken, or holding their digit) join a neighbouring cage
  // with room and without their digit, in random order; before any uniqueness check, so free.
  // Without this a 9x9 layout kept about 8 single cells in 31 cages (a single cell is a given).
  std::vector<int> alone;
  for (std::size_t k = 0; k < cages.size(); ++k)
    if (cages[k].size() == 1) alone.push_back(static_cast<int>(k));
  rng.shuffle(alone);
  for (int k : alone) {
    if (cages[k].size() != 1) continue;  // another lone cell joined it
    const int c = cages[k][0];
    std::vector<int> hosts;
    for (int x : neighbours(c, n)) {
      if (x < 0) continue;
      const int h = owner[x];
      if (h == k || static_cast<int>(cages[h].size()) >= max_cage ||
          std::find(hosts.begin(), hosts.end(), h) != hosts.end())
        continue;
      bool clash = false;
      for (int y : cages[h]) clash |= solution[y] == solution[c];
      if (!clash) hosts.push_back(h);
    }
    if (hosts.empty()) continue;
    const int h = hosts[rng.index(hosts.size())];
    cages[h].push_back(c);
    owner[c] = h;
    cages[k].clear();
  }
  std::erase_if(cages, [](const std::vector<int>& c) { return c.empty(); });
  return cages;
}

// The connected parts of `cells` (4-neighbours), each sorted, listed by their smallest cell.
std::vector<std::vector<int>> components(const std::vector<int>& cells, int n) {
  std::vector<std::vector<int>> parts;
  std::vector<int> left = cells;
  std::sort(left.begin(), left.end());
  std::vector<char> done(left.size(), 0);
  for (std::size_t i = 0; i < left.size(); ++i) {
    if (done[i]) continue;
    std::vector<int> part{left[i]}, stack{left[i]};
    done[i] = 1;
    while (!stack.empty()) {
      const int c = stack.back();
      stack.pop_back();
      for (int x : neighbours(c, n)) {
        const auto it = std::lower_bound(left.begin(), left.end(), x);
        if (x < 0 || it == left.end() || *it != x) continue;
        const auto k = static_cast<std::size_t>(it - left.begin());
        if (done[k]) continue;
        done[k] = 1;
        part.push_back(x);
        stack.push_back(x);
      }
    }
    std::sort(part.begin(), part.end());
    parts.push_back(std::move(part));
  }
  return parts;
}

// Tries at a two-part split of a cage before the cell is cut out alone.
constexpr int kSplitTries = 8;

// The split step on one cage: a connected part A holding `cell` (random size, grown at random
// inside the cage) and the rest, when the rest is connected and -- if a second solution `other`
// is known -- A's sum differs between it and the grid, so that the split rules `other` out.
// After kSplitTries failures, `cell` alone and the connected parts of the rest ({cell} always
// rules `other` out: it differs there). Two parts rather than a lone cell: 200 9x9 puzzles kept
// 5.2 lone cells each instead of 7.0 (12x12, 20 puzzles: 18 instead of 25).
std::vector<std::vector<int>> split_cage(const std::vector<int>& cage, int cell, const std::vector<int>& solution,
                                         const std::vector<int>& other, int n, Rng& rng) {
  const auto sum = [](const std::vector<int>& cells, const std::vector<int>& grid) {
    int t = 0;
    for (int c : cells) t += grid[c];
    return t;
  };
  const auto inside = [&cage](int x) { return std::find(cage.begin(), cage.end(), x) != cage.end(); };
  if (cage.size() > 2) {
    for (int t = 0; t < kSplitTries; ++t) {
      const std::size_t size = 1 + rng.below(cage.size() - 1);
      std::vector<int> part{cell}, frontier;
      while (part.size() < size) {
        frontier.clear();
        for (int c : part)
          for (int x : neighbours(c, n))
            if (x >= 0 && inside(x) && std::find(part.begin(), part.end(), x) == part.end() &&
                std::find(frontier.begin(), frontier.end(), x) == frontier.end())
              frontier.push_back(x);
        if (frontier.empty()) break;
        part.push_back(frontier[rng.index(frontier.size())]);
      }
      std::vector<int> rest;
      for (int c : cage)
        if (std::find(part.begin(), part.end(), c) == part.end()) rest.push_back(c);
      if (components(rest, n).size() != 1) continue;
      if (!other.empty() && sum(part, solution) == sum(part, other)) continue;
      std::sort(part.begin(), part.end());
      return {part, rest};
    }
  }
  std::vector<std::vector<int>> parts{{cell}};
  std::vector<int> rest;
  for (int c : cage)
    if (c != cell) rest.push_back(c);
  for (auto& p : components(rest, n)) parts.push_back(std::move(p));
  return parts;
}

// The index of the cage holding cell c.
std::size_t owner_of(const std::vector<Cage>& cages, int c) {
  for (std::size_t k = 0; k < cages.size(); ++k)
    if (std::find(cages[k].cells.begin(), cages[k].cells.end(), c) != cages[k].cells.end()) return k;
  assert(false && "the cages cover the grid");
  return 0;
}

// The cages in the canonical order: cells sorted, cages by their first cell.
std::vector<Cage> canonical(const std::vector<std::vector<int>>& cages, const std::vector<int>& solution) {
  std::vector<Cage> out;
  for (const auto& c : cages)
    if (!c.empty()) out.push_back(make_cage(c, solution));
  std::sort(out.begin(), out.end(), [](const Cage& a, const Cage& b) { return a.cells[0] < b.cells[0]; });
  return out;
}

}  // namespace

std::vector<std::pair<int, int>> mergeable_cages(int n, const std::vector<Cage>& cages, const std::vector<int>& solution,
                                                 int max_cage) {
  std::vector<int> owner(static_cast<std::size_t>(n) * n, -1);
  for (std::size_t k = 0; k < cages.size(); ++k)
    for (int c : cages[k].cells) owner[c] = static_cast<int>(k);
  std::vector<std::pair<int, int>> pairs;
  for (int c = 0; c < n * n; ++c)
    for (int x : {c % n + 1 < n ? c + 1 : -1, c + n < n * n ? c + n : -1}) {
      if (x < 0 || owner[c] < 0 || owner[x] < 0 || owner[c] == owner[x]) continue;
      pairs.emplace_back(std::min(owner[c], owner[x]), std::max(owner[c], owner[x]));
    }
  std::sort(pairs.begin(), pairs.end());
  pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
  std::erase_if(pairs, [&](const std::pair<int, int>& p) {
    const auto& a = cages[p.first].cells;
    const auto& b = cages[p.second].cells;
    if (static_cast<int>(a.size() + b.size()) > max_cage) return true;
    std::uint64_t digits = 0;
    for (int c : a) digits |= std::uint64_t{1} << solution[c];
    for (int c : b)
      if (digits >> solution[c] & 1) return true;
    return false;
  });
  return pairs;
}

std::vector<Cage> killer_cages(const Model& base, const std::vector<int>& solution, int max_cage, bool minimal,
                               std::uint64_t budget, Rng& rng) {
  const int n = base.n;
  assert(base.cages.empty());
  Model m = base;
  m.givens.assign(static_cast<std::size_t>(base.cells()), 0);
  m.rules |= kRuleKiller;

  // Grow, then split until unique.
  std::vector<std::vector<int>> cages = grow(n, solution, max_cage, rng);
  for (;;) {
    throw_if_stop_requested("generate");  // between uniqueness checks: the stop's poll (generate.hpp)
    m.cages = canonical(cages, solution);
    std::vector<int> other;
    const SolutionCallback keep_other = [&](const std::vector<int>& g) {
      if (g != solution) other = g;
      return false;
    };
    const SolveResult r = solve_propagate_budget(m, 2, budget, keep_other);
    if (r.complete() && r.count == 1) break;
    assert((!r.complete() || r.count == 2) && "the grid satisfies its own cages");
    // A cell where a second solution differs; out of budget, any cell of a cage of two or more.
    std::vector<int> differ;
    for (int c = 0; c < base.cells(); ++c)
      if (other.empty() ? m.cages[owner_of(m.cages, c)].cells.size() > 1 : other[c] != solution[c]) differ.push_back(c);
    assert(!differ.empty() && "with every cell alone the grid is the only solution, found at once");
    const int cell = differ[rng.index(differ.size())];
    // Rebuild the cage list from the canonical cages, splitting the cell's cage.
    cages.clear();
    for (const Cage& k : m.cages) {
      if (std::find(k.cells.begin(), k.cells.end(), cell) == k.cells.end()) {
        cages.push_back(k.cells);
        continue;
      }
      for (auto& part : split_cage(k.cells, cell, solution, other, n, rng)) cages.push_back(std::move(part));
    }
  }

  // Merge while unique: without `minimal` one budgeted pass over the pairs with a lone cell;
  // with `minimal` exact passes over every pair until one merges nothing.
  std::vector<Cage> current = m.cages;
  for (;;) {
    auto pairs = mergeable_cages(n, current, solution, max_cage);
    if (!minimal)
      std::erase_if(pairs, [&](const std::pair<int, int>& p) {
        return current[p.first].cells.size() > 1 && current[p.second].cells.size() > 1;
      });
    rng.shuffle(pairs);
    // Cages by stable id during the pass: a merged-away cage is left empty.
    std::vector<std::vector<int>> live;
    for (const Cage& k : current) live.push_back(k.cells);
    bool merged = false;
    for (const auto& [i, j] : pairs) {
      throw_if_stop_requested("generate");
      if (live[i].empty() || live[j].empty()) continue;
      // Earlier merges may have grown either cage: check the pair again.
      const std::vector<Cage> two = {make_cage(live[i], solution), make_cage(live[j], solution)};
      if (mergeable_cages(n, two, solution, max_cage).empty()) continue;
      if (!minimal && live[i].size() > 1 && live[j].size() > 1) continue;
      std::vector<int> both = live[i];
      both.insert(both.end(), live[j].begin(), live[j].end());
      std::vector<std::vector<int>> trial = live;
      trial[i] = both;
      trial[j].clear();
      m.cages = canonical(trial, solution);
      const SolveResult r = minimal ? solve_propagate(m, 2) : solve_propagate_budget(m, 2, budget);
      if (r.complete() && r.count == 1) {
        live = std::move(trial);
        merged = true;
      }
    }
    current = canonical(live, solution);
    if (!minimal || !merged) break;
  }
  return current;
}

}  // namespace gridenum
