// `gridenum symmetry --grid-counts` end to end with a real count (label slow: a 2x5 count job and
// three Burnside runs that each rebuild and check its class table, about 15 s).
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "cli_run.hpp"

using namespace gridenum::testing;

// --grid-counts: the identity's term and the F(S) classes from a finished two-stack count (a job
// directory here, 2x5), the only way to the 2x6 figure. The two classes below are counted from F
// over the side-2 classes; their values are the histogram walk's (the path without a class table,
// before --grid-counts existed), and the identity's term is 10x10's total / 10!. Refused: a
// document whose one F was changed (it fails verify's first moment against the array count), a
// count of another shape (the fast tier's GridCountsRefusals has the cheap refusals).
TEST(SymmetryCliSlow, GridCountsFromAFinishedCount) {
  TempDir t;
  const std::string dir = (t / "count25").string();
  Proc p = run_cli({"count", "--shape", "2x5", "--job-dir", dir, "--threads", "2"});
  ASSERT_EQ(p.code, 0) << p.err;
  p = run_cli({"symmetry", "--shape", "5x2", "--grid-counts", dir, "--classes", "1,1058,1233", "--threads", "2", "--json"});
  ASSERT_EQ(p.code, 0) << p.err;
  auto doc = nlohmann::json::parse(p.out);
  EXPECT_EQ(doc["class_table"][0]["fixed"], "524640665777288616345600");
  EXPECT_TRUE(contains(doc["total_route"].get<std::string>(), "read from " + dir)) << doc["total_route"];
  p = run_cli({"symmetry", "--shape", "2x5", "--grid-counts", dir + "/result.json", "--classes", "1,1058,1233", "--threads", "2"});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_TRUE(contains(p.out, "797,132,953,829,376")) << p.out;
  EXPECT_TRUE(contains(p.out, "13,580,303,155,200")) << p.out;
  EXPECT_TRUE(contains(p.out, "grids (two-stack count read from " + dir + "/result.json): 1,903,816,047,972,624,930,994,913,280,000"))
      << p.out;

  // One class's F changed by one: the sums and the array count's first moment disagree.
  auto forged = nlohmann::json::parse(slurp(t / "count25" / "result.json"));
  auto& F = forged["classes"][10]["F"];
  F = std::to_string(std::stoull(F.get<std::string>()) + 1);
  const std::string forged_path = (t / "forged.json").string();
  spit(t / "forged.json", forged.dump(2));
  p = run_cli({"symmetry", "--shape", "2x5", "--grid-counts", forged_path, "--classes", "1"});
  EXPECT_EQ(p.code, 2) << p.err;
  EXPECT_TRUE(contains(p.err, "fails verify")) << p.err;
  EXPECT_TRUE(contains(p.err, "array count")) << p.err;

  p = run_cli({"symmetry", "--shape", "2x6", "--grid-counts", dir});
  EXPECT_EQ(p.code, 2) << p.err;
  EXPECT_TRUE(contains(p.err, "not of 2x6")) << p.err;
}
