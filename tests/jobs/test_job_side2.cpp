// Side-2 jobs: the two-stack and two-band routes run as checkpointed jobs with the same journal,
// resume, shards and merge as the stack method. On 2x4 / 4x2 (8 digits: a job is milliseconds) the
// totals are checked against the stack method's count of the same shape, a code path that shares
// nothing with the side-2 counters.
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <set>

#include "gridenum/count/stack/count.hpp"
#include "gridenum/jobs/job.hpp"
#include "gridenum/jobs/job_errors.hpp"
#include "gridenum/jobs/journal.hpp"
#include "gridenum/jobs/merge.hpp"
#include "gridenum/jobs/status.hpp"
#include "job_fixtures.hpp"

using namespace gridenum;
using namespace gridenum::testing;

namespace {

const std::string k2x4 = "29136487207403520";

TEST(JobSide2, EachRouteRunsToTheStackMethodsTotal) {
  ASSERT_EQ(stack_total("2x4"), k2x4);
  ASSERT_EQ(stack_total("4x2"), k2x4);
  TempDir t;
  for (auto [shape, method] : {std::pair{"2x4", MethodId::TwoStack}, std::pair{"2x4", MethodId::TwoBand},
                               std::pair{"4x2", MethodId::TwoBand}, std::pair{"4x2", MethodId::TwoStack}}) {
    const fs::path dir = t / (std::string(shape) + "-" + to_string(method));
    const JobOutcome o = run_job(request(dir, method_config(shape, method)));
    ASSERT_TRUE(o.finished) << dir;
    EXPECT_TRUE(o.result.complete);
    EXPECT_EQ(o.result.total.str(), k2x4) << dir;
    // One unit per class, each in the journal once, and the header says so.
    EXPECT_EQ(o.header.units, o.header.classes);
    EXPECT_EQ(o.header.slices_per_class, 1u);
    EXPECT_EQ(o.units_computed, o.units_total);
    const auto ids = raw_journal_units(dir / "journal");
    EXPECT_EQ(std::set<std::uint32_t>(ids.begin(), ids.end()).size(), o.units_total);
    const auto j = nlohmann::json::parse(slurp(dir / "result.json"));
    EXPECT_EQ(j["total"], k2x4);
    EXPECT_EQ(j["method"], to_string(method));
    EXPECT_EQ(j["job"]["units"], o.units_total);
    EXPECT_TRUE(contains(slurp(dir / "result.txt"), k2x4));
    // The session record names the route.
    EXPECT_TRUE(contains(slurp(dir / "journal"), "kernel=" + to_string(method)));
    EXPECT_EQ(load_config(dir / "config.toml").method, method);
  }
}

TEST(JobSide2, AutoResolvesAndIsKeptResolved) {
  TempDir t;
  // 2x4 has 8 digits: auto is the stack method; the job keeps "stack", not "auto".
  const JobOutcome o = run_job(request(t / "a", method_config("2x4", std::nullopt)));
  ASSERT_TRUE(o.finished);
  EXPECT_EQ(load_config(t / "a" / "config.toml").method, MethodId::Stack);
  EXPECT_EQ(resolve_method(Shape{2, 5}, std::nullopt).id, MethodId::TwoStack);
  EXPECT_EQ(resolve_method(Shape{5, 2}, std::nullopt).id, MethodId::TwoStack);
  EXPECT_EQ(resolve_method(Shape{3, 3}, std::nullopt).id, MethodId::BandPair);
  // 3x3: auto is the band-pair method, and the job keeps "band-pair".
  const JobOutcome nine = run_job(request(t / "b", method_config("3x3", std::nullopt)));
  ASSERT_TRUE(nine.finished);
  EXPECT_EQ(nine.result.total.str(), "6670903752021072936960");
  EXPECT_EQ(load_config(t / "b" / "config.toml").method, MethodId::BandPair);
  EXPECT_TRUE(method_shape_error(Shape{3, 3}, MethodId::TwoBand).has_value());
  EXPECT_TRUE(method_shape_error(Shape{2, 5}, MethodId::Stack).has_value());
  EXPECT_FALSE(method_shape_error(Shape{2, 6}, std::nullopt).has_value());  // a long job
  EXPECT_EQ(resolve_method(Shape{6, 2}, std::nullopt).id, MethodId::TwoStack);
  EXPECT_TRUE(method_shape_error(Shape{6, 2}, MethodId::TwoBand).has_value());
  EXPECT_TRUE(method_shape_error(Shape{2, 7}, std::nullopt).has_value());
  EXPECT_FALSE(method_shape_error(Shape{5, 2}, MethodId::TwoBand).has_value());
}

TEST(JobSide2, StoppedThenResumedCountsEachClassOnce) {
  TempDir t;
  JobRequest r = request(t / "job", method_config("4x2", MethodId::TwoBand));
  auto polls = std::make_shared<std::atomic<int>>(0);
  r.stop = [polls] { return ++*polls > 5; };
  const JobOutcome first = run_job(r);
  ASSERT_FALSE(first.finished);
  EXPECT_EQ(first.stopped_by, "stop request");
  EXPECT_GT(first.units_done, 0u);
  EXPECT_LT(first.units_done, first.units_total);
  EXPECT_FALSE(fs::exists(t / "job" / "result.txt"));
  const JobOutcome second = run_job(request(t / "job", {}, true));
  ASSERT_TRUE(second.finished);
  EXPECT_EQ(second.units_done_before, first.units_done);
  EXPECT_EQ(second.units_computed + first.units_done, second.units_total);
  EXPECT_EQ(second.result.total.str(), k2x4);
  const auto ids = raw_journal_units(t / "job" / "journal");
  EXPECT_EQ(std::set<std::uint32_t>(ids.begin(), ids.end()).size(), ids.size());
  EXPECT_EQ(ids.size(), second.units_total);
  // status reads the side-2 job like any other.
  const JobStatus s = job_status(t / "job");
  EXPECT_EQ(s.units_done, s.units_total);
  EXPECT_TRUE(to_json(s)["kernel"].is_null()) << to_json(s)["kernel"];  // the route has no kernels
  EXPECT_EQ(to_json(s)["method"], "two-band");
}

TEST(JobSide2, ShardsMergeToTheTotalAndJobsOfTwoRoutesDoNotMix) {
  TempDir t;
  std::vector<fs::path> dirs;
  for (std::uint32_t k = 1; k <= 3; ++k) {
    dirs.push_back(t / ("s" + std::to_string(k)));
    const JobOutcome o = run_job(request(dirs.back(), method_config("2x4", MethodId::TwoStack, Shard{k, 3})));
    ASSERT_TRUE(o.finished);
    EXPECT_FALSE(o.result.complete);
    EXPECT_TRUE(o.result.json["total"].is_null());
    EXPECT_TRUE(contains(o.result.text, "another shard"));
  }
  const MergeResult m = merge_jobs({dirs[1], dirs[2], dirs[0]});
  EXPECT_EQ(m.result.total.str(), k2x4);
  EXPECT_EQ(m.result.json["total"], k2x4);
  EXPECT_TRUE(contains(m.result.text, "read from the shards' journals"));
  // The same shard of the other route has another fingerprint (another class table): refused.
  const fs::path other = t / "band-s3";
  ASSERT_TRUE(run_job(request(other, method_config("2x4", MethodId::TwoBand, Shard{3, 3}))).finished);
  EXPECT_THROW(merge_jobs({dirs[0], dirs[1], other}), JobCheckError);
}

TEST(JobSide2, ResumeWithAnotherMethodInTheConfigIsRefused) {
  TempDir t;
  JobRequest r = request(t / "job", method_config("2x4", MethodId::TwoStack));
  r.stop = [] { return true; };
  ASSERT_FALSE(run_job(r).finished);
  ASSERT_TRUE(fs::exists(t / "job" / "journal"));
  // A hand-edited config: the plan (and so the fingerprint) changes, the journal is not reused.
  std::string cfg = slurp(t / "job" / "config.toml");
  const auto at = cfg.find("two-stack");
  ASSERT_NE(at, std::string::npos);
  cfg.replace(at, 9, "two-band");
  spit(t / "job" / "config.toml", cfg);
  EXPECT_THROW(run_job(request(t / "job", {}, true)), JournalError);
}

TEST(JobSide2, ThroughTheCli) {
  TempDir t;
  Proc p = run_cli({"count", "--shape", "4x2", "--method", "two-band", "--job-dir", (t / "j").string(), "--json"});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_EQ(nlohmann::json::parse(p.out)["total"], k2x4);
  p = run_cli({"status", (t / "j").string()});
  EXPECT_EQ(p.code, 0) << p.err;
  EXPECT_TRUE(contains(p.out, "4x2")) << p.out;
  // Stack-only options are refused with a side-2 method.
  p = run_cli({"count", "--shape", "2x4", "--method", "two-stack", "--slices", "4", "--job-dir", (t / "k").string()});
  EXPECT_EQ(p.code, 2);
  EXPECT_TRUE(contains(p.err, "--slices applies to the stack and band-pair methods, not to two-stack")) << p.err;
  EXPECT_FALSE(fs::exists(t / "k"));
  // The memory bound, stated before the count and reported after it: a two-stack job's state
  // tables reserved from its limit; a limit no class fits in stops the job (exit 3) naming the
  // class, the classes counted before it kept in the journal.
  p = run_cli({"count", "--shape", "2x4", "--method", "two-stack", "--job-dir", (t / "m").string(), "--memory-limit", "64M",
               "--json"});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_TRUE(contains(p.err, "memory: each class being counted holds its state tables, reserved from the limit of 64 MiB"))
      << p.err;
  const auto j = nlohmann::json::parse(p.out);
  EXPECT_EQ(j["total"], k2x4);
  EXPECT_EQ(j["state_tables"]["limit_bytes"], 64u << 20);
  EXPECT_LE(j["state_tables"]["peak_bytes"].get<std::uint64_t>(), 64u << 20);
  p = run_cli({"count", "--shape", "2x4", "--method", "two-stack", "--job-dir", (t / "n").string(), "--memory-limit", "256"});
  EXPECT_EQ(p.code, 3) << p.err;
  EXPECT_TRUE(contains(p.err, "2x4 class 1 does not fit in the memory limit of 256 bytes")) << p.err;
  p = run_cli({"status", (t / "n").string()});
  EXPECT_EQ(p.code, 0) << p.err;
}

}  // namespace
