// Reading grids (grid/grid_io.hpp) and the facts `grid info` prints (grid/grid_info.hpp):
//  - every format the puzzle reader takes gives the same grid; bad input is an InputError naming
//    the line and the column (a blank cell, a clash, a shape the tools do not take);
//  - band classes: the 9x9 catalogue has Felgenhauer and Jarvis's 44 classes; a band's class is
//    unchanged by the moves that keep a band's class (relabelling, columns inside a box, boxes,
//    rows), and the classes of a grid's bands move with its bands.
#include <gtest/gtest.h>

#include <sstream>

#include "grid_checks.hpp"
#include "gridenum/core/errors.hpp"
#include "gridenum/grid/grid_info.hpp"
#include "gridenum/grid/grid_io.hpp"

using namespace gridenum;
using namespace gridenum::testing;

namespace {

std::string io_error(const std::string& text) {
  std::istringstream in(text);
  try {
    read_grids(in, "f.txt");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(GridIo, FormatsReadTheSameGrid) {
  const Shape s{3, 3};
  const GridCells g = random_grid(s, 42);
  const std::string line = grid_string(g);
  std::string rows;
  for (int r = 0; r < 9; ++r) rows += line.substr(static_cast<std::size_t>(r * 9), 9) + "\n";
  std::istringstream in("# a comment\n" + line + "\nname " + line + "\n\n" + rows);
  const auto grids = read_grids(in, "");
  ASSERT_EQ(grids.size(), 3u);
  for (const auto& x : grids) {
    EXPECT_EQ(x.cells, g);
    EXPECT_EQ(x.shape, s);
  }
  EXPECT_EQ(grids[0].line, 2u);
  EXPECT_EQ(grids[1].line, 3u);
  EXPECT_EQ(grids[2].line, 5u);
  // 6x6 from the length (2x3), or 3x2 when asked.
  const GridCells six = random_grid(Shape{3, 2}, 7);
  ReadOptions opt;
  opt.shape = Shape{3, 2};
  EXPECT_EQ(parse_grid_text(grid_string(six), "A", opt).shape, (Shape{3, 2}));
}

TEST(GridIo, ErrorsNameLineAndColumn) {
  const std::string line = grid_string(random_grid(Shape{3, 3}, 43));
  std::string blank = line;
  blank[10] = '.';
  EXPECT_EQ(io_error(line + "\n" + blank + "\n"),
            "f.txt, line 2, column 11: cell r2c2 is blank: a grid has every cell filled");
  std::string clash = line;
  std::swap(clash[0], clash[1]);
  clash[1] = clash[0];  // a digit twice in row 1
  const std::string e = io_error("\n" + clash);
  EXPECT_EQ(e.rfind("f.txt, line 2, column ", 0), 0u) << e;
  EXPECT_NE(e.find("contradicts the same digit"), std::string::npos) << e;
  EXPECT_NE(io_error("12345\n").find("f.txt, line 1"), std::string::npos);
  // 16x16 is a puzzle the reader takes, not a grid the tools take.
  EXPECT_NE(io_error(std::string(256, '.')).find("4 to 12 digits"), std::string::npos) << io_error(std::string(256, '.'));
  EXPECT_THROW(parse_grid_text(line + "\n" + line, "A"), InputError);
}

TEST(GridInfo, NineByNineBandClasses) {
  const Shape s{3, 3};
  EXPECT_EQ(band_class_count(s), 44u);
  std::mt19937_64 rng(8);
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const GridCells x = random_grid(s, seed);
    const GridInfo info = grid_info(s, x);
    ASSERT_TRUE(info.classes_known);
    ASSERT_EQ(info.band_classes.size(), 3u);
    ASSERT_EQ(info.stack_classes.size(), 3u);
    for (int c : info.band_classes) EXPECT_TRUE(c >= 1 && c <= 44);
    // Untransposed moves carry bands to bands (classes permuted), stacks to stacks.
    GridElement g = random_element(s, rng, false);
    const GridInfo moved = grid_info(s, apply_element(s, g, x));
    auto sorted = [](std::vector<int> v) {
      std::sort(v.begin(), v.end());
      return v;
    };
    EXPECT_EQ(sorted(moved.band_classes), sorted(info.band_classes));
    EXPECT_EQ(sorted(moved.stack_classes), sorted(info.stack_classes));
    // The transpose trades them.
    const GridInfo t = grid_info(s, transpose_grid(s, x));
    EXPECT_EQ(t.band_classes, info.stack_classes);
    EXPECT_EQ(t.stack_classes, info.band_classes);
    EXPECT_EQ(t.canonical, info.canonical);
  }
}

TEST(GridInfo, OtherShapes) {
  for (const Shape s : {Shape{2, 2}, Shape{2, 3}, Shape{3, 2}, Shape{2, 4}, Shape{4, 2}}) {
    const GridInfo info = grid_info(s, random_grid(s, 3));
    EXPECT_TRUE(info.classes_known) << s.str();
    EXPECT_EQ(info.band_classes.size(), static_cast<std::size_t>(s.cols));
    EXPECT_EQ(info.stack_classes.size(), static_cast<std::size_t>(s.rows));
  }
  const GridInfo twelve = grid_info(Shape{3, 4}, random_grid(Shape{3, 4}, 3));
  EXPECT_FALSE(twelve.classes_known);
  EXPECT_GE(twelve.automorphisms, 1u);
}
