// Independence estimate (thesis section 2.2) in exact rational arithmetic; see estimate.hpp.
#include "gridenum/count/estimate.hpp"

#include "gridenum/count/stack/reducer.hpp"

namespace gridenum {

Estimate independence_estimate(Shape s, std::uint64_t band_fillings_b1, std::uint64_t stack_fillings_b1) {
  const BigInt nf = factorial(s.n());
  Estimate e;
  e.shape = s;
  e.band_fillings = nf * band_fillings_b1;
  e.stack_fillings = nf * stack_fillings_b1;
  const int bands = s.cols, stacks = s.rows;
  BigInt num = 1, den = 1;
  for (int i = 0; i < bands; ++i) num *= e.band_fillings;
  for (int i = 0; i < stacks; ++i) num *= e.stack_fillings;
  for (int i = 0; i < s.n(); ++i) den *= nf;
  e.value = Rational(num, den);
  return e;
}

std::string to_decimal(const Rational& v, int max_digits, bool* exact) {
  BigInt num = boost::multiprecision::numerator(v), den = boost::multiprecision::denominator(v);
  std::string sign;
  if (num < 0) {
    sign = "-";
    num = -num;
  }
  BigInt whole = num / den, rem = num % den;
  std::string frac;
  for (int i = 0; i < max_digits && rem != 0; ++i) {
    rem *= 10;
    frac.push_back(static_cast<char>('0' + static_cast<int>(rem / den)));
    rem %= den;
  }
  if (exact) *exact = rem == 0;
  if (rem != 0 && rem * 2 >= den) {  // round half up on the last digit
    int i = static_cast<int>(frac.size()) - 1;
    while (i >= 0 && frac[i] == '9') frac[i--] = '0';
    if (i >= 0) ++frac[i];
    else whole += 1;
  }
  return sign + whole.str() + (frac.empty() ? "" : "." + frac);
}

}  // namespace gridenum
