// 8x8 rank and unrank through the two bands (grid/two_band_rank.hpp; the derivation and the
// measurements are in docs/grid-tools.md, "8x8: rank through the two bands").
//
// Contracts (std::invalid_argument, std::out_of_range) guard what a caller passes in: a grid that
// is not valid, a graph that is not regular, a row that is not a matching, an index past the
// range. Assertions guard what the tables promise each other (a band's index below its count, a
// column set that is one of its stack's choices), as everywhere in the project
// (docs/architecture.md).
#include "gridenum/grid/two_band_rank.hpp"

#include <fmt/format.h>
#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <bit>
#include <cassert>
#include <limits>
#include <stdexcept>

#include "gridenum/core/combinatorics.hpp"

namespace gridenum {

namespace two_band {
namespace {

constexpr int kMaxColumns = 16;

std::uint16_t bit(int d) { return static_cast<std::uint16_t>(1u << d); }

// Bits set in a 16-bit mask by table (the library is built for generic x86-64, where std::popcount
// is a call into libgcc).
struct PopcountTable {
  std::array<std::uint8_t, 256> bits{};
  constexpr PopcountTable() {
    for (int m = 1; m < 256; ++m) bits[static_cast<std::size_t>(m)] = static_cast<std::uint8_t>(bits[static_cast<std::size_t>(m >> 1)] + (m & 1));
  }
};
constexpr PopcountTable kPopcount;
int popcount16(unsigned m) { return kPopcount.bits[m & 0xff] + kPopcount.bits[m >> 8 & 0xff]; }

// One level of the lexicographic descent: the perfect matchings of a k-regular graph (columns[c]:
// the digits column c is still joined to), each weighing F_{k-1} of what it leaves -- the number
// of ways the rows after it can be filled. `digit` is the matching being built.
struct Level {
  MatchingRemoval* counter;
  const std::uint16_t* columns;
  int n, k;
  std::uint8_t digit[kMaxColumns];

  // F_{k-1} of a (k-1)-regular graph: 1 for k-1 <= 1, 2^cycles for k-1 = 2 (a 2-regular
  // bipartite graph is even cycles, two colourings each), else the counter.
  u128 f_after(const std::uint16_t* rest) const {
    if (k - 1 <= 1) return 1;
    if (k - 1 == 2) return u128{1} << two_regular_cycles(rest, n);
    return counter->count(rest, n, k - 1);
  }

  // The weight of every perfect matching that gives the columns outside `open` the digits in
  // `digit` and the open ones digits of `free`: the sum of F_{k-1}(H - M) over those M. The
  // open columns are filled in any order (the sum does not depend on it): the one with the fewest
  // free digits first, so a dead end is seen one step after it is made.
  u128 completions(std::uint32_t open, std::uint16_t free) {
    if (open == 0) {
      std::uint16_t rest[kMaxColumns];
      for (int c = 0; c < n; ++c) rest[c] = static_cast<std::uint16_t>(columns[c] & ~bit(digit[c]));
      return f_after(rest);
    }
    int best = -1, best_count = kMaxColumns + 1;
    for (std::uint32_t o = open; o != 0; o &= o - 1) {
      const int c = std::countr_zero(o);
      const int options = popcount16(columns[c] & free);
      if (options < best_count) {
        best = c;
        best_count = options;
        if (options <= 1) break;
      }
    }
    if (best_count == 0) return 0;
    u128 sum = 0;
    const std::uint32_t rest_open = open & ~(1u << best);
    for (unsigned o = columns[best] & free; o != 0; o &= o - 1) {
      const int d = std::countr_zero(o);
      digit[best] = static_cast<std::uint8_t>(d);
      sum = checked_add(sum, completions(rest_open, static_cast<std::uint16_t>(free & ~bit(d))));
    }
    return sum;
  }
};

std::uint16_t all_digits_of(const std::uint16_t* columns, int n) {
  std::uint16_t all = 0;
  for (int c = 0; c < n; ++c) all = static_cast<std::uint16_t>(all | columns[c]);
  return all;
}

// Column 0 costs no enumeration: every edge e of a k-regular graph H lies in the first matching
// of exactly F_k(H) / k ordered factorisations (exchanging two colours maps those with e in one
// onto those with e in the other, and e has one of the k colours), and those are the ones whose
// first row gives column 0 that digit. So at column 0 each free digit weighs F_k(H) / k; the
// walk through the matchings starts at column 1. F_k of the next level's graph H - M_i is the
// weight of M_i, one count.
//
// The lexicographic index of `rows` (k perfect matchings, row i at rows[i * n ..]) among the
// ordered factorisations of the k-regular graph `columns`, whose F_k is `total`. Level by level:
// at column c of row i, every free digit below the row's adds the weight of all the matchings
// that start with the row's digits in columns 0..c-1 and that digit in c; then the row's own
// digit is fixed. Every factorisation before `rows` first differs from it in some row at some
// column, with a smaller digit there, so the sum counts exactly those before it.
u128 rank_rows(MatchingRemoval& counter, const std::uint16_t* columns, int n, int k, u128 total, const std::uint8_t* rows) {
  std::uint16_t h[kMaxColumns];
  std::copy(columns, columns + n, h);
  u128 index = 0;
  for (int i = 0; i < k; ++i) {
    Level level{&counter, h, n, k - i, {}};
    const std::uint8_t* row = rows + static_cast<std::ptrdiff_t>(i) * n;
    std::uint32_t open = (1u << n) - 1;
    std::uint16_t free = all_digits_of(h, n);
    for (int c = 0; c < n; ++c) {
      const unsigned options = h[c] & free;
      const int t = row[c];
      if (t >= kMaxColumns || (options >> t & 1) == 0)
        throw std::invalid_argument(fmt::format("factorisation_rank: row {} is not a perfect matching of what the rows before it "
                                                "left (column {}, digit {})",
                                                i, c, t));
      open &= ~(1u << c);
      if (c == 0) {
        assert(total % static_cast<unsigned>(k - i) == 0);
        index = checked_add(index, checked_mul(total / static_cast<unsigned>(k - i), static_cast<u128>(popcount16(options & (bit(t) - 1u)))));
      } else {
        for (unsigned o = options & (bit(t) - 1u); o != 0; o &= o - 1) {
          const int d = std::countr_zero(o);
          level.digit[c] = static_cast<std::uint8_t>(d);
          index = checked_add(index, level.completions(open, static_cast<std::uint16_t>(free & ~bit(d))));
        }
      }
      level.digit[c] = static_cast<std::uint8_t>(t);
      free = static_cast<std::uint16_t>(free & ~bit(t));
    }
    for (int c = 0; c < n; ++c) h[c] = static_cast<std::uint16_t>(h[c] & ~bit(row[c]));
    total = level.f_after(h);
  }
  return index;
}

// The factorisation of index `rest` (below `total` = F_k(columns)): the same descent, taking at
// each column the free digits in increasing order and subtracting their weights while what is
// left is at least the weight (column 0: a division); the last free digit needs no weight (what
// is left is below it). What is left at the end is 0 (std::logic_error otherwise: the counts did
// not add up).
void unrank_rows(MatchingRemoval& counter, const std::uint16_t* columns, int n, int k, u128 total, u128 rest, std::uint8_t* rows) {
  std::uint16_t h[kMaxColumns];
  std::copy(columns, columns + n, h);
  for (int i = 0; i < k; ++i) {
    Level level{&counter, h, n, k - i, {}};
    std::uint8_t* row = rows + static_cast<std::ptrdiff_t>(i) * n;
    std::uint32_t open = (1u << n) - 1;
    std::uint16_t free = all_digits_of(h, n);
    for (int c = 0; c < n; ++c) {
      unsigned options = h[c] & free;
      if (options == 0) throw std::logic_error("factorisation_unrank: a dead end (the counts do not add up)");
      open &= ~(1u << c);
      int d = 0;
      if (c == 0) {
        assert(total % static_cast<unsigned>(k - i) == 0);
        const u128 w = total / static_cast<unsigned>(k - i);
        auto skip = static_cast<int>(rest / w);
        if (skip >= popcount16(options)) throw std::logic_error("factorisation_unrank: the counts do not add up");
        rest -= static_cast<u128>(skip) * w;
        for (; skip > 0; --skip) options &= options - 1;
        d = std::countr_zero(options);
      } else {
        for (;;) {
          d = std::countr_zero(options);
          options &= options - 1;
          if (options == 0) break;
          level.digit[c] = static_cast<std::uint8_t>(d);
          const u128 w = level.completions(open, static_cast<std::uint16_t>(free & ~bit(d)));
          if (rest < w) break;
          rest -= w;
        }
      }
      level.digit[c] = static_cast<std::uint8_t>(d);
      row[c] = static_cast<std::uint8_t>(d);
      free = static_cast<std::uint16_t>(free & ~bit(d));
    }
    for (int c = 0; c < n; ++c) h[c] = static_cast<std::uint16_t>(h[c] & ~bit(row[c]));
    total = level.f_after(h);
  }
  if (rest != 0) throw std::logic_error("factorisation_unrank: the counts do not add up");
}

// The graphs of the two bands from the top band's column sets x: the top band's rows 1..R-1 are
// a factorisation of H_x less row 0's matching {c -> c}; the bottom band's rows one of H_x',
// where x' swaps the two sets of every stack (columns 2t and 2t+1 = c ^ 1).
void band_graphs(const std::uint16_t* x, int n, std::uint16_t* top, std::uint16_t* bottom) {
  for (int c = 0; c < n; ++c) {
    top[c] = static_cast<std::uint16_t>(x[c] & ~bit(c));
    bottom[c] = x[c ^ 1];
  }
}

std::uint64_t to_u64(u128 v) {
  if (v > std::numeric_limits<std::uint64_t>::max()) throw std::logic_error("TwoBandRanker: an arrangement count past 64 bits");
  return static_cast<std::uint64_t>(v);
}

// The shape, once it is known to be one the ranker takes (checked before anything is built).
Shape two_band_shape(Shape s) {
  if (s.n() <= 8 && s.rows >= 2 && s.cols >= 2 && (s.rows == 2 || s.cols == 2)) return s;
  throw std::invalid_argument(
      fmt::format("TwoBandRanker takes R x 2 and 2 x C box shapes of up to 8 digits (2x2, 2x3, 3x2, 2x4, 4x2); got {}", s.str()));
}

}  // namespace
}  // namespace two_band

// Names of this file's helpers are written two_band::..., since a unity source may hold
// band_stack_rank.cpp's `using namespace band_stack` beside it.

// ---------------------------------------------------------------------------------------------
// Ordered factorisations: the contracts, then the descents above.

u128 factorisation_rank(MatchingRemoval& counter, const std::uint16_t* columns, int n, int k, const std::uint8_t* rows) {
  if (n < 1 || n > two_band::kMaxColumns) throw std::invalid_argument(fmt::format("factorisation_rank: 1 to {} columns, got {}", two_band::kMaxColumns, n));
  const u128 total = counter.count(columns, n, k);  // std::invalid_argument unless k-regular
  return two_band::rank_rows(counter, columns, n, k, total, rows);
}

void factorisation_unrank(MatchingRemoval& counter, const std::uint16_t* columns, int n, int k, u128 index, std::uint8_t* rows) {
  if (n < 1 || n > two_band::kMaxColumns) throw std::invalid_argument(fmt::format("factorisation_unrank: 1 to {} columns, got {}", two_band::kMaxColumns, n));
  const u128 total = counter.count(columns, n, k);
  if (index >= total)
    throw std::out_of_range(fmt::format("factorisation_unrank: index {} is out of range: the graph has {} ordered factorisations, 0 .. {}",
                                        to_string(index), to_string(total), to_string(total - 1)));
  two_band::unrank_rows(counter, columns, n, k, total, index, rows);
}

// ---------------------------------------------------------------------------------------------
// The tables: every structure's A0 and F, then their prefix sums.

// The structures are the mixed-radix numbers over the stacks' choices, so the table is one pass
// over an index range, cut into blocks for oneTBB's threads; each thread counts with its own
// MatchingRemoval (not thread-safe), whose memo it keeps for ranking afterwards. The residual
// graphs of different structures meet in the memo under its key (rows sorted and digits renamed by
// refinement), so most counts are look-ups (docs/grid-tools.md has the figures).
TwoBandRanker::TwoBandRanker(Shape s) : GridRanker(two_band::two_band_shape(s)) {
  r_ = s.n() / 2;
  transposed_ = s.cols != 2;
  const int n = 2 * r_;
  for (int t = 0; t < r_; ++t) {
    auto& index = choice_index_[static_cast<std::size_t>(t)];
    index.fill(-1);
    auto& list = choices_[static_cast<std::size_t>(t)];
    for (unsigned m = 0; m < (1u << n); ++m)
      if (std::popcount(m) == r_ && (m >> (2 * t) & 1) != 0 && (m >> (2 * t + 1) & 1) == 0) {
        index[m] = static_cast<std::int16_t>(list.size());
        list.push_back(static_cast<std::uint16_t>(m));
      }
  }
  const std::size_t radix = choices_[0].size();  // C(N-2, R-1)
  std::size_t count = 1;
  for (int t = 0; t < r_; ++t) count *= radix;
  a0_.assign(count, 0);
  f_.assign(count, 0);
  // Isolated (as grid_ranker also builds it, rank.cpp): built on first use, possibly inside a task
  // of the caller's own parallel loop under grid_ranker's lock, this thread must not pick up
  // another task of that loop while it waits for these blocks.
  oneapi::tbb::this_task_arena::isolate([&] {
    oneapi::tbb::parallel_for(oneapi::tbb::blocked_range<std::size_t>(0, count, 256), [&](const oneapi::tbb::blocked_range<std::size_t>& range) {
      MatchingRemoval& m = counter();
      for (std::size_t i = range.begin(); i != range.end(); ++i) {
        const auto x = columns_of(i);
        std::uint16_t top[kMaxN], bottom[kMaxN];
        two_band::band_graphs(x.data(), n, top, bottom);
        a0_[i] = two_band::to_u64(m.count(top, n, r_ - 1));
        f_[i] = two_band::to_u64(m.count(bottom, n, r_));
      }
    });
  });
  prefix_.assign(count + 1, 0);
  for (std::size_t i = 0; i < count; ++i) {
    // A regular bipartite graph has a perfect matching (Hall), so each has a factorisation.
    assert(a0_[i] > 0 && f_[i] > 0);
    prefix_[i + 1] = checked_add(prefix_[i], checked_mul(a0_[i], f_[i]));
  }
  set_normalised_total(prefix_.back());
}

std::array<std::uint16_t, TwoBandRanker::kMaxN> TwoBandRanker::columns_of(std::size_t structure) const {
  assert(structure < a0_.size());
  const std::size_t radix = choices_[0].size();
  const auto all = static_cast<std::uint16_t>((1u << (2 * r_)) - 1);
  std::array<std::uint16_t, kMaxN> x{};
  for (int t = r_ - 1; t >= 0; --t) {
    const std::uint16_t m = choices_[static_cast<std::size_t>(t)][structure % radix];
    structure /= radix;
    x[static_cast<std::size_t>(2 * t)] = m;
    x[static_cast<std::size_t>(2 * t + 1)] = static_cast<std::uint16_t>(all ^ m);
  }
  return x;
}

std::uint64_t TwoBandRanker::top_arrangements(std::size_t structure) const {
  if (structure >= a0_.size())
    throw std::out_of_range(fmt::format("top_arrangements: structure {} is past the {} structures", structure, a0_.size()));
  return a0_[structure];
}

std::uint64_t TwoBandRanker::bottom_arrangements(std::size_t structure) const {
  if (structure >= f_.size())
    throw std::out_of_range(fmt::format("bottom_arrangements: structure {} is past the {} structures", structure, f_.size()));
  return f_[structure];
}

// ---------------------------------------------------------------------------------------------
// The whole rank: relabelling, structure, top band, bottom band.

u128 TwoBandRanker::rank(const GridCells& grid) const {
  const Shape s = shape();
  if (!is_valid_grid(s, grid)) throw std::invalid_argument("rank: not a valid " + s.str() + " grid");
  const GridCells base = transposed_ ? transpose_grid(s, grid) : grid;  // now R x 2 boxes
  const int n = s.n();
  // Relabel so that the first row reads 0..N-1; the first row is the relabelling.
  const std::vector<int> first(base.begin(), base.begin() + n);
  std::array<std::uint8_t, kMaxN + 1> label{};
  for (int c = 0; c < n; ++c) label[static_cast<std::size_t>(first[static_cast<std::size_t>(c)])] = static_cast<std::uint8_t>(c);
  Cells g{};
  for (int k = 0; k < n * n; ++k) g[static_cast<std::size_t>(k)] = label[static_cast<std::size_t>(base[static_cast<std::size_t>(k)])];
  // The structure: column 2t's digits in the top band, one of stack t's choices (it holds 2t
  // from row 0, and not 2t+1, which row 0 puts in the other column of the box).
  const std::size_t radix = choices_[0].size();
  std::size_t structure = 0;
  for (int t = 0; t < r_; ++t) {
    unsigned m = 0;
    for (int r = 0; r < r_; ++r) m |= 1u << g[static_cast<std::size_t>(r * n + 2 * t)];
    const int i = choice_index_[static_cast<std::size_t>(t)][m];
    assert(i >= 0);
    structure = structure * radix + static_cast<std::size_t>(i);
  }
  const auto x = columns_of(structure);
  std::uint16_t top[kMaxN], bottom[kMaxN];
  two_band::band_graphs(x.data(), n, top, bottom);
  MatchingRemoval& m = counter();
  const u128 a0 = two_band::rank_rows(m, top, n, r_ - 1, a0_[structure], g.data() + n);
  const u128 a1 = two_band::rank_rows(m, bottom, n, r_, f_[structure], g.data() + static_cast<std::ptrdiff_t>(r_) * n);
  assert(a0 < a0_[structure] && a1 < f_[structure]);
  const u128 index = prefix_[structure] + a0 * f_[structure] + a1;
  assert(index < prefix_[structure + 1]);
  return permutation_index(first) * normalised_total() + index;
}

GridCells TwoBandRanker::unrank(u128 n) const {
  check_rank(n);
  const int N = shape().n();
  const std::vector<int> first = permutation_of_index(N, n / normalised_total());
  const u128 index = n % normalised_total();
  // The last structure whose prefix sum is at most the index (every structure has a positive
  // count, so it is the structure the index falls in).
  const auto structure = static_cast<std::size_t>(std::upper_bound(prefix_.begin(), prefix_.end(), index) - prefix_.begin() - 1);
  const u128 rest = index - prefix_[structure];
  const u128 a0 = rest / f_[structure], a1 = rest % f_[structure];
  assert(a0 < a0_[structure]);
  const auto x = columns_of(structure);
  std::uint16_t top[kMaxN], bottom[kMaxN];
  two_band::band_graphs(x.data(), N, top, bottom);
  Cells g{};
  for (int c = 0; c < N; ++c) g[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(c);
  MatchingRemoval& m = counter();
  two_band::unrank_rows(m, top, N, r_ - 1, a0_[structure], a0, g.data() + N);
  two_band::unrank_rows(m, bottom, N, r_, f_[structure], a1, g.data() + static_cast<std::ptrdiff_t>(r_) * N);
  GridCells base(static_cast<std::size_t>(N * N));
  for (int k = 0; k < N * N; ++k) base[static_cast<std::size_t>(k)] = first[g[static_cast<std::size_t>(k)]];
  GridCells grid = transposed_ ? transpose_grid(Shape{r_, 2}, base) : std::move(base);
  if (!is_valid_grid(shape(), grid)) throw std::logic_error("unrank: the " + shape().str() + " grid built is not valid");
  return grid;
}

}  // namespace gridenum
