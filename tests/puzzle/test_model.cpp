// The rule model (model.hpp) against a validator written here from the rules' definitions.
//
// Every engine's solutions are checked with satisfies(), which walks the Model's own units and
// cages; a mistake in how make_model builds a unit (a box at the wrong offset, a diagonal or a
// Windoku window misplaced, a jigsaw region mixed up) would make a wrong grid look valid to
// every solver test at once. So this test decides validity a second way, straight from
// coordinates -- rows, columns, boxes by (r / R, c / C), the two diagonals, the four windows
// at rows/columns 2-4 and 6-8 (1-based), the region string, the cage sums -- and requires the
// two verdicts to agree on valid grids (the listed solutions of the seed examples, the
// project's own puzzles and, in collections_puzzle.cpp, the third-party collections) and on invalid ones (the same grids with two cells swapped or one digit
// changed, most of which break some rule and some of which, by chance, do not).
#include <gtest/gtest.h>

#include <random>
#include <stdexcept>
#include <utility>
#include <string>
#include <vector>

#include "gridenum/puzzle/model.hpp"
#include "gridenum/puzzle/puzzle_io.hpp"
#include "model_checks.hpp"
#include "solve_fixtures.hpp"

namespace {

using namespace gridenum;
using namespace gridenum::testing;

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
