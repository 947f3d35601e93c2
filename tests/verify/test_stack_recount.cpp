// The stack recount (verify/stack_recount.hpp) against the counting kernels of
// symmetry/fixed_grids.hpp, on the small shapes with a side of 2: for every class (stack-keeping
// and stack-swapping, in the 2 x m view), the recount summed over EVERY
// cycle type of pi -- not only the ones the kernels' necessary conditions let through -- must
// equal the kernels' f. So the recount checks the counting and the filter at once here; the
// 2x4 and the 10x10 classes are in slow_stack_recount.cpp (a sample) and long_stack_recount.cpp.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "gridenum/core/stop.hpp"
#include "gridenum/symmetry/fixed_grids.hpp"
#include "gridenum/symmetry/permutation.hpp"
#include "gridenum/symmetry/symmetry_group.hpp"
#include "gridenum/verify/stack_recount.hpp"
#include "stack_recount_fixtures.hpp"

using namespace gridenum;


TEST(StackRecount, AgreesWithTheKernelsOnTwoByTwoAndTwoByThree) {
  for (Shape s : {Shape{2, 2}, Shape{2, 3}, Shape{3, 2}}) {
    int compared = 0, fixing = 0;
    test_support::expect_every_class_agrees(s, &compared, &fixing);
    EXPECT_GT(compared, 0);
    EXPECT_GT(fixing, 0) << "no class with fixed grids compared for " << s.rows << "x" << s.cols;
  }
}

TEST(StackRecount, Refusals) {
  const Shape s{2, 3};
  const SymmetryGroup grp = build_symmetry_group(s, false);
  EXPECT_FALSE(stack_recount_applies(s, grp.classes[0].rep));  // the identity
  EXPECT_THROW(stack_recount(s, grp.classes[0].rep, {{2, 2, 2}}), std::invalid_argument);
  EXPECT_TRUE(stack_recount_applies(s, grp.classes[1].rep));
  EXPECT_FALSE(stack_recount_applies(Shape{3, 3}, grp.classes[1].rep));  // no side of 2
  EXPECT_THROW(stack_recount(s, grp.classes[1].rep, {{2, 2}}), std::invalid_argument);  // not a partition of 6
  // Transposed elements (3x3 with transposition) are not taken.
  const SymmetryGroup sq = build_symmetry_group(Shape{2, 2}, true);
  bool transposed_seen = false;
  for (const SymmetryClass& cls : sq.classes)
    if (cls.rep.transpose) {
      transposed_seen = true;
      EXPECT_FALSE(stack_recount_applies(Shape{2, 2}, cls.rep)) << cls.text;
    }
  EXPECT_TRUE(transposed_seen);
}

// A stop request (core/stop.hpp) unwinds the recount as Interrupted, from inside its parallel
// loop; once the request is cleared the same call counts the kernels' f again.
TEST(StackRecount, AStopRequestUnwinds) {
  const Shape s{2, 3};
  const SymmetryGroup grp = build_symmetry_group(s, false);
  const auto all_types = partitions(s.n());
  const SymmetryClass* fixing = nullptr;
  for (const SymmetryClass& cls : grp.classes)
    if (!cls.rep.is_identity() && count_fixed_grids(s, cls.rep).grids != 0) {
      fixing = &cls;
      break;
    }
  ASSERT_NE(fixing, nullptr);
  request_stop();
  EXPECT_THROW(stack_recount(s, fixing->rep, all_types, 2), Interrupted);
  clear_stop_request();
  EXPECT_EQ(to_string(stack_recount(s, fixing->rep, all_types, 2).grids), to_string(count_fixed_grids(s, fixing->rep).grids));
}
