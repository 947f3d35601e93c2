// The rule model (model.hpp) against a validator written here from the rules' definitions.
//
// Every engine's solutions are checked with satisfies(), which walks the Model's own units and
// cages; a mistake in how make_model builds a unit (a box at the wrong offset, a diagonal or a
// Windoku window misplaced, a jigsaw region mixed up) would make a wrong grid look valid to
// every solver test at once. So this test decides validity a second way, straight from
// coordinates -- rows, columns, boxes by (r / R, c / C), the two diagonals, the four windows
// at rows/columns 2-4 and 6-8 (1-based), the region string, the cage sums -- and requires the
// two verdicts to agree on valid grids (the listed solutions of the shared collections and
// seed examples) and on invalid ones (the same grids with two cells swapped or one digit
// changed, most of which break some rule and some of which, by chance, do not).
#include <gtest/gtest.h>

#include <random>
#include <stdexcept>
#include <utility>
#include <string>
#include <vector>

#include "gridenum/puzzle/model.hpp"
#include "gridenum/puzzle/puzzle_io.hpp"
#include "solve_fixtures.hpp"

namespace {

using namespace gridenum;
using namespace gridenum::testing;

// The rules of one puzzle, as the collections and seed examples state them.
struct Rules {
  int n = 9, R = 3, C = 3;  // box R x C (ignored with regions)
  bool x = false, windoku = false;
  std::vector<int> region;  // jigsaw: region id per cell, else empty
  std::vector<Cage> cages;
};

// Every group of cells that must hold distinct digits, from coordinates alone.
std::vector<std::vector<int>> groups(const Rules& r) {
  const int n = r.n;
  std::vector<std::vector<int>> g;
  for (int i = 0; i < n; ++i) {
    std::vector<int> row, col;
    for (int j = 0; j < n; ++j) {
      row.push_back(i * n + j);
      col.push_back(j * n + i);
    }
    g.push_back(row);
    g.push_back(col);
  }
  if (!r.region.empty()) {
    std::vector<std::vector<int>> reg(n);
    for (int c = 0; c < n * n; ++c) reg[r.region[c]].push_back(c);
    g.insert(g.end(), reg.begin(), reg.end());
  } else {
    std::vector<std::vector<int>> box(n);
    for (int c = 0; c < n * n; ++c) box[(c / n / r.R) * (n / r.C) + (c % n) / r.C].push_back(c);
    g.insert(g.end(), box.begin(), box.end());
  }
  if (r.x) {
    std::vector<int> d1, d2;
    for (int i = 0; i < n; ++i) {
      d1.push_back(i * n + i);
      d2.push_back(i * n + n - 1 - i);
    }
    g.push_back(d1);
    g.push_back(d2);
  }
  if (r.windoku)
    for (int top : {1, 5})
      for (int left : {1, 5}) {
        std::vector<int> w;
        for (int i = top; i < top + 3; ++i)
          for (int j = left; j < left + 3; ++j) w.push_back(i * 9 + j);
        g.push_back(w);
      }
  for (const auto& cage : r.cages) g.push_back(cage.cells);
  return g;
}

bool valid_by_definition(const Rules& r, const std::vector<int>& grid) {
  for (int d : grid)
    if (d < 1 || d > r.n) return false;
  for (const auto& g : groups(r)) {
    std::vector<bool> seen(r.n + 1, false);
    for (int c : g) {
      if (seen[grid[c]]) return false;
      seen[grid[c]] = true;
    }
  }
  for (const auto& cage : r.cages) {
    int sum = 0;
    for (int c : cage.cells) sum += grid[c];
    if (sum != cage.sum) return false;
  }
  return true;
}

// The rules of a puzzle read from a collection, restated independently of its Model.
Rules rules_of(const Puzzle& p) {
  Rules r;
  r.n = p.model.n;
  r.R = p.model.box.rows;
  r.C = p.model.box.cols;
  r.x = p.model.rules & kRuleX;
  r.windoku = p.model.rules & kRuleWindoku;
  r.region = p.model.region;
  r.cages = p.model.cages;
  return r;
}

// Both verdicts on a grid, its neighbours by one swap and one changed digit. A puzzle's givens
// are dropped from the model: the solution grids are what is judged, under the rules alone.
void agree_around(const Puzzle& p, const std::vector<int>& solution, std::mt19937& rng, int& invalid_seen) {
  const Rules rules = rules_of(p);
  const Model m = make_model(p.model.box, p.model.rules, {}, p.model.region, p.model.cages);
  ASSERT_TRUE(valid_by_definition(rules, solution)) << "a listed solution breaks the rules, line " << p.line;
  ASSERT_TRUE(satisfies(m, solution)) << "line " << p.line;
  const int cells = m.cells();
  std::uniform_int_distribution<int> cell(0, cells - 1), digit(1, m.n);
  for (int k = 0; k < 8; ++k) {
    std::vector<int> g = solution;
    if (k % 2 == 0) std::swap(g[cell(rng)], g[cell(rng)]);
    else g[cell(rng)] = digit(rng);
    const bool truth = valid_by_definition(rules, g);
    invalid_seen += !truth;
    EXPECT_EQ(satisfies(m, g), truth) << "line " << p.line << ", variant " << k;
  }
}

TEST(Model, UnitsMatchTheRulesOnTheCollections) {
  std::mt19937 rng(20261123);
  int checked = 0, invalid = 0;
  for (const char* file : {"jigsaw-300.txt", "killer-400.txt"})
    for (const Puzzle& p : load(file, 5)) {
      ASSERT_FALSE(p.expected.empty()) << file << " line " << p.line;
      agree_around(p, p.expected, rng, invalid);
      ++checked;
    }
  // 16x16 (4x4 boxes): the solutions are a separate file, in the same order.
  const auto puzzles = load("16x16-60.txt", 1);
  const auto solutions = load("16x16-60.solutions.txt", 1);
  ASSERT_EQ(puzzles.size(), solutions.size());
  for (std::size_t i = 0; i < puzzles.size(); i += 6) {
    agree_around(puzzles[i], solutions[i].model.givens, rng, invalid);
    ++checked;
  }
  EXPECT_GE(checked, 150);
  EXPECT_GE(invalid, checked * 4);  // most neighbours are invalid: the comparison has teeth
}

TEST(Model, UnitsMatchTheRulesOnTheSeedExamples) {
  std::mt19937 rng(7);
  int invalid = 0;
  for (const auto& e : seed_examples()) agree_around(e.puzzle, e.solution, rng, invalid);
  // The rules that distinguish the variants: the classic example's solution is no X-Sudoku
  // and no Windoku grid, and each variant's solution keeps its extra rule.
  const auto ex = seed_examples();
  for (const auto& e : ex) {
    Rules r = rules_of(e.puzzle);
    if (e.name == "classic") {
      r.x = true;
      EXPECT_FALSE(valid_by_definition(r, e.solution));
      EXPECT_FALSE(satisfies(make_model(Shape{3, 3}, kRuleX, {}), e.solution));
      r.x = false;
      r.windoku = true;
      EXPECT_FALSE(valid_by_definition(r, e.solution));
      EXPECT_FALSE(satisfies(make_model(Shape{3, 3}, kRuleWindoku, {}), e.solution));
    }
  }
}

// Cages are disjoint: a cell twice in a cage or in two cages is refused by the model itself.
TEST(Model, CagesMustBeDisjoint) {
  EXPECT_THROW(make_model(Shape{2, 2}, kRuleKiller, {}, {}, {Cage{3, {0, 0}}}), std::invalid_argument);
  EXPECT_THROW(make_model(Shape{2, 2}, kRuleKiller, {}, {}, {Cage{3, {0, 1}}, Cage{5, {1, 2}}}), std::invalid_argument);
  EXPECT_NO_THROW(make_model(Shape{2, 2}, kRuleKiller, {}, {}, {Cage{3, {0, 1}}, Cage{5, {2, 3}}}));
}

// Boxes of every shape the readers accept: a grid built from the pattern
// g(r, c) = (C (r mod R) + floor(r / R) + c) mod n is a valid Sudoku for R x C boxes; the
// same grid read with the transposed box shape is (generally) not, and both verdicts agree.
TEST(Model, BoxesOfEveryShape) {
  for (int R = 2; R <= 5; ++R)
    for (int C = R; C <= 5; ++C) {
      const int n = R * C;
      std::vector<int> g(n * n);
      for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) g[r * n + c] = (C * (r % R) + r / R + c) % n + 1;
      Rules rules;
      rules.n = n, rules.R = R, rules.C = C;
      ASSERT_TRUE(valid_by_definition(rules, g)) << R << "x" << C;
      EXPECT_TRUE(satisfies(make_model(Shape{R, C}, kRuleClassic, {}), g)) << R << "x" << C;
      if (R != C) {
        Rules transposed = rules;
        std::swap(transposed.R, transposed.C);
        EXPECT_EQ(satisfies(make_model(Shape{C, R}, kRuleClassic, {}), g), valid_by_definition(transposed, g))
            << R << "x" << C;
      }
    }
}

}  // namespace
