// RowMatcher (estimate/permanent.hpp): its permanents against brute force, and its matchings'
// frequencies against uniform.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <random>
#include <vector>

#include "gridenum/estimate/permanent.hpp"

using namespace gridenum;
using namespace gridenum::estimate;

namespace {

// Digits 0..n-1 placed one by one on a free allowed column: the permanent by its definition.
u128 brute_permanent_from(const std::vector<DigitMask>& cols, int digit, std::uint32_t used) {
  const int n = static_cast<int>(cols.size());
  if (digit == n) return 1;
  u128 total = 0;
  for (int c = 0; c < n; ++c)
    if (!(used >> c & 1) && (cols[c] >> digit & 1)) total += brute_permanent_from(cols, digit + 1, used | (1u << c));
  return total;
}

// A random matrix; with `pool` > 0 its columns are drawn from `pool` random columns, so equal
// columns (RowMatcher's classes) occur.
std::vector<DigitMask> random_matrix(std::mt19937_64& rng, int n, double density, int pool) {
  std::bernoulli_distribution bit(density);
  auto column = [&] {
    DigitMask m = 0;
    for (int d = 0; d < n; ++d)
      if (bit(rng)) m |= DigitMask{1} << d;
    return m;
  };
  std::vector<DigitMask> distinct(pool > 0 ? pool : n);
  for (auto& m : distinct) m = column();
  std::vector<DigitMask> cols(n);
  for (int c = 0; c < n; ++c) cols[c] = pool > 0 ? distinct[rng() % pool] : distinct[c];
  return cols;
}

}  // namespace

TEST(EstimatePermanent, MatchesBruteForceOnRandomMatrices) {
  std::mt19937_64 rng(20261127);
  int nonzero = 0;
  for (int trial = 0; trial < 600; ++trial) {
    const int n = 1 + trial % 9;
    const double density = 0.3 + 0.1 * (trial % 7);
    const auto cols = random_matrix(rng, n, density, trial % 3 == 0 ? 0 : 1 + trial % 4);
    const u128 expected = brute_permanent_from(cols, 0, 0);
    EXPECT_TRUE(permanent(cols) == expected) << "trial " << trial << " n " << n;
    nonzero += expected > 0;
  }
  EXPECT_GT(nonzero, 200);  // the comparison is not all zeros
  // The all-ones matrix: n!.
  EXPECT_TRUE(permanent(std::vector<DigitMask>(12, 0xFFF)) == 479001600u);
}

// A too-large state space is refused, not built: 20 distinct columns need 20 bits.
TEST(EstimatePermanent, StateLimitRefusesAndKeepsWorking) {
  std::vector<DigitMask> cols(20);
  for (int c = 0; c < 20; ++c) cols[c] = 0xFFFFFu & ~(1u << c);  // derangements of 20
  RowMatcher m;
  EXPECT_FALSE(m.prepare(cols, 19));
  ASSERT_TRUE(m.prepare(cols, 20));
  EXPECT_EQ(to_string(m.permanent()), "895014631192902121");  // !20, the derangements of 20
}

// The matcher's draws on a small matrix against the uniform distribution over its perfect
// matchings: Pearson's chi-square with perm - 1 degrees of freedom, compared with the 99.9 %
// quantile (Wilson-Hilferty: df (1 - 2/(9 df) + 3.09 sqrt(2/(9 df)))^3), fixed seed.
TEST(EstimatePermanent, MatchingsAreUniform) {
  // 6 x 6 with two pairs of equal columns (classes of size 2) and some zeros.
  const std::vector<DigitMask> cols = {0b111011, 0b111011, 0b101101, 0b110110, 0b110110, 0b011111};
  const u128 perm = permanent(cols);
  ASSERT_GT(perm, 10u);
  const auto matchings = static_cast<int>(perm);
  const int draws = matchings * 400;
  RowMatcher m;
  ASSERT_TRUE(m.prepare(cols));
  std::map<std::vector<int>, int> freq;
  std::vector<int> row(6);
  for (int i = 0; i < draws; ++i) {
    RandomChooser ch(42, static_cast<std::uint64_t>(i));
    m.sample(ch, row);
    for (int c = 0; c < 6; ++c) ASSERT_TRUE(cols[c] >> row[c] & 1);  // an allowed digit
    ++freq[row];
  }
  ASSERT_EQ(static_cast<int>(freq.size()), matchings);  // every matching drawn, nothing else
  const double expected = 400;
  double chi2 = 0;
  for (const auto& [key, count] : freq) chi2 += (count - expected) * (count - expected) / expected;
  const double df = matchings - 1;
  const double q999 = df * std::pow(1 - 2 / (9 * df) + 3.09 * std::sqrt(2 / (9 * df)), 3);
  EXPECT_LT(chi2, q999) << "matchings " << matchings;
}
