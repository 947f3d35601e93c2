// The cell recount (verify/cell_recount.hpp) and `gridenum verify symmetry --recount`
// (verify/symmetry_recount.hpp) against the counting kernels of symmetry/fixed_grids.hpp:
//  - the cell recount equals the kernels' f on EVERY non-identity class of 2x2 (with and without
//    transposition: the transposed classes are the cell search's alone), 2x3 and 3x2 --
//    including the classes the kernels' necessary conditions reject, since the cell recount
//    assumes nothing about pi's cycle type (2x4, minutes of cell search: slow_symmetry_recount.cpp
//    by the automatic choice, long_symmetry_recount.cpp by cells alone);
//  - the whole recount report passes on those shapes by both methods, recomputes the
//    essentially-different figure (2, 3, 49, 49: the published ones, docs/symmetry.md) and names
//    its classes; --classes leaves the figure out;
//  - a recount that differs from the kernel is a FAIL naming the class (a report doctored after
//    the fact: the comparison, not the counting);
//  - refusals: the identity, an index out of range, stacks on a transposed element.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "gridenum/symmetry/fixed_grids.hpp"
#include "gridenum/symmetry/permutation.hpp"
#include "gridenum/symmetry/symmetry_group.hpp"
#include "gridenum/verify/cell_recount.hpp"
#include "gridenum/verify/symmetry_recount.hpp"

using namespace gridenum;

namespace {

// Every non-identity class of s: the cell recount against the kernels. Returns the classes
// compared and, through `fixing`, how many fix a grid.
int expect_cells_agree(Shape s, bool transposition, int* fixing) {
  const SymmetryGroup grp = build_symmetry_group(s, transposition);
  int compared = 0;
  for (const SymmetryClass& cls : grp.classes) {
    if (cls.rep.is_identity()) continue;
    const FixedCount kernel = count_fixed_grids(s, cls.rep);
    const CellRecount again = cell_recount(s, cls.rep, 2);
    EXPECT_EQ(to_string(again.grids), to_string(kernel.grids)) << s.str() << ": " << cls.text;
    ++compared;
    if (kernel.grids != 0) ++*fixing;
  }
  return compared;
}

}  // namespace

TEST(CellRecount, AgreesWithTheKernelsOnEveryClassOfTheSmallShapes) {
  struct Case {
    Shape s;
    bool transposition;
    int classes, fixing;  // non-identity classes, and those fixing grids (docs/symmetry.md)
  };
  for (const Case& c : {Case{{2, 2}, true, 19, 12}, Case{{2, 2}, false, 24, 16}, Case{{2, 3}, false, 89, 31},
                        Case{{3, 2}, false, 89, 31}}) {
    int fixing = 0;
    EXPECT_EQ(expect_cells_agree(c.s, c.transposition, &fixing), c.classes) << c.s.str();
    EXPECT_EQ(fixing, c.fixing) << c.s.str();
  }
}

TEST(CellRecount, Refusals) {
  const Shape s{2, 3};
  const SymmetryGroup grp = build_symmetry_group(s, false);
  EXPECT_THROW(cell_recount(s, grp.classes[0].rep), std::invalid_argument);  // the identity
  GeometricSymmetry not_a_move;
  not_a_move.rows = {1, 2, 0, 3, 4, 5};  // rows of two bands mixed: not a symmetry
  not_a_move.cols = {0, 1, 2, 3, 4, 5};
  ASSERT_FALSE(in_group(s, not_a_move));
  EXPECT_THROW(cell_recount(s, not_a_move), std::invalid_argument);
  EXPECT_THROW(cell_recount(Shape{3, 4}, build_symmetry_group(Shape{3, 4}, false).classes[1].rep), std::invalid_argument);
}

TEST(SymmetryRecount, ReportPassesAndRecomputesTheFigure) {
  struct Case {
    Shape s;
    bool transposition;
    RecountMethod method;
    const char* figure;
  };
  for (const Case& c : {Case{{2, 2}, true, RecountMethod::Auto, "2"}, Case{{2, 2}, false, RecountMethod::Stacks, "3"},
                        Case{{2, 3}, false, RecountMethod::Stacks, "49"}, Case{{3, 2}, false, RecountMethod::Cells, "49"},
                        Case{{3, 2}, false, RecountMethod::Auto, "49"}}) {
    SymmetryRecountOptions o;
    o.shape = c.s;
    o.transposition = c.transposition;
    o.method = c.method;
    o.threads = 2;
    const SymmetryRecount rc = recount_symmetry(o);
    ASSERT_TRUE(rc.essentially_different) << c.s.str();
    EXPECT_EQ(rc.essentially_different->str(), c.figure) << c.s.str();
    EXPECT_EQ(rc.classes.size() + 1, rc.run.fixing_classes) << c.s.str();
    for (const ClassRecount& k : rc.classes) {
      EXPECT_TRUE(k.agree()) << c.s.str() << " class " << k.index << ": " << k.text;
      EXPECT_NE(k.recount, 0u) << k.text;
      EXPECT_NE(k.method, RecountMethod::Auto);
      if (c.method != RecountMethod::Auto) EXPECT_EQ(k.method, c.method);
      // Auto: the cell search for transposed elements and where it has few candidates pi and
      // long cell orbits.
      else {
        const GeometricSymmetry& g = rc.run.terms[k.index - 1].cls.rep;
        const bool cheap = cell_recount_candidates(c.s, g) <= 100 &&
                           3 * cycles(cell_permutation(c.s, g)).size() <= static_cast<std::size_t>(c.s.n() * c.s.n());
        const bool stacks = !g.transpose && !cheap;
        EXPECT_EQ(k.method, stacks ? RecountMethod::Stacks : RecountMethod::Cells) << k.text;
      }
    }
  }
  SymmetryRecountOptions o;
  o.shape = {2, 3};
  o.classes = {2, 5, 2};
  o.threads = 2;
  const VerifyReport r = verify_symmetry_recount(o);
  EXPECT_TRUE(r.pass()) << format_text(r, true);
  ASSERT_EQ(r.sections.size(), 1u);  // no figure: not every fixing class was recounted
  ASSERT_EQ(r.sections[0].lines.size(), 2u);
  EXPECT_EQ(r.sections[0].lines[0].item, "class 2");
  EXPECT_EQ(r.sections[0].lines[1].item, "class 5");
  EXPECT_NE(r.sections[0].lines[1].note.find("recount stacks"), std::string::npos) << r.sections[0].lines[1].note;
}

TEST(SymmetryRecount, WholeReportOnTwoByThree) {
  SymmetryRecountOptions o;
  o.shape = {2, 3};
  o.method = RecountMethod::Cells;
  o.threads = 2;
  const VerifyReport r = verify_symmetry_recount(o);
  EXPECT_TRUE(r.pass()) << format_text(r, true);
  ASSERT_EQ(r.sections.size(), 2u);
  EXPECT_EQ(r.sections[0].lines.size(), 31u);
  ASSERT_EQ(r.sections[1].lines.size(), 1u);
  EXPECT_EQ(r.sections[1].lines[0].left, "49");
  EXPECT_EQ(r.sections[1].lines[0].right, "49");
  // The comparison itself: a report whose figures disagree fails and names the class.
  VerifyReport doctored;
  VerifySection sec{"fixed", "kernel", "recount", {}};
  EXPECT_FALSE(compare_figures(doctored, sec, "class 7", "10", "11"));
  EXPECT_FALSE(doctored.pass());
  EXPECT_NE(doctored.problems.at(0).find("class 7"), std::string::npos);
}

TEST(SymmetryRecount, Refusals) {
  SymmetryRecountOptions o;
  o.shape = {2, 3};
  o.classes = {1};  // the identity
  EXPECT_THROW(recount_symmetry(o), VerifyInputError);
  o.classes = {91};  // 90 classes
  EXPECT_THROW(recount_symmetry(o), VerifyInputError);
  o.classes = {};
  o.transposition = true;
  EXPECT_THROW(recount_symmetry(o), VerifyInputError);
  o.shape = {2, 2};
  o.method = RecountMethod::Stacks;  // the transposed classes are not the stack recount's
  EXPECT_THROW(recount_symmetry(o), VerifyInputError);
}
