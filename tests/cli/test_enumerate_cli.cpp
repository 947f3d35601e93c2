// `gridenum enumerate` (src/cli/cmd_enumerate.cpp): its --json document holds what the text
// prints -- the number of grids, and every grid with --list -- and what was counted and how.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "cli_run.hpp"

namespace {
using namespace gridenum::testing;
using nlohmann::json;

json enumerate_json(const std::vector<std::string>& args) {
  const Proc p = run_cli(args);
  EXPECT_EQ(p.code, 0) << p.err;
  EXPECT_EQ(p.err, "");
  return json::parse(p.out);
}
}  // namespace

TEST(EnumerateCli, JsonHoldsWhatTheTextPrints) {
  // The count: 4x4 (2x2 boxes) and 6x6, first row fixed and times n!.
  for (const std::string shape : {"2x2", "2x3"}) {
    const Proc text = run_cli({"enumerate", "--shape", shape});
    ASSERT_EQ(text.code, 0) << text.err;
    const json j = enumerate_json({"enumerate", "--shape", shape, "--json"});
    EXPECT_EQ(std::to_string(j.at("count").get<std::uint64_t>()) + "\n", text.out) << shape;
    EXPECT_EQ(j.at("shape"), shape);
    EXPECT_EQ(j.at("rules"), "classic");
    EXPECT_EQ(j.at("engine"), "dlx");
    EXPECT_TRUE(j.at("first_row_fixed").get<bool>());
    EXPECT_TRUE(j.at("limit").is_null());
    EXPECT_FALSE(j.at("limit_reached").get<bool>());
    EXPECT_FALSE(j.contains("grids"));
  }
  EXPECT_EQ(enumerate_json({"enumerate", "--shape", "2x2", "--rules", "x", "--json"}).at("count"), 48);
  // --list: the grids the text lists, in its order, and their number.
  const Proc listed = run_cli({"enumerate", "--shape", "2x2", "--rules", "x", "--list"});
  ASSERT_EQ(listed.code, 0) << listed.err;
  const json all = enumerate_json({"enumerate", "--shape", "2x2", "--rules", "x", "--list", "--json"});
  EXPECT_EQ(all.at("grids").get<std::vector<std::string>>(), lines_of(listed.out));
  EXPECT_EQ(all.at("count"), 48);
  EXPECT_FALSE(all.at("first_row_fixed").get<bool>());
  // --limit K: stopped at K, and says so.
  const json some = enumerate_json({"enumerate", "--shape", "2x3", "--list", "--limit", "5", "--json"});
  EXPECT_EQ(some.at("grids").size(), 5u);
  EXPECT_EQ(some.at("count"), 5);
  EXPECT_EQ(some.at("limit"), 5);
  EXPECT_TRUE(some.at("limit_reached").get<bool>());
}
