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
#include <functional>

#include "gridenum/core/threads.hpp"
#include "gridenum/jobs/job.hpp"
#include "gridenum/jobs/plain_run.hpp"
#include "cli_run.hpp"
#include "heap_probe.hpp"

namespace gridenum {
namespace {

int threads_of_this_process() {
  int n = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator("/proc/self/task")) ++n;
  return n;
}

// Runs `count` (a 9x9 count on `threads` threads, true when it finished) in this process and
// exits 0 when it left `expected_new` threads behind (0: none; -1: at least one), else with the
// number it left plus 10.
[[noreturn]] void count_and_exit(const std::function<bool(int threads)>& count, int threads, int expected_new) {
  const int before = threads_of_this_process();
  const bool finished = count(threads);
  const int grown = threads_of_this_process() - before;
  const bool ok = finished && (expected_new < 0 ? grown >= 1 : grown == expected_new);
  std::_Exit(ok ? 0 : 10 + grown);
}

bool plain_count(int threads) {
  PlainRunRequest req;
  req.config.threads = threads;
  req.handle_signals = false;
  req.terminal = false;
  return run_plain_count(req).finished;
}

// A job in a new directory: its journal ticker and fsync helpers are joined before run_job
// returns, so only workers could be left behind.
bool job_count(int threads) {
  const gridenum::testing::TempDir t;  // removed here: count_and_exit's _Exit skips destructors
  JobRequest req;
  req.dir = t / "job";
  req.config.threads = threads;
  req.console_log = false;
  req.terminal = false;
  return run_job(req).finished;
}

// Two threads are the control: the check sees the workers they start. On one core two threads
// resolve to one, and none start.
int workers_expected_on_two_threads() { return resolve_threads(2) == 2 ? -1 : 0; }

TEST(PlainRunThreadsDeathTest, OneThreadStartsNoWorker) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(count_and_exit(plain_count, 1, 0), ::testing::ExitedWithCode(0), "");
}

TEST(PlainRunThreadsDeathTest, TwoThreadsStartWorkersTheCheckCanSee) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(count_and_exit(plain_count, 2, workers_expected_on_two_threads()), ::testing::ExitedWithCode(0), "");
}

TEST(PlainRunThreadsDeathTest, OneThreadJobStartsNoWorker) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(count_and_exit(job_count, 1, 0), ::testing::ExitedWithCode(0), "");
}

TEST(PlainRunThreadsDeathTest, TwoThreadJobStartsWorkersTheCheckCanSee) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(count_and_exit(job_count, 2, workers_expected_on_two_threads()), ::testing::ExitedWithCode(0), "");
}

// The 9x9 count as the CLI runs it puts its heap on huge pages (core/heap.hpp; the stack method's
// plan asks for it): after the count, a 4 MiB block comes from the advised heap. Under a
// sanitizer's allocator the policy cannot act, and the count must still finish.
[[noreturn]] void count_then_probe_the_heap() {
  if (!plain_count(2)) std::_Exit(1);
  const bool advised = gridenum::testing::next_block_is_on_huge_pages();
  std::_Exit(advised != gridenum::testing::kSanitizerAllocator ? 0 : 2);
}

TEST(PlainRunHeapDeathTest, NineByNineCountAllocatesFromTheHugePageHeap) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(count_then_probe_the_heap(), ::testing::ExitedWithCode(0), "");
}

}  // namespace
}  // namespace gridenum
