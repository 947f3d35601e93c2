// The cell-search kernel (src/symmetry/fixed_cell_search.cpp), the recount that shares no code
// with the others: it meets every fixed grid once, with pi built on the fly.
//  - it agrees with line orbits on every class of 2x2, 2x3 and 3x2, and gives 0 by search on the
//    classes step 1 of fixed_grids.cpp rules out (it does not use that filter);
//  - on 3x3 it agrees with line orbits on every class line orbits finds 2e6 grids or fewer for
//    (the whole 9x9 and 8x8 figures by cell search are in long_fixed_cell_search.cpp);
//  - on 12 digits, 3x4 classes 407, 602 and 797, which the band kernels take minutes on;
//  - it hears a stop request.
#include <gtest/gtest.h>

#include <string>

#include "gridenum/core/stop.hpp"
#include "gridenum/symmetry/fixed_grids.hpp"

using namespace gridenum;

namespace {

FixedCount fixed_by(Shape s, const GeometricSymmetry& g, FixedMethod m) {
  FixedOptions o;
  o.method = m;
  return count_fixed_grids(s, g, o);
}

}  // namespace

TEST(FixedCellSearch, AgreesWithLineOrbitsOnEveryClassOfTheSmallShapes) {
  for (Shape s : {Shape{2, 2}, Shape{2, 3}, Shape{3, 2}}) {
    const SymmetryGroup grp = build_symmetry_group(s, s.rows == s.cols);
    std::size_t filtered = 0, fixing = 0;
    for (std::size_t i = 1; i < grp.classes.size(); ++i) {
      const GeometricSymmetry& g = grp.classes[i].rep;
      const FixedCount lo = fixed_by(s, g, FixedMethod::LineOrbits);
      const FixedCount cs = fixed_by(s, g, FixedMethod::CellSearch);
      EXPECT_EQ(cs.method, FixedMethod::CellSearch) << s.str() << " class " << i + 1;
      EXPECT_EQ(to_string(cs.grids), to_string(lo.grids)) << s.str() << " class " << i + 1 << " " << grp.classes[i].text;
      filtered += lo.method == FixedMethod::Filter;
      fixing += lo.grids > 0;
    }
    EXPECT_GT(filtered, 0u) << s.str();  // the search confirmed step 1's zeros
    EXPECT_GT(fixing, 0u) << s.str();
  }
}

TEST(FixedCellSearch, AgreesWithLineOrbitsOnTheLighterNineByNineClasses) {
  const Shape s{3, 3};
  const SymmetryGroup grp = build_symmetry_group(s, true);
  ASSERT_EQ(grp.classes.size(), 275u);
  // The classes line orbits finds 1 to 2e6 grids for (16 of the 26 that fix some; the others
  // reach 4.5e8) and, among those that fix none, the transposed ones.
  std::size_t compared = 0, transposed = 0;
  for (const int k : {2, 4, 14, 16, 19, 23, 26, 28, 32, 34, 45, 57, 80, 256, 264, 266}) {
    const GeometricSymmetry& g = grp.classes[static_cast<std::size_t>(k - 1)].rep;
    const FixedCount lo = fixed_by(s, g, FixedMethod::LineOrbits);
    ASSERT_GT(lo.grids, 0u) << "class " << k;
    ASSERT_LE(lo.grids, 2000000u) << "class " << k;
    EXPECT_EQ(to_string(fixed_by(s, g, FixedMethod::CellSearch).grids), to_string(lo.grids)) << "class " << k;
    ++compared;
  }
  for (std::size_t i = 1; i < grp.classes.size(); ++i) {
    const GeometricSymmetry& g = grp.classes[i].rep;
    if (!g.transpose || !relabelling_types(s, g).empty()) continue;
    EXPECT_EQ(to_string(fixed_by(s, g, FixedMethod::CellSearch).grids), "0") << "class " << i + 1;
    ++transposed;
  }
  EXPECT_EQ(compared, 16u);
  EXPECT_GT(transposed, 10u);
}

// 3x4 classes the band kernels took over ten minutes on (the 3x4 job counted them by line orbits,
// docs/symmetry.md), each in well under a second here: the same f as line orbits.
TEST(FixedCellSearch, ThreeByFourClassesAgreeWithLineOrbits) {
  const Shape s{3, 4};
  const SymmetryGroup grp = build_symmetry_group(s, false);
  ASSERT_EQ(grp.classes.size(), 3315u);
  for (const int k : {407, 602, 797}) {
    const GeometricSymmetry& g = grp.classes[static_cast<std::size_t>(k - 1)].rep;
    const FixedCount lo = fixed_by(s, g, FixedMethod::LineOrbits);
    const FixedCount cs = fixed_by(s, g, FixedMethod::CellSearch);
    EXPECT_GT(lo.grids, 10000u) << "class " << k;
    EXPECT_EQ(to_string(cs.grids), to_string(lo.grids)) << "class " << k;
    EXPECT_GT(cs.searched, static_cast<std::uint64_t>(lo.grids)) << "class " << k;  // one node at least per grid
  }
}

// A stop already requested ends the search at its first poll (every 65,536 nodes) instead of a
// count: 3x4 class 468 has 20,279,808 fixed grids, many seconds of search.
TEST(FixedCellSearch, HearsAStop) {
  const Shape s{3, 4};
  const SymmetryGroup grp = build_symmetry_group(s, false);
  request_stop();
  EXPECT_THROW(fixed_by(s, grp.classes[467].rep, FixedMethod::CellSearch), Interrupted);
  clear_stop_request();
}
