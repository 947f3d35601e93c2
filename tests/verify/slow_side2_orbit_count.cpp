// The Burnside count of the 10- and 12-digit side-2 classes (verify/side2_orbit_count.hpp) against the
// orbit generator's table (count/side2/two_stack_orbits.cpp, about 15 s: label slow); they share no
// code; m = 5 also against the listing generator (class count and histograms). The smaller m are
// test_side2_orbit_count.cpp's.
#include <gtest/gtest.h>

#include <cstdio>

#include "gridenum/count/side2/two_stack.hpp"
#include "gridenum/verify/side2_orbit_count.hpp"

using namespace gridenum;

TEST(Side2OrbitCountSlow, BurnsideAgreesWithTheOrbitGeneratorAtTwelveDigits) {
  const HistogramOrbitCount b = count_histogram_orbits(6);
  const TwoStackOrbitClasses g(6, 2);
  EXPECT_EQ(b.orbits, g.table().classes.size());
  EXPECT_EQ(b.group_order, g.table().group_order);
  // B_6's 65 signed cycle types, its order 2^6 6!, and the published class number.
  EXPECT_EQ(b.conjugacy_classes, 65u);
  EXPECT_EQ(b.group_order, 46080u);
  EXPECT_EQ(b.orbits, 63199u);
  // The histograms themselves (the identity's fixed points): too many for the listing generator,
  // and at least one per configuration class times the largest orbit.
  EXPECT_GT(b.histograms, b.orbits);
  EXPECT_LE(b.histograms, b.orbits * b.group_order);
  std::printf("m = 6: %llu type histograms, %llu classes, %.2f s\n", static_cast<unsigned long long>(b.histograms),
              static_cast<unsigned long long>(b.orbits), b.seconds);
}

TEST(Side2OrbitCountSlow, BurnsideAgreesWithBothGeneratorsAtTenDigits) {
  const HistogramOrbitCount b = count_histogram_orbits(5);
  const TwoStackClasses listed(5);
  EXPECT_EQ(b.orbits, listed.table().classes.size());
  EXPECT_EQ(b.histograms, listed.histograms());
  EXPECT_EQ(b.orbits, TwoStackOrbitClasses(5, 2).table().classes.size());
}
