// The signature method's colouring count (isa/colourings.hpp), compiled once per level:
// GRIDENUM_ISA_NAME is baseline, avx2 or avx512, and this copy's flags are that level's
// (-march=x86-64, x86-64-v3, x86-64-v4; CMakeLists.txt). Each copy defines colourings_<level>.
//
// Why per level: the three-band route's colouring count lost a quarter of its time to libgcc's
// __popcountdi2 in the baseline build (count/isa/band_colourings.hpp), and this count fills the
// signature method's 4x3 pair-type table the same way. But this search takes its columns in
// fixed order and has no popcount at all (objdump: no __popcountdi2 call; perf of 500 random
// 4x3 bands: match 57 %, count 42 %, nothing else); what the avx2 / avx512 copies add is BMI's
// blsr / blsi / tzcnt / lzcnt for its bit loops. Measured (bench_colourings, 500 random 4x3
// bands, CPU ms for all 500, median of 5, three interleaved rounds; 1 thread, another job on
// the other core, load 1.5 - 1.9):
//     level      round 1   round 2   round 3
//     baseline   3177      2907      2570      (the code before it was a kernel: 3486, 3386, 2948)
//     avx2       2988      2533      2789
//     avx512     2905      2760      2533
// About 1.05x for the wider levels, inside the spread (standard deviations 75 - 300 ms); the
// old code against the new baseline copy is the same source (code layout, or the machine). The
// copies keep this method on the same footing as the three-band count, little more.
//
// Everything here is in an anonymous namespace: an inline function with external linkage,
// compiled in three objects with different -march, is one symbol to the linker, which keeps any
// one of the three, so the baseline path could run an AVX-512 copy.
#include "colourings.hpp"

#include <bit>
#include <cassert>

#include "gridenum/core/combinatorics.hpp"

#ifndef GRIDENUM_ISA_NAME
#error "compile colourings.cpp through CMake: GRIDENUM_ISA_NAME names the level"
#endif

namespace gridenum::signature_detail {

namespace {

// Bands with given column sets (signature.cpp, part 1): the proper R-edge-colourings of the
// R-regular bipartite graph columns x digits, one row (a perfect matching, columns in fixed
// order) at a time.
struct Colourings {
  int N;
  DigitMask all;

  // cols[0..N): remaining digits per column, r of each; every digit in r columns.
  std::uint64_t count(DigitMask* cols, int r) const {
    if (r == 1) return 1;
    if (r == 2) return two_rows(cols);
    // Suffix unions for pruning: digits still uncovered must be coverable by later columns.
    DigitMask suffix[17];
    suffix[N] = 0;
    for (int j = N - 1; j >= 0; --j) suffix[j] = suffix[j + 1] | cols[j];
    const DigitMask d0 = cols[0] & (~cols[0] + 1);
    cols[0] &= ~d0;
    std::uint64_t total = 0;
    match(cols, r, 1, d0, suffix, total);
    cols[0] |= d0;
    return total * static_cast<std::uint64_t>(r);
  }

  void match(DigitMask* cols, int r, int j, DigitMask used, const DigitMask* suffix, std::uint64_t& total) const {
    if (j == N) {
      total += count(cols, r - 1);
      return;
    }
    if ((all & ~used & ~suffix[j]) != 0) return;  // a digit no remaining column can take
    for (DigitMask m = cols[j] & ~used; m; m &= m - 1) {
      const DigitMask d = m & (~m + 1);
      cols[j] &= ~d;
      match(cols, r, j + 1, used | d, suffix, total);
      cols[j] |= d;
    }
  }

  // Two rows left: each column is an edge between its two digits; 2^(cycles) (always inlined,
  // so compiled at this level: core/combinatorics.hpp).
  std::uint64_t two_rows(const DigitMask* cols) const { return std::uint64_t{1} << two_regular_cycles(cols, N); }
};

// On a copy of the columns: the count edits them as it goes.
std::uint64_t colourings(const DigitMask* cols, int N, DigitMask all, int r) {
  assert(N >= 1 && N <= 16);
  DigitMask c[16] = {};
  for (int j = 0; j < N; ++j) c[j] = cols[j];
  return Colourings{N, all}.count(c, r);
}

}  // namespace

#define GRIDENUM_CAT2(a, b) a##b
#define GRIDENUM_CAT(a, b) GRIDENUM_CAT2(a, b)
extern const SignatureKernels GRIDENUM_CAT(colourings_, GRIDENUM_ISA_NAME);
const SignatureKernels GRIDENUM_CAT(colourings_, GRIDENUM_ISA_NAME){GRIDENUM_ISA_ENUM, &colourings};

}  // namespace gridenum::signature_detail
