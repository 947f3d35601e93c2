// The signature method against the stack method class by class on every small shape, and their
// published totals (label slow, about 3 s: 2x4 and 4x2 are most of it). The fast label's
// test_signature.cpp keeps the same comparison on 9x9 and the small totals by brute force.
// The 4x3 pair types by name (listing them takes the signature side a second or two), against
// the three-band counter's; the fast label names those of 2x3, 3x3 and 5x2 on both sides.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "gridenum/count/three_band/three_band.hpp"
#include "gridenum/verify/signature.hpp"
#include "signature_method_checks.hpp"

using namespace gridenum;
using gridenum::testing::expect_methods_agree;

TEST(SignatureSlow, SmallShapesAgreeWithStackMethodAndPublishedCounts) {
  const std::map<std::string, std::string> published = {{"2x2", "288"},
                                                       {"2x3", "28200960"},
                                                       {"3x2", "28200960"},
                                                       {"2x4", "29136487207403520"},
                                                       {"4x2", "29136487207403520"}};
  for (const auto& [shape, total] : published) {
    const Shape s = *Shape::parse(shape);
    EXPECT_EQ(count_signature(s, 2).total.str(), total) << shape;
    expect_methods_agree(s);
  }
}

TEST(SignatureSlow, FourByThreePairTypeNames) {
  using Names = std::set<std::string>;
  const Names expected = {"4,0,0/0,4,0/0,0,4", "4,0,0/0,3,1/0,1,3", "4,0,0/0,2,2/0,2,2",
                          "3,1,0/1,2,1/0,1,3", "3,1,0/1,1,2/0,2,2", "3,1,0/1,0,3/0,3,1",
                          "2,2,0/2,0,2/0,2,2", "2,2,0/1,1,2/1,1,2", "2,1,1/1,2,1/1,1,2"};
  const auto theirs = signature_pair_types(Shape{4, 3}), mine = three_band_pair_types(Shape{4, 3});
  EXPECT_EQ(theirs.size(), expected.size());
  EXPECT_EQ(Names(theirs.begin(), theirs.end()), expected);
  EXPECT_EQ(mine.size(), theirs.size());
  EXPECT_EQ(Names(mine.begin(), mine.end()), Names(theirs.begin(), theirs.end()));
}
