// A 2x6 job stopped by SIGINT inside its first class (docs/architecture.md, "Stopping and
// progress"), end to end through the CLI: its plan (the 63,199-class table) takes half a minute
// before the first class starts, so the case is in the long tier. The slow tier times the
// counter's own stop inside a 2x6 class (Side2Slow12.AClassInProgressHearsAStopWithinTwoSeconds,
// tests/count/slow_side2_12.cpp) and stops 2x5 jobs through the CLI (slow_stop_resume_cli.cpp).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <chrono>
#include <csignal>
#include <thread>

#include "stop_when.hpp"

namespace {

using namespace gridenum::testing;

// Inside one class: 2x6's first classes take tens of seconds and a GB each in the footprint
// counter, which hears a stop every 4,096 states (a job's SIGINT used to wait for the classes in
// progress to finish: 25 s). The job's plan is logged before its first class starts.
TEST(StopResumeLong, A2x6ClassInProgressStopsWithinTwoSeconds) {
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
  EXPECT_LT(seconds, kStopWithin) << p.err;
  EXPECT_TRUE(contains(p.err, "stopped by SIGINT")) << p.err;
  EXPECT_TRUE(fs::exists(t / "job" / "journal"));
}

}  // namespace
