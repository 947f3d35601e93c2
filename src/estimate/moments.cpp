// Exact text forms of Moments (moments.hpp): C99 hexadecimal floating point, which printf's %La
// writes and strtold reads back without rounding (every bit of the x87 significand is a hex digit).
#include "gridenum/estimate/moments.hpp"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace gridenum::estimate {

std::string hex_long_double(long double v) {
  char buf[64];
  const int len = std::snprintf(buf, sizeof buf, "%La", v);
  return std::string(buf, static_cast<std::size_t>(len));
}

std::optional<long double> parse_long_double(std::string_view text) {
  if (text.empty() || text.size() > 60) return std::nullopt;
  const std::string s(text);
  char* end = nullptr;
  errno = 0;
  const long double v = std::strtold(s.c_str(), &end);
  if (end != s.c_str() + s.size() || errno == ERANGE || !std::isfinite(v)) return std::nullopt;
  return v;
}

std::string to_record(const Moments& m) {
  return std::to_string(m.n) + "," + hex_long_double(m.mean) + "," + hex_long_double(m.m2) + "," + std::to_string(m.zeros);
}

std::optional<Moments> moments_from_record(std::string_view text) {
  std::vector<std::string_view> parts;
  for (std::size_t at = 0;;) {
    const std::size_t comma = text.find(',', at);
    parts.push_back(text.substr(at, comma == std::string_view::npos ? std::string_view::npos : comma - at));
    if (comma == std::string_view::npos) break;
    at = comma + 1;
  }
  if (parts.size() != 4) return std::nullopt;
  Moments m;
  const auto whole = [](std::string_view s, std::uint64_t& out) {
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return !s.empty() && ec == std::errc() && p == s.data() + s.size();
  };
  const auto mean = parse_long_double(parts[1]), m2 = parse_long_double(parts[2]);
  if (!whole(parts[0], m.n) || !whole(parts[3], m.zeros) || !mean || !m2) return std::nullopt;
  if (m.n == 0 || m.zeros > m.n || *m2 < 0) return std::nullopt;
  m.mean = *mean;
  m.m2 = *m2;
  return m;
}

}  // namespace gridenum::estimate
