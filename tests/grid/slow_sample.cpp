// Exactly uniform sampling on 6x6 past the fast tier's marginals (test_sample.cpp): the grid up to
// relabelling -- the grid relabelled so that its first row reads 1..6, one of 39,168, each of
// probability exactly 1/39,168 -- over 1,000,000 samples of 2x3 (about 25.5 per grid), chi-square
// on 39,167 degrees of freedom at significance 1e-6. Together with the first row's 720 values
// (fast tier) these are the two digits of the rank.
#include <gtest/gtest.h>

#include "rank_checks.hpp"
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
