// One stop path (docs/architecture.md, "Stopping and progress"): a first SIGINT or SIGTERM
// stops a long phase -- class generation, a verification, a Burnside sum, a plan, a symmetry
// class's recount -- within 2 s, exit 130, nothing written. Each case waits for the phase to name
// itself on stderr (a timestamped line once it has run 2 s: stderr is not a terminal here), then
// signals it. The fast tier stops a plain count's class generation and a class recount; the slow
// tier (slow_stop_resume_cli.cpp) a Burnside sum, a verification and a job before its first unit.
#include <gtest/gtest.h>

#include <csignal>

#include "stop_when.hpp"

namespace {

using namespace gridenum::testing;

// The 2x6 class generator (two-stack orbits) on one thread: about 14 s on Zen 3, so it is still
// running when its first line shows at 2 s on any machine this runs on.
TEST(StopCli, APlainCountStopsInItsClassGeneration) {
  const TempDir t;
  const Stopped s = stop_when({"count", "--shape", "2x6", "--threads", "1"}, "two-stack orbit classes of 2x6 boxes: ", SIGINT, t);
  EXPECT_EQ(s.p.code, 130) << s.p.err;
  EXPECT_LT(s.seconds, kStopWithin) << s.p.err;
  EXPECT_TRUE(contains(s.p.err, "SIGINT: stopping")) << s.p.err;
  EXPECT_TRUE(contains(s.p.err, "two-stack orbit classes of 2x6 boxes: stopped after")) << s.p.err;
  EXPECT_TRUE(contains(s.p.err, "interrupted by SIGINT while the plan was made")) << s.p.err;
  EXPECT_TRUE(s.p.out.empty()) << s.p.out;
}

// A recount of a symmetry class by stacks (verify/stack_recount.hpp; 2x4's class 306 takes about
// 20 s): the first SIGTERM stops it inside the class, no report.
TEST(StopCli, AStackRecountStopsOnTheFirstSigterm) {
  const TempDir t;
  const Stopped s = stop_when({"verify", "symmetry", "--shape", "2x4", "--classes", "306", "--method", "stacks", "--threads", "2"},
                              "class 306: recounting (stacks)", SIGTERM, t);
  EXPECT_EQ(s.p.code, 130) << s.p.err;
  EXPECT_LT(s.seconds, kStopWithin) << s.p.err;
  EXPECT_TRUE(contains(s.p.err, "fixed grids by the stack recount stopped by SIGTERM; nothing was written")) << s.p.err;
  EXPECT_FALSE(contains(s.p.err, "class 306: kernel")) << s.p.err;
  EXPECT_TRUE(s.p.out.empty()) << s.p.out;
}

// A symmetry job's stop message says what is kept: its finished classes and, of the classes in
// flight, their finished parts (docs/jobs.md, *A class resumes from its parts*) -- not "those in
// flight are done again", which a job of estimate batches says.
TEST(StopCli, ASymmetryJobSaysItKeepsTheFinishedPartsOfTheClassesInFlight) {
  const TempDir t;
  const std::string dir = (t / "job").string();
  const Stopped s = stop_when({"symmetry", "--shape", "2x5", "--threads", "1", "--job-dir", dir}, "[info] ", SIGTERM, t);
  EXPECT_EQ(s.p.code, 130) << s.p.err;
  EXPECT_LT(s.seconds, kStopWithin) << s.p.err;
  EXPECT_TRUE(contains(s.p.err, "SIGTERM: stopping; finished classes are kept, and so are the finished parts of those in "
                                "flight; their other parts are counted again on resume"))
      << s.p.err;
  EXPECT_FALSE(contains(s.p.err, "those in flight are done again")) << s.p.err;
}

}  // namespace
