// The full side-2 verification of 10-digit shapes (issue 14): `verify classes` on 2x5 (the two
// generators' 355 classes matched with equal weights, and the census of the configurations with
// boxes 1-3 reduced by their stabilisers) and `verify completions` on a fixed sample of 5x2's
// classes (F by both counters and plain enumeration). Minutes: label slow.
#include <gtest/gtest.h>

#include "gridenum/verify/side2_verify.hpp"

using namespace gridenum;

TEST(Side2VerifySlow, ClassesOfTwoByFive) {
  const VerifyReport r = verify_side2_classes(Shape{2, 5}, 2);
  EXPECT_TRUE(r.pass()) << format_text(r);
  ASSERT_GE(r.sections.size(), 3u);
  EXPECT_EQ(r.sections[2].lines.size(), 355u);
}

// F of a fixed sample of six classes by both counters and plain enumeration. Every class by both
// counters, with both orientations' totals, is slow_side2_10's TenDigitTotalsByBothRoutes (the
// same work as `verify completions --all`, which would double CI's longest test).
TEST(Side2VerifySlow, SampledClassesByBothCountersAndPlainEnumeration) {
  VerifySide2FillingsOptions o;
  o.shape = Shape{5, 2};
  o.sample = 6;  // about a minute of CPU, mostly plain enumeration
  o.seed = 20261123;
  o.threads = 2;
  o.plain_limit = 20000000;  // plain enumeration on the classes with F / 5! <= 2e7 (most of them)
  const VerifyReport r = verify_side2_fillings(o);
  EXPECT_TRUE(r.pass()) << format_text(r);
  ASSERT_FALSE(r.sections.empty());
  EXPECT_EQ(r.sections.front().lines.size(), 6u);
  std::size_t plain = 0;
  for (const auto& l : r.sections.front().lines) plain += l.note == "plain enumeration agrees";
  EXPECT_EQ(plain, 6u) << format_text(r);  // these six are all small enough to list (F / 5! <= 2e7)
}
