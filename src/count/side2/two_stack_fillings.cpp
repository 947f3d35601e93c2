// Two-stack route, F counter: fillings of one 2m x m stack with given row sets, column by column.
//
// The idea. Stack row 2k holds S_k, row 2k+1 its complement; every column holds every digit
// once. So a column is a perfect matching of the bipartite graph G (rows vs digits, row i --
// digit d when d is in row i's set), and a filling is an ordered 1-factorisation of G, which is
// m-regular (each digit sits in one row of each box). Counting:
//
//   F_k(G) = k * sum over perfect matchings M of G that contain a fixed edge e of F_{k-1}(G - M)
//
// (in an ordered colouring e has one of k colours, equally often; that colour class is M), with
//   F_2(G) = 2^c(G)   (a 2-regular bipartite graph is c even cycles, 2 colourings each),
//   F_1(G) = 1, and F of a disconnected graph = product over its components.
// The method, removing one perfect matching at a time with memoised residual graphs, is not this
// file's: it is how the 2x5 count was first done. The details here -- the fixed edge, the
// component split, the memo key -- are this file's.
//
// Memo. Residual graphs recur: different matchings of G leave the same graph, or the same graph
// up to a permutation of the rows. The key is the graph with its rows sorted (rows are
// interchangeable: permuting them maps colourings to colourings). Per level k, per counter: a
// MatchingRemoval (two_stack.hpp) keeps its memo across calls; two_stack_fillings makes one per
// configuration, so one class's count shares nothing with another's, while the 8x8 ranker
// (grid/two_band_rank.hpp) keeps one per thread for the whole process. A generic 2x6
// class fills it at about 0.25 GB per CPU-minute (class 4,743: 6 GB after 23 minutes, on past
// 20 GB), so a caller can set a ceiling (memo_bytes): past it the fullest level is emptied.
//
// Data layout: a graph is up to 16 row masks (uint16, bit d = digit d) and its row count; the
// digits of a component need not be contiguous (masks keep the original digit numbers).
//
//     rows[0..n)   row i's remaining digits; every row and every digit has degree k
//
// The matching search picks, at every step, the unmatched row with the fewest free digits (a
// row with none prunes the branch), so dead ends are found one step after they are made.
#include "gridenum/count/side2/two_stack.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <memory>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "gridenum/core/combinatorics.hpp"
#include "gridenum/core/stop.hpp"

namespace gridenum {

namespace {

struct Key {
  std::array<std::uint16_t, 16> rows{};
  bool operator==(const Key&) const = default;
};
struct KeyHash {
  std::size_t operator()(const Key& k) const {
    std::uint64_t h = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < 16; i += 4) {
      std::uint64_t w = std::uint64_t{k.rows[i]} | std::uint64_t{k.rows[i + 1]} << 16 |
                        std::uint64_t{k.rows[i + 2]} << 32 | std::uint64_t{k.rows[i + 3]} << 48;
      h = (h ^ w) * 0xBF58476D1CE4E5B9ull;
      h ^= h >> 31;
    }
    return static_cast<std::size_t>(h);
  }
};

// Refinement rounds of the memo key (see normal_form): 4 at levels k >= 4 (few graphs, worth
// a strong key), 1 at level 3 (about 10^5 graphs per class; a stronger key costs more than the
// F_3 recounts it saves). Measured with callgrind on one of the costliest 2x5 classes
// (12345 16789 2678A 3469A 3567A): 4 rounds at every level 3.39G instructions; level 3 with
// 0 rounds (rows sorted only) 2.63G, 1 round 2.24G, 2 rounds 2.36G. (Rows sorted only at every
// level: 10x more matchings on the 2x5 classes timed, 3x the time.)
// Dropping the level-3 memo altogether: 4.95G. Counting F_4 by 2-factor pairs instead of
// matchings (the two-band route's idea): 23G (the 2-factor search has far more dead ends).
constexpr int kRefineFrom = 4;
constexpr int kLowRounds = 1;

}  // namespace

// The counter behind MatchingRemoval (two_stack.hpp): the memo and the recursion.
class MatchingRemoval::Impl {
 public:
  Impl(TwoStackStats* stats, std::uint64_t max_entries) : stats_(stats), max_entries_(max_entries) {}

  // F_k of the graph rows[0..n), k-regular.
  u128 count(const std::uint16_t* rows, int n, int k) {
    if (k <= 1) return 1;
    if (k == 2) return u128{1} << cycles(rows, n);
    // Components: F is the product over them.
    std::uint16_t comp[16];
    std::uint32_t left = (1u << n) - 1;
    int first_n = 0;
    {
      std::uint16_t digits = rows[0];
      std::uint32_t in = 1;
      for (bool grown = true; grown;) {
        grown = false;
        for (std::uint32_t r = left & ~in; r; r &= r - 1) {
          const int i = std::countr_zero(r);
          if (rows[i] & digits) {
            digits |= rows[i];
            in |= 1u << i;
            grown = true;
          }
        }
      }
      if (in != left) {
        u128 prod = 1;
        for (std::uint32_t r = in; r; r &= r - 1) comp[first_n++] = rows[std::countr_zero(r)];
        prod = count(comp, first_n, k);
        int rest_n = 0;
        std::uint16_t rest[16];
        for (std::uint32_t r = left & ~in; r; r &= r - 1) rest[rest_n++] = rows[std::countr_zero(r)];
        return checked_mul(prod, count(rest, rest_n, k));
      }
    }
    const Key key = normal_form(rows, n, k >= kRefineFrom ? 4 : kLowRounds);
    auto& memo = memo_[k];
    if (auto it = memo.find(key); it != memo.end()) {
      if (stats_) ++stats_->memo_hits;
      return it->second;
    }
    // Matchings through e = (row 0, its lowest digit).
    Search s;
    s.self = this;
    s.n = n;
    s.k = k;
    std::copy(rows, rows + n, s.rows);
    const std::uint16_t d0 = static_cast<std::uint16_t>(rows[0] & (~rows[0] + 1));
    s.rows[0] &= static_cast<std::uint16_t>(~d0);
    s.match(static_cast<std::uint32_t>(((1u << n) - 1) & ~1u), static_cast<std::uint16_t>(~d0));
    const u128 v = checked_mul(s.sum, static_cast<u128>(k));
    if (max_entries_ != 0 && ++entries_ > max_entries_) make_room();
    memo.emplace(key, v);
    if (stats_) ++stats_->memo_entries;
    // A stop request (core/stop.hpp) is heard every 256 memo misses (a class of 2x6 is minutes):
    // the class is dropped, and counted again on resumption. A load per miss: no measurable cost.
    if ((++misses_ & 0xff) == 0) throw_if_stop_requested("two-stack count of a class");
    return v;
  }

 private:
  struct Search {
    Impl* self;
    int n, k;
    std::uint16_t rows[16];  // row i with its matched digit removed once matched
    u128 sum = 0;
    // free_rows: rows still to match; free_digits: digits not yet used by the matching.
    void match(std::uint32_t free_rows, std::uint16_t free_digits) {
      if (!free_rows) {
        if (self->stats_) ++self->stats_->matchings;
        sum = checked_add(sum, self->count(rows, n, k - 1));
        return;
      }
      int best = -1, best_c = 99;
      for (std::uint32_t r = free_rows; r; r &= r - 1) {
        const int i = std::countr_zero(r);
        const int c = std::popcount(static_cast<unsigned>(rows[i] & free_digits));
        if (c < best_c) {
          best_c = c;
          best = i;
          if (c <= 1) break;
        }
      }
      if (best_c == 0) return;
      const std::uint16_t options = rows[best] & free_digits;
      for (unsigned o = options; o; o &= o - 1) {
        const auto d = static_cast<std::uint16_t>(o & (~o + 1));
        rows[best] &= static_cast<std::uint16_t>(~d);
        match(free_rows & ~(1u << best), static_cast<std::uint16_t>(free_digits & ~d));
        rows[best] |= d;
      }
    }
  };


 public:
  // The memo key of a graph (MatchingRemoval::key, two_stack.hpp).
  static std::array<std::uint16_t, 16> key_of(const std::uint16_t* rows, int n, int k) {
    return normal_form(rows, n, k >= kRefineFrom ? 4 : kLowRounds).rows;
  }

 private:
  // The memo key: the graph relabelled by alternating refinement -- sort the rows, renumber
  // the digits in the order of their row patterns (the set of row positions holding them),
  // sort the rows again, until nothing moves (at most a few rounds). Every step maps the graph
  // to an isomorphic one, so equal keys mean equal F; refining the digits too (not only
  // sorting the rows) makes graphs that differ by a relabelling meet in the memo.
  static Key normal_form(const std::uint16_t* rows, int n, int rounds) {
    Key key;
    std::uint16_t r[16];
    std::copy(rows, rows + n, r);
    sort_small(r, n);
    for (int round = 0; round < rounds; ++round) {
      // Digit patterns over row positions; digits renumbered by pattern (ties keep digit order).
      std::uint16_t digits = 0;
      for (int i = 0; i < n; ++i) digits |= r[i];
      std::uint32_t pat[16];
      int nd = 0;
      for (unsigned d = digits; d; d &= d - 1) {
        const int dd = std::countr_zero(d);
        std::uint32_t p = 0;
        for (int i = 0; i < n; ++i) p |= static_cast<std::uint32_t>(r[i] >> dd & 1) << (15 - i);
        pat[nd++] = p << 4 | static_cast<std::uint32_t>(dd);  // pattern, then the digit
      }
      sort_small32(pat, nd);
      int to[16];
      for (int j = 0; j < nd; ++j) to[pat[j] & 15] = j;
      std::uint16_t next[16];
      for (int i = 0; i < n; ++i) {
        std::uint16_t x = 0;
        for (unsigned d = r[i]; d; d &= d - 1) x |= static_cast<std::uint16_t>(1u << to[std::countr_zero(d)]);
        next[i] = x;
      }
      sort_small(next, n);
      const bool same = std::equal(next, next + n, r);
      std::copy(next, next + n, r);
      if (same) break;
    }
    std::copy(r, r + n, key.rows.begin());
    return key;
  }
  template <class T>
  static void sort_small_t(T* a, int k) {
    for (int i = 1; i < k; ++i)
      for (int j = i; j > 0 && a[j] < a[j - 1]; --j) std::swap(a[j], a[j - 1]);
  }
  static void sort_small(std::uint16_t* a, int k) { sort_small_t(a, k); }
  static void sort_small32(std::uint32_t* a, int k) { sort_small_t(a, k); }

  // Cycles of a 2-regular bipartite graph: cycles of the digit graph whose edges are the rows
  // (each row joins its two digits; core/combinatorics.hpp).
  static int cycles(const std::uint16_t* rows, int n) {
    for (int i = 0; i < n; ++i) assert(std::popcount(static_cast<unsigned>(rows[i])) == 2);
    return two_regular_cycles(rows, n);
  }

  // Past the ceiling: empty the level with the most graphs (in practice the lowest, whose graphs
  // are the cheapest to count again), releasing its memory.
  void make_room() {
    int worst = 0;
    for (int k = 1; k <= kSide2MaxHalf; ++k)
      if (memo_[k].size() > memo_[worst].size()) worst = k;
    entries_ -= memo_[worst].size();
    std::unordered_map<Key, u128, KeyHash>().swap(memo_[worst]);  // clear() would keep the buckets
    if (stats_) ++stats_->memo_clears;
  }

  TwoStackStats* stats_;
  std::uint64_t max_entries_;  // 0: no ceiling
  std::uint64_t entries_ = 0;  // in all levels
  std::unordered_map<Key, u128, KeyHash> memo_[kSide2MaxHalf + 1];
  std::uint64_t misses_ = 0;  // memo misses, for the stop polls
};

MatchingRemoval::MatchingRemoval(TwoStackStats* stats, std::uint64_t memo_bytes)
    : impl_(std::make_unique<Impl>(stats, memo_bytes == 0 ? 0 : std::max<std::uint64_t>(1, memo_bytes / kTwoStackMemoEntryBytes))) {}
MatchingRemoval::~MatchingRemoval() = default;
MatchingRemoval::MatchingRemoval(MatchingRemoval&&) noexcept = default;
MatchingRemoval& MatchingRemoval::operator=(MatchingRemoval&&) noexcept = default;

// The contract checked once at the entry (the recursion's own graphs are regular by
// construction): every row joined to k digits, every digit to k rows.
u128 MatchingRemoval::count(const std::uint16_t* rows, int n, int k) {
  if (n < 1 || n > 16 || k < 0 || k > kSide2MaxHalf)
    throw std::invalid_argument("matching removal: a graph of 1 to 16 rows and a degree from 0 to " + std::to_string(kSide2MaxHalf) +
                                ", got " + std::to_string(n) + " rows of degree " + std::to_string(k));
  if (k == 0) {
    for (int i = 0; i < n; ++i)
      if (rows[i] != 0) throw std::invalid_argument("matching removal: a row has digits in a graph of degree 0");
    return 1;
  }
  int degree[16] = {};
  for (int i = 0; i < n; ++i) {
    if (std::popcount(static_cast<unsigned>(rows[i])) != k)
      throw std::invalid_argument("matching removal: row " + std::to_string(i) + " is not joined to " + std::to_string(k) + " digits");
    for (unsigned m = rows[i]; m != 0; m &= m - 1) ++degree[std::countr_zero(m)];
  }
  for (int d = 0; d < 16; ++d)
    if (degree[d] != 0 && degree[d] != k)
      throw std::invalid_argument("matching removal: digit " + std::to_string(d) + " is in " + std::to_string(degree[d]) +
                                  " rows, not " + std::to_string(k));
  return impl_->count(rows, n, k);
}

std::array<std::uint16_t, 16> MatchingRemoval::key(const std::uint16_t* rows, int n, int k) {
  if (n < 1 || n > 16) throw std::invalid_argument("matching removal key: a graph of 1 to 16 rows, got " + std::to_string(n));
  return MatchingRemoval::Impl::key_of(rows, n, k);
}

u128 two_stack_fillings(const Side2Config& c, TwoStackStats* stats, std::uint64_t memo_bytes) {
  if (!is_valid_config(c)) throw std::invalid_argument("two-stack fillings: not a valid configuration");
  const int m = c.m, n = 2 * m;
  const auto all = static_cast<std::uint16_t>((1u << n) - 1);
  std::uint16_t rows[16];
  for (int k = 0; k < m; ++k) {
    rows[2 * k] = c.sets[k];
    rows[2 * k + 1] = static_cast<std::uint16_t>(all & ~c.sets[k]);
  }
  MatchingRemoval counter(stats, memo_bytes);
  return counter.count(rows, n, m);
}

u128 two_stack_fillings(const Side2Config& c) { return two_stack_fillings(c, nullptr, 0); }

}  // namespace gridenum
