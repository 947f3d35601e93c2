// The 10x10 sampler's marginals (grid/sample.hpp over the two-stack ranker), shared by the slow
// tier (2,000 samples) and the long tier (6,000): chi-square at significance 1e-6, Bonferroni over
// the 102 statistics, on `samples` grids sample_grid(ranker, seed, 0 .. samples - 1):
//   - every cell's digit against 1/10 (100 statistics);
//   - the first row's relabelling, its first digit, against 1/10;
//   - the structure's class (the side-2 count's two-stack classes: the 2x5 grid's top-row sets
//     S_k, up to relabelling, box permutations and row swaps) against its exact probability
//     weight x F^2 / total, classes expected under 10 times pooled. The class table and F come
//     from the count (count/side2/); the sampler draws structures through the ranker's descent
//     over histograms with S_0 fixed, a different sum.
// Its cost is the sampling (each grid's descent builds stack fillings, about 13 CPU-ms a grid), so
// the tiers differ in the number of grids, not in what is checked.
#pragma once

#include <gtest/gtest.h>

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "rank_checks.hpp"
#include "gridenum/count/side2/side2.hpp"
#include "gridenum/count/side2/two_stack.hpp"
#include "gridenum/grid/sample.hpp"
#include "gridenum/grid/two_stack_rank.hpp"

namespace gridenum::testing {

inline void check_two_stack_sample_marginals(std::size_t samples, std::uint64_t seed) {
  const Shape s{2, 5};
  const GridRanker& r = grid_ranker(s);
  const TwoStackClasses classes(5, 2);
  const auto& list = classes.table().classes;
  std::vector<GridCells> grids(samples);
  oneapi::tbb::parallel_for(oneapi::tbb::blocked_range<std::size_t>(0, samples), [&](const oneapi::tbb::blocked_range<std::size_t>& range) {
    for (std::size_t i = range.begin(); i != range.end(); ++i) grids[i] = sample_grid(r, seed, i);
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
  const double y = chi_square(first, std::vector<double>(10, 0.1), static_cast<double>(samples));
  EXPECT_LT(y, chi_square_critical(9, alpha)) << "first row's first digit: " << y;
  expect_uniform_cells(cell, 10, static_cast<double>(samples), alpha);
}

}  // namespace gridenum::testing
