// The two-stack orbit generator (TwoStackOrbitClasses, count/side2/two_stack_orbits.cpp), fast checks:
//  - m = 2..4: the same classes and weights as the listing generator (TwoStackClasses), matched
//    class for class through each other's classifier (the orders and representatives differ),
//    and random configurations classified alike (m = 5: slow_side2_12, the listing generator
//    takes seconds there);
//  - the known check value by both routes' side2_fillings: "every box's top row holds
//    the same six digits" has F = 812,851,200^2;
//  - refusals outside 2..6 (and of the two-band generator at m = 6).
// The m = 5 comparison and the m = 6 table (about 15 s to build: 63,199 classes, weights summing to 924^6, the group, F of
// sampled classes by both counters) is slow_side2_12.cpp; the Burnside count of the classes
// (independent code) is tests/verify/test_side2_orbit_count.
#include <gtest/gtest.h>

#include <random>

#include "gridenum/count/side2/side2.hpp"
#include "gridenum/count/side2/two_stack.hpp"
#include "side2_fixtures.hpp"

using namespace gridenum;
using gridenum::test_support::binom_pow;
using gridenum::test_support::random_config;
using gridenum::test_support::random_image;

TEST(Side2Orbits, SameClassesAsTheListingGeneratorUpToEightDigits) {
  for (int m = 2; m <= 4; ++m) {
    const TwoStackClasses a(m);
    const TwoStackOrbitClasses b(m, 2);
    const std::size_t n = a.table().classes.size();
    ASSERT_EQ(b.table().classes.size(), n) << "m = " << m;
    EXPECT_EQ(b.level_classes().back(), n);
    EXPECT_EQ(b.table().group_order, a.table().group_order);
    std::vector<int> seen(n, 0);
    for (std::uint32_t i = 0; i < n; ++i) {
      const auto& rep = b.table().classes[i].representative;
      EXPECT_EQ(rep.sets[0], (1u << m) - 1) << "m = " << m;  // S_1 = {1..m}
      EXPECT_EQ(b.class_of(rep), i);
      const std::uint32_t j = a.class_of(rep);
      ASSERT_LT(j, n);
      ++seen[j];
      EXPECT_EQ(b.table().classes[i].weight, a.table().classes[j].weight) << "m = " << m << ", class " << i + 1;
      EXPECT_EQ(b.class_of(a.table().classes[j].representative), i);
    }
    for (int k : seen) EXPECT_EQ(k, 1) << "m = " << m;
    std::uint64_t sum = 0;
    for (const auto& c : b.table().classes) sum += c.weight;
    EXPECT_EQ(sum, binom_pow(m)) << "m = " << m;
  }
}

TEST(Side2Orbits, EightDigitConfigurationsClassifiedAlikeByBothGenerators) {
  // Random configurations and random images of them (the class group): the orbit classifier
  // (a canonical form) must not move, and must pair with the listing classifier (a lookup).
  std::mt19937 rng(15);
  const TwoStackClasses a(4);
  const TwoStackOrbitClasses b(4, 2);
  for (int i = 0; i < 200; ++i) {
    const Side2Config c = random_config(4, rng);
    const std::uint32_t k = b.class_of(c);
    const Side2Config img = random_image(c, rng);
    EXPECT_EQ(b.class_of(img), k) << config_string(c);
    EXPECT_EQ(a.class_of(b.table().classes[k].representative), a.class_of(img)) << config_string(c);
  }
}

TEST(Side2Orbits, Refusals) {
  EXPECT_THROW(side2_classes(MethodId::TwoBand, 6), std::invalid_argument);
  EXPECT_THROW(TwoStackOrbitClasses(7), std::invalid_argument);
  EXPECT_THROW(TwoStackOrbitClasses(1), std::invalid_argument);
  EXPECT_THROW(TwoStackOrbitClasses(4).class_of(Side2Config{}), std::invalid_argument);
}

TEST(Side2Orbits, TwoBySixCheckValueByBothRoutes) {
  // Every box's top row holds the same six digits: the stack is two 6x6 Latin squares (the class
  // table's side of this check is slow_side2_12's TwoBySixCheckValueThroughTheClassTable).
  Side2Config same;
  same.m = 6;
  for (int k = 0; k < 6; ++k) same.sets[k] = 0x3f;
  for (MethodId r : {MethodId::TwoStack, MethodId::TwoBand})
    EXPECT_EQ(to_string(side2_fillings(r, same)), "660727073341440000") << to_string(r);  // 812,851,200^2
}
