// Completions of a top band for the three-band shapes R x 3 (2x3, 3x3, 4x3; issue 15 part 2),
// by band signatures. Shares no counting code with the stack method or with
// verify/signature.cpp (which checks it on 3x3).
//
// The mathematics. A grid of R x 3 boxes is three bands (top, middle, bottom) of R rows. Give
// each band its configuration (per-column digit sets, band_signatures.hpp). In stack b every
// digit sits once in each of its three columns, one band each: the top band's column of a digit
// and the middle band's column fix the bottom band's, so a middle configuration compatible with
// the top one is, box by box, a *chain*: middle column sets (M_A, M_B, M_C) with M_A inside the
// top's B u C, M_B inside A u C, M_C inside A u B, |M_*| = R; the bottom's column sets are the
// complements. With i = |M_A n B| the chains of one box number sum_i C(R,i)^3 (18, 56, 346 for
// R = 2, 3, 4). With F(sigma) the number of band fillings with column sets sigma (rows ordered),
//     completions(T) = sum over chain tuples x = (x_1 .. x_R) of F(mid(x)) F(bot(x)),
//     grids = sum over classes alpha of size_alpha x F(T_alpha) x completions(T_alpha).
//
// F by table. F only depends on the band's unordered box partitions p_1 .. p_R up to
// relabelling and box order. Relabel so that p_1 is the standard partition ({0..R-1}, {R..2R-1},
// {2R..3R-1}); relabel again inside the stabiliser of the standard partition so that p_2 becomes
// the representative of its *pair type* (the 3x3 matrix |std_i n p_2_j| up to row and column
// order: 3, 5, 9 types for R = 2, 3, 4); then F is a table lookup
//     F = R! x Table[type][ id(p_3') + P id(p_4') + ... ]      (P^(R-2) slots per type)
// holding F / R! (every F is a multiple of R!: the rows of a band are interchangeable) in 32
// bits. 4x3: P = 5,775 box partitions, 9 types x 5,775^2 slots = 1.2 GB. The table is filled
// before any sum, one orbit at a time: a slot's value is shared by its images under the
// relabellings fixing both the standard partition and the type's representative, and under
// orders of boxes 3..R, so one colouring count fills the orbit.
//
// The sum (hot loop; src/count/three_band.cpp). Middle and bottom are interchangeable (swapping
// them in every box maps chain tuples onto chain tuples, fixed-point free), so only half the
// box-1 chains are summed, doubled. Per box-1 chain the relabelling that standardises its middle
// (bottom) partition is applied to every chain of boxes 2..R through the P x P table std_of; per
// box-2 chain, the type relabelling through the P x P table hrel; the innermost loop over the
// last box is two gathers from one table row each (a row of 5,775 x 4 bytes: L1/L2), a 32x32-bit
// product and a 64-bit add (128-bit when the table's largest value could overflow a row sum).
// For 4x3: 173 x 346^3 = 7.2e9 terms per class.
//
// Measured, 4x3, this machine (AMD EPYC, 2 cores, load 7-10 from other jobs, so slow figures):
//   tables: 300,155,625 slots in 1,676,630 orbits, 144,701 colouring counts (the 144,578 classes
//   and a few computed twice by racing threads), largest F / R! = 7,962,624; 1.37 GB; 938 s on
//   2 threads (about 70% of it colouring counts at ~5 ms each);
//   completions: 42 - 73 s per class on 2 threads (classes 1, 2, 14,458, 72,290, 144,578), and
//   about the same on 1 thread: under that load the second core gave nothing measurable.
// Checked on 4x3 (no second method yet): a class's representative and a random image of it
// under the group (relabelling, column and box permutations: other chains, other relabelling
// paths) give the same completions, for the classes above.
// The innermost loop is memory-bound: each x3 picks a new 23 KB row of a 133 MB table and
// gathers ~346 scattered entries from it (about one cache line each), twice. Not tried yet:
// visiting (x2, x3) in order of table row so that rows are reused, sorting the last box's chains
// by their middle-band offset so the gathers ascend, sharing the (x1, x2) prefix between classes
// with common boxes, and the top band's own stabiliser.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/shape.hpp"

namespace gridenum {

struct ThreeBandStats {
  std::uint32_t partitions = 0;       // P
  std::uint32_t pair_types = 0;       // types of (standard, p_2)
  std::uint64_t table_slots = 0;      // types x P^(R-2)
  std::uint64_t orbits = 0;           // orbits of slots filled (one canonical form each)
  std::uint64_t colourings = 0;       // colouring counts computed (one per band class met)
  std::uint32_t max_table_value = 0;  // largest F / R!
  std::uint64_t table_bytes = 0;      // memory of the look-up tables (F, std_of, hrel, ids)
  double seconds = 0;                 // building the tables
};

// Why the three-band counter cannot take a shape, or nullopt: R x 3 with 2 <= R <= 4.
std::optional<std::string> three_band_shape_error(Shape s);

// F by a direct colouring count (no table; the table's own source): band fillings (rows ordered)
// with these column sets, for any R x 3 shape with N <= 16 (2-factor enumeration, see the .cpp).
std::uint64_t three_band_fillings(Shape s, const std::vector<DigitMask>& columns);

class ThreeBandCounter {
 public:
  // Builds every table (threads = 0: all cores). std::invalid_argument for other shapes.
  explicit ThreeBandCounter(Shape s, int threads = 0);
  ~ThreeBandCounter();
  ThreeBandCounter(const ThreeBandCounter&) = delete;
  ThreeBandCounter& operator=(const ThreeBandCounter&) = delete;

  Shape shape() const;
  const ThreeBandStats& stats() const;

  // Completions of a top band with these column sets (N masks, box by box, bit d for digit d):
  // the number of (middle, bottom) band pairs completing any one top band with them to a grid.
  // Runs on the calling thread's arena (oneTBB tasks over the box-1 chains).
  u128 completions(const std::vector<DigitMask>& top) const;
  // F: band fillings (rows ordered) with these column sets, by table look-up.
  std::uint64_t band_fillings(const std::vector<DigitMask>& columns) const;

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace gridenum
