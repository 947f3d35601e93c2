// 10x10 rank, unrank and sample past the fast tier (test_two_stack_rank.cpp): the 10x10 total
// against the side-2 count (class weights x F^2 by the count's own route), more round trips, and
// the sampler's marginals by chi-square at significance 1e-6 (Bonferroni over the statistics),
// fixed seeds:
//   - every cell's digit against 1/10 (100 statistics);
//   - the first row's relabelling, its first digit, against 1/10;
//   - the structure's class (the side-2 count's two-stack classes: the 2x5 grid's top-row sets
//     S_k, up to relabelling, box permutations and row swaps) against its exact probability
//     weight x F^2 / total, classes expected under 10 times pooled. The class table and F come
//     from the count (count/side2/); the sampler draws structures through the ranker's descent
//     over histograms with S_0 fixed, a different sum.
#include <gtest/gtest.h>

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>

#include <random>

#include "grid_checks.hpp"
#include "rank_checks.hpp"
#include "gridenum/count/side2/side2.hpp"
#include "gridenum/count/side2/side2_run.hpp"
#include "gridenum/count/side2/two_stack.hpp"
#include "gridenum/grid/sample.hpp"
#include "gridenum/grid/two_stack_rank.hpp"

using namespace gridenum;
using namespace gridenum::testing;

TEST(TwoStackRankSlow, TenByTenTotalAgainstTheSide2Count) {
  const auto& r = dynamic_cast<const TwoStackRanker&>(grid_ranker(Shape{2, 5}));
  Side2Options o;  // the side-2 count (its default route, two-stack)
  o.shape = Shape{2, 5};
  o.threads = 2;
  EXPECT_TRUE(run_side2_count(o).reduction.total == to_big(r.total()));
}

TEST(TwoStackRankSlow, TenByTenRoundTrips) {
  for (const Shape s : {Shape{2, 5}, Shape{5, 2}}) {
    const GridRanker& r = grid_ranker(s);
    std::mt19937_64 rng(3030);
    for (int i = 0; i < 300; ++i) {
      const u128 n = uniform_below(r.total(), rng);
      const GridCells g = r.unrank(n);
      ASSERT_TRUE(is_valid_grid(s, g)) << s.str() << " " << to_string(n);
      ASSERT_TRUE(r.rank(g) == n) << s.str() << " " << to_string(n);
    }
    for (std::uint64_t seed = 100; seed < 160; ++seed) {
      const GridCells g = random_grid(s, seed);
      ASSERT_EQ(r.unrank(r.rank(g)), g) << s.str() << " seed " << seed;
    }
  }
}

TEST(TwoStackRankSlow, SampleMarginals) {
  const Shape s{2, 5};
  const GridRanker& r = grid_ranker(s);
  const TwoStackClasses classes(5, 2);
  const auto& list = classes.table().classes;
  const std::size_t samples = 6000;
  std::vector<GridCells> grids(samples);
  oneapi::tbb::parallel_for(oneapi::tbb::blocked_range<std::size_t>(0, samples), [&](const oneapi::tbb::blocked_range<std::size_t>& range) {
    for (std::size_t i = range.begin(); i != range.end(); ++i) grids[i] = sample_grid(r, 1010, i);
  });
  std::vector<std::uint64_t> cell(100 * 10, 0), first(10, 0), by_class(list.size(), 0);
  for (const GridCells& g : grids) {
    for (int k = 0; k < 100; ++k) ++cell[static_cast<std::size_t>(k * 10 + g[static_cast<std::size_t>(k)] - 1)];
    ++first[static_cast<std::size_t>(permutation_index(std::vector<int>(g.begin(), g.begin() + 10)) / 362880)];
    Side2Config config;
    config.m = 5;
    for (int k = 0; k < 5; ++k)
      for (int i = 0; i < 5; ++i)
        config.sets[static_cast<std::size_t>(k)] = static_cast<std::uint16_t>(config.sets[static_cast<std::size_t>(k)] | 1u << (g[static_cast<std::size_t>(2 * k * 10 + i)] - 1));
    ++by_class[classes.class_of(config)];
  }
  // The classes' exact probabilities weight x F^2 / total, in long double (a chi-square's
  // expectations need no more), pooled below 10 expected samples.
  std::vector<u128> f(list.size());
  oneapi::tbb::parallel_for(std::size_t{0}, list.size(), [&](std::size_t i) { f[i] = side2_fillings(MethodId::TwoStack, list[i].representative); });
  const auto total = static_cast<long double>(r.total());
  std::vector<std::uint64_t> observed;
  std::vector<double> expected;
  std::uint64_t pooled_observed = 0;
  double pooled = 0, sum = 0;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const auto fi = static_cast<long double>(f[i]);
    const double p = static_cast<double>(static_cast<long double>(list[i].weight) * fi * fi / total);
    sum += p;
    if (p * static_cast<double>(samples) < 10) {
      pooled += p;
      pooled_observed += by_class[i];
    } else {
      expected.push_back(p);
      observed.push_back(by_class[i]);
    }
  }
  EXPECT_NEAR(sum, 1.0, 1e-9);
  expected.push_back(pooled);
  observed.push_back(pooled_observed);
  ASSERT_GE(expected.size(), 20u);
  const double alpha = 1e-6 / 102;
  const double x = chi_square(observed, expected, static_cast<double>(samples));
  EXPECT_LT(x, chi_square_critical(static_cast<double>(expected.size() - 1), alpha)) << "structure classes (" << expected.size() << " bins): " << x;
  const std::vector<double> tenth(10, 0.1);
  const double critical = chi_square_critical(9, alpha);
  const double y = chi_square(first, tenth, static_cast<double>(samples));
  EXPECT_LT(y, critical) << "first row's first digit: " << y;
  for (int k = 0; k < 100; ++k) {
    const std::vector<std::uint64_t> o(cell.begin() + 10 * k, cell.begin() + 10 * k + 10);
    const double z = chi_square(o, tenth, static_cast<double>(samples));
    EXPECT_LT(z, critical) << "cell " << k << ": " << z;
  }
}
