// No hang on small unsolvable puzzles, and limits on every engine.
//
// The pigeonhole puzzles are built here by hand: B x B boxes (n = B^2); the first B-1 boxes of
// row 0 hold (B-1)B cells, and B+1 digits are given in the other rows of those boxes, so the
// cells can hold only (B-1)B - 1 digits. For B = 4 that is the 16x16 case (twelve cells of a
// row, eleven digits), which took the propagation engine 181 s (11! backtracks); B = 5 is the
// 25x25 analogue that never returned. Singles see nothing (every cell keeps many candidates,
// every digit several places), Hall's condition sees it at once. The test asserts the answer
// "none", complete, within a node budget (wall time on a shared machine proves nothing).
#include <gtest/gtest.h>

#include <vector>

#include "gridenum/puzzle/dlx.hpp"
#include "gridenum/puzzle/model.hpp"
#include "gridenum/puzzle/propagate.hpp"
#include "gridenum/puzzle/solve9.hpp"

using namespace gridenum;

namespace {

// Digit n-B+k (k = 0..B, the B+1 highest digits) is given in box b (b = 0..B-2) at box row
// 1 + (k + b) mod (B-1), box column k mod B: no two givens clash (distinct residues per box in
// a shared row; the two pairs of k that share a row in one box, (0, B-1) and (1, B), have
// different columns), and row 0 of those boxes keeps no place for them.
Model pigeonhole(int B) {
  const int n = B * B;
  std::vector<int> g(static_cast<std::size_t>(n) * n, 0);
  for (int b = 0; b <= B - 2; ++b)
    for (int k = 0; k <= B; ++k) {
      const int row = 1 + (k + b) % (B - 1), col = B * b + k % B;
      g[static_cast<std::size_t>(row) * n + col] = n - B + k;
    }
  return make_model(Shape{B, B}, kRuleClassic, g);
}

int givens(const Model& m) {
  int k = 0;
  for (int d : m.givens) k += d != 0;
  return k;
}

constexpr std::uint64_t kBudget = 10'000;  // nodes; the engines need far fewer (see below)

}  // namespace

TEST(SearchLimits, PigeonholeIsConsistentAndUnsolvableByConstruction) {
  for (int B : {3, 4, 5}) {
    const Model m = pigeonhole(B);
    EXPECT_EQ(givens(m), (B + 1) * (B - 1));
    std::string why;
    EXPECT_LT(check_consistency(m, &why), 0) << "B = " << B << ": " << why;
    // Row 0, columns 0 .. (B-1)B-1: the candidates left by the givens of their boxes.
    DigitMask seen = 0;
    for (int c = 0; c < (B - 1) * B; ++c)
      for (int d = 1; d <= m.n; ++d) {
        bool free = true;
        const int box = c / B;
        for (int r = 1; r < B; ++r)
          for (int cc = box * B; cc < box * B + B; ++cc) free &= m.givens[static_cast<std::size_t>(r) * m.n + cc] != d;
        if (free) seen |= DigitMask{1} << (d - 1);
      }
    EXPECT_EQ(std::popcount(seen), (B - 1) * B - 1) << "B = " << B;
  }
}

TEST(SearchLimits, PropagationSeesThePigeonhole) {
  for (int B : {4, 5}) {
    const Model m = pigeonhole(B);
    SearchLimits lim;
    lim.nodes = kBudget;
    const SolveResult r = solve_propagate(m, 2, lim);
    EXPECT_TRUE(r.complete()) << "B = " << B << ": " << r.note;
    EXPECT_EQ(r.count, 0u) << "B = " << B;
    EXPECT_EQ(r.stats.nodes, 0u) << "B = " << B << ": Hall's condition fails at the root";
    // The budgeted general entry point (the generator's) the same.
    const SolveResult b = solve_propagate_budget(m, 1, kBudget);
    EXPECT_TRUE(b.complete());
    EXPECT_EQ(b.count, 0u);
  }
}

TEST(SearchLimits, DlxAnswersThePigeonholeToo) {
  for (int B : {4, 5}) {
    SearchLimits lim;
    lim.nodes = kBudget;
    const SolveResult r = solve_dlx(pigeonhole(B), 2, lim);
    EXPECT_TRUE(r.complete()) << "B = " << B << ": " << r.note;
    EXPECT_EQ(r.count, 0u);
  }
}

// A limit is a status with the count so far as a lower bound, for every engine: the empty
// 9x9 (bitboard path), 16x16 (general propagation) and 9x9 grids (dlx) have far more solutions
// than a few hundred nodes find.
TEST(SearchLimits, NodeLimitIsAStatusNotAnAnswer) {
  const Model empty9 = make_model(Shape{3, 3}, kRuleClassic, {});
  const Model empty16 = make_model(Shape{4, 4}, kRuleClassic, {});
  const Model x9 = make_model(Shape{3, 3}, kRuleX, {});  // not classic: the general engine at 9
  SearchLimits lim;
  lim.nodes = 300;
  for (const SolveResult& r : {solve_propagate(empty9, 0, lim), solve_propagate(empty16, 0, lim),
                               solve_propagate(x9, 0, lim), solve_dlx(empty9, 0, lim), solve_dlx(empty16, 0, lim)}) {
    EXPECT_EQ(r.status, SolveStatus::NodeLimit);
    EXPECT_FALSE(r.complete());
    EXPECT_GT(r.count, 0u);  // some solutions were found on the way: a lower bound
    EXPECT_LE(r.stats.nodes, lim.nodes + 1);
    EXPECT_NE(r.note.find("300 search nodes"), std::string::npos) << r.note;
    EXPECT_NE(r.note.find("lower bound"), std::string::npos) << r.note;
  }
  // Without a limit nothing changes: a full count of a small grid stays complete.
  const SolveResult all = solve_propagate(make_model(Shape{2, 2}, kRuleClassic, {}), 0, lim);
  EXPECT_TRUE(all.complete());
  EXPECT_EQ(all.count, 288u);
}

TEST(SearchLimits, TimeLimitIsAStatusNotAnAnswer) {
  const Model empty9 = make_model(Shape{3, 3}, kRuleClassic, {});
  SearchLimits lim;
  lim.seconds = 0.05;  // counting every 9x9 grid takes far longer than that on any machine
  for (const SolveResult& r : {solve_propagate(empty9, 0, lim), solve_dlx(empty9, 0, lim),
                               solve_propagate(make_model(Shape{3, 3}, kRuleX, {}), 0, lim)}) {
    EXPECT_EQ(r.status, SolveStatus::TimeLimit);
    EXPECT_GT(r.count, 0u);
    EXPECT_NE(r.note.find("--time-limit"), std::string::npos) << r.note;
  }
}
