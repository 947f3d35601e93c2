// The shared combinatorial helpers (core/combinatorics.hpp) against brute force on small inputs
// (Pascal's rule, factorial quotients, std::next_permutation, every k-tuple, every derangement)
// and the edges of their domain.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <numeric>
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

// ---- multinomial, multinomial_of_runs ----------------------------------------------------

namespace {

// Partitions of n into parts of at most max_part, largest first.
void comb_partitions(int n, int max_part, std::vector<int>& cur, std::vector<std::vector<int>>& out) {
  if (n == 0) {
    out.push_back(cur);
    return;
  }
  for (int p = std::min(n, max_part); p >= 1; --p) {
    cur.push_back(p);
    comb_partitions(n - p, p, cur, out);
    cur.pop_back();
  }
}

BigInt comb_factorial_quotient(const std::vector<int>& parts) {
  int n = 0;
  for (int p : parts) n += p;
  BigInt q = factorial(n);
  for (int p : parts) q /= factorial(p);
  return q;
}

}  // namespace

// Every partition of n <= 30 in both orders, with a zero part among them: the exact quotient
// n! / prod k_i! where it is below 2^64, OverflowError where it is not.
TEST(Multinomial, MatchesFactorialQuotientsAndOverflows) {
  int fits = 0, overflows = 0;
  for (int n = 0; n <= 30; ++n) {
    std::vector<std::vector<int>> parts;
    std::vector<int> cur;
    comb_partitions(n, n, cur, parts);
    for (auto p : parts) {
      const BigInt want = comb_factorial_quotient(p);
      p.insert(p.begin() + static_cast<std::ptrdiff_t>(p.size() / 2), 0);
      for (int order = 0; order < 2; ++order) {
        if (order == 1) std::reverse(p.begin(), p.end());
        if (want <= BigInt(UINT64_MAX)) {
          ASSERT_EQ(BigInt(multinomial(p.data(), static_cast<int>(p.size()))), want) << "n = " << n;
          ++fits;
        } else {
          ASSERT_THROW(multinomial(p.data(), static_cast<int>(p.size())), OverflowError) << "n = " << n;
          ++overflows;
        }
      }
    }
  }
  EXPECT_GT(fits, 1000);
  EXPECT_GT(overflows, 1000);
}

TEST(Multinomial, EdgesOfTheRange) {
  const int none[1] = {0};
  EXPECT_EQ(multinomial(none, 0), 1u);
  const int halves[2] = {33, 34};  // C(67, 33), just under 2^64
  EXPECT_EQ(multinomial(halves, 2), binomial(67, 33));
  const int over[2] = {34, 34};  // C(68, 34), past it
  EXPECT_THROW(multinomial(over, 2), OverflowError);
  const std::uint8_t ones20[20] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
  EXPECT_EQ(multinomial(ones20, 20), factorial_u64(20));
  const std::uint8_t ones21[21] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
  EXPECT_THROW(multinomial(ones21, 21), OverflowError);  // 21! > 2^64
  constexpr int p[3] = {2, 3, 4};
  static_assert(multinomial(p, 3) == 1260);  // 9! / (2! 3! 4!)
}

// Sorted sequences over 1 to 4 values of length up to 9: n! / prod (run length)! is the
// number of distinct orders, counted by std::next_permutation.
TEST(MultinomialOfRuns, CountsTheDistinctOrdersOfSortedSequences) {
  int checked = 0;
  for (int values = 1; values <= 4; ++values)
    for (int n = 0; n <= 9; ++n) {
      std::vector<int> a(static_cast<std::size_t>(n), 0);
      do {
        std::vector<int> b = a;
        std::uint64_t orders = 0;
        do ++orders;
        while (std::next_permutation(b.begin(), b.end()));
        ASSERT_EQ(multinomial_of_runs(a.data(), n), orders);
        // The predicate form, on rows that are equal when their first entries are.
        std::vector<std::array<int, 2>> rows;
        for (int i = 0; i < n; ++i) rows.push_back({a[static_cast<std::size_t>(i)], i});
        ASSERT_EQ(multinomial_of_runs(n, [&](int i) { return rows[i][0] == rows[i - 1][0]; }), orders);
        ++checked;
      } while (next_multiset_colex(a.data(), n, values - 1));
    }
  EXPECT_EQ(checked, 10 + 55 + 220 + 715);  // C(values - 1 + n, n) summed over n <= 9
}

TEST(MultinomialOfRuns, RunsNotValuesAndOverflow) {
  const int split[4] = {1, 2, 1, 1};  // runs 1, 2, 1... of lengths 1, 1, 2: 4! / 2!
  EXPECT_EQ(multinomial_of_runs(split, 4), 12u);
  std::vector<int> distinct(21);
  std::iota(distinct.begin(), distinct.end(), 0);
  EXPECT_EQ(multinomial_of_runs(distinct.data(), 20), factorial_u64(20));
  EXPECT_THROW(multinomial_of_runs(distinct.data(), 21), OverflowError);
  constexpr int sorted[5] = {0, 0, 1, 1, 1};
  static_assert(multinomial_of_runs(sorted, 5) == 10);
}

// ---- next_multiset_colex, multiset_colex_rank ----------------------------------------------

// All k-multisets of {0..top} (k <= 5, top <= 5), listed by brute force (every k-tuple, the
// sorted ones) and put in colex order (compare the largest entries first): the walk gives the
// same list, ranks 0, 1, 2, ..., and ends back at all zeros.
TEST(NextMultisetColex, WalksEveryMultisetInColexOrder) {
  for (int k = 0; k <= 5; ++k)
    for (int top = 0; top <= 5; ++top) {
      std::vector<std::vector<int>> want;
      std::vector<int> t(static_cast<std::size_t>(k), 0);
      for (;;) {
        if (std::is_sorted(t.begin(), t.end())) want.push_back(t);
        int i = 0;
        while (i < k && t[static_cast<std::size_t>(i)] == top) t[static_cast<std::size_t>(i++)] = 0;
        if (i == k) break;
        ++t[static_cast<std::size_t>(i)];
      }
      std::sort(want.begin(), want.end(), [](const auto& x, const auto& y) {
        return std::lexicographical_compare(x.rbegin(), x.rend(), y.rbegin(), y.rend());
      });
      ASSERT_EQ(want.size(), binomial(top + k, k));
      std::vector<int> a(static_cast<std::size_t>(k), 0);
      for (std::size_t r = 0; r < want.size(); ++r) {
        ASSERT_EQ(a, want[r]) << "k = " << k << ", top = " << top << ", rank " << r;
        ASSERT_EQ(multiset_colex_rank(a.data(), k), r);
        ASSERT_EQ(next_multiset_colex(a.data(), k, top), r + 1 < want.size());
      }
      EXPECT_EQ(a, std::vector<int>(static_cast<std::size_t>(k), 0));
    }
  constexpr auto third = [] {
    std::array<unsigned, 2> a{0, 0};
    next_multiset_colex(a.data(), 2, 3u);
    next_multiset_colex(a.data(), 2, 3u);
    return a;
  }();
  static_assert(third[0] == 1 && third[1] == 1);  // {0,0}, {0,1}, {1,1}
}

// ---- disjoint_find, disjoint_unite ---------------------------------------------------------

// Unions on 40 elements (a fixed pseudo-random sequence) against components by brute force
// (repeated relaxation of "smallest reachable"): the same classes, each rooted at its smallest
// member, and unite says whether it joined two classes.
TEST(DisjointSets, MatchesComponentsAndRootsAtTheSmallest) {
  constexpr std::uint32_t n = 40;
  std::vector<std::uint32_t> parent(n);
  std::iota(parent.begin(), parent.end(), 0u);
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
  std::uint64_t seed = 12345;
  int joined = 0, same = 0;
  for (int step = 0; step < 30; ++step) {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    const auto a = static_cast<std::uint32_t>((seed >> 33) % n), b = static_cast<std::uint32_t>((seed >> 17) % n);
    // Brute force before the union: is b already reachable from a?
    std::vector<std::uint32_t> low(n);
    std::iota(low.begin(), low.end(), 0u);
    for (bool changed = true; changed;) {
      changed = false;
      for (auto [x, y] : edges) {
        const std::uint32_t m = std::min(low[x], low[y]);
        if (low[x] != m || low[y] != m) low[x] = low[y] = m, changed = true;
      }
    }
    const bool was_joined = low[a] == low[b];
    ASSERT_EQ(disjoint_unite(parent, a, b), !was_joined);
    (was_joined ? same : joined) += 1;
    edges.emplace_back(a, b);
    for (bool changed = true; changed;) {
      changed = false;
      for (auto [x, y] : edges) {
        const std::uint32_t m = std::min(low[x], low[y]);
        if (low[x] != m || low[y] != m) low[x] = low[y] = m, changed = true;
      }
    }
    for (std::uint32_t x = 0; x < n; ++x) ASSERT_EQ(disjoint_find(parent, x), low[x]) << "element " << x;
    // Every link points downwards: one increasing pass leaves every entry at its root.
    std::vector<std::uint32_t> flat = parent;
    for (std::uint32_t x = 0; x < n; ++x) flat[x] = flat[flat[x]];
    EXPECT_EQ(flat, low);
  }
  EXPECT_GT(joined, 10);
  EXPECT_GT(same, 0);
}

// ---- two_regular_cycles ----------------------------------------------------------------

namespace {

int comb_cycles_of(const std::vector<int>& p) {
  std::vector<bool> seen(p.size());
  int c = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (seen[i]) continue;
    ++c;
    for (std::size_t j = i; !seen[j]; j = static_cast<std::size_t>(p[j])) seen[j] = true;
  }
  return c;
}

}  // namespace

// Every permutation s of up to 8 points without fixed points: the graph with the edges
// d - s(d) (a 2-cycle of s is a double edge) is 2-regular with one cycle per cycle of s. The
// edges in three orders, on vertex labels that are not contiguous and reach 15.
TEST(TwoRegularCycles, CyclesOfEveryDerangementUpToEight) {
  int checked = 0;
  for (int n = 2; n <= 8; ++n) {
    std::vector<int> s(static_cast<std::size_t>(n));
    std::iota(s.begin(), s.end(), 0);
    do {
      bool fixed = false;
      for (int d = 0; d < n; ++d) fixed |= s[static_cast<std::size_t>(d)] == d;
      if (fixed) continue;
      const int want = comb_cycles_of(s);
      std::vector<std::uint16_t> edges, spread;
      for (int d = 0; d < n; ++d) {
        const int e = s[static_cast<std::size_t>(d)];
        edges.push_back(static_cast<std::uint16_t>(1u << d | 1u << e));
        spread.push_back(static_cast<std::uint16_t>(1u << (15 - 2 * d) | 1u << (15 - 2 * e)));
      }
      ASSERT_EQ(two_regular_cycles(edges.data(), n), want);
      ASSERT_EQ(two_regular_cycles(spread.data(), n), want);
      std::reverse(edges.begin(), edges.end());
      ASSERT_EQ(two_regular_cycles(edges.data(), n), want);
      std::rotate(spread.begin(), spread.begin() + n / 2, spread.end());
      ASSERT_EQ(two_regular_cycles(spread.data(), n), want);
      ++checked;
    } while (std::next_permutation(s.begin(), s.end()));
  }
  EXPECT_EQ(checked, 1 + 2 + 9 + 44 + 265 + 1854 + 14833);  // derangements of 2..8 points
}

// Open paths are not cycles; 16 vertices with 32-bit masks (DigitMask).
TEST(TwoRegularCycles, OpenPathsAndSixteenVertices) {
  const std::uint32_t path[3] = {0b0011, 0b0110, 0b1100};
  EXPECT_EQ(two_regular_cycles(path, 3), 0);
  const std::uint32_t closed_and_path[5] = {0b0011, 0b110000, 0b0110, 0b0101, 0b1100000};
  EXPECT_EQ(two_regular_cycles(closed_and_path, 5), 1);
  std::uint32_t ring[16];
  for (int d = 0; d < 16; ++d) ring[d] = 1u << d | 1u << ((d + 1) % 16);
  EXPECT_EQ(two_regular_cycles(ring, 16), 1);
  std::uint32_t pairs[16];
  for (int d = 0; d < 16; ++d) pairs[d] = 3u << (d / 2 * 2);
  EXPECT_EQ(two_regular_cycles(pairs, 16), 8);
  constexpr std::uint16_t triangle[3] = {0b011, 0b110, 0b101};
  static_assert(two_regular_cycles(triangle, 3) == 1);
}
