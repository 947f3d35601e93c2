// Burnside's lemma on the long shapes (label slow):
//  - 9x9: 5,472,730,538 essentially different grids with transposition (Russell and Jarvis
//    2006; 275 classes), 10,945,437,157 without it;
//  - 8x8 in the 4x2 orientation: 1,673,187, as for 2x4 (the fast test), with every class's
//    count the same by both kernels (line orbits, signatures) forced;
//  - every class's fixed count consistent: the weighted sum is |G| times the answer (the run
//    itself also checks divisibility and the cyclic-subgroup sums, throwing CheckError);
//  - the placement condition on the relabelling on 12 digits and 3x4 / 4x3 (the smaller shapes in
//    the fast tier): only classes that fix no grid removed, two of 2x6 and of 6x2;
//  - 12x12 (3x4): four classes whose bands keep no symmetry, summed over the 4x3 catalogue; two
//    that swap two stacks and keep the third, by the band-swap kernel; two that keep every stack,
//    by the band-keep kernel, one of them against line orbits;
//  - 12x12 (2x6): the sum over the 2x6 count's 63,199 classes of the signatures each element of
//    the 16 classes counted from F(S) fixes, with F = 1, against a direct count;
// 10x10 (2x5 boxes) is slow_burnside_10x10.cpp's, whose tests share one run.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "burnside_checks.hpp"
#include "fixed_signature_checks.hpp"
#include "placement_checks.hpp"
#include "gridenum/core/errors.hpp"
#include "gridenum/count/side2/two_stack.hpp"
#include "gridenum/symmetry/burnside.hpp"
#include "gridenum/symmetry/fixed_grids.hpp"
#include "gridenum/symmetry/symmetry_group.hpp"

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

// The 3x4 classes that cycle the three bands of the 4x3 view and whose bands keep no symmetry,
// which Auto sums over the 4x3 catalogue's 144,578 classes (fixed_band_classes.cpp): class 3256,
// "stacks (1 2 3)", which is also the sum over its 93,240,126 signature multisets (docs/symmetry.md,
// *The formula checked where line orbits gives f in milliseconds*), and class 2476 in the 4x3
// orientation, where the bands cycle directly. Three more such classes, 2476, 2671 and 2931 on
// 3x4, are Burnside12Long.BandClassesOnTwelveDigits (the whole test was here: 57-83 s in CI
// beside other tests, and the slow label was at its budget on Zen 3).
TEST(SlowBurnside, BandClassesOnTwelveDigits) {
  test_support::expect_twelve_digit_classes({{3256, {"stacks (1 2 3)", u128{2836587847090176}}}}, FixedMethod::BandCycles,
                                            2476, "3654643359744");
}

// Band swaps on 12 digits (fixed_band_swaps.cpp): two 3x4 classes that swap two stacks and keep
// the third -- in the 4x3 view two bands swapped with their rows carried, so the first band is
// counted with g^2 -- which Auto gives the band-swap kernel, and one of them in the 4x3
// orientation, where the bands swap directly. Line orbits never closes on these classes, so the
// figures are the kernel's own (results/3x4/symmetry); the kernel's agreement with line orbits is
// FixedGrids.BandSwapsAgreeWithLineOrbits on 2x3, 3x2 and 3x3. About 15 s on one thread, 8 of
// them the catalogue.
TEST(SlowBurnside, BandSwapsOnTwelveDigits) {
  test_support::expect_twelve_digit_classes(
      {{3202, {"band 1: rows (1 2); stacks (1 2) carrying (1 2)(3 4); stack 3: columns (1 2 3 4)", u128{9429785247744}}},
       {3267, {"stacks (1 2) carrying (1 2)(3 4); stack 3: columns (1 2 3 4)", u128{39994030817280}}}},
      FixedMethod::BandSwaps, 3267, "39994030817280");
}

// Band keeps on 12 digits (fixed_band_keeps.cpp) against line orbits, both run here: 3x4 class 617
// keeps every stack (every band of the 4x3 view) and line orbits closes on it at once (one
// relabelling type, a 12-cycle); and class 1917, on which line orbits never closes, in the 4x3
// orientation, against the figure the kernel gave on 3x4 (no second count: docs/symmetry.md). About
// 15 s on two threads, 8 of them the catalogue.
// The heavier 12-digit comparisons of both catalogue kernels with line orbits are the long tier's
// (long_burnside_12.cpp).
TEST(SlowBurnside, BandKeepsOnTwelveDigits) {
  const Shape s{3, 4};
  const SymmetryGroup grp = build_symmetry_group(s, false);
  const SymmetryClass& c617 = grp.classes[616];
  ASSERT_EQ(c617.text, "bands (1 2 3); band 4: rows (1 2 3); stack 1: columns (1 2 3 4); stack 2: columns (1 2 3 4); "
                       "stack 3: columns (1 2 3 4)");
  FixedOptions lo;
  lo.method = FixedMethod::LineOrbits;
  const FixedCount a = count_fixed_grids(s, c617.rep);
  EXPECT_EQ(a.method, FixedMethod::BandKeeps);
  EXPECT_EQ(to_string(a.grids), to_string(count_fixed_grids(s, c617.rep, lo).grids));
  EXPECT_EQ(a.grids, 82944u);
  const SymmetryClass& c1917 = grp.classes[1916];
  ASSERT_EQ(c1917.text, "bands (1 2) carrying (1 2); stack 1: columns (1 2 3 4); stack 2: columns (1 2 3 4); stack 3: columns (1 2 3 4)");
  const FixedCount b = count_fixed_grids({4, 3}, transposed_view(c1917.rep));
  EXPECT_EQ(b.method, FixedMethod::BandKeeps);
  EXPECT_EQ(to_string(b.grids), "338379669504");
}

// The stack-cycle join (band_keep_join.hpp) against the band-by-band count it replaced
// (FixedOptions::band_keep_join off), one part ("keep1.<bucket>/64") of 3x4 class 2387, gamma's
// stacks in the 4x3 view all four kept: two (class, conjugate, pi) triples, the by-band count
// about 1.2 s a triple. Classes 1167 (stacks paired twice, the shape of the 1162 family that made
// the join worth building) and 2267 (paired once, two kept) as well, 6 and 8 s a triple, are
// Burnside12Long.BandKeepJoinAgreesWithBandByBandOnTwelveDigits (all three were here: 60-73 s in
// CI beside other tests). A count of one part alone need not be a multiple of the
// catalogue sum's divisor, so the final division may throw; the parts are what is compared.
TEST(SlowBurnside, BandKeepJoinAgreesWithBandByBandOnTwelveDigits) {
  test_support::expect_band_keep_join_parts_agree({{2387, 1}});
}

// The 12-digit sums (the 16 classes of 2x6 summed over its 63,199 classes, 49 s of CI's slow tier
// on AMD EPYC family 23, most of it the class table) are in the long tier: long_burnside_12.cpp.

// The placement condition's sweep on the 12-digit shapes (placement_checks.hpp): it removes two
// classes of 2x6 (2060 and 4465) and of 6x2, each counted f = 0 by line orbits without it, and
// nothing on 3x4 or 4x3.
TEST(SlowBurnside, PlacementConditionOnTwelveDigits) {
  for (Shape s : {Shape{2, 6}, Shape{6, 2}, Shape{3, 4}, Shape{4, 3}})
    EXPECT_EQ(test_support::classes_the_placement_condition_removes(s), s.rows == 2 || s.cols == 2 ? 2u : 0u) << s.str();
}
