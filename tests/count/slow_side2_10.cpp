// The 10-digit counts by both side-2 routes, computed once per ctest run as the
// fixture side2_10 (tests/support/test_cache.hpp) with the product's own commands: 2x5 natively by
// two-stack in one job, 5x2 natively by two-band in two shards, merged. Each route's total must
// be the published 1,903,816,047,972,624,930,994,913,280,000 (Pettersen 2005), its first moment sum
// weight x F 1,388,348,372,994,018,508,800 (fillings of one 10x5 stack), and the two routes' F
// equal class for class (classes matched by the two-stack classifier). Other slow tests read the
// same tables (slow_burnside_10x10.cpp) instead of counting 10x10 again. Also the 10-digit class
// tables of both generators matched class for class, and random 10-digit configurations by both
// counters and under the group; and the matching-removal counter's memo ceiling and its first
// level split over threads at 10 and 12 digits (test_side2.cpp has both at 6 and 8). Measured 2026-11-26 (2-core AMD EPYC family 25 model 17, -j2):
// before the fixture, one test counted both routes in 583 s.
#include <gtest/gtest.h>

#include <random>

#include "cli_run.hpp"
#include "gridenum/count/side2/side2.hpp"
#include "gridenum/count/side2/two_band.hpp"
#include "gridenum/count/side2/two_stack.hpp"
#include "side2_fixtures.hpp"
#include "two_stack_counter_checks.hpp"
#include "test_cache.hpp"

using namespace gridenum;
using gridenum::test_support::random_config;
using gridenum::test_support::random_image;
namespace fs = std::filesystem;

namespace {

// One job of the fixture, from an empty directory, to the end.
void run_fixture_job(const fs::path& dir, const std::string& args) {
  fs::remove_all(dir);
  fs::create_directories(dir.parent_path());
  const auto p = gridenum::testing::run_cli_line("{gridenum} count " + args + " --job-dir " + dir.string() + " 2>&1");
  ASSERT_EQ(p.code, 0) << p.out;
  ASSERT_TRUE(fs::exists(dir / "result.json")) << p.out;
}

void two_band_shard(int k) {
  run_fixture_job(gridenum::testing::side2_ten_two_band_dir(k), "--shape 5x2 --method two-band --threads 1 --shard " +
                                                          std::to_string(k) + "/" + std::to_string(gridenum::testing::kSide2TenShards));
}

}  // namespace

// ---- Fixture side2_10: the tables --------------------------------------------------------------

TEST(Side2Tables10Setup, TwoStackRouteOnTwoByFive) {
  run_fixture_job(gridenum::testing::side2_ten_two_stack_dir(), "--shape 2x5 --method two-stack --threads 2");
}
TEST(Side2Tables10Setup, TwoBandRouteOnFiveByTwoShard1) { two_band_shard(1); }
TEST(Side2Tables10Setup, TwoBandRouteOnFiveByTwoShard2) { two_band_shard(2); }

// ---- Checks ------------------------------------------------------------------------------------

TEST(Side2Tables10, TotalsByBothRoutesAndFClassForClass) {
  static_assert(gridenum::testing::kSide2TenShards == 2, "the setup tests above are one per shard");
  std::string dirs;
  for (int k = 1; k <= gridenum::testing::kSide2TenShards; ++k) dirs += " " + gridenum::testing::side2_ten_two_band_dir(k).string();
  const auto merged = gridenum::testing::run_cli_line("{gridenum} merge --json" + dirs);
  ASSERT_EQ(merged.code, 0) << merged.out;
  const ResultDoc band = parse_result(nlohmann::json::parse(merged.out), "merge of the two-band shards");
  const ResultDoc stack = gridenum::testing::fixture_result(gridenum::testing::side2_ten_two_stack_dir());
  EXPECT_EQ(stack.method, MethodId::TwoStack);
  EXPECT_EQ(band.method, MethodId::TwoBand);
  EXPECT_EQ(stack.shape, (Shape{2, 5}));
  EXPECT_EQ(band.shape, (Shape{5, 2}));
  for (const ResultDoc* r : {&stack, &band}) {
    ASSERT_EQ(r->side2_classes.size(), 355u) << r->source;
    std::uint64_t weights = 0;
    for (const auto& c : r->side2_classes) weights += c.weight;
    EXPECT_EQ(weights, 1016255020032ull) << r->source;  // 252^5
    EXPECT_EQ(r->first_moment, BigInt("1388348372994018508800")) << r->source;
    EXPECT_EQ(r->total, BigInt("1903816047972624930994913280000")) << r->source;
  }
  // The two-band route's classes matched to the two-stack route's by the two-stack classifier.
  const TwoStackClasses a(5);
  std::vector<int> matched(355, 0);
  for (const auto& c : band.side2_classes) {
    const auto config = parse_config_string(c.representative, 5);
    ASSERT_TRUE(config.has_value()) << c.representative;
    const std::uint32_t i = a.class_of(*config);
    ASSERT_LT(i, 355u);
    ++matched[i];
    EXPECT_EQ(stack.side2_classes[i].index, i + 1u);
    EXPECT_EQ(stack.side2_classes[i].F, c.F) << "class " << i + 1;
    EXPECT_EQ(stack.side2_classes[i].weight, c.weight) << "class " << i + 1;
  }
  for (int k : matched) EXPECT_EQ(k, 1);
}

TEST(Side2Slow, ClassTablesOfTenDigitsAgree) {
  const TwoStackClasses a(5);
  const TwoBandClasses b(5);
  ASSERT_EQ(a.table().classes.size(), 355u);
  ASSERT_EQ(b.table().classes.size(), 355u);
  EXPECT_EQ(a.table().configurations, 1016255020032ull);  // 252^5
  std::uint64_t wa = 0, wb = 0;
  for (const auto& c : a.table().classes) wa += c.weight;
  for (const auto& c : b.table().classes) wb += c.weight;
  EXPECT_EQ(wa, 1016255020032ull);
  EXPECT_EQ(wb, 1016255020032ull);
  EXPECT_EQ(a.histograms(), a.table().enumerated);
  EXPECT_EQ(b.nodes(), 11009376u);  // C(129, 4): 4-multisets of the 126 box partitions
  EXPECT_EQ(a.table().group_order, 3840u);
  // A bijection with equal weights, checked from both sides.
  std::vector<int> seen(355, 0);
  for (std::uint32_t i = 0; i < 355; ++i) {
    const std::uint32_t j = b.class_of(a.table().classes[i].representative);
    ASSERT_LT(j, 355u);
    ++seen[j];
    EXPECT_EQ(a.table().classes[i].weight, b.table().classes[j].weight) << "class " << i + 1;
    EXPECT_EQ(a.class_of(b.table().classes[j].representative), i) << "class " << i + 1;
    EXPECT_EQ(a.class_of(a.table().classes[i].representative), i);
    EXPECT_EQ(b.class_of(b.table().classes[i].representative), i);
  }
  for (int k : seen) EXPECT_EQ(k, 1);
  // The all-same class: every box's top row {1..5}; 10!/(5!5!) x 2^5 / 2 = 252 x 16 choices
  // (S_1 any 5-set, the others equal to it or to its complement).
  Side2Config same;
  same.m = 5;
  for (int k = 0; k < 5; ++k) same.sets[k] = 0x1f;
  EXPECT_EQ(a.table().classes[a.class_of(same)].weight, 252u * 16u);
}

TEST(Side2Slow, TenDigitConfigurationsBothCountersAndTheGroup) {
  std::mt19937 rng(14);
  const TwoStackClasses a(5);
  for (int t = 0; t < 2; ++t) {
    const Side2Config c = random_config(5, rng);
    const u128 f = two_stack_fillings(c);
    if (t == 0) {
      EXPECT_EQ(two_band_fillings(c), f) << config_string(c);  // seconds: once
    }
    const Side2Config img = random_image(c, rng);
    EXPECT_EQ(two_stack_fillings(img), f) << config_string(img);
    EXPECT_EQ(a.class_of(img), a.class_of(c));
  }
}

// The route's own entry point at 10 digits (the 12-digit check is Side2Long12, long tier):
// side2_classes(TwoStack, 5) gives the 355 classes of the orbit generator, weight for weight (its
// order is the route's own, so the classes are matched through the generator's class_of).
TEST(Side2Slow, SideTwoClassesTakeTenDigitsByTheTwoStackRoute) {
  const Side2Classes t = side2_classes(MethodId::TwoStack, 5, 2);
  const TwoStackOrbitClasses b(5, 2);
  ASSERT_EQ(t.classes.size(), 355u);
  ASSERT_EQ(t.classes.size(), b.table().classes.size());
  std::vector<int> seen(t.classes.size(), 0);
  for (std::size_t i = 0; i < t.classes.size(); ++i) {
    const std::uint32_t j = b.class_of(t.classes[i].representative);
    ASSERT_LT(j, t.classes.size());
    ++seen[j];
    EXPECT_EQ(t.classes[i].weight, b.table().classes[j].weight) << "class " << i + 1;
  }
  for (int k : seen) EXPECT_EQ(k, 1);
}

// The matching-removal counter's memo ceiling (memo_bytes) only costs time (at 10 and 12 digits;
// test_side2.cpp has the same at 8): with a ceiling of a
// few hundred entries the memo is emptied level by level many times, and F is the same as with
// none, on two 10-digit configurations (thousands of memo entries each) and on 2x6's all-equal one.
TEST(Side2Slow, AMemoCeilingEmptiesLevelsAndLeavesFTheSame) {
  std::mt19937 rng(31);
  EXPECT_GT(test_support::expect_memo_ceiling_keeps_f(5, 2, 300, rng), 0u);  // the ceiling was reached at all
  Side2Config same;
  same.m = 6;
  for (int k = 0; k < 6; ++k) same.sets[k] = 0x3f;
  EXPECT_EQ(to_string(two_stack_fillings(same, nullptr, 50 * kTwoStackMemoEntryBytes)), "660727073341440000");
}

// The first level as a loop of its own (two_stack_fillings_by_terms), split over threads or not,
// gives the serial count's F on random configurations of 6, 8 and 10 digits (test_side2.cpp: 6
// and 8) and on 2x6's all-equal one (with a memo ceiling of 50 entries per thread there), in an
// arena of 2 threads; its progress reports every first term once, from both threads' work.
TEST(Side2Slow, TheFirstTermsSplitOverThreadsGiveTheSerialF) {
  std::mt19937 rng(36);
  tbb::task_arena arena(2);
  for (int m = 3; m <= 4; ++m) test_support::expect_first_terms_give_the_serial_f(m, 4, rng, arena);
  test_support::expect_first_terms_give_the_serial_f(5, 1, rng, arena);  // a 10-digit configuration: half a second
  Side2Config same;
  same.m = 6;
  for (int k = 0; k < 6; ++k) same.sets[k] = 0x3f;
  for (const bool over_threads : {true, false}) {
    const u128 f = arena.execute([&] { return two_stack_fillings_by_terms(same, 50 * kTwoStackMemoEntryBytes, over_threads); });
    EXPECT_EQ(to_string(f), "660727073341440000");  // 812,851,200^2
  }
}  // the first terms of that configuration and the refusals: Side2.TheFirstTermsSplitOverThreadsGiveTheSerialF
