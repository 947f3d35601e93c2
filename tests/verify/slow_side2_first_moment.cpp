// The side-2 first moment's costlier checks (label slow, about 8 s; the fast label's
// test_side2_first_moment.cpp keeps m <= 3 against brute force and m <= 4 against both routes):
// m = 4 against brute force, and 12x12's published first moment.
#include "gridenum/verify/side2_first_moment.hpp"

#include <gtest/gtest.h>

#include "side2_arrays_brute.hpp"

namespace gridenum {
namespace {

TEST(Side2FirstMomentSlow, ArrayCountEqualsBruteForceOnFour) {
  const auto r = side2_first_moment(4);
  EXPECT_EQ(r.arrays, BigInt(testing::brute_force_arrays(4)));
  EXPECT_EQ(r.first_moment, r.arrays << 16);
}

TEST(Side2FirstMomentSlow, PublishedFirstMomentOfTwelveByTwelve) {
  // linche89/sudoku-enumeration's receipt (2026) for 2x6 boxes.
  const auto r = side2_first_moment(6);
  EXPECT_EQ(r.first_moment, BigInt("4876139207527966044188061990912000"));
  // What keeps it cheap is the work, not the clock: the dynamic programme meets 184 histogram
  // orbits over the six columns (a deterministic figure; its time is BM_Side2FirstMoment's, in
  // docs/methods/side2.md -- a wall-time bound here failed under the sanitizers on a slower CPU).
  EXPECT_EQ(r.states, 184u);
}

}  // namespace
}  // namespace gridenum
