// The 12-digit side-2 class table built a second time, label long (moved from the slow tier's
// Side2Slow12 suite, slow_side2_12.cpp, where they took about 130 s of its test time on AMD EPYC
// family 23: each check builds the 63,199-class table once more, 15 to 45 s a build):
//  - side2_classes(TwoStack, 6), the route's own entry point, gives the orbit generator's table;
//  - `count --shape 2x6 --classes 63199` and the 6x2 view by the two-band counter print the
//    check value of the class "every box's top row holds the same six digits".
// The slow tier keeps the same paths at 10 digits (slow_side2_10.cpp) and the CLI's --classes
// runs of 2x4 and 2x5 (slow_count_outputs_cli.cpp).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "gridenum/count/side2/side2.hpp"
#include "gridenum/count/side2/two_stack.hpp"
#include "cli_run.hpp"

using namespace gridenum;

namespace {

const TwoStackOrbitClasses& six() {
  static const TwoStackOrbitClasses t(6, 2);
  return t;
}

}  // namespace

TEST(Side2Long12, SideTwoClassesTakeTwelveDigitsByTheTwoStackRoute) {
  const Side2Classes t = side2_classes(MethodId::TwoStack, 6, 2);
  ASSERT_EQ(t.classes.size(), six().table().classes.size());
  EXPECT_EQ(t.classes.front().representative, six().table().classes.front().representative);
  EXPECT_EQ(t.classes.back().weight, six().table().classes.back().weight);
}


TEST(Side2Long12, CountCommandWithClasses) {
  using gridenum::testing::run_cli_line;
  // 2x6: the last class of the 63,199 is "every box's top row the same six digits".
  auto p = run_cli_line("{gridenum} count --shape 2x6 --classes 63199:63199 --threads 2");
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_NE(p.out.find("of 63199"), std::string::npos) << p.out;
  EXPECT_NE(p.out.find("123456 123456 123456 123456 123456 123456"), std::string::npos) << p.out;
  EXPECT_NE(p.out.find("660727073341440000"), std::string::npos) << p.out;
  EXPECT_NE(p.out.find("no total"), std::string::npos) << p.out;
  // 6x2 by the two-band counter (the table is still the two-stack orbit generator's).
  p = run_cli_line("{gridenum} count --shape 6x2 --classes 63199 --method two-band --threads 2 --json");
  ASSERT_EQ(p.code, 0) << p.err;
  const auto j = nlohmann::json::parse(p.out);
  EXPECT_EQ(j["classes"][0]["F"], "660727073341440000");
  EXPECT_EQ(j["transposed"], false);
}
