// The footprint counter against the matching-removal counter (two_stack_fillings, no shared
// code) on two of classes 63106, 63150 and 63190 of the 63,199 12-digit side-2 classes
// (TwoStackOrbitClasses order; representatives written out, so no class table is built), label
// long: moved from the slow tier (slow_two_stack_split_12.cpp), which keeps the third and the
// 10-digit classes; and the other half of every seventh 10-digit class (classes 8, 22, ..., 344;
// the slow tier takes 1, 15, ..., 351).
#include <gtest/gtest.h>

#include "two_stack_split_checks.hpp"

using namespace gridenum;

TEST(TwoStackSplitLong, TwelveDigitClassesAgainstMatchingRemoval) {
  test_support::expect_split_agrees_on_configs(
      6, {"123456 123456 123457 123457 123468 123468", "123456 123456 123457 123458 123459 12345A"});
}

TEST(TwoStackSplitLong, TenDigitClassesAgainstMatchingRemoval) {
  EXPECT_EQ(test_support::expect_split_agrees_on_classes(5, 14, 7), 25u);
}
