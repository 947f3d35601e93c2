// One stop path (docs/architecture.md, "Stopping and progress"): a first SIGINT or SIGTERM
// stops a long phase -- class generation, a verification, a Burnside sum, a plan, a symmetry
// class's recount -- within 2 s, exit 130, nothing written; a job stopped before its first unit
// keeps a config and resumes like any other. Each case waits for the phase to name itself on stderr (a timestamped line once it
// has run 2 s: stderr is not a terminal here), then signals it.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <chrono>
#include <csignal>
#include <thread>

#include "cli_run.hpp"

namespace {

using namespace std::chrono;
using namespace gridenum::testing;

struct Stopped {
  Proc p;
  double seconds = 0;  // from the signal to the exit
};

// Runs gridenum args, waits (at most a minute) until its stderr holds `marker`, sends `sig`,
// and times the exit.
Stopped stop_when(const std::vector<std::string>& args, const std::string& marker, int sig, const TempDir& t) {
  const fs::path out = t / "out", err = t / "err";
  const pid_t pid = spawn_cli(args, out, err);
  for (int i = 0; i < 3000 && !contains(slurp(err), marker); ++i) std::this_thread::sleep_for(milliseconds(20));
  EXPECT_TRUE(contains(slurp(err), marker)) << "never saw '" << marker << "': " << slurp(err);
  const auto t0 = steady_clock::now();
  ::kill(pid, sig);
  Stopped s;
  s.p = wait_cli(pid, out, err);
  s.seconds = duration<double>(steady_clock::now() - t0).count();
  return s;
}

constexpr double kWithin = 2.0 * GRIDENUM_TEST_SLOWDOWN;

TEST(StopCli, APlainCountStopsInItsClassGeneration) {
  const TempDir t;
  const Stopped s = stop_when({"count", "--shape", "2x5", "--method", "two-band", "--threads", "2"},
                              "two-band classes of 5x2 boxes: ", SIGINT, t);
  EXPECT_EQ(s.p.code, 130) << s.p.err;
  EXPECT_LT(s.seconds, kWithin) << s.p.err;
  EXPECT_TRUE(contains(s.p.err, "SIGINT: stopping")) << s.p.err;
  EXPECT_TRUE(contains(s.p.err, "two-band classes of 5x2 boxes: stopped after")) << s.p.err;
  EXPECT_TRUE(contains(s.p.err, "interrupted by SIGINT while the plan was made")) << s.p.err;
  EXPECT_TRUE(s.p.out.empty()) << s.p.out;
}

TEST(StopCli, ABurnsideRunStopsOnSigterm) {
  const TempDir t;
  const Stopped s = stop_when({"symmetry", "--shape", "2x5", "--threads", "2"}, "[info] ", SIGTERM, t);
  EXPECT_EQ(s.p.code, 130) << s.p.err;
  EXPECT_LT(s.seconds, kWithin) << s.p.err;
  EXPECT_TRUE(contains(s.p.err, "stopped by SIGTERM; nothing was written")) << s.p.err;
  EXPECT_TRUE(s.p.out.empty()) << s.p.out;
}

TEST(StopCli, AVerificationStops) {
  const TempDir t;
  const Stopped s = stop_when({"verify", "completions", "--shape", "2x5", "--sample", "8", "--seed", "3", "--threads", "2"},
                              "[info] ", SIGINT, t);
  EXPECT_EQ(s.p.code, 130) << s.p.err;
  EXPECT_LT(s.seconds, kWithin) << s.p.err;
  EXPECT_TRUE(contains(s.p.err, "stopped by SIGINT; nothing was written")) << s.p.err;
  EXPECT_FALSE(contains(s.p.out, "PASS")) << s.p.out;
}

// A recount of a symmetry class by stacks (verify/stack_recount.hpp; 2x4's class 306 takes about
// 20 s): the first SIGTERM stops it inside the class, no report.
TEST(StopCli, AStackRecountStopsOnTheFirstSigterm) {
  const TempDir t;
  const Stopped s = stop_when({"verify", "symmetry", "--shape", "2x4", "--classes", "306", "--method", "stacks", "--threads", "2"},
                              "class 306: recounting (stacks)", SIGTERM, t);
  EXPECT_EQ(s.p.code, 130) << s.p.err;
  EXPECT_LT(s.seconds, kWithin) << s.p.err;
  EXPECT_TRUE(contains(s.p.err, "fixed grids by the stack recount stopped by SIGTERM; nothing was written")) << s.p.err;
  EXPECT_FALSE(contains(s.p.err, "class 306: kernel")) << s.p.err;
  EXPECT_TRUE(s.p.out.empty()) << s.p.out;
}

// A job stopped in its class generation: exit 130 within 2 s, its config kept and no journal, so
// `status` shows a job not started and `resume` takes it up (and stops again the same way).
TEST(StopCli, AJobStoppedBeforeItsFirstUnitResumes) {
  const TempDir t;
  const std::string dir = (t / "job").string();
  Stopped s = stop_when({"count", "--shape", "2x5", "--method", "two-band", "--threads", "2", "--job-dir", dir},
                        "two-band classes of 5x2 boxes: ", SIGINT, t);
  EXPECT_EQ(s.p.code, 130) << s.p.err;
  EXPECT_LT(s.seconds, kWithin) << s.p.err;
  EXPECT_TRUE(contains(s.p.err, "before any unit was counted; continue with: gridenum resume " + dir)) << s.p.err;
  EXPECT_TRUE(fs::exists(t / "job" / "config.toml"));
  EXPECT_FALSE(fs::exists(t / "job" / "journal"));
  const Proc st = run_cli({"status", dir});
  EXPECT_EQ(st.code, 0) << st.err;
  EXPECT_TRUE(contains(st.out, "not started")) << st.out;
  const std::string config = slurp(t / "job" / "config.toml");
  s = stop_when({"resume", dir}, "two-band classes of 5x2 boxes: ", SIGTERM, t);
  EXPECT_EQ(s.p.code, 130) << s.p.err;
  EXPECT_LT(s.seconds, kWithin) << s.p.err;
  EXPECT_TRUE(contains(s.p.err, "resuming job " + dir)) << s.p.err;
  EXPECT_EQ(slurp(t / "job" / "config.toml"), config);
}

}  // namespace
