// 10x10 rank, unrank and sample past the fast tier (test_two_stack_rank.cpp): the 10x10 total
// against the side-2 count (class weights x F^2 by the count's own route), more round trips, and
// the sampler's marginals by chi-square on 2,000 grids of a fixed seed (two_stack_sample_checks.hpp;
// the long tier runs them on 6,000, long_two_stack_rank.cpp).
#include <gtest/gtest.h>

#include <random>

#include "grid_checks.hpp"
#include "rank_checks.hpp"
#include "gridenum/count/side2/side2.hpp"
#include "gridenum/count/side2/side2_run.hpp"
#include "gridenum/grid/sample.hpp"
#include "gridenum/grid/two_stack_rank.hpp"
#include "two_stack_sample_checks.hpp"

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

// The marginals (two_stack_sample_checks.hpp) on 2,000 samples of their own seed; the long tier
// runs the same check on 6,000 (long_two_stack_rank.cpp).
TEST(TwoStackRankSlow, SampleMarginals) { check_two_stack_sample_marginals(2000, 2020); }
