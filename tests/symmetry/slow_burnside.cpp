// Burnside's lemma on the long shapes (label slow):
//  - 9x9: 5,472,730,538 essentially different grids with transposition (Russell and Jarvis
//    2006; 275 classes), 10,945,437,157 without it;
//  - 8x8 in the 4x2 orientation: 1,673,187, as for 2x4 (the fast test), with every class's
//    count the same by both kernels (line orbits, signatures) forced;
//  - every class's fixed count consistent: the weighted sum is |G| times the answer (the run
//    itself also checks divisibility and the cyclic-subgroup sums, throwing CheckError);
//  - the placement condition on the relabelling on 12 digits and 3x4 / 4x3 (the smaller shapes in
//    the fast tier): only classes that fix no grid removed, two of 2x6 and of 6x2;
//  - 12x12 (2x6): the sum over the 2x6 count's 63,199 classes of the signatures each element of
//    the 16 classes counted from F(S) fixes, with F = 1, against a direct count;
// 10x10 (2x5 boxes) is slow_burnside_10x10.cpp's, whose tests share one run.
#include <gtest/gtest.h>

#include <algorithm>

#include "burnside_checks.hpp"
#include "fixed_signature_checks.hpp"
#include "placement_checks.hpp"
#include "gridenum/count/side2/two_stack.hpp"
#include "gridenum/symmetry/burnside.hpp"
#include "gridenum/symmetry/fixed_grids.hpp"

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

// The fast tier's FixedGrids.ClassSumsCountTheFixedSignatures on 10 digits: every conjugacy class
// of B_5 with every involution relabelling type, over the 355 classes of 2x5.
TEST(SlowBurnside, TenDigitClassSumsCountTheFixedSignatures) {
  test_support::expect_class_sums_count_fixed_signatures(5);
}

// The 16 classes of 2x6 whose fixed grids are sums of F(S) (signatures_need_plain_counts) are
// summed over the 2x6 count's classes by their stabilisers (sum_over_fixed_signatures), since the
// histogram walk of 10 digits does not finish at 12. With F = 1 that sum is the number of
// signatures the element fixes: here against a direct count, for each class and each relabelling
// type it allows -- the same table and elements the figure will use once F is known (about
// 0.2 s an element; the table 8 s).
TEST(SlowBurnside, TwelveDigitClassSumsCountTheFixedSignatures) {
  const int m = 6;
  const Shape s{2, m};
  const TwoStackOrbitClasses tc(m, 2);
  ASSERT_EQ(tc.table().classes.size(), 63199u);
  const auto table = test_support::unit_class_table(tc.table(), m);
  const SymmetryGroup grp = build_symmetry_group(s, false);
  std::size_t classes = 0, compared = 0, nonzero = 0;
  for (std::size_t i = 1; i < grp.classes.size(); ++i) {
    const GeometricSymmetry& g = grp.classes[i].rep;
    if (!signatures_need_plain_counts(s, g)) continue;
    ++classes;
    const Perm& h = transposed_view(g).cols;  // the kernel's 6x2 view: stacks of two columns
    Perm stack(m);
    std::vector<char> flip(m);
    for (int j = 0; j < m; ++j) {
      stack[static_cast<std::size_t>(j)] = h[static_cast<std::size_t>(2 * j)] / 2;
      flip[static_cast<std::size_t>(j)] = (h[static_cast<std::size_t>(2 * j)] & 1) == 0;
    }
    for (const CycleType& t : relabelling_types(s, g)) {
      const Perm pi = perm_of_type(t);
      if (!is_identity(compose(pi, pi))) continue;  // the kernel asks involutions only
      const u128 want = test_support::fixed_signatures_directly(m, stack, flip, pi);
      EXPECT_EQ(to_string(sum_over_fixed_signatures(m, table, stack, flip, pi)), to_string(want))
          << "class " << i + 1 << " " << grp.classes[i].text << ", relabelling " << type_string(t);
      ++compared;
      nonzero += want > 0;
    }
  }
  EXPECT_EQ(classes, 16u);
  EXPECT_EQ(compared, 40u);
  EXPECT_EQ(nonzero, 40u);
}

// The placement condition's sweep on the 12-digit shapes (placement_checks.hpp): it removes two
// classes of 2x6 (2060 and 4465) and of 6x2, each counted f = 0 by line orbits without it, and
// nothing on 3x4 or 4x3.
TEST(SlowBurnside, PlacementConditionOnTwelveDigits) {
  for (Shape s : {Shape{2, 6}, Shape{6, 2}, Shape{3, 4}, Shape{4, 3}})
    EXPECT_EQ(test_support::classes_the_placement_condition_removes(s), s.rows == 2 || s.cols == 2 ? 2u : 0u) << s.str();
}
