// The one stop path and the long phases (core/stop.hpp, core/phase.hpp): a stop request unwinds
// a phase at its next step with Interrupted, from worker threads too; phases nest and the
// innermost is the current one; a phase's end says whether it was done or unwound; the text a
// display shows; a value from a task whose group is being cancelled is refused.
#include <gtest/gtest.h>

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_group.h>

#include <atomic>
#include <csignal>
#include <string>

#include "gridenum/core/phase.hpp"
#include "gridenum/core/stop.hpp"

namespace gridenum {
namespace {

struct ClearStop {  // every test starts and ends without a stop request
  ClearStop() { clear_stop_request(); }
  ~ClearStop() { clear_stop_request(); }
};

TEST(Stop, ARequestIsHeardAtTheNextStepAndNamesThePhaseAndTheSignal) {
  ClearStop guard;
  Phase phase("test phase", 10, "things");
  phase.step(3);  // no request: nothing happens
  EXPECT_FALSE(stop_requested());
  request_stop(SIGTERM);
  EXPECT_TRUE(stop_requested());
  EXPECT_EQ(stop_signal(), SIGTERM);
  try {
    phase.step();
    FAIL() << "a step after a stop request did not throw";
  } catch (const Interrupted& e) {
    EXPECT_STREQ(e.what(), "test phase stopped by SIGTERM");
  }
  EXPECT_THROW(phase.check(), Interrupted);
  request_stop(SIGINT);  // the first signal names the stop
  EXPECT_EQ(stop_cause(), "SIGTERM");
  clear_stop_request();
  EXPECT_NO_THROW(phase.step());
  EXPECT_EQ(stop_cause(), "stop request");
}

// A stop from another thread ends a parallel loop of many steps early: the loop does not run
// to its end.
TEST(Stop, AParallelLoopUnwindsEarly) {
  ClearStop guard;
  std::atomic<std::uint64_t> ran{0};
  Phase phase("loop", 1'000'000, "items");
  EXPECT_THROW(tbb::parallel_for(std::uint64_t{0}, std::uint64_t{1'000'000},
                                 [&](std::uint64_t i) {
                                   if (i == 1000) request_stop();
                                   phase.step();
                                   ran.fetch_add(1);
                                 }),
               Interrupted);
  EXPECT_LT(ran.load(), 1'000'000u);
}

// The guard of core/stop.hpp: outside any task and in a running group a value passes; in a task
// whose group is being cancelled it is refused, naming what was discarded.
TEST(Stop, AValueFromATaskWhoseGroupIsCancelledIsRefused) {
  EXPECT_FALSE(task_group_cancelled());
  EXPECT_NO_THROW(throw_if_cancelled("a value"));
  tbb::task_group tg;
  std::atomic<bool> passed{false};
  std::string refused;
  tg.run([&] {
    throw_if_cancelled("a value");
    passed = true;
  });
  tg.wait();
  EXPECT_TRUE(passed.load());
  tg.run([&] {
    tg.cancel();
    try {
      throw_if_cancelled("unit 7");
    } catch (const Interrupted& e) {
      refused = e.what();
    }
  });
  tg.wait();
  EXPECT_NE(refused.find("unit 7 discarded"), std::string::npos) << refused;
}

TEST(Phase, NestedPhasesShowTheInnermostAndEndsSayHowTheyEnded) {
  ClearStop guard;
  std::vector<PhaseView> ended;
  set_phase_end_listener([&](const PhaseView& v) { ended.push_back(v); });
  EXPECT_FALSE(current_phase());
  {
    Phase outer("outer", 0, "");
    ASSERT_TRUE(current_phase());
    EXPECT_EQ(current_phase()->name, "outer");
    {
      Phase inner("inner", 4, "slots");
      inner.step(2);
      const auto v = current_phase();
      ASSERT_TRUE(v);
      EXPECT_EQ(v->name, "inner");
      EXPECT_EQ(v->done, 2u);
      EXPECT_EQ(v->total, 4u);
    }
    EXPECT_EQ(current_phase()->name, "outer");
    try {
      Phase failing("failing", 0, "");
      request_stop();
      failing.step();
    } catch (const Interrupted&) {
    }
  }
  set_phase_end_listener({});
  EXPECT_FALSE(current_phase());
  ASSERT_EQ(ended.size(), 3u);
  EXPECT_EQ(ended[0].name, "inner");
  EXPECT_FALSE(ended[0].unwound);
  EXPECT_EQ(ended[1].name, "failing");
  EXPECT_TRUE(ended[1].unwound);
  EXPECT_EQ(ended[2].name, "outer");
  EXPECT_FALSE(ended[2].unwound);  // it ended normally after the inner one was caught
  EXPECT_NE(ended[0].serial, ended[2].serial);
}

TEST(Phase, TheTextADisplayShows) {
  PhaseView v{"4x3 F tables", "slots", 1234, 3333, 130.0, 1, false, ""};
  EXPECT_EQ(describe(v), "4x3 F tables: 37% (1,234 of 3,333 slots), 2m10s, about 3m41s left");
  v.elapsed = 1.5;  // too early to tell the time left
  EXPECT_EQ(describe(v), "4x3 F tables: 37% (1,234 of 3,333 slots), 2s");
  v.done = 100;  // under a twentieth: no time left either
  v.elapsed = 60;
  EXPECT_EQ(describe(v), "4x3 F tables: 3% (100 of 3,333 slots), 1m00s");
  v.total = 0;  // size unknown
  EXPECT_EQ(describe(v), "4x3 F tables: 100 slots, 1m00s");
  v.done = 0;
  EXPECT_EQ(describe(v), "4x3 F tables: 1m00s");
  // A detail (Phase::set_detail) follows the rest; a phase's view carries the one last set.
  Phase p("3x4 fixed grids of the symmetry classes", 20, "classes");
  p.set_detail("parts: class 1134 49/64");
  v = p.view();
  v.elapsed = 60;
  EXPECT_EQ(describe(v), "3x4 fixed grids of the symmetry classes: 0% (0 of 20 classes), 1m00s; parts: class 1134 49/64");
  p.set_detail("");
  EXPECT_EQ(p.view().detail, "");
  EXPECT_EQ(short_duration(44), "44s");
  EXPECT_EQ(short_duration(725), "12m05s");
  EXPECT_EQ(short_duration(3725), "1h02m");
  EXPECT_EQ(short_duration(-1), "?");
}

}  // namespace
}  // namespace gridenum
