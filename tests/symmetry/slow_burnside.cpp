// Burnside's lemma on the long shapes (label slow):
//  - 9x9: 5,472,730,538 essentially different grids with transposition (Russell and Jarvis
//    2006; 275 classes), 10,945,437,157 without it;
//  - 8x8 in the 4x2 orientation: 1,673,187, as for 2x4 (the fast test), with every class's
//    count the same by both kernels (line orbits, signatures) forced;
//  - every class's fixed count consistent: the weighted sum is |G| times the answer (the run
//    itself also checks divisibility and the cyclic-subgroup sums, throwing CheckError);
// 10x10 (2x5 boxes) is slow_burnside_10x10.cpp's, whose tests share one run.
#include <gtest/gtest.h>

#include <algorithm>

#include "burnside_checks.hpp"
#include "gridenum/symmetry/burnside.hpp"

using namespace gridenum;

namespace {

BurnsideResult run(Shape s, bool transposition, FixedMethod m = FixedMethod::Auto) {
  return test_support::run_burnside_with(s, transposition, 0, m);
}

void check_consistent(const BurnsideResult& r) { test_support::expect_consistent_sums(r); }

}  // namespace

TEST(SlowBurnside, NineByNine) {
  const auto r = run({3, 3}, true);
  check_consistent(r);
  EXPECT_EQ(r.group_order, 3359232u);
  EXPECT_EQ(r.terms.size(), 275u);
  EXPECT_EQ(r.grids, BigInt("6670903752021072936960"));
  EXPECT_EQ(r.essentially_different, BigInt("5472730538"));
}

TEST(SlowBurnside, NineByNineWithoutTransposition) {
  const auto r = run({3, 3}, false);
  check_consistent(r);
  EXPECT_EQ(r.group_order, 1679616u);
  EXPECT_EQ(r.essentially_different, BigInt("10945437157"));
}

TEST(SlowBurnside, EightByEightFourByTwo) {
  const auto r = run({4, 2}, true);
  check_consistent(r);
  EXPECT_FALSE(r.transposition);
  EXPECT_EQ(r.essentially_different, 1673187);
  const auto lo = run({4, 2}, true, FixedMethod::LineOrbits), sg = run({4, 2}, true, FixedMethod::Signatures);
  ASSERT_EQ(lo.terms.size(), r.terms.size());
  ASSERT_EQ(sg.terms.size(), r.terms.size());
  for (std::size_t i = 0; i < r.terms.size(); ++i) {
    EXPECT_EQ(to_string(lo.terms[i].fixed.grids), to_string(sg.terms[i].fixed.grids)) << "class " << i + 1;
    EXPECT_EQ(to_string(lo.terms[i].fixed.grids), to_string(r.terms[i].fixed.grids)) << "class " << i + 1;
  }
}
