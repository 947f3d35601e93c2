// The bounds of bounds.hpp, in log10 (the upper bound of 25x25 is near 1e450, past a double).
#include "gridenum/estimate/bounds.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace gridenum::estimate {

namespace {

double log10_factorial(int n) { return std::lgamma(static_cast<double>(n) + 1) / std::log(10.0); }

// The band-0 construction's bound with boxes of `rows` x `cols` (bounds.hpp).
double log10_lower_oriented(int rows, int cols) {
  const int n = rows * cols;
  double lower = 0;
  for (int i = 0; i < rows; ++i) lower += log10_regular_lower(n, n - i * cols);
  lower += (cols - 1) * log10_factorial(rows);
  for (int u = 1; u < cols; ++u) lower += rows * log10_factorial(u);
  return lower;
}

}  // namespace

int row_degree(Shape s, int r) {
  const int n = s.n();
  if (r < 0 || r >= n) throw std::invalid_argument("row_degree: row out of range");
  const int b = r / s.rows, i = r % s.rows;
  return n - r - i * (s.cols - 1 - b);
}

double log10_bregman(int n, int k) {
  if (k < 1 || k > n) throw std::invalid_argument("log10_bregman: 1 <= k <= n");
  return static_cast<double>(n) / k * log10_factorial(k);
}

double log10_regular_lower(int n, int k) {
  if (k < 1 || k > n) throw std::invalid_argument("log10_regular_lower: 1 <= k <= n");
  if (k == n) return log10_factorial(n);
  const double hall = log10_factorial(k);
  const double vdw = log10_factorial(n) + n * std::log10(static_cast<double>(k) / n);
  const double schrijver = k == 1 ? 0.0 : n * ((k - 1) * std::log10(k - 1.0) - (k - 2) * std::log10(static_cast<double>(k)));
  return std::max({hall, vdw, schrijver});
}

CountBounds count_bounds(Shape s) {
  if (s.rows < 2 || s.cols < 2) throw std::invalid_argument("count_bounds: R, C >= 2");
  // Transposing a grid swaps R and C, so both orientations bound the same count: the smaller upper
  // and the larger lower bound are taken.
  CountBounds b;
  double up = 0, up_t = 0;
  for (int r = 0; r < s.n(); ++r) {
    up += log10_bregman(s.n(), row_degree(s, r));
    up_t += log10_bregman(s.n(), row_degree(Shape{s.cols, s.rows}, r));
  }
  b.log10_upper = std::min(up, up_t);
  b.log10_lower = std::max(log10_lower_oriented(s.rows, s.cols), log10_lower_oriented(s.cols, s.rows));
  return b;
}

}  // namespace gridenum::estimate
