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
// Shapes: 2x2, 2x3 and 3x2 (rank_shapes_text()); the others are refused with an
// std::invalid_argument naming these. Exact arithmetic in unsigned 128 bits.
#pragma once

#include <string>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/shape.hpp"
#include "gridenum/grid/canon.hpp"
#include "gridenum/grid/prefix_counts.hpp"

namespace gridenum {

bool is_rank_shape(Shape s);
// "2x2, 2x3, 3x2": the shapes rank, unrank and sample take, for messages.
std::string rank_shapes_text();

class GridRanker {
 public:
  // Builds the completion table (prefix_counts.hpp). std::invalid_argument for other shapes.
  explicit GridRanker(Shape s);

  Shape shape() const { return counts_.shape(); }
  // Every grid of the shape: N! * T1.
  u128 total() const { return total_; }
  // Grids whose first row is 1 2 .. N.
  u128 normalised_total() const { return normalised_; }
  // The rank of a valid grid of the shape (std::invalid_argument otherwise), in [0, total).
  u128 rank(const GridCells& grid) const;
  // The grid of rank n; std::out_of_range naming the range when n >= total.
  GridCells unrank(u128 n) const;
  const PrefixCounts& counts() const { return counts_; }

 private:
  PrefixCounts counts_;
  u128 normalised_ = 0, total_ = 0;
};

// One ranker per shape for the whole process, built on first use (thread-safe).
const GridRanker& grid_ranker(Shape s);

// The lexicographic index of a permutation of 1..n (as digits 1..n) among all n! of them, and back.
u128 permutation_index(const std::vector<int>& perm);
std::vector<int> permutation_of_index(int n, u128 index);

}  // namespace gridenum
