// The stop path end to end (docs/architecture.md, "Stopping and progress"), the cases that take
// seconds each: a job stopped by SIGINT in its class generation (2x5, two-band: seconds of
// orbit search before the first unit) resumes to the right total; a Burnside sum, a verification
// and a job before its first unit stop within 2 s, exit 130, nothing written. The fast tier
// (test_stop_cli.cpp) stops a plain count's class generation and a class recount the same way.
// A 2x6 job stopped inside its first class is in the long tier (long_stop_resume_cli.cpp: its plan
// alone takes half a minute); here the counter's own stop inside a 2x6 class is timed by
// Side2Slow12.AClassInProgressHearsAStopWithinTwoSeconds (tests/count/slow_side2_12.cpp).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <chrono>
#include <csignal>
#include <thread>

#include <nlohmann/json.hpp>

#include "stop_when.hpp"

namespace {

using namespace gridenum::testing;

// The signal goes 0.3 s after the job's "starting job" line, which it writes just before its
// class generation (2x5 by two bands: about 3.8 s on one Zen 3 core, more than a second
// anywhere), not after the phase's first line at 2 s, which a fast machine might not reach.
TEST(StopResumeSlow, AJobStoppedInItsClassGenerationResumesToTheTotal) {
  const TempDir t;
  const std::string dir = (t / "job").string();
  const fs::path out = t / "out", err = t / "err";
  const pid_t pid = spawn_cli({"count", "--shape", "2x5", "--method", "two-band", "--threads", "2", "--job-dir", dir}, out, err);
  for (int i = 0; i < 3000 && !contains(slurp(err), "starting job "); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  ::kill(pid, SIGINT);
  const Proc stopped = wait_cli(pid, out, err);
  ASSERT_EQ(stopped.code, 130) << stopped.err;
  EXPECT_TRUE(contains(stopped.err, "SIGINT: stopping")) << stopped.err;  // the handler's stop, not the default action
  EXPECT_TRUE(contains(stopped.err, "before any unit was counted")) << stopped.err;
  EXPECT_FALSE(fs::exists(t / "job" / "journal"));
  const Proc p = run_cli({"resume", dir, "--json"});
  ASSERT_EQ(p.code, 0) << p.err;
  const auto j = nlohmann::json::parse(p.out);
  EXPECT_EQ(j["total"], "1903816047972624930994913280000");
  EXPECT_EQ(j["job"]["sessions"], 1);  // the stopped session never opened the journal
  const Proc v = run_cli({"verify", "result", dir});
  EXPECT_EQ(v.code, 0) << v.out << v.err;
}

TEST(StopCliSlow, ABurnsideRunStopsOnSigterm) {
  const TempDir t;
  // One thread: on a fast machine (Zen 5) two threads finish each phase within the 2 s before the
  // first progress line, so the run ended before the signal; one thread keeps the fixed-grid phase
  // about 4 s long (measured 2026-12-04).
  const Stopped s = stop_when({"symmetry", "--shape", "2x5", "--threads", "1"}, "[info] ", SIGTERM, t);
  EXPECT_EQ(s.p.code, 130) << s.p.err;
  EXPECT_LT(s.seconds, kStopWithin) << s.p.err;
  EXPECT_TRUE(contains(s.p.err, "stopped by SIGTERM; nothing was written")) << s.p.err;
  EXPECT_TRUE(s.p.out.empty()) << s.p.out;
}

TEST(StopCliSlow, AVerificationStops) {
  const TempDir t;
  const Stopped s = stop_when({"verify", "completions", "--shape", "2x5", "--sample", "8", "--seed", "3", "--threads", "2"},
                              "[info] ", SIGINT, t);
  EXPECT_EQ(s.p.code, 130) << s.p.err;
  EXPECT_LT(s.seconds, kStopWithin) << s.p.err;
  EXPECT_TRUE(contains(s.p.err, "stopped by SIGINT; nothing was written")) << s.p.err;
  EXPECT_FALSE(contains(s.p.out, "PASS")) << s.p.out;
}

// A job stopped in its class generation: exit 130 within 2 s, its config kept and no journal, so
// `status` shows a job not started and `resume` takes it up (and stops again the same way). The
// 2x6 class generator (two-stack orbits, about 14 s on one Zen 3 core, 7 on two) is still running
// at its first line, 2 s in, on any machine.
TEST(StopCliSlow, AJobStoppedBeforeItsFirstUnitResumes) {
  const TempDir t;
  const std::string dir = (t / "job").string();
  Stopped s = stop_when({"count", "--shape", "2x6", "--threads", "1", "--job-dir", dir}, "two-stack orbit classes of 2x6 boxes: ",
                        SIGINT, t);
  EXPECT_EQ(s.p.code, 130) << s.p.err;
  EXPECT_LT(s.seconds, kStopWithin) << s.p.err;
  EXPECT_TRUE(contains(s.p.err, "before any unit was counted; continue with: gridenum resume " + dir)) << s.p.err;
  EXPECT_TRUE(fs::exists(t / "job" / "config.toml"));
  EXPECT_FALSE(fs::exists(t / "job" / "journal"));
  const Proc st = run_cli({"status", dir});
  EXPECT_EQ(st.code, 0) << st.err;
  EXPECT_TRUE(contains(st.out, "not started")) << st.out;
  const std::string config = slurp(t / "job" / "config.toml");
  s = stop_when({"resume", dir}, "two-stack orbit classes of 2x6 boxes: ", SIGTERM, t);
  EXPECT_EQ(s.p.code, 130) << s.p.err;
  EXPECT_LT(s.seconds, kStopWithin) << s.p.err;
  EXPECT_TRUE(contains(s.p.err, "resuming job " + dir)) << s.p.err;
  EXPECT_EQ(slurp(t / "job" / "config.toml"), config);
}


}  // namespace
