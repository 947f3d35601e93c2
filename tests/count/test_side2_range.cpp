// `gridenum count --classes A:B` for the side-2 shapes (count/side2/side2_range.hpp): a range of classes
// of the route's class table with each class's weight, F and time; every class gives the total,
// which must be the published count (2x4, 4x2) and the whole-count driver's; ranges agree with
// side2_fillings;
// usage errors exit 2. The 2x6 run (its table takes about 15 s) is slow_side2_12's.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_run.hpp"
#include "gridenum/count/side2/side2.hpp"
#include "gridenum/count/side2/side2_range.hpp"

using namespace gridenum;
using gridenum::testing::run_cli_line;

TEST(Side2Range, EveryClassGivesTheTotalByBothRoutes) {
  for (MethodId route : {MethodId::TwoStack, MethodId::TwoBand}) {
    const Side2RangeResult r = run_side2_range(Shape{2, 4}, route, 0, 0, 2);
    ASSERT_TRUE(r.complete);
    EXPECT_EQ(r.reduction.total.str(), "29136487207403520") << to_string(route);
    EXPECT_EQ(r.transposed, route == MethodId::TwoBand);
    const Side2RangeResult part = run_side2_range(Shape{4, 2}, route, 2, 3, 1);
    EXPECT_FALSE(part.complete);
    ASSERT_EQ(part.classes.size(), 2u);
    for (const auto& c : part.classes) {
      EXPECT_EQ(c.F, r.classes[c.index - 1].F);
      EXPECT_EQ(c.F, side2_fillings(route, c.representative));
    }
  }
  EXPECT_THROW(run_side2_range(Shape{2, 4}, MethodId::TwoStack, 5, 4, 1), std::invalid_argument);
  EXPECT_THROW(run_side2_range(Shape{3, 3}, MethodId::TwoStack, 1, 1, 1), std::invalid_argument);
  EXPECT_TRUE(side2_range_shape_error(Shape{2, 7}).has_value());
  EXPECT_FALSE(side2_range_shape_error(Shape{6, 2}).has_value());
}

TEST(Side2Range, CountCommand) {
  auto p = run_cli_line("{gridenum} count --shape 4x2 --classes all --threads 1 --json");
  ASSERT_EQ(p.code, 0) << p.err;
  auto j = nlohmann::json::parse(p.out);
  EXPECT_EQ(j["total"], "29136487207403520");
  EXPECT_EQ(j["method"], "two-stack");
  EXPECT_EQ(j["transposed"], true);
  p = run_cli_line("{gridenum} count --shape 2x3 --classes 1:2 --method two-band --json");
  ASSERT_EQ(p.code, 0) << p.err;
  j = nlohmann::json::parse(p.out);
  EXPECT_EQ(j["method"], "two-band");
  EXPECT_EQ(j["classes"].size(), 2u);
  EXPECT_EQ(j["complete"], false);
  // The memory limit: the state tables' peak and limit reported; a limit no class fits in is a
  // run-time failure (exit 3) naming the class and what to do; a bad size a usage error.
  p = run_cli_line("{gridenum} count --shape 2x4 --classes 1:3 --memory-limit 64M --json");
  ASSERT_EQ(p.code, 0) << p.err;
  j = nlohmann::json::parse(p.out);
  EXPECT_EQ(j["state_tables"]["limit_bytes"], 64u << 20);
  EXPECT_GT(j["state_tables"]["peak_bytes"].get<std::uint64_t>(), 0u);
  p = run_cli_line("{gridenum} count --shape 2x4 --classes 1:3 --memory-limit 64M");
  EXPECT_NE(p.out.find("(limit 64 MiB)"), std::string::npos) << p.out;
  p = run_cli_line("{gridenum} count --shape 2x4 --classes 1:3 --memory-limit 256");
  EXPECT_EQ(p.code, 3) << p.err;
  EXPECT_NE(p.err.find("2x4 class 1 does not fit in the memory limit of 256 bytes"), std::string::npos) << p.err;
  EXPECT_NE(p.err.find("--memory-limit"), std::string::npos) << p.err;
  for (const char* bad : {"--shape 2x4 --classes 0:2", "--shape 2x4 --classes 3:2", "--shape 2x4 --classes 1:99",
                          "--shape 2x4 --classes x", "--shape 2x4 --classes 1:2 --method stack",
                          "--shape 2x4 --classes 1:2 --job-dir /tmp/nowhere", "--shape 2x4 --classes 1:2 --memory-limit lots"}) {
    p = run_cli_line(std::string("{gridenum} count ") + bad);
    EXPECT_EQ(p.code, 2) << bad;
    EXPECT_NE(p.err.find("--"), std::string::npos) << bad << ": " << p.err;
  }
}
