// Exactly uniform sampling on 6x6 past the fast tier's marginals (test_sample.cpp): the grid up to
// relabelling -- the grid relabelled so that its first row reads 1..6, one of 39,168, each of
// probability exactly 1/39,168 -- over 1,000,000 samples of 2x3 (about 25.5 per grid), chi-square
// on 39,167 degrees of freedom at significance 1e-6. Together with the first row's 720 values
// (fast tier) these are the two digits of the rank.
//
// 9x9 past the fast tier's 20,000 samples (test_rank_nine.cpp): 400,000 samples, drawn on two
// threads; the class of each of the three bands and of each of the three stacks (read as a band
// of the transposed grid) against |C| L_band n / T1 (every band and stack has the top band's law:
// the band and stack permutations and the transposition map grids one-to-one), and every cell's
// digit against 1/9; chi-square at 1e-6 split over the 87 statistics.
#include <gtest/gtest.h>

#include <oneapi/tbb/parallel_for.h>

#include "nine_checks.hpp"
#include "rank_checks.hpp"
#include "gridenum/grid/grid_info.hpp"
#include "gridenum/grid/sample.hpp"

using namespace gridenum;
using namespace gridenum::testing;

TEST(SampleSlow, SixBySixEveryGridUpToRelabelling) {
  const Shape s{2, 3};
  const GridRanker& g = grid_ranker(s);
  const std::uint64_t samples = 1000000;
  std::vector<std::uint64_t> seen(39168, 0);
  for (std::uint64_t i = 0; i < samples; ++i) {
    const GridCells x = sample_grid(g, 31, i);
    // The normalised grid's index: the rank's low digit, checked against the grid itself.
    const u128 r = g.rank(x);
    ASSERT_TRUE(g.unrank(r) == x);
    ++seen[static_cast<std::size_t>(r % g.normalised_total())];
  }
  const double x = chi_square(seen, std::vector<double>(39168, 1.0 / 39168), static_cast<double>(samples));
  const double critical = chi_square_critical(39167, 1e-6);
  EXPECT_LT(x, critical) << "chi-square " << x;
  for (std::uint64_t n : seen) EXPECT_GT(n, 0u);
}

TEST(SampleSlow, NineByNineBandAndStackClassesAndCells) {
  const Shape s{3, 3};
  const GridRanker& g = grid_ranker(s);
  const std::vector<double> p = nine_band_class_probabilities(g.normalised_total());
  const std::size_t classes = p.size();
  constexpr std::uint64_t kSamples = 400000, kChunk = 10000;
  // Per chunk: 6 class histograms (bands 1-3, stacks 1-3) and 81 x 9 cell counts; summed after.
  std::vector<std::vector<std::uint64_t>> parts(kSamples / kChunk, std::vector<std::uint64_t>(6 * classes + 81 * 9, 0));
  oneapi::tbb::parallel_for(std::size_t{0}, parts.size(), [&](std::size_t part) {
    auto& h = parts[part];
    for (std::uint64_t i = part * kChunk; i < (part + 1) * kChunk; ++i) {
      const GridCells x = sample_grid(g, 99, i);
      for (int b = 0; b < 3; ++b) {
        Band band(27), stack(27);
        for (int k = 0; k < 27; ++k) {
          band[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(x[static_cast<std::size_t>(27 * b + k)]);
          stack[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(x[static_cast<std::size_t>(k % 9 * 9 + 3 * b + k / 9)]);
        }
        ++h[static_cast<std::size_t>(b) * classes + static_cast<std::size_t>(band_class(s, band) - 1)];
        ++h[static_cast<std::size_t>(3 + b) * classes + static_cast<std::size_t>(band_class(s, stack) - 1)];
      }
      for (int k = 0; k < 81; ++k) ++h[6 * classes + static_cast<std::size_t>(k * 9 + x[static_cast<std::size_t>(k)] - 1)];
    }
  });
  std::vector<std::uint64_t> sum(parts[0].size(), 0);
  for (const auto& h : parts)
    for (std::size_t i = 0; i < sum.size(); ++i) sum[i] += h[i];
  const double alpha = 1e-6 / 87;
  const char* names[6] = {"band 1", "band 2", "band 3", "stack 1", "stack 2", "stack 3"};
  for (std::size_t which = 0; which < 6; ++which) {
    const std::vector<std::uint64_t> o(sum.begin() + static_cast<std::ptrdiff_t>(which * classes),
                                       sum.begin() + static_cast<std::ptrdiff_t>((which + 1) * classes));
    const PooledChiSquare x = pooled_chi_square(o, p, kSamples);
    EXPECT_LT(x.statistic, chi_square_critical(x.degrees, alpha)) << names[which] << ": " << x.statistic << " on " << x.degrees;
  }
  expect_uniform_cells(std::vector<std::uint64_t>(sum.begin() + static_cast<std::ptrdiff_t>(6 * classes), sum.end()), 9, static_cast<double>(kSamples),
                       alpha);
}
