// "Shape" means two things: --shape takes a box shape, users think of grid sizes. Every refusal
// of a shape, in every command, says what the shape means -- the grid it gives, and the box
// shapes of the grid size the user may have meant -- and a degenerate box (1xC, Rx1) gets its own
// reason. Each case runs the real binary and reads its message; all are usage errors (exit 2).
// The words come from one helper (core/shape.hpp, cli/options.hpp), so the same phrase is
// asserted across commands.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli_run.hpp"

using namespace gridenum::testing;

namespace {

Proc refused(const std::vector<std::string>& args) {
  Proc p = run_cli(args);
  EXPECT_EQ(p.code, 2) << p.err;
  EXPECT_TRUE(p.out.empty()) << p.out;
  return p;
}

}  // namespace

// 9x9 is a grid size: the answer names its box shape instead of "expected RxC".
TEST(ShapeMessagesCli, GridSizeNamesItsBoxShape) {
  const Proc p = refused({"count", "--shape", "9x9"});
  EXPECT_TRUE(contains(p.err, "'9x9' is a grid size, not a box shape")) << p.err;
  EXPECT_TRUE(contains(p.err, "for 9x9 grids the box shape is 3x3 (--shape 3x3)")) << p.err;
  const Proc q = refused({"estimate", "--shape", "16x16"});
  EXPECT_TRUE(contains(q.err, "for 16x16 grids the box shapes are 2x8, 4x4 or 8x2 (--shape 4x4)")) << q.err;
  const Proc r = refused({"solve", "--shape", "6x6"});
  EXPECT_TRUE(contains(r.err, "for 6x6 grids the box shapes are 2x3 or 3x2 (--shape 2x3)")) << r.err;
  // Not RxC at all: what a box shape is, with examples.
  const Proc s = refused({"symmetry", "--shape", "nine"});
  EXPECT_TRUE(contains(s.err, "expected a box shape RxC (R rows and C columns per box")) << s.err;
  EXPECT_TRUE(contains(s.err, "got 'nine'")) << s.err;
  // A square beyond 32 digits whose side has no boxes.
  const Proc t = refused({"count", "--shape", "7x7"});
  EXPECT_TRUE(contains(t.err, "would need 49 digits")) << t.err;
  EXPECT_TRUE(contains(t.err, "no box shape gives 7x7 grids (7 is prime)")) << t.err;
}

// 4x4 is a box shape (16x16 grids): count refuses it for the real reason and points at 2x2 for
// the 4x4 grid; the 10-digit method text no longer stands alone.
TEST(ShapeMessagesCli, CountFourByFourSaysSixteenAndTwoByTwo) {
  const Proc p = refused({"count", "--shape", "4x4"});
  EXPECT_TRUE(contains(p.err, "box shape 4x4 is beyond what count does: it counts grids of up to 10 digits")) << p.err;
  EXPECT_TRUE(contains(p.err, "box shape 4x4 gives 16x16 grids (16 digits)")) << p.err;
  EXPECT_TRUE(contains(p.err, "for 4x4 grids the box shape is 2x2 (--shape 2x2)")) << p.err;
  // Said once, not once per layer.
  EXPECT_EQ(p.err.find("gives 16x16"), p.err.rfind("gives 16x16")) << p.err;
  // The other commands that refuse it say the same.
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"estimate", "--shape", "4x4"}, {"symmetry", "--shape", "4x4"}, {"verify", "classes", "--shape", "4x4"},
           {"verify", "completions", "--shape", "4x4"}, {"count", "--shape", "4x4", "--method", "signature"}}) {
    const Proc q = refused(args);
    EXPECT_TRUE(contains(q.err, "box shape 4x4 gives 16x16 grids (16 digits); for 4x4 grids the box shape is 2x2")) << args[0]
                                                                                                                    << q.err;
  }
  // A named method keeps its own reason, with the meaning.
  const Proc m = refused({"count", "--shape", "3x3", "--method", "two-stack"});
  EXPECT_TRUE(contains(m.err, "method two-stack: the two-stack and two-band routes count boxes with a side of 2")) << m.err;
  EXPECT_TRUE(contains(m.err, "box shape 3x3 gives 9x9 grids (9 digits)")) << m.err;
}

// enumerate --shape 4x4 must not suggest a count that is then refused; 3x3 still gets the
// count suggestion (count does take it).
TEST(ShapeMessagesCli, EnumerateSuggestsOnlyWhatCountTakes) {
  const Proc p = refused({"enumerate", "--shape", "4x4"});
  EXPECT_FALSE(contains(p.err, "count --shape 4x4")) << p.err;
  EXPECT_TRUE(contains(p.err, "16x16 grids are far too many to enumerate one by one")) << p.err;
  EXPECT_TRUE(contains(p.err, "beyond what `gridenum count` counts")) << p.err;
  EXPECT_TRUE(contains(p.err, "for 4x4 grids the box shape is 2x2 (--shape 2x2)")) << p.err;
  const Proc q = refused({"enumerate", "--shape", "3x3"});
  EXPECT_TRUE(contains(q.err, "`gridenum count --shape 3x3` counts them")) << q.err;
  // The suggestion is honest: count does take it (the signature method, a fraction of a second).
  const Proc c = run_cli({"count", "--shape", "3x3", "--method", "signature"});
  EXPECT_EQ(c.code, 0) << c.err;
  // And the grid the user meant works.
  const Proc e = run_cli({"enumerate", "--shape", "2x2", "--count"});
  EXPECT_EQ(e.code, 0) << e.err;
  EXPECT_TRUE(contains(e.out, "288")) << e.out;
}

// 1x3 (and 3x1, 1x4) are degenerate boxes: their own reason in every command, never the
// 10-digit one.
TEST(ShapeMessagesCli, DegenerateBoxHasItsOwnReason) {
  const std::vector<std::vector<std::string>> commands = {
      {"count"}, {"estimate"}, {"symmetry"}, {"enumerate"}, {"verify", "classes"}, {"verify", "completions"},
      {"solve"}, {"generate"}};
  for (auto args : commands) {
    args.insert(args.end(), {"--shape", "1x3"});
    const Proc p = run_cli(args);
    EXPECT_EQ(p.code, 2) << args[0] << p.err;
    EXPECT_TRUE(contains(p.err, "box shape 1x3 is degenerate: a box of one row is a whole row, so the 3x3 grid would be "
                                "a Latin square, not a Sudoku"))
        << args[0] << p.err;
    EXPECT_FALSE(contains(p.err, "10 digits")) << args[0] << p.err;
  }
  const Proc c = refused({"count", "--shape", "4x1"});
  EXPECT_TRUE(contains(c.err, "box shape 4x1 is degenerate: a box of one column is a whole column")) << c.err;
  EXPECT_TRUE(contains(c.err, "for 4x4 grids the box shape is 2x2 (--shape 2x2)")) << c.err;
}

// generate takes --shape as count does -- a box shape, the same words for anything else ('9' was
// taken as a size) -- and a jigsaw, which has regions instead of boxes, its side as --size N.
TEST(ShapeMessagesCli, GenerateTakesBoxShapesAsCountDoes) {
  for (const std::string shape : {"9", "9x9", "7", "4x1", "1x3", "nine"}) {
    const Proc g = refused({"generate", "--seed", "1", "--shape", shape});
    const Proc c = refused({"count", "--shape", shape});
    EXPECT_EQ(g.err, c.err) << shape;
  }
  const Proc jigsaw = run_cli({"generate", "--seed", "1", "--rules", "jigsaw", "--size", "6", "--puzzles", "1"});
  ASSERT_EQ(jigsaw.code, 0) << jigsaw.err;
  EXPECT_TRUE(contains(lines_of(jigsaw.out).at(0), "--rules jigsaw --size 6 ")) << jigsaw.out;
  EXPECT_EQ(lines_of(jigsaw.out).at(1).substr(0, 2), "6|") << jigsaw.out;
  const Proc boxed = refused({"generate", "--rules", "jigsaw", "--shape", "3x3"});
  EXPECT_TRUE(contains(boxed.err, "--shape: a jigsaw has regions, not boxes: give its grid's side with --size N, 4..25 (for "
                                  "the 9x9 grid of --shape 3x3: --size 9), not --shape"))
      << boxed.err;
  const Proc sized = refused({"generate", "--size", "9"});
  EXPECT_TRUE(contains(sized.err, "--size: is the side of a jigsaw's grid (--rules jigsaw); a grid with boxes takes --shape RxC"))
      << sized.err;
}

// estimate's independence method (the default) refuses 10 digits and more saying what it does and
// does not do -- not the stack method's limits, which read as if estimate were unfinished -- what
// the sampling methods do instead, and what the shape means.
TEST(ShapeMessagesCli, EstimateSaysWhatItDoes) {
  for (const std::string shape : {"2x5", "2x6", "4x3"}) {
    const Proc p = refused({"estimate", "--shape", shape});
    EXPECT_TRUE(contains(p.err, "--shape: estimate --method independence takes box shapes 2x2, 2x3, 3x2, 2x4, 4x2 and 3x3 "
                                "(R*C <= 9): it reads the valid band and stack fillings, G_band and G_stack, from the stack "
                                "method's catalogue"))
        << p.err;
    EXPECT_TRUE(contains(p.err, "It gives no independence estimate from 10 digits on")) << p.err;
    EXPECT_TRUE(contains(p.err, "--method sis (or knuth) estimates any box shape by sampling (gridenum estimate --shape " +
                                    shape + " --method sis)"))
        << p.err;
    EXPECT_TRUE(contains(p.err, "gridenum count counts those grids")) << p.err;
    EXPECT_TRUE(contains(p.err, "; box shape " + shape + " gives")) << p.err;
    EXPECT_FALSE(contains(p.err, "the stack method supports")) << p.err;
    EXPECT_FALSE(contains(p.err, " yet")) << p.err;
  }
}
