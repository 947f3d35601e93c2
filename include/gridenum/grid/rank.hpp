// Rank and unrank: a bijection between the grids of a shape and the integers 0 .. total-1
// (docs/grid-tools.md, "Rank and unrank").
//
// The rank is a mixed-radix number with two digits:
//
//   rank(g) = perm_index(first row of g) * T1 + lex_index(normalised g)
//
// where T1 = total / N! is the number of grids whose first row is 1 2 .. N, perm_index is the
// lexicographic index of the first row among the N! permutations (its Lehmer code), and the
// normalised grid is g relabelled so that its first row reads 1 2 .. N. lex_index is the
// grid's position among the T1 normalised grids in lexicographic (row-major) order, found by a
// descent cell by cell: at each cell after the first row, every digit that fits and is smaller
// than g's adds the number of completions of the prefix it would make (prefix_counts.hpp). unrank runs the same
// descent backwards. Relabelling acts freely on grids (a grid has every digit in its first
// row), so the two digits are independent and the map is a bijection onto [0, N! * T1).
//
// That descent (PrefixRanker) takes 2x2, 2x3 and 3x2; 8x8 (4x2, 2x4) has its own ranker through
// the two bands (two_band_rank.hpp), 9x9 one through bands and stacks (band_stack_rank.hpp) and
// 10x10 (2x5, 5x2) one through the two stacks (two_stack_rank.hpp),
// behind the same interface (GridRanker). Other shapes are refused
// with an std::invalid_argument naming these (rank_shapes_text()). Exact arithmetic in unsigned
// 128 bits.
#pragma once

#include <string>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/shape.hpp"
#include "gridenum/grid/canon.hpp"
#include "gridenum/grid/prefix_counts.hpp"

namespace gridenum {

bool is_rank_shape(Shape s);
// "2x2, 2x3, 3x2, 2x4, 4x2, 3x3": the shapes rank, unrank and sample take, for messages.
std::string rank_shapes_text();

// The interface of the rankers: PrefixRanker below (small shapes), TwoBandRanker
// (two_band_rank.hpp: 8x8), BandStackRanker (band_stack_rank.hpp: 9x9) and TwoStackRanker
// (two_stack_rank.hpp: 10x10). In each the rank's
// high digit is a relabelling (a Lehmer code in [0, N!)) and its low digit indexes the
// normalised_total() grids that relabelling acts on.
class GridRanker {
 public:
  virtual ~GridRanker() = default;
  GridRanker(const GridRanker&) = delete;
  GridRanker& operator=(const GridRanker&) = delete;

  Shape shape() const { return shape_; }
  // Every grid of the shape: N! * normalised_total().
  u128 total() const { return total_; }
  // Grids per relabelling: those whose first row (PrefixRanker, TwoBandRanker, TwoStackRanker; 2x4
  // and 5x2: first column) or first box (BandStackRanker) reads 1 2 .. N.
  u128 normalised_total() const { return normalised_; }
  // The rank of a valid grid of the shape (std::invalid_argument otherwise), in [0, total).
  virtual u128 rank(const GridCells& grid) const = 0;
  // The grid of rank n; std::out_of_range naming the range when n >= total.
  virtual GridCells unrank(u128 n) const = 0;

 protected:
  explicit GridRanker(Shape s) : shape_(s) {}
  // Sets normalised_total() and total() = N! * normalised.
  void set_normalised_total(u128 normalised);
  // std::out_of_range naming the range when n >= total().
  void check_rank(u128 n) const;

 private:
  Shape shape_;
  u128 normalised_ = 0, total_ = 0;
};

// The descent through prefix counts, for 2x2, 2x3 and 3x2 (std::invalid_argument otherwise).
class PrefixRanker final : public GridRanker {
 public:
  // Builds the completion table (prefix_counts.hpp).
  explicit PrefixRanker(Shape s);
  u128 rank(const GridCells& grid) const override;
  GridCells unrank(u128 n) const override;
  const PrefixCounts& counts() const { return counts_; }

 private:
  PrefixCounts counts_;
};

// One ranker per shape for the whole process, built on first use (thread-safe): PrefixRanker,
// or TwoBandRanker for 4x2 and 2x4, BandStackRanker for 3x3, TwoStackRanker for 2x5 and 5x2.
const GridRanker& grid_ranker(Shape s);

// The lexicographic index of a permutation of 1..n (as digits 1..n) among all n! of them, and back.
u128 permutation_index(const std::vector<int>& perm);
std::vector<int> permutation_of_index(int n, u128 index);

}  // namespace gridenum
