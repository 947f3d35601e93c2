// Box shape of a Sudoku grid: boxes of R rows and C columns, N = R*C digits, an N x N grid.
//
// A band is R consecutive rows (R boxes side by side, C bands in all); a stack is C
// consecutive columns (C boxes one above the other, R stacks in all). Digit sets are held as
// bitmasks (bit d-1 for digit d), so N <= 32; the counting engine needs much less.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gridenum {

using DigitMask = std::uint32_t;

struct Shape {
  int rows = 3;  // R: rows of a box
  int cols = 3;  // C: columns of a box

  constexpr int n() const { return rows * cols; }
  constexpr int cells() const { return n() * n(); }
  constexpr DigitMask all_digits() const { return n() >= 32 ? ~DigitMask{0} : (DigitMask{1} << n()) - 1; }
  // Box index (reading order) of a cell.
  constexpr int box_of(int row, int col) const { return (row / rows) * rows + col / cols; }

  // "RxC", e.g. "3x3", "2x3".
  std::string str() const;
  // Parses "RxC" (1 <= R, C and R*C <= 32); nullopt on anything else.
  static std::optional<Shape> parse(std::string_view text);

  friend constexpr bool operator==(const Shape&, const Shape&) = default;
};

// ---- Words about shapes ----------------------------------------------------------------------
// "Shape" reads two ways: --shape takes a box shape (3x3 boxes make 9x9 grids), while users say
// "a 4x4 Sudoku" for the grid. `count --shape 9x9` answered "expected RxC", `count --shape 4x4`
// (16x16 grids) gave a reason about 10 digits to a user who meant the 4x4 grid, and 1x3 got
// the 10-digit reason too. Every message that refuses a shape says what the shape means with
// these helpers, so the words are the same everywhere. `option` ("--shape") is how a suggested
// shape is written ("--shape 2x2"); empty: "box shape 2x2".

// The box shapes R x C (R, C >= 2, R*C = n) of n x n grids, R increasing: 9 -> {3x3};
// 16 -> {2x8, 4x4, 8x2}; none for a prime n.
std::vector<Shape> box_shapes_of_grid(int n);

// "3x3", "2x3 or 3x2", "2x8, 4x4 or 8x2" (each written with `option` in front when given);
// empty for none.
std::string box_shapes_of_grid_text(int n, std::string_view option = {});

// What a box shape gives and, for a square RxR whose side is itself a grid size with boxes,
// what the user may have meant: "box shape 4x4 gives 16x16 grids (16 digits); for 4x4 grids
// the box shape is 2x2 (--shape 2x2)".
std::string shape_meaning(Shape s, std::string_view option = {});

// A box with one row or one column is a whole row or column: the boxes add nothing and the grid
// is a Latin square, not a Sudoku. The reason, naming the box shapes of that grid size, or
// nullopt for boxes of at least 2 x 2 cells.
std::optional<std::string> degenerate_box(Shape s, std::string_view option = {});

// Why Shape::parse refused `text`: a grid size written where a box shape goes (9x9: "the box
// shape of 9x9 grids is 3x3"), more than 32 digits, or not RxC at all.
std::string shape_parse_problem(std::string_view text, std::string_view option = {});

}  // namespace gridenum
