// The 10-digit counts by both side-2 routes (issue 14): 2x5 natively by two-stack, 5x2 natively
// by two-band, each equal to the published 1,903,816,047,972,624,930,994,913,280,000 (Pettersen
// 2005), the first moment sum weight x F equal to 1,388,348,372,994,018,508,800 (fillings of one
// 10x5 stack), and the two routes' F equal class for class (classes matched by the two-stack
// classifier). Also the 10-digit class tables of both generators matched class for class, and
// random 10-digit configurations by both counters and under the group. Minutes on 2 cores (the
// two-band route is the slower one): label slow.
#include <gtest/gtest.h>

#include <random>

#include "gridenum/count/side2.hpp"
#include "gridenum/count/two_band.hpp"
#include "gridenum/count/two_stack.hpp"
#include "side2_fixtures.hpp"

using namespace gridenum;
using gridenum::test_support::random_config;
using gridenum::test_support::random_image;


TEST(Side2Slow, TenDigitTotalsByBothRoutes) {
  Side2Options o;
  o.shape = Shape{2, 5};
  o.route = Side2Route::TwoStack;
  o.threads = 2;
  const Side2Result stack = run_side2_count(o);
  o.shape = Shape{5, 2};
  o.route = Side2Route::TwoBand;
  const Side2Result band = run_side2_count(o);
  for (const Side2Result* r : {&stack, &band}) {
    EXPECT_EQ(r->classes.classes.size(), 355u);
    EXPECT_EQ(r->reduction.weight_sum, 1016255020032ull);
    // Read through the JSON document (compiled into the library: cpp_int::str() inlined in this
    // file draws a false GCC 12 -Wrestrict warning).
    const auto j = to_json(*r);
    EXPECT_EQ(j["first_moment"], "1388348372994018508800");
    EXPECT_EQ(j["total"], "1903816047972624930994913280000");
    EXPECT_FALSE(r->transposed);
  }
  const TwoStackClasses a(5);
  std::vector<int> matched(355, 0);
  for (std::size_t j = 0; j < band.classes.classes.size(); ++j) {
    const std::uint32_t i = a.class_of(band.classes.classes[j].representative);
    ++matched[i];
    EXPECT_EQ(stack.F[i], band.F[j]) << "class " << i + 1;
    EXPECT_EQ(stack.classes.classes[i].weight, band.classes.classes[j].weight);
  }
  for (int k : matched) EXPECT_EQ(k, 1);
}

TEST(Side2Slow, ClassTablesOfTenDigitsAgree) {
  const TwoStackClasses a(5);
  const TwoBandClasses b(5);
  ASSERT_EQ(a.table().classes.size(), 355u);
  ASSERT_EQ(b.table().classes.size(), 355u);
  EXPECT_EQ(a.table().configurations, 1016255020032ull);  // 252^5
  std::uint64_t wa = 0, wb = 0;
  for (const auto& c : a.table().classes) wa += c.weight;
  for (const auto& c : b.table().classes) wb += c.weight;
  EXPECT_EQ(wa, 1016255020032ull);
  EXPECT_EQ(wb, 1016255020032ull);
  EXPECT_EQ(a.histograms(), a.table().enumerated);
  EXPECT_EQ(b.nodes(), 11009376u);  // C(129, 4): 4-multisets of the 126 box partitions
  EXPECT_EQ(a.table().group_order, 3840u);
  // A bijection with equal weights, checked from both sides.
  std::vector<int> seen(355, 0);
  for (std::uint32_t i = 0; i < 355; ++i) {
    const std::uint32_t j = b.class_of(a.table().classes[i].representative);
    ASSERT_LT(j, 355u);
    ++seen[j];
    EXPECT_EQ(a.table().classes[i].weight, b.table().classes[j].weight) << "class " << i + 1;
    EXPECT_EQ(a.class_of(b.table().classes[j].representative), i) << "class " << i + 1;
    EXPECT_EQ(a.class_of(a.table().classes[i].representative), i);
    EXPECT_EQ(b.class_of(b.table().classes[i].representative), i);
  }
  for (int k : seen) EXPECT_EQ(k, 1);
  // The all-same class: every box's top row {1..5}; 10!/(5!5!) x 2^5 / 2 = 252 x 16 choices
  // (S_1 any 5-set, the others equal to it or to its complement).
  Side2Config same;
  same.m = 5;
  for (int k = 0; k < 5; ++k) same.sets[k] = 0x1f;
  EXPECT_EQ(a.table().classes[a.class_of(same)].weight, 252u * 16u);
}

TEST(Side2Slow, TenDigitConfigurationsBothCountersAndTheGroup) {
  std::mt19937 rng(14);
  const TwoStackClasses a(5);
  for (int t = 0; t < 2; ++t) {
    const Side2Config c = random_config(5, rng);
    const u128 f = two_stack_fillings(c);
    if (t == 0) {
      EXPECT_EQ(two_band_fillings(c), f) << config_string(c);  // seconds: once
    }
    const Side2Config img = random_image(c, rng);
    EXPECT_EQ(two_stack_fillings(img), f) << config_string(img);
    EXPECT_EQ(a.class_of(img), a.class_of(c));
  }
}
