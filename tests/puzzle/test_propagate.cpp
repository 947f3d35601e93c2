// The propagation engine: known solutions, counts, every variant checked by the independent
// validator satisfies(), multiple- and no-solution puzzles.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "gridenum/puzzle/propagate.hpp"
#include "engine_checks.hpp"

using namespace gridenum;
using namespace gridenum::testing;

namespace {

SeedExample windoku_seed() { return seed_example("windoku"); }

// Windoku's five implied units (propagate.cpp), written out here from their definition:
// rows {0,4,8} x columns {0,4,8}, {0,4,8} x {1,2,3}, {0,4,8} x {5,6,7}, {1,2,3} x {0,4,8} and
// {5,6,7} x {0,4,8} (0-based).
std::vector<std::vector<int>> implied_windoku_units() {
  const std::vector<int> leftover = {0, 4, 8}, w0 = {1, 2, 3}, w1 = {5, 6, 7};
  const std::vector<std::pair<std::vector<int>, std::vector<int>>> blocks = {
      {leftover, leftover}, {leftover, w0}, {leftover, w1}, {w0, leftover}, {w1, leftover}};
  std::vector<std::vector<int>> units;
  for (const auto& [rows, cols] : blocks) {
    std::vector<int> u;
    for (int r : rows)
      for (int c : cols) u.push_back(r * 9 + c);
    units.push_back(u);
  }
  return units;
}

bool share_a_unit(const Model& m, int a, int b) {
  for (const auto& u : m.units) {
    const bool ha = std::find(u.cells.begin(), u.cells.end(), a) != u.cells.end();
    const bool hb = std::find(u.cells.begin(), u.cells.end(), b) != u.cells.end();
    if (ha && hb) return true;
  }
  return false;
}

}  // namespace

TEST(Propagate, SeedExamplesSolveToListedSolutions) {
  const auto ex = seed_examples();
  ASSERT_EQ(ex.size(), 4u);
  for (const auto& e : ex) {
    const auto r = solve_propagate(e.puzzle.model, 2);
    EXPECT_EQ(r.count, 1u) << e.name;
    EXPECT_EQ(r.solution, e.solution) << e.name;
    EXPECT_TRUE(satisfies(e.puzzle.model, r.solution)) << e.name;
  }
}

TEST(Propagate, XAndWindokuRulesMatter) {
  // Without its extra rule the X-Sudoku example is not unique: the rule is really applied.
  for (const auto& e : seed_examples()) {
    if (e.name != "x-sudoku" && e.name != "windoku") continue;
    Model plain = make_model({3, 3}, 0, e.puzzle.model.givens);
    EXPECT_GT(solve_propagate(plain, 2).count, 1u) << e.name;
  }
}

TEST(Propagate, Counts4x4) {
  EXPECT_EQ(solve_propagate(make_model({2, 2}, 0, {}), 0).count, 288u);
  EXPECT_EQ(solve_propagate(make_model({2, 2}, kRuleX, {}), 0).count, 48u);
}

// The project's own variant puzzles (hand-made 4x4 / 6x6 / 9x9 jigsaws and killers): unique,
// valid, the listed solution. (The third-party collections: collections_puzzle.cpp.)
TEST(Propagate, OwnVariantPuzzles) {
  for (const char* f : {"handmade/variants-small.txt", "handmade/variants-9x9.txt"}) check_unique(load_path(data_file(f)), f);
}

TEST(Propagate, NoSolutionAndMultiple) {
  // Consistent givens, but r1c9 must be 9 (the rest of row 1 is 1..8) and column 9 already
  std::string s(81, '.');
  for (int i = 0; i < 8; ++i) s[i] = static_cast<char>('1' + i);
  s[9 + 8] = '9';  // has its 9 at r2c9: no solution.
  auto p = parse_puzzle_line(s, 1);
  ASSERT_TRUE(p);
  EXPECT_EQ(solve_propagate(p->model, 2).count, 0u);
  EXPECT_TRUE(solve_propagate(p->model, 2).solution.empty());
  // Empty 9x9: many solutions, the limit is honoured.
  EXPECT_EQ(solve_propagate(make_model({3, 3}, 0, {}), 5).count, 5u);
}

TEST(Propagate, KillerXCombination) {
  // Killer + X on 4x4: cages of two cells; every solution satisfies both rules.
  std::vector<Cage> cages = {{3, {0, 1}}, {7, {2, 3}}};
  Model m = make_model({2, 2}, kRuleX, {}, {}, cages);
  std::uint64_t n = 0;
  const auto r = solve_propagate(m, 0, [&](const std::vector<int>& g) {
    EXPECT_TRUE(satisfies(m, g));
    ++n;
    return false;
  });
  EXPECT_EQ(r.count, n);
  EXPECT_GT(n, 0u);
  // Brute force check: among the 48 X grids, count those with row 1 = {1,2 | 3,4} sums.
  std::uint64_t want = 0;
  solve_propagate(make_model({2, 2}, kRuleX, {}), 0, [&](const std::vector<int>& g) {
    want += (g[0] + g[1] == 3) && (g[2] + g[3] == 7);
    return false;
  });
  EXPECT_EQ(n, want);
}

TEST(Propagate, WindokuClashInAnImpliedUnitHasNoSolution) {
  // The audit's inputs: 2 at r1c1 and r9c9; 2 at r1c1, 3 at r1c9 and r9c1. No stated unit
  // holds two equal givens, but rows {1,5,9} x columns {1,5,9} (1-based) must hold each digit
  // once in a Windoku: no solution. The general engine searched for over 13 minutes on them;
  // with the implied units propagation refutes them before any branching.
  std::string a = "2" + std::string(79, '.') + "2";
  std::string b(81, '.');
  b[0] = '2';
  b[8] = '3';
  b[72] = '3';
  ReadOptions opt;
  opt.rules = kRuleWindoku;
  for (const auto& line : {a, b}) {
    const auto p = parse_puzzle_line(line, 1, opt);
    ASSERT_TRUE(p);
    const auto r = solve_propagate(p->model, 2);
    EXPECT_EQ(r.count, 0u) << line;
    EXPECT_TRUE(r.solution.empty()) << line;
    EXPECT_EQ(r.stats.nodes, 0u) << line;
    EXPECT_EQ(solve_dlx(p->model, 2).count, 0u) << line;
    // The clash is Windoku's: under the classic rules the same givens have solutions.
    EXPECT_EQ(solve_propagate(make_model({3, 3}, kRuleClassic, p->model.givens), 1).count, 1u) << line;
  }
}

TEST(Propagate, WindokuEachImpliedUnitIsUsed) {
  // For each implied unit and rule set, two equal givens in two of its cells that share no
  // stated unit: Dancing Links (which knows only the stated units) proves there is no
  // solution, and the propagation engine finds that out without branching, so each implied
  // unit is one of its units and is a true consequence of the rules.
  for (unsigned rules : {unsigned{kRuleWindoku}, unsigned{kRuleWindoku | kRuleX}}) {
    const Model blank = make_model({3, 3}, rules, std::vector<int>(81, 0));
    for (const auto& u : implied_windoku_units()) {
      int a = -1, b = -1;
      for (std::size_t i = 0; i < u.size() && a < 0; ++i)
        for (std::size_t j = i + 1; j < u.size() && a < 0; ++j)
          if (!share_a_unit(blank, u[i], u[j])) a = u[i], b = u[j];
      ASSERT_GE(a, 0) << "rules " << rules;
      std::vector<int> g(81, 0);
      g[a] = g[b] = 7;
      const Model m = make_model({3, 3}, rules, g);
      const auto r = solve_propagate(m, 2);
      EXPECT_EQ(r.count, 0u) << "rules " << rules << " cells " << a << " " << b;
      EXPECT_EQ(r.stats.nodes, 0u) << "rules " << rules << " cells " << a << " " << b;
      EXPECT_EQ(solve_dlx(m, 2).count, 0u) << "rules " << rules << " cells " << a << " " << b;
    }
  }
}

TEST(Propagate, WindokuWithSeveralSolutionsMatchesDancingLinks) {
  // The seed Windoku puzzle without its first 7 givens has 73 solutions (counted under a
  // limit above that): every one is distinct and valid, and Dancing Links counts the same.
  const auto seed = windoku_seed();
  std::vector<int> g = seed.puzzle.model.givens;
  for (int c = 0, removed = 0; c < 81 && removed < 7; ++c)
    if (g[c]) g[c] = 0, ++removed;
  const Model m = make_model({3, 3}, kRuleWindoku, g);
  std::set<std::vector<int>> seen;
  const auto r = solve_propagate(m, 1000, [&](const std::vector<int>& grid) {
    std::string why;
    EXPECT_TRUE(satisfies(m, grid, &why)) << why;
    EXPECT_TRUE(seen.insert(grid).second);
    return false;
  });
  EXPECT_EQ(r.count, seen.size());
  EXPECT_GT(r.count, 1u);
  EXPECT_LT(r.count, 1000u);
  EXPECT_EQ(r.count, solve_dlx(m, 1000).count);
  EXPECT_TRUE(seen.count(seed.solution));
  EXPECT_EQ(solve_propagate(m, 5).count, 5u);
}

TEST(Propagate, WindokuRandomPartialGridsMatchDancingLinks) {
  // Random subsets of the seed Windoku solution (12 to 40 givens), every third with one given
  // changed to another digit (mostly contradictory, often only through the windows): the
  // two engines count the same, up to a limit of 50.
  const auto seed = windoku_seed();
  std::mt19937 rng(20240611);
  int none = 0, unique = 0, several = 0;
  for (int t = 0; t < 48; ++t) {
    std::vector<int> cells(81);
    for (int c = 0; c < 81; ++c) cells[c] = c;
    std::shuffle(cells.begin(), cells.end(), rng);
    const int keep = 12 + static_cast<int>(rng() % 29);
    std::vector<int> g(81, 0);
    for (int i = 0; i < keep; ++i) g[cells[i]] = seed.solution[cells[i]];
    if (t % 3 == 0) g[cells[0]] = 1 + (g[cells[0]] + static_cast<int>(rng() % 8)) % 9;  // another digit
    const Model m = make_model({3, 3}, kRuleWindoku, g);
    const auto r = solve_propagate(m, 50);
    const auto d = solve_dlx(m, 50);
    ASSERT_EQ(r.count, d.count) << "trial " << t;
    if (r.count > 0) { ASSERT_TRUE(satisfies(m, r.solution)) << "trial " << t; }
    none += r.count == 0;
    unique += r.count == 1;
    several += r.count > 1;
  }
  EXPECT_GT(none, 0);
  EXPECT_GT(unique, 0);
  EXPECT_GT(several, 0);
}

TEST(Propagate, SparseJigsawFollowsADigitThroughItsRegions) {
  // Two givens in a jigsaw of the collection's layout: solvable (any solution with the digits
  // renamed), but branching on cells alone searched over 300 million nodes without finding a
  // solution; branching on a digit with two places in a unit (propagate.cpp, two_places)
  // finds one after ~190k. The node bound is 50 times that, a guard against losing the rule.
  const auto p = parse_puzzle_line(
      "9|..............3...........................................................1......|"
      "112222233111222333411123335441666355444666555447666855477798885777999888779999988",
      1);
  ASSERT_TRUE(p);
  const auto r = solve_propagate(p->model, 1);
  ASSERT_EQ(r.count, 1u);
  EXPECT_TRUE(satisfies(p->model, r.solution));
  EXPECT_LT(r.stats.nodes, 10'000'000u);
}
