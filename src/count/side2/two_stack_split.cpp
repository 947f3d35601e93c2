// Two-stack F by footprints, the stack's rows split in two halves (two_stack_split.hpp).
//
// The object. A 2m x m stack with given row sets (row 2k = S_k, row 2k+1 its complement) is
// filled when every column holds every digit once: column c picks, in each row, one digit of that
// row's set, all 2m different. Equivalently (two_stack_fillings.cpp) an ordered 1-factorisation of
// the bipartite graph G "rows vs digits".
//
// 1. Footprints. Fill the stack one row at a time (in an order chosen below). After a set P of
//    rows is filled, what the rest of the filling needs to know is, for each column c, which
//    digits c already holds: a digit d may still go in column c only if c does not hold it yet.
//    Digits all of whose rows are in P ("closed") will never be placed again, digits none of
//    whose rows are ("untouched") are in no column yet, so the state is
//        T_c = the *open* digits (rows both in and out of P) that column c holds,   c = 1..m,
//    and the number of ways to complete depends on (T_1..T_m) only. Permuting the columns maps
//    fillings to fillings, so states equal up to a column permutation have equal futures: the
//    state is the *sorted* list of footprints. A row r with digit set D_r is added by a
//    bijection phi from the columns onto D_r with phi(c) not in T_c; the new state is
//    T_c + phi(c), with the digits closed by r removed, sorted again.
//    Counting over sorted states is exact without any orbit bookkeeping: N(s) is the number of
//    labelled partial fillings whose footprints sort to s; extensions from any member of the orbit
//    land in each target orbit equally often, so N(s') = sum over s and over the bijections phi
//    from s's sorted representative that lead to s' of N(s).
//
// 2. Two halves. Split the rows into a top set P and a bottom set Q = complement. A filling is a
//    top filling and a bottom filling that agree: every digit d with rows on both sides (the set
//    O) must take each column once, so column c's bottom footprint is O \ T_c. Both halves are
//    counted by the row DP of 1 (the bottom from its own first row), independently, and
//        F = sum over labelled top footprints T of L_top(T) x L_bot(O \ T)
//          = sum over sorted top states s of N_top(s) x L_bot(complement of s),
//    where L_bot(t) = N_bot(t) / |orbit of t| is the count of one labelled tuple (the orbit under
//    column permutations has m! / prod(mult!) members, mult = multiplicities of equal footprints;
//    N_bot(t) must be divisible by it, which is asserted: a check of the DP). The top's last row
//    is not put in a table: for every top state before it and every bijection of that row, the
//    complement is looked up directly in the bottom's table (the "join row").
//    Why halves: the states are widest in the middle (class 1 of 2x6 below: 9.7 million after 5
//    of the 12 rows); counting all 12 rows forward walks the widest levels twice over, the halves
//    walk each side's levels up to the middle only, and the two halves run in parallel.
//
// 3. The row order. The number of states after a set P of rows is roughly prod over the open
//    digits of C(m, j_d) / m! (j_d = d's rows in P: the footprint sets a digit can have). A DP over
//    the 2^(2m) row subsets finds the chain minimising the sum of that estimate over its prefixes,
//    and the split P (|P| = m or m + 1, whatever keeps every count below 2^64: a half of h rows
//    has at most (m!)^h labelled fillings) minimising the two halves' sums.
//    For a generic 2x6 class the best split is one row of every box (box k's top row in P, its
//    bottom row in Q): the digits closed by P are those in every S_k, and a digit's j_d is the
//    number of boxes whose top row holds it.
//
// Data layout (the hot loop: one state -> its bijections -> table inserts):
//
//     key (64 bits) = T_1 | T_2 << 2m | ... | T_{m-1} << (m-2)2m     sorted T_1 <= .. <= T_m
//     T_m is not stored: every open digit d sits in exactly p_d footprints (p_d = its rows
//     filled), so T_m = { d open : d is in p_d - 1 of T_1..T_{m-1} }, recomputed by a bit-sliced
//     3-bit counter over the m - 1 masks.
//     table slot (16 bytes) = { key, count }, open addressing, linear probing, load <= 5/8;
//     inserts go through a 16-deep software pipeline (hash, prefetch the slot, insert 16 later)
//     because the tables (10^7 slots) live in DRAM; the slot arrays are on 2 MiB pages
//     (core/huge_array.hpp), so that a prefetch does not also wait for a page walk.
//
// Measured (2x6 class 1, 123456 123478 12569A 13579B 13689B 1458AB, the EPYC of
// docs/performance.md, one thread, prototype): rows counted forward from 1 to 12 with
// std::unordered_map 292 s; halves with an open-addressing table 133 s; the same with interleaved
// slots and the prefetch pipeline 41.8 s (5.2e8 transitions, 81 ns each, of which about 40 ns the
// bijection enumeration); later figures, huge pages (1.21x on class 1) and where a transition's
// time goes now, are in docs/methods/side2.md.
#include "gridenum/count/side2/two_stack_split.hpp"
#include "gridenum/core/huge_array.hpp"
#include "gridenum/core/stop.hpp"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_invoke.h>
#include <oneapi/tbb/parallel_reduce.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace gridenum {

namespace {

// ---------------------------------------------------------------------------------------------
// Stop polls (core/stop.hpp). A 2x6 class is minutes and a GB of tables, and a job's stop must not
// wait for it (the class is dropped and counted again on resumption), so every loop over a table
// polls: the halves and the join every kStopPollSlots slots (a slot's state fans out to hundreds
// of bijections), the loops that touch each slot once (clearing a new table, the rehash of a
// growing one, the bottom's labelling) every kStopPollCheapSlots. Measured on the first 2x6
// class (Side2Slow12.AClassInProgressHearsAStopWithinTwoSeconds, Zen 3): with a poll every 4,096
// slots of the halves only, the stop was heard 0.02-0.8 s after the request, and over 2 s in CI
// beside two other tests; 256 slots alone still left 0.57 s on one core, in a rehash. A poll is
// two loads, against microseconds of work per fanning slot and milliseconds per cheap stretch:
// bench_two_stack_split on one thread, medians of 3 side by side (Zen 3, nothing else running),
// class 12002 5.34 s before -> 5.29 s, class 3002 1.50 -> 1.49 s.
constexpr std::uint64_t kStopPollSlots = 256;
constexpr std::uint64_t kStopPollCheapSlots = std::uint64_t{1} << 16;
constexpr const char* kStopWhat = "two-stack count of a class";

// ---------------------------------------------------------------------------------------------
// The state table: open addressing, linear probing, 16-byte slots, no deletion.
class StateTable {
 public:
  static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};  // no key has all 64 bits set (<= 60 used)
  struct Slot {
    std::uint64_t key, count;
  };

  // Every slot array is reserved from `budget` (when given) before it is allocated, and given
  // back when freed: a refused reservation throws MemoryBudgetExceeded, and the unwinding frees
  // the class's tables (budgeted_loop.hpp counts the class again alone).
  explicit StateTable(std::size_t expected = 16, MemoryBudget* budget = nullptr) : budget_(budget) {
    allocate(capacity_for(expected));
  }
  ~StateTable() { give_back(reserved_); }
  StateTable(StateTable&& o) noexcept { take(o); }
  StateTable& operator=(StateTable&& o) noexcept {
    if (this != &o) {
      give_back(reserved_);
      take(o);
    }
    return *this;
  }
  StateTable(const StateTable&) = delete;
  StateTable& operator=(const StateTable&) = delete;

  static std::uint64_t hash(std::uint64_t x) {
    x ^= x >> 31;
    x *= 0x9E3779B97F4A7C15ull;
    x ^= x >> 29;
    return x;
  }

  // Adds count to key's entry (pipelined: the insert happens up to kLag calls later; flush()
  // before reading the table).
  void add(std::uint64_t key, std::uint64_t count) {
    const std::uint64_t h = hash(key);
    __builtin_prefetch(&slots_[h & mask_], 1);
    Pending& p = ring_[head_ % kLag];
    if (head_ >= kLag) insert(p.key, p.count, p.hash);
    p = {key, count, h};
    ++head_;
  }
  void flush() {
    const std::size_t n = std::min<std::size_t>(head_, kLag);
    for (std::size_t i = head_ - n; i < head_; ++i) {
      const Pending& p = ring_[i % kLag];
      insert(p.key, p.count, p.hash);
    }
    head_ = 0;
  }

  const Slot* find(std::uint64_t key, std::uint64_t h) const {
    for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
      const Slot& s = slots_[i];
      if (s.key == key) return &s;
      if (s.key == kEmpty) return nullptr;
    }
  }
  void prefetch(std::uint64_t h) const { __builtin_prefetch(&slots_[h & mask_]); }

  std::size_t size() const { return size_; }
  std::size_t capacity() const { return mask_ + 1; }
  std::size_t bytes() const { return capacity() * sizeof(Slot); }
  Slot* begin() { return slots_.get(); }
  Slot* end() { return slots_.get() + capacity(); }
  const Slot* begin() const { return slots_.get(); }
  const Slot* end() const { return slots_.get() + capacity(); }

 private:
  static constexpr std::size_t kLag = 16;
  struct Pending {
    std::uint64_t key, count, hash;
  };

  static std::size_t capacity_for(std::size_t n) {
    std::size_t c = 16;
    while (c * 5 < n * 8) c <<= 1;
    return c;
  }
  void take(StateTable& o) noexcept {
    slots_ = std::move(o.slots_);
    mask_ = o.mask_;
    size_ = o.size_;
    ring_ = o.ring_;
    head_ = o.head_;
    budget_ = o.budget_;
    reserved_ = std::exchange(o.reserved_, 0);
  }
  void give_back(std::uint64_t bytes) noexcept {
    if (budget_ && bytes) budget_->release(bytes);
  }
  // Replaces the slot array by an empty one of c slots; the old array's reservation is the
  // caller's to give back (grow() keeps it until the rehash is done). Throws (a refused
  // reservation, a stop while clearing) with the table unchanged and nothing reserved.
  void allocate(std::size_t c) {
    const std::uint64_t bytes = c * sizeof(Slot);
    if (budget_) budget_->reserve(bytes);
    HugeArray<Slot> a;
    try {
      a = make_huge_array<Slot>(c);
      for (std::size_t i = 0; i < c; i += kStopPollCheapSlots) {
        throw_if_stop_requested(kStopWhat);
        std::fill(a.get() + i, a.get() + std::min<std::size_t>(c, i + kStopPollCheapSlots), Slot{kEmpty, 0});
      }
    } catch (...) {
      give_back(bytes);
      throw;
    }
    slots_ = std::move(a);
    reserved_ = bytes;
    mask_ = c - 1;
    size_ = 0;
  }
  void insert(std::uint64_t key, std::uint64_t count, std::uint64_t h) {
    for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
      Slot& s = slots_[i];
      if (s.key == key) {
        if (__builtin_add_overflow(s.count, count, &s.count))
          throw std::overflow_error("two-stack split: a state count passed 2^64");
        return;
      }
      if (s.key == kEmpty) {
        s = {key, count};
        if (++size_ * 8 > capacity() * 5) grow();
        return;
      }
    }
  }
  void grow() {
    const std::size_t old_cap = capacity();
    const std::uint64_t old_reserved = reserved_;
    HugeArray<Slot> old = std::move(slots_);
    try {
      allocate(old_cap * 2);
    } catch (...) {
      slots_ = std::move(old);  // the table stays whole (and holds its reservation) for the unwinding
      throw;
    }
    try {
      for (std::size_t i = 0; i < old_cap; ++i) {
        if ((i & (kStopPollCheapSlots - 1)) == 0) throw_if_stop_requested(kStopWhat);
        if (old[i].key != kEmpty) insert(old[i].key, old[i].count, hash(old[i].key));
      }
    } catch (...) {
      give_back(old_reserved);  // a stop: the half-moved table is only fit to be destroyed
      throw;
    }
    old.reset();
    give_back(old_reserved);
  }

  HugeArray<Slot> slots_;
  std::size_t mask_ = 0, size_ = 0;
  std::array<Pending, kLag> ring_{};
  std::size_t head_ = 0;
  MemoryBudget* budget_ = nullptr;
  std::uint64_t reserved_ = 0;  // bytes of slots_ taken from budget_
};

// ---------------------------------------------------------------------------------------------
// The stack as the counter sees it.
struct Stack {
  int m = 0, n = 0;                          // m columns, n = 2m rows and digits
  std::array<std::uint16_t, 16> row{};       // row r's digit set
  std::array<std::uint32_t, 16> rows_of{};   // digit d's rows (bit r)
};

// What a state of a half looks like after a set of rows is filled: which digits are open (in the
// footprints) and how many footprints each open digit is in (bit planes of p_d - 1).
struct Layout {
  std::uint16_t open = 0;
  std::array<std::uint16_t, 3> q{};  // bit b of (p_d - 1) for open d
  static Layout after(const Stack& st, std::uint32_t filled) {
    Layout l;
    for (int d = 0; d < st.n; ++d) {
      const std::uint32_t in = st.rows_of[d] & filled;
      if (in == 0 || in == st.rows_of[d]) continue;
      l.open |= static_cast<std::uint16_t>(1u << d);
      const int t = std::popcount(in) - 1;
      for (int b = 0; b < 3; ++b)
        if (t >> b & 1) l.q[b] |= static_cast<std::uint16_t>(1u << d);
    }
    return l;
  }
};

template <int M>
struct Codec {
  static constexpr int kBits = 2 * M;
  static constexpr std::uint16_t kMask = static_cast<std::uint16_t>((1u << kBits) - 1);

  // The m footprints of a key; the last from the others (see the data layout).
  static void decode(std::uint64_t key, const Layout& l, std::uint16_t* f) {
    std::uint16_t c0 = 0, c1 = 0, c2 = 0;
    for (int i = 0; i < M - 1; ++i) {
      const auto x = static_cast<std::uint16_t>((key >> (kBits * i)) & kMask);
      f[i] = x;
      const std::uint16_t t0 = c0 & x;
      c0 ^= x;
      const std::uint16_t t1 = c1 & t0;
      c1 ^= t0;
      c2 ^= t1;
    }
    f[M - 1] = static_cast<std::uint16_t>(l.open & ~(c0 ^ l.q[0]) & ~(c1 ^ l.q[1]) & ~(c2 ^ l.q[2]));
  }
  // The key of the sorted footprints (the last one left out). For M = 6 an optimal 12-comparator
  // network on locals, branch-free; it was an in-place network on the array before, 15 % slower
  // on class 3002 (docs/methods/side2.md).
  static std::uint64_t encode_sorted(const std::uint16_t* h) {
    if constexpr (M == 6) {
      std::uint32_t a0 = h[0], a1 = h[1], a2 = h[2], a3 = h[3], a4 = h[4], a5 = h[5];
      auto cswap = [](std::uint32_t& x, std::uint32_t& y) {
        const std::uint32_t lo = x < y ? x : y, hi = x < y ? y : x;
        x = lo;
        y = hi;
      };
      cswap(a1, a2); cswap(a0, a2); cswap(a0, a1);
      cswap(a4, a5); cswap(a3, a5); cswap(a3, a4);
      cswap(a0, a3); cswap(a1, a4); cswap(a2, a5);
      cswap(a2, a4); cswap(a1, a3); cswap(a2, a3);
      return std::uint64_t{a0} | std::uint64_t{a1} << kBits | std::uint64_t{a2} << (2 * kBits) |
             std::uint64_t{a3} << (3 * kBits) | std::uint64_t{a4} << (4 * kBits);
    } else {
      std::array<std::uint16_t, M> s;
      std::copy(h, h + M, s.begin());
      for (std::size_t i = 1; i < M; ++i)
        for (std::size_t j = i; j > 0 && s[j] < s[j - 1]; --j) std::swap(s[j], s[j - 1]);
      std::uint64_t key = 0;
      for (std::size_t i = 0; i + 1 < M; ++i) key |= std::uint64_t{s[i]} << (kBits * i);
      return key;
    }
  }
};

// Every bijection phi: columns -> digits of the row with phi(c) not in f[c], all at once. A
// bijection is a permutation p of the row's M digits (column c gets the digit at position p(c),
// the row's digits in increasing order), and a state's bijections are the permutations allowed
// in every column. Built once per M: for each column c and each set a of positions, the bit set
// (one bit per permutation, M! bits: 12 words for M = 6) of the permutations with p(c) in a. A
// state's bijections are the AND of its M columns' sets, and its transitions the set bits.
//
//     with[c][a]   M x 2^M x ceil(M!/64) words   (M = 6: 36 KiB, built once per process)
//     pos[sub]     4,096 bytes per row: positions of a subset of the row's digits
//     add[q][c]    M! x M digit bits per row (masked by `keep`): what permutation q adds
//
// Measured (2x6 classes 3002 and 12002, one thread, AMD EPYC family 23 model 1): the column-by-
// column search this replaced (fewest choices first) spent about 30 ns a transition in branches
// that the predictor could not learn, about as much as the table insert; with the bit sets the
// whole count took 4.2 s -> 2.5 s and 10.3 s -> 6.3 s (docs/methods/side2.md).
template <int M>
struct PermTables {
  static constexpr int kPerms = [] {
    int f = 1;
    for (int i = 2; i <= M; ++i) f *= i;
    return f;
  }();
  static constexpr int kWords = (kPerms + 63) / 64;
  using Bits = std::array<std::uint64_t, kWords>;
  std::array<std::array<std::uint8_t, M>, kPerms> perm{};
  std::array<std::array<Bits, std::size_t{1} << M>, M> with{};

  static const PermTables& get() {
    static const PermTables t;
    return t;
  }

 private:
  PermTables() {
    std::array<std::uint8_t, M> p;
    for (int i = 0; i < M; ++i) p[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i);
    std::size_t n = 0;
    do perm[n++] = p;
    while (std::next_permutation(p.begin(), p.end()));
    assert(n == static_cast<std::size_t>(kPerms));
    for (std::size_t c = 0; c < M; ++c)
      for (unsigned a = 0; a < (1u << M); ++a)
        for (std::size_t q = 0; q < static_cast<std::size_t>(kPerms); ++q)
          if (a >> perm[q][c] & 1) with[c][a][q / 64] |= std::uint64_t{1} << (q % 64);
  }
};

// One row's bijections, for any state f: emit(g) gets g[c] = (f[c] | phi(c)) & keep.
template <int M>
class RowBijections {
 public:
  using Tables = PermTables<M>;
  RowBijections(std::uint16_t digits, std::uint16_t keep) : t_(Tables::get()), keep_(keep), digits_(digits) {
    if (std::popcount(digits) != M) throw std::logic_error("two-stack split: a row without m digits");
    std::array<std::uint16_t, M> bit{};
    std::size_t j = 0;
    for (int d = 0; d < 16; ++d)
      if (digits >> d & 1) bit[j++] = static_cast<std::uint16_t>(1u << d);
    for (unsigned a = 0; a < (1u << M); ++a) {
      std::uint16_t sub = 0;
      for (std::size_t i = 0; i < M; ++i)
        if (a >> i & 1) sub = static_cast<std::uint16_t>(sub | bit[i]);
      pos_[sub] = static_cast<std::uint8_t>(a);
    }
    for (std::size_t q = 0; q < static_cast<std::size_t>(Tables::kPerms); ++q)
      for (std::size_t c = 0; c < M; ++c) add_[q][c] = static_cast<std::uint16_t>(bit[t_.perm[q][c]] & keep);
  }
  template <class Emit>
  void run(const std::uint16_t* f, Emit& emit) const {
    constexpr unsigned kAll = (1u << M) - 1;
    auto allowed = [&](int c) -> const typename Tables::Bits& {
      return t_.with[static_cast<std::size_t>(c)][kAll & ~unsigned{pos_[f[c] & digits_]}];
    };
    typename Tables::Bits w = allowed(0);
    for (int c = 1; c < M; ++c) {
      const auto& x = allowed(c);
      for (std::size_t k = 0; k < static_cast<std::size_t>(Tables::kWords); ++k) w[k] &= x[k];
    }
    std::uint16_t base[M], g[M];
    for (int c = 0; c < M; ++c) base[c] = static_cast<std::uint16_t>(f[c] & keep_);
    for (std::size_t k = 0; k < static_cast<std::size_t>(Tables::kWords); ++k)
      for (std::uint64_t x = w[k]; x; x &= x - 1) {
        const auto& a = add_[64 * k + static_cast<std::size_t>(std::countr_zero(x))];
        for (std::size_t c = 0; c < M; ++c) g[c] = static_cast<std::uint16_t>(base[c] | a[c]);
        emit(g);
      }
  }

 private:
  const Tables& t_;
  std::uint16_t keep_, digits_;
  std::array<std::uint8_t, 1 << 12> pos_{};
  std::array<std::array<std::uint16_t, M>, Tables::kPerms> add_{};
};

// One half: the rows of `chain` added in order to the empty filling. Returns the table of the
// states after the last row.
struct HalfFigures {
  std::uint64_t transitions = 0, peak_states = 0, peak_bytes = 0;
};
template <int M>
StateTable run_half(const Stack& st, const std::vector<int>& chain, HalfFigures& fig, MemoryBudget* budget) {
  StateTable cur(1, budget);
  cur.add(0, 1);  // the empty filling: every footprint empty
  cur.flush();
  std::uint32_t filled = 0;
  for (const int r : chain) {
    const Layout before = Layout::after(st, filled);
    filled |= 1u << r;
    const Layout after = Layout::after(st, filled);
    const RowBijections<M> row(st.row[r], after.open);
    StateTable next(cur.size() * 2, budget);
    std::uint64_t made = 0, count = 0;
    auto emit = [&](const std::uint16_t* g) {
      next.add(Codec<M>::encode_sorted(g), count);
      ++made;
    };
    std::uint64_t seen = 0;
    for (const auto& s : cur) {
      if ((++seen & (kStopPollSlots - 1)) == 0) throw_if_stop_requested(kStopWhat);
      if (s.key == StateTable::kEmpty) continue;
      std::uint16_t f[M];
      Codec<M>::decode(s.key, before, f);
      count = s.count;
      row.run(f, emit);
    }
    next.flush();
    fig.transitions += made;
    fig.peak_bytes = std::max<std::uint64_t>(fig.peak_bytes, cur.bytes() + next.bytes());
    cur = std::move(next);
    fig.peak_states = std::max<std::uint64_t>(fig.peak_states, cur.size());
  }
  return cur;
}

// The bottom half's counts per labelled tuple: N_bot(t) / |orbit of t| (section 2).
template <int M>
void to_labelled(StateTable& bottom, const Layout& l) {
  static constexpr std::uint64_t kFact[] = {1, 1, 2, 6, 24, 120, 720};
  std::uint64_t seen = 0;
  for (auto& s : bottom) {
    if ((++seen & (kStopPollCheapSlots - 1)) == 0) throw_if_stop_requested(kStopWhat);
    if (s.key == StateTable::kEmpty) continue;
    std::uint16_t f[M];
    Codec<M>::decode(s.key, l, f);
    std::uint64_t stab = 1;
    for (int i = 0, j; i < M; i = j) {
      for (j = i; j < M && f[j] == f[i]; ++j) {
      }
      stab *= kFact[j - i];
    }
    const std::uint64_t orbit = kFact[M] / stab;
    if (s.count % orbit != 0)
      throw std::logic_error("two-stack split: a bottom state's count " + std::to_string(s.count) +
                             " is not a multiple of its orbit size " + std::to_string(orbit));
    s.count /= orbit;
  }
}

// The join (section 2): for the top states before the join row, every bijection of that row, the
// complement looked up in the bottom table. Slots [lo, hi) of the top table.
template <int M>
u128 join(const RowBijections<M>& row, const StateTable& top, std::size_t lo, std::size_t hi, const Layout& before,
          std::uint16_t open_both, const StateTable& bottom, std::uint64_t& lookups) {
  constexpr std::size_t kLag = 16;
  struct Pending {
    std::uint64_t key, hash, count;
  };
  std::array<Pending, kLag> ring{};
  std::size_t head = 0;
  u128 sum = 0;
  auto resolve = [&](const Pending& p) {
    if (const auto* s = bottom.find(p.key, p.hash)) sum += static_cast<u128>(p.count) * s->count;
  };
  std::uint64_t count = 0;
  auto emit = [&](const std::uint16_t* g) {
    std::uint16_t h[M];
    for (int c = 0; c < M; ++c) h[c] = static_cast<std::uint16_t>(open_both & ~g[c]);
    const std::uint64_t key = Codec<M>::encode_sorted(h);
    const std::uint64_t hh = StateTable::hash(key);
    bottom.prefetch(hh);
    Pending& p = ring[head % kLag];
    if (head >= kLag) resolve(p);
    p = {key, hh, count};
    ++head;
  };
  const StateTable::Slot* slots = top.begin();
  for (std::size_t i = lo; i < hi; ++i) {
    if ((i & (kStopPollSlots - 1)) == 0) throw_if_stop_requested(kStopWhat);
    if (slots[i].key == StateTable::kEmpty) continue;
    std::uint16_t f[M];
    Codec<M>::decode(slots[i].key, before, f);
    count = slots[i].count;
    row.run(f, emit);
  }
  const std::size_t n = std::min(head, kLag);
  for (std::size_t i = head - n; i < head; ++i) resolve(ring[i % kLag]);
  lookups += head;
  return sum;
}

// ---------------------------------------------------------------------------------------------
// The plan (section 3): the top set and both chains.
struct SplitPlan {
  std::uint32_t top = 0;
  std::vector<int> top_chain, bottom_chain;  // the top chain's last row is the join row
};

SplitPlan make_split_plan(const Stack& st) {
  const int m = st.m, n = st.n;
  const std::uint32_t full = (1u << n) - 1;
  std::vector<double> log_choose(static_cast<std::size_t>(m) + 1);
  for (int j = 0; j <= m; ++j)
    log_choose[static_cast<std::size_t>(j)] = std::lgamma(m + 1.0) - std::lgamma(j + 1.0) - std::lgamma(m - j + 1.0);
  const double log_mfact = std::lgamma(m + 1.0);
  std::vector<double> best(std::size_t{1} << n);
  std::vector<std::int8_t> last(std::size_t{1} << n, -1);
  best[0] = 0;
  for (std::uint32_t P = 1; P <= full; ++P) {
    double e = -log_mfact;
    for (int d = 0; d < n; ++d) e += log_choose[static_cast<std::size_t>(std::popcount(st.rows_of[d] & P))];
    double b = 0;
    int arg = -1;
    for (std::uint32_t x = P; x; x &= x - 1) {
      const int r = std::countr_zero(x);
      const double v = best[P & ~(1u << r)];
      if (arg < 0 || v < b) b = v, arg = r;
    }
    best[P] = b + std::exp(std::max(e, 0.0));
    last[P] = static_cast<std::int8_t>(arg);
  }
  // Sizes of the top set that keep every count below 2^64: a half of h rows has at most (m!)^h
  // labelled fillings; the top's table holds |P| - 1 rows, the bottom's n - |P|.
  const double bits_per_row = std::log2(std::tgamma(m + 1.0));
  SplitPlan plan;
  double best_v = 0;
  bool found = false;
  for (std::uint32_t P = 1; P < full; ++P) {
    const int t = std::popcount(P);
    if ((t - 1) * bits_per_row >= 63.5 || (n - t) * bits_per_row >= 63.5) continue;
    if (t < m || t > m + 1) continue;
    const double v = best[P] + best[full & ~P];
    if (!found || v < best_v) best_v = v, plan.top = P, found = true;
  }
  if (!found) throw std::logic_error("two-stack split: no admissible split");
  auto chain = [&](std::uint32_t P) {
    std::vector<int> c;
    for (; P; P &= ~(1u << last[P])) c.push_back(last[P]);
    std::reverse(c.begin(), c.end());
    return c;
  };
  plan.top_chain = chain(plan.top);
  plan.bottom_chain = chain(full & ~plan.top);
  return plan;
}

template <int M>
u128 count_split(const Stack& st, SplitStats& stats, int threads, MemoryBudget* budget) {
  const SplitPlan plan = make_split_plan(st);
  const std::uint32_t full = (1u << st.n) - 1;
  std::vector<int> top_rows(plan.top_chain.begin(), plan.top_chain.end() - 1);
  const int join_row = plan.top_chain.back();
  HalfFigures tf, bf;
  StateTable top, bottom;
  auto do_top = [&] { top = run_half<M>(st, top_rows, tf, budget); };
  auto do_bottom = [&] {
    bottom = run_half<M>(st, plan.bottom_chain, bf, budget);
    to_labelled<M>(bottom, Layout::after(st, full & ~plan.top));
  };
  // isolate(): a thread waiting for the other half must not pick up another class's work from
  // an enclosing parallel loop (that would put more classes' tables in memory than threads).
  if (threads == 1) {
    do_top();
    do_bottom();
  } else {
    tbb::this_task_arena::isolate([&] { tbb::parallel_invoke(do_top, do_bottom); });
  }
  const Layout before = Layout::after(st, plan.top & ~(1u << join_row));
  const std::uint16_t open_both = Layout::after(st, plan.top).open;
  const RowBijections<M> row(st.row[static_cast<std::size_t>(join_row)], 0xFFFF);
  std::uint64_t lookups = 0;
  u128 F = 0;
  if (threads == 1) {
    F = join<M>(row, top, 0, top.capacity(), before, open_both, bottom, lookups);
  } else {
    struct Part {
      u128 sum = 0;
      std::uint64_t lookups = 0;
    };
    const Part p = tbb::this_task_arena::isolate([&] { return tbb::parallel_reduce(
        tbb::blocked_range<std::size_t>(0, top.capacity(), 1u << 14), Part{},
        [&](const tbb::blocked_range<std::size_t>& r, Part acc) {
          acc.sum += join<M>(row, top, r.begin(), r.end(), before, open_both, bottom, acc.lookups);
          return acc;
        },
        [](Part a, const Part& b) {
          a.sum += b.sum;
          a.lookups += b.lookups;
          return a;
        }); });
    F = p.sum;
    lookups = p.lookups;
  }
  stats.top_rows = static_cast<int>(plan.top_chain.size());
  stats.transitions = tf.transitions + bf.transitions;
  stats.lookups = lookups;
  stats.peak_states = std::max(tf.peak_states, bf.peak_states);
  stats.join_states = top.size();
  stats.bottom_states = bottom.size();
  stats.peak_bytes = tf.peak_bytes + bf.peak_bytes;
  return F;
}

}  // namespace

u128 two_stack_fillings_split(const Side2Config& c, SplitStats* stats, int threads, MemoryBudget* budget) {
  if (!is_valid_config(c)) throw std::invalid_argument("two-stack split: not a valid configuration");
  if (c.m < 2 || c.m > kSplitMaxHalf)
    throw std::invalid_argument("two-stack split: m = " + std::to_string(c.m) + " is outside 2.." +
                                std::to_string(kSplitMaxHalf));
  Stack st;
  st.m = c.m;
  st.n = 2 * c.m;
  const auto all = static_cast<std::uint16_t>((1u << st.n) - 1);
  for (int k = 0; k < c.m; ++k) {
    st.row[static_cast<std::size_t>(2 * k)] = c.sets[static_cast<std::size_t>(k)];
    st.row[static_cast<std::size_t>(2 * k + 1)] = static_cast<std::uint16_t>(all & ~c.sets[static_cast<std::size_t>(k)]);
  }
  for (int r = 0; r < st.n; ++r)
    for (int d = 0; d < st.n; ++d)
      if (st.row[static_cast<std::size_t>(r)] >> d & 1) st.rows_of[static_cast<std::size_t>(d)] |= 1u << r;
  if (threads == 0) threads = tbb::this_task_arena::max_concurrency();
  SplitStats local;
  SplitStats& s = stats ? *stats : local;
  s = SplitStats{};
  switch (c.m) {
    case 2: return count_split<2>(st, s, threads, budget);
    case 3: return count_split<3>(st, s, threads, budget);
    case 4: return count_split<4>(st, s, threads, budget);
    case 5: return count_split<5>(st, s, threads, budget);
    default: return count_split<6>(st, s, threads, budget);
  }
}

}  // namespace gridenum
