// 10x10 (2x5 boxes): the cheap ones among the classes that no recount outside the project reached
// (docs/symmetry.md, "10x10: the published figure"), recounted by code that shares nothing with
// the signature kernel and compared with it (label slow; the long tier recounts all 67 fixing
// classes, long_symmetry_recount.cpp):
//   class 1234, "stack 1: columns (1 2 3 4 5); stack 2: columns (1 2 3 4 5)", size 576:
//     the cell search (one candidate pi), 132,710,400 grids;
//   class 71, "bands (1 2 3 4 5)", size 384, and class 552, "bands (1 2 3); stack 1: columns
//     (1 2 3); stack 2: columns (1 2 3)", size 32,000: the stack recount over every relabelling
//     type but the identity, 24,883,200 and 2,356,936,704 grids.
// (The whole 2x4 recount, 107 fixing classes, takes minutes under load: long tier.)
// The kernel is count_fixed_grids as `gridenum symmetry` calls it, without the side-2 F table
// (these classes' bands keep a symmetry, so the table is not used for them).
#include <gtest/gtest.h>

#include <string>

#include "gridenum/symmetry/fixed_grids.hpp"
#include "gridenum/symmetry/permutation.hpp"
#include "gridenum/symmetry/symmetry_group.hpp"
#include "gridenum/verify/cell_recount.hpp"
#include "gridenum/verify/stack_recount.hpp"

using namespace gridenum;

namespace {

const SymmetryClass& class_of(const SymmetryGroup& grp, std::size_t index, const std::string& text) {
  const SymmetryClass& cls = grp.classes.at(index - 1);
  EXPECT_EQ(cls.text, text) << "class " << index;
  return cls;
}

}  // namespace

TEST(SymmetryRecountSlow, TenByTenClassesTheOutsideRecountsDidNotReach) {
  const Shape s{2, 5};
  const SymmetryGroup grp = build_symmetry_group(s, false);
  ASSERT_EQ(grp.classes.size(), 1260u);

  const SymmetryClass& c1234 = class_of(grp, 1234, "stack 1: columns (1 2 3 4 5); stack 2: columns (1 2 3 4 5)");
  EXPECT_EQ(c1234.size, 576u);
  const CellRecount cells = cell_recount(s, c1234.rep, 0);
  EXPECT_EQ(cells.relabellings, 1u);
  EXPECT_EQ(to_string(cells.grids), "132710400");
  EXPECT_EQ(to_string(count_fixed_grids(s, c1234.rep).grids), to_string(cells.grids));

  const SymmetryClass& c71 = class_of(grp, 71, "bands (1 2 3 4 5)");
  EXPECT_EQ(c71.size, 384u);
  // Every type but the identity, which this element cannot have (it moves cells inside their
  // columns).
  std::vector<CycleType> types;
  for (const CycleType& t : partitions(10))
    if (t != CycleType(10, 1)) types.push_back(t);
  const StackRecount stacks = stack_recount(s, c71.rep, types, 0);
  EXPECT_EQ(to_string(stacks.grids), "24883200");
  EXPECT_EQ(to_string(count_fixed_grids(s, c71.rep).grids), to_string(stacks.grids));

  // The identity is impossible here too: g moves cells of bands 4 and 5 inside their rows.
  const SymmetryClass& c552 = class_of(grp, 552, "bands (1 2 3); stack 1: columns (1 2 3); stack 2: columns (1 2 3)");
  EXPECT_EQ(c552.size, 32000u);
  const StackRecount again = stack_recount(s, c552.rep, types, 0);
  EXPECT_EQ(to_string(again.grids), "2356936704");
  EXPECT_EQ(to_string(count_fixed_grids(s, c552.rep).grids), to_string(again.grids));
}

