// The 9x9 bitboard solver (solve9.hpp) against the general propagation engine, which shares no
// code with it, and against the independent validator satisfies().
#include <gtest/gtest.h>

#include <array>
#include <numeric>
#include <random>

#include "gridenum/puzzle/propagate.hpp"
#include "gridenum/puzzle/solve9.hpp"
#include "engine_checks.hpp"

using namespace gridenum;
using namespace gridenum::testing;

namespace {

// Valid classic grids beyond the seed examples' four: each seed solution relabelled and with
// its bands, the rows inside each band and the columns inside each stack permuted at random.
std::vector<std::vector<int>> varied_grids(std::size_t count, std::mt19937& rng) {
  const auto seeds = seed_examples();
  std::vector<std::vector<int>> out;
  for (std::size_t k = 0; k < count; ++k) {
    const std::vector<int>& g = seeds[k % seeds.size()].solution;
    std::array<int, 9> digit{}, row{}, col{};
    std::iota(digit.begin(), digit.end(), 1);
    std::shuffle(digit.begin(), digit.end(), rng);
    std::array<int, 3> bands{0, 1, 2};
    std::shuffle(bands.begin(), bands.end(), rng);
    for (int b = 0; b < 3; ++b) {
      std::array<int, 3> in{0, 1, 2}, cs{0, 1, 2};
      std::shuffle(in.begin(), in.end(), rng);
      std::shuffle(cs.begin(), cs.end(), rng);
      for (int i = 0; i < 3; ++i) {
        row[b * 3 + i] = bands[b] * 3 + in[i];
        col[b * 3 + i] = b * 3 + cs[i];
      }
    }
    std::vector<int> v(81);
    for (int r = 0; r < 9; ++r)
      for (int c = 0; c < 9; ++c) v[r * 9 + c] = digit[g[row[r] * 9 + col[c]] - 1];
    out.push_back(std::move(v));
  }
  return out;
}

TEST(Solve9, AgreesWithTheGeneralEngineOnTheSeedExamplesAndDerivedPuzzles) {
  // The classic seed examples (the X and Windoku ones read as classic puzzles have several
  // solutions), and puzzles cut from varied grids: 20 to 34 givens, many with several solutions.
  std::vector<Puzzle> ps;
  for (const auto& e : seed_examples()) {
    Puzzle p = e.puzzle;
    p.model = make_model({3, 3}, kRuleClassic, e.puzzle.model.givens);
    p.expected.clear();
    ps.push_back(p);
  }
  std::mt19937 rng(424242);
  for (const auto& g : varied_grids(40, rng)) {
    std::vector<int> cells(81), givens(81, 0);
    std::iota(cells.begin(), cells.end(), 0);
    std::shuffle(cells.begin(), cells.end(), rng);
    const int keep = 20 + static_cast<int>(rng() % 15);
    for (int i = 0; i < keep; ++i) givens[cells[i]] = g[cells[i]];
    Puzzle p;
    p.model = make_model({3, 3}, kRuleClassic, givens);
    p.line = ps.size() + 1;
    ps.push_back(p);
  }
  check_solve9_agrees(ps, "seed and derived puzzles");
}

TEST(Solve9, SolvePropagateTakesTheFastPathOnlyForPlain9x9) {
  const Model classic = seed_example("classic").puzzle.model;
  Model x = classic;
  EXPECT_TRUE(classic9_applicable(x));
  x.rules = kRuleX;
  EXPECT_FALSE(classic9_applicable(x));
  // Windoku's extra units are unknown to the bitboards: it must take the general engine.
  EXPECT_FALSE(classic9_applicable(make_model({3, 3}, kRuleWindoku, classic.givens)));
  EXPECT_FALSE(classic9_applicable(make_model({2, 2}, 0, std::vector<int>(16, 0))));
  EXPECT_FALSE(classic9_applicable(make_model({3, 3}, kRuleKiller, std::vector<int>(81, 0), {}, {{3, {0, 1}}})));
}

// Puzzles with many solutions: solved grids with all but 24 random cells blanked; full counts
// (no limit) and counts under a limit agree with the general engine.
TEST(Solve9, CountsOfMultipleSolutionPuzzles) {
  std::mt19937 rng(12345);
  int checked = 0, multiple = 0;
  for (const auto& sol : varied_grids(20, rng)) {
    std::vector<int> cells(81);
    for (int c = 0; c < 81; ++c) cells[c] = c;
    std::shuffle(cells.begin(), cells.end(), rng);
    std::vector<int> g(81, 0);
    for (int i = 0; i < 24; ++i) g[cells[i]] = sol[cells[i]];
    const Model m = make_model({3, 3}, kRuleClassic, g);
    const auto ref = solve_propagate_general(m, 20001);
    if (ref.count > 20000) continue;  // keep the test short
    const auto fast = solve_classic9(m, 0);
    EXPECT_EQ(fast.count, ref.count) << "grid " << checked;
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
  const auto sol = solve_classic9(seed_example("classic").puzzle.model, 1).solution;
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
