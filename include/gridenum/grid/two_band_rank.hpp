// Rank and unrank of 8x8 grids through their two bands (docs/grid-tools.md, "8x8: rank through
// the two bands"): a bijection between the 29,136,487,207,403,520 grids of 4x2 (or 2x4) boxes and
// 0 .. total-1, after a start-up that counts the arrangements of every column-set structure once.
//
// R x 2 boxes (R rows, 2 columns; N = 2R digits) make a grid of two bands of R rows and R stacks
// of two columns. Inside the top band a box holds every digit, so the digit sets of the two
// columns of stack t are complements: S_t and its complement. Every column holds every digit, so
// in the bottom band the same two columns hold the complement of S_t and S_t: the bottom band's
// column sets are the top band's swapped inside each stack. Given its column sets X, a band is a
// choice for each of its R rows of a perfect matching columns -> digits that together use every
// column's R digits once: an ordered 1-factorisation of the R-regular bipartite graph H_X (column
// c joined to the digits of its set). The two bands are independent given S = (S_0 .. S_{R-1}).
//
// The rank is a mixed-radix number read from the top down:
//
//   rank(g) = P(first row of g) * T1 + prefix[S] + a0 * F(S) + a1
//
// - the relabelling: g relabelled so that its first row reads 1..N (0..N-1 inside); P is the
//   first row's Lehmer code (rank.hpp's permutation_index), T1 = total / N!;
// - the structure: with row 0 the identity, S_t holds 2t and not 2t+1, so it is 2t and R-1 of the
//   other N-2 digits: C(N-2, R-1) choices a stack (4x2: 20, so 20^4 = 160,000 structures),
//   numbered by a mixed radix (stack 0 most significant, each stack's choices in increasing mask
//   order); prefix[S] sums A0(S') F(S') over the structures before S;
// - the top band: row 0 is the matching M0 = {c -> c}, and rows 1..R-1 are one of the A0(S) =
//   F_{R-1}(H_X - M0) ordered factorisations of what is left, a0 its index;
// - the bottom band: one of the F(S) = F_R(H_X') ordered factorisations of H_X' (X' the swapped
//   sets), a1 its index.
//
// Ordered factorisations are numbered lexicographically (factorisation_rank below), their counts
// F_k come from the side-2 count's matching removal (count/side2/two_stack.hpp, MatchingRemoval).
//
// 2 x C boxes: the transpose of a grid of 2 x C boxes is a grid of C x 2 boxes, so the rank of a
// 2x4 grid is the 4x2 rank of its transpose (and unrank transposes back): still a bijection, and
// there P is the Lehmer code of the grid's first column.
//
// The class takes every R x 2 and 2 x C shape of up to 8 digits (2x2, 3x2, 2x3, 4x2, 2x4), so that
// the tests can hold it against the prefix descent (rank.hpp) on the small ones; grid_ranker
// gives it for 4x2 and 2x4 only. Exact arithmetic in unsigned 128 bits.
#pragma once

#include <oneapi/tbb/enumerable_thread_specific.h>

#include <array>
#include <cstdint>
#include <vector>

#include "gridenum/core/arith.hpp"
#include "gridenum/count/side2/two_stack.hpp"
#include "gridenum/grid/canon.hpp"
#include "gridenum/grid/rank.hpp"

namespace gridenum {

// The ordered 1-factorisations of a k-regular bipartite graph H of n columns (n <= 16), column c
// joined to the digits of columns[c] (bit d = digit d), numbered 0 .. F_k(H) - 1 in
// lexicographic order of their rows: a factorisation is k rows, row i giving each column c the
// digit rows[i * n + c] (a perfect matching of what the rows before it left), and two are
// compared by their first row's digits column by column, then by the rest. So
//
//   rank(H; M_1 .. M_k) = (sum over perfect matchings M of H before M_1 of F_{k-1}(H - M))
//                         + rank(H - M_1; M_2 .. M_k),    rank of no rows = 0.
//
// F_{k-1} comes from `counter`. std::invalid_argument when H is not k-regular or a row is not a
// perfect matching of what is left; unrank: std::out_of_range naming the range when index >=
// F_k(H), and it writes k * n digits to rows.
u128 factorisation_rank(MatchingRemoval& counter, const std::uint16_t* columns, int n, int k, const std::uint8_t* rows);
void factorisation_unrank(MatchingRemoval& counter, const std::uint16_t* columns, int n, int k, u128 index, std::uint8_t* rows);

// The ranker of R x 2 and 2 x C boxes with N <= 8 (std::invalid_argument for other shapes);
// normalised_total() is T1, the grids whose first row (2 x C: first column) reads 1..N.
class TwoBandRanker final : public GridRanker {
 public:
  // Counts A0 and F of every structure, in parallel on oneTBB's threads (docs/grid-tools.md has
  // the start-up's time).
  explicit TwoBandRanker(Shape s);

  u128 rank(const GridCells& grid) const override;
  GridCells unrank(u128 n) const override;

  // The structures S (C(N-2, R-1)^R), and for each the top band's arrangements A0(S) and the
  // bottom band's F(S) (tests, docs); std::out_of_range past structures().
  std::size_t structures() const { return a0_.size(); }
  std::uint64_t top_arrangements(std::size_t structure) const;
  std::uint64_t bottom_arrangements(std::size_t structure) const;

 private:
  static constexpr int kMaxN = 8;
  using Cells = std::array<std::uint8_t, kMaxN * kMaxN>;  // the R x 2 grid, row-major, digits 0..N-1

  // The top band's column sets X of a structure index.
  std::array<std::uint16_t, kMaxN> columns_of(std::size_t structure) const;
  // This thread's counter (its memo is kept for the life of the ranker).
  MatchingRemoval& counter() const { return counters_.local(); }

  int r_ = 0;               // rows of the R x 2 box; N = 2R
  bool transposed_ = false;  // a 2 x C shape, ranked through its transpose
  // [t]: the sets S_t stack t may hold (2t in, 2t+1 out, R digits), increasing; and back.
  std::array<std::vector<std::uint16_t>, kMaxN / 2> choices_;
  std::array<std::array<std::int16_t, 1 << kMaxN>, kMaxN / 2> choice_index_{};  // -1: not a choice
  std::vector<std::uint64_t> a0_, f_;
  std::vector<u128> prefix_;  // structures() + 1 prefix sums of A0 F
  mutable oneapi::tbb::enumerable_thread_specific<MatchingRemoval> counters_;
};

}  // namespace gridenum
