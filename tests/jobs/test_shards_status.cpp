// `gridenum status DIR DIR ...`: the shards of one counting job together (jobs/shards_status.hpp).
// Real jobs of milliseconds: 9x9 by the three-band route in 4 shards (blocks of the 44 units in
// prefix-group order) and 6x6 by the stack method in 3 (units taken modulo 3), so both rules of
// cutting a plan are summed; shards run, configured but not started, and not given at all; and
// every refusal merge makes, made here too.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "gridenum/jobs/config.hpp"
#include "gridenum/jobs/job.hpp"
#include "gridenum/jobs/job_errors.hpp"
#include "gridenum/jobs/shards_status.hpp"
#include "job_fixtures.hpp"

using namespace gridenum;
using namespace gridenum::testing;

namespace {

// Shard K/M of SHAPE by METHOD in DIR: run to its end, or only its config written (not started).
fs::path shard_dir(const fs::path& dir, const char* shape, MethodId method, Shard shard, bool run = true) {
  const JobConfig c = method_config(shape, method, shard);
  if (run) {
    EXPECT_TRUE(run_job(request(dir, c)).finished) << dir;
  } else {
    fs::create_directories(dir);
    spit(dir / "config.toml", to_toml(c));
  }
  return dir;
}

TEST(ShardsStatus, AddsUpTheGivenShardsAndNamesTheOthersByTheBlockRule) {
  TempDir t;
  const fs::path s1 = shard_dir(t / "s1", "3x3", MethodId::ThreeBand, Shard{1, 4});
  const fs::path s3 = shard_dir(t / "s3", "3x3", MethodId::ThreeBand, Shard{3, 4});
  const fs::path s4 = shard_dir(t / "s4", "3x3", MethodId::ThreeBand, Shard{4, 4}, false);
  const ShardsStatus s = shards_status({s4, s3, s1});  // any order: sorted by K
  EXPECT_EQ(s.m, 4u);
  ASSERT_EQ(s.shards.size(), 3u);
  EXPECT_EQ(s.shards[0].dir, s1);
  EXPECT_EQ(s.shards[1].dir, s3);
  EXPECT_EQ(s.shards[2].dir, s4);
  ASSERT_TRUE(s.plan_units.has_value());
  EXPECT_EQ(*s.plan_units, 44u);   // the 44 classes of 9x9, a unit each
  EXPECT_EQ(s.blocks, 44u);        // cut in 4 blocks of 11
  EXPECT_EQ(s.units_done, 22u);    // shards 1 and 3
  EXPECT_EQ(s.finished, 2u);
  EXPECT_EQ(s.running, 0u);
  EXPECT_EQ(s.not_started, 1u);
  ASSERT_EQ(s.missing.size(), 1u);
  EXPECT_EQ(s.missing[0].shard.str(), "2/4");
  EXPECT_EQ(s.missing[0].units, std::optional<std::uint64_t>(11));
  EXPECT_EQ(s.units_unmeasured, 22u);  // shard 2 not given, shard 4 not started
  EXPECT_EQ(s.fingerprint, s.shards[0].header.fingerprint);
  // Each shard's CPU time, as its own status gives it. (The cost of the units not measured, by
  // the pooled model: test_status.cpp, on journals of known times.)
  EXPECT_EQ(s.cpu.sessions_measured, 2u);
  EXPECT_DOUBLE_EQ(s.cpu.seconds, s.shards[0].cpu.seconds + s.shards[1].cpu.seconds);
  EXPECT_FALSE(s.cpu_seconds_left.has_value());  // no given shard that started is unfinished

  const std::string text = format_status(s);
  EXPECT_TRUE(contains(text, "shards of one job: 3x3, method three-band, 4 shards")) << text;
  EXPECT_TRUE(contains(text, "units: 22 / 44 of the plan done (50.0%); 3 of 4 shards given: 2 finished, 0 running, 1 not started"))
      << text;
  EXPECT_TRUE(contains(text, "not given: 2/4 (11 units)")) << text;
  EXPECT_TRUE(contains(text, "not yet measured: 22 units")) << text;
  EXPECT_FALSE(contains(text, "gridenum merge")) << text;  // not every shard is finished
  // The table: a line per shard in the order K, the one not given in its place.
  const std::size_t l1 = text.find("1/4"), l2 = text.find("2/4  (not given)"), l3 = text.find("3/4"),
                    l4 = text.find("4/4");
  ASSERT_NE(l2, std::string::npos) << text;
  EXPECT_TRUE(l1 < l2 && l2 < l3 && l3 < l4) << text;
  EXPECT_TRUE(contains(text.substr(l4, text.find('\n', l4) - l4), "not started")) << text;

  const nlohmann::json j = to_json(s);
  EXPECT_EQ(j["plan_units"], 44);
  EXPECT_EQ(j["units_done"], 22);
  EXPECT_EQ(j["missing"].size(), 1u);
  EXPECT_EQ(j["missing"][0]["shard"], "2/4");
  EXPECT_EQ(j["missing"][0]["units"], 11);
  ASSERT_EQ(j["shards"].size(), 3u);
  EXPECT_EQ(j["shards"][2]["started"], false);
}

TEST(ShardsStatus, TheModRuleAndEveryShardFinished) {
  TempDir t;
  std::vector<fs::path> dirs;
  for (std::uint32_t k = 1; k <= 3; ++k)
    dirs.push_back(shard_dir(t / ("s" + std::to_string(k)), "2x3", MethodId::Stack, Shard{k, 3}));
  const ShardsStatus all = shards_status(dirs);
  ASSERT_TRUE(all.plan_units.has_value());
  EXPECT_EQ(all.blocks, 0u);
  EXPECT_EQ(all.units_done, *all.plan_units);
  EXPECT_TRUE(all.missing.empty());
  EXPECT_EQ(all.units_unmeasured, 0u);
  EXPECT_FALSE(all.cpu_seconds_unmeasured.has_value());
  EXPECT_TRUE(contains(format_status(all), "every shard finished: gridenum merge DIR... adds them up")) << format_status(all);
  // Shard 2 left out: its units by the mod rule, the plan's less the others'.
  const ShardsStatus two = shards_status({dirs[0], dirs[2]});
  ASSERT_EQ(two.missing.size(), 1u);
  EXPECT_EQ(two.missing[0].shard.str(), "2/3");
  EXPECT_EQ(two.missing[0].units, std::optional<std::uint64_t>(*two.plan_units - two.units_done));
  EXPECT_EQ(two.missing[0].units, std::optional<std::uint64_t>(Shard{2, 3}.size(*two.plan_units)));
}

TEST(ShardsStatus, RefusesWhatIsNotTheShardsOfOneJob) {
  TempDir t;
  const fs::path a1 = shard_dir(t / "a1", "3x3", MethodId::ThreeBand, Shard{1, 2});
  const fs::path a2 = shard_dir(t / "a2", "3x3", MethodId::ThreeBand, Shard{2, 2});
  const auto refused = [](const std::vector<fs::path>& dirs, const std::string& why) {
    try {
      (void)shards_status(dirs);
      ADD_FAILURE() << "not refused: " << why;
    } catch (const JobCheckError& e) {
      EXPECT_TRUE(contains(e.what(), why)) << e.what();
    }
  };
  refused({a1, a1}, "shard 1/2 is given twice");
  // Another method (another fingerprint), another number of shards, another shape.
  refused({a1, shard_dir(t / "b2", "3x3", MethodId::Stack, Shard{2, 2})}, "are not shards of one job");
  refused({a1, shard_dir(t / "c2", "3x3", MethodId::ThreeBand, Shard{2, 3})}, "different numbers of shards");
  refused({a1, shard_dir(t / "d2", "2x3", MethodId::ThreeBand, Shard{2, 2}, false)}, "are not shards of one job");
  // Started shards of one shape and method but another plan: another number of slices per class.
  JobConfig sliced = method_config("2x3", MethodId::Stack, Shard{2, 2});
  sliced.slices_per_class = 3;
  const fs::path e2 = t / "e2";
  ASSERT_TRUE(run_job(request(e2, sliced)).finished);
  refused({shard_dir(t / "e1", "2x3", MethodId::Stack, Shard{1, 2}), e2}, "are shards of different jobs");
  // A merged result is not a shard.
  const Proc merged = run_cli({"merge", a1.string(), a2.string(), "--output", (t / "merged").string()});
  ASSERT_EQ(merged.code, 0) << merged.err;
  refused({a1, t / "merged"}, "is a merged result, not a shard");
  // One directory is status's own view, not an overview; a directory without a job is named.
  EXPECT_THROW((void)shards_status({a1}), JobInputError);
  EXPECT_THROW((void)shards_status({a1, t / "nothing"}), JobInputError);
}

// The CLI: several directories give the overview, in text and JSON; a refusal exits 1, a
// directory without a job 2, and so does an estimate or symmetry job among them.
TEST(ShardsStatus, Cli) {
  TempDir t;
  const fs::path a1 = shard_dir(t / "a1", "3x3", MethodId::ThreeBand, Shard{1, 3});
  const fs::path a3 = shard_dir(t / "a3", "3x3", MethodId::ThreeBand, Shard{3, 3});
  const Proc text = run_cli({"status", a1.string(), a3.string()});
  EXPECT_EQ(text.code, 0) << text.err;
  EXPECT_TRUE(contains(text.out, "not given: 2/3")) << text.out;
  const Proc json = run_cli({"status", "--json", a3.string(), a1.string()});
  ASSERT_EQ(json.code, 0) << json.err;
  const auto j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["shards_of_one_job"], true);
  EXPECT_EQ(j["given"], 2);
  EXPECT_EQ(j["shards"][0]["shard"], "1/3");
  const Proc twice = run_cli({"status", a1.string(), a1.string()});
  EXPECT_EQ(twice.code, 1);
  EXPECT_TRUE(contains(twice.err, "shard 1/3 is given twice")) << twice.err;
  const Proc none = run_cli({"status", a1.string(), (t / "nothing").string()});
  EXPECT_EQ(none.code, 2) << none.err;
  // An estimate or symmetry job among them: those have a status of their own, one at a time.
  ASSERT_EQ(run_cli({"estimate", "--shape", "2x2", "--method", "sis", "--samples", "2000", "--job-dir", (t / "e").string()}).code,
            0);
  ASSERT_EQ(run_cli({"symmetry", "--shape", "2x2", "--job-dir", (t / "y").string()}).code, 0);
  for (const char* other : {"e", "y"}) {
    const Proc mixed = run_cli({"status", a1.string(), (t / other).string()});
    EXPECT_EQ(mixed.code, 2) << mixed.err;
    EXPECT_TRUE(contains(mixed.err, "is an estimate or symmetry job")) << mixed.err;
  }
}

}  // namespace
