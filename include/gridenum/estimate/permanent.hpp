// Exact permanents of a row's digit-by-column matrix, and uniform perfect matchings drawn from it
// (docs/estimate.md, "Sequential importance sampling").
//
// Given the rows above, row r of a grid is a perfect matching of digits to columns in the 0/1 matrix
// A[d][c] = "digit d is allowed in column c" (not in column c above, not in the box of (r, c) above):
// the box rule inside the row itself follows from the row holding every digit once. The ways to fill
// the row are perm(A).
//
// Method: a dynamic programme over the columns used so far, digits taken in order 0, 1, ..., N-1
// (the subset DP behind Ryser's O(2^N N) bound, without the inclusion-exclusion signs). Columns
// with the same allowed digits are interchangeable, so a state is not a subset but a count per class
// of equal columns: in the first band every column of a stack allows the same digits, and row 1 of
// 16x16 has 5^4 = 625 states instead of 2^16. Where every column differs it is the plain 2^N subset DP.
//
//   f[u] = ways to place digits 0..j-1 (j = sum of u) on a fixed set of columns holding u_g columns
//          of class g;   f[0] = 1,   f[u + e_g] += (u_g + 1) f[u]  when digit j is allowed in class g.
//   perm(A) = f[n_0, n_1, ...].
//
// Drawing a uniform matching walks back from the full state: digit j-1 goes to class g with
// probability u_g f[u - e_g] / f[u] (exact integers, chooser.hpp), then to one of the u_g columns of
// class g still free, uniformly. Every matching has probability 1/perm(A).
//
// Layout of the hot data (one RowMatcher per thread, reused row after row):
//
//   state index  = sum_g u_g << off_g       class g has a bit field of bit_width(n_g) bits
//   f_           : u128[2^bits]             f[u]; zero outside the states touched (cleared each time)
//   touched_     : uint32 states, level by level (level j = states with j digits placed)
//   digit_classes_[j] : the classes digit j is allowed in
//
// Overflow: f[u] <= j! <= N! (a permanent of a 0/1 j x j matrix), and 32! < 2^118, so u128 never
// overflows for any shape core/shape.hpp takes (N <= 32). The state space is at most 2^N; prepare()
// refuses a row whose bit fields pass `max_bits` (default 20: 16 MB of f per thread), and the sampler
// then fills that row cell by cell (sampler.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/shape.hpp"
#include "gridenum/estimate/chooser.hpp"

namespace gridenum::estimate {

class RowMatcher {
 public:
  static constexpr int kDefaultMaxBits = 20;

  // Builds the DP for the matrix whose column c allows the digits column_digits[c] (n = size,
  // 1..32 columns and digits). False, with nothing built, when the state space needs more than
  // max_bits bits.
  bool prepare(std::span<const DigitMask> column_digits, int max_bits = kDefaultMaxBits);
  // perm(A) of the last prepared matrix.
  u128 permanent() const { return perm_; }
  // A uniform perfect matching of the last prepared matrix: digit_of_column[c] in 0..n-1.
  // Precondition: permanent() > 0 (std::invalid_argument otherwise).
  void sample(Chooser& chooser, std::span<int> digit_of_column);
  // Bits of the last prepared state space (the DP's size is 2^bits), and the states it touched.
  int bits() const { return bits_; }
  std::size_t states_touched() const { return touched_.size(); }

 private:
  int n_ = 0, bits_ = 0;
  u128 perm_ = 0;
  std::uint32_t full_ = 0;
  std::vector<u128> f_;
  std::vector<std::uint32_t> touched_, next_;
  // Class g: its columns class_cols_[class_start_[g] .. class_start_[g] + class_size_[g]).
  std::vector<DigitMask> class_mask_;
  std::vector<int> class_size_, class_start_, class_off_, class_cols_, free_cols_;
  std::vector<std::uint32_t> class_field_;  // (1 << bit_width(n_g)) - 1
  std::vector<std::vector<int>> digit_classes_;
  std::vector<u128> weights_;
  std::vector<int> options_;
};

// perm(A) for the matrix above, by RowMatcher with a state limit of 24 bits (256 MB); for tests and
// small matrices (throws std::invalid_argument past it).
u128 permanent(std::span<const DigitMask> column_digits);

}  // namespace gridenum::estimate
