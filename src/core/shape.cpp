#include "gridenum/core/shape.hpp"

#include <charconv>
#include <cstdint>

namespace gridenum {

std::string Shape::str() const { return std::to_string(rows) + "x" + std::to_string(cols); }

std::optional<Shape> Shape::parse(std::string_view text) {
  const auto x = text.find_first_of("xX");
  if (x == std::string_view::npos) return std::nullopt;
  Shape s;
  auto num = [](std::string_view part, int& out) {
    if (part.empty()) return false;
    auto [p, ec] = std::from_chars(part.data(), part.data() + part.size(), out);
    return ec == std::errc{} && p == part.data() + part.size();
  };
  if (!num(text.substr(0, x), s.rows) || !num(text.substr(x + 1), s.cols)) return std::nullopt;
  // Each side first, so that the product cannot overflow (UBSan found "542x665445566").
  if (s.rows < 1 || s.cols < 1 || s.rows > 32 || s.cols > 32 || s.rows * s.cols > 32) return std::nullopt;
  return s;
}

}  // namespace gridenum

// ---- Words about shapes (shape.hpp) -------------------------------------------------------------

namespace gridenum {

namespace {

std::string spelt(Shape s, std::string_view option) {
  return option.empty() ? "box shape " + s.str() : std::string(option) + " " + s.str();
}

std::string grid_name(int n) { return std::to_string(n) + "x" + std::to_string(n); }

// "for 4x4 grids the box shape is 2x2 (--shape 2x2)"; "4x4 grids have no box shape" style
// texts for a grid side n.
std::string boxes_for(int n, std::string_view option) {
  const auto shapes = box_shapes_of_grid(n);
  if (shapes.empty())
    return "no box shape gives " + grid_name(n) + " grids (" + std::to_string(n) +
           (n < 4 ? " is too small for boxes of 2 x 2 cells)" : " is prime)");
  return "for " + grid_name(n) + " grids the box shape" + (shapes.size() > 1 ? "s are " : " is ") +
         box_shapes_of_grid_text(n, option);
}

}  // namespace

std::vector<Shape> box_shapes_of_grid(int n) {
  std::vector<Shape> out;
  for (int r = 2; r <= n / 2; ++r)
    if (n % r == 0 && n / r >= 2) out.push_back(Shape{r, n / r});
  return out;
}

std::string box_shapes_of_grid_text(int n, std::string_view option) {
  const auto shapes = box_shapes_of_grid(n);
  std::string t;
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    if (i > 0) t += i + 1 == shapes.size() ? " or " : ", ";
    t += shapes[i].str();
  }
  // The most square one (the middle of the list) as the example: 4x4 of 2x8, 4x4, 8x2.
  if (!option.empty() && !t.empty()) t += " (" + std::string(option) + " " + shapes[(shapes.size() - 1) / 2].str() + ")";
  return t;
}

std::string shape_meaning(Shape s, std::string_view option) {
  std::string t = "box shape " + s.str() + " gives " + grid_name(s.n()) + " grids (" + std::to_string(s.n()) + " digits)";
  // A square RxR: the user may have meant R x R grids.
  if (s.rows == s.cols && !box_shapes_of_grid(s.rows).empty()) t += "; " + boxes_for(s.rows, option);
  return t;
}

std::optional<std::string> degenerate_box(Shape s, std::string_view option) {
  if (s.rows >= 2 && s.cols >= 2) return std::nullopt;
  const int n = s.n();
  const char* line = s.rows == 1 ? "row" : "column";
  return "box shape " + s.str() + " is degenerate: a box of one " + line + " is a whole " + line +
         ", so the " + grid_name(n) + " grid would be a Latin square, not a Sudoku; boxes need at least 2 rows and 2 "
         "columns, and " + boxes_for(n, option);
}

std::string shape_parse_problem(std::string_view text, std::string_view option) {
  const std::string shown(text);
  const std::string expect = "a box shape RxC (R rows and C columns per box, R*C digits), e.g. " + spelt(Shape{3, 3}, option) +
                             " for 9x9 grids or " + spelt(Shape{2, 3}, option) + " for 6x6 grids";
  const auto x = text.find_first_of("xX");
  int r = 0, c = 0;
  auto num = [](std::string_view part, int& out) {
    if (part.empty() || part.size() > 6) return false;
    auto [p, ec] = std::from_chars(part.data(), part.data() + part.size(), out);
    return ec == std::errc{} && p == part.data() + part.size();
  };
  if (x == std::string_view::npos || !num(text.substr(0, x), r) || !num(text.substr(x + 1), c) || r < 1 || c < 1)
    return "expected " + expect + "; got '" + shown + "'";
  if (r == c && !box_shapes_of_grid(r).empty())
    return "'" + shown + "' is a grid size, not a box shape (RxC: R rows and C columns per box); " + boxes_for(r, option);
  return "box shape " + std::to_string(r) + "x" + std::to_string(c) + " would need " +
         std::to_string(std::int64_t{r} * c) + " digits, more than the 32 any command takes" +
         (r == c ? "; and " + boxes_for(r, option) : std::string());
}

}  // namespace gridenum
