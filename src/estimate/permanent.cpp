// RowMatcher (permanent.hpp): the class-count DP for perm(A) and the backward walk that draws a
// uniform perfect matching.
#include "gridenum/estimate/permanent.hpp"

#include <bit>
#include <cassert>
#include <stdexcept>

namespace gridenum::estimate {

bool RowMatcher::prepare(std::span<const DigitMask> column_digits, int max_bits) {
  const int n = static_cast<int>(column_digits.size());
  if (n < 1 || n > 32) throw std::invalid_argument("RowMatcher::prepare: 1 to 32 columns");
  // Classes of equal columns, in order of first appearance.
  class_mask_.clear();
  class_size_.clear();
  std::vector<int> class_of(n);
  for (int c = 0; c < n; ++c) {
    int g = 0;
    while (g < static_cast<int>(class_mask_.size()) && class_mask_[g] != column_digits[c]) ++g;
    if (g == static_cast<int>(class_mask_.size())) {
      class_mask_.push_back(column_digits[c]);
      class_size_.push_back(0);
    }
    class_of[c] = g;
    ++class_size_[g];
  }
  const int G = static_cast<int>(class_mask_.size());
  class_off_.assign(G, 0);
  class_field_.assign(G, 0);
  int bits = 0;
  for (int g = 0; g < G; ++g) {
    class_off_[g] = bits;
    const int w = std::bit_width(static_cast<unsigned>(class_size_[g]));
    class_field_[g] = (std::uint32_t{1} << w) - 1;
    bits += w;
  }
  if (bits > max_bits) return false;
  class_start_.assign(G, 0);
  for (int g = 1; g < G; ++g) class_start_[g] = class_start_[g - 1] + class_size_[g - 1];
  class_cols_.assign(n, 0);
  {
    std::vector<int> fill(class_start_);
    for (int c = 0; c < n; ++c) class_cols_[fill[class_of[c]]++] = c;
  }
  digit_classes_.resize(n);
  for (int d = 0; d < n; ++d) {
    digit_classes_[d].clear();
    for (int g = 0; g < G; ++g)
      if (class_mask_[g] >> d & 1) digit_classes_[d].push_back(g);
  }

  // f_ is all zeros outside the states the last run touched: clear those, grow if needed.
  for (std::uint32_t s : touched_) f_[s] = 0;
  touched_.clear();
  const std::size_t size = std::size_t{1} << bits;
  if (f_.size() < size) f_.resize(size, 0);
  n_ = n;
  bits_ = bits;
  full_ = 0;
  for (int g = 0; g < G; ++g) full_ += static_cast<std::uint32_t>(class_size_[g]) << class_off_[g];

  // Forward, level by level: touched_[begin, end) is level j.
  f_[0] = 1;
  touched_.push_back(0);
  std::size_t begin = 0;
  for (int j = 0; j < n; ++j) {
    const std::size_t end = touched_.size();
    for (std::size_t t = begin; t < end; ++t) {
      const std::uint32_t s = touched_[t];
      const u128 v = f_[s];
      for (int g : digit_classes_[j]) {
        const std::uint32_t u = (s >> class_off_[g]) & class_field_[g];
        if (static_cast<int>(u) == class_size_[g]) continue;
        const std::uint32_t s2 = s + (std::uint32_t{1} << class_off_[g]);
        if (f_[s2] == 0) touched_.push_back(s2);
        f_[s2] += (u + 1) * v;
      }
    }
    begin = end;
    if (begin == touched_.size()) break;  // no state reaches level j + 1: perm = 0
  }
  perm_ = f_[full_];
  return true;
}

void RowMatcher::sample(Chooser& chooser, std::span<int> digit_of_column) {
  if (perm_ == 0) throw std::invalid_argument("RowMatcher::sample: the matrix has no perfect matching");
  if (static_cast<int>(digit_of_column.size()) != n_) throw std::invalid_argument("RowMatcher::sample: one digit per column");
  free_cols_ = class_cols_;  // class g's free columns: the first u_g of its slice
  std::uint32_t s = full_;
  for (int j = n_ - 1; j >= 0; --j) {
    weights_.clear();
    options_.clear();
    for (int g : digit_classes_[j]) {
      const std::uint32_t u = (s >> class_off_[g]) & class_field_[g];
      if (u == 0) continue;
      const u128 w = u * f_[s - (std::uint32_t{1} << class_off_[g])];
      if (w == 0) continue;
      weights_.push_back(w);
      options_.push_back(g);
    }
    const int g = options_[chooser.weighted(weights_, f_[s])];
    const auto u = static_cast<unsigned>((s >> class_off_[g]) & class_field_[g]);
    const unsigned t = chooser.uniform(u);
    int* slice = free_cols_.data() + class_start_[g];
    digit_of_column[slice[t]] = j;
    slice[t] = slice[u - 1];
    s -= std::uint32_t{1} << class_off_[g];
  }
  assert(s == 0);
}

u128 permanent(std::span<const DigitMask> column_digits) {
  RowMatcher m;
  if (!m.prepare(column_digits, 24)) throw std::invalid_argument("permanent: the matrix needs more than 2^24 DP states");
  return m.permanent();
}

}  // namespace gridenum::estimate
