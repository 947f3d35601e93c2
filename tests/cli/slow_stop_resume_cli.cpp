// A job stopped by SIGINT in its class generation (2x5, two-band: seconds of union-find before
// the first unit) resumes to the right total (docs/architecture.md, "Stopping and progress"). The
// fast tier stops it twice (test_stop_cli.cpp); this one lets the resumed session finish.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <chrono>
#include <csignal>
#include <thread>

#include <nlohmann/json.hpp>

#include "cli_run.hpp"

namespace {

using namespace gridenum::testing;

TEST(StopResumeSlow, AJobStoppedInItsClassGenerationResumesToTheTotal) {
  const TempDir t;
  const std::string dir = (t / "job").string();
  const fs::path out = t / "out", err = t / "err";
  const pid_t pid = spawn_cli({"count", "--shape", "2x5", "--method", "two-band", "--threads", "2", "--job-dir", dir}, out, err);
  for (int i = 0; i < 3000 && !contains(slurp(err), "two-band classes of 5x2 boxes: "); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ::kill(pid, SIGINT);
  const Proc stopped = wait_cli(pid, out, err);
  ASSERT_EQ(stopped.code, 130) << stopped.err;
  EXPECT_FALSE(fs::exists(t / "job" / "journal"));
  const Proc p = run_cli({"resume", dir, "--json"});
  ASSERT_EQ(p.code, 0) << p.err;
  const auto j = nlohmann::json::parse(p.out);
  EXPECT_EQ(j["total"], "1903816047972624930994913280000");
  EXPECT_EQ(j["job"]["sessions"], 1);  // the stopped session never opened the journal
  const Proc v = run_cli({"verify", "result", dir});
  EXPECT_EQ(v.code, 0) << v.out << v.err;
}

// Inside one class: 2x6's first classes take tens of seconds and a GB each in the footprint
// counter, which hears a stop every 4,096 states (a job's SIGINT used to wait for the classes in
// progress to finish: 25 s). The job's plan is logged before its first class starts.
TEST(StopResumeSlow, A2x6ClassInProgressStopsWithinTwoSeconds) {
  const TempDir t;
  const fs::path out = t / "out", err = t / "err";
  const std::string dir = (t / "job").string();
  const pid_t pid =
      spawn_cli({"count", "--shape", "2x6", "--shard", "1/16", "--threads", "1", "--job-dir", dir}, out, err);
  for (int i = 0; i < 6000 && !contains(slurp(err), "work units in this shard"); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ASSERT_TRUE(contains(slurp(err), "work units in this shard")) << slurp(err);
  std::this_thread::sleep_for(std::chrono::seconds(3));  // well inside the first class
  const auto t0 = std::chrono::steady_clock::now();
  ::kill(pid, SIGINT);
  const Proc p = wait_cli(pid, out, err);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_EQ(p.code, 130) << p.err;
  EXPECT_LT(seconds, 2.0 * GRIDENUM_TEST_SLOWDOWN) << p.err;
  EXPECT_TRUE(contains(p.err, "stopped by SIGINT")) << p.err;
  EXPECT_TRUE(fs::exists(t / "job" / "journal"));
}

}  // namespace
