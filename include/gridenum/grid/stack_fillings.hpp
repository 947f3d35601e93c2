// The fillings of one stack of a 2 x C grid, numbered row by row through footprint counts: the
// level under the 10x10 ranker (two_stack_rank.hpp; docs/grid-tools.md, "10x10: rank through the
// two stacks").
//
// A stack is 2C rows of C columns; row v must hold the digits of its set (C of the N = 2C digits,
// every digit in C rows), and every column every digit once. Row 0 is fixed (the ranker has
// relabelled it). The rows are taken in the order 0, 2, .., 2C-2, 1, 3, .., 2C-1 (the top row of
// every box, then the bottom rows: the split the side-2 count's footprint counter uses,
// count/side2/two_stack_split.cpp), and a filling is numbered by its rows' arrangements in
// lexicographic order, row by row in that order, each row's digits column by column. So
//
//   index = sum over positions p >= 1, over the arrangements a of row p before the filling's
//           (given the rows before p as in the filling) of completions(rows before p, a),
//
// and completions depend only on the *footprints* of the rows placed: for each column, the set of
// digits it holds that later rows still hold (a digit none of the later rows holds is in every
// column already), up to a permutation of the columns. They are counted in two halves, as the
// footprint counter counts F: the first C rows forward from row 0 (every footprint they reach),
// the last C rows backward from the end (every tuple of column sets they can fill, with the
// number of ways), and a footprint's completions are the second half's ways to fill the column
// sets it lacks. The constructor builds both halves, once per stack; rank and unrank only read
// them.
#pragma once

#include <array>
#include <cstdint>
#include <memory_resource>
#include <unordered_map>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/hash.hpp"

namespace gridenum {

class StackFillings {
 public:
  static constexpr int kMaxC = 5;
  static constexpr int kMaxRows = 2 * kMaxC;

  // row_sets[v]: the digits (bit d, d < 2C) of row v, v = 0 .. 2C-1; first[i]: row 0's digit in
  // column i. Contracts (std::invalid_argument): 2 <= C <= kMaxC, every row C digits, every digit
  // in C rows, row 0's digits its set's.
  StackFillings(const std::uint16_t* row_sets, int c, const std::uint8_t* first);

  // Fillings with that row 0 (F / C! of the stack's F fillings: exchanging columns acts freely).
  u128 count() const { return count_; }
  // cells[v * C + i]: the digit in row v, column i. rank: std::invalid_argument unless cells is a
  // filling with the given rows and row 0; unrank: std::out_of_range past count(), writes every
  // row (row 0 the given one).
  u128 rank(const std::uint8_t* cells) const;
  void unrank(u128 index, std::uint8_t* cells) const;
  // The rows in the order they are numbered: row 0, one row of every other box, the other rows
  // (tests, docs).
  std::array<std::uint8_t, kMaxRows> row_order() const { return order_; }
  // States stored: the first half's footprints and the second half's column-set tuples (tests, docs).
  std::size_t states() const { return memo_.size() + ways_.size(); }

 private:
  using Masks = std::array<std::uint16_t, kMaxC>;  // per column, a digit set (bit d)
  using Table = std::pmr::unordered_map<std::uint64_t, u128, WordHash>;
  // Fills order_ and sets_ from the row sets (the .cpp says how).
  void choose_order(const std::uint16_t* row_sets);
  // Completions of the rows from position p on, from the footprints before p: 1 at the end, the
  // first half's memo before position C, the second half's table from C on.
  u128 completions(int p, const Masks& footprints) const;
  // The first half: completions from position p < C, memoised (the constructor's recursion).
  u128 first_half(int p, const Masks& footprints);
  // The second half's ways to fill column sets `sets` with the rows from position p on (p >= C).
  u128 second_half(int p, const Masks& sets) const;
  // The footprints after the row at position p is placed by `digits` (the digits no later row
  // holds dropped); a state's key (the masks sorted, and p).
  Masks place(int p, const Masks& footprints, const std::uint8_t* digits) const;
  std::uint64_t key(int p, const Masks& masks) const;
  static Masks sorted(Masks m);
  // The arrangements of the row at position p that fit `taken` (a column's digit not in its mask),
  // in lexicographic order: f(digits) for each until it returns false.
  template <class F>
  void for_each_arrangement(int p, const Masks& taken, F&& f) const;

  int c_ = 0, rows_ = 0;
  std::array<std::uint8_t, kMaxRows> order_{};      // [p]: the row at position p
  std::array<std::uint16_t, kMaxRows> sets_{};      // [p]: the digits of the row at position p
  std::array<std::uint16_t, kMaxRows + 1> open_{};  // [p]: digits some row at position p .. 2C-1 holds
  std::array<std::uint8_t, kMaxC> first_{};
  Masks root_{};  // footprints after row 0
  // The tables' nodes on one arena, freed at once (a stack's tables hold thousands of nodes, and
  // a 10x10 rank builds two).
  std::pmr::monotonic_buffer_resource arena_;
  Table memo_{&arena_};  // first half: key(p, footprints) -> completions, 1 <= p < C
  Table ways_{&arena_};  // second half: key(p, sorted column sets) -> labelled fillings of the orbit, p >= C
  u128 count_ = 0;
};

}  // namespace gridenum
