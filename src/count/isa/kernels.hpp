// The count's hot loops, compiled once per instruction-set level (core/cpu.hpp) and chosen at
// run time: src/count/isa/kernels.cpp is built three times (CMakeLists.txt) with
// GRIDENUM_ISA_NAME set to baseline, avx2 or avx512 and the matching -march level, each copy
// defining its own table of function pointers; count_kernels() hands out the one selected.
//
// Only these loops are multi-versioned, because they are where the time goes: the byte dot products
// of the partition kernel (about half of the 9x9 completion stage, docs/performance.md) and the
// popcount products that fill its tables (the other half; without POPCNT a 64-bit popcount is a
// dozen instructions); the three-band route's innermost sum (gather_dots); and the three-band
// route's colouring count that fills its F table (band_colourings, 3/4 of the 4x3 table build's
// profile, a quarter of it libgcc's __popcountdi2: isa/band_colourings.hpp). Everything else is
// compiled for the baseline. (The signature method's colouring count is multi-versioned too, in its
// own library: verify/isa/colourings.hpp.)
#pragma once

#include <cstddef>
#include <cstdint>

#include "gridenum/core/cpu.hpp"
#include "gridenum/core/shape.hpp"

namespace gridenum::detail {

// A run of stack fillings with one pattern: the two byte tables of its pattern, how many
// fillings the run holds, and the dot product accumulated so far.
struct Run8 {
  const std::uint8_t *a, *b;
  std::uint64_t length;
  std::uint64_t sum;
};

// Rows per tile of the three-band sum's tile kernels: 16 u32 entries, one 64-byte line.
inline constexpr std::size_t kTileRows = 16;

struct CountKernels {
  Isa isa;
  // For every run: sum += sum_{c < len} a[c] * b[c]. Entries are below 128, so pmaddubsw's pair
  // sums never saturate, and every block of 512 entries sums below 2^31. Runs with the same a
  // should be next to each other (they are swept together). a and b are 64-byte aligned.
  void (*sweep8)(Run8* runs, std::size_t n_runs, std::size_t len);
  // The same sums without the extension sweep8 takes when the CPU has it (the AVX-512 copy uses
  // VNNI where there is VNNI): what tests compare sweep8 with, so both paths are checked on a
  // CPU that has the extension. Equal to sweep8 in the other copies.
  void (*sweep8_portable)(Run8* runs, std::size_t n_runs, std::size_t len);
  // g[c1 * n2 + c2] = popcount(xs[c1] & ys[c2]) for c1 < n1, c2 < n2.
  void (*popcount_products)(const std::uint64_t* xs, std::size_t n1, const std::uint64_t* ys, std::size_t n2,
                            std::uint16_t* g);
  // The same into bytes (every entry is a popcount of one word, at most 64).
  void (*popcount_products8)(const std::uint64_t* xs, std::size_t n1, const std::uint64_t* ys, std::size_t n2,
                             std::uint8_t* g);
  // The three-band route's innermost sum (three_band.cpp), for a group of top bands sharing a
  // row pair: out[c] = sum_{i < n} u64(rm[a[c n + i]]) * rb[b[c n + i]] for c < groups. The
  // caller guarantees that n * max(rm, rb)^2 < 2^64 (no overflow of a 64-bit sum).
  void (*gather_dots)(const std::uint32_t* rm, const std::uint32_t* rb, const std::uint16_t* a, const std::uint16_t* b,
                      std::size_t n, std::size_t groups, std::uint64_t* out);
  // The same sums over kTileRows row pairs at once, from tiles (three_band.cpp, part 4):
  // tile_rows writes tile[j * kTileRows + l] = rows[l][j] for j < p, l < kTileRows (the rows
  // turned on their side; tile 64-byte aligned); tile_dots then adds, for c < groups,
  //   out[c] = sum_{i < n} sum_{l < kTileRows} u64(ta[a[c n + i] kTileRows + l]) * tb[b[c n + i] kTileRows + l],
  // which is the sum of gather_dots over the kTileRows row pairs. ta and tb are 64-byte aligned;
  // the caller guarantees n * kTileRows * max(ta, tb)^2 < 2^64.
  void (*tile_rows)(const std::uint32_t* const* rows, std::size_t p, std::uint32_t* tile);
  void (*tile_dots)(const std::uint32_t* ta, const std::uint32_t* tb, const std::uint16_t* a, const std::uint16_t* b,
                    std::size_t n, std::size_t groups, std::uint64_t* out);
  // The three-band route's F (isa/band_colourings.hpp): band fillings, rows ordered, of the band
  // whose column j holds the digits cols[j] (j < N <= 16, r digits each, every digit of `all`
  // in r columns; each box's columns a partition of the digits).
  std::uint64_t (*band_colourings)(const DigitMask* cols, int N, DigitMask all, int r);
};

// The kernels of a level; std::logic_error for a level this binary does not hold.
const CountKernels& count_kernels(Isa isa);

}  // namespace gridenum::detail
