// The three-band route on 4x3 (count/three_band.hpp), label slow: the tables take about 5
// minutes on 2 threads and 1.4 GB, and each check below a minute or two.
//  - the 4x3 prefix groups: every class's prefix form is a configuration of the class, classes
//    of one prefix share their first three boxes, and there are 349 groups (at most the 359
//    three-box classes of the generator's level 3);
//  - a chunk of classes counted together (the 4-box path of the group sum, which 2x3 and 3x3 do
//    not reach) against the same classes' completions recorded from the code before groups
//    existed (one class at a time, no shared row pairs, no prefetch): classes 72,290 and
//    72,291, counted by `gridenum count --shape 4x3 --classes 72290:72291` at commit 21f5608;
//  - one of them again alone, through the catalogue's own representative (other chains, other
//    relabellings).
#include <gtest/gtest.h>

#include <map>

#include "gridenum/count/band_signatures.hpp"
#include "gridenum/count/three_band.hpp"

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
  EXPECT_EQ(groups.size(), 349u);
  EXPECT_LE(groups.size(), cat.stats.level_classes[2]);
  for (const auto& [prefix, members] : groups)
    for (auto i : members)
      ASSERT_TRUE(std::equal(forms[i].columns.begin(), forms[i].columns.begin() + 9, forms[members[0]].columns.begin()));

  const ThreeBandCounter tb(s, 2);
  const std::map<std::size_t, u128> recorded{{72290 - 1, *parse_u128("35810243852760488706048")},
                                             {72291 - 1, *parse_u128("35517005268190529716224")}};
  for (const auto& [cls, expected] : recorded) {
    // The class and three others of its prefix group, counted together.
    const auto& members = groups.at(forms[cls].prefix);
    std::vector<std::vector<DigitMask>> tops{forms[cls].columns};
    for (std::size_t m = 0; m < members.size() && tops.size() < 4; ++m)
      if (members[m] != cls) tops.push_back(forms[members[m]].columns);
    const auto together = tb.completions(tops);
    EXPECT_TRUE(together[0] == expected) << "class " << cls + 1 << ": " << to_string(together[0]);
    if (cls == 72290 - 1) {
      EXPECT_TRUE(tb.completions(signature_columns(s, cat.classes[cls].key)) == expected);
    }
  }
}
