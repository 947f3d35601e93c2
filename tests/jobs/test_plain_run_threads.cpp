// `count --threads 1` counts on one thread (core/threads.hpp, ThreadBudget): the 9x9 count run as
// the CLI runs it (run_plain_count: the plan's catalogue and stack list, the counter's table
// set-up, the pool), and the same count as a job (run_job), start no oneTBB worker thread. Both libraries keep the workers
// they start asleep until the process ends, so a worker started at any moment of the count is
// still there after it: the check compares the process's threads before and after. It runs in a
// fresh process of its own (a death test re-executes this test alone), so that no earlier test
// in the same binary has started a pool already; the same count on two threads is the control
// that shows the check can see workers.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "gridenum/core/threads.hpp"
#include "gridenum/jobs/job.hpp"
#include "gridenum/jobs/plain_run.hpp"
#include "cli_run.hpp"

namespace gridenum {
namespace {

int threads_of_this_process() {
  int n = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator("/proc/self/task")) ++n;
  return n;
}

// Exits 0 when a plain 9x9 count on `threads` threads left `expected_new` threads behind (0: none;
// -1: at least one), else with the number it left plus 10.
[[noreturn]] void count_and_exit(int threads, int expected_new) {
  const int before = threads_of_this_process();
  PlainRunRequest req;
  req.config.threads = threads;
  req.handle_signals = false;
  req.terminal = false;
  const PlainRunOutcome out = run_plain_count(req);
  const int grown = threads_of_this_process() - before;
  const bool ok = out.finished && (expected_new < 0 ? grown >= 1 : grown == expected_new);
  std::_Exit(ok ? 0 : 10 + grown);
}

TEST(PlainRunThreadsDeathTest, OneThreadStartsNoWorker) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(count_and_exit(1, 0), ::testing::ExitedWithCode(0), "");
}

TEST(PlainRunThreadsDeathTest, TwoThreadsStartWorkersTheCheckCanSee) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  const bool two_cores = resolve_threads(2) == 2;  // one core: two threads resolve to one, and none start
  EXPECT_EXIT(count_and_exit(2, two_cores ? -1 : 0), ::testing::ExitedWithCode(0), "");
}

// The same for a job in a new directory: its journal ticker and fsync helpers are joined before
// run_job returns, so only workers could be left behind.
[[noreturn]] void job_and_exit(int threads, int expected_new) {
  const gridenum::testing::TempDir t;
  const int before = threads_of_this_process();
  JobRequest req;
  req.dir = t / "job";
  req.config.threads = threads;
  req.console_log = false;
  req.terminal = false;
  const JobOutcome out = run_job(req);
  const int grown = threads_of_this_process() - before;
  const bool ok = out.finished && (expected_new < 0 ? grown >= 1 : grown == expected_new);
  std::error_code ec;
  std::filesystem::remove_all(t.path, ec);  // _Exit skips t's destructor
  std::_Exit(ok ? 0 : 10 + grown);
}

TEST(PlainRunThreadsDeathTest, OneThreadJobStartsNoWorker) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(job_and_exit(1, 0), ::testing::ExitedWithCode(0), "");
}

TEST(PlainRunThreadsDeathTest, TwoThreadJobStartsWorkersTheCheckCanSee) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  const bool two_cores = resolve_threads(2) == 2;
  EXPECT_EXIT(job_and_exit(2, two_cores ? -1 : 0), ::testing::ExitedWithCode(0), "");
}

}  // namespace
}  // namespace gridenum
