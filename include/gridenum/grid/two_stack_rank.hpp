// Rank and unrank of 10x10 grids through their two stacks (docs/grid-tools.md, "10x10: rank
// through the two stacks"): a bijection between the 1,903,816,047,972,624,930,994,913,280,000
// grids of 2x5 (or 5x2) boxes and 0 .. total-1, after a start-up that sums the stack fillings
// over the digit-type histograms once.
//
// 2 x C boxes (2 rows, C columns; N = 2C digits) make a grid of C bands of two rows and two
// stacks of C columns: the side-2 count's two-stack view (count/side2/side2.hpp). Box k of the
// left stack has the set S_k in its top row (grid row 2k) and the complement in row 2k+1; the
// right stack's rows hold the complements. Given S = (S_0 .. S_{C-1}) the two stacks fill
// independently (each column every digit once, each row its set), F(S) ways each.
//
// The rank is a mixed-radix number read from the top down:
//
//   rank(g) = P(first row of g) * T1 + prefix(S) + l * Q(S) + r,   Q(S) = F(S) / C!
//
// - the relabelling: g relabelled so that its first row reads 1..N (0..N-1 inside); P is the
//   first row's Lehmer code (rank.hpp), T1 = total / N!. Then S_0 = {0..C-1}, and grid row 0
//   gives stack column i the digit i (left) and C+i (right): the first row of both stacks is
//   fixed, so each stack has Q(S) = F(S) / C! fillings (exchanging a stack's columns acts freely
//   on its fillings), numbered row by row (stack_fillings.hpp);
// - the structure: S_1 .. S_{C-1}, each one of the C(N, C) sets of C digits in increasing mask
//   order, the first set most significant; prefix(S) sums Q^2 over the structures before S. It
//   is found by a descent over the sets: after S_0..S_j, the sum of Q^2 over every way to choose
//   the sets after them depends only on the *histogram* of the digits' types (digit d's type:
//   which of S_0..S_j hold it), since F is unchanged by relabelling the digits. The start-up
//   sums it for every histogram reachable from S_0, level by level (Q of a whole histogram from
//   its class of the two-stack count, two_stack.hpp), and the descent adds, at each level, the
//   sums of the sets below the grid's;
// - the left stack's filling: l, its index among the Q(S) with row 0 fixed; the right's: r.
//
// C x 2 boxes: the transpose of a grid of C x 2 boxes is a grid of 2 x C boxes, so a 5x2 grid is
// ranked as its transpose (P is then the Lehmer code of its first column).
//
// The class takes every 2 x C and C x 2 shape with 2 <= C <= 5 (2x2 .. 2x5, 3x2 .. 5x2), so that
// the tests hold it against the smaller rankers; grid_ranker gives it for 2x5 and 5x2 only.
// Exact arithmetic in unsigned 128 bits.
#pragma once

#include <array>
#include <cstdint>
#include <memory_resource>
#include <unordered_map>
#include <vector>

#include "gridenum/core/arith.hpp"
#include "gridenum/count/side2/two_stack.hpp"
#include "gridenum/grid/stack_fillings.hpp"
#include "gridenum/grid/canon.hpp"
#include "gridenum/grid/rank.hpp"

namespace gridenum {

class TwoStackRanker final : public GridRanker {
 public:
  // The classes of the two-stack count and their F (side2_classes, side2_fillings), then the
  // histogram sums (docs/grid-tools.md has the start-up's time). std::invalid_argument for a shape
  // other than 2 x C or C x 2 with 2 <= C <= 5.
  explicit TwoStackRanker(Shape s);

  u128 rank(const GridCells& grid) const override;
  GridCells unrank(u128 n) const override;

  // Digit-type histograms stored after the sets S_0 .. S_j (j = 0 .. C-1; the last level holds
  // the whole structures' histograms), for tests and the docs; std::out_of_range past C-1.
  std::size_t histograms(int j) const;

 private:
  static constexpr int kMaxC = 5;
  static constexpr int kMaxN = 2 * kMaxC;
  using Cells = std::array<std::uint8_t, kMaxN * kMaxN>;  // the 2 x C grid, row-major, digits 0..N-1
  // A histogram: 4 bits a type (a digit count 0..N), type t at bits 4t .. 4t+3; types have at
  // most C <= 5 bits, so 32 types fill 128 bits.
  using Key = u128;
  struct KeyHash {
    std::size_t operator()(Key k) const;
  };
  // Node tables on one arena: the 600,000 nodes of 2x5 are freed at once (one by one, the
  // process's exit took 0.4 s of the ranker's 2.5 s).
  using Table = std::pmr::unordered_map<Key, u128, KeyHash>;

  // Relabels a grid of the shape (validated) to 2 x C boxes with its first row 0..N-1: the cells,
  // and the first row's digits (1..N) for P.
  Cells normalise(const GridCells& grid, std::vector<int>& first) const;
  // The structure index part of the rank: prefix(S), and the key of S's whole histogram.
  u128 structure_prefix(const std::array<std::uint16_t, kMaxC>& sets, Key& whole) const;
  // The sum over completions after level j of a histogram (the start-up's recursion).
  u128 sum_after(int j, const std::array<std::uint8_t, 32>& h);
  // The sum after level j of the histogram `key` (the last level: Q^2), read from the tables.
  u128 sum_at(int j, Key key) const;
  // Q of a whole histogram: its class's F / C!.
  u128 q_of_histogram(const std::array<std::uint8_t, 32>& h) const;
  struct Stacks;
  Stacks stacks_of(const Cells& g) const;
  static void check_count(const StackFillings& stack, u128 q);

  int c_ = 0;                // box columns (2 x C view); N = 2C
  bool transposed_ = false;  // a C x 2 shape, ranked through its transpose
  std::vector<std::uint16_t> sets_;  // the C(N, C) sets of C digits, increasing
  std::pmr::monotonic_buffer_resource arena_;
  // [j], j < C - 1: histogram after S_0..S_j -> the sum of Q^2 over the completions.
  std::array<Table, kMaxC - 1> sums_{Table(&arena_), Table(&arena_), Table(&arena_), Table(&arena_)};
  Table q_{&arena_};  // whole histogram (after S_0 .. S_{C-1}) -> Q
  const TwoStackClasses* classes_ = nullptr;  // during the start-up only
  std::vector<u128> class_f_;                  // during the start-up only
};

}  // namespace gridenum
