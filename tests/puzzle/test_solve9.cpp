// The 9x9 bitboard solver (solve9.hpp) against the general propagation engine, which shares no
// code with it, and against the independent validator satisfies().
#include <gtest/gtest.h>

#include <random>

#include "gridenum/puzzle/propagate.hpp"
#include "gridenum/puzzle/solve9.hpp"
#include "solve_fixtures.hpp"

using namespace gridenum;
using gridenum::testing::load;

namespace {

void agree_on(const std::string& file, std::size_t step = 1) {
  const auto ps = load(file, step);
  ASSERT_FALSE(ps.empty()) << file;
  for (const auto& p : ps) {
    ASSERT_TRUE(classic9_applicable(p.model)) << file << " line " << p.line;
    const SolveResult fast = solve_classic9(p.model, 2);
    const SolveResult ref = solve_propagate_general(p.model, 2);
    ASSERT_EQ(fast.count, ref.count) << file << " line " << p.line;
    if (fast.count) {
      ASSERT_TRUE(satisfies(p.model, fast.solution)) << file << " line " << p.line;
      if (fast.count == 1) { ASSERT_EQ(fast.solution, ref.solution) << file << " line " << p.line; }
    }
    if (!p.expected.empty()) { ASSERT_EQ(fast.solution, p.expected) << file << " line " << p.line; }
  }
}

TEST(Solve9, AgreesWithTheGeneralEngineOnEveryClassicCollection) {
  agree_on("classic-17clue-2000.txt");
  agree_on("classic-top1465.txt");
  agree_on("classic-hardest-375.txt");
  agree_on("classic-with-counts-43.txt");
}

TEST(Solve9, SolvePropagateTakesTheFastPathOnlyForPlain9x9) {
  const auto ps = load("classic-17clue-2000.txt", 500);
  Model x = ps[0].model;
  EXPECT_TRUE(classic9_applicable(x));
  x.rules = kRuleX;
  EXPECT_FALSE(classic9_applicable(x));
  // Windoku's extra units are unknown to the bitboards: it must take the general engine.
  EXPECT_FALSE(classic9_applicable(make_model({3, 3}, kRuleWindoku, ps[0].model.givens)));
  EXPECT_FALSE(classic9_applicable(make_model({2, 2}, 0, std::vector<int>(16, 0))));
  EXPECT_FALSE(classic9_applicable(make_model({3, 3}, kRuleKiller, std::vector<int>(81, 0), {}, {{3, {0, 1}}})));
}

// Puzzles with many solutions: solved grids with all but 24 random cells blanked; full counts
// (no limit) and counts under a limit agree with the general engine.
TEST(Solve9, CountsOfMultipleSolutionPuzzles) {
  const auto ps = load("classic-17clue-2000.txt", 100);
  std::mt19937 rng(12345);
  int checked = 0, multiple = 0;
  for (const auto& p : ps) {
    const auto sol = solve_propagate_general(p.model, 1).solution;
    std::vector<int> cells(81);
    for (int c = 0; c < 81; ++c) cells[c] = c;
    std::shuffle(cells.begin(), cells.end(), rng);
    std::vector<int> g(81, 0);
    for (int i = 0; i < 24; ++i) g[cells[i]] = sol[cells[i]];
    const Model m = make_model({3, 3}, kRuleClassic, g);
    const auto ref = solve_propagate_general(m, 20001);
    if (ref.count > 20000) continue;  // keep the test short
    const auto fast = solve_classic9(m, 0);
    EXPECT_EQ(fast.count, ref.count) << "line " << p.line;
    EXPECT_TRUE(satisfies(m, fast.solution));
    EXPECT_EQ(solve_classic9(m, 3).count, std::min<std::uint64_t>(ref.count, 3));
    ++checked;
    multiple += ref.count > 1;
  }
  EXPECT_GE(checked, 5);
  EXPECT_GE(multiple, 3);
}

TEST(Solve9, EmptyGridLimitAndNoSolution) {
  const Model empty = make_model({3, 3}, kRuleClassic, std::vector<int>(81, 0));
  const auto r = solve_classic9(empty, 1000);
  EXPECT_EQ(r.count, 1000u);
  EXPECT_TRUE(satisfies(empty, r.solution));
  EXPECT_EQ(solve_classic9(empty, 1).count, 1u);
  // Givens that clash only through propagation: row 1 holds 1..8 in columns 1..8, and digit 9
  // sits in column 9 below, so cell r1c9 has no candidate although no two givens clash.
  std::vector<int> g(81, 0);
  for (int c = 0; c < 8; ++c) g[c] = c + 1;
  g[9 * 4 + 8] = 9;
  EXPECT_EQ(solve_classic9(make_model({3, 3}, kRuleClassic, g), 2).count, 0u);
  EXPECT_EQ(solve_propagate_general(make_model({3, 3}, kRuleClassic, g), 2).count, 0u);
  // A hidden contradiction deeper down: two cells of a row that can only take the same digit.
  std::vector<int> h(81, 0);
  for (int c = 0; c < 7; ++c) h[c] = c + 1;  // row 1: 1..7, cells r1c8, r1c9 need {8, 9}
  h[9 * 3 + 7] = 8;                          // 8 in column 8 and column 9 further down
  h[9 * 6 + 8] = 8;
  EXPECT_EQ(solve_classic9(make_model({3, 3}, kRuleClassic, h), 2).count, 0u);
  EXPECT_EQ(solve_propagate_general(make_model({3, 3}, kRuleClassic, h), 2).count, 0u);
}

TEST(Solve9, ExhaustiveCountOfAGridWithABlankBand) {
  // A solved grid with its middle band blanked: the count of ways to refill it, both engines.
  const auto ps = load("classic-17clue-2000.txt", 1000);
  const auto sol = solve_classic9(ps[0].model, 1).solution;
  ASSERT_EQ(sol.size(), 81u);
  std::vector<int> g(81, 0);
  for (int c = 0; c < 81; ++c)
    if (c < 27 || c >= 54) g[c] = sol.at(c);
  const Model m = make_model({3, 3}, kRuleClassic, g);
  const auto fast = solve_classic9(m, 0), ref = solve_propagate_general(m, 0);
  EXPECT_EQ(fast.count, ref.count);
  EXPECT_GE(fast.count, 1u);
}

}  // namespace
