#include "gridenum/core/arith.hpp"

#include <algorithm>
#include <stdexcept>

namespace gridenum {

BigInt factorial(int n) {
  if (n < 0) throw std::invalid_argument("factorial of a negative number");
  BigInt f = 1;
  for (int i = 2; i <= n; ++i) f *= i;
  return f;
}

std::uint64_t factorial_u64(int n) {
  if (n < 0) throw std::invalid_argument("factorial of a negative number");
  std::uint64_t f = 1;
  for (int i = 2; i <= n; ++i)
    if (__builtin_mul_overflow(f, static_cast<std::uint64_t>(i), &f)) throw OverflowError("factorial beyond 64 bits");
  return f;
}

std::string to_string(u128 v) {
  if (v == 0) return "0";
  std::string s;
  while (v) {
    s.push_back(static_cast<char>('0' + static_cast<int>(v % 10)));
    v /= 10;
  }
  std::reverse(s.begin(), s.end());
  return s;
}

std::optional<u128> parse_u128(std::string_view s) {
  if (s.empty()) return std::nullopt;
  u128 v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    if (__builtin_mul_overflow(v, u128{10}, &v) || __builtin_add_overflow(v, u128(c - '0'), &v))
      return std::nullopt;
  }
  return v;
}

BigInt to_big(u128 v) {
  BigInt r = static_cast<std::uint64_t>(v >> 64);
  r <<= 64;
  r += static_cast<std::uint64_t>(v);
  return r;
}

std::string group_digits(const std::string& d) {
  std::string out;
  const int n = static_cast<int>(d.size());
  for (int i = 0; i < n; ++i) {
    if (i > 0 && (n - i) % 3 == 0) out.push_back(',');
    out.push_back(d[i]);
  }
  return out;
}

std::string group_digits(std::uint64_t n) { return group_digits(std::to_string(n)); }

std::string count_of(std::uint64_t n, std::string_view one, std::string_view many) {
  return group_digits(n) + " " + std::string(n == 1 ? one : many);
}

}  // namespace gridenum
