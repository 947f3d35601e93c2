// The three-band route's colouring count F (three_band.cpp, part 2), included by kernels.cpp
// only, so that it is compiled once per instruction-set level with that copy's flags and reached
// through CountKernels::band_colourings.
//
// Why a kernel: the most-constrained column search below takes a popcount of every remaining
// column at every step. In the baseline library (-march=x86-64: no POPCNT) std::popcount is a
// call to libgcc's __popcountdi2 (a table look-up per byte). perf record of the 4x3 three-band
// table build (baseline build): Colourings::match 56 %, __popcountdi2 20.5 %; of the same count
// over 500 random 4x3 bands (bench/bench_colourings.cpp): match 70.5 %, __popcountdi2 28.7 %, the
// same 73 : 27 split, so the table build's popcounts are this count's (signature_key's column
// checks, the other popcounts of a table build, are 12 per orbit slot: noise). The avx2 and
// avx512 copies get the POPCNT instruction (and BMI's blsr/blsi/tzcnt for the bit loops). Measured
// in kernels.cpp's comment.
//
// The anonymous namespace matters: an inline member function with external linkage, compiled in
// three objects with different -march, is one symbol to the linker, which keeps any one of the
// three, so the baseline path could run an AVX-512 copy (or the reverse).
#pragma once

#include <bit>
#include <cstdint>

#include "gridenum/core/combinatorics.hpp"
#include "gridenum/core/shape.hpp"

namespace gridenum::detail {

namespace {

// F, the proper R-edge-colourings of the R-regular bipartite graph G = columns x digits
// (colour = row), one row at a time: a row is a perfect matching (one digit per column, all
// distinct), and F_r(G) = sum over matchings M of F_{r-1}(G - M), F_1 = 1, F_2 = 2^cycles(G)
// (a 2-regular graph is a union of even cycles, two colourings each). Column 0's lowest digit is
// put in the current row and the count multiplied by r (rows are interchangeable). The matching
// search picks, at every step, the column with the fewest free digits (most constrained first)
// and stops when some free digit is in no remaining column.
// Measured (4x3, 200 random configurations, machine under load ~10 on 2 cores):
//   columns in fixed order (verify/signature.cpp's search)            9.1 ms per F
//   2-factor enumeration, F = r/2 sum_H 2^cycles(H) F_{r-2}(G - H)   35.9 ms per F
//   most-constrained column first (this code)                          see three_band.hpp
struct BandColourings {
  int N;
  DigitMask all;

  // cols[0..N): column j's digits; every digit in r columns. cols is restored on return.
  std::uint64_t count(DigitMask* cols, int r) const {
    if (r <= 1) return 1;
    if (r == 2) return std::uint64_t{1} << cycles(cols);
    const DigitMask d0 = cols[0] & (~cols[0] + 1);
    cols[0] &= ~d0;
    std::uint64_t total = 0;
    const std::uint32_t left = ((std::uint32_t{1} << N) - 1) & ~std::uint32_t{1};
    match(cols, r, left, d0, total);
    cols[0] |= d0;
    return total * static_cast<std::uint64_t>(r);
  }
  // left: columns still without a digit in this row; used: digits this row has.
  void match(DigitMask* cols, int r, std::uint32_t left, DigitMask used, std::uint64_t& total) const {
    if (left == 0) {
      total += count(cols, r - 1);
      return;
    }
    int best = -1, best_n = 99;
    DigitMask reach = 0;
    for (std::uint32_t l = left; l; l &= l - 1) {
      const int j = std::countr_zero(l);
      const DigitMask free = cols[j] & ~used;
      reach |= free;
      const int n = std::popcount(free);
      if (n < best_n) {
        best_n = n;
        best = j;
      }
    }
    if (best_n == 0 || (all & ~used & ~reach) != 0) return;
    for (DigitMask m = cols[best] & ~used; m; m &= m - 1) {
      const DigitMask d = m & (~m + 1);
      cols[best] &= ~d;
      match(cols, r, left & ~(std::uint32_t{1} << best), used | d, total);
      cols[best] |= d;
    }
  }
  // Cycles of the 2-regular graph whose column j holds the two digits of cols[j]
  // (core/combinatorics.hpp; always inlined, so compiled at this copy's level).
  int cycles(const DigitMask* cols) const { return two_regular_cycles(cols, N); }
};

}  // namespace

}  // namespace gridenum::detail
