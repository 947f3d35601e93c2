// Sampler (sampler.hpp): one path of knuth or sis and its weight.
#include "gridenum/estimate/sampler.hpp"

#include <bit>
#include <stdexcept>
#include <string>

namespace gridenum::estimate {

std::string_view to_string(Method m) { return m == Method::knuth ? "knuth" : "sis"; }

std::optional<Method> parse_method(std::string_view text) {
  if (text == "knuth") return Method::knuth;
  if (text == "sis") return Method::sis;
  return std::nullopt;
}

std::optional<std::string> sampler_shape_error(Shape s) {
  if (s.rows < 2 || s.cols < 2) return "a box needs at least 2 rows and 2 columns";
  if (s.n() > 32) return "at most 32 digits (digit sets are 32-bit masks)";
  return std::nullopt;
}

Sampler::Sampler(Shape shape, Method method, int max_bits)
    : shape_(shape), method_(method), n_(shape.n()), max_bits_(max_bits) {
  if (const auto why = sampler_shape_error(shape)) throw std::invalid_argument("Sampler: box shape " + shape.str() + ": " + *why);
  col_.resize(n_);
  box_.resize(n_);
  allowed_.resize(n_);
  grid_.resize(static_cast<std::size_t>(n_) * n_);
  row_digits_.resize(n_);
}

// The i-th (from 0) set bit of m.
static int estimate_nth_bit(DigitMask m, unsigned i) {
  for (; i > 0; --i) m &= m - 1;
  return std::countr_zero(m);
}

bool Sampler::fill_row_by_cells(Chooser& chooser, int r, long double& weight) {
  DigitMask used = 0;
  for (int c = 0; c < n_; ++c) {
    const DigitMask cand = allowed_[c] & ~used;
    const int k = std::popcount(cand);
    if (k == 0) return false;
    const int d = estimate_nth_bit(cand, chooser.uniform(static_cast<unsigned>(k)));
    weight *= static_cast<long double>(k);
    used |= DigitMask{1} << d;
    row_digits_[c] = d;
  }
  (void)r;
  return true;
}

long double Sampler::sample(Chooser& chooser) {
  std::fill(col_.begin(), col_.end(), 0);
  std::fill(box_.begin(), box_.end(), 0);
  std::fill(grid_.begin(), grid_.end(), -1);
  const DigitMask all = shape_.all_digits();
  long double weight = 1;
  for (int r = 0; r < n_; ++r) {
    for (int c = 0; c < n_; ++c) allowed_[c] = all & ~(col_[c] | box_[shape_.box_of(r, c)]);
    if (method_ == Method::sis && matcher_.prepare(allowed_, max_bits_)) {
      const u128 p = matcher_.permanent();
      if (p == 0) return 0;
      weight *= static_cast<long double>(p);
      matcher_.sample(chooser, row_digits_);
    } else {
      if (method_ == Method::sis) ++cell_rows_;
      if (!fill_row_by_cells(chooser, r, weight)) return 0;
    }
    for (int c = 0; c < n_; ++c) {
      const DigitMask bit = DigitMask{1} << row_digits_[c];
      col_[c] |= bit;
      box_[shape_.box_of(r, c)] |= bit;
      grid_[static_cast<std::size_t>(r) * n_ + c] = row_digits_[c];
    }
  }
  return weight;
}

}  // namespace gridenum::estimate
