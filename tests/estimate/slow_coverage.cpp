// The 95 % intervals of run_estimate (estimate/run.hpp) cover the exact count as often as they claim.
// Slow tier: 1.56 million samples, 4 to 8 s on one core (measured 3.6 to 7.4 s beside other work),
// and 320,000 by feasible cells.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "gridenum/estimate/moments.hpp"
#include "gridenum/estimate/run.hpp"
#include "gridenum/estimate/sampler.hpp"

using namespace gridenum;
using namespace gridenum::estimate;

namespace {

// The 99.9 % acceptance region of Binomial(n, p): the largest lo and smallest hi with
// P(X < lo) <= 0.0005 and P(X > hi) <= 0.0005.
std::pair<int, int> binomial_region(int n, double p) {
  std::vector<double> pmf(n + 1);
  for (int x = 0; x <= n; ++x)
    pmf[x] = std::exp(std::lgamma(n + 1.0) - std::lgamma(x + 1.0) - std::lgamma(n - x + 1.0) + x * std::log(p) +
                      (n - x) * std::log1p(-p));
  int lo = 0;
  for (double below = 0; lo <= n && below + pmf[lo] <= 0.0005; ++lo) below += pmf[lo];
  int hi = n;
  for (double above = 0; hi >= 0 && above + pmf[hi] <= 0.0005; --hi) above += pmf[hi];
  return {lo, hi};
}

// The shapes with their exact counts (the stack method's, `gridenum count`): known values, written
// here only.
struct Case {
  Shape shape;
  long double exact;
};
const std::vector<Case> kCases = {
    {{2, 2}, 288.0L}, {{2, 3}, 28200960.0L}, {{3, 2}, 28200960.0L}, {{2, 4}, 29136487207403520.0L}};

}  // namespace

// Coverage: 200 independent estimates (seeds 1000..1199) of 400 samples each on 4x4, 6x6 (2x3 and
// 3x2) and 8x8 (2x4); the number of 95 % intervals that contain the exact count must lie in
// Binomial(200, 0.95)'s 99.9 % acceptance region, [179, 198] (computed below). The exact counts
// (the stack method's, `gridenum count`) are known values, written here only.
// A finding, kept visible: knuth's weights on 8x8 are heavy-tailed (one sample's coefficient of
// variation near 9, 97 % dead ends), and its normal interval under-covers at 400 samples (174 of 200
// here; 88 % over 400 runs, 89 % at 1,000 samples, 91 % at 2,000, 95 % at 5,000: docs/estimate.md,
// "Error bars"). So knuth on 8x8 is checked with 5,000 samples a run, where the interval holds.
// The runs fold batches of 16 samples (25 a run; 313 for knuth on 8x8), and the interval from the
// spread of the batch means (BatchSpread, moments.hpp) must cover as claimed too.
TEST(EstimateCoverage, NormalIntervalsCoverAsClaimed) {
  const auto [lo, hi] = binomial_region(200, 0.95);
  EXPECT_EQ(lo, 179);
  EXPECT_EQ(hi, 198);
  for (Method method : {Method::knuth, Method::sis})
    for (const Case& c : kCases) {
      int covered = 0, covered_by_batches = 0;
      for (int run = 0; run < 200; ++run) {
        RunOptions o;
        o.shape = c.shape;
        o.method = method;
        o.samples = method == Method::knuth && c.shape.n() == 8 ? 5000 : 400;
        o.seed = 1000 + run;
        o.threads = 1;
        o.batch = 16;
        const RunResult r = run_estimate(o);
        covered += r.ci_low <= c.exact && c.exact <= r.ci_high;
        const long double half = static_cast<long double>(r.batch_relative_error) * r.mean;
        covered_by_batches += r.mean - half <= c.exact && c.exact <= r.mean + half;
      }
      EXPECT_GE(covered, lo) << to_string(method) << " " << c.shape.str();
      EXPECT_LE(covered, hi) << to_string(method) << " " << c.shape.str();
      EXPECT_GE(covered_by_batches, lo) << to_string(method) << " " << c.shape.str() << ", from the batch means";
      EXPECT_LE(covered_by_batches, hi) << to_string(method) << " " << c.shape.str() << ", from the batch means";
      std::printf("coverage %s %s: %d of 200 (from the batch means: %d)\n", std::string(to_string(method)).c_str(),
                  c.shape.str().c_str(), covered, covered_by_batches);
    }
}

// The same coverage for the path cells takes past the first band from 13 digits on -- every row by
// its weighted feasible cells -- forced on every row of the small shapes (a state limit of 0), so
// that it meets exact counts: 200 estimates of 400 samples, the interval mean -+ 1.96 sd / sqrt(n)
// as run_estimate forms it (the 16x16 spread of many such runs is in docs/estimate.md, "cells").
TEST(EstimateCoverage, FeasibleCellsIntervalsCoverAsClaimed) {
  const auto [lo, hi] = binomial_region(200, 0.95);
  for (const Case& c : kCases) {
    Sampler sampler(c.shape, Method::cells, 0);
    int covered = 0;
    for (int run = 0; run < 200; ++run) {
      Moments m;
      for (std::uint64_t i = 0; i < 400; ++i) {
        RandomChooser chooser(2000 + run, i);
        m.add(sampler.sample(chooser));
      }
      const long double se = std::sqrt(m.m2 / static_cast<long double>(m.n - 1)) / std::sqrt(static_cast<long double>(m.n));
      covered += m.mean - 1.96L * se <= c.exact && c.exact <= m.mean + 1.96L * se;
    }
    EXPECT_GT(sampler.cell_rows(), 0u);
    EXPECT_GE(covered, lo) << c.shape.str();
    EXPECT_LE(covered, hi) << c.shape.str();
    std::printf("coverage of feasible cells %s: %d of 200\n", c.shape.str().c_str(), covered);
  }
}
