// Estimate jobs through the real binary (jobs/estimate_job.hpp; docs/jobs.md, "Estimate jobs"):
// `estimate --job-dir` gives the plain run's statistics bit for bit; a running job's `status`
// (batches, estimate so far, speed, time left, pid); SIGTERM stops it with exit 130 and `resume`
// finishes it to the uninterrupted estimate; two shards merged (and written with --output) are the
// unsharded estimate; usage errors exit 2.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sys/wait.h>

#include <chrono>
#include <csignal>
#include <thread>

#include "cli_run.hpp"

namespace {

using namespace std::chrono;
using namespace gridenum::testing;

nlohmann::json json_of(const std::vector<std::string>& args) {
  const Proc p = run_cli(args);
  EXPECT_EQ(p.code, 0) << p.err;
  return nlohmann::json::parse(p.out);
}

std::vector<std::string> sis(const std::string& samples, std::vector<std::string> more = {},
                             const std::string& batch = "64") {
  std::vector<std::string> a{"estimate", "--shape", "3x3", "--method", "sis", "--samples", samples, "--seed", "4",
                             "--batch", batch, "--threads", "2", "--json"};
  a.insert(a.end(), more.begin(), more.end());
  return a;
}

std::size_t batch_records(const fs::path& journal) {
  std::size_t n = 0;
  for (const auto& line : lines_of(slurp(journal)))
    if (line.rfind("B ", 0) == 0) ++n;
  return n;
}

}  // namespace

TEST(EstimateJobCli, JobShardsAndMergeGiveThePlainRunsBits) {
  const TempDir t;
  const auto plain = json_of(sis("4000"));
  const auto job = json_of(sis("4000", {"--job-dir", (t / "job").string()}));
  EXPECT_EQ(job["exact_statistics"], plain["exact_statistics"]);
  EXPECT_EQ(job["estimate"], plain["estimate"]);
  EXPECT_EQ(job["ci95"], plain["ci95"]);
  EXPECT_EQ(job["job"]["kind"], "estimate");
  EXPECT_TRUE(contains(slurp(t / "job" / "result.txt"), "sis estimate of the 9x9 grids"));
  for (const char* k : {"1/2", "2/2"}) {
    const auto shard = json_of(sis("4000", {"--shard", k, "--job-dir", (t / (std::string("s") + k[0])).string()}));
    EXPECT_EQ(shard["complete"], false);
  }
  const auto merged = json_of({"merge", (t / "s2").string(), (t / "s1").string(), "--json", "--output", (t / "m").string()});
  EXPECT_EQ(merged["exact_statistics"], plain["exact_statistics"]);
  EXPECT_EQ(merged["estimate"], plain["estimate"]);
  EXPECT_EQ(nlohmann::json::parse(slurp(t / "m" / "result.json"))["estimate"], plain["estimate"]);
  const Proc total = run_cli({"merge", (t / "s1").string(), (t / "s2").string(), "--total-only"});
  EXPECT_EQ(total.code, 2) << total.err;
  const Proc one = run_cli({"merge", (t / "s1").string()});
  EXPECT_EQ(one.code, 1) << one.err;
  EXPECT_TRUE(contains(one.err, "2/2")) << one.err;
}

TEST(EstimateJobCli, StatusWhileRunningThenSigtermAndResume) {
  const TempDir t;
  const fs::path dir = t / "job", out = t / "out", err = t / "err";
  const auto args = sis("100000", {"--job-dir", dir.string()});
  const pid_t pid = spawn_cli(args, out, err);
  for (int i = 0; i < 3000 && !(fs::exists(dir / "journal") && batch_records(dir / "journal") >= 3); ++i)
    std::this_thread::sleep_for(milliseconds(10));
  ASSERT_GE(batch_records(dir / "journal"), 3u) << slurp(err);
  const Proc status = run_cli({"status", dir.string()});
  EXPECT_EQ(status.code, 0) << status.err;
  EXPECT_TRUE(contains(status.out, "estimate job")) << status.out;
  EXPECT_TRUE(contains(status.out, "batches: ")) << status.out;
  EXPECT_TRUE(contains(status.out, "estimate so far: ")) << status.out;
  EXPECT_TRUE(contains(status.out, "running: pid " + std::to_string(pid))) << status.out;
  const auto sj = json_of({"status", dir.string(), "--json"});
  EXPECT_EQ(sj["kind"], "estimate");
  EXPECT_EQ(sj["samples_total"], 100000);
  EXPECT_TRUE(sj["so_far"].contains("ci95")) << sj.dump();
  ::kill(pid, SIGTERM);
  const Proc stopped = wait_cli(pid, out, err);
  EXPECT_EQ(stopped.code, 130) << stopped.err;
  EXPECT_TRUE(contains(stopped.err, "gridenum resume " + dir.string())) << stopped.err;
  EXPECT_EQ(stopped.out, "");
  const std::size_t kept = batch_records(dir / "journal");
  const Proc after = run_cli({"status", dir.string()});
  EXPECT_TRUE(contains(after.out, "not running; continue with: gridenum resume")) << after.out;
  const auto resumed = json_of({"resume", dir.string(), "--json", "--threads", "1"});
  EXPECT_EQ(resumed["job"]["sessions"], 2);
  EXPECT_EQ(resumed["job"]["batches_computed_last_session"], 1563 - kept);  // ceil(100000 / 64) batches
  const auto plain = json_of(sis("100000"));
  EXPECT_EQ(resumed["exact_statistics"], plain["exact_statistics"]);
  const Proc done = run_cli({"status", dir.string()});
  EXPECT_TRUE(contains(done.out, "finished: result in")) << done.out;
}

TEST(EstimateJobCli, UsageErrorsExitTwo) {
  const TempDir t;
  for (const std::vector<std::string>& bad :
       {sis("4000", {"--job-dir", (t / "a").string()}, "20"), sis("4000", {"--shard", "1/2"}),
        std::vector<std::string>{"estimate", "--shape", "3x3", "--job-dir", (t / "b").string()},
        std::vector<std::string>{"resume", (t / "nothing").string()}}) {
    const Proc p = run_cli(bad);
    EXPECT_EQ(p.code, 2) << bad.back() << ": " << p.err;
    EXPECT_FALSE(p.err.empty());
  }
  ASSERT_EQ(run_cli(sis("200", {"--job-dir", (t / "c").string()}, "16")).code, 0);
  const Proc kernel = run_cli({"resume", (t / "c").string(), "--kernel", "backtrack"});
  EXPECT_EQ(kernel.code, 2) << kernel.err;
  EXPECT_TRUE(contains(kernel.err, "estimate job")) << kernel.err;
}
