#include "gridenum/core/shape.hpp"

#include <charconv>

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
