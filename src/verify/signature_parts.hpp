// Internal to the verify subsystem: the pieces of the signature method that both of its table
// layouts use (signature.cpp: one table over boxes 2..R; signature_pairs.cpp: one table per pair
// type over boxes 3..R): the band colouring count (isa/colourings.hpp, per instruction-set level)
// and the box chains of a top band.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/shape.hpp"
#include "gridenum/verify/orbits.hpp"
#include "gridenum/verify/signature.hpp"
#include "isa/colourings.hpp"

namespace gridenum::signature_detail {

// ---------------------------------------------------------------------------------------------
// Part 1: bands with given column sets: the colouring count, compiled once per instruction-set
// level (isa/colourings.hpp; signature_kernels(level).colourings).

// ---------------------------------------------------------------------------------------------
// Part 2: box chains of one top band.
struct BoxChains {
  int bands = 0;                       // C-1 lower bands
  std::vector<std::uint32_t> ids;      // [x * bands + k]: partition id of lower band k
  std::vector<std::uint64_t> mult;     // [x]
  std::size_t size() const { return mult.size(); }
};
// The chains of one box, given the top band's column sets of that box (C masks).
BoxChains box_chains(Shape s, const BoxPartitions& parts, const DigitMask* top_cols);

// The chains of every box of a top band given by its N column sets; std::invalid_argument when
// a box's column sets are not a partition of the digits into blocks of R.
std::vector<BoxChains> top_band_chains(Shape s, const BoxPartitions& parts, const std::vector<DigitMask>& cols);

// Lower bands are interchangeable: permuting bands 2..C permutes the positions k of every chain
// tuple at once, maps the chain multiset of every box onto itself and leaves the product
// prod_k bands(key_k) unchanged. So the partial sum over boxes 2..R is the same for a box-1
// chain and any permutation of it, and box 1's chains are merged by their *sorted* id tuple
// (with the summed multiplicity): 9x9 7,320,500 -> 3,726,800 terms over all classes (K! = 2),
// 2x4 98,612,405 -> 17,253,285 (K! = 6).
BoxChains merge_lower_band_orders(const BoxChains& c);

// Box partitions of a shape: N! / ((R!)^C C!) (5,775 for 4x3), as a double for size checks.
inline double partition_count(Shape s) {
  double p = 1;
  for (int i = 2; i <= s.n(); ++i) p *= i;
  for (int j = 0; j < s.cols; ++j)
    for (int i = 2; i <= s.rows; ++i) p /= i;
  for (int i = 2; i <= s.cols; ++i) p /= i;
  return p;
}

// A top band's chains, box by box, box 1's merged up to lower-band order, and the counts both
// sums report. std::invalid_argument as top_band_chains.
struct TopChains {
  std::vector<BoxChains> boxes;
  std::size_t raw_first = 0;  // box-1 chains before the merge
  TopChains(Shape s, const BoxPartitions& parts, const std::vector<DigitMask>& cols);
  std::size_t tasks() const { return boxes[0].size(); }
  // Signature tuples summed (box-1 chains after the merge), and without the merge.
  std::uint64_t terms() const;
  std::uint64_t raw_terms() const { return terms() / boxes[0].size() * raw_first; }
  std::uint64_t chain_count() const;
  // True when the last box's 64-bit loop cannot overflow: max multiplicity x chains x
  // max_value^K below 2^64.
  bool fits_64(std::uint64_t max_value, int K) const;
  // Adds this band's terms, raw terms and chains to a run's statistics.
  void tally(SignatureStats& st) const {
    st.terms += terms();
    st.raw_terms += raw_terms();
    st.box_chains += chain_count();
  }
};

// The innermost loop of both table layouts: over the last box's n chains x,
//     sum m[x] * prod_k rows[k][a[k * n + x]]
// (rows[k]: band k's table row, already offset by the other boxes' keys; a: the chains' offsets,
// band-major). In 64 bits when the caller checked fits_64; K = 1, 2, 3 unrolled (9x9 and 4x3
// have K = 2).
std::uint64_t last_box_sum64(const std::uint64_t* m, const std::uint32_t* a, std::size_t n, int K,
                             const std::uint32_t* const* rows);
// The same in checked 128-bit arithmetic (tables of u32 or u64 values).
template <class T>
u128 last_box_sum128(const std::uint64_t* m, const std::uint32_t* a, std::size_t n, int K, const T* const* rows) {
  u128 s = 0;
  for (std::size_t x = 0; x < n; ++x) {
    u128 p = m[x];
    for (int k = 0; k < K; ++k) p = checked_mul(p, rows[k][a[k * n + x]]);
    s = checked_add(s, p);
  }
  return s;
}

// The column sets of a band given by its digits (R rows of N, 1-based, row-major);
// std::invalid_argument when it is not a valid band (a row or box missing a digit).
std::vector<DigitMask> band_columns(Shape s, const std::vector<std::uint8_t>& band);

}  // namespace gridenum::signature_detail
