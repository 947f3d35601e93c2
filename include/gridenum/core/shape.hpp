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

}  // namespace gridenum
