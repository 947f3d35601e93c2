// The footprint counter (count/side2/two_stack_split.hpp), fast checks:
//  - the same F as the matching-removal counter (two_stack_fillings, which shares no code with it)
//    on every class of m = 2, 3, 4, and random 8- and 10-digit configurations and their images
//    under the class group; on one and on two threads (the 10-digit classes are in
//    slow_two_stack_split_12.cpp: every 14th and every 71st, and 12 random configurations;
//    long_two_stack_split_12.cpp the rest of every seventh;
//    generating the 355 classes alone takes 4 s);
//  - 2x6: the known check value (every box's top row the same six digits: F = 812,851,200^2,
//    Latin squares of order 6 squared), and three classes of different symmetry whose F must not
//    move when the configuration is relabelled, its boxes permuted and its rows swapped (each image
//    gets its own row order and split, so the DP is really run differently);
//  - what it reports about itself (rows per half, states, transitions), and its refusals.
// 2x6 classes against the matching-removal counter (minutes each) are in slow_two_stack_split_12.cpp.
#include <gtest/gtest.h>

#include <oneapi/tbb/task_arena.h>

#include <random>

#include "gridenum/count/side2/side2.hpp"
#include "gridenum/count/side2/two_stack.hpp"
#include "gridenum/count/side2/two_stack_split.hpp"
#include "side2_fixtures.hpp"
#include "two_stack_split_checks.hpp"

using namespace gridenum;
using gridenum::test_support::random_config;
using gridenum::test_support::random_image;
using gridenum::test_support::expect_split_agrees_on_classes;
using gridenum::test_support::expect_split_agrees_on_random;

namespace {

Side2Config config(const char* text, int m) {
  const auto c = parse_config_string(text, m);
  if (!c) throw std::invalid_argument(std::string("bad test configuration ") + text);
  return *c;
}

}  // namespace

TEST(TwoStackSplit, AgreesWithMatchingRemovalOnTheClassesOfSmallShapes) {
  for (int m = 2; m <= 4; ++m) {
    const std::size_t classes = TwoStackClasses(m, 2).table().classes.size();
    EXPECT_EQ(expect_split_agrees_on_classes(m, 1), classes) << "m = " << m;
  }
  // 10 digits (their 355 classes take 4 s to generate): slow_two_stack_split_12.cpp.
}

TEST(TwoStackSplit, RandomConfigurationsAndTheirImages) {
  expect_split_agrees_on_random(4, 12, 15);
  expect_split_agrees_on_random(5, 3, 16);  // more in slow_two_stack_split_12.cpp
}

TEST(TwoStackSplit, TwelveDigitCheckValue) {
  // Every box's top row holds 1..6: the stack is two 6x6 Latin squares side by side.
  const Side2Config c = config("123456 123456 123456 123456 123456 123456", 6);
  const u128 l6 = 812851200;
  SplitStats st;
  EXPECT_EQ(two_stack_fillings_split(c, &st), l6 * l6);
  EXPECT_EQ(two_stack_fillings(c), l6 * l6);
  EXPECT_TRUE(st.top_rows == 6 || st.top_rows == 7);
}

TEST(TwoStackSplit, TwelveDigitClassesDoNotMoveUnderTheGroup) {
  // Representatives of 2x6 classes 45002, 57002 and 63106 (TwoStackOrbitClasses order), from
  // 10^4 to 10^6 transitions; F by the counter itself, then by five images of each.
  std::mt19937 rng(6);
  tbb::task_arena arena(2);
  for (const char* text : {"123456 123456 123457 123489 12567A 12589A", "123456 123457 123458 123467 123589 126ABC",
                           "123456 123456 123456 123478 123478 123478"}) {
    const Side2Config c = config(text, 6);
    SplitStats st;
    const u128 f = two_stack_fillings_split(c, &st, 1);
    EXPECT_GT(f, u128{0});
    EXPECT_GT(st.transitions, 0u);
    EXPECT_GT(st.join_states, 0u);
    EXPECT_GE(st.peak_states, st.join_states);
    for (int t = 0; t < 5; ++t) {
      const Side2Config img = random_image(c, rng);
      arena.execute([&] { EXPECT_EQ(two_stack_fillings_split(img, nullptr, 2), f) << text << " -> " << config_string(img); });
    }
  }
}

TEST(TwoStackSplit, TheSideTwoRouteUsesIt) {
  // side2_fillings(two-stack) is this counter: same F as the two-band route's on a 10-digit class.
  const Side2Config c = config("12345 12678 34679 35689 1456A", 5);
  EXPECT_EQ(side2_fillings(MethodId::TwoStack, c), two_stack_fillings_split(c));
  EXPECT_EQ(side2_fillings(MethodId::TwoStack, c), side2_fillings(MethodId::TwoBand, c));
}

TEST(TwoStackSplit, Refusals) {
  Side2Config bad;
  bad.m = 3;
  bad.sets = {0b000111, 0b000111, 0b001111};  // third set has four digits
  EXPECT_THROW(two_stack_fillings_split(bad), std::invalid_argument);
  Side2Config big;
  big.m = 7;
  for (int k = 0; k < 7; ++k) big.sets[static_cast<std::size_t>(k)] = 0x7F;
  ASSERT_TRUE(is_valid_config(big));
  EXPECT_THROW(two_stack_fillings_split(big), std::invalid_argument);
}
