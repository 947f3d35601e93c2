// Every instruction-set level of the three-band route's colouring count
// (src/count/isa/band_colourings.hpp) against its baseline, on random box-column configurations:
// the fast tier's check (ThreeBand.EveryInstructionSetLevelCountsTheSameF, 3x3 and a few 4x3) and
// the slow tier's 4x3 one (ThreeBandSlow12.EveryInstructionSetLevelOnMoreConfigurations) with
// another seed. The signature method's colouring count has its own: signature_isa_checks.hpp.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <random>

#include "band_fill.hpp"
#include "gridenum/count/three_band/band_signatures.hpp"
#include "gridenum/count/three_band/three_band.hpp"

namespace gridenum::test_support {

// `trials` configurations of shape s (4x3: about 5 ms each at the baseline), drawn from rng; every
// level gives the baseline's F, and `also(cols, F)` may check F another way.
inline void expect_three_band_isa_levels_agree(Shape s, int trials, std::mt19937_64& rng,
                                               const std::function<void(int, const std::vector<DigitMask>&, std::uint64_t)>& also = {}) {
  const auto levels = supported_isas();
  ASSERT_EQ(levels.front(), Isa::Baseline);
  SCOPED_TRACE(s.str());
  for (int trial = 0; trial < trials; ++trial) {
    const auto cols = random_box_columns(s, rng);
    const auto base = three_band_fillings(s, cols, Isa::Baseline);
    for (std::size_t l = 1; l < levels.size(); ++l)
      EXPECT_EQ(three_band_fillings(s, cols, levels[l]), base) << to_string(levels[l]) << " " << signature_string(s, cols);
    if (also) also(trial, cols, base);
  }
}

}  // namespace gridenum::test_support
