// `gridenum verify symmetry --recount` on 8x8 (2x4 boxes; label slow): every one of the 107
// non-identity classes that fix grids recounted (the automatic choice: the cell search where it
// has at most 100 candidates pi, the stack recount elsewhere), and the figure 1,673,187 (the
// published one) computed again from the recounts.
//
// 10x10 (2x5 boxes): the cheap ones among the classes that no recount outside the project reached
// (docs/symmetry.md, "10x10: the published figure"), recounted by code that shares nothing with
// the signature kernel and compared with it (label slow; the long tier recounts all 67 fixing
// classes, long_symmetry_recount.cpp):
//   class 1234, "stack 1: columns (1 2 3 4 5); stack 2: columns (1 2 3 4 5)", size 576:
//     the cell search (one candidate pi), 132,710,400 grids;
//   class 71, "bands (1 2 3 4 5)", size 384: the stack recount over every relabelling type,
//     24,883,200 grids.
// The kernel is count_fixed_grids as `gridenum symmetry` calls it, without the side-2 F table
// (these classes' bands keep a symmetry, so the table is not used for them).
#include <gtest/gtest.h>

#include <string>

#include "gridenum/symmetry/fixed_grids.hpp"
#include "gridenum/symmetry/permutation.hpp"
#include "gridenum/symmetry/symmetry_group.hpp"
#include "gridenum/verify/cell_recount.hpp"
#include "gridenum/verify/stack_recount.hpp"
#include "gridenum/verify/symmetry_recount.hpp"

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
}

TEST(SymmetryRecountSlow, EveryFixingClassOfTwoByFour) {
  SymmetryRecountOptions o;
  o.shape = {2, 4};
  o.threads = 0;
  const SymmetryRecount rc = recount_symmetry(o);
  ASSERT_EQ(rc.classes.size(), 107u);
  int by_cells = 0;
  for (const ClassRecount& c : rc.classes) {
    EXPECT_TRUE(c.agree()) << "class " << c.index << " (" << c.text << "): kernel " << to_string(c.kernel) << ", recount "
                           << to_string(c.recount);
    by_cells += c.method == RecountMethod::Cells;
  }
  EXPECT_GT(by_cells, 0);
  EXPECT_LT(by_cells, 107);
  ASSERT_TRUE(rc.essentially_different);
  EXPECT_EQ(rc.essentially_different->str(), "1673187");
}
