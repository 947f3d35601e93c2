// run_estimate (estimate/run.hpp): reproducible for any thread count (its coverage: slow_coverage.cpp);
// the batches' spread (BatchSpread, moments.hpp) against a direct computation.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "gridenum/estimate/report.hpp"
#include "gridenum/estimate/run.hpp"

using namespace gridenum;
using namespace gridenum::estimate;

namespace {

bool same_bits(long double a, long double b) { return std::memcmp(&a, &b, 10) == 0; }

}  // namespace

TEST(EstimateRun, SameResultOnOneAndTwoThreads) {
  for (Method method : {Method::knuth, Method::sis}) {
    RunOptions o;
    o.shape = Shape{3, 3};
    o.method = method;
    o.samples = 1000;
    o.seed = 7;
    o.threads = 1;
    const RunResult one = run_estimate(o);
    o.threads = 2;
    const RunResult two = run_estimate(o);
    EXPECT_TRUE(same_bits(one.mean, two.mean)) << to_string(method);
    EXPECT_TRUE(same_bits(one.sd, two.sd)) << to_string(method);
    EXPECT_EQ(one.dead_ends, two.dead_ends);
    o.seed = 8;
    EXPECT_FALSE(same_bits(run_estimate(o).mean, one.mean)) << "another seed, other samples";
  }
}

// cells from 13 digits on: the same bits on one and two threads too, and another estimate than
// sis's from the same draws.
TEST(EstimateRun, CellsSameResultOnOneAndTwoThreads) {
  RunOptions o;
  o.shape = Shape{4, 4};
  o.method = Method::cells;
  o.samples = 256;
  o.batch = 64;
  o.seed = 7;
  o.threads = 1;
  const RunResult one = run_estimate(o);
  o.threads = 2;
  const RunResult two = run_estimate(o);
  EXPECT_TRUE(same_bits(one.mean, two.mean));
  EXPECT_TRUE(same_bits(one.sd, two.sd));
  EXPECT_EQ(one.dead_ends, two.dead_ends);
  EXPECT_GT(one.mean, 0);
  o.method = Method::sis;
  o.samples = 32;
  o.batch = 16;
  const RunResult sis = run_estimate(o);
  o.method = Method::cells;
  EXPECT_FALSE(same_bits(sis.mean, run_estimate(o).mean));
}

TEST(EstimateRun, RefusesBadArguments) {
  RunOptions o;
  o.shape = Shape{1, 4};
  EXPECT_THROW(run_estimate(o), std::invalid_argument);
  o.shape = Shape{2, 2};
  o.samples = 1;
  EXPECT_THROW(run_estimate(o), std::invalid_argument);
}

// BatchSpread against the definition: between = sum_b n_b (mean_b - mean)^2 over batches of
// unequal sizes, computed directly from the weights; the heaviest batch is the one with the
// outlier; batches of no samples count for nothing.
TEST(EstimateRun, BatchSpreadIsTheSpreadOfTheBatchMeans) {
  const std::vector<std::vector<long double>> batches = {
      {1, 2, 3, 4}, {2, 2, 2, 2}, {}, {1, 9, 1, 1}, {3, 5}};  // the last batch short, as a run's may be
  BatchSpread spread;
  Moments all;
  long double sum = 0, n = 0;
  for (std::uint64_t id = 0; id < batches.size(); ++id) {
    Moments m;
    for (long double w : batches[id]) m.add(w);
    spread.add(id, m);
    all.merge(m);
    for (long double w : batches[id]) sum += w, n += 1;
  }
  const long double mean = sum / n;
  long double between = 0;
  for (const auto& b : batches) {
    if (b.empty()) continue;
    long double s = 0;
    for (long double w : b) s += w;
    const auto nb = static_cast<long double>(b.size());
    between += nb * (s / nb - mean) * (s / nb - mean);
  }
  EXPECT_EQ(spread.batches, 4u);
  EXPECT_EQ(spread.n, 14u);
  EXPECT_NEAR(static_cast<double>(spread.mean), static_cast<double>(mean), 1e-15);
  EXPECT_NEAR(static_cast<double>(spread.between), static_cast<double>(between), 1e-12);
  EXPECT_EQ(spread.heaviest, 3u);  // {1, 9, 1, 1}: m2 48
  EXPECT_NEAR(static_cast<double>(spread.heaviest_m2), 48.0, 1e-12);
  // What summarise makes of it: 1.96 sqrt(between / ((B - 1) N)) / mean, and the heaviest share.
  RunOptions o;
  o.shape = Shape{2, 2};
  const RunResult r = summarise(o, all, 1, 0, 0, spread);
  EXPECT_NEAR(r.batch_relative_error, static_cast<double>(1.96L * std::sqrt(between / (3 * 14)) / mean), 1e-12);
  EXPECT_NEAR(r.heaviest_share, static_cast<double>(48 / all.m2), 1e-12);
  EXPECT_EQ(summarise(o, all, 1, 0, 0).batch_relative_error, 0) << "no batches given, no figure";
}

// A run folds the spread of its batches in batch order: the same bits on one and two threads, every
// sample in it, and close to the samples' own error bar on a well-behaved shape (sis on 9x9).
TEST(EstimateRun, RunsFoldTheBatchSpreadInBatchOrder) {
  RunOptions o;
  o.shape = Shape{3, 3};
  o.method = Method::sis;
  o.samples = 1000;
  o.batch = 64;  // 16 batches, the last of 40
  o.seed = 9;
  o.threads = 1;
  const RunResult one = run_estimate(o);
  o.threads = 2;
  const RunResult two = run_estimate(o);
  EXPECT_EQ(one.spread.batches, 16u);
  EXPECT_EQ(one.spread.n, 1000u);
  EXPECT_TRUE(same_bits(one.spread.between, two.spread.between));
  EXPECT_EQ(one.spread.heaviest, two.spread.heaviest);
  EXPECT_EQ(one.batch_relative_error, two.batch_relative_error);
  EXPECT_GT(one.batch_relative_error, 0.3 * one.relative_error);
  EXPECT_LT(one.batch_relative_error, 3 * one.relative_error);
  EXPECT_GT(one.heaviest_share, 0);
  EXPECT_LT(one.heaviest_share, 1);
}

// The text's two lines on the batches: none under ten batches; the caution when one batch holds
// over a quarter of the squared deviations (here one weight of 1,000 among ones), not otherwise.
TEST(EstimateRun, TheBatchLinesAndTheirCaution) {
  RunOptions o;
  o.shape = Shape{2, 2};
  auto result = [&](int batches, bool outlier) {
    Moments all;
    BatchSpread spread;
    for (int b = 0; b < batches; ++b) {
      Moments m;
      for (int i = 0; i < 16; ++i) m.add(outlier && b == 3 && i == 5 ? 1000.0L : 1.0L + (i % 3));
      all.merge(m);
      spread.add(static_cast<std::uint64_t>(b), m);
    }
    return summarise(o, all, 1, 0, 0, spread);
  };
  EXPECT_EQ(batch_lines(result(9, true)), "");
  const std::string heavy = batch_lines(result(12, true));
  EXPECT_NE(heavy.find("from the spread of 12 batch means"), std::string::npos) << heavy;
  EXPECT_NE(heavy.find("batch 3: "), std::string::npos) << heavy;
  EXPECT_NE(heavy.find("caution"), std::string::npos) << heavy;
  const std::string plain = batch_lines(result(12, false));
  EXPECT_NE(plain.find("heaviest batch"), std::string::npos) << plain;
  EXPECT_EQ(plain.find("caution"), std::string::npos) << plain;
  EXPECT_NE(format_text(result(12, true), count_bounds(o.shape)).find(heavy), std::string::npos);
}
