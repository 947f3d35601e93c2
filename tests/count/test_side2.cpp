// The side-2 routes (count/side2/side2.hpp, two_stack.hpp, two_band.hpp), fast checks:
//  - every shape with a side of 2 that the stack method counts (2x2, 2x3, 3x2, 2x4, 4x2) gets the
//    same total by both routes as by the stack method and as published;
//  - the class tables of m = 2, 3, 4 by both generators, matching class for class (each route's
//    classifier on the other's representatives) with equal weights summing to C(2m, m)^m;
//  - F by both counters against plain enumeration of stack fillings (test-local code) on every
//    class of m = 2, 3, 4, and against each other on random 8-digit configurations and their
//    images under the symmetry group (F and the class must not move);
//  - the known 2x6 check value (the class with every box's top row the same six digits:
//    F = 812,851,200^2, Latin squares of order 6 squared);
//  - the counter behind the two-stack route (MatchingRemoval) called directly, its memo kept
//    across calls, under a memo ceiling, and with its first level a loop of its own (split over
//    threads or not, with its progress);
//  - refusals: shapes without a side of 2, m > 5, invalid configurations.
// The 10-digit class tables, random 10-digit configurations and the full 2x5 / 5x2 totals are in
// slow_side2_10.cpp (tens of seconds each: label slow).
#include <gtest/gtest.h>

#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <bit>
#include <numeric>
#include <random>

#include "gridenum/count/stack/count.hpp"
#include "gridenum/count/side2/side2_run.hpp"
#include "gridenum/count/side2/two_band.hpp"
#include "gridenum/core/stop.hpp"
#include "gridenum/count/side2/two_stack.hpp"
#include "side2_fixtures.hpp"
#include "two_stack_counter_checks.hpp"

using namespace gridenum;
using gridenum::test_support::binom_pow;
using gridenum::test_support::random_config;
using gridenum::test_support::random_image;

namespace {

// Plain enumeration: fillings of a 2m x m stack, row 2k = S_k, row 2k+1 = complement, cell by
// cell in row-major order, every column all-different. Shares nothing with src/.
std::uint64_t plain_stack_fillings(const Side2Config& c) {
  const int m = c.m, n = 2 * m;
  std::vector<unsigned> row_set(n);
  for (int k = 0; k < m; ++k) {
    row_set[2 * k] = c.sets[k];
    row_set[2 * k + 1] = ((1u << n) - 1) & ~static_cast<unsigned>(c.sets[k]);
  }
  std::vector<unsigned> row_used(n, 0), col_used(m, 0);
  std::uint64_t count = 0;
  auto dfs = [&](auto&& self, int cell) -> void {
    if (cell == n * m) {
      ++count;
      return;
    }
    const int r = cell / m, col = cell % m;
    for (unsigned opts = row_set[r] & ~row_used[r] & ~col_used[col]; opts; opts &= opts - 1) {
      const unsigned b = opts & (~opts + 1);
      row_used[r] |= b, col_used[col] |= b;
      self(self, cell + 1);
      row_used[r] &= ~b, col_used[col] &= ~b;
    }
  };
  dfs(dfs, 0);
  return count;
}

}  // namespace

TEST(Side2, SmallShapesMatchTheStackMethodAndThePublishedCounts) {
  const std::pair<const char*, const char*> shapes[] = {
      {"2x2", "288"}, {"2x3", "28200960"}, {"3x2", "28200960"}, {"2x4", "29136487207403520"}, {"4x2", "29136487207403520"}};
  for (auto [text, published] : shapes) {
    const Shape s = *Shape::parse(text);
    CountOptions o;
    o.shape = s;
    o.threads = 2;
    const BigInt stack_total = run_count(o).reduction.total;
    EXPECT_EQ(stack_total.str(), published) << text;
    for (MethodId route : {MethodId::TwoStack, MethodId::TwoBand}) {
      Side2Options so;
      so.shape = s;
      so.route = route;
      so.threads = 2;
      const Side2Result r = run_side2_count(so);
      EXPECT_EQ(r.reduction.total, stack_total) << text << " " << to_string(route);
      EXPECT_EQ(r.reduction.weight_sum, binom_pow(side2_half(s))) << text;
      EXPECT_EQ(r.transposed, s.rows != s.cols && side2_native_route(s) != route) << text;
    }
  }
}

TEST(Side2, ClassTablesOfUpToEightDigitsAgree) {
  // The two generators' tables, matched class for class with equal weights (m = 2, 3, 4 here; the
  // 10-digit tables, 355 classes, are slow_side2_10's ClassTablesOfTenDigitsAgree).
  for (int m = 2; m <= 4; ++m) {
    const TwoStackClasses a(m);
    const TwoBandClasses b(m);
    const std::size_t n = a.table().classes.size();
    ASSERT_EQ(b.table().classes.size(), n) << "m = " << m;
    std::uint64_t wa = 0, wb = 0;
    for (const auto& c : a.table().classes) wa += c.weight;
    for (const auto& c : b.table().classes) wb += c.weight;
    EXPECT_EQ(wa, binom_pow(m)) << "m = " << m;
    EXPECT_EQ(wb, binom_pow(m)) << "m = " << m;
    std::vector<int> seen(n, 0);
    for (std::uint32_t i = 0; i < n; ++i) {
      const std::uint32_t j = b.class_of(a.table().classes[i].representative);
      ASSERT_LT(j, n);
      ++seen[j];
      EXPECT_EQ(a.table().classes[i].weight, b.table().classes[j].weight) << "m = " << m << ", class " << i + 1;
      EXPECT_EQ(a.class_of(b.table().classes[j].representative), i);
    }
    for (int k : seen) EXPECT_EQ(k, 1) << "m = " << m;
  }
}

TEST(Side2, RandomConfigurationsBothCountersAndTheGroup) {
  // F and the class do not move under the class group; both counters agree (m = 4 here, m = 5
  // in slow_side2_10's TenDigitConfigurationsBothCountersAndTheGroup).
  std::mt19937 rng(14);
  const TwoStackClasses a(4);
  for (int t = 0; t < 20; ++t) {
    const Side2Config c = random_config(4, rng);
    const u128 f = two_stack_fillings(c);
    EXPECT_EQ(two_band_fillings(c), f) << config_string(c);
    const Side2Config img = random_image(c, rng);
    EXPECT_EQ(two_stack_fillings(img), f) << config_string(img);
    EXPECT_EQ(two_band_fillings(img), f) << config_string(img);
    EXPECT_EQ(a.class_of(img), a.class_of(c));
  }
}

TEST(Side2, SmallClassesAgainstPlainEnumeration) {
  for (int m = 2; m <= 4; ++m) {
    const TwoStackClasses a(m);
    const TwoBandClasses b(m);
    std::uint64_t first_moment = 0;
    for (const auto& c : a.table().classes) {
      const std::uint64_t plain = plain_stack_fillings(c.representative);
      EXPECT_EQ(two_stack_fillings(c.representative), u128{plain}) << config_string(c.representative);
      EXPECT_EQ(two_band_fillings(c.representative), u128{plain}) << config_string(c.representative);
      first_moment += c.weight * plain;
    }
    for (const auto& c : b.table().classes)
      EXPECT_EQ(two_band_fillings(c.representative), u128{plain_stack_fillings(c.representative)});
    // Sum of weight x F over the classes = sum of F over every configuration, enumerated here
    // one by one for m = 2, 3 (checks the weights against the configurations they stand for).
    if (m <= 3) {
      std::uint64_t direct = 0;
      const int n = 2 * m;
      std::vector<std::uint16_t> sets;
      for (unsigned s = 0; s < (1u << n); ++s)
        if (std::popcount(s) == m) sets.push_back(static_cast<std::uint16_t>(s));
      std::vector<std::size_t> idx(m, 0);
      while (true) {
        Side2Config c;
        c.m = m;
        for (int k = 0; k < m; ++k) c.sets[k] = sets[idx[k]];
        direct += plain_stack_fillings(c);
        int k = 0;
        while (k < m && ++idx[k] == sets.size()) idx[k++] = 0;
        if (k == m) break;
      }
      EXPECT_EQ(first_moment, direct) << "m = " << m;
    }
  }
}

TEST(Side2, TwoBySixCheckValue) {
  Side2Config same;
  same.m = 6;
  for (int k = 0; k < 6; ++k) same.sets[k] = 0x3f;
  const u128 f = two_stack_fillings(same);
  EXPECT_EQ(to_string(f), "660727073341440000");  // 812,851,200^2
  EXPECT_EQ(two_band_fillings(same), f);
}

// The matching-removal counter's memo ceiling (memo_bytes) only costs time: with a ceiling of 20
// entries the memo is emptied level by level many times, and F is the same as with none, on
// random 8-digit configurations. (At 10 digits with a ceiling of 300 and on 2x6's all-equal
// configuration: Side2Slow.AMemoCeilingEmptiesLevelsAndLeavesFTheSame, slow_side2_10.cpp.)
TEST(Side2, AMemoCeilingEmptiesLevelsAndLeavesFTheSame) {
  std::mt19937 rng(31);
  EXPECT_GT(test_support::expect_memo_ceiling_keeps_f(4, 4, 20, rng), 0u);  // the ceiling was reached at all
}

// The first level as a loop of its own (two_stack_fillings_by_terms), split over threads or not,
// gives the serial count's F on random configurations of 6 and 8 digits, in an arena of 2
// threads; its progress reports every first term once (the sum of on_terms equals
// two_stack_first_terms), from both threads' work. (10 digits and 2x6's all-equal configuration
// under a memo ceiling: Side2Slow.TheFirstTermsSplitOverThreadsGiveTheSerialF.)
TEST(Side2, TheFirstTermsSplitOverThreadsGiveTheSerialF) {
  std::mt19937 rng(36);
  tbb::task_arena arena(2);
  for (int m = 3; m <= 4; ++m) test_support::expect_first_terms_give_the_serial_f(m, 4, rng, arena);
  Side2Config same;
  same.m = 6;
  for (int k = 0; k < 6; ++k) same.sets[k] = 0x3f;
  // 6! first matchings through (row 0, digit 0)? Row 0 holds digits 0-5, row 1 digits 6-11, ...:
  // the even rows match {0..5} with digit 0 fixed (5!), the odd rows {6..11} (6!).
  EXPECT_EQ(two_stack_first_terms(same), 120u * 720u);
  Side2Config bad = same;
  bad.sets[2] = 0x7f;  // seven digits in a box's row
  EXPECT_THROW(two_stack_fillings_by_terms(bad, 0, true), std::invalid_argument);
  EXPECT_THROW(two_stack_first_terms(bad), std::invalid_argument);
}

// Both counters hear a stop request inside a class (core/stop.hpp; every 256 memo misses), not
// only between classes: with a stop already requested, a random 2x6 configuration (seconds to
// minutes of work, thousands of memo misses) throws instead of returning. The slow tier times
// the stop of a class in progress (Side2Slow12.AClassInProgressHearsAStopWithinTwoSeconds).
TEST(Side2, BothCountersHearAStopInsideAClass) {
  std::mt19937 rng(1);
  const Side2Config c = random_config(6, rng);
  request_stop();
  EXPECT_THROW(two_stack_fillings(c), Interrupted) << config_string(c);
  EXPECT_THROW(two_band_fillings(c), Interrupted) << config_string(c);
  clear_stop_request();
}

// MatchingRemoval (two_stack.hpp), the counter two_stack_fillings uses, called directly: one
// object over many graphs keeps its memo between calls and gives each the same F as a fresh count
// (two_stack_fillings, a counter per configuration); F_0 = F_1 = 1; graphs that are not regular,
// or outside 1..16 rows and degree 0..8, are refused.
TEST(Side2, MatchingRemovalKeepsItsMemoAcrossCalls) {
  std::mt19937 rng(77);
  TwoStackStats stats;
  MatchingRemoval counter(&stats);
  for (int t = 0; t < 30; ++t) {
    const Side2Config c = random_config(4, rng);
    std::uint16_t rows[8];
    for (int k = 0; k < 4; ++k) {
      rows[2 * k] = c.sets[static_cast<std::size_t>(k)];
      rows[2 * k + 1] = static_cast<std::uint16_t>(0xff & ~c.sets[static_cast<std::size_t>(k)]);
    }
    EXPECT_EQ(counter.count(rows, 8, 4), two_stack_fillings(c)) << config_string(c);
  }
  EXPECT_GT(stats.memo_hits, 0u);
  const std::uint16_t matching[3] = {0x1, 0x2, 0x4}, empty[3] = {0, 0, 0}, k33[3] = {0x7, 0x7, 0x7};
  EXPECT_EQ(counter.count(matching, 3, 1), 1u);
  EXPECT_EQ(counter.count(empty, 3, 0), 1u);
  EXPECT_EQ(counter.count(k33, 3, 3), 12u);  // the 3x3 Latin squares
  const std::uint16_t uneven[3] = {0x3, 0x3, 0x5};
  EXPECT_THROW(counter.count(uneven, 3, 2), std::invalid_argument);
  EXPECT_THROW(counter.count(k33, 3, 2), std::invalid_argument);
  EXPECT_THROW(counter.count(k33, 0, 3), std::invalid_argument);
  EXPECT_THROW(counter.count(k33, 3, 9), std::invalid_argument);
}

TEST(Side2, Refusals) {
  EXPECT_TRUE(side2_shape_error(Shape{3, 3}).has_value());
  EXPECT_TRUE(side2_shape_error(Shape{3, 4}).has_value());
  EXPECT_FALSE(side2_shape_error(Shape{2, 6}).has_value());  // by the two-stack route only
  EXPECT_FALSE(side2_shape_error(Shape{6, 2}).has_value());
  EXPECT_TRUE(side2_shape_error(Shape{2, 7}).has_value());
  EXPECT_FALSE(side2_route_error(Shape{6, 2}, MethodId::TwoStack).has_value());
  EXPECT_TRUE(side2_route_error(Shape{6, 2}, MethodId::TwoBand).has_value());
  EXPECT_TRUE(side2_route_error(Shape{2, 6}, MethodId::TwoBand).has_value());
  EXPECT_FALSE(side2_route_error(Shape{5, 2}, MethodId::TwoBand).has_value());
  EXPECT_FALSE(side2_shape_error(Shape{2, 5}).has_value());
  EXPECT_FALSE(side2_shape_error(Shape{5, 2}).has_value());
  EXPECT_EQ(side2_native_route(Shape{2, 5}), MethodId::TwoStack);
  EXPECT_EQ(side2_native_route(Shape{5, 2}), MethodId::TwoBand);
  Side2Config bad;
  bad.m = 5;
  bad.sets[0] = 0xf;  // 4 digits
  for (int k = 1; k < 5; ++k) bad.sets[k] = 0x1f;
  EXPECT_FALSE(is_valid_config(bad));
  EXPECT_THROW(two_stack_fillings(bad), std::invalid_argument);
  EXPECT_THROW(two_band_fillings(bad), std::invalid_argument);
  EXPECT_THROW(TwoStackClasses(6), std::invalid_argument);
  EXPECT_THROW(TwoBandClasses(1), std::invalid_argument);
  Side2Options o;
  o.shape = Shape{3, 3};
  EXPECT_THROW(run_side2_count(o), std::invalid_argument);
}
