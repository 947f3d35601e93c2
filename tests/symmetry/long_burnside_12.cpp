// Label long, 12 digits:
//  - the 12-digit share of the fast tier's FixedGrids.ClassSumsCountTheFixedSignatures (the slow
//    tier has the 10-digit one, SlowBurnside.TenDigitClassSumsCountTheFixedSignatures): moved from
//    the slow tier, where it took 49 s on AMD EPYC family 23, most of it the 2x6 class table;
//  - the catalogue kernels of 3x4 (band swaps, band keeps) against line orbits on 3x4 classes where
//    line orbits closes, both run here (minutes);
//  - the band-cycle kernel on four 3x4 classes whose bands keep no symmetry, and the stack-cycle
//    join against the band-by-band count on parts of three classes: moved from the slow tier,
//    which keeps one class of each (slow_burnside.cpp).
#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "burnside_checks.hpp"
#include "fixed_signature_checks.hpp"
#include "gridenum/core/errors.hpp"
#include "gridenum/count/side2/two_stack.hpp"
#include "gridenum/symmetry/burnside.hpp"
#include "gridenum/symmetry/fixed_grids.hpp"
#include "gridenum/symmetry/symmetry_group.hpp"

using namespace gridenum;

// The 16 classes of 2x6 whose fixed grids are sums of F(S) (signatures_need_plain_counts) are
// summed over the 2x6 count's classes by their stabilisers (sum_over_fixed_signatures), since the
// histogram walk of 10 digits does not finish at 12. With F = 1 that sum is the number of
// signatures the element fixes: here against a direct count, for each class and each relabelling
// type it allows -- the same table and elements the figure will use once F is known (about
// 0.2 s an element; the table 8 s).
TEST(Burnside12Long, TwelveDigitClassSumsCountTheFixedSignatures) {
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

// Band swaps and band keeps (fixed_band_swaps.cpp, fixed_band_keeps.cpp) on 12 digits: 3x4 classes
// that swap two stacks and keep the third, or keep every stack, on which line orbits closes (the
// 3x4 job counted them so), each counted both ways here. The fast tier compares the kernels with
// line orbits on every such class of 2x3, 3x2 and 3x3; these are the 12-digit cases, with R = 4
// rows a band in the 4x3 view. 2,628 s of CPU (46 minutes of wall beside CI and two jobs: about 22
// minutes on two idle threads), most of it band keeps on 632 (210 (class, conjugate, pi) triples,
// 2^16 second bands each at most) and band swaps on 599 and 614 (576 conjugates of gamma each).
TEST(Burnside12Long, CatalogueKernelsAgreeWithLineOrbitsOnTwelveDigits) {
  const Shape s{3, 4};
  const SymmetryGroup grp = build_symmetry_group(s, false);
  const std::map<int, FixedMethod> classes = {{599, FixedMethod::BandSwaps}, {614, FixedMethod::BandSwaps},
                                              {1122, FixedMethod::BandSwaps}, {617, FixedMethod::BandKeeps},
                                              {632, FixedMethod::BandKeeps}, {762, FixedMethod::BandKeeps}};
  FixedOptions lo;
  lo.method = FixedMethod::LineOrbits;
  for (const auto& [k, m] : classes) {
    const GeometricSymmetry& g = grp.classes[static_cast<std::size_t>(k - 1)].rep;
    FixedOptions o;
    o.method = m;
    const FixedCount a = count_fixed_grids(s, g, o);
    EXPECT_EQ(a.method, m) << "class " << k;
    EXPECT_EQ(to_string(a.grids), to_string(count_fixed_grids(s, g, lo).grids)) << "class " << k;
    EXPECT_GT(a.grids, 0u) << "class " << k;
  }
}

// The 3x4 classes that cycle the three bands of the 4x3 view and whose bands keep no symmetry,
// which Auto sums over the 4x3 catalogue's 144,578 classes (fixed_band_classes.cpp): four of the
// five (2346, 215 s on two threads, is the symmetry job's, results/3x4). 3256, "stacks (1 2 3)",
// is also the sum over its 93,240,126 signature multisets (docs/symmetry.md, *The formula checked
// where line orbits gives f in milliseconds*); the others' values were this kernel's first,
// then the listing's (FixedOptions::band_classes = false, docs/symmetry.md, *Band classes*). One
// class is counted in the 4x3 orientation too, where the bands cycle directly. About 30 s on two
// threads, 10 of them the catalogue (moved from the slow tier, which keeps 3256 and the 4x3 view:
// SlowBurnside.BandClassesOnTwelveDigits).
TEST(Burnside12Long, BandClassesOnTwelveDigits) {
  test_support::expect_twelve_digit_classes(
      {{2476, {"band 1: rows (1 2 3); band 2: rows (1 2 3); band 3: rows (1 2 3); stacks (1 2 3)", u128{3654643359744}}},
       {2671, {"band 1: rows (1 2 3); band 2: rows (1 2 3); stacks (1 2 3)", u128{31703490035712}}},
       {2931, {"band 1: rows (1 2 3); stacks (1 2 3)", u128{294389038448640}}},
       {3256, {"stacks (1 2 3)", u128{2836587847090176}}}},
      FixedMethod::BandCycles, 2476, "3654643359744");
}

// The stack-cycle join (band_keep_join.hpp) against the band-by-band count it replaced
// (FixedOptions::band_keep_join off), one part ("keep1.<bucket>/64") of each of three 3x4 classes,
// gamma's stacks in the 4x3 view paired twice (class 1167, the shape of the 1162 family that made
// the join worth building), paired once with two kept (2267), all four kept (2387). The parts
// were chosen for their cost: three, three and two (class, conjugate, pi) triples, the by-band
// count about 6, 8 and 1.2 s a triple (25 s alone; moved from the slow tier, which keeps class
// 2387: SlowBurnside.BandKeepJoinAgreesWithBandByBandOnTwelveDigits). A count of one part alone need not be a multiple of the
// catalogue sum's divisor, so the final division may throw; the parts are what is compared.
TEST(Burnside12Long, BandKeepJoinAgreesWithBandByBandOnTwelveDigits) {
  test_support::expect_band_keep_join_parts_agree({{1167, 27}, {2267, 1}, {2387, 1}});
}
