// The 4x3 top-band signature catalogue (count/three_band/band_signatures.hpp): about 10 s on one thread,
// hence label slow.
//  - 144,578 classes (published, and Burnside's count in band_signature_fixtures.hpp, which
//    shares no code with the generator), sizes summing to 34,650^4 configurations;
//  - every class key is a fixed point of the canonical form, and random configurations and
//    random images of class representatives land on a class of the table with the same key;
//  - 5x2 has the 355 classes of the two-band route, weights equal.
#include <gtest/gtest.h>

#include <random>

#include "band_fill.hpp"
#include "band_signature_fixtures.hpp"
#include "gridenum/count/three_band/band_signatures.hpp"
#include "gridenum/count/side2/two_band.hpp"

using namespace gridenum;
namespace ts = gridenum::test_support;

TEST(BandSignaturesSlow, FourByThreeCatalogue) {
  const Shape s{4, 3};
  const auto cat = build_signature_catalogue(s, 2);
  ASSERT_EQ(cat.classes.size(), 144578u);
  EXPECT_EQ(ts::burnside_orbits(4, 3), BigInt(cat.classes.size()));
  const std::uint64_t per_box = 34650;  // 12! / (4!)^3
  EXPECT_EQ(cat.configurations, per_box * per_box * per_box * per_box);
  u128 sum = 0;
  for (const auto& c : cat.classes) sum += c.size;
  EXPECT_TRUE(sum == cat.configurations);
  EXPECT_EQ(cat.stats.group_order, 6ull * 6 * 6 * 6 * 24);
  for (std::size_t i = 1; i < cat.classes.size(); ++i) ASSERT_LT(cat.classes[i - 1].key, cat.classes[i].key);

  std::mt19937_64 rng(4);
  std::vector<int> hits(cat.classes.size(), 0);
  for (int trial = 0; trial < 2000; ++trial) {
    const std::vector<DigitMask> cols = gridenum::test_support::random_box_columns(Shape{4, 3}, rng);
    const auto idx = find_signature_class(cat, signature_key(s, cols));
    ASSERT_GE(idx, 0);
    ++hits[idx];
  }
  for (std::size_t i = 0; i < cat.classes.size(); i += 997) {
    const auto cols = signature_columns(s, cat.classes[i].key);
    std::uint64_t stab = 0;
    EXPECT_EQ(signature_key(s, cols, &stab), cat.classes[i].key);
    EXPECT_EQ(stab, cat.classes[i].stabiliser);
    // an image: relabel by a random permutation, reverse the boxes, rotate columns in box 1
    std::vector<int> g(12);
    std::iota(g.begin(), g.end(), 0);
    std::shuffle(g.begin(), g.end(), rng);
    std::vector<DigitMask> img(12);
    for (int b = 0; b < 4; ++b)
      for (int c = 0; c < 3; ++c) img[(3 - b) * 3 + (b == 0 ? (c + 1) % 3 : c)] = ts::apply_perm(g, cols[b * 3 + c]);
    EXPECT_EQ(signature_key(s, img), cat.classes[i].key);
  }
}

TEST(BandSignaturesSlow, FiveByTwoMatchesTheTwoBandRoute) {
  const Shape s{5, 2};
  ASSERT_EQ(build_signature_catalogue(s, 2).classes.size(), 355u);
  gridenum::test_support::expect_matches_two_band(s);
}
