// The shared combinatorial helpers (core/combinatorics.hpp) against Pascal's rule and the
// edges of their domain.
#include <gtest/gtest.h>

#include <vector>

#include "gridenum/core/combinatorics.hpp"

using namespace gridenum;

TEST(Binomial, MatchesPascalsTriangleUpToSixtyTwo) {
  std::vector<std::uint64_t> row{1};
  for (int n = 0; n <= 62; ++n) {
    for (int k = 0; k <= n; ++k) ASSERT_EQ(binomial(n, k), row[k]) << "C(" << n << ", " << k << ")";
    std::vector<std::uint64_t> next(row.size() + 1, 1);
    for (std::size_t k = 1; k < row.size(); ++k) next[k] = row[k - 1] + row[k];
    row = next;
  }
}

TEST(Binomial, IsZeroOutsideZeroToN) {
  EXPECT_EQ(binomial(5, -1), 0u);
  EXPECT_EQ(binomial(5, 6), 0u);
  EXPECT_EQ(binomial(-1, 0), 0u);
  EXPECT_EQ(binomial(0, 0), 1u);
}

TEST(Binomial, LargestValuesAndOverflow) {
  EXPECT_EQ(binomial(67, 33), 14226520737620288370ull);  // C(67, 33): just under 2^64
  EXPECT_EQ(binomial(1000, 2), 499500u);                 // k > n - k is mirrored: no overflow
  EXPECT_EQ(binomial(1000, 998), 499500u);
  EXPECT_THROW(binomial(68, 34), OverflowError);
  static_assert(binomial(12, 4) == 495);
}
