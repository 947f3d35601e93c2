// Dancing Links: the generic exact cover, and solve_dlx on the rule model (same checks as the
// propagation engine, plus the 6x6 count).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "gridenum/puzzle/dlx.hpp"
#include "gridenum/puzzle/propagate.hpp"
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

using Grids = std::set<std::vector<int>>;

// Every solution of the model through the callback of solve_dlx (limit 0); a solution handed
// over twice fails the test (the count must count each grid once).
Grids dlx_solutions(const Model& m) {
  Grids out;
  std::size_t calls = 0;
  const auto r = solve_dlx(m, 0, [&](const std::vector<int>& g) {
    ++calls;
    EXPECT_TRUE(out.insert(g).second) << "solution reported twice";
    return false;
  });
  EXPECT_EQ(r.count, calls);
  EXPECT_EQ(r.count, out.size());
  return out;
}

Grids propagate_solutions(const Model& m) {
  Grids out;
  solve_propagate(m, 0, [&](const std::vector<int>& g) {
    out.insert(g);
    return false;
  });
  return out;
}

// Every grid of a small shape (rows, columns, boxes only), by plain backtracking over the
// cells: a reference that shares no code with the engines (4x4: 288 grids).
std::vector<std::vector<int>> all_grids(Shape box) {
  const int n = box.n();
  std::vector<std::vector<int>> out;
  std::vector<int> g(static_cast<std::size_t>(n) * n, 0);
  auto free_at = [&](int cell, int d) {
    const int r = cell / n, c = cell % n, r0 = r / box.rows * box.rows, c0 = c / box.cols * box.cols;
    for (int i = 0; i < n; ++i)
      if (g[r * n + i] == d || g[i * n + c] == d) return false;
    for (int i = 0; i < box.rows; ++i)
      for (int j = 0; j < box.cols; ++j)
        if (g[(r0 + i) * n + c0 + j] == d) return false;
    return true;
  };
  auto fill = [&](auto&& self, int cell) -> void {
    if (cell == n * n) {
      out.push_back(g);
      return;
    }
    for (int d = 1; d <= n; ++d)
      if (free_at(cell, d)) {
        g[cell] = d;
        self(self, cell + 1);
        g[cell] = 0;
      }
  };
  fill(fill, 0);
  return out;
}

// The grids among `all` that satisfy the model (satisfies(): the independent validator).
Grids brute_force(const Model& m, const std::vector<std::vector<int>>& all) {
  Grids out;
  for (const auto& g : all)
    if (satisfies(m, g)) out.insert(g);
  return out;
}

Model with_cages(const Model& m, std::vector<Cage> cages, std::vector<int> givens = {}) {
  return make_model(m.box, m.rules & ~kRuleKiller, givens.empty() ? m.givens : givens, m.region, std::move(cages));
}

// The same with cages that make_model may refuse (a cell in two cages, or twice in one): a
// Model is a plain struct, so a hand-built one can still reach the engine, which must then
// agree with satisfies().
Model with_raw_cages(const Model& m, std::vector<Cage> cages) {
  Model out = with_cages(m, {});
  out.cages = std::move(cages);
  out.rules |= kRuleKiller;
  return out;
}
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
  std::vector<Model> ms;
  for (const auto& e : seed_examples()) ms.push_back(e.puzzle.model);
  for (const auto& p : load("jigsaw-300.txt", 60)) ms.push_back(p.model);
  for (const auto& p : load("killer-400.txt", 50)) ms.push_back(p.model);  // 4x4, 6x6 and 9x9
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

// True for a 9x9 killer: the puzzles that the sum-bounds encoding could not solve in minutes.
bool killer9(const Puzzle& p) { return p.model.n == 9 && (p.model.rules & kRuleKiller); }

// Every 10th puzzle of the variant collections and every killer (400 puzzles, 251 of them 9x9:
// about 0.1 s): a solution exists, satisfies the rules, has the propagation engine's count
// (uniqueness limit), and is the listed one when it is unique -- or one of the listed
// puzzle's solutions when not (six 9x9 killers have 2 or 4: every solution compared).
TEST(Dlx, VariantsValidated) {
  for (const char* f : {"classic-17clue-2000.txt", "jigsaw-300.txt", "killer-400.txt", "16x16-60.txt"}) {
    const std::size_t step = std::string(f).find("killer") != std::string::npos ? 1 : 10;
    std::size_t killers9 = 0, several = 0;
    for (const auto& p : load(f, step)) {
      const auto r = solve_dlx(p.model, 2);
      ASSERT_GE(r.count, 1u) << f << " line " << p.line;
      ASSERT_EQ(r.count, solve_propagate(p.model, 2).count) << f << " line " << p.line;
      ASSERT_TRUE(satisfies(p.model, r.solution)) << f << " line " << p.line;
      if (!p.expected.empty() && r.count == 1) { ASSERT_EQ(r.solution, p.expected) << f << " line " << p.line; }
      if (r.count > 1) {
        const Grids all = dlx_solutions(p.model);
        ASSERT_EQ(all, propagate_solutions(p.model)) << f << " line " << p.line;
        if (!p.expected.empty()) { EXPECT_TRUE(all.count(p.expected)) << f << " line " << p.line; }
        ++several;
      }
      killers9 += killer9(p);
    }
    if (std::string(f) == "killer-400.txt") {
      EXPECT_GE(killers9, 10u);  // the sample once held none
      EXPECT_GE(several, 1u);
    }
  }
}

// The whole 17-clue, top1465 and killer collections, and the jigsaw / 16x16 samples of
// VariantsValidated: same count with the uniqueness limit as propagation, and the same
// solution when it is unique.
TEST(Dlx, AgreesWithPropagationOnCollections) {
  for (const char* f : {"classic-17clue-2000.txt", "classic-top1465.txt", "jigsaw-300.txt", "killer-400.txt", "16x16-60.txt"}) {
    const std::string name(f);
    const std::size_t step = name.find("killer") != std::string::npos || name.find("classic") != std::string::npos ? 1 : 10;
    std::size_t checked = 0, killers9 = 0;
    for (const auto& p : load(f, step)) {
      const auto a = solve_dlx(p.model, 2), b = solve_propagate(p.model, 2);
      ASSERT_EQ(a.count, b.count) << f << " line " << p.line;
      if (b.count == 1) { ASSERT_EQ(a.solution, b.solution) << f << " line " << p.line; }
      ++checked;
      killers9 += killer9(p);
    }
    EXPECT_GT(checked, 0u) << f;
    if (name == "killer-400.txt") { EXPECT_GE(killers9, 10u); }
  }
}

// 4x4 killers with several solutions and with none, against brute force over all 288 grids
// (satisfies() on each): the set of DLX solutions must be exactly the brute-force set. From
// each listed 4x4 killer: its cages; the first half of them (several solutions); the first
// cage's sum raised by one (usually none); the first half with a given inside the first
// cage, right and wrong; two cages that overlap (a cell in both: DigitSets, not Placements)
// and a cage listing a cell twice (no grid can satisfy it).
TEST(Dlx, KillerCountsMatchBruteForce4x4) {
  const auto all = all_grids({2, 2});
  ASSERT_EQ(all.size(), 288u);
  std::size_t none = 0, several = 0, models = 0;
  for (const auto& p : load("killer-400.txt")) {
    if (p.model.n != 4) continue;
    const auto& cages = p.model.cages;
    const std::vector<int>& sol = p.expected;
    std::vector<Model> ms{p.model, with_cages(p.model, {cages.begin(), cages.begin() + cages.size() / 2})};
    auto raised = cages;
    ++raised[0].sum;
    ms.push_back(with_cages(p.model, raised));
    std::vector<int> g(16, 0);
    const int c0 = cages[0].cells[0];
    g[c0] = sol[c0];
    ms.push_back(with_cages(p.model, {cages.begin(), cages.begin() + cages.size() / 2}, g));
    g[c0] = sol[c0] % 4 + 1;
    ms.push_back(with_cages(p.model, {cages.begin(), cages.begin() + cages.size() / 2}, g));
    // Two overlapping cages through cells 0, 1, 5 with the listed sums, and a repeated cell.
    ms.push_back(with_raw_cages(p.model, {{sol[0] + sol[1], {0, 1}}, {sol[1] + sol[5], {1, 5}}}));
    ms.push_back(with_raw_cages(p.model, {{2 * sol[6], {6, 6}}}));
    for (const auto& m : ms) {
      const Grids want = brute_force(m, all);
      ASSERT_EQ(dlx_solutions(m), want) << "line " << p.line << " model " << models % ms.size();
      EXPECT_EQ(solve_dlx(m, 2).count, std::min<std::size_t>(want.size(), 2));
      none += want.empty();
      several += want.size() > 1;
      ++models;
    }
  }
  EXPECT_GE(models, 100u);
  EXPECT_GE(none, 20u);
  EXPECT_GE(several, 20u);
}

// 6x6 killers with the first half of their cages (4 to 1,650 solutions each): every solution
// the same as propagation's, each once; also with a right given inside a kept cage, and with
// a wrong one added in a cage left out (fewer solutions or none).
TEST(Dlx, KillerCountsMatchPropagation6x6) {
  std::size_t checked = 0, several = 0;
  for (const auto& p : load("killer-400.txt", 5)) {
    if (p.model.n != 6) continue;
    const auto& cages = p.model.cages;
    const std::vector<Cage> half(cages.begin(), cages.begin() + cages.size() / 2);
    std::vector<int> g(36, 0);
    const int c0 = cages.back().cells[0];  // a cell of a cage left out, then of one kept
    const int c1 = cages[0].cells[0];
    g[c1] = p.expected[c1];
    for (const auto& m : {with_cages(p.model, half), with_cages(p.model, half, g)}) {
      const Grids a = dlx_solutions(m);
      ASSERT_TRUE(a.count(p.expected)) << "line " << p.line;
      ASSERT_EQ(a, propagate_solutions(m)) << "line " << p.line;
      several += a.size() > 1;
    }
    g[c0] = p.expected[c0] % 6 + 1;  // wrong, outside the kept cages: fewer solutions or none
    const auto m = with_cages(p.model, half, g);
    ASSERT_EQ(dlx_solutions(m), propagate_solutions(m)) << "line " << p.line;
    ++checked;
  }
  EXPECT_GE(checked, 20u);
  EXPECT_GE(several, checked);  // the cages left give every puzzle several solutions
}

// 9x9 killers with givens inside their cages (in a Placements cage a given selects no row:
// it removes the cage's rows that disagree; in a DigitSets cage it selects its cell row): the
// listed solution with right givens, none with a wrong one, and several when cages are
// dropped -- the same solutions as propagation.
TEST(Dlx, KillerGivensInsideCages) {
  std::size_t checked = 0, several = 0;
  for (const auto& p : load("killer-400.txt", 7)) {
    if (!killer9(p) || solve_propagate(p.model, 2).count != 1) continue;
    const auto& cages = p.model.cages;
    std::vector<int> g(81, 0);
    for (std::size_t k = 0; k < cages.size(); k += 3) g[cages[k].cells.back()] = p.expected[cages[k].cells.back()];
    const auto right = with_cages(p.model, cages, g);
    const auto r = solve_dlx(right, 2);
    ASSERT_EQ(r.count, 1u) << "line " << p.line;
    ASSERT_EQ(r.solution, p.expected) << "line " << p.line;
    // One wrong given in the largest cage: no solution.
    const auto big = std::max_element(cages.begin(), cages.end(), [](const Cage& a, const Cage& b) { return a.cells.size() < b.cells.size(); });
    auto wrong = g;
    wrong[big->cells[0]] = p.expected[big->cells[0]] % 9 + 1;
    EXPECT_EQ(solve_dlx(with_cages(p.model, cages, wrong), 0).count, 0u) << "line " << p.line;
    EXPECT_EQ(solve_propagate(with_cages(p.model, cages, wrong), 0).count, 0u) << "line " << p.line;
    // Every third cage dropped, givens left in every sixth cage (kept): 1 to 9 solutions,
    // every one compared. (Every other cage dropped gives up to 3,317 solutions, and line
    // 149 then takes DLX a minute against 0.3 s for propagation: see dlx.hpp.)
    std::vector<Cage> fewer;
    std::vector<int> some(81, 0);
    for (std::size_t k = 0; k < cages.size(); ++k)
      if (k % 3 != 1) fewer.push_back(cages[k]);
    for (std::size_t k = 0; k < cages.size(); k += 6) some[cages[k].cells.back()] = g[cages[k].cells.back()];
    const auto loose = with_cages(p.model, fewer, some);
    const Grids a = dlx_solutions(loose);
    ASSERT_TRUE(a.count(p.expected)) << "line " << p.line;
    ASSERT_EQ(a, propagate_solutions(loose)) << "line " << p.line;
    several += a.size() > 1;
    ++checked;
  }
  EXPECT_GE(checked, 10u);
  EXPECT_GE(several, 10u);  // 17 of the 39
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
