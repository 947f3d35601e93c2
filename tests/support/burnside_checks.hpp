// Shared by the Burnside tests (tests/symmetry): one run with the options the tests vary, and the
// consistency every run must have -- class sizes add up to |G|, the weighted sum is the terms'
// sum, and it is |G| times the answer.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>

#include "gridenum/symmetry/burnside.hpp"

namespace gridenum::test_support {

inline BurnsideResult run_burnside_with(Shape s, bool transposition = true, int threads = 0,
                                        FixedMethod m = FixedMethod::Auto) {
  BurnsideOptions o;
  o.shape = s;
  o.transposition = transposition;
  o.threads = threads;
  o.method = m;
  return run_burnside(o);
}

inline void expect_consistent_sums(const BurnsideResult& r) {
  std::uint64_t sizes = 0;
  BigInt sum = 0;
  for (const auto& t : r.terms) {
    sizes += t.cls.size;
    sum += BigInt(t.cls.size) * to_big(t.fixed.grids);
  }
  EXPECT_EQ(sizes, r.group_order);
  EXPECT_EQ(sum, r.weighted_sum);
  EXPECT_EQ(r.essentially_different * r.group_order, r.weighted_sum);
}

}  // namespace gridenum::test_support
