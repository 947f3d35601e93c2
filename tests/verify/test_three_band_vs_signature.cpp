// The three-band route (count/three_band.hpp) against the signature method of issue 4
// (verify/signature.hpp), which shares no code with it (its own box partitions, chains, colouring
// count and table layout): per 3x3 signature class, the completions of a band with the class's
// column sets must agree, and on 2x3 too.
#include <gtest/gtest.h>

#include <bit>
#include <numeric>
#include <random>

#include "gridenum/count/band_signatures.hpp"
#include "gridenum/count/three_band.hpp"
#include "gridenum/verify/signature.hpp"
#include "band_fill.hpp"

using namespace gridenum;

namespace {

// A band (digits 1..N, row-major) with the given column sets (tests/support/band_fill.hpp).
Band band_with_columns(Shape s, const std::vector<DigitMask>& cols) {
  Band g;
  for (int d : gridenum::test_support::some_band(s, cols)) g.push_back(static_cast<std::uint8_t>(d + 1));
  return g;
}

void compare(Shape s) {
  SCOPED_TRACE(s.str());
  const auto cat = build_signature_catalogue(s, 2);
  const ThreeBandCounter tb(s, 2);
  std::vector<Band> bands;
  std::vector<u128> mine;
  for (const auto& c : cat.classes) {
    const auto cols = signature_columns(s, c.key);
    bands.push_back(band_with_columns(s, cols));
    mine.push_back(tb.completions(cols));
  }
  const auto theirs = completions_by_signature(s, bands, 2);
  ASSERT_EQ(theirs.size(), mine.size());
  for (std::size_t i = 0; i < mine.size(); ++i)
    EXPECT_TRUE(to_big(mine[i]) == theirs[i]) << "class " << i + 1 << ": " << to_string(mine[i]);
}

}  // namespace

TEST(ThreeBandVsSignature, PerClassCompletionsAgree) {
  compare(Shape{2, 3});
  compare(Shape{3, 3});
}

TEST(ThreeBandVsSignature, FourByThreeBandFillingsAgree) {
  const Shape s{4, 3};
  std::mt19937_64 rng(12);
  for (int t = 0; t < 12; ++t) {
    const std::vector<DigitMask> cols = gridenum::test_support::random_box_columns(s, rng);
    EXPECT_EQ(three_band_fillings(s, cols), bands_with_signature(s, cols)) << signature_string(s, cols);
  }
}
