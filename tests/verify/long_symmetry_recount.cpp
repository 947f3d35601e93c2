// Label long. 10x10 (2x5 boxes): `gridenum verify symmetry --shape 2x5` as a library call -- the
// whole Burnside run, then every one of its 67 non-identity classes that fix grids recounted by
// code that shares nothing with the signature kernel the run uses (the stack recount over every
// relabelling type but the impossible identity, or the cell search where it has few candidate
// relabellings: verify/symmetry_recount.hpp), and the figure
// computed again from the recounted values with the identity's term from the count engine.
// The figure, 4,743,933,427,433,330, differs from the published term a(5) of OEIS A291188;
// docs/symmetry.md ("10x10: the published figure") has the table this run produces, its time
// and why the project's figure stands.
#include <gtest/gtest.h>

#include <set>

#include "gridenum/symmetry/fixed_grids.hpp"
#include "gridenum/symmetry/symmetry_group.hpp"
#include "gridenum/verify/cell_recount.hpp"
#include "gridenum/verify/symmetry_recount.hpp"

using namespace gridenum;

TEST(SymmetryRecountLong, EveryFixingClassOfTwoByFiveAndTheFigure) {
  SymmetryRecountOptions o;
  o.shape = {2, 5};
  o.threads = 0;
  const SymmetryRecount rc = recount_symmetry(o);
  EXPECT_EQ(rc.run.terms.size(), 1260u);
  EXPECT_EQ(rc.run.group_order, 110592000u);
  EXPECT_EQ(rc.run.grids, BigInt("1903816047972624930994913280000"));  // the count engine's total
  ASSERT_EQ(rc.classes.size(), 67u);
  std::set<std::size_t> indices;
  for (const ClassRecount& c : rc.classes) {
    indices.insert(c.index);
    EXPECT_TRUE(c.agree()) << "class " << c.index << " (" << c.text << "): kernel " << to_string(c.kernel) << ", recount "
                           << to_string(c.recount);
    EXPECT_NE(c.recount, 0u) << c.index;
    EXPECT_NE(c.method, RecountMethod::Auto) << c.index;
    if (c.index == 1234) {
      EXPECT_EQ(c.method, RecountMethod::Cells);  // one candidate pi
    }
  }
  // The three classes no recount outside the project reached, and the band-swapping ones.
  for (std::size_t k : {71u, 552u, 1234u, 708u, 743u, 918u, 1023u, 1058u, 1233u})
    EXPECT_TRUE(indices.count(k)) << "class " << k << " not among the fixing classes";
  ASSERT_TRUE(rc.essentially_different);
  EXPECT_EQ(*rc.essentially_different, BigInt("4743933427433330"));
  EXPECT_EQ(rc.run.essentially_different, BigInt("4743933427433330"));
}

// The cell search alone on every non-identity class of 8x8 (2x4), the fixing ones and the 292
// that fix none (minutes: its heaviest classes take close to a minute each under load).
TEST(SymmetryRecountLong, CellSearchOnEveryClassOfTwoByFour) {
  const Shape s{2, 4};
  const SymmetryGroup grp = build_symmetry_group(s, false);
  int compared = 0, fixing = 0;
  for (const SymmetryClass& cls : grp.classes) {
    if (cls.rep.is_identity()) continue;
    const FixedCount kernel = count_fixed_grids(s, cls.rep);
    EXPECT_EQ(to_string(cell_recount(s, cls.rep, 0).grids), to_string(kernel.grids)) << cls.text;
    ++compared;
    fixing += kernel.grids != 0;
  }
  EXPECT_EQ(compared, 399);
  EXPECT_EQ(fixing, 107);
}

// `gridenum verify symmetry --recount` on 8x8 (2x4 boxes): every one of the 107 non-identity
// classes that fix grids recounted by the automatic choice (the cell search where it has at most
// 100 candidates pi and long cell orbits, the stack recount elsewhere), and the figure 1,673,187
// (the published one) computed again from the recounts (about 3 minutes under load).
TEST(SymmetryRecountLong, EveryFixingClassOfTwoByFour) {
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
