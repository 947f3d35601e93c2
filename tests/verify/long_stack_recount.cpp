// 10x10 (2x5 and 5x2 boxes): the stack recount (verify/stack_recount.hpp) against the signature
// kernel on classes 731, 732, 733 and 766 of the 2x5 group -- the four classes no other
// independent code had recounted while the 10x10 essentially-different figure disagrees with the
// published one (README) -- in both orientations. The recount uses the relabelling types the
// kernel's necessary conditions allow (every type would cost minutes per class on 10 digits; the
// fast test sweeps every type on the smaller shapes). The other stack-keeping classes that fix
// grids (734..736, 941..946, 1081..1086) were recounted the same way once, by hand (README).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gridenum/symmetry/fixed_grids.hpp"
#include "gridenum/symmetry/symmetry_group.hpp"
#include "gridenum/verify/stack_recount.hpp"
#include "stack_recount_fixtures.hpp"

using namespace gridenum;

namespace {

const std::vector<std::string> kClasses = {
    "bands (1 2); bands (3 4); band 5: rows (1 2); stack 1: columns (1 2)(3 4); stack 2: columns (1 2)(3 4)",  // 731
    "bands (1 2); bands (3 4); band 5: rows (1 2); stack 1: columns (1 2)(3 4); stack 2: columns (1 2)",       // 732
    "bands (1 2); bands (3 4); band 5: rows (1 2); stack 1: columns (1 2)(3 4)",                              // 733
    "bands (1 2); bands (3 4); stack 1: columns (1 2)(3 4); stack 2: columns (1 2)(3 4)",                     // 766
};

}  // namespace

TEST(SlowStackRecount, TheFourClassesOfTwoByFiveInBothOrientations) {
  const Shape s{2, 5}, t{5, 2};
  const SymmetryGroup grp = build_symmetry_group(s, false);
  int found = 0;
  for (const SymmetryClass& cls : grp.classes) {
    bool wanted = false;
    for (const auto& text : kClasses) wanted = wanted || cls.text == text;
    if (!wanted) continue;
    ++found;
    ASSERT_TRUE(stack_recount_applies(s, cls.rep)) << cls.text;
    const FixedCount kernel = count_fixed_grids(s, cls.rep);
    ASSERT_NE(kernel.grids, 0u) << cls.text;
    const auto types = relabelling_types(s, cls.rep);
    const StackRecount again = stack_recount(s, cls.rep, types, 0);
    EXPECT_EQ(to_string(again.grids), to_string(kernel.grids)) << cls.text;
    // The same element seen in the 5x2 shape (rows and columns trade places): the recount then
    // works through the transposed view, the kernel in its own orientation.
    const GeometricSymmetry turned = transposed_view(cls.rep);
    ASSERT_TRUE(stack_recount_applies(t, turned)) << cls.text;
    EXPECT_EQ(to_string(stack_recount(t, turned, relabelling_types(t, turned), 0).grids), to_string(kernel.grids)) << cls.text;
  }
  EXPECT_EQ(found, 4);
}

TEST(SlowStackRecount, AgreesWithTheKernelsOnTwoByFourOverEveryType) {
  int compared = 0, fixing = 0;
  test_support::expect_every_class_agrees(Shape{2, 4}, &compared, &fixing);
  // S_2 wr S_4 has 20 classes; S_4 wr S_2 has 15 stack-keeping ones (unordered pairs of the 5
  // classes of S_4) and 5 stack-swapping ones. Every one of the 400 but the identity is compared.
  EXPECT_EQ(compared, 20 * 20 - 1);
  EXPECT_GT(fixing, 5);
}
