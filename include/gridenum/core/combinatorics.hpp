// Small combinatorial helpers that several counting methods need, written and tested once
// (tests/core/test_combinatorics.cpp). Sharing them does not tie the independent counting
// routes together: each route's counting logic stays its own; these are textbook formulas.
#pragma once

#include <cstdint>

#include "gridenum/core/arith.hpp"

namespace gridenum {

// The binomial coefficient C(n, k) as an exact 64-bit value: 0 when k < 0 or k > n; throws
// OverflowError when the value (or the running product C(n-k+i, i) * (n-k+i+1)) passes 2^64.
// The running product after step i is C(n-k+i, i), an integer, so every division is exact.
constexpr std::uint64_t binomial(std::int64_t n, std::int64_t k) {
  if (k < 0 || n < 0 || k > n) return 0;
  if (k > n - k) k = n - k;
  u128 r = 1;
  for (std::int64_t i = 1; i <= k; ++i) {
    r = r * static_cast<u128>(n - k + i) / static_cast<u128>(i);
    if (r > UINT64_MAX) throw OverflowError("binomial coefficient C(n, k) over 64 bits");
  }
  return static_cast<std::uint64_t>(r);
}

}  // namespace gridenum
