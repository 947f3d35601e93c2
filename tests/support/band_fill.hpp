// Any one band (R rows x N columns, digits 0..N-1, row-major) whose column j holds the digit set
// cols[j], found by plain backtracking cell by cell, for tests that need a concrete band behind a
// signature (tests/count/test_three_band.cpp, tests/verify/test_three_band_vs_signature.cpp).
// Shares nothing with src/. Fails the calling test when no band has those column sets.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <numeric>
#include <random>
#include <vector>

#include "gridenum/core/shape.hpp"

namespace gridenum::test_support {

inline std::vector<int> some_band(Shape s, const std::vector<DigitMask>& cols) {
  const int R = s.rows, N = s.n();
  std::vector<int> g(static_cast<std::size_t>(R * N), -1);
  std::vector<DigitMask> row_used(static_cast<std::size_t>(R), 0), col_left(cols);
  auto rec = [&](auto&& self, int cell) -> bool {
    if (cell == R * N) return true;
    const auto r = static_cast<std::size_t>(cell / N), c = static_cast<std::size_t>(cell % N);
    for (DigitMask m = col_left[c] & ~row_used[r]; m; m &= m - 1) {
      const int d = std::countr_zero(m);
      g[static_cast<std::size_t>(cell)] = d;
      col_left[c] &= ~(DigitMask{1} << d);
      row_used[r] |= DigitMask{1} << d;
      if (self(self, cell + 1)) return true;
      col_left[c] |= DigitMask{1} << d;
      row_used[r] &= ~(DigitMask{1} << d);
    }
    return false;
  };
  EXPECT_TRUE(rec(rec, 0));
  return g;
}

// A random top-band configuration of shape s: each box's C columns get a random partition of the
// N digits into C sets of R.
inline std::vector<DigitMask> random_box_columns(Shape s, std::mt19937_64& rng) {
  const int N = s.n();
  std::vector<DigitMask> cols(static_cast<std::size_t>(N), 0);
  std::vector<int> perm(static_cast<std::size_t>(N));
  for (int b = 0; b < s.rows; ++b) {
    std::iota(perm.begin(), perm.end(), 0);
    std::shuffle(perm.begin(), perm.end(), rng);
    for (int i = 0; i < N; ++i)
      cols[static_cast<std::size_t>(b * s.cols + i / s.rows)] |= DigitMask{1} << perm[static_cast<std::size_t>(i)];
  }
  return cols;
}

}  // namespace gridenum::test_support
