// The three-band route (count/three_band/three_band.hpp) against the signature method
// (verify/signature.hpp), which shares no code with it (its own box partitions, chains, colouring
// count and table layout): per 3x3 signature class, the completions of a band with the class's
// column sets must agree, and on 2x3 too; and one pair type at a time (the part of the sum whose
// middle and bottom bands both have their (box 1, box 2) pair of the type, what the slow tier
// compares on 4x3), the two sides naming each type by its matrix, each in its own code.
#include <gtest/gtest.h>

#include <bit>
#include <map>
#include <numeric>
#include <random>
#include <set>

#include "gridenum/count/three_band/band_signatures.hpp"
#include "gridenum/count/three_band/three_band.hpp"
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

// The two methods name the same pair types (each computes the names in its own code; the index
// of a type is each side's own, never compared).
TEST(ThreeBandVsSignature, PairTypeNamesAgree) {
  for (Shape s : {Shape{2, 3}, Shape{3, 3}}) {  // 4x3: SignatureSlow.FourByThreePairTypeNames
    const auto mine = three_band_pair_types(s), theirs = signature_pair_types(s);
    EXPECT_EQ(std::set<std::string>(mine.begin(), mine.end()), std::set<std::string>(theirs.begin(), theirs.end())) << s.str();
    EXPECT_EQ(mine.size(), theirs.size()) << s.str();
  }
}

// Every class of 2x3 and 3x3, every pair type: the three-band counter's part (a one-type
// counter, the classes in their prefix groups as a job sums them, and the full counter's part
// of each band alone) against the signature method's (its one-type table, its own groups). A
// part belongs to a configuration, not to its class (which boxes are boxes 1 and 2 decides the
// types below it), so both sides count the same configurations: the classes' prefix forms.
TEST(ThreeBandVsSignature, OneTypePerClassCompletionsAgree) {
  for (Shape s : {Shape{2, 3}, Shape{3, 3}}) {
    SCOPED_TRACE(s.str());
    const auto cat = build_signature_catalogue(s, 2);
    const ThreeBandCounter full(s, 2);
    std::vector<std::vector<DigitMask>> tops;
    std::map<SignatureKey, std::vector<std::size_t>> groups;
    for (std::size_t i = 0; i < cat.classes.size(); ++i) {
      const auto f = signature_prefix_form(s, cat.classes[i].key);
      tops.push_back(f.columns);
      groups[f.prefix].push_back(i);
    }
    for (const auto& name : three_band_pair_types(s)) {
      SCOPED_TRACE(name);
      const std::size_t t = three_band_pair_type(s, name);
      const ThreeBandCounter one(s, 2, PairTypeOnly{t});
      std::vector<u128> mine(tops.size(), 0);
      for (const auto& [prefix, members] : groups) {
        std::vector<std::vector<DigitMask>> group;
        for (auto i : members) group.push_back(tops[i]);
        const auto v = one.completions_of_type(group, t);
        for (std::size_t m = 0; m < members.size(); ++m) mine[members[m]] = v[m];
      }
      const auto theirs = completions_by_signature_columns_of_type(s, tops, name, 2);
      ASSERT_EQ(theirs.size(), tops.size());
      std::size_t nonzero = 0;
      for (std::size_t i = 0; i < tops.size(); ++i) {
        EXPECT_EQ(to_big(mine[i]), theirs[i]) << "class " << i + 1 << ": " << to_string(mine[i]);
        EXPECT_EQ(to_big(full.completions_of_type(tops[i], t)), theirs[i]) << "class " << i + 1;
        nonzero += theirs[i] > 0;
      }
      EXPECT_GT(nonzero, 0u);
    }
  }
}
