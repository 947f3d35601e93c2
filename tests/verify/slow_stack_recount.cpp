// The stack recount (verify/stack_recount.hpp) against the symmetry kernels on shapes past the
// fast test's (label slow; the whole checks are long_stack_recount.cpp's, about 3 minutes):
//  - 2x4: every tenth class of the 399 non-identity ones, over every relabelling type (the long
//    test takes them all);
//  - 10x10: class 733 of the 2x5 group in the 2x5 orientation (the long test takes 731, 732, 733
//    and 766 in both orientations).
#include <gtest/gtest.h>

#include "stack_recount_fixtures.hpp"

using namespace gridenum;

TEST(SlowStackRecount, EveryTenthClassOfTwoByFourOverEveryType) {
  int compared = 0, fixing = 0;
  test_support::expect_every_class_agrees(Shape{2, 4}, &compared, &fixing, 10);
  EXPECT_EQ(compared, 40);  // 399 classes, every tenth from the first
  EXPECT_GT(fixing, 0);
}

TEST(SlowStackRecount, OneClassOfTwoByFive) {
  EXPECT_EQ(test_support::expect_two_by_five_recounts({test_support::two_by_five_stack_keeping_classes()[2]}, false), 1);
}
