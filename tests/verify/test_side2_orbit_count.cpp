// The Burnside count of the side-2 classes (verify/side2_orbit_count.hpp), against the class
// generators, which it shares no code with: for m = 2..4 (m = 5, 6: slow_side2_orbit_count) it must
// give the listing generator's (TwoStackClasses) class count and, from the identity's fixed points,
// its number of histograms listed, and the orbit generator's (TwoStackOrbitClasses) class count;
// the conjugacy classes of B_m up to m = 5. m = 6 (the published 63,199; 3 s) is the slow file's.
#include <gtest/gtest.h>

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

TEST(Side2OrbitCount, TheConjugacyClassesAndTheRefusals) {
  // Signed cycle types of B_m: pairs of partitions (a, b) with |a| + |b| = m: 5, 10, 20, 36.
  const std::uint64_t expected[] = {5, 10, 20, 36};
  for (int m = 2; m <= 5; ++m) EXPECT_EQ(count_histogram_orbits(m).conjugacy_classes, expected[m - 2]) << "m = " << m;
  EXPECT_THROW(count_histogram_orbits(7), std::invalid_argument);
  EXPECT_THROW(count_histogram_orbits(1), std::invalid_argument);
}
