// Multi-line grids (grid_text.hpp): the drawn grid `solve --pretty` prints is read back to the same
// model (givens, boxes, jigsaw regions, killer cages and sums, rules) with its digits as the
// expected solution; the rows layouts users have (qqwing --compact, spaced, '|' and rule lines, '_'
// blanks, bracketed givens) read as the one-line grid does; malformed grids are errors at their
// line and column, and the puzzles after them are still read.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "cli_run.hpp"  // lines_of
#include "solve_fixtures.hpp"
#include "gridenum/puzzle/grid_text.hpp"
#include "gridenum/puzzle/propagate.hpp"
#include "gridenum/puzzle/puzzle_io.hpp"
#include "gridenum/puzzle/solver.hpp"

using namespace gridenum;
using namespace gridenum::testing;

namespace {

const std::string kGridClassic = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string kGridSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

using gridenum::testing::read_all;

Puzzle read_one(const std::string& text, ReadOptions opt = {}) {
  const auto items = read_all(text, opt);
  EXPECT_EQ(items.size(), 1u) << text;
  if (items.empty()) return {};
  EXPECT_FALSE(items[0].error) << items[0].error->what() << "\n" << text;
  return items[0].puzzle ? *items[0].puzzle : Puzzle{};
}

ParseError text_error_of(const std::string& text, ReadOptions opt = {}) {
  const auto items = read_all(text, opt);
  EXPECT_FALSE(items.empty());
  if (items.empty() || !items[0].error) {
    ADD_FAILURE() << "no error for:\n" << text;
    return ParseError(0, 0, "");
  }
  return *items[0].error;
}

std::vector<std::vector<int>> cage_sets(const Model& m) {
  std::vector<std::vector<int>> v;
  for (const auto& c : m.cages) {
    auto cells = c.cells;
    std::sort(cells.begin(), cells.end());
    cells.push_back(-c.sum);  // the sum travels with its cells
    v.push_back(cells);
  }
  std::sort(v.begin(), v.end());
  return v;
}

// Jigsaw regions up to renumbering: the cell sets.
std::vector<std::vector<int>> region_sets(const Model& m) {
  std::vector<std::vector<int>> v(static_cast<std::size_t>(m.n));
  if (m.region.empty()) return {};
  for (int c = 0; c < m.cells(); ++c) v[m.region[c]].push_back(c);
  std::sort(v.begin(), v.end());
  return v;
}

void expect_same_model(const Model& a, const Model& b, const std::string& what) {
  EXPECT_EQ(a.n, b.n) << what;
  EXPECT_EQ(a.rules, b.rules) << what;
  if (!(a.rules & kRuleJigsaw)) {
    EXPECT_EQ(a.box, b.box) << what;
  }
  EXPECT_EQ(a.givens, b.givens) << what;
  EXPECT_EQ(region_sets(a), region_sets(b)) << what;
  EXPECT_EQ(cage_sets(a), cage_sets(b)) << what;
}

}  // namespace

// `solve --pretty` output read back: the same model, the drawn digits as its solution; and the
// puzzle drawn without a solution reads back to the same givens and no solution.
TEST(GridText, DrawnGridsRoundTrip) {
  struct Case {
    const char* file;
    ReadOptions opt;
  };
  ReadOptions x, shape32, windoku;
  x.rules = kRuleX;
  shape32.shape = Shape{3, 2};
  windoku.rules = kRuleWindoku;
  const std::vector<Case> cases = {
      {"generated/classic-3x3.txt", {}},       {"generated/classic-3x2.txt", shape32},
      {"generated/classic-4x4.txt", {}},       {"generated/x-3x3.txt", x},
      {"generated/windoku-3x3.txt", windoku},  {"generated/jigsaw-9.txt", {}},
      {"generated/jigsaw-16.txt", {}},         {"generated/jigsaw-x-9.txt", x},
      {"generated/killer-3x3.txt", {}},        {"generated/killer-2x3.txt", {}},
      {"generated/killer-x-3x3.txt", x},       {"generated/jigsaw-killer-6.txt", {}},
      {"generated/jigsaw-killer-9.txt", {}},
  };
  for (const auto& c : cases) {
    const auto puzzles = load_path(data_file(c.file), 1, c.opt);
    for (std::size_t i = 0; i < std::min<std::size_t>(puzzles.size(), 4); ++i) {
      const Model& m = puzzles[i].model;
      const SolveResult r = solve_propagate(m, 1);
      ASSERT_EQ(r.count, 1u) << c.file;
      const std::string drawn = format_drawn(m, r.solution);
      const Puzzle back = read_one(drawn, c.opt);
      expect_same_model(m, back.model, std::string(c.file) + "\n" + drawn);
      EXPECT_EQ(back.expected, r.solution) << c.file << "\n" << drawn;
      // The puzzle alone (blanks drawn " . "): the same givens, no solution.
      const Puzzle bare = read_one(format_drawn(m, {}), c.opt);
      expect_same_model(m, bare.model, std::string(c.file) + " (no solution)");
      EXPECT_TRUE(bare.expected.empty()) << c.file;
      // Two drawn grids in a stream, with a one-line puzzle between and a blank line.
      const auto items = read_all(drawn + "\n" + std::string(static_cast<std::size_t>(m.cells()), '.') + "\n" + drawn, c.opt);
      ASSERT_EQ(items.size(), 3u) << c.file;
      for (const auto& it : items) ASSERT_TRUE(it.puzzle) << c.file << ": " << it.error->what();
      const std::size_t h = static_cast<std::size_t>(2 * m.n + 1);
      EXPECT_EQ(items[1].line, h + 2) << c.file;
      EXPECT_EQ(items[2].line, h + 3) << c.file;
    }
  }
}

// The givens are drawn in brackets, filled digits plain; killer sums stand above each cage's
// first cell; jigsaw walls follow the regions.
TEST(GridText, DrawingShowsGivensWallsAndSums) {
  const Model m = make_model({2, 2}, 0, {1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1});
  const std::vector<int> g = {1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1};
  EXPECT_EQ(format_drawn(m, g),
            "+---+---+---+---+\n"
            "|[1]  2 | 3   4 |\n"
            "+       |       +\n"
            "| 3   4 |[1]  2 |\n"
            "+---+---+---+---+\n"
            "| 2  [1]| 4   3 |\n"
            "+       |       +\n"
            "| 4   3 | 2  [1]|\n"
            "+---+---+---+---+\n");
  // A killer: cages {1,2} = 5 (across a box border: marked ':') and {5,9} = 5 (across the
  // band border: marked "..."), the other cells alone. Cage walls on box borders are '#' / "===".
  std::vector<Cage> cages = {{5, {1, 2}}, {5, {5, 9}}};
  for (int c : {0, 3, 4, 6, 7, 8, 10, 11, 12, 13, 14, 15}) cages.push_back({g[c], {c}});
  const Model k = make_model({2, 2}, kRuleKiller, {}, {}, cages);
  const std::string d = format_drawn(k, g);
  const auto lines = lines_of(d);
  ASSERT_EQ(lines.size(), 9u) << d;
  EXPECT_EQ(lines[0], "+1--+5--+---+4--+") << d;
  EXPECT_EQ(lines[1], "| 1 | 2 : 3 | 4 |") << d;
  EXPECT_EQ(lines[4], "+2==+...+4==+3==+") << d;
  const Puzzle back = read_one(d);
  expect_same_model(k, back.model, d);
  EXPECT_EQ(back.expected, g);
}

// Rows layouts: qqwing --compact (9 lines), spaced with '|' and rule lines, a boxed frame, '_'
// and '0' blanks, bracketed givens with the solution around them: all the one-line puzzle.
TEST(GridText, RowsLayoutsReadAsTheOneLineGrid) {
  const Model want = parse_puzzle_line(kGridClassic, 1)->model;
  std::string compact, spaced, boxed, under;
  for (int r = 0; r < 9; ++r) {
    const std::string row = kGridClassic.substr(static_cast<std::size_t>(9 * r), 9);
    compact += row + "\n";
    std::string sp, ub;
    for (int c = 0; c < 9; ++c) {
      if (c > 0) sp += (c % 3 == 0) ? " | " : " ";
      sp += row[c];
      ub += row[c] == '.' ? (c % 2 ? '_' : '0') : row[c];
    }
    if (r > 0 && r % 3 == 0) spaced += "------+-------+------\n";
    spaced += sp + "\n";
    if (r % 3 == 0) boxed += "+-------+-------+-------+\n";
    boxed += "| " + sp + " |\n";
    under += ub + "\n";
  }
  boxed += "+-------+-------+-------+\n";
  for (const std::string* text : {&compact, &spaced, &boxed, &under}) {
    const Puzzle p = read_one(*text);
    EXPECT_EQ(p.model.givens, want.givens) << *text;
    EXPECT_EQ(p.model.box, want.box);
    EXPECT_EQ(p.line, 1u);
  }
  // Several in one stream, separated or not by blank lines and comments, with one-line puzzles.
  const auto items = read_all(compact + "\n# next\n" + boxed + kGridClassic + "\n" + spaced + compact);
  ASSERT_EQ(items.size(), 5u);
  const std::vector<std::size_t> lines = {1, 12, 25, 26, 37};
  for (std::size_t i = 0; i < items.size(); ++i) {
    ASSERT_TRUE(items[i].puzzle) << i << ": " << items[i].error->what();
    EXPECT_EQ(items[i].puzzle->model.givens, want.givens) << i;
    EXPECT_EQ(items[i].line, lines[i]) << i;
  }
  // Bracketed givens with every cell filled: the puzzle and its solution.
  std::string bracketed;
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) {
      const std::size_t i = static_cast<std::size_t>(9 * r + c);
      const bool given = kGridClassic[i] != '.';
      bracketed.push_back(given ? '[' : ' ');
      bracketed.push_back(kGridSolution[i]);
      bracketed.push_back(given ? ']' : ' ');
    }
    bracketed += "\n";
  }
  const Puzzle b = read_one(bracketed);
  EXPECT_EQ(b.model.givens, want.givens);
  EXPECT_EQ(format_line(b.expected, 9), kGridSolution);
  // 16x16 rows need separators: spaced rows are a grid, bare 16-symbol lines stay 4x4 puzzles.
  const std::string four = "1234341221434321";
  const auto fours = read_all(four + "\n" + four + "\n");
  ASSERT_EQ(fours.size(), 2u);
  EXPECT_EQ(fours[0].puzzle->model.n, 4);
  const auto big = load_path(data_file("generated/classic-4x4.txt"));
  std::string rows16;
  for (int r = 0; r < 16; ++r) {
    for (int c = 0; c < 16; ++c) {
      if (c) rows16.push_back(' ');
      rows16.push_back(digit_symbol(big[0].model.givens[16 * r + c]));
    }
    rows16 += "\n";
  }
  const Puzzle p16 = read_one(rows16);
  EXPECT_EQ(p16.model.givens, big[0].model.givens);
  // With --shape 4x4, bare 16-symbol lines are rows.
  ReadOptions o;
  o.shape = Shape{4, 4};
  std::string bare16;
  for (int r = 0; r < 16; ++r) bare16 += format_line(big[0].model.givens, 16).substr(static_cast<std::size_t>(16 * r), 16) + "\n";
  EXPECT_EQ(read_one(bare16, o).model.givens, big[0].model.givens);
}

// Malformed grids: the line and column of the fault; a bad grid does not swallow the puzzles
// after it.
TEST(GridText, MalformedGridsNameLineAndColumn) {
  std::string rows;
  for (int r = 0; r < 9; ++r) rows += kGridClassic.substr(static_cast<std::size_t>(9 * r), 9) + "\n";
  // A short row (line 3): at the end of the row.
  std::string shortrow = rows;
  shortrow.erase(28, 1);  // row 3 (offsets 20..28) loses its last cell
  auto e = text_error_of(shortrow);
  EXPECT_EQ(e.line, 3u);
  EXPECT_EQ(e.column, 9u);
  EXPECT_NE(e.message.find("grid row 3 has 8 cells, expected 9"), std::string::npos) << e.message;
  // A long row: at the tenth cell.
  // Row 2 ends at offset 19 (rows of 9 symbols and a newline).
  const std::string longrow = rows.substr(0, 19) + "5" + rows.substr(19);
  e = text_error_of(longrow);
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.column, 10u);
  // A bad cell.
  std::string bad = rows;
  bad[10 + 4] = '*';
  e = text_error_of(bad);
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.column, 5u);
  EXPECT_NE(e.message.find("bad character '*'"), std::string::npos) << e.message;
  // A digit beyond n: at that cell.
  bad = rows;
  bad[20 + 2] = 'C';
  e = text_error_of(bad);
  EXPECT_EQ(e.line, 3u);
  EXPECT_EQ(e.column, 3u);
  // The grid ends early (8 rows, then a one-line puzzle): the error at the line after the last
  // row, and the one-line puzzle is still read.
  const std::string eight = rows.substr(0, 80) + kGridClassic + "\n";
  const auto items = read_all(eight);
  ASSERT_EQ(items.size(), 2u);
  ASSERT_TRUE(items[0].error);
  EXPECT_EQ(items[0].error->line, 9u);
  EXPECT_NE(items[0].error->message.find("the grid ends after 8 of 9 rows"), std::string::npos);
  ASSERT_TRUE(items[1].puzzle);
  EXPECT_EQ(items[1].line, 9u);
  // Clashing givens: at the later cell's line and column.
  bad = rows;
  bad[10 + 1] = '5';  // r2c2 = 5 clashes with r1c1 (box) and r2c6 (row): placed at r2c6
  e = text_error_of(bad);
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.column, 6u);
  EXPECT_NE(e.message.find("r2c"), std::string::npos) << e.message;
  // Drawn grids: a bad wall, a bad cell, an open border.
  const Model m = parse_puzzle_line(kGridClassic, 1)->model;
  std::string d = format_drawn(m, {});
  const std::size_t w = 38;  // line 2 starts here (37 + newline)
  std::string dd = d;
  dd[w + 12] = 'x';  // the wall right of cell 3 (column 13)
  e = text_error_of(dd);
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.column, 13u);
  EXPECT_NE(e.message.find("between cells"), std::string::npos) << e.message;
  dd = d;
  dd[w + 5] = '(';
  e = text_error_of(dd);
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.column, 6u);
  dd = d;
  dd[1] = ' ';
  dd[2] = ' ';
  dd[3] = ' ';
  e = text_error_of(dd);
  EXPECT_EQ(e.line, 1u);
  EXPECT_EQ(e.column, 2u);
  EXPECT_NE(e.message.find("outer border"), std::string::npos) << e.message;
  // A drawn grid whose walls make neither boxes nor n regions.
  dd = d;
  dd[w + 12] = ' ';  // opens box 1 into box 2 in row 1 only
  e = text_error_of(dd);
  EXPECT_EQ(e.line, 1u);
  EXPECT_NE(e.message.find("the walls make"), std::string::npos) << e.message;
}

// Killer collection lines take a fifth field, the title; four-field and three-field lines are
// read as before; "||title" gives a title without a solution.
TEST(GridText, KillerLinesTakeATitle) {
  const std::string base = "4|2x2|3:0,1;7:2,3;7:4,8;4:5,9;6:6,10;3:7,11;6:12,13;4:14,15";
  const std::string sol = "1234432131422413";
  const auto three = parse_puzzle_line(base, 1);
  const auto four = parse_puzzle_line(base + "|" + sol, 1);
  const auto five = parse_puzzle_line(base + "|" + sol + "| Janko no. 2 ", 1);
  const auto no_sol = parse_puzzle_line(base + "||title", 1);
  ASSERT_TRUE(three && four && five && no_sol);
  EXPECT_TRUE(three->title.empty());
  EXPECT_EQ(format_line(four->expected, 4), sol);
  EXPECT_EQ(five->title, "Janko no. 2");
  EXPECT_EQ(format_line(five->expected, 4), sol);
  EXPECT_EQ(cage_sets(five->model), cage_sets(three->model));
  EXPECT_EQ(no_sol->title, "title");
  EXPECT_TRUE(no_sol->expected.empty());
  // Jigsaw lines too.
  const auto j = parse_puzzle_line("4|..43...1.2......|1113133322442244|2143342112344312|chaos 1", 1);
  ASSERT_TRUE(j);
  EXPECT_EQ(j->title, "chaos 1");
  // Six fields is an error naming the formats.
  try {
    parse_puzzle_line(base + "|" + sol + "|t|u", 1);
    ADD_FAILURE();
  } catch (const ParseError& e) {
    EXPECT_NE(e.message.find("got 6 fields"), std::string::npos) << e.message;
  }
}

// The seed examples' "name puzzle solution" lines are read (name skipped, solution listed).
TEST(GridText, SeedExampleLinesAreRead) {
  const auto all = load_path(data_file("seed-examples.txt"));
  ASSERT_GE(all.size(), 4u);
  for (const auto& p : all) EXPECT_EQ(p.expected.size(), 81u) << p.line;
}
