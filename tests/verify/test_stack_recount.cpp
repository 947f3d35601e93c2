// The stack recount (verify/stack_recount.hpp) against the counting kernels of
// symmetry/fixed_grids.hpp, on the small shapes with a side of 2: for every class whose
// representative keeps both stacks (2 x m) or both bands (m x 2), the recount summed over EVERY
// cycle type of pi -- not only the ones the kernels' necessary conditions let through -- must
// equal the kernels' f. So the recount checks the counting and the filter at once here; the
// 10x10 classes are in slow_stack_recount.cpp.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "gridenum/symmetry/fixed_grids.hpp"
#include "gridenum/symmetry/permutation.hpp"
#include "gridenum/symmetry/symmetry_group.hpp"
#include "gridenum/verify/stack_recount.hpp"

using namespace gridenum;

namespace {

void expect_every_stack_class_agrees(Shape s, int* compared, int* fixing) {
  const SymmetryGroup grp = build_symmetry_group(s, false);
  const auto all_types = partitions(s.n());
  for (const SymmetryClass& cls : grp.classes) {
    if (!stack_recount_applies(s, cls.rep)) continue;
    const FixedCount kernel = count_fixed_grids(s, cls.rep);
    const StackRecount again = stack_recount(s, cls.rep, all_types, 2);
    EXPECT_EQ(to_string(again.grids), to_string(kernel.grids)) << s.rows << "x" << s.cols << ": " << cls.text;
    // A type the necessary conditions rule out must count nothing.
    for (std::size_t t = 0; t < all_types.size(); ++t) {
      bool allowed = false;
      for (const CycleType& k : kernel.relabel_types) allowed = allowed || k == all_types[t];
      if (!allowed) {
        EXPECT_EQ(to_string(again.per_type[t]), "0") << cls.text << " type " << type_string(all_types[t]);
      }
    }
    ++*compared;
    if (kernel.grids != 0) ++*fixing;
  }
}

}  // namespace

TEST(StackRecount, AgreesWithTheKernelsOnTwoByTwoAndTwoByThree) {
  for (Shape s : {Shape{2, 2}, Shape{2, 3}, Shape{3, 2}}) {
    int compared = 0, fixing = 0;
    expect_every_stack_class_agrees(s, &compared, &fixing);
    EXPECT_GT(compared, 0);
    EXPECT_GT(fixing, 0) << "no class with fixed grids compared for " << s.rows << "x" << s.cols;
  }
}

TEST(StackRecount, AgreesWithTheKernelsOnTwoByFour) {
  int compared = 0, fixing = 0;
  expect_every_stack_class_agrees(Shape{2, 4}, &compared, &fixing);
  // S_2 wr S_4 has 20 classes; stack-keeping classes of S_4 wr S_2 are unordered pairs of the 5
  // classes of S_4: 15. Every one of the 300 is compared.
  EXPECT_EQ(compared, 20 * 15 - 1);  // less the identity
  EXPECT_GT(fixing, 5);
}

TEST(StackRecount, Refusals) {
  const Shape s{2, 3};
  const SymmetryGroup grp = build_symmetry_group(s, false);
  EXPECT_FALSE(stack_recount_applies(s, grp.classes[0].rep));  // the identity
  bool swap_seen = false;
  for (const SymmetryClass& cls : grp.classes) {
    if (cls.rep.cols[0] / 3 == 0) continue;  // keeps the stacks
    swap_seen = true;
    EXPECT_FALSE(stack_recount_applies(s, cls.rep)) << cls.text;
    EXPECT_THROW(stack_recount(s, cls.rep, {{2, 2, 2}}), std::invalid_argument);
  }
  EXPECT_TRUE(swap_seen);
  EXPECT_FALSE(stack_recount_applies(Shape{3, 3}, grp.classes[1].rep));  // no side of 2
  for (const SymmetryClass& cls : grp.classes)
    if (stack_recount_applies(s, cls.rep)) {
      EXPECT_THROW(stack_recount(s, cls.rep, {{2, 2}}), std::invalid_argument);  // not a partition of 6
      break;
    }
}
