// The propagation engine: known solutions, counts, every variant checked by the independent
// validator satisfies(), multiple- and no-solution puzzles.
#include <gtest/gtest.h>

#include "gridenum/propagate.hpp"
#include "solve_fixtures.hpp"

using namespace gridenum;
using namespace gridenum::testing;

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

TEST(Propagate, ClassicCollectionsUniqueAndValid) {
  for (const char* f : {"classic-17clue-2000.txt", "classic-top1465.txt", "classic-hardest-375.txt"}) {
    const auto ps = load(f, 7);
    ASSERT_FALSE(ps.empty()) << f;
    for (const auto& p : ps) {
      const auto r = solve_propagate(p.model, 2);
      ASSERT_EQ(r.count, 1u) << f << " line " << p.line;
      ASSERT_TRUE(satisfies(p.model, r.solution)) << f << " line " << p.line;
    }
  }
}

TEST(Propagate, CountsMatchTheListedCounts) {
  // puzzle:count:solution with counts 0, 1 and 3..847 (multiple- and no-solution puzzles).
  const auto ps = load("classic-with-counts-43.txt");
  std::ifstream in(shared_puzzles("classic-with-counts-43.txt"));
  std::string line;
  std::size_t i = 0, zero = 0, many = 0;
  while (std::getline(in, line)) {
    const auto a = line.find(':'), b = line.find(':', a + 1);
    const std::uint64_t want = std::stoull(line.substr(a + 1, b - a - 1));
    ASSERT_LT(i, ps.size());
    const auto r = solve_propagate(ps[i].model, 0);
    EXPECT_EQ(r.count, want) << "line " << ps[i].line;
    if (want == 1) { EXPECT_EQ(r.solution, ps[i].expected); }
    if (want > 0) { EXPECT_TRUE(satisfies(ps[i].model, r.solution)); }
    zero += want == 0;
    many += want > 1;
    ++i;
  }
  EXPECT_GT(zero, 0u);
  EXPECT_GT(many, 0u);
  // Limit: stops at 2 on a multiple-solution puzzle.
  for (const auto& p : ps)
    if (solve_propagate(p.model, 0).count > 2) { EXPECT_EQ(solve_propagate(p.model, 2).count, 2u); }
}

TEST(Propagate, JigsawCollection) {
  const auto ps = load("jigsaw-300.txt", 3);
  for (const auto& p : ps) {
    const auto r = solve_propagate(p.model, 2);
    ASSERT_EQ(r.count, 1u) << "line " << p.line;
    ASSERT_TRUE(satisfies(p.model, r.solution)) << "line " << p.line;
    ASSERT_EQ(r.solution, p.expected) << "line " << p.line;
  }
}

TEST(Propagate, KillerCollection) {
  // Six of the 400 killer puzzles, as transcribed in the collection, have two solutions
  // (both pass satisfies(); e.g. line 194): for those the listed one must be among them.
  const auto ps = load("killer-400.txt", 4);
  std::size_t multiple = 0;
  for (const auto& p : ps) {
    ASSERT_TRUE(satisfies(p.model, p.expected)) << "line " << p.line;
    bool listed = false;
    const auto r = solve_propagate(p.model, 0, [&](const std::vector<int>& g) {
      EXPECT_TRUE(satisfies(p.model, g)) << "line " << p.line;
      listed |= g == p.expected;
      return false;
    });
    ASSERT_GE(r.count, 1u) << "line " << p.line;
    ASSERT_TRUE(listed) << "line " << p.line;
    multiple += r.count > 1;
  }
  EXPECT_LE(multiple, 6u);
  EXPECT_GE(ps.size(), 100u);
}

TEST(Propagate, Sixteen) {
  const auto ps = load("16x16-60.txt", 5);
  const auto sols = load("16x16-60.solutions.txt", 5);
  ASSERT_EQ(ps.size(), sols.size());
  for (std::size_t i = 0; i < ps.size(); ++i) {
    const auto r = solve_propagate(ps[i].model, 2);
    ASSERT_EQ(r.count, 1u) << "line " << ps[i].line;
    ASSERT_TRUE(satisfies(ps[i].model, r.solution));
    ASSERT_EQ(r.solution, sols[i].model.givens);
  }
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
