// The top-band signature catalogue (count/three_band/band_signatures.hpp), fast checks:
//  - small shapes (2x2, 2x3, 3x2, 3x3, 4x2, 2x4): the classes against a brute-force orbit census
//    (union-find over every tuple of box partitions, band_signature_fixtures.hpp, no code from
//    src/), class for class: a bijection between the generator's classes and the census's orbits
//    with equal sizes; 3x3 has the 44 classes of the 9x9 signature method;
//  - Burnside's count of the orbits (cycle index, sharing no code with the generator) equals the
//    generator's number of classes for the small shapes and 3x4, and is 144,578 for 4x3 and 2,230
//    for 3x4 (published; the 4x3 generator run is in slow_band_signatures.cpp);
//  - the 3x4 catalogue: 2,230 classes whose sizes sum to 369,600^3;
//  - the canonical form does not move under random group elements, and |Stab| is right (the
//    number of group elements fixing a configuration, counted by brute force on 2x3);
//  - refusals.
#include <gtest/gtest.h>

#include <map>
#include <random>

#include "band_signature_fixtures.hpp"
#include "gridenum/count/three_band/band_signatures.hpp"
#include "gridenum/count/side2/two_band.hpp"

using namespace gridenum;
namespace ts = gridenum::test_support;

namespace {

// The unordered box-partition tuple of a configuration, as ids of the brute-force census.
std::uint64_t tuple_index(const ts::BruteOrbits& b, Shape s, const std::vector<DigitMask>& cols) {
  const std::uint64_t P = b.parts.size();
  std::uint64_t t = 0;
  for (int box = 0; box < s.rows; ++box) {
    std::vector<std::uint32_t> blocks(cols.begin() + box * s.cols, cols.begin() + (box + 1) * s.cols);
    std::sort(blocks.begin(), blocks.end());
    t = t * P + b.id.at(blocks);
  }
  return t;
}

void check_against_brute_force(Shape s, std::size_t expected_classes) {
  SCOPED_TRACE(s.str());
  const auto cat = build_signature_catalogue(s, 2);
  const auto brute = ts::brute_orbits(s.rows, s.cols);
  ASSERT_EQ(cat.classes.size(), expected_classes);
  ASSERT_EQ(brute.orbit_tuples.size(), expected_classes);
  std::uint64_t colperm = 1;  // (C!)^R
  for (int b = 0; b < s.rows; ++b)
    for (int i = 2; i <= s.cols; ++i) colperm *= i;
  std::map<std::uint32_t, std::size_t> seen;
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < cat.classes.size(); ++i) {
    const auto cols = signature_columns(s, cat.classes[i].key);
    EXPECT_EQ(signature_key(s, cols), cat.classes[i].key) << "class " << i << " is not canonical";
    const auto root = brute.root[tuple_index(brute, s, cols)];
    EXPECT_TRUE(seen.emplace(root, i).second) << "classes " << seen[root] << " and " << i << " are one orbit";
    EXPECT_EQ(cat.classes[i].size, brute.orbit_tuples.at(root) * colperm) << "class " << i;
    sum += cat.classes[i].size;
  }
  EXPECT_EQ(seen.size(), brute.orbit_tuples.size());
  EXPECT_EQ(sum, cat.configurations);
  EXPECT_EQ(ts::burnside_orbits(s.rows, s.cols), BigInt(expected_classes));
}

}  // namespace

TEST(BandSignatures, SmallShapesMatchBruteForceClassForClass) {
  // Class numbers: brute force and Burnside agree with these (and 3x3's 44 is the 9x9 signature
  // method's number of band classes).
  check_against_brute_force(Shape{2, 2}, 2);
  check_against_brute_force(Shape{2, 3}, 3);
  check_against_brute_force(Shape{3, 2}, 4);
  check_against_brute_force(Shape{3, 3}, 44);
  check_against_brute_force(Shape{4, 2}, 26);
  check_against_brute_force(Shape{2, 4}, 5);
}

TEST(BandSignatures, FourByTwoMatchesTheTwoBandRouteClassForClass) {
  // m x 2 boxes: the two-band route of side2 (two_band.hpp) has its own class generator for the
  // same group; its classes and weights must be ours.
  const Shape s{4, 2};
  gridenum::test_support::expect_matches_two_band(s);
}

TEST(BandSignatures, BurnsideGivesThePublishedTwelveDigitClassNumbers) {
  EXPECT_EQ(ts::burnside_orbits(4, 3), BigInt(144578));
  EXPECT_EQ(ts::burnside_orbits(3, 4), BigInt(2230));
}

TEST(BandSignatures, ThreeByFourCatalogue) {
  const auto cat = build_signature_catalogue(Shape{3, 4}, 2);
  EXPECT_EQ(cat.classes.size(), 2230u);
  EXPECT_EQ(cat.configurations, 369600ull * 369600ull * 369600ull);  // (12! / 3!^4)^3
  std::uint64_t sum = 0;
  for (const auto& c : cat.classes) sum += c.size;
  EXPECT_EQ(sum, cat.configurations);
  EXPECT_EQ(cat.stats.group_order, 24ull * 24 * 24 * 6);
  EXPECT_EQ(cat.stats.level_classes.back(), 2230u);
}

TEST(BandSignatures, KeyIsInvariantUnderTheGroup) {
  std::mt19937_64 rng(15);
  for (Shape s : {Shape{3, 3}, Shape{4, 3}, Shape{3, 4}, Shape{2, 4}}) {
    SCOPED_TRACE(s.str());
    const int R = s.rows, C = s.cols, N = s.n();
    for (int trial = 0; trial < 200; ++trial) {
      // A random configuration: each box a random ordered partition.
      std::vector<DigitMask> cols(N, 0);
      std::vector<int> perm(N);
      for (int b = 0; b < R; ++b) {
        std::iota(perm.begin(), perm.end(), 0);
        std::shuffle(perm.begin(), perm.end(), rng);
        for (int i = 0; i < N; ++i) cols[b * C + i / R] |= DigitMask{1} << perm[i];
      }
      std::uint64_t stab = 0;
      const auto key = signature_key(s, cols, &stab);
      // A random image: relabel, permute columns inside boxes, permute boxes.
      std::vector<int> relabel(N), boxes(R), inside(C);
      std::iota(relabel.begin(), relabel.end(), 0);
      std::shuffle(relabel.begin(), relabel.end(), rng);
      std::iota(boxes.begin(), boxes.end(), 0);
      std::shuffle(boxes.begin(), boxes.end(), rng);
      std::vector<DigitMask> img(N, 0);
      for (int b = 0; b < R; ++b) {
        std::iota(inside.begin(), inside.end(), 0);
        std::shuffle(inside.begin(), inside.end(), rng);
        for (int c = 0; c < C; ++c) img[boxes[b] * C + inside[c]] = ts::apply_perm(relabel, cols[b * C + c]);
      }
      std::uint64_t stab2 = 0;
      EXPECT_EQ(signature_key(s, img, &stab2), key);
      EXPECT_EQ(stab2, stab);
      // The key's own configuration has the same key.
      EXPECT_EQ(signature_key(s, signature_columns(s, key)), key);
    }
  }
}

TEST(BandSignatures, StabiliserMatchesBruteForceOn2x3) {
  // |Stab_W(h)| = #{(column perms, box perm, relabelling) fixing the configuration} / (number of
  // relabellings fixing the labelled configuration, i.e. prod h(x)!). Counted over the whole
  // group for every class of 2x3.
  const Shape s{2, 3};
  const int R = 2, C = 3, N = 6;
  const auto cat = build_signature_catalogue(s, 1);
  for (const auto& cl : cat.classes) {
    const auto cols = signature_columns(s, cl.key);
    std::uint64_t fixing = 0;
    std::vector<int> relabel(N);
    std::iota(relabel.begin(), relabel.end(), 0);
    do {
      for (int bswap = 0; bswap < 2; ++bswap) {
        std::vector<int> c0{0, 1, 2};
        do {
          std::vector<int> c1{0, 1, 2};
          do {
            std::vector<DigitMask> img(N, 0);
            for (int b = 0; b < R; ++b) {
              const auto& cp = b == 0 ? c0 : c1;
              for (int c = 0; c < C; ++c) img[(b ^ bswap) * C + cp[c]] = ts::apply_perm(relabel, cols[b * C + c]);
            }
            fixing += img == cols ? 1 : 0;
          } while (std::next_permutation(c1.begin(), c1.end()));
        } while (std::next_permutation(c0.begin(), c0.end()));
      }
    } while (std::next_permutation(relabel.begin(), relabel.end()));
    // Relabellings fixing the labelled map: permutations of equal points.
    std::map<std::vector<int>, int> hist;
    for (int d = 0; d < N; ++d) {
      std::vector<int> x(R);
      for (int b = 0; b < R; ++b)
        for (int c = 0; c < C; ++c)
          if (cols[b * C + c] >> d & 1) x[b] = c;
      ++hist[x];
    }
    std::uint64_t inner = 1;
    for (auto& [x, m] : hist)
      for (int i = 2; i <= m; ++i) inner *= i;
    EXPECT_EQ(fixing % inner, 0u);
    EXPECT_EQ(fixing / inner, cl.stabiliser) << signature_string(s, cols);
  }
}

// The prefix form of a class (signature_prefix_form): a configuration of the same class whose
// first R-1 boxes are the same, column set for column set, for every class with the same prefix
// key; at most as many prefixes as classes of R-1 boxes (the generator's level R-1).
TEST(BandSignatures, PrefixFormsShareTheirFirstBoxes) {
  for (Shape s : {Shape{2, 3}, Shape{3, 2}, Shape{2, 4}, Shape{4, 2}, Shape{3, 3}, Shape{3, 4}}) {
    SCOPED_TRACE(s.str());
    const auto cat = build_signature_catalogue(s, 2);
    const std::size_t prefix_masks = static_cast<std::size_t>((s.rows - 1) * s.cols);
    std::map<SignatureKey, std::vector<DigitMask>> boxes_of;
    for (const auto& c : cat.classes) {
      const auto f = signature_prefix_form(s, c.key);
      ASSERT_EQ(f.columns.size(), static_cast<std::size_t>(s.n()));
      EXPECT_EQ(signature_key(s, f.columns), c.key);
      const std::vector<DigitMask> prefix(f.columns.begin(), f.columns.begin() + prefix_masks);
      auto [it, fresh] = boxes_of.emplace(f.prefix, prefix);
      if (!fresh) {
        EXPECT_EQ(it->second, prefix) << signature_string(s, f.columns);
      }
    }
    EXPECT_LE(boxes_of.size(), cat.stats.level_classes[s.rows - 2]);
    EXPECT_LT(boxes_of.size(), cat.classes.size());
  }
}

TEST(BandSignatures, Refusals) {
  EXPECT_TRUE(signature_catalogue_shape_error(Shape{1, 3}).has_value());
  EXPECT_TRUE(signature_catalogue_shape_error(Shape{4, 4}).has_value());   // 4^4 cube but 2^104 configs
  EXPECT_TRUE(signature_catalogue_shape_error(Shape{3, 6}).has_value());   // N = 18
  EXPECT_FALSE(signature_catalogue_shape_error(Shape{4, 3}).has_value());
  EXPECT_THROW(build_signature_catalogue(Shape{4, 4}), std::invalid_argument);
  std::vector<DigitMask> bad(9, 0b111);
  EXPECT_THROW(signature_key(Shape{3, 3}, bad), std::invalid_argument);
  EXPECT_EQ(signature_string(Shape{2, 2}, {0b0011, 0b1100, 0b0101, 0b1010}), "12.34|13.24");
}
