// The instruction-set levels of the colouring count on more configurations than the fast tier's
// Signature.EveryInstructionSetLevelCountsTheSameBands: 300 of 3x3 and 200 of 4x3, another seed
// (label slow: about 3 s).
#include <gtest/gtest.h>

#include "signature_isa_checks.hpp"

TEST(SignatureSlow, EveryInstructionSetLevelOnMoreConfigurations) {
  gridenum::test_support::expect_isa_levels_agree(300, 200, 2028);
}
