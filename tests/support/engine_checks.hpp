// Checks of the puzzle engines that run on any source of puzzles: the project's own data
// (tests/data/: seed examples, generated puzzles) in the test_*.cpp files, and the third-party
// collections in the collections_*.cpp files (built only when the collections are present).
// Each check asserts on every puzzle it is given and fails on an empty list.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "gridenum/puzzle/dlx.hpp"
#include "gridenum/puzzle/propagate.hpp"
#include "gridenum/puzzle/solve9.hpp"
#include "solve_fixtures.hpp"

namespace gridenum::testing {

using Grids = std::set<std::vector<int>>;

// Every solution of the model through the callback of solve_dlx (limit 0); a solution handed
// over twice fails the test (the count must count each grid once).
inline Grids dlx_solutions(const Model& m) {
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

inline Grids propagate_solutions(const Model& m) {
  Grids out;
  solve_propagate(m, 0, [&](const std::vector<int>& g) {
    out.insert(g);
    return false;
  });
  return out;
}

// Every grid of a small shape (rows, columns, boxes only), by plain backtracking over the
// cells: a reference that shares no code with the engines (4x4: 288 grids).
inline std::vector<std::vector<int>> all_grids(Shape box) {
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
inline Grids brute_force(const Model& m, const std::vector<std::vector<int>>& all) {
  Grids out;
  for (const auto& g : all)
    if (satisfies(m, g)) out.insert(g);
  return out;
}

inline Model with_cages(const Model& m, std::vector<Cage> cages, std::vector<int> givens = {}) {
  return make_model(m.box, m.rules & ~kRuleKiller, givens.empty() ? m.givens : givens, m.region, std::move(cages));
}

// The same with cages that make_model may refuse (a cell in two cages, or twice in one): a
// Model is a plain struct, so a hand-built one can still reach the engine, which must then
// agree with satisfies().
inline Model with_raw_cages(const Model& m, std::vector<Cage> cages) {
  Model out = with_cages(m, {});
  out.cages = std::move(cages);
  out.rules |= kRuleKiller;
  return out;
}

// True for a 9x9 killer: the puzzles that the sum-bounds encoding could not solve in minutes.
inline bool killer9(const Puzzle& p) { return p.model.n == 9 && (p.model.rules & kRuleKiller); }

// Counts of puzzles with 0, 1 or several solutions (no limit), by both engines: the listed
// count, the listed solution when unique, a valid solution otherwise; a limit of 2 stops at 2.
inline void check_listed_counts(const std::vector<CountedPuzzle>& cs, const std::string& label) {
  ASSERT_FALSE(cs.empty()) << label;
  std::size_t zero = 0, many = 0;
  for (const auto& c : cs) {
    const Puzzle& p = c.puzzle;
    for (const bool dlx : {false, true}) {
      const auto r = dlx ? solve_dlx(p.model, 0) : solve_propagate(p.model, 0);
      EXPECT_EQ(r.count, c.count) << label << " line " << p.line << (dlx ? " dlx" : " propagate");
      if (c.count == 1 && !p.expected.empty()) { EXPECT_EQ(r.solution, p.expected) << label << " line " << p.line; }
      if (c.count > 0) { EXPECT_TRUE(satisfies(p.model, r.solution)) << label << " line " << p.line; }
      if (c.count > 2) { EXPECT_EQ((dlx ? solve_dlx(p.model, 2) : solve_propagate(p.model, 2)).count, 2u); }
    }
    zero += c.count == 0;
    many += c.count > 1;
  }
  EXPECT_GT(zero, 0u) << label << ": no puzzle without a solution";
  EXPECT_GT(many, 0u) << label << ": no puzzle with several solutions";
}

// The 9x9 bitboard solver (solve9.hpp) against the general propagation engine, which shares no
// code with it, and against the independent validator satisfies(); the listed solution when
// there is one.
inline void check_solve9_agrees(const std::vector<Puzzle>& ps, const std::string& label) {
  ASSERT_FALSE(ps.empty()) << label;
  for (const auto& p : ps) {
    ASSERT_TRUE(classic9_applicable(p.model)) << label << " line " << p.line;
    const SolveResult fast = solve_classic9(p.model, 2);
    const SolveResult ref = solve_propagate_general(p.model, 2);
    ASSERT_EQ(fast.count, ref.count) << label << " line " << p.line;
    if (fast.count) {
      ASSERT_TRUE(satisfies(p.model, fast.solution)) << label << " line " << p.line;
      if (fast.count == 1) { ASSERT_EQ(fast.solution, ref.solution) << label << " line " << p.line; }
    }
    if (!p.expected.empty()) { ASSERT_EQ(fast.solution, p.expected) << label << " line " << p.line; }
  }
}

// Unique puzzles: the propagation engine proves uniqueness, the solution satisfies the rules and
// is the listed one (when listed, or given separately in `solutions`).
inline void check_unique(const std::vector<Puzzle>& ps, const std::string& label,
                         const std::vector<Puzzle>& solutions = {}) {
  ASSERT_FALSE(ps.empty()) << label;
  if (!solutions.empty()) { ASSERT_EQ(ps.size(), solutions.size()) << label; }
  for (std::size_t i = 0; i < ps.size(); ++i) {
    const Puzzle& p = ps[i];
    const auto r = solve_propagate(p.model, 2);
    ASSERT_EQ(r.count, 1u) << label << " line " << p.line;
    ASSERT_TRUE(satisfies(p.model, r.solution)) << label << " line " << p.line;
    if (!p.expected.empty()) { ASSERT_EQ(r.solution, p.expected) << label << " line " << p.line; }
    if (!solutions.empty()) { ASSERT_EQ(r.solution, solutions[i].model.givens) << label << " line " << p.line; }
  }
}

// Killers whose listed solution may not be the only one (some published killers, as
// transcribed, have two): every solution the engine finds is valid and the listed one is
// among them. Returns the number of puzzles with several solutions.
inline std::size_t check_killers_contain_listed(const std::vector<Puzzle>& ps, const std::string& label) {
  EXPECT_FALSE(ps.empty()) << label;
  std::size_t multiple = 0;
  for (const auto& p : ps) {
    EXPECT_TRUE(satisfies(p.model, p.expected)) << label << " line " << p.line;
    bool listed = false;
    const auto r = solve_propagate(p.model, 0, [&](const std::vector<int>& g) {
      EXPECT_TRUE(satisfies(p.model, g)) << label << " line " << p.line;
      listed |= g == p.expected;
      return false;
    });
    EXPECT_GE(r.count, 1u) << label << " line " << p.line;
    EXPECT_TRUE(listed) << label << " line " << p.line;
    multiple += r.count > 1;
  }
  return multiple;
}

struct DlxValidated {
  std::size_t killers9 = 0, several = 0;
};
// (Results through `out`: gtest's ASSERT_* return from void functions only.)
inline void check_dlx_validated(const std::vector<Puzzle>& ps, const std::string& f, DlxValidated& out) {
  ASSERT_FALSE(ps.empty()) << f;
  std::size_t& killers9 = out.killers9;
  std::size_t& several = out.several;
  {
    for (const auto& p : ps) {
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
  }
}

// Same count with the uniqueness limit as propagation, and the same
// solution when it is unique.
inline void check_dlx_agrees_with_propagation(const std::vector<Puzzle>& ps, const std::string& f, std::size_t& killers9) {
  ASSERT_FALSE(ps.empty()) << f;
  killers9 = 0;
  {
    for (const auto& p : ps) {
      const auto a = solve_dlx(p.model, 2), b = solve_propagate(p.model, 2);
      ASSERT_EQ(a.count, b.count) << f << " line " << p.line;
      if (b.count == 1) { ASSERT_EQ(a.solution, b.solution) << f << " line " << p.line; }
      killers9 += killer9(p);
    }
  }
}

// 4x4 killers with several solutions and with none, against brute force over all 288 grids
// (satisfies() on each): the set of DLX solutions must be exactly the brute-force set. From
// each listed 4x4 killer: its cages; the first half of them (several solutions); the first
// cage's sum raised by one (usually none); the first half with a given inside the first
// cage, right and wrong; two cages that overlap (a cell in both: DigitSets, not Placements)
// and a cage listing a cell twice (no grid can satisfy it).
inline void check_killer_counts_match_brute_force_4x4(const std::vector<Puzzle>& killers) {
  const auto all = all_grids({2, 2});
  ASSERT_EQ(all.size(), 288u);
  std::size_t none = 0, several = 0, models = 0;
  for (const auto& p : killers) {
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
inline void check_killer_counts_match_propagation_6x6(const std::vector<Puzzle>& killers) {
  std::size_t checked = 0, several = 0;
  for (const auto& p : killers) {
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
inline void check_killer_givens_inside_cages(const std::vector<Puzzle>& killers) {
  std::size_t checked = 0, several = 0;
  for (const auto& p : killers) {
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

}  // namespace gridenum::testing
