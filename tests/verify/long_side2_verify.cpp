// `verify completions` on a fixed sample of six 5x2 classes: F by both side-2 counters and by plain
// enumeration of the stack fillings (label long: about a CPU-minute and a half, nearly all plain
// enumeration). Every class by both counters, with both orientations' totals, is the slow tier's
// fixture side2_10 (slow_side2_10.cpp); slow_side2_verify.cpp lists class 355 plainly.
#include <gtest/gtest.h>

#include "gridenum/verify/side2_verify.hpp"
#include "verify_sections.hpp"

using namespace gridenum;

TEST(Side2VerifyLong, SampledClassesByBothCountersAndPlainEnumeration) {
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

