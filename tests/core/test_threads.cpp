// The threads of a command (core/threads.hpp): a budget caps oneTBB's parallelism for the whole
// process while it lives, nests by taking the smaller, runs work in an arena of its size, and
// lifts the cap when it ends.
#include <gtest/gtest.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/task_arena.h>

#include <stdexcept>

#include "gridenum/core/threads.hpp"

namespace gridenum {
namespace {

std::size_t tbb_cap() {
  return tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism);
}

TEST(ThreadBudget, CapsOneTbbWhileItLives) {
  const std::size_t cap_before = tbb_cap();
  {
    const ThreadBudget one(1);
    EXPECT_EQ(one.threads(), 1);
    EXPECT_EQ(tbb_cap(), 1u);
    EXPECT_EQ(resolve_threads(0), 1);  // "every core" is the budget's one
    EXPECT_EQ(resolve_threads(8), 1);
  }
  EXPECT_EQ(tbb_cap(), cap_before);
}

TEST(ThreadBudget, ExecuteRunsInAnArenaOfTheBudgetsSize) {
  const ThreadBudget all(0);
  int seen = 0;
  all.execute([&] { seen = tbb::this_task_arena::max_concurrency(); });
  EXPECT_EQ(seen, all.threads());
  const ThreadBudget one(1);
  one.execute([&] { seen = tbb::this_task_arena::max_concurrency(); });
  EXPECT_EQ(seen, 1);
  EXPECT_THROW(one.execute([] { throw std::runtime_error("from inside"); }), std::runtime_error);
}

TEST(ThreadBudget, NestedBudgetsTakeTheSmaller) {
  const ThreadBudget outer(1);
  const ThreadBudget inner(2);
  EXPECT_EQ(inner.threads(), 1);
  EXPECT_EQ(tbb_cap(), 1u);
}

TEST(ThreadBudget, ZeroMeansEveryCore) {
  const ThreadBudget all(0);
  EXPECT_EQ(all.threads(), std::min<int>(tbb::info::default_concurrency(), static_cast<int>(tbb_cap())));
  EXPECT_GE(all.threads(), 1);
}

}  // namespace
}  // namespace gridenum
