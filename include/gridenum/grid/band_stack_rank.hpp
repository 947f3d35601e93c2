// Rank and unrank of 9x9 grids through the band and stack structure (docs/grid-tools.md, "9x9:
// rank through bands and stacks"): a bijection between the 6,670,903,752,021,072,936,960 grids
// and 0 .. total-1 in tens of microseconds a grid, after a start-up of tables built once.
//
// The rank is a mixed-radix number read from the top down:
//
//   rank(g) = perm_index(box 1 of g) * T1 + offset[band index of g's top band] + lower
//
// - the relabelling: g is relabelled so that box 1 reads 1..9 (digits 0..8 inside); its Lehmer
//   code among the 9! arrangements of box 1 is the high digit, T1 = total / 9!;
// - the top band: one of 2,612,736 with box 1 fixed, numbered by how box 2 splits the digits
//   between its rows (56 ways) and how each row of boxes 2 and 3 is ordered (6^6); offset[] sums
//   the completions of every band before it;
// - the lower six rows: mapped by a symmetry tau (stack and column permutations, relabelling)
//   chosen from the top band's column digit sets X alone to a completion of the canonical set X*,
//   then numbered by how each stack splits its column digits between the middle and bottom box
//   (56^3 ways, a prefix table per X*) and by the arrangements of the middle and bottom bands
//   given their column sets (BandArrangements below).
//
// Every level is a bijection, so the whole is one (the tests check round trips and the totals).
// The order is not lexicographic; it is fixed by the enumeration orders written below.
#pragma once

#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "gridenum/core/arith.hpp"
#include "gridenum/grid/canon.hpp"
#include "gridenum/grid/rank.hpp"
#include "gridenum/puzzle/rng.hpp"

namespace gridenum {

// A set of the nine digits as a bit mask (bit d = digit d, 0..8).
using Digits9 = std::uint16_t;
// A 3-row band of a 9x9 grid, digits 0..8, row-major (row r, column c at r*9 + c).
using BandRows = std::array<std::uint8_t, 27>;

// The arrangements of a 3-row band whose column digit sets are given: each column's three
// digits put into the three rows in one of 3! orders, every row then holding all nine digits.
// Columns 3s..3s+2 form stack s; their sets must partition the nine digits in every stack.
//
// Layout: a stack's arrangement is a = p0 * 36 + p1 * 6 + p2 (p_i the order of its i-th column,
// an index into the 6 permutations of 0,1,2 in lexicographic order: row r holds the column's
// sorted digit PERM[p][r]); row_masks_[s][a][r] is the digit set stack s puts in row r. A band
// is (a0, a1, a2); stack 2's arrangement is forced by the other two, so validity is a test of
// the pair. Arrangements are numbered by (a0, a1): rank = #valid before a0 + #valid a1' < a1
// beside a0. count(a0) depends only on a0 up to a common reordering of the rows, which acts
// freely on column 0's order, so 36 sweeps give all 216 counts. A sweep starts from the a1 that
// clash with a0 in no row: a 216-bit set, the complement of the union of places_[r][d] (the a1
// putting digit d in row r) over a0's digits d of row r; only those few are tested for stack 2.
class BandArrangements {
 public:
  explicit BandArrangements(const std::array<Digits9, 9>& columns);

  std::uint32_t count() const { return total_; }
  // The index of a band with these column sets in [0, count()); std::invalid_argument otherwise.
  std::uint32_t rank(const BandRows& band) const;
  // The band of an index; std::out_of_range when index >= count().
  BandRows unrank(std::uint32_t index) const;

 private:
  using A1Set = std::array<std::uint64_t, 4>;  // a set of stack-1 arrangements (216 bits)
  // Stack 2 can complete stacks 0 and 1 in arrangements a0 and a1 (which clash in no row).
  bool completes(int a0, int a1) const;
  // Calls f(a1) for every a1 that makes a band with a0, in increasing order, until f returns false.
  template <class F>
  void for_each_partner(int a0, F&& f) const;
  std::uint32_t count_of(int a0) const;

  std::array<Digits9, 9> columns_{};
  std::array<std::array<std::uint8_t, 3>, 9> sorted_{};  // each column's digits, increasing
  std::array<std::array<std::array<Digits9, 3>, 216>, 3> row_masks_{};
  std::array<std::array<A1Set, 9>, 3> places_{};  // [row][digit]: the a1 putting the digit there
  std::array<std::uint32_t, 36> count36_{};  // count(a0) for a0 with column 0 in order 0,1,2
  std::uint32_t total_ = 0;
};

// Hash tables of the ranker are keyed by digit tensors packed 2 bits a cell (band_stack_rank.cpp),
// which are structured (most cells 0): they are mixed by splitmix64's finaliser, since oneTBB's
// map takes the low bits of the hash and the identity would leave them nearly constant.
struct TensorKeyHash {
  std::size_t operator()(std::uint64_t key) const { return static_cast<std::size_t>(splitmix64(key)); }
};

// The 56 ways to split nine digits into three 3-sets m_a, m_b, m_c avoiding x_a, x_b, x_c (three
// 3-sets partitioning the digits), in increasing order of (m_a, m_b): box 2's row sets beside
// box 1's rows, or a stack's middle-box column sets below the top band's columns.
std::vector<std::array<Digits9, 3>> digit_splits(Digits9 xa, Digits9 xb, Digits9 xc);

// The 9x9 ranker; normalised_total() is T1, the grids whose box 1 reads 1..9.
class BandStackRanker final : public GridRanker {
 public:
  // Builds every table (docs/grid-tools.md has the start-up's time and memory).
  BandStackRanker();

  u128 rank(const GridCells& grid) const override;
  GridCells unrank(u128 n) const override;

  // Sizes, for the docs and benchmarks: canonical column-set classes X*, raw tensors seen.
  std::size_t classes() const { return classes_.size(); }
  std::size_t tensors() const { return tensor_class_.size(); }

  // The completions of top band `band` (an index below): the count engine's n for its class.
  std::uint64_t band_completions(std::uint32_t band) const;

  // The index of a top band (rows 0-2, box 1 reading 0..8) among the 2,612,736, and back.
  static std::uint32_t band_index(const BandRows& band);
  static BandRows band_of_index(std::uint32_t index);

 private:
  // One canonical column-set configuration X* of the top band and its lower-six-row table.
  struct LowerClass {
    std::array<Digits9, 9> columns{};                  // X*: the top band's column sets
    std::array<std::vector<std::array<Digits9, 3>>, 3> splits;  // per stack, the middle-box column sets
    std::vector<std::uint64_t> prefix;                   // 56^3 + 1 prefix sums of completions
    std::uint64_t completions() const { return prefix.back(); }
  };
  // How a top band's column sets reach their class: the class and the symmetry (index into the
  // 1,296 stack and column permutations) that carries the band's digit tensor to X*'s.
  struct TensorClass {
    std::uint16_t lower_class = 0;
    std::uint16_t element = 0;
  };
  // The column map and relabelling of tau for the top band's column sets.
  struct Tau {
    std::array<std::uint8_t, 9> column{};  // old column -> new column
    std::array<std::uint8_t, 9> digit{};   // old digit -> new digit
    const LowerClass* lower = nullptr;
  };

  Tau tau_of(const std::array<Digits9, 9>& columns) const;
  std::uint64_t rank_lower(const LowerClass& c, const std::array<std::uint8_t, 54>& lower) const;
  std::array<std::uint8_t, 54> unrank_lower(const LowerClass& c, std::uint64_t index) const;

  std::vector<LowerClass> classes_;
  std::unordered_map<std::uint64_t, TensorClass, TensorKeyHash> tensor_class_;  // raw tensor key -> class
  std::vector<std::uint64_t> offsets_;  // 2,612,736 + 1 prefix sums over the band index
};

}  // namespace gridenum
