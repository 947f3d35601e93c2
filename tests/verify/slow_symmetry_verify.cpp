// The 6x6 census and verify of test_symmetry_verify.cpp's paths (label slow: a census of the
// 39,168 grids under the 3,456 symmetries takes seconds, and the fast tier runs the whole verify
// on 2x3 and the census's figures on 4x4): the census gives the published 49 essentially
// different grids in both box shapes, and `verify symmetry` passes on 3x2 with a size and a
// fixed-count line for every class.
#include <gtest/gtest.h>

#include "gridenum/verify/grid_census.hpp"
#include "gridenum/verify/symmetry_verify.hpp"

using namespace gridenum;

TEST(GridCensusSlow, PublishedFiguresOfSixBySix) {
  for (Shape s : {Shape{2, 3}, Shape{3, 2}}) {
    const auto c6 = census_grids(s, false, 0);
    EXPECT_EQ(c6.grids, 39168u) << s.str();
    EXPECT_EQ(c6.group_order, 3456u) << s.str();
    EXPECT_EQ(c6.orbits, 49u) << s.str();
  }
}

TEST(VerifySymmetrySlow, PassesOnTheTransposedShape) {
  const VerifyReport r = verify_symmetry({3, 2}, false, 0);
  EXPECT_TRUE(r.pass()) << format_text(r);
  ASSERT_EQ(r.sections.size(), 3u);
  EXPECT_EQ(r.sections[1].lines.size(), r.sections[2].lines.size());
  EXPECT_GT(r.sections[1].lines.size(), 10u);
}
