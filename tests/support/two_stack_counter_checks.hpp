// The matching-removal counter's memo ceiling and its first level as a loop of its own
// (count/side2/two_stack.hpp), on random configurations: the fast tier's checks at 6 and 8 digits
// (tests/count/test_side2.cpp) and the slow tier's at 10 and 12 (slow_side2_10.cpp).
#pragma once

#include <gtest/gtest.h>

#include <oneapi/tbb/task_arena.h>

#include <atomic>
#include <cstdint>
#include <random>

#include "gridenum/count/side2/side2.hpp"
#include "gridenum/count/side2/two_stack.hpp"
#include "side2_fixtures.hpp"

namespace gridenum::test_support {

// `tries` random configurations of m box pairs: F under a ceiling of `entries` memo entries is F
// without one; the uncapped count never empties its memo, the capped one does whenever its memo
// would pass the ceiling, and counts at least as many entries (what was emptied is counted again).
// Returns the number of times the capped counts emptied their memo.
inline std::uint64_t expect_memo_ceiling_keeps_f(int m, int tries, std::uint64_t entries, std::mt19937& rng) {
  std::uint64_t clears = 0;
  for (int t = 0; t < tries; ++t) {
    const Side2Config c = random_config(m, rng);
    TwoStackStats free_stats, capped_stats;
    const u128 f = two_stack_fillings(c, &free_stats, 0);
    const u128 capped = two_stack_fillings(c, &capped_stats, entries * kTwoStackMemoEntryBytes);
    EXPECT_EQ(capped, f) << config_string(c);
    EXPECT_EQ(free_stats.memo_clears, 0u);
    if (free_stats.memo_entries > entries) {
      EXPECT_GT(capped_stats.memo_clears, 0u) << config_string(c);
    }
    EXPECT_GE(capped_stats.memo_entries, free_stats.memo_entries);
    clears += capped_stats.memo_clears;
  }
  return clears;
}

// `tries` random configurations of m box pairs: the first level as a loop of its own
// (two_stack_fillings_by_terms), split over the arena's threads or not, gives the serial count's
// F, and its progress reports every first term once (the sum of on_terms is two_stack_first_terms).
inline void expect_first_terms_give_the_serial_f(int m, int tries, std::mt19937& rng, tbb::task_arena& arena) {
  for (int t = 0; t < tries; ++t) {
    const Side2Config c = random_config(m, rng);
    const u128 serial = two_stack_fillings(c);
    for (const bool over_threads : {true, false}) {
      std::atomic<std::uint64_t> reported{0};
      const u128 f = arena.execute(
          [&] { return two_stack_fillings_by_terms(c, 0, over_threads, [&](std::uint64_t n) { reported += n; }); });
      EXPECT_EQ(f, serial) << config_string(c) << (over_threads ? " over threads" : " on one");
      EXPECT_EQ(reported.load(), two_stack_first_terms(c)) << config_string(c);
      EXPECT_GT(reported.load(), 0u);
    }
  }
}

}  // namespace gridenum::test_support
