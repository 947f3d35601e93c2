// Dancing Links: the generic exact cover, and solve_dlx on the rule model (same checks as the
// propagation engine, plus the 6x6 count).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <span>

#include "gridenum/puzzle/dlx.hpp"
#include "gridenum/puzzle/propagate.hpp"
#include "engine_checks.hpp"

using namespace gridenum;
using namespace gridenum::testing;

namespace {
struct Collect {
  std::vector<std::vector<int>> sols;
  bool accept(int) { return true; }
  void undo(int) {}
  bool solution(std::span<const int> rows) {
    sols.emplace_back(rows.begin(), rows.end());
    return false;
  }
};
}  // namespace

TEST(ExactCover, KnuthExample) {
  // Knuth's example (Dancing Links paper): columns A..G, the unique cover is rows {0,3,4}.
  ExactCover x(7, 0);
  x.add_row(std::vector<int>{2, 4, 5});     // C E F
  x.add_row(std::vector<int>{0, 3, 6});     // A D G
  x.add_row(std::vector<int>{1, 2, 5});     // B C F
  x.add_row(std::vector<int>{0, 3});        // A D
  x.add_row(std::vector<int>{1, 6});        // B G
  x.add_row(std::vector<int>{3, 4, 6});     // D E G
  Collect c;
  SolveStats st;
  x.search(c, st);
  ASSERT_EQ(c.sols.size(), 1u);
  auto s = c.sols[0];
  std::sort(s.begin(), s.end());
  EXPECT_EQ(s, (std::vector<int>{0, 3, 4}));
  // Selecting a clashing row fails; the matrix is restored afterwards.
  EXPECT_TRUE(x.select(3));
  EXPECT_FALSE(x.select(1));
  x.unselect_all();
  Collect c2;
  x.search(c2, st);
  EXPECT_EQ(c2.sols.size(), 1u);
}

TEST(ExactCover, SecondaryColumnsAtMostOnce) {
  // Primary 0,1; secondary 2. Rows {0,2},{1,2},{0},{1}: covers {0,2}+{1}, {1,2}+{0}, {0}+{1}.
  ExactCover x(2, 1);
  x.add_row(std::vector<int>{0, 2});
  x.add_row(std::vector<int>{1, 2});
  x.add_row(std::vector<int>{0});
  x.add_row(std::vector<int>{1});
  Collect c;
  SolveStats st;
  x.search(c, st);
  EXPECT_EQ(c.sols.size(), 3u);
}

TEST(ExactCover, ExcludeRemovesARowUntilUnselectAll) {
  // Knuth's example again: its only cover uses row 3 (A D), so without it there is none.
  ExactCover x(7, 0);
  for (const auto& r : std::vector<std::vector<int>>{{2, 4, 5}, {0, 3, 6}, {1, 2, 5}, {0, 3}, {1, 6}, {3, 4, 6}}) x.add_row(r);
  SolveStats st;
  x.exclude(3);
  x.exclude(3);  // twice is once
  Collect none;
  x.search(none, st);
  EXPECT_TRUE(none.sols.empty());
  x.unselect_all();
  // Excluding a row outside the cover changes nothing; a select() after it still works.
  x.exclude(1);
  EXPECT_TRUE(x.select(3));
  EXPECT_THROW(x.exclude(2), std::logic_error);  // only before the first select()
  Collect one;
  x.search(one, st);
  ASSERT_EQ(one.sols.size(), 1u);
  x.unselect_all();
  Collect again;
  x.search(again, st);
  EXPECT_EQ(again.sols.size(), 1u);
}

TEST(ExactCover, StopRestoresAndResetReuses) {
  // 4x4 Latin squares as exact cover (cell, row-digit, column-digit): 576 of them.
  auto latin = [](ExactCover& x) {
    x.reset(48, 0);
    for (int r = 0; r < 4; ++r)
      for (int c = 0; c < 4; ++c)
        for (int d = 0; d < 4; ++d) x.add_row(std::vector<int>{r * 4 + c, 16 + r * 4 + d, 32 + c * 4 + d});
  };
  struct Stop : Collect {
    std::size_t at;
    explicit Stop(std::size_t a) : at(a) {}
    bool solution(std::span<const int> rows) {
      Collect::solution(rows);
      return sols.size() >= at;
    }
  };
  ExactCover x(1, 0);
  latin(x);
  SolveStats st;
  Stop s3(3);
  EXPECT_TRUE(x.search(s3, st));  // stopped at the third solution, deep in the search
  Collect all;
  EXPECT_FALSE(x.search(all, st));
  EXPECT_EQ(all.sols.size(), 576u);
  // Givens, a search, unselect, then a rebuild of the same matrix in place.
  EXPECT_TRUE(x.select(0));  // cell (0,0) = digit 0
  Collect some;
  x.search(some, st);
  EXPECT_EQ(some.sols.size(), 576u / 4);
  x.unselect_all();
  latin(x);
  Collect again;
  x.search(again, st);
  EXPECT_EQ(again.sols.size(), 576u);
}

TEST(Dlx, MatrixCacheAcrossRuleSets) {
  // More rule sets than the per-thread cache holds, interleaved twice: every answer must
  // still match propagation (a stale or mismatched matrix would not).
  // The seed examples; killers on their solutions (cages of two cells along the rows, a
  // different layout per offset, with half the givens kept); classic grids of other shapes.
  std::vector<Model> ms;
  for (const auto& e : seed_examples()) {
    ms.push_back(e.puzzle.model);
    for (int offset = 0; offset < 3; ++offset) {
      std::vector<Cage> cages;
      for (int r = 0; r < 9; ++r)
        for (int c = offset; c + 1 < 9; c += 3) cages.push_back({e.solution[r * 9 + c] + e.solution[r * 9 + c + 1], {r * 9 + c, r * 9 + c + 1}});
      std::vector<int> half = e.puzzle.model.givens;
      for (std::size_t i = 0, kept = 0; i < half.size(); ++i)
        if (half[i] && kept++ % 2) half[i] = 0;
      ms.push_back(make_model({3, 3}, e.puzzle.model.rules | kRuleKiller, half, {}, cages));
    }
  }
  for (const Shape s : {Shape{2, 2}, Shape{2, 3}, Shape{3, 2}}) ms.push_back(make_model(s, kRuleClassic, {}));
  ms.push_back(make_model({2, 2}, kRuleX, {}));
  ASSERT_GT(ms.size(), 8u);  // more than the cache's entries (dlx.cpp, kEntries)
  for (int round = 0; round < 2; ++round)
    for (const auto& m : ms) {
      const auto a = solve_dlx(m, 2), b = solve_propagate(m, 2);
      ASSERT_EQ(a.count, b.count) << "round " << round;
      if (b.count == 1) { ASSERT_EQ(a.solution, b.solution); }
    }
}

TEST(Dlx, SeedExamplesSolveToListedSolutions) {
  for (const auto& e : seed_examples()) {
    const auto r = solve_dlx(e.puzzle.model, 2);
    EXPECT_EQ(r.count, 1u) << e.name;
    EXPECT_EQ(r.solution, e.solution) << e.name;
  }
}

TEST(Dlx, Counts4x4And6x6) {
  EXPECT_EQ(solve_dlx(make_model({2, 2}, 0, {}), 0).count, 288u);
  EXPECT_EQ(solve_dlx(make_model({2, 2}, kRuleX, {}), 0).count, 48u);
  // 6x6 with 2x3 boxes: relabelling the digits maps grids with first row 123456 one-to-one
  // onto each class of 6! grids, so count those and multiply. (The one-by-one count of all
  // 28,200,960 takes about half a minute a shape: tests/puzzle/long_dlx_6x6.cpp.)
  std::vector<int> g(36, 0);
  for (int c = 0; c < 6; ++c) g[c] = c + 1;
  EXPECT_EQ(solve_dlx(make_model({2, 3}, 0, g), 0).count * 720u, 28200960u);
  // The same for 3x2 boxes (the exact-cover matrix of another shape).
  EXPECT_EQ(solve_dlx(make_model({3, 2}, 0, g), 0).count * 720u, 28200960u);
}

// A 25x25 killer (5x5 boxes), where large cages have too many digit sets for the matrix
// (dlx.cpp: more than 4,096) and fall back to sum bounds in the hooks. The grid is the pattern
// (5 (r mod 5) + r / 5 + c) mod 25 + 1 with rows 0 and 1 blank: the columns' pairs (c + 1,
// c + 6) swap only in whole cycles c, c + 5, ..., c + 20 (five of them), so 32 grids.
//   big   12 cells: rows 0-1 of columns 0 and 10-14, digits 1, 6, 11..20 (all distinct),
//         sum 162, near the middle of 78..234: 10^5 digit sets, so sum bounds. Every cycle
//         swap keeps its digits, so all 32 grids satisfy it; with sum 163, none does.
//   quad  row 0, columns 5-8 (digits 6..9, sum 30): 108 sets, 24 orders each, so DigitSets;
//         the cycle swaps that change one of its digits break its sum.
//   pair  rows 0-1 of column 1 (digits 2 and 7): Placements.
TEST(Dlx, KillerLargeCagesFallBackToSumBounds) {
  const int n = 25;
  std::vector<int> sol(n * n);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) sol[r * n + c] = (5 * (r % 5) + r / 5 + c) % 25 + 1;
  std::vector<int> g = sol;
  for (int c = 0; c < 2 * n; ++c) g[c] = 0;
  ASSERT_TRUE(satisfies(make_model({5, 5}, 0, sol), sol));
  EXPECT_EQ(solve_dlx(make_model({5, 5}, 0, g), 0).count, 32u);
  auto cage = [&](std::vector<int> cells) {
    Cage k{0, std::move(cells)};
    for (int c : k.cells) k.sum += sol[c];
    return k;
  };
  const Cage big = cage({0, 25, 10, 35, 11, 36, 12, 37, 13, 38, 14, 39}), quad = cage({5, 6, 7, 8}), pair = cage({1, 26});
  ASSERT_EQ(big.sum, 162);
  const Cage off{big.sum + 1, big.cells};
  std::vector<std::size_t> counts;
  for (const auto& cages : {std::vector<Cage>{big}, std::vector<Cage>{big, quad, pair}, std::vector<Cage>{off, pair}}) {
    const auto m = make_model({5, 5}, 0, g, {}, cages);
    const Grids a = dlx_solutions(m);
    for (const auto& s : a) ASSERT_TRUE(satisfies(m, s));
    EXPECT_EQ(a, propagate_solutions(m));
    EXPECT_EQ(solve_dlx(m, 2).count, std::min<std::size_t>(a.size(), 2));
    counts.push_back(a.size());
  }
  EXPECT_EQ(counts[0], 32u);
  EXPECT_GE(counts[1], 2u);
  EXPECT_LT(counts[1], 32u);
  EXPECT_EQ(counts[2], 0u);
}
