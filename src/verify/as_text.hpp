// A figure as the verifier's reports print it (side2_verify.cpp, symmetry_verify.cpp): integers and
// BigInt in full, u128 by its decimal digits; and `line`, one figure of any two such types compared
// through compare_figures (verify.hpp): equal numbers print equal digits, whatever their types.
#pragma once

#include <string>

#include <fmt/format.h>

#include "gridenum/core/arith.hpp"
#include "gridenum/verify/verify.hpp"

namespace gridenum::verify_text {

template <class T>
std::string as_text(const T& v) {
  return fmt::format("{}", v);
}
inline std::string as_text(const BigInt& v) { return v.str(); }
inline std::string as_text(u128 v) { return to_string(v); }

template <class A, class B>
bool line(VerifyReport& r, VerifySection& sec, const std::string& item, const A& left, const B& right,
          const std::string& note = {}) {
  return compare_figures(r, sec, item, as_text(left), as_text(right), note);
}

}  // namespace gridenum::verify_text
