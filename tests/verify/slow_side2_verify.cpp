// The full side-2 verification of 10-digit shapes (issue 14): `verify classes` on 2x5 (the two
// generators' 355 classes matched with equal weights, and the census of the configurations with
// boxes 1-3 reduced by their stabilisers) and `verify completions --all` on 5x2 (F of every class
// by both counters, plain enumeration where small, both orientations' totals equal to the
// published count). Minutes: label slow.
#include <gtest/gtest.h>

#include "gridenum/verify/side2_verify.hpp"

using namespace gridenum;

TEST(Side2VerifySlow, ClassesOfTwoByFive) {
  const VerifyReport r = verify_side2_classes(Shape{2, 5}, 2);
  EXPECT_TRUE(r.pass()) << format_text(r);
  ASSERT_GE(r.sections.size(), 3u);
  EXPECT_EQ(r.sections[2].lines.size(), 355u);
}

TEST(Side2VerifySlow, EveryClassAndBothOrientations) {
  VerifySide2FillingsOptions o;
  o.shape = Shape{5, 2};
  o.all = true;
  o.threads = 2;
  o.plain_limit = 20000000;  // plain enumeration on the classes with F / 5! <= 2e7 (most of them)
  const VerifyReport r = verify_side2_fillings(o);
  EXPECT_TRUE(r.pass()) << format_text(r);
  const VerifySection& tot = r.sections.back();
  ASSERT_EQ(tot.title, "totals of both orientations");
  EXPECT_EQ(tot.lines[1].left, "1903816047972624930994913280000");
  EXPECT_EQ(tot.lines[1].right, "1903816047972624930994913280000");
  EXPECT_EQ(tot.lines[0].left, "1388348372994018508800");
}
