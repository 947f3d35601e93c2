// The independence estimate of the thesis (section 2.2), generalised to R x C boxes.
//
// Fill the N boxes independently: (N!)^N ways. A band is valid with probability
// p_row = G_band / (N!)^R (G_band = N! * F valid band fillings), a stack with probability
// p_col = G_stack / (N!)^C. Treating the C bands and R stacks as independent events gives
//   estimate = (N!)^N * p_row^C * p_col^R = G_band^C * G_stack^R / (N!)^N,
// 6,657,084,616,885,512,582,463.488 for 9x9 against the true 6,670,903,752,021,072,936,960.
// It is exact rational arithmetic; the decimal form is exact when the denominator has no prime
// factor other than 2 and 5, and otherwise rounded (and said so).
#pragma once

#include <boost/multiprecision/cpp_int.hpp>

#include <cstdint>
#include <string>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/shape.hpp"

namespace gridenum {

using Rational = boost::multiprecision::cpp_rational;

struct Estimate {
  Shape shape;
  BigInt band_fillings;   // G_band: all valid band fillings
  BigInt stack_fillings;  // G_stack: all valid stack fillings
  Rational value;         // the estimate, exactly
};

// band_fillings_b1: F (top band, B1 fixed); stack_fillings_b1: stack 1 fillings with B1 fixed.
Estimate independence_estimate(Shape s, std::uint64_t band_fillings_b1, std::uint64_t stack_fillings_b1);

// Decimal rendering of a rational with at most max_digits after the point. `exact` is set when
// the rendering is the exact value (terminating expansion within max_digits).
std::string to_decimal(const Rational& v, int max_digits, bool* exact = nullptr);

}  // namespace gridenum
