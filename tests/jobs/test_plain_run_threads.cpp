// `count --threads 1` counts on one thread (core/threads.hpp, ThreadBudget; and its watch, below): the 9x9 count run as
// the CLI runs it (run_plain_count: the plan's catalogue and stack list, the counter's table
// set-up, the pool), and the same count as a job (run_job), start no oneTBB worker thread. Both libraries keep the workers
// they start asleep until the process ends, so a worker started at any moment of the count is
// still there after it: the check compares the process's threads before and after. It runs in a
// fresh process of its own (a death test re-executes this test alone), so that no earlier test
// in the same binary has started a pool already; the same count on two threads is the control
// that shows the check can see workers.
#include <gtest/gtest.h>

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <thread>

#include "gridenum/core/threads.hpp"
#include "gridenum/core/timing.hpp"
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

// The watch over a plain count (progress, signals) starts its two threads only at the first poll
// kPlainRunWatchAfterSeconds after the start (jobs/run_watch.hpp): a count that ends sooner runs on
// its own threads only -- with --threads 1, on one. A sampler thread reads /proc/self/task every
// 0.2 ms through the run (a thread that lives through a run of 0.25 s and more cannot slip between
// two looks): the most threads it saw beyond the process's and its own, and when the count first
// rose.
class TaskSampler {
 public:
  // Returns once the sampler has taken its first look.
  TaskSampler() : base_(threads_of_this_process() + 1), most_(base_), thread_([this] { run(); }) {
    while (!looked_.load()) std::this_thread::yield();
  }
  ~TaskSampler() { stop(); }
  TaskSampler(const TaskSampler&) = delete;
  TaskSampler& operator=(const TaskSampler&) = delete;
  void stop() {
    quit_.store(true);
    if (thread_.joinable()) thread_.join();
  }
  int most_new() const { return most_.load() - base_; }
  double first_rise_seconds() const { return first_rise_.load(); }  // -1: never

 private:
  void run() {
    while (!quit_.load()) {
      const int n = threads_of_this_process();
      if (n > most_.load()) most_.store(n);
      if (n > base_ && first_rise_.load() < 0) first_rise_.store(seconds_since(start_));
      looked_.store(true);
      ::usleep(200);
    }
  }
  const int base_;
  const SteadyClock::time_point start_ = SteadyClock::now();
  std::atomic<bool> quit_{false}, looked_{false};
  std::atomic<int> most_;
  std::atomic<double> first_rise_{-1};
  std::thread thread_;
};

enum class Expect { NoThread, NoThreadEarly, ThreadsAfterTheDelay };

// Exits 0 when a plain count of `shape` on one thread, signals taken as the CLI takes them, met
// `expect`; else 10 + the threads it started (at most 4 more than the process's: 20 and up mean
// the count did not finish, 30 and up that they started too early).
[[noreturn]] void sampled_one_thread_count_and_exit(Shape shape, Expect expect) {
  TaskSampler sampler;
  PlainRunRequest req;
  req.config.shape = shape;
  req.config.threads = 1;
  req.handle_signals = true;
  req.terminal = false;
  const bool finished = run_plain_count(req).finished;
  sampler.stop();
  const int grown = sampler.most_new();
  const double rise = sampler.first_rise_seconds();
  if (!finished) std::_Exit(20 + grown);
  const bool early = rise >= 0 && rise < kPlainRunWatchAfterSeconds;
  switch (expect) {
    case Expect::NoThread: std::_Exit(grown == 0 ? 0 : 10 + grown);
    case Expect::NoThreadEarly: std::_Exit(early ? 30 + grown : 0);
    case Expect::ThreadsAfterTheDelay: std::_Exit(early ? 30 + grown : grown >= 2 ? 0 : 10 + grown);
  }
  std::_Exit(40);
}

// 6x6 (2x3 boxes): milliseconds, under the sanitizers too.
TEST(PlainRunThreadsDeathTest, AShortCountOnOneThreadStartsNoThreadAtAll) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(sampled_one_thread_count_and_exit(Shape{2, 3}, Expect::NoThread), ::testing::ExitedWithCode(0), "");
}

// The main job, 9x9: about 0.12 s on one thread in an optimised build, so no thread at all; under
// the sanitizers it may last past the delay, and then its watch starts, but never before.
TEST(PlainRunThreadsDeathTest, TheNineByNineCountStartsNoThreadBeforeTheDelay) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(sampled_one_thread_count_and_exit(Shape{3, 3}, Expect::NoThreadEarly), ::testing::ExitedWithCode(0), "");
}

// The control: 10x10 (2x5 boxes, about 0.7 s on one thread) lasts past the delay, and its watch's
// two threads (drawing, signals) start then, not before; the sampler sees them.
TEST(PlainRunThreadsDeathTest, ALongerCountStartsItsWatchAfterTheDelay) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(sampled_one_thread_count_and_exit(Shape{2, 5}, Expect::ThreadsAfterTheDelay), ::testing::ExitedWithCode(0),
              "");
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
