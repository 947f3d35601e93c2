// Small combinatorial helpers that several counting methods need, written and tested once
// (tests/core/test_combinatorics.cpp). Sharing them does not tie the independent counting
// routes together: each route's counting logic stays its own; these are textbook formulas.
#pragma once

#include <cstdint>

#include "gridenum/core/arith.hpp"

namespace gridenum {

// The binomial coefficient C(n, k) as an exact 64-bit value: 0 when k < 0 or k > n; throws
// OverflowError when the value passes 2^64. After step i the running value is C(n-k+i, i), an
// integer, so every division is exact; the product before the division is formed in 64 bits
// when it fits (a 64-bit division: some callers classify configurations with it in a loop) and
// in 128 bits when it does not.
constexpr std::uint64_t binomial(std::int64_t n, std::int64_t k) {
  if (k < 0 || n < 0 || k > n) return 0;
  if (k > n - k) k = n - k;
  std::uint64_t r = 1;
  for (std::int64_t i = 1; i <= k; ++i) {
    const auto f = static_cast<std::uint64_t>(n - k + i), d = static_cast<std::uint64_t>(i);
    std::uint64_t p = 0;
    if (!__builtin_mul_overflow(r, f, &p)) {
      r = p / d;
    } else {
      const u128 w = static_cast<u128>(r) * f / d;
      if (w > UINT64_MAX) throw OverflowError("binomial coefficient C(n, k) over 64 bits");
      r = static_cast<std::uint64_t>(w);
    }
  }
  return r;
}

}  // namespace gridenum
