// The signature method against the stack method, class by class (tests/verify/test_signature.cpp,
// slow_signature.cpp): the same representatives, sizes, n_alpha, factors and totals.
#pragma once

#include <gtest/gtest.h>

#include "gridenum/count/stack/count.hpp"
#include "gridenum/verify/signature.hpp"

namespace gridenum::testing {

inline CountResult stack_count(Shape s) {
  CountOptions o;
  o.shape = s;
  o.threads = 2;
  return run_count(o);
}

// Both methods, class by class: same representatives, sizes, n_alpha, totals.
inline void expect_methods_agree(Shape s) {
  const SignatureResult sig = count_signature(s, 2);
  const CountResult st = stack_count(s);
  ASSERT_EQ(sig.census.orbits.size(), st.catalogue.classes.size()) << s.str();
  for (std::size_t a = 0; a < sig.n.size(); ++a) {
    EXPECT_EQ(sig.census.orbits[a].representative, st.catalogue.classes[a].representative) << s.str() << " class " << a + 1;
    EXPECT_EQ(sig.census.orbits[a].entries, st.catalogue.classes[a].size) << s.str() << " class " << a + 1;
    EXPECT_EQ(sig.n[a], st.reduction.n[a]) << s.str() << " class " << a + 1;
    EXPECT_EQ(sig.n_star[a], to_big(st.reduction.n_star[a])) << s.str() << " class " << a + 1;
  }
  EXPECT_EQ(sig.band_factor, st.reduction.band_factor);
  EXPECT_EQ(sig.stack_factor, st.reduction.stack_factor);
  EXPECT_EQ(sig.weighted_sum, st.reduction.weighted_sum);
  EXPECT_EQ(sig.total, st.reduction.total);
}

}  // namespace gridenum::testing
