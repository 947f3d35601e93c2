// The cell-search kernel (src/symmetry/fixed_cell_search.cpp) carries whole Burnside figures on
// its own: every class other than the identity counted by it, grid by grid. Label long: 9x9's 274
// classes hold 7.9e8 fixed grids and 8x8's 4e8, minutes of search (the fast tier,
// test_fixed_cell_search.cpp, compares it class by class on 4x4, 6x6, the lighter 9x9 classes and
// three 3x4 classes).
//  - 9x9: 5,472,730,538 essentially different grids (Russell and Jarvis 2006), every class's f
//    the same as line orbits';
//  - 8x8 (2x4 boxes): 1,673,187, every class the same as the signature kernel's.
#include <gtest/gtest.h>

#include "burnside_checks.hpp"
#include "gridenum/symmetry/burnside.hpp"
#include "gridenum/symmetry/fixed_grids.hpp"

using namespace gridenum;

namespace {

void expect_same_terms(const BurnsideResult& a, const BurnsideResult& b) {
  ASSERT_EQ(a.terms.size(), b.terms.size());
  for (std::size_t i = 1; i < a.terms.size(); ++i) {
    EXPECT_EQ(a.terms[i].fixed.method, FixedMethod::CellSearch) << "class " << i + 1;
    EXPECT_EQ(to_string(a.terms[i].fixed.grids), to_string(b.terms[i].fixed.grids)) << "class " << i + 1;
  }
}

}  // namespace

TEST(FixedCellSearchLong, NineByNine) {
  const auto cs = test_support::run_burnside_with({3, 3}, true, 0, FixedMethod::CellSearch);
  test_support::expect_consistent_sums(cs);
  EXPECT_EQ(cs.essentially_different, BigInt("5472730538"));
  expect_same_terms(cs, test_support::run_burnside_with({3, 3}, true, 0, FixedMethod::LineOrbits));
}

TEST(FixedCellSearchLong, EightByEight) {
  const auto cs = test_support::run_burnside_with({2, 4}, true, 0, FixedMethod::CellSearch);
  test_support::expect_consistent_sums(cs);
  EXPECT_EQ(cs.essentially_different, 1673187);
  expect_same_terms(cs, test_support::run_burnside_with({2, 4}, true, 0, FixedMethod::Signatures));
}
