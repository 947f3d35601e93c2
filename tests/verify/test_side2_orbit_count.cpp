// The Burnside count of the side-2 classes (verify/side2_orbit_count.hpp), against the class
// generators, which it shares no code with: for m = 2..4 (m = 5, 6: slow_side2_orbit_count) it must
// give the listing generator's (TwoStackClasses) class count and, from the identity's fixed points,
// its number of histograms listed, and the orbit generator's (TwoStackOrbitClasses) class count;
// for m = 6 the published 63,199.
#include <gtest/gtest.h>

#include <cstdio>

#include "gridenum/count/side2/two_stack.hpp"
#include "gridenum/verify/side2_orbit_count.hpp"

using namespace gridenum;

TEST(Side2OrbitCount, BurnsideAgreesWithBothGeneratorsUpToEightDigits) {
  for (int m = 2; m <= 4; ++m) {
    const HistogramOrbitCount b = count_histogram_orbits(m);
    EXPECT_EQ(b.group_order, factorial_u64(m) << m);
    const TwoStackClasses listed(m);
    EXPECT_EQ(b.orbits, listed.table().classes.size()) << "m = " << m;
    EXPECT_EQ(b.histograms, listed.histograms()) << "m = " << m;
    EXPECT_EQ(b.orbits, TwoStackOrbitClasses(m, 2).table().classes.size()) << "m = " << m;
  }
}

TEST(Side2OrbitCount, TwelveDigitsAndTheConjugacyClasses) {
  // Signed cycle types of B_m: pairs of partitions (a, b) with |a| + |b| = m: 5, 10, 20, 36, 65.
  const std::uint64_t expected[] = {5, 10, 20, 36, 65};
  for (int m = 2; m <= 5; ++m) EXPECT_EQ(count_histogram_orbits(m).conjugacy_classes, expected[m - 2]) << "m = " << m;
  const HistogramOrbitCount six = count_histogram_orbits(6);
  EXPECT_EQ(six.conjugacy_classes, 65u);
  EXPECT_EQ(six.group_order, 46080u);
  EXPECT_EQ(six.orbits, 63199u);  // published
  // The histograms themselves (the identity's fixed points): too many for the listing generator,
  // and at least one per configuration class times the largest orbit.
  EXPECT_GT(six.histograms, six.orbits);
  EXPECT_LE(six.histograms, six.orbits * six.group_order);
  std::printf("m = 6: %llu type histograms, %llu classes, %.2f s\n", static_cast<unsigned long long>(six.histograms),
              static_cast<unsigned long long>(six.orbits), six.seconds);
  EXPECT_THROW(count_histogram_orbits(7), std::invalid_argument);
  EXPECT_THROW(count_histogram_orbits(1), std::invalid_argument);
}
