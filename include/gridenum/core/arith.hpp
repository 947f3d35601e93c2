// Exact arithmetic for counts. Work-unit counts and class sums are unsigned 128-bit with
// checked operations (an overflow throws; it is never silent); totals that may exceed 128
// bits (2^128 is about 3.4e38; 9x9's 6.7e21 fits, 12x12's 8.1e46 would not) are
// Boost.Multiprecision cpp_int.
#pragma once

#include <boost/multiprecision/cpp_int.hpp>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace gridenum {

using u128 = unsigned __int128;
using BigInt = boost::multiprecision::cpp_int;

struct OverflowError : std::overflow_error {
  using std::overflow_error::overflow_error;
};

inline u128 checked_add(u128 a, u128 b) {
  u128 r;
  if (__builtin_add_overflow(a, b, &r)) throw OverflowError("128-bit addition overflow");
  return r;
}
inline u128 checked_mul(u128 a, u128 b) {
  u128 r;
  if (__builtin_mul_overflow(a, b, &r)) throw OverflowError("128-bit multiplication overflow");
  return r;
}

// n! exactly (n >= 0), and as a checked 64-bit value (throws OverflowError beyond 20!).
BigInt factorial(int n);
std::uint64_t factorial_u64(int n);

std::string to_string(u128 v);
// Decimal digits only; nullopt on empty input, other characters or overflow.
std::optional<u128> parse_u128(std::string_view s);
BigInt to_big(u128 v);
// Decimal with thousands separators: 6,670,903,752,021,072,936,960.
std::string group_digits(const std::string& decimal);
std::string group_digits(std::uint64_t n);
// A count of things in messages, one form everywhere: "1 unit", "1,056 units".
std::string count_of(std::uint64_t n, std::string_view one, std::string_view many);

}  // namespace gridenum
