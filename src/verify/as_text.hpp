// A figure as the verifier's reports print it (side2_verify.cpp, symmetry_verify.cpp): integers and
// BigInt in full, u128 by its decimal digits.
#pragma once

#include <string>

#include <fmt/format.h>

#include "gridenum/core/arith.hpp"

namespace gridenum::verify_text {

template <class T>
std::string as_text(const T& v) {
  return fmt::format("{}", v);
}
inline std::string as_text(const BigInt& v) { return v.str(); }
inline std::string as_text(u128 v) { return to_string(v); }

}  // namespace gridenum::verify_text
