// Every instruction-set level of the colouring count (src/verify/isa/colourings.hpp) against the
// baseline and the three-band route's own count, on random box-column configurations of 3x3 and
// 4x3: the fast tier's check (test_signature.cpp) and the slow tier's larger one
// (slow_signature_isa.cpp) with other seeds.
#pragma once

#include <gtest/gtest.h>

#include <random>

#include "band_fill.hpp"
#include "gridenum/count/three_band/three_band.hpp"
#include "gridenum/verify/signature.hpp"

namespace gridenum::test_support {

// trials33 configurations of 3x3 and trials43 of 4x3 (about 6 ms each at the baseline), drawn
// from seed.
inline void expect_isa_levels_agree(int trials33, int trials43, unsigned long long seed) {
  const auto levels = supported_isas();
  ASSERT_EQ(levels.front(), Isa::Baseline);
  std::mt19937_64 rng(seed);
  for (Shape s : {Shape{3, 3}, Shape{4, 3}}) {
    SCOPED_TRACE(s.str());
    const int trials = s.rows == 4 ? trials43 : trials33;
    for (int trial = 0; trial < trials; ++trial) {
      const auto cols = random_box_columns(s, rng);
      const auto base = bands_with_signature(s, cols, Isa::Baseline);
      for (std::size_t l = 1; l < levels.size(); ++l)
        EXPECT_EQ(bands_with_signature(s, cols, levels[l]), base) << to_string(levels[l]) << " trial " << trial;
      EXPECT_EQ(three_band_fillings(s, cols), base) << "trial " << trial;
    }
  }
}

}  // namespace gridenum::test_support
