// What the rank / unrank / sample tests share (tests/grid/): every grid of a small shape with a
// given first row by plain backtracking on masks, cell by cell in reading order (so in
// lexicographic order), sharing nothing with the row-by-row descent under test
// (src/grid/row_counts.cpp, rank.cpp); and a chi-square critical value.
#pragma once

#include <boost/math/distributions/chi_squared.hpp>

#include <cstdint>
#include <vector>

#include "gridenum/grid/canon.hpp"

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

}  // namespace gridenum::testing
