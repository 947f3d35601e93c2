// The orbit census (orbits.hpp): box partitions, canonical forms invariant under the class
// operations (brute.hpp's own implementations), and class sizes against the catalogue.
#include <gtest/gtest.h>

#include <map>
#include <random>

#include "brute.hpp"
#include "gridenum/count/stack/catalogue.hpp"
#include "gridenum/count/stack/count.hpp"  // band_string
#include "gridenum/verify/orbits.hpp"


using namespace gridenum;

namespace {

TEST(BoxPartitions, SizesAndLookups) {
  const BoxPartitions p33(Shape{3, 3});
  EXPECT_EQ(p33.size(), 280u);           // 9! / (3!^3 3!)
  EXPECT_EQ(p33.stabiliser_order(), 1296u);  // 3!^3 3!
  EXPECT_EQ(BoxPartitions(Shape{2, 4}).size(), 105u);  // 8! / (2!^4 4!)
  EXPECT_EQ(BoxPartitions(Shape{4, 2}).size(), 35u);   // 8! / (4!^2 2!)
  for (std::uint32_t i = 0; i < p33.size(); ++i) {
    const DigitMask* b = p33.blocks(i);
    DigitMask rev[3] = {b[2], b[0], b[1]};  // any block order finds the same id
    EXPECT_EQ(p33.id(rev), i);
    const auto g = p33.to_standard(i);
    EXPECT_EQ(p33.apply(g, i), p33.standard());
    EXPECT_EQ(p33.std_row(i)[i], p33.standard());
  }
  DigitMask bad[3] = {0b111, 0b111, 0b111000000};
  EXPECT_THROW(p33.id(bad), std::invalid_argument);
}

void expect_census_matches_catalogue(Shape s) {
  const Catalogue cat = build_catalogue(s);
  const OrbitCensus c = census_orbits(s, 2);
  EXPECT_EQ(c.band_fillings, cat.band_fillings) << s.str();
  EXPECT_EQ(c.entry_fillings, cat.entries) << s.str();
  EXPECT_EQ(c.band_factor, band_symmetry_factor(s)) << s.str();
  ASSERT_EQ(c.orbits.size(), cat.classes.size()) << s.str();
  std::uint64_t fillings = 0;
  for (std::size_t a = 0; a < c.orbits.size(); ++a) {
    EXPECT_EQ(c.orbits[a].representative, cat.classes[a].representative) << s.str() << " class " << a + 1;
    EXPECT_EQ(c.orbits[a].entries, cat.classes[a].size) << s.str() << " class " << a + 1;
    EXPECT_EQ(c.orbits[a].fillings, c.orbits[a].entries * c.band_factor);
    fillings += c.orbits[a].fillings;
  }
  EXPECT_EQ(fillings, cat.band_fillings) << s.str();
}

TEST(Orbits, NineByNineClassSizesMatchCatalogue) {
  const OrbitCensus c = census_orbits(Shape{3, 3}, 2);
  EXPECT_EQ(c.band_fillings, 2612736u);
  EXPECT_EQ(c.entry_fillings, 36288u);
  EXPECT_EQ(c.orbits.size(), 44u);
  expect_census_matches_catalogue(Shape{3, 3});
}

TEST(Orbits, SmallShapesMatchCatalogue) {
  for (const char* s : {"2x2", "2x3", "3x2", "2x4", "4x2"}) expect_census_matches_catalogue(*Shape::parse(s));
}

// Every canonical band of a small shape, by brute force: the census's F, and every band in the
// orbit whose fillings it is tallied in.
TEST(Orbits, BruteForceBandsFallInTheirOrbits) {
  for (const char* shape : {"2x2", "2x3", "3x2"}) {
    const Shape s = *Shape::parse(shape);
    const BoxPartitions parts(s);
    const OrbitCensus c = census_orbits(parts, 1);
    const auto bands = testref::all_canonical_bands(s);
    EXPECT_EQ(c.band_fillings, bands.size()) << shape;
    std::vector<std::uint64_t> per_orbit(c.orbits.size(), 0);
    for (const auto& b : bands) {
      const int o = find_orbit(c, parts, b);
      ASSERT_GE(o, 0) << shape << " " << band_string(b);
      ++per_orbit[o];
    }
    for (std::size_t o = 0; o < c.orbits.size(); ++o) EXPECT_EQ(per_orbit[o], c.orbits[o].fillings) << shape << " orbit " << o;
  }
}

// The class operations (brute.hpp) keep a 9x9 band's canonical structure.
TEST(Orbits, CanonicalFormInvariantUnderClassOperations) {
  const Shape s{3, 3};
  const BoxPartitions parts(s);
  const OrbitCensus c = census_orbits(parts, 2);
  std::mt19937 rng(4);
  for (const auto& o : c.orbits) {
    Band b = o.representative;
    const auto key = canonical_structure(s, parts, b);
    EXPECT_EQ(key, o.canonical);
    for (int step = 0; step < 40; ++step) {
      switch (rng() % 4) {
        case 0: b = testref::canonical_b1(s, testref::relabel(s, b, [&] {
                  auto p = testref::random_perm(9, rng);
                  for (auto& x : p) ++x;
                  return p;
                }()));
          break;
        case 1: b = testref::permute_columns(s, b, static_cast<int>(rng() % 3), testref::random_perm(3, rng)); break;
        case 2: b = testref::permute_boxes(s, b, testref::random_perm(3, rng)); break;
        default: {
          Band out;
          if (testref::find_cell_swap(s, b, rng, out)) b = out;
        }
      }
      ASSERT_TRUE(is_valid_band(s, b));
      EXPECT_EQ(canonical_structure(s, parts, b), key) << band_string(b);
    }
  }
  // Different orbits have different canonical forms.
  for (std::size_t i = 0; i < c.orbits.size(); ++i)
    for (std::size_t j = i + 1; j < c.orbits.size(); ++j) EXPECT_NE(c.orbits[i].canonical, c.orbits[j].canonical);
}

TEST(Orbits, RejectsUnsupportedShapes) {
  EXPECT_THROW(census_orbits(Shape{5, 2}, 1), std::invalid_argument);
}

}  // namespace
