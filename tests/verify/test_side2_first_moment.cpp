// The side-2 first moment by the array count (verify/side2_first_moment.hpp): D(m) against a
// brute-force count of the arrays for m <= 3 (4 in the slow label), and 2^(m^2) D(m) against the
// first moment the two-stack and two-band routes re-sum from their class tables.
#include "gridenum/verify/side2_first_moment.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "gridenum/count/side2/side2.hpp"
#include "side2_arrays_brute.hpp"

namespace gridenum {
namespace {

using testing::brute_force_arrays;

// m = 4 (its brute force is most of 5 s) is the slow label's (slow_side2_first_moment.cpp);
// EqualsTheRoutesFirstMoment below still checks m = 4 against both routes here.
TEST(Side2FirstMoment, ArrayCountEqualsBruteForce) {
  for (int m = 1; m <= 3; ++m) {
    const auto r = side2_first_moment(m);
    EXPECT_EQ(r.arrays, BigInt(brute_force_arrays(m))) << "m = " << m;
    EXPECT_EQ(r.first_moment, r.arrays << (m * m)) << "m = " << m;
  }
}

TEST(Side2FirstMoment, EqualsTheRoutesFirstMoment) {
  for (int m = 2; m <= 4; ++m) {
    const auto r = side2_first_moment(m);
    for (MethodId route : {MethodId::TwoStack, MethodId::TwoBand}) {
      const Side2Classes table = side2_classes(route, m, 2);
      std::vector<u128> F;
      for (const auto& c : table.classes) F.push_back(side2_fillings(route, c.representative));
      EXPECT_EQ(side2_reduce(table, F).first_moment, r.first_moment) << "m = " << m << ", " << to_string(route);
    }
  }
}

TEST(Side2FirstMoment, RefusesShapesOutsideItsRange) {
  EXPECT_THROW(side2_first_moment(0), std::invalid_argument);
  EXPECT_THROW(side2_first_moment(7), std::invalid_argument);
}

}  // namespace
}  // namespace gridenum
