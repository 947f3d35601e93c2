// The signature method against the stack method class by class on every small shape, and their
// published totals (label slow, about 3 s: 2x4 and 4x2 are most of it). The fast label's
// test_signature.cpp keeps the same comparison on 9x9 and the small totals by brute force.
#include <gtest/gtest.h>

#include <map>
#include <string>

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
