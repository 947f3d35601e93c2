// Dancing Links: the generic exact cover, and solve_dlx on the rule model (same checks as the
// propagation engine, plus the 6x6 count).
#include <gtest/gtest.h>

#include "gridenum/dlx.hpp"
#include "solve_fixtures.hpp"

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
  std::vector<Model> ms;
  for (const auto& e : seed_examples()) ms.push_back(e.puzzle.model);
  for (const auto& p : load("jigsaw-300.txt", 60)) ms.push_back(p.model);
  for (const auto& p : load("killer-400.txt", 50))
    if (p.model.n < 9) ms.push_back(p.model);
  ms.push_back(make_model({2, 2}, kRuleX, {}));
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
  // 28,200,960 takes about half a minute: tests/slow_dlx_6x6.cpp.)
  std::vector<int> g(36, 0);
  for (int c = 0; c < 6; ++c) g[c] = c + 1;
  EXPECT_EQ(solve_dlx(make_model({2, 3}, 0, g), 0).count * 720u, 28200960u);
}

TEST(Dlx, CountsMatchTheListedCounts) {
  const auto ps = load("classic-with-counts-43.txt");
  std::ifstream in(shared_puzzles("classic-with-counts-43.txt"));
  std::string line;
  std::size_t i = 0;
  while (std::getline(in, line)) {
    const auto a = line.find(':'), b = line.find(':', a + 1);
    const std::uint64_t want = std::stoull(line.substr(a + 1, b - a - 1));
    const auto r = solve_dlx(ps[i].model, 0);
    EXPECT_EQ(r.count, want) << "line " << ps[i].line;
    if (want > 0) { EXPECT_TRUE(satisfies(ps[i].model, r.solution)); }
    ++i;
  }
}

TEST(Dlx, VariantsValidated) {
  for (const char* f : {"classic-17clue-2000.txt", "jigsaw-300.txt", "killer-400.txt", "16x16-60.txt"}) {
    const std::size_t step = std::string(f).find("killer") != std::string::npos ? 8 : 10;
    for (const auto& p : load(f, step)) {
      if (p.model.n == 9 && (p.model.rules & kRuleKiller) && p.line % 40 != 1) continue;  // DLX is slow on 9x9 killer
      const auto r = solve_dlx(p.model, 2);
      ASSERT_GE(r.count, 1u) << f << " line " << p.line;
      ASSERT_EQ(r.count, solve_propagate(p.model, 2).count) << f << " line " << p.line;
      ASSERT_TRUE(satisfies(p.model, r.solution)) << f << " line " << p.line;
      if (!p.expected.empty() && r.count == 1) { ASSERT_EQ(r.solution, p.expected) << f << " line " << p.line; }
    }
  }
}

// The whole 17-clue and top1465 collections, and the jigsaw / killer / 16x16 samples of
// VariantsValidated: same count with the uniqueness limit and the same solution as propagation.
TEST(Dlx, AgreesWithPropagationOnCollections) {
  for (const char* f : {"classic-17clue-2000.txt", "classic-top1465.txt", "jigsaw-300.txt", "killer-400.txt", "16x16-60.txt"}) {
    const std::string name(f);
    const std::size_t step = name.find("killer") != std::string::npos ? 8 : name.find("classic") != std::string::npos ? 1 : 10;
    std::size_t checked = 0;
    for (const auto& p : load(f, step)) {
      if (p.model.n == 9 && (p.model.rules & kRuleKiller) && p.line % 40 != 1) continue;  // DLX is slow on 9x9 killer
      const auto a = solve_dlx(p.model, 2), b = solve_propagate(p.model, 2);
      ASSERT_EQ(a.count, b.count) << f << " line " << p.line;
      ASSERT_EQ(a.solution, b.solution) << f << " line " << p.line;
      ++checked;
    }
    EXPECT_GT(checked, 0u) << f;
  }
}

TEST(Dlx, AgreesWithPropagation) {
  for (const auto& p : load("classic-hardest-375.txt", 25)) {
    const auto a = solve_dlx(p.model, 2), b = solve_propagate(p.model, 2);
    EXPECT_EQ(a.count, b.count);
    EXPECT_EQ(a.solution, b.solution);
  }
  // Contradicting givens give no solution (the readers reject them earlier).
  std::vector<int> g(81, 0);
  g[0] = g[1] = 5;
  EXPECT_EQ(solve_dlx(make_model({3, 3}, 0, g), 2).count, 0u);
  EXPECT_EQ(solve_propagate(make_model({3, 3}, 0, g), 2).count, 0u);
}
