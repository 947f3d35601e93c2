// The three-band route on 4x3 (count/three_band/three_band.hpp), label slow: the 4x3 prefix groups (the
// catalogue takes about 10 s): every class's prefix form is a configuration of the class, classes
// of one prefix share their first three boxes, and there are 349 groups (at most the 359
// three-box classes of the generator's level 3).
//
// The counts themselves are checked against the signature method, which shares no counting
// code: on one pair type's tables in tests/verify/slow_three_band_vs_signature_one_type_12.cpp
// (label slow), and on the whole tables in long_three_band_vs_signature_12.cpp (label long:
// classes 72,290 and 72,291, whose completions were recorded from the pre-group code, each counted
// in a group with another class of its prefix group, and three more classes). (This file used to
// build the 1.4 GB tables for the group check too.)
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>

#include "gridenum/count/three_band/band_signatures.hpp"
#include "three_band_isa_checks.hpp"

using namespace gridenum;

TEST(ThreeBandSlow12, GroupsOfFourByThree) {
  const Shape s{4, 3};
  const auto cat = build_signature_catalogue(s, 2);
  ASSERT_EQ(cat.classes.size(), 144578u);
  std::map<SignatureKey, std::vector<std::size_t>> groups;
  std::vector<SignaturePrefixForm> forms(cat.classes.size());
  for (std::size_t i = 0; i < cat.classes.size(); ++i) {
    forms[i] = signature_prefix_form(s, cat.classes[i].key);  // asserts the key in debug builds
    groups[forms[i].prefix].push_back(i);
  }
  for (std::size_t i = 0; i < cat.classes.size(); i += 97)
    EXPECT_TRUE(signature_key(s, forms[i].columns) == cat.classes[i].key) << "class " << i + 1;
  EXPECT_EQ(groups.size(), 349u);
  EXPECT_LE(groups.size(), cat.stats.level_classes[2]);
  for (const auto& [prefix, members] : groups)
    for (auto i : members)
      ASSERT_TRUE(std::equal(forms[i].columns.begin(), forms[i].columns.begin() + 9, forms[members[0]].columns.begin()));
}

// The colouring count at every instruction-set level the CPU runs against its baseline on 200
// random 4x3 configurations (about 3 s; the fast tier's ThreeBand.EveryInstructionSetLevelCountsTheSameF
// takes 30 of them).
TEST(ThreeBandSlow12, EveryInstructionSetLevelOnMoreConfigurations) {
  std::mt19937_64 rng(2027);
  test_support::expect_three_band_isa_levels_agree(Shape{4, 3}, 200, rng);
}
