// The watch over a long run (jobs/run_watch.hpp): its deferred start. A deferred watch sets the
// signal mask at once and starts its threads at the first poll (core/stop.hpp) after its delay;
// a signal meanwhile waits pending and is taken then.
#include <gtest/gtest.h>

#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <stdexcept>
#include <thread>

#include "gridenum/core/stop.hpp"
#include "gridenum/core/timing.hpp"
#include "gridenum/jobs/run_watch.hpp"

namespace gridenum {
namespace {

RunWatchOptions quiet_watch(double start_after, bool signals) {
  RunWatchOptions o;
  o.terminal = false;
  o.handle_signals = signals;
  o.start_after_seconds = start_after;
  o.log = [](const std::string&) {};
  return o;
}

TEST(RunWatch, AnEagerWatchStartsAtOnce) {
  RunWatch w(quiet_watch(0, false));
  EXPECT_TRUE(w.started());
}

TEST(RunWatch, ADeferredWatchStartsAtTheFirstPollAfterItsDelay) {
  RunWatch w(quiet_watch(0.2, false));
  EXPECT_FALSE(w.started());
  throw_if_stop_requested("a poll before the delay");  // microseconds in: too early
  EXPECT_FALSE(w.started());
  std::this_thread::sleep_for(std::chrono::milliseconds(250));
  EXPECT_FALSE(w.started());  // no poll yet: nothing starts by itself
  throw_if_stop_requested("a poll after the delay");
  EXPECT_TRUE(w.started());
}

TEST(RunWatch, ADeferredWatchsOwnPollStartsItToo) {
  RunWatch w(quiet_watch(0.05, false));
  std::this_thread::sleep_for(std::chrono::milliseconds(80));
  w.poll();
  EXPECT_TRUE(w.started());
}

TEST(RunWatch, ContractsOfADeferredStart) {
  EXPECT_THROW(RunWatch(quiet_watch(0.6, false)), std::logic_error);  // past a terminal's first line
  {
    RunWatch first(quiet_watch(0.2, false));
    EXPECT_THROW(RunWatch(quiet_watch(0.2, false)), std::logic_error);  // one deferred watch at a time
    RunWatch eager(quiet_watch(0, false));                               // an eager one beside it is fine
    EXPECT_TRUE(eager.started());
  }
  RunWatch again(quiet_watch(0.2, false));  // the first one gone, the next may defer
  EXPECT_FALSE(again.started());
}

// A SIGTERM before the start is held by the mask, and is the stop request once the watcher runs.
[[noreturn]] void signal_before_the_deferred_start() {
  RunWatch w(quiet_watch(0.1, true));
  ::kill(::getpid(), SIGTERM);
  if (stop_requested() || w.signal_received() != 0) std::_Exit(2);  // pending, not taken yet
  std::this_thread::sleep_for(std::chrono::milliseconds(150));
  w.poll();
  const auto t = SteadyClock::now();
  while (!stop_requested() && seconds_since(t) < 2.0 * GRIDENUM_TEST_SLOWDOWN)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  std::_Exit(stop_requested() && stop_signal() == SIGTERM && w.signal_received() == SIGTERM ? 0 : 3);
}

TEST(RunWatchDeathTest, ASignalBeforeTheDeferredStartIsTakenWhenItStarts) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(signal_before_the_deferred_start(), ::testing::ExitedWithCode(0), "");
}

// A run that ends before the delay never starts the watcher; a signal it left pending is dropped
// with the watch, and the process goes on (its work was done).
[[noreturn]] void signal_dropped_by_a_watch_that_never_started() {
  {
    RunWatch w(quiet_watch(0.5, true));
    ::kill(::getpid(), SIGINT);
  }
  sigset_t pending;
  sigpending(&pending);
  std::_Exit(sigismember(&pending, SIGINT) == 0 && !stop_requested() ? 0 : 4);
}

TEST(RunWatchDeathTest, ASignalLeftPendingByAWatchThatNeverStartedIsDropped) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(signal_dropped_by_a_watch_that_never_started(), ::testing::ExitedWithCode(0), "");
}

}  // namespace
}  // namespace gridenum
