// The registry of counting methods (count/method.hpp), walked through the CLI: every method that
// `gridenum methods --json` lists is checked end to end on the smallest shape it claims to take --
// its page in docs/, its name in `count --help`, a count whose total agrees with the auto method's,
// its jobs (status, shards, merge, verify result, a config naming it) or its refusal of them, its
// --classes run or the refusal of one, each method-specific option taken or refused as it says,
// and a shape it refuses refused with its reason. The one place that fails when a method is added
// half-way (registered but not runnable by some command, or not documented).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "cli_run.hpp"

namespace {

using namespace gridenum::testing;
using nlohmann::json;

json run_json(const std::vector<std::string>& args) {
  const Proc p = run_cli(args);
  EXPECT_EQ(p.code, 0) << p.err;
  return json::parse(p.out);
}

std::vector<std::string> with(std::vector<std::string> a, const std::vector<std::string>& more) {
  a.insert(a.end(), more.begin(), more.end());
  return a;
}

json registry() { return run_json({"methods", "--json"}); }

TEST(MethodsRegistryCli, ListsTheMethodsTheCountKnows) {
  const json r = registry();
  ASSERT_TRUE(r["methods"].is_array());
  std::vector<std::string> names;
  for (const json& m : r["methods"]) names.push_back(m["name"]);
  // The six of today; a seventh makes this fail until it is added here, on purpose (then every
  // other test below walks it without change).
  EXPECT_EQ(names, (std::vector<std::string>{"stack", "band-pair", "two-stack", "two-band", "three-band", "signature"}));
  const Proc help = run_cli({"count", "--help"});
  for (const auto& n : names) EXPECT_TRUE(contains(help.out, n + ": ")) << n << " has no summary in count --help";
}

TEST(MethodsRegistryCli, EveryMethodRunsEverythingItClaims) {
  const json r = registry();
  for (const json& m : r["methods"]) {
    const std::string name = m["name"];
    SCOPED_TRACE(name);
    // Documented in the repository.
    EXPECT_TRUE(fs::exists(fs::path(GRIDENUM_SOURCE_DIR) / m["doc"].get<std::string>())) << m["doc"];
    ASSERT_FALSE(m["takes"].empty());
    const std::string shape = m["takes"][0];
    const std::vector<std::string> base{"count", "--threads", "2", "--shape", shape, "--method", name};
    // A count, agreeing with the auto method's total.
    const json mine = run_json(with(base, {"--json"}));
    const json by_auto = run_json({"count", "--threads", "2", "--shape", shape, "--json"});
    EXPECT_EQ(mine["method"], name);
    EXPECT_EQ(mine["total"], by_auto["total"]);
    const std::string total = by_auto["total"];

    TempDir t;
    const std::string config = (t / "job.toml").string();
    spit(config, "shape = \"" + shape + "\"\nmethod = \"" + name + "\"\nthreads = 2\n");
    if (m["runs"]["jobs"]) {
      const std::string dir = (t / "job").string();
      EXPECT_EQ(run_json(with(base, {"--job-dir", dir, "--json"}))["total"], total);
      EXPECT_EQ(run_json({"status", "--json", dir})["method"], name);
      EXPECT_EQ(run_cli({"verify", "result", dir}).code, 0);
      // Two shards and their merge.
      const std::string a = (t / "a").string(), b = (t / "b").string();
      EXPECT_EQ(run_cli(with(base, {"--shard", "1/2", "--job-dir", a})).code, 0);
      EXPECT_EQ(run_cli(with(base, {"--shard", "2/2", "--job-dir", b})).code, 0);
      EXPECT_EQ(run_json({"merge", "--json", a, b})["total"], total);
      // A config may name it.
      EXPECT_EQ(run_json({"count", "--config", config, "--job-dir", (t / "c").string(), "--json"})["total"], total);
      EXPECT_EQ(run_cli({"count", "--config", config, "--dry-run", "--sample-seconds", "0.01"}).code, 0);
    } else {
      EXPECT_TRUE(m["runs"]["one_pass"]) << "a method runs as jobs or in one pass";
      for (const std::vector<std::string>& job : std::vector<std::vector<std::string>>{
               {"--job-dir", (t / "x").string()}, {"--dry-run"}, {"--shard", "1/2", "--job-dir", (t / "y").string()}}) {
        const Proc p = run_cli(with(base, job));
        EXPECT_EQ(p.code, 2) << job[0];
        EXPECT_TRUE(contains(p.err, "runs in one pass")) << p.err;
      }
      const Proc p = run_cli({"count", "--config", config});
      EXPECT_EQ(p.code, 2);
      EXPECT_TRUE(contains(p.err, "bad value for 'method'")) << p.err;
    }
    // --classes: a class-by-class run of every class gives the total, or is refused.
    {
      const Proc p = run_cli(with(base, {"--classes", "all", "--json"}));
      if (m["runs"]["classes"]) {
        EXPECT_EQ(p.code, 0) << p.err;
        if (p.code == 0) {
          EXPECT_EQ(json::parse(p.out)["total"], total);
        }
      } else {
        EXPECT_EQ(p.code, 2);
        EXPECT_TRUE(contains(p.err, "a --classes run of " + shape + " takes")) << p.err;
      }
    }
    // The method-specific options: taken as the registry says, else refused naming who takes them.
    const std::vector<std::pair<std::string, std::vector<std::string>>> options{
        {"--kernel", {"--kernel", "backtrack"}},
        {"--slices", {"--slices", "3"}},
        {"--table-cache", {"--table-cache", (t / "cache").string()}},
        {"--memory-limit", {"--memory-limit", "4G"}}};
    for (const auto& [option, args] : options) {
      const bool takes = std::find(m["options"].begin(), m["options"].end(), option) != m["options"].end();
      const Proc p = run_cli(with(base, args));
      if (takes) {
        EXPECT_EQ(p.code, 0) << option << ": " << p.err;
      } else {
        EXPECT_EQ(p.code, 2) << option;
        EXPECT_TRUE(contains(p.err, option + " applies to ")) << p.err;
        EXPECT_TRUE(contains(p.err, "not to " + name)) << p.err;
      }
    }
    // A shape it refuses, with its own reason.
    ASSERT_FALSE(m["refuses"].empty());
    const json& refused = m["refuses"][0];
    const Proc p = run_cli({"count", "--shape", refused["shape"], "--method", name});
    EXPECT_EQ(p.code, 2);
    EXPECT_TRUE(contains(p.err, "method " + name + ": " + refused["why"].get<std::string>())) << p.err;
  }
}

// Auto's pick for each shape is a method that takes it, and the first by rank.
TEST(MethodsRegistryCli, AutoPicksTheFirstRankedMethodThatTakesTheShape) {
  const json r = registry();
  for (const auto& [shape, pick] : r["auto"].items()) {
    std::string expect;
    int best = 0;
    for (const json& m : r["methods"]) {
      const int rank = m["auto_rank"];
      const bool takes = std::find(m["takes"].begin(), m["takes"].end(), shape) != m["takes"].end();
      if (rank > 0 && takes && (best == 0 || rank < best)) best = rank, expect = m["name"];
    }
    if (expect.empty()) EXPECT_TRUE(pick["count"].is_null()) << shape;
    else EXPECT_EQ(pick["count"], expect) << shape;
  }
  // The published choices: band-pair for 2x3 and 3x3, the stack method for the other shapes up to
  // 9 digits, two-stack for 10x10 and 2x6 / 6x2, three-band for 4x3 / 3x4, nothing for 4x4 boxes.
  EXPECT_EQ(r["auto"]["3x3"]["count"], "band-pair");
  EXPECT_EQ(r["auto"]["2x3"]["count"], "band-pair");
  EXPECT_EQ(r["auto"]["3x2"]["count"], "stack");
  EXPECT_EQ(r["auto"]["2x4"]["count"], "stack");
  EXPECT_EQ(r["auto"]["5x2"]["count"], "two-stack");
  EXPECT_EQ(r["auto"]["2x6"]["count"], "two-stack");
  EXPECT_EQ(r["auto"]["3x4"]["count"], "three-band");
  EXPECT_TRUE(r["auto"]["4x4"]["count"].is_null());
  EXPECT_EQ(r["auto"]["2x3"]["classes"], "three-band");
  EXPECT_EQ(r["auto"]["2x4"]["classes"], "two-stack");
}

}  // namespace
