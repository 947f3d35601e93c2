// Checks of the placement condition of relabelling_types (symmetry/fixed_grids.hpp), for
// tests/symmetry/test_fixed_grids.cpp (shapes up to 10 digits) and slow_burnside.cpp (12 digits,
// 3x4 and 4x3).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <vector>

#include "gridenum/symmetry/fixed_grids.hpp"
#include "gridenum/symmetry/symmetry_group.hpp"

namespace gridenum::test_support {

// Over every class of s: the placement condition keeps a subset of the types step 1's first
// condition allows; where it removes types it removes them all, and line orbits, run without it,
// finds that the class fixes no grid (and the run with it says Filter, f = 0). Returns how many
// classes it removed.
inline std::size_t classes_the_placement_condition_removes(Shape s) {
  const SymmetryGroup grp = build_symmetry_group(s, s.rows == s.cols);
  std::size_t removed = 0;
  for (std::size_t i = 1; i < grp.classes.size(); ++i) {
    const GeometricSymmetry& g = grp.classes[i].rep;
    const std::vector<CycleType> all = relabelling_types(s, g, false), kept = relabelling_types(s, g);
    for (const CycleType& t : kept) EXPECT_NE(std::find(all.begin(), all.end(), t), all.end()) << s.str() << " class " << i + 1;
    if (kept.size() == all.size()) continue;
    ++removed;
    EXPECT_TRUE(kept.empty()) << s.str() << " class " << i + 1 << ": a type removed from a class that keeps others";
    FixedOptions o;
    o.placement_filter = false;
    o.method = FixedMethod::LineOrbits;
    const FixedCount lo = count_fixed_grids(s, g, o);
    EXPECT_EQ(lo.method, FixedMethod::LineOrbits);
    EXPECT_EQ(lo.relabel_types, all);
    EXPECT_EQ(lo.grids, 0u) << s.str() << " class " << i + 1 << " " << grp.classes[i].text;
    const FixedCount filtered = count_fixed_grids(s, g);
    EXPECT_EQ(filtered.method, FixedMethod::Filter);
    EXPECT_EQ(filtered.grids, 0u);
  }
  return removed;
}

}  // namespace gridenum::test_support
