// Sampler (sampler.hpp): one path of knuth, sis or cells and its weight.
#include "gridenum/estimate/sampler.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cmath>
#include <stdexcept>
#include <string>

namespace gridenum::estimate {

std::string_view to_string(Method m) {
  switch (m) {
    case Method::knuth: return "knuth";
    case Method::sis: return "sis";
    case Method::cells: return "cells";
  }
  return "?";
}

std::optional<Method> parse_method(std::string_view text) {
  if (text == "knuth") return Method::knuth;
  if (text == "sis") return Method::sis;
  if (text == "cells") return Method::cells;
  return std::nullopt;
}

std::optional<std::string> sampler_shape_error(Shape s) {
  if (s.rows < 2 || s.cols < 2) return "a box needs at least 2 rows and 2 columns";
  if (s.n() > 32) return "at most 32 digits (digit sets are 32-bit masks)";
  return std::nullopt;
}

Sampler::Sampler(Shape shape, Method method, int max_bits)
    : shape_(shape), method_(method), n_(shape.n()), max_bits_(method == Method::cells ? std::min(max_bits, kCellsMaxBits) : max_bits) {
  if (const auto why = sampler_shape_error(shape)) throw std::invalid_argument("Sampler: box shape " + shape.str() + ": " + *why);
  col_.resize(n_);
  box_.resize(n_);
  allowed_.resize(n_);
  grid_.resize(static_cast<std::size_t>(n_) * n_);
  row_digits_.resize(n_);
  digit_col_.resize(n_);
  col_digit_.resize(n_);
  out_.resize(n_);
  deg_.resize(n_);
  score_.resize(n_);
  log_g_.resize(n_ + 1);
  log_g_[0] = -1e300;  // deg 0 never occurs for a feasible digit
  for (int k = 1; k <= n_; ++k) log_g_[k] = std::lgamma(k + 1.0) / k;
}

// The i-th (from 0) set bit of m.
static int estimate_nth_bit(DigitMask m, unsigned i) {
  for (; i > 0; --i) m &= m - 1;
  return std::countr_zero(m);
}

bool Sampler::fill_row_by_cells(Chooser& chooser, long double& weight) {
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
  return true;
}

// Kuhn's augmenting path from column x over the digits in `digits` not yet visited.
bool Sampler::augment(int x, DigitMask digits, DigitMask& visited) {
  for (DigitMask cand = allowed_[x] & digits & ~visited; cand; cand &= cand - 1) {
    const int d = std::countr_zero(cand);
    visited |= DigitMask{1} << d;
    if (digit_col_[d] < 0 || augment(digit_col_[d], digits, visited)) {
      digit_col_[d] = x;
      col_digit_[x] = d;
      return true;
    }
  }
  return false;
}

bool Sampler::fill_row_by_feasible_cells(Chooser& chooser, long double& weight) {
  const DigitMask all = shape_.all_digits();
  std::fill(digit_col_.begin(), digit_col_.end(), -1);
  for (int x = 0; x < n_; ++x) {
    DigitMask visited = 0;
    if (!augment(x, all, visited)) return false;  // perm(A_r) = 0: a dead end
  }
  DigitMask digits = all;  // digits still to place: those of the columns c..N-1
  for (int c = 0; c < n_; ++c) {
    const std::uint32_t rest = static_cast<std::uint32_t>(((std::uint64_t{1} << n_) - 1) & ~((std::uint64_t{1} << c) - 1));
    // out[x]: the columns y whose matched digit column x could take instead.
    for (std::uint32_t xs = rest; xs; xs &= xs - 1) {
      const int x = std::countr_zero(xs);
      std::uint32_t o = 0;
      for (DigitMask ds = allowed_[x] & digits; ds; ds &= ds - 1) o |= std::uint32_t{1} << digit_col_[std::countr_zero(ds)];
      out_[x] = o;
    }
    // reach: the columns with a path to c (c itself included).
    std::uint32_t reach = std::uint32_t{1} << c;
    for (bool grew = true; grew;) {
      grew = false;
      for (std::uint32_t xs = rest & ~reach; xs; xs &= xs - 1) {
        const int x = std::countr_zero(xs);
        if (out_[x] & reach) {
          reach |= std::uint32_t{1} << x;
          grew = true;
        }
      }
    }
    const std::uint32_t feasible = out_[c] & reach;  // digit of y fits c, and y can pass its turn on to c
    const int m = std::popcount(feasible);
    assert(m >= 1);
    int y = 0;
    if (m == 1) {
      y = estimate_nth_bit(feasible, chooser.uniform(static_cast<unsigned>(m)));
      weight *= static_cast<long double>(m);
    } else {
      // Each feasible digit d weighted by Bregman's estimate of the open cells' fillings after it:
      // the product over open columns x of g(deg x), g(k) = (k!)^(1/k), where d leaves deg x - 1.
      for (std::uint32_t xs = rest & ~(std::uint32_t{1} << c); xs; xs &= xs - 1) {
        const int x = std::countr_zero(xs);
        deg_[x] = std::popcount(allowed_[x] & digits);
      }
      double best = -1e300;
      int t = 0;
      for (std::uint32_t ys = feasible; ys; ys &= ys - 1, ++t) {
        const int d = col_digit_[std::countr_zero(ys)];
        double l = 0;
        for (std::uint32_t xs = rest & ~(std::uint32_t{1} << c); xs; xs &= xs - 1) {
          const int x = std::countr_zero(xs);
          if (allowed_[x] >> d & 1) l += log_g_[deg_[x] - 1] - log_g_[deg_[x]];
        }
        score_[t] = l;
        best = std::max(best, l);
      }
      cell_weights_.resize(m);
      u128 total = 0;
      for (int i = 0; i < m; ++i) {
        const double q = std::ldexp(std::exp(score_[i] - best), 40);
        cell_weights_[i] = std::max<u128>(1, static_cast<u128>(q));
        total += cell_weights_[i];
      }
      const unsigned pick = chooser.weighted(cell_weights_, total);
      y = estimate_nth_bit(feasible, pick);
      weight *= static_cast<long double>(total) / static_cast<long double>(cell_weights_[pick]);
    }
    const int d = col_digit_[y], freed = col_digit_[c];
    row_digits_[c] = d;
    digits &= ~(DigitMask{1} << d);
    if (y != c) {  // y gives d to c and takes another digit along its path to c, which frees c's old one
      digit_col_[freed] = -1;
      DigitMask visited = 0;
      [[maybe_unused]] const bool ok = augment(y, digits, visited);
      assert(ok);
    }
  }
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
    if (method_ != Method::knuth && matcher_.prepare(allowed_, max_bits_)) {
      const u128 p = matcher_.permanent();
      if (p == 0) return 0;
      weight *= static_cast<long double>(p);
      matcher_.sample(chooser, row_digits_);
    } else {
      if (method_ == Method::knuth) {
        if (!fill_row_by_cells(chooser, weight)) return 0;
      } else {
        ++cell_rows_;
        if (!fill_row_by_feasible_cells(chooser, weight)) return 0;
      }
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
