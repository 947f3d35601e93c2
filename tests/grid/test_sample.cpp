// Exactly uniform sampling (grid/sample.hpp): chi-square tests with fixed seeds, each at the
// significance 1e-6 (a correct sampler fails one with probability 1e-6; a test of several
// statistics splits it between them, Bonferroni), so a failure means a real bias:
//   - uniform_below on a small bound and on one past 2^64;
//   - 4x4: every one of the 288 grids' frequencies (100 per grid expected);
//   - 6x6 (2x3, 3x2): the top band's catalogue class against its exact probability (counted
//     here over the 39,168 grids with first row 1..N: relabelling keeps the class, so these
//     are the probabilities over all grids), the first row's permutation (720 values), and
//     the digit in every cell (1/6 each).
// And reproducibility: sample i depends on (seed, i) only.
#include <gtest/gtest.h>

#include <map>

#include "rank_checks.hpp"
#include "gridenum/grid/grid_info.hpp"
#include "gridenum/grid/sample.hpp"

using namespace gridenum;
using namespace gridenum::testing;

namespace {
constexpr double kAlpha = 1e-6;

void expect_uniform_fit(const std::vector<std::uint64_t>& observed, const std::vector<double>& p, double samples,
                        double alpha, const std::string& what) {
  const double x = chi_square(observed, p, samples);
  const double critical = chi_square_critical(static_cast<double>(observed.size() - 1), alpha);
  EXPECT_LT(x, critical) << what << ": chi-square " << x << " on " << observed.size() - 1 << " degrees of freedom";
}

Band top_band(Shape s, const GridCells& g) {
  return Band(g.begin(), g.begin() + s.rows * s.n());
}
}  // namespace

TEST(Sample, UniformBelowSmallAndPast64Bits) {
  std::mt19937_64 e(11);
  std::vector<std::uint64_t> six(6, 0);
  for (int i = 0; i < 60000; ++i) ++six[static_cast<std::size_t>(uniform_below(6, e))];
  expect_uniform_fit(six, std::vector<double>(6, 1.0 / 6), 60000, kAlpha / 2, "uniform_below(6)");
  // bound = 3 * 2^64 + 5: the high word is 0, 1, 2 with probability 2^64 / bound each (3 almost never).
  const u128 bound = (u128{3} << 64) + 5;
  std::vector<std::uint64_t> high(3, 0);
  for (int i = 0; i < 30000; ++i) {
    const u128 x = uniform_below(bound, e);
    ASSERT_TRUE(x < bound);
    ASSERT_LT(static_cast<std::uint64_t>(x >> 64), 3u);
    ++high[static_cast<std::size_t>(x >> 64)];
  }
  expect_uniform_fit(high, std::vector<double>(3, 1.0 / 3), 30000, kAlpha / 2, "uniform_below(3 * 2^64 + 5)");
}

TEST(Sample, Reproducible) {
  const GridRanker& g = grid_ranker({2, 3});
  for (std::uint64_t i = 0; i < 50; ++i) {
    EXPECT_TRUE(sample_rank(g, 9, i) == sample_rank(g, 9, i));
    EXPECT_EQ(sample_grid(g, 9, i), g.unrank(sample_rank(g, 9, i)));
    EXPECT_TRUE(is_valid_grid(g.shape(), sample_grid(g, 9, i)));
  }
  int same = 0;
  for (std::uint64_t i = 0; i < 50; ++i) same += sample_rank(g, 9, i) == sample_rank(g, 10, i);
  EXPECT_LT(same, 3);
}

TEST(Sample, EveryFourByFourGridEquallyOften) {
  const Shape s{2, 2};
  const GridRanker& g = grid_ranker(s);
  std::map<GridCells, std::size_t> index;
  for_each_grid(s, {}, [&](const GridCells& x) { index.emplace(x, index.size()); });
  ASSERT_EQ(index.size(), 288u);
  const std::uint64_t samples = 288 * 100;
  std::vector<std::uint64_t> seen(288, 0);
  for (std::uint64_t i = 0; i < samples; ++i) ++seen[index.at(sample_grid(g, 2026, i))];
  expect_uniform_fit(seen, std::vector<double>(288, 1.0 / 288), static_cast<double>(samples), kAlpha, "4x4 grids");
}

TEST(Sample, SixBySixMarginals) {
  for (Shape s : {Shape{2, 3}, Shape{3, 2}}) {
    const GridRanker& g = grid_ranker(s);
    // The exact distribution of the top band's class, over the grids with first row 1..N.
    const std::size_t classes = band_class_count(s);
    std::vector<double> p(classes, 0);
    double grids = 0;
    for_each_grid(s, {1, 2, 3, 4, 5, 6}, [&](const GridCells& x) {
      p[static_cast<std::size_t>(band_class(s, top_band(s, x)) - 1)] += 1;
      grids += 1;
    });
    ASSERT_EQ(grids, 39168.0);
    for (double& q : p) q /= grids;
    const std::uint64_t samples = 60000;
    std::vector<std::uint64_t> cls(classes, 0), first(720, 0), cell(36 * 6, 0);
    for (std::uint64_t i = 0; i < samples; ++i) {
      const GridCells x = sample_grid(g, 77, i);
      ++cls[static_cast<std::size_t>(band_class(s, top_band(s, x)) - 1)];
      ++first[static_cast<std::size_t>(permutation_index(std::vector<int>(x.begin(), x.begin() + 6)))];
      for (int c = 0; c < 36; ++c) ++cell[static_cast<std::size_t>(c * 6 + x[static_cast<std::size_t>(c)] - 1)];
    }
    // Classes of probability 0 (none: every class has a completion) would break the statistic.
    for (double q : p) ASSERT_GT(q, 0.0);
    // Bonferroni: 1 + 1 + 36 statistics share alpha.
    const double alpha = kAlpha / 38;
    expect_uniform_fit(cls, p, static_cast<double>(samples), alpha, s.str() + " top band classes");
    expect_uniform_fit(first, std::vector<double>(720, 1.0 / 720), static_cast<double>(samples), alpha, s.str() + " first rows");
    for (int c = 0; c < 36; ++c)
      expect_uniform_fit(std::vector<std::uint64_t>(cell.begin() + c * 6, cell.begin() + c * 6 + 6), std::vector<double>(6, 1.0 / 6),
                         static_cast<double>(samples), alpha, s.str() + " cell " + std::to_string(c));
  }
}
