// The 10-digit counts by both side-2 routes (issue 14): 2x5 natively by two-stack, 5x2 natively
// by two-band, each equal to the published 1,903,816,047,972,624,930,994,913,280,000 (Pettersen
// 2005), the first moment sum weight x F equal to 1,388,348,372,994,018,508,800 (fillings of one
// 10x5 stack), and the two routes' F equal class for class (classes matched by the two-stack
// classifier). Minutes on 2 cores (the two-band route is the slower one): label slow.
#include <gtest/gtest.h>

#include "gridenum/count/side2.hpp"
#include "gridenum/count/two_stack.hpp"

using namespace gridenum;


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
