// The footprint counter against the matching-removal counter (two_stack_fillings, no shared
// code) on 10 and 12 digits, and a 2x6 job, label slow (a few minutes):
//  - every 14th 10-digit class and 12 random 10-digit configurations with images (the fast
//    test takes every 71st class and 3 configurations; the long tier the classes 7 mod 14);
//  - one of classes 63106, 63150 and 63190 of the 63,199 (TwoStackOrbitClasses order; the
//    representatives are written out so that no class table is built), the other two in the long
//    tier (long_two_stack_split_12.cpp: the three took 59 s of CI's slow tier on AMD EPYC family 23).
//    Matching removal needs 2 to 16 s on them, the footprint counter milliseconds (class 63002
//    agrees too, but its 3 minutes of matching removal were left out). Generic classes take the matching-removal
//    counter hours (class 1: not done after 89 CPU-minutes), so those are checked by the
//    group-invariance tests (test_two_stack_split, slow_side2_12) instead;
//  - `count --shape 2x6 --job-dir D --shard 63199/63199`: a real 2x6 job (the plan is the 63,199
//    classes, the shard their last one), whose journal and result carry F = 812,851,200^2.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "gridenum/count/side2/side2.hpp"
#include "gridenum/count/side2/two_stack.hpp"
#include "gridenum/count/side2/two_stack_split.hpp"
#include "cli_run.hpp"
#include "two_stack_split_checks.hpp"

using namespace gridenum;

// The 10-digit share of test_two_stack_split.cpp's checks against matching removal: every
// 14th class of the 355 (26; the long tier takes the other half of every seventh,
// long_two_stack_split_12.cpp) and every 71st from class 72 (4) on one and two threads, and 12
// random configurations with images.
TEST(TwoStackSplitSlow, TenDigitClassesAgainstMatchingRemoval) {
  EXPECT_EQ(test_support::expect_split_agrees_on_classes(5, 14), 26u);
  // And every 71st from class 72 (the fast tier's sample before the classes moved here).
  EXPECT_EQ(test_support::expect_split_agrees_on_classes(5, 71, 71), 4u);
  test_support::expect_split_agrees_on_random(5, 12, 15);
}

TEST(TwoStackSplitSlow, TwelveDigitClassesAgainstMatchingRemoval) {
  test_support::expect_split_agrees_on_configs(6, {"123456 123456 123456 123478 123478 123478"});
}

TEST(TwoStackSplitSlow, TwelveDigitShardAsAJob) {
  using gridenum::testing::run_cli_line;
  gridenum::testing::TempDir t;
  const std::string dir = (t / "job").string();
  auto p = run_cli_line("{gridenum} count --shape 2x6 --job-dir " + dir + " --shard 63199/63199 --threads 2");
  ASSERT_EQ(p.code, 0) << p.out << p.err;
  p = run_cli_line("{gridenum} status " + dir + " --json");
  ASSERT_EQ(p.code, 0) << p.out << p.err;
  const auto j = nlohmann::json::parse(p.out);
  EXPECT_EQ(j.dump().find("63199") != std::string::npos, true) << p.out;
  const std::string journal = gridenum::testing::slurp(t / "job" / "journal");
  EXPECT_NE(journal.find("660727073341440000"), std::string::npos) << journal;
}
