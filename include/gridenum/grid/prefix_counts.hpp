// Exact counts of the completions of a grid filled cell by cell in reading order
// (docs/grid-tools.md, "Rank and unrank"): the table the rank / unrank descent reads.
//
// A prefix (the first k cells in reading order) is summed up by its *state*: the digits used in
// each column, in each box of the band being filled (reset at a band boundary), in the row being
// filled (reset at a row boundary), which columns of that row are filled, and k. The cells that
// complete the prefix depend on the state only, so the number of completions is a function of
// it: count(state) = 1 when every cell is filled, else the sum of count(state + d) over the
// digits d that fit the next cell (not in its row, column or box).
//
// The count is also unchanged when the columns inside a stack are permuted, or the stacks (with
// their boxes): completing the row being filled needs only which columns are still open, not
// where they are. So a state is stored under a key that sorts the columns (each its mask and
// whether it is filled in the row being filled) inside each stack and then the stacks, and
// equivalent prefixes share one entry. The table is filled from the state of the first row
// 1 2 .. N by the recursion above when it is built. It is not closed under the descent: a
// state equivalent to a stored one fills its next cell in another column than the stored one
// did, so its children need not be stored; a look-up that misses runs the recursion from there
// and stores what it finds (oneTBB's concurrent map: any number of threads may look up and
// insert at once; two threads that compute one key store the same exact value).
//
// Shapes: where the table is small (2x2: tens of keys, 2x3 / 3x2: thousands; docs/grid-tools.md
// gives the sizes and times). 8x8 and 9x9 need the count engine's band tables instead
// (docs/grid-tools.md, "Extending to 8x8 and 9x9").
#pragma once

#include <oneapi/tbb/concurrent_unordered_map.h>

#include <array>
#include <cstdint>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/shape.hpp"

namespace gridenum {

// The first `cells` cells of a grid in reading order, as masks (bit d-1 = digit d).
struct CellPrefix {
  static constexpr int kMaxN = 12;
  std::array<std::uint16_t, kMaxN> col{};  // digits used in each column
  std::array<std::uint16_t, 6> box{};      // digits used in each box of the band being filled (one per stack)
  std::uint16_t row = 0;                   // digits used in the row being filled
  int cells = 0;                           // cells filled
};

class PrefixCounts {
 public:
  // Fills the table for shape s (at most 12 digits and 6 stacks) from first_row().
  explicit PrefixCounts(Shape s);

  Shape shape() const { return shape_; }
  // The prefix holding the row 1 2 .. N.
  CellPrefix first_row() const;
  // The digits that fit the next cell (bit d-1 = digit d); 0 when the grid is full.
  unsigned open_digits(const CellPrefix& p) const;
  // The prefix with digit d (1-based, one of open_digits) in the next cell.
  CellPrefix with_digit(const CellPrefix& p, int d) const;
  // The completions of a prefix (1 for a full grid; 0 for a dead end), from the table or
  // computed and stored.
  u128 completions(const CellPrefix& p) const;
  std::size_t keys() const { return table_.size(); }

 private:
  using Key = std::array<std::uint16_t, 20>;
  struct KeyHash {
    std::size_t operator()(const Key& k) const;
  };
  Key key(const CellPrefix& p) const;

  Shape shape_;
  mutable oneapi::tbb::concurrent_unordered_map<Key, u128, KeyHash> table_;
};

}  // namespace gridenum
