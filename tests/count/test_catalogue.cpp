// Catalogue stage: band counts, lexicographic reduction and classes, against brute force.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <set>

#include "brute.hpp"
#include "gridenum/core/threads.hpp"
#include "gridenum/count/stack/catalogue.hpp"
#include "gridenum/count/stack/count.hpp"

#include "param_names.hpp"

using namespace gridenum;

namespace {

class SmallShapes : public ::testing::TestWithParam<const char*> {};

// F and the entries agree with a brute-force enumeration of every canonical band.
TEST_P(SmallShapes, BandFillingsMatchBruteForce) {
  const Shape s = *Shape::parse(GetParam());
  const Catalogue cat = build_catalogue(s);
  const auto bands = testref::all_canonical_bands(s);
  EXPECT_EQ(cat.band_fillings, bands.size());
  std::uint64_t entries = 0;
  // Keyed by the band's bytes as a string: std::map<std::vector<uint8_t>> trips GCC 12's false
  // -Wstringop-overread in the inlined vector <=>.
  std::map<std::string, std::uint64_t> preimages;
  for (const auto& b : bands) {
    ASSERT_TRUE(is_valid_band(s, b));
    ASSERT_TRUE(has_canonical_b1(s, b));
    entries += is_catalogue_entry(s, b);
    const Band e = normalise(s, b);
    ASSERT_TRUE(is_catalogue_entry(s, e));
    ++preimages[std::string(e.begin(), e.end())];
  }
  EXPECT_EQ(cat.entries, entries);
  EXPECT_EQ(preimages.size(), entries);
  for (const auto& [e, n] : preimages) EXPECT_EQ(n, band_symmetry_factor(s)) << band_string(Band(e.begin(), e.end()));
}

// Classes: weights sum to the entries; every entry of a class has the same brute-force
// completion count as its representative; representatives are sorted catalogue entries.
TEST_P(SmallShapes, ClassesHaveEqualCompletionCounts) {
  const Shape s = *Shape::parse(GetParam());
  const Catalogue cat = build_catalogue(s);
  std::uint64_t sum = 0;
  for (std::size_t a = 0; a < cat.classes.size(); ++a) {
    sum += cat.classes[a].size;
    EXPECT_TRUE(is_catalogue_entry(s, cat.classes[a].representative));
    if (a > 0) { EXPECT_LT(cat.classes[a - 1].representative, cat.classes[a].representative); }
  }
  EXPECT_EQ(sum, cat.entries);
  ASSERT_EQ(cat.entry_bands.size(), cat.entries);
  std::vector<std::uint64_t> counted(cat.classes.size(), 0);
  for (std::size_t i = 0; i < cat.entry_bands.size(); ++i) {
    const std::uint32_t a = cat.entry_class[i];
    ++counted[a];
    EXPECT_EQ(testref::brute_completions(s, cat.entry_bands[i]),
              testref::brute_completions(s, cat.classes[a].representative))
        << "entry " << band_string(cat.entry_bands[i]) << " of class " << a;
  }
  for (std::size_t a = 0; a < cat.classes.size(); ++a) EXPECT_EQ(counted[a], cat.classes[a].size);
}

INSTANTIATE_TEST_SUITE_P(Shapes, SmallShapes, ::testing::Values("2x2", "2x3", "3x2"),
                         gridenum::testing::shape_param_name);

TEST(Catalogue, BandCount2x4MatchesBruteForce) {
  const Shape s{2, 4};
  EXPECT_EQ(build_catalogue(s).band_fillings, testref::all_canonical_bands(s).size());
}

// The published 9x9 figures (thesis chapter 2): F, the catalogue and 44 classes.
TEST(Catalogue, NineByNineFigures) {
  const Catalogue cat = build_catalogue(Shape{3, 3});
  EXPECT_EQ(cat.band_fillings, 2612736u);
  EXPECT_EQ(cat.entries, 36288u);
  EXPECT_EQ(band_symmetry_factor(Shape{3, 3}), 72u);
  ASSERT_EQ(cat.classes.size(), 44u);
  std::uint64_t sum = 0;
  for (const auto& c : cat.classes) {
    sum += c.size;
    EXPECT_GT(c.size, 0u);
  }
  EXPECT_EQ(sum, 36288u);
  // The first catalogue entry is the smallest band: 123 456 789 / 456 789 123 / 789 123 456.
  const Band first = {1, 2, 3, 4, 5, 6, 7, 8, 9, 4, 5, 6, 7, 8, 9, 1, 2, 3, 7, 8, 9, 1, 2, 3, 4, 5, 6};
  EXPECT_EQ(cat.classes.front().representative, first);
}

TEST(Catalogue, ThreadCountDoesNotChangeTheCatalogue) {
  Catalogue a, b;
  ThreadBudget(1).execute([&] { a = build_catalogue(Shape{3, 3}); });
  ThreadBudget(2).execute([&] { b = build_catalogue(Shape{3, 3}); });
  ASSERT_EQ(a.classes.size(), b.classes.size());
  for (std::size_t i = 0; i < a.classes.size(); ++i) {
    EXPECT_EQ(a.classes[i].representative, b.classes[i].representative);
    EXPECT_EQ(a.classes[i].size, b.classes[i].size);
  }
}

TEST(Catalogue, RejectsUnsupportedShapes) {
  EXPECT_THROW(build_catalogue(Shape{1, 4}), std::invalid_argument);
  EXPECT_THROW(build_catalogue(Shape{4, 5}), std::invalid_argument);
}

TEST(Catalogue, ValidityChecks) {
  const Shape s{2, 2};
  EXPECT_TRUE(is_valid_band(s, {1, 2, 3, 4, 3, 4, 1, 2}));
  EXPECT_FALSE(is_valid_band(s, {1, 2, 3, 4, 3, 4, 2, 2}));  // row repeats
  EXPECT_FALSE(is_valid_band(s, {1, 2, 3, 4, 2, 1, 4, 3}));  // box repeats
  EXPECT_FALSE(is_valid_band(s, {1, 2, 3}));                 // wrong size
}

}  // namespace
