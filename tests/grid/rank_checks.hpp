// What the rank / unrank / sample tests share (tests/grid/): every grid of a small shape with a
// given first row by plain backtracking on masks, cell by cell in reading order (so in
// lexicographic order), sharing nothing with the cell-by-cell descent under test
// (src/grid/prefix_counts.cpp, rank.cpp); the check of one first row's block of ranks; every 6x6
// grid with first row 1..6 through a ranker of either 6x6 shape; and
// Pearson's chi-square with its critical value.
#pragma once

#include <gtest/gtest.h>

#include <boost/math/distributions/chi_squared.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <vector>

#include "gridenum/grid/canon.hpp"
#include "gridenum/grid/rank.hpp"
#include "gridenum/grid/sample.hpp"

namespace gridenum::testing {

// f(grid) for every grid of the shape whose first row is `first` (empty: any first row), in
// lexicographic order.
template <class F>
void for_each_grid(Shape s, const std::vector<int>& first, F&& f) {
  const int n = s.n();
  GridCells g(static_cast<std::size_t>(n * n), 0);
  std::vector<unsigned> row(static_cast<std::size_t>(n), 0), col(row), box(row);
  auto rec = [&](auto&& self, int cell) -> void {
    if (cell == n * n) {
      f(static_cast<const GridCells&>(g));
      return;
    }
    const int r = cell / n, c = cell % n, b = s.box_of(r, c);
    for (int d = 1; d <= n; ++d) {
      if (r == 0 && !first.empty() && first[static_cast<std::size_t>(c)] != d) continue;
      const unsigned m = 1u << (d - 1);
      if ((row[static_cast<std::size_t>(r)] | col[static_cast<std::size_t>(c)] | box[static_cast<std::size_t>(b)]) & m) continue;
      row[static_cast<std::size_t>(r)] |= m, col[static_cast<std::size_t>(c)] |= m, box[static_cast<std::size_t>(b)] |= m;
      g[static_cast<std::size_t>(cell)] = d;
      self(self, cell + 1);
      row[static_cast<std::size_t>(r)] &= ~m, col[static_cast<std::size_t>(c)] &= ~m, box[static_cast<std::size_t>(b)] &= ~m;
    }
  };
  rec(rec, 0);
}

// The chi-square statistic's value that a true null exceeds with probability alpha.
inline double chi_square_critical(double degrees, double alpha) {
  return boost::math::quantile(boost::math::complement(boost::math::chi_squared(degrees), alpha));
}

// Pearson's statistic of observed counts against expected probabilities.
inline double chi_square(const std::vector<std::uint64_t>& observed, const std::vector<double>& p, double samples) {
  double x = 0;
  for (std::size_t i = 0; i < observed.size(); ++i) {
    const double e = p[i] * samples;
    const double d = static_cast<double>(observed[i]) - e;
    x += d * d / e;
  }
  return x;
}

// Every cell's digit against 1/n by chi-square, each statistic at significance `alpha` (the
// caller's Bonferroni share): `cells` holds n counts per cell, cell by cell in reading order, as
// the samplers' tests tally them (cells[k * n + d - 1]: digit d in cell k).
inline void expect_uniform_cells(const std::vector<std::uint64_t>& cells, int n, double samples, double alpha) {
  const std::size_t digits = static_cast<std::size_t>(n);
  ASSERT_EQ(cells.size(), digits * digits * digits);
  const std::vector<double> uniform(digits, 1.0 / n);
  const double critical = chi_square_critical(n - 1, alpha);
  for (std::size_t k = 0; k < digits * digits; ++k) {
    const auto from = cells.begin() + static_cast<std::ptrdiff_t>(k * digits);
    const double y = chi_square(std::vector<std::uint64_t>(from, from + static_cast<std::ptrdiff_t>(digits)), uniform, samples);
    EXPECT_LT(y, critical) << "cell " << k << ": " << y;
  }
}

// Pearson's statistic with the bins expected fewer than `min_expected` times pooled into one (the
// chi-square law is a poor guide for tiny bins), and its degrees of freedom.
struct PooledChiSquare {
  double statistic = 0;
  double degrees = 0;
};
inline PooledChiSquare pooled_chi_square(const std::vector<std::uint64_t>& observed, const std::vector<double>& p, double samples,
                                         double min_expected = 10) {
  std::vector<std::uint64_t> bins;
  std::vector<double> q;
  std::uint64_t pooled = 0;
  double pooled_p = 0;
  for (std::size_t k = 0; k < observed.size(); ++k) {
    if (p[k] * samples < min_expected) {
      pooled += observed[k], pooled_p += p[k];
    } else {
      bins.push_back(observed[k]), q.push_back(p[k]);
    }
  }
  if (pooled_p > 0) bins.push_back(pooled), q.push_back(pooled_p);
  return {chi_square(bins, q, samples), static_cast<double>(bins.size() - 1)};
}

// Ranks of every grid with first row `first`: exactly the block [index * T1, (index+1) * T1),
// each once, and unrank inverts rank. For the first row 1..N the ranks also come in the order of
// the grids (the normalised index is the lexicographic position).
inline void check_first_row_block(Shape s, const std::vector<int>& first) {
  const GridRanker& g = grid_ranker(s);
  const u128 base = permutation_index(first) * g.normalised_total();
  const bool identity = std::is_sorted(first.begin(), first.end());
  std::vector<bool> seen(static_cast<std::size_t>(g.normalised_total()), false);
  u128 grids = 0;
  for_each_grid(s, first, [&](const GridCells& x) {
    const u128 r = g.rank(x);
    ASSERT_TRUE(r >= base && r - base < g.normalised_total()) << s.str() << " " << grid_string(x) << ": rank " << to_string(r);
    if (identity) {
      ASSERT_TRUE(r == base + grids) << s.str() << " " << grid_string(x) << ": rank " << to_string(r);
    }
    ASSERT_FALSE(seen[static_cast<std::size_t>(r - base)]) << s.str() << ": rank " << to_string(r) << " twice";
    seen[static_cast<std::size_t>(r - base)] = true;
    ASSERT_EQ(g.unrank(r), x) << s.str() << " rank " << to_string(r);
    ++grids;
  });
  EXPECT_TRUE(grids == g.normalised_total()) << s.str() << ": " << to_string(grids) << " grids";
}

// Every one of the 288 4x4 grids through ranker `g` (2x2): ranks distinct and in range,
// unrank(rank(x)) = x, and rank(unrank(n)) = n for every n < total.
inline void expect_every_four_by_four_grid_a_bijection(const GridRanker& g) {
  std::set<u128> seen;
  std::size_t grids = 0;
  for_each_grid(Shape{2, 2}, {}, [&](const GridCells& x) {
    const u128 r = g.rank(x);
    ASSERT_TRUE(r < g.total());
    ASSERT_TRUE(seen.insert(r).second) << "rank " << to_string(r) << " twice";
    ASSERT_EQ(g.unrank(r), x);
    ++grids;
  });
  EXPECT_EQ(grids, 288u);
  EXPECT_EQ(seen.size(), 288u);
  for (u128 n = 0; n < g.total(); ++n) ASSERT_TRUE(g.rank(g.unrank(n)) == n) << to_string(n);
}

// Every 6x6 grid whose first row (`listed` is the shape they are listed in; the other 6x6 shape
// takes their transposes, whose first column is then 1..6) is 1..6, through ranker `g` of shape
// `s`: the ranks 0 .. T1-1, each once, and unrank inverts; then 2,000 random ranks below the total
// unranked to valid grids that rank back. T1 = 39,168, the prefix descent's normalised total.
inline void expect_six_by_six_first_rows_a_bijection(const GridRanker& g, Shape s, Shape listed, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  ASSERT_TRUE(g.normalised_total() == PrefixRanker(s).normalised_total()) << s.str();
  ASSERT_TRUE(g.normalised_total() == 39168) << s.str();
  std::vector<bool> seen(39168, false);
  std::size_t grids = 0;
  for_each_grid(listed, {1, 2, 3, 4, 5, 6}, [&](const GridCells& x0) {
    const GridCells x = s == listed ? x0 : transpose_grid(listed, x0);
    const u128 r = g.rank(x);
    ASSERT_TRUE(r < 39168) << s.str() << " " << grid_string(x);
    ASSERT_FALSE(seen[static_cast<std::size_t>(r)]) << s.str() << ": rank " << to_string(r) << " twice";
    seen[static_cast<std::size_t>(r)] = true;
    ASSERT_EQ(g.unrank(r), x) << s.str() << " rank " << to_string(r);
    ++grids;
  });
  EXPECT_EQ(grids, 39168u);
  for (int i = 0; i < 2000; ++i) {
    const u128 n = uniform_below(g.total(), rng);
    const GridCells x = g.unrank(n);
    ASSERT_TRUE(is_valid_grid(s, x)) << s.str() << " " << to_string(n);
    ASSERT_TRUE(g.rank(x) == n) << s.str() << " " << to_string(n);
  }
}

}  // namespace gridenum::testing
