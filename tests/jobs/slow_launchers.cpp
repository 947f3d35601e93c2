// The Slurm launcher's sizing past the fast tier (test_launchers.cpp): the sizing job given the
// user's options, a sizing job that fails, and a big job sized from its dry run (each runs a dry
// run through the stand-in sbatch: about a second of processes each on the 2-core machine). The
// fast tier keeps the tiny job's sizing (the same path) and every option rule without a dry run.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include <nlohmann/json.hpp>

#include "fake_slurm.hpp"

using namespace gridenum::testing;

// -m and --time but not the CPUs: sized by a sizing job (1 CPU, its own time and output, the
// user's partition and --mem, not the shards' --time, --output or --array); and a sizing job that
// fails: its output's end shown, nothing else queued, exit 2.
TEST(LaunchersSlow, SlurmSubmitSizingJobWithTheUsersOptionsOrFailing) {
  FakeSlurm f;
  const std::string g = f.logged_gridenum();
  const std::string submit = f.env + kSource + "/jobs/slurm-submit.sh -C " + kSource + "/configs/2x3.toml -g " + g + " ";
  const fs::path job = f.t / "job";
  Shell sized = sh(submit + "-m 2 -s 0.1 " + job.string() + " --partition=p --time=30 --mem=1G -o " +
                   (f.t / "%j.log").string() + " --array=1-2");
  ASSERT_EQ(sized.code, 0) << sized.out;
  const auto calls = f.calls();
  ASSERT_EQ(calls.size(), 3u) << f.log();
  EXPECT_NE(calls[0].find("--parsable --wait --job-name=gridenum-size --cpus-per-task=1 --time=01:01:00 --output=" +
                          (job / "logs" / "size-%j.out").string() + " --partition=p --mem=1G --export="),
            std::string::npos) << calls[0];
  EXPECT_NE(calls[0].find("SAMPLE=0.1,NODES=2 "), std::string::npos) << calls[0];
  EXPECT_NE(f.gridenum_calls().find("1001 count --config " + kSource + "/configs/2x3.toml --dry-run --json"),
            std::string::npos) << f.gridenum_calls();
  EXPECT_EQ(f.gridenum_calls().find("host count"), std::string::npos) << f.gridenum_calls();
  EXPECT_TRUE(fs::exists(job / "logs" / "size-1001.out"));
  EXPECT_NE(sized.out.find("sizing: gridenum count --dry-run as a Slurm job (1 CPU, --time=01:01:00)"), std::string::npos)
      << sized.out;
  EXPECT_NE(sized.out.find("chose 2 shard(s) (-m), 1 CPU(s) per task (from the plan), --time as given, --mem as given"),
            std::string::npos) << sized.out;
  // The user's --output wins for the shards and the merge (no --open-mode of ours either).
  EXPECT_EQ(calls[1].find("logs/shard-"), std::string::npos) << calls[1];
  EXPECT_EQ(calls[1].find("--open-mode"), std::string::npos) << calls[1];
  EXPECT_EQ(calls[2].find("logs/merge"), std::string::npos) << calls[2];
  EXPECT_NE(calls[2].find("-o " + (f.t / "%j.log").string()), std::string::npos) << calls[2];
  EXPECT_EQ(calls[2].find("--array"), std::string::npos) << calls[2];  // the merge is one job

  // A sizing job that fails: its output's end is shown, nothing else is queued, exit 2.
  fs::remove(f.t / "sbatch.log");
  const std::string failing = f.logged_gridenum(true);
  Shell failed = sh(f.env + kSource + "/jobs/slurm-submit.sh -C " + kSource + "/configs/2x3.toml -g " + failing + " " +
                    (f.t / "failed").string());
  EXPECT_EQ(failed.code, 2) << failed.out;
  EXPECT_NE(failed.out.find("the sizing job 1001 (gridenum count --dry-run) failed (exit 3); nothing else queued"),
            std::string::npos) << failed.out;
  EXPECT_NE(failed.out.find("stand-in: no plan"), std::string::npos) << failed.out;
  EXPECT_EQ(f.calls().size(), 1u) << f.log();
}

// A big job (9x9 by the plain backtracking kernel, about 2 CPU-hours) sized from its dry run:
// shards, CPUs, --time and --mem from the plan's projection and peak.
TEST(LaunchersSlow, SlurmSubmitSizesABigJob) {
  FakeSlurm f;
  const std::string submit = f.env + "SBATCH_ONLY_WAIT=1 " + kSource + "/jobs/slurm-submit.sh -g " + GRIDENUM_BINARY + " ";
  const auto figure = [](const std::string& out, const std::string& before, const std::string& after) {
    const auto at = out.find(before);
    EXPECT_NE(at, std::string::npos) << out;
    const auto from = at + before.size();
    return std::stod(out.substr(from, out.find(after, from) - from));
  };
  const auto peak_of = [](const fs::path& dir) {
    return nlohmann::json::parse(slurp(dir / "logs" / "size-1001.json"))["peak_rss_bytes"].get<double>();
  };
  // 4,096 slices per class,
  // so units of some 40 ms and the sizing job's sample takes 0.1 s (configs/9x9-backtrack.toml's
  // 1,056 units of 6 s each would spend 6 s on the one unit it samples).
  spit(f.t / "big.toml", "shape = \"3x3\"\nmethod = \"stack\"\nkernel = \"backtrack\"\nslices_per_class = 4096\n");
  Shell big = sh(submit + "-s 0.1 -C " + (f.t / "big.toml").string() + " " + (f.t / "big").string() + " --partition=p");
  ASSERT_EQ(big.code, 0) << big.out;
  const double units = figure(big.out, "plan: ", " units");
  const double plan_s = figure(big.out, "(built in ", " s)");
  const double projected = figure(big.out, "projected ", " CPU-seconds");
  EXPECT_EQ(units, 44.0 * 4096);
  EXPECT_GT(projected, 100.0) << big.out;  // thousands of CPU-seconds: far from the tiny job
  const double need = 3 * projected;
  const int cpus = need <= 3600 ? 1 : 8;
  int m = static_cast<int>(std::ceil(need / (cpus * 4 * 3600.0)));
  m = std::clamp(m, 1, static_cast<int>(units));
  double secs = std::max(600.0, need / (m * cpus) + 3 * plan_s + 60);
  const long minutes = static_cast<long>(std::ceil(secs / 60));
  const std::string time = fmt::format("{:02d}:{:02d}:00", minutes / 60, minutes % 60);
  const std::string log = f.log();
  const std::string want = fmt::format("--array=1-{} --cpus-per-task={} --time={} --mem={}M --output=", m, cpus, time,
                                       mem_mib(peak_of(f.t / "big")));
  EXPECT_NE(log.find(want), std::string::npos) << want << "\n" << log << big.out;
  EXPECT_NE(log.find("--open-mode=append --partition=p --export="), std::string::npos) << log;
  EXPECT_GT(minutes, 10) << big.out;  // more than the tiny job's minimum

}
