// 4x3 completions by two methods that share no counting code, on one pair type's tables, label
// slow: the three-band counter against the signature method's pair-type table
// (tests/support/one_type_parts.hpp says what each side runs), on the cheapest type,
// 4,0,0/0,4,0/0,0,4 (871 colouring counts a side, against 11,614 for the long tier's type).
//
// The classes: 1 and 2, one prefix group, so that the three-band side sums a group (the path a
// job takes) and keeps its members apart; both parts are non-zero. Measured 2026-11-27 (AMD EPYC
// family 25 model 17, 2 threads, a 2x6 count at nice 19 beside it): 35 s wall, 30 CPU-seconds --
// catalogue 10.7 s, the three-band side's table 8.5 s (873 colouring counts), the signature
// side's 10.2 s (878), the sums under half a second; peak resident 483 MB.
//
// The long tier's tests/verify/long_three_band_vs_signature_one_type_12.cpp runs the same
// comparison on type 4,0,0/0,2,2/0,2,2 with five classes in three groups (100 s of CI's slow
// tier, where it was until the 2026-11-27 budget pass: docs/testing.md), and
// long_three_band_vs_signature_12.cpp the whole tables of both.
#include <gtest/gtest.h>

#include "one_type_parts.hpp"

using namespace gridenum;

TEST(ThreeBandVsSignatureOneTypeSlow, FourByThreeClassOneAgreesOnTheCheapestType) {
  const Shape s{4, 3};
  const auto t0 = SteadyClock::now();
  const auto cat = build_signature_catalogue(s, 2);
  ASSERT_EQ(cat.classes.size(), 144578u);
  std::cout << fmt::format("catalogue: {:.1f} s\n", seconds_since(t0));
  ASSERT_EQ(signature_prefix_form(s, cat.classes[0].key).prefix, signature_prefix_form(s, cat.classes[1].key).prefix);
  const std::vector<std::uint32_t> classes{1, 2};
  const auto parts = test_support::one_type_parts(cat, classes, "4,0,0/0,4,0/0,0,4", 1, 5775ULL * 5775);
  ASSERT_EQ(parts.signature.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    std::cout << fmt::format("  class {}: {}\n", classes[i], parts.signature[i].str());
    EXPECT_EQ(to_big(parts.three_band[i]), parts.signature[i])
        << "class " << classes[i] << ": three-band " << to_string(parts.three_band[i]);
  }
  EXPECT_TRUE(parts.signature[0] > 0);
  EXPECT_TRUE(parts.signature[1] > 0);
  // The values both sides gave when this test was written.
  EXPECT_EQ(parts.signature[0].str(), "351956752416406241280");
  EXPECT_EQ(parts.signature[1].str(), "288929646072186273792");
}
