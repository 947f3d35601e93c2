// Two-band route, F counter: fillings of one band of m rows x 2m columns with given column sets,
// two rows at a time. Written apart from the two-stack counter (two_stack_fillings.cpp): other
// recurrence, other enumeration, other memo key.
//
// The idea. Column 2k of the band holds S_k, column 2k+1 the complement; a filling puts each
// column's m digits into the m rows, every row holding every digit once. In the bipartite graph
// G (columns vs digits), a filling is a proper m-edge-colouring, colour = row. Take rows 1 and 2
// together: every column gives them two of its digits and every digit appears in them twice --
// a 2-factor H of G (a spanning 2-regular subgraph: disjoint even cycles). H splits into row 1
// and row 2 in 2^cycles(H) ways (each cycle alternates, two ways). The rest, G - H, is an
// (m-2)-regular graph coloured by rows 3..m. Count only the colourings in which two fixed edges
// e, e' of one column (column 0's two lowest digits) take rows 1 and 2: the rows of e and e' are
// an unordered pair of distinct rows, and permuting the rows maps the colourings with one pair
// onto those with any other, so each of the C(k,2) pairs has the same share. Hence
//
//   F_k(G) = C(k,2) * sum over 2-factors H of G through e and e' of 2^cycles(H) * F_{k-2}(G - H),
//   F_1 = F_0 = 1, and F of a disconnected graph = product over its components.
//
// (The first version fixed e alone, F_k = k * sum over H through e of 2^(cycles-1) F_{k-2}: at
// k = 5 column 0 then had 4 pairs to try where it now has 1, at k = 3 two where it has 1 --
// 4x fewer 2-factors at the top, 2x fewer at the last level, for the same sum.)
//
// For m = 5 that is two levels (5 -> 3 -> 1) instead of the matching route's three. The levels:
//
//   k >= 4  (the top of m = 5, levels 6 and 4 of m = 6): split off components; a per-call memo
//           of the residual graphs (key below); TwoFactors enumerates the 2-factors.
//   k = 3   (the last level of m = 5, once per 2-factor of the top: 49.5 million times for the
//           355 classes of 5x2): last_level() -- memo key, the thread's LastLevelMemo (kept
//           across calls, so across classes), Cubic on a miss (3 * a sum over the perfect
//           matchings through one edge of 2^cycles of the rest).
//   k = 2   2^cycles, directly.           k <= 1   1.
//
// Enumeration of 2-factors (TwoFactors): column by column in a fixed order, each column picks
// two of its digits (column 0 picks e and e'); a digit may be picked twice at most. Each digit
// carries its load in two bit masks (once, twice). Pruning: a digit that still needs t picks
// must have t unprocessed columns left that hold it, checked for all digits at once against two
// masks per position (digits held by >= 1 / >= 2 of the columns from there on). It was a loop
// over the digits with a popcount each, and the default build (x86-64 baseline, no POPCNT)
// calls libgcc's __popcountdi2 for that: 11% of a profile of 5x2 classes 1-20. The 2-factor's
// cycles are counted as it grows (path ends, see TwoFactors).
//
// Data layout of the hot path (m = 5: n = 10 columns, 10 digits):
//
//   graph        std::uint16_t cols[n]       column j's digits, bit d = digit d (n <= 16)
//   TwoFactors   cols[16]                    the residual: picked digits cleared on the way down
//                ge1[17], ge2[17]            digits held by >= 1 / >= 2 of columns j..n-1
//                once, twice (arguments)     digits picked once / twice so far
//                end[16], cycles (argument)  other end of the path at each digit; cycles closed
//   memo key     c[0..n) after two turns     sorted column masks over sorted digit positions
//                                            0..n-1 (memo_key: transpose16 + sort_masks x 2)
//   LastLevelMemo slot (16 bytes, open addressing, one table per thread, <= 16 MiB):
//                lo = c0 | c1 << 10 | c2 << 20 | c3 << 30 | c4 << 40 | c5 << 50
//                hi = c6 | c7 << 10 | c8 << 20 | c9 << 30 | F_3 << 40
//   Cubic        cols[16] (breadth-first), ge1[17], end[16], sum (uint64): no allocation
//
// Nothing allocates in the recursion; the memos allocate when they grow.
//
// Measured (AMD EPYC family 25 model 17, 2 vCPUs under KVM, shared with other builds; the
// default build: -O3, x86-64 baseline). The profile of the version before the changes below
// (perf record -g, `gridenum count --shape 5x2 --method two-band --classes 1:20 --threads 1`):
// the class table (TwoBandClasses) 38%, BandCounter::fillings 34% -- the memo key's bit-by-bit
// transposes and insertion sorts, the unordered_map look-up, the component split, all inlined
// --, __popcountdi2 11%, the 2-factor enumeration 9%, the leaves (union-find, u128) 7%;
// allocation under 0.1%. Per class 700,000 to 1,000,000 2-factors (both levels, e alone
// fixed), and a per-class memo of 84 (class 2) to tens of thousands of residual graphs (59,507
// on class 321 with the same key: the generic classes missed on most of theirs).
// Then, step by step (F of all 355 classes of 5x2 on one thread, CPU-s by the process's CPU
// clock in a scratch program calling two_band_fillings on the 355 representatives in turn; the
// load in brackets; callgrind figures in the comments at each part):
//
//   pruning by two masks, no popcount                        about 15% (classes 2-8)
//   two edges of column 0 fixed (C(k,2) pairs)               4x fewer 2-factors; classes 1-20
//                                                            8.8 -> 2.1
//   F_3 by Cubic on memo misses                              61.0   (1.7)
//   memo key transposes by SSE2                              49.4   (0.9)
//   Cubic: forced digits                                     46.4   (1.5-2)
//   Cubic: breadth-first column order                        37.8   (1.4)
//   no component split at the last level                     38.5   (2.0; 2-6% fewer instr.)
//   the last level's memo per thread, across classes         22.9   (1-2.5)
//   the top level's cycles counted as it grows               20.6   (3)
//   memo key sorts over the n masks only                     16.8   (2.8)
//   memo key sorts by a sorting network                      12.2   (2.9)
//
// The whole count, one thread (`gridenum count --shape 5x2 --method two-band --classes all
// --json --threads 1`, /usr/bin/time; the class table included, 6-7 CPU-s of it):
// 718 CPU-s before (1,044 s wall, load 3.2-5.0: other engineers' builds at nice 10 on both
// cores), 20.5 and 21.1 CPU-s after (two runs, load 3.9-4.4, the same kind of builds), the
// published total, every class's F equal to the two-stack route's. Classes 1:40, the two
// binaries one after the other (load 2.3-3.8): 30.5 and 31.4 -> 7.5 and 7.5 CPU-s.
//
// Tried and lost (figures at each part): F_3 counted afresh at every leaf (no memo), with or
// without a component split (3.4x / 4.1x slower); greedy column orders in Cubic; one, three or
// four key turns instead of two; 40-byte memo slots; sorting the masks downwards (3.4x the
// keys); hand-written insertion sorts; the sorting network as a loop over a table.
//
// Left as it was: the per-call memo of the levels k >= 4 (m = 6's level 4 is most of a 6x2
// class: 6x2 class 63198 takes 48 s), and the class table (two_band_classes.cpp), now about a
// third of the whole 5x2 count.
#include "gridenum/count/side2/two_band.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <map>
#include <stdexcept>
#include <unordered_map>
#include <vector>

#include "gridenum/core/combinatorics.hpp"
#include "gridenum/core/stop.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace gridenum {

namespace {

using Masks = std::array<std::uint16_t, 16>;

struct MasksHash {
  std::size_t operator()(const Masks& k) const {
    std::uint64_t h = 14695981039346656037ull;
    for (std::uint16_t v : k) h = (h ^ v) * 1099511628211ull;
    return static_cast<std::size_t>(h ^ (h >> 29));
  }
};

// out[b] = the rows r < 16 whose mask in[r] has bit b: the transpose of a 16 x 16 bit matrix.
// SSE2 (x86-64's baseline): the 16 low bytes and the 16 high bytes of the rows in one register
// each, then bit 7 of every byte by movemask, the bytes doubled to bring the next bit up.
inline void transpose16(const std::uint16_t in[16], std::uint16_t out[16]) {
#if defined(__SSE2__)
  const __m128i r0 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in));
  const __m128i r1 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + 8));
  const __m128i byte = _mm_set1_epi16(0xff);
  __m128i lo = _mm_packus_epi16(_mm_and_si128(r0, byte), _mm_and_si128(r1, byte));
  __m128i hi = _mm_packus_epi16(_mm_srli_epi16(r0, 8), _mm_srli_epi16(r1, 8));
  for (int b = 7; b >= 0; --b) {
    out[b] = static_cast<std::uint16_t>(_mm_movemask_epi8(lo));
    out[b + 8] = static_cast<std::uint16_t>(_mm_movemask_epi8(hi));
    lo = _mm_add_epi8(lo, lo);
    hi = _mm_add_epi8(hi, hi);
  }
#else
  for (int b = 0; b < 16; ++b) {
    unsigned s = 0;
    for (int r = 0; r < 16; ++r) s |= static_cast<unsigned>(in[r] >> b & 1) << r;
    out[b] = static_cast<std::uint16_t>(s);
  }
#endif
}

// The last level's memo for n <= 10 columns (m <= 5), shared by every call on its thread, so by
// all the classes a thread counts: F_3 by memo key, packed in 16 bytes. The key's n sorted
// column masks over at most 10 digit positions, 10 bits each, go in bits 0-99 (column j at bit
// 10 j); F_3 in bits 104-127 (F_3 < 2^24: a 3-regular bipartite graph on 10 + 10 vertices has at
// most 6^(10/3) < 393 perfect matchings by Bregman's bound, each with 2^cycles <= 2^5, times 3;
// a larger value is not stored). Open addressing, linear probing, a power-of-two number of
// slots at most half full; a slot is empty while its low word is 0 (never so for a key: column
// 0 holds three digits). Doubles up to kMaxSlots (16 MiB), and when that is half full it
// starts again empty, so a thread never holds more. 5x2 needs 143,073 keys in all (2^19
// slots, 8 MiB a thread).
//
//   slot:  lo = c0 | c1 << 10 | ... | c5 << 50        (bits 60-63 zero)
//          hi = c6 | c7 << 10 | c8 << 20 | c9 << 30  | F_3 << 40
class LastLevelMemo {
 public:
  static constexpr std::size_t kMinSlots = std::size_t{1} << 12, kMaxSlots = std::size_t{1} << 20;
  static constexpr std::uint64_t kValueLimit = std::uint64_t{1} << 24;

  struct Key {
    std::uint64_t lo = 0, hi = 0;  // hi: bits 0-39 only
  };

  // The stored F_3, or -1.
  std::int64_t find(Key k) const {
    if (slots_.empty()) return -1;
    for (std::size_t i = hash(k) & mask_;; i = (i + 1) & mask_) {
      const Key& s = slots_[i];
      if (s.lo == 0) return -1;
      if (s.lo == k.lo && (s.hi & kKeyHi) == k.hi) return static_cast<std::int64_t>(s.hi >> 40);
    }
  }

  void insert(Key k, std::uint64_t value) {
    if (value >= kValueLimit) return;
    if (2 * (used_ + 1) > slots_.size()) grow();
    place(Key{k.lo, k.hi | value << 40});
  }

 private:
  static constexpr std::uint64_t kKeyHi = (std::uint64_t{1} << 40) - 1;

  static std::size_t hash(Key k) {
    std::uint64_t h = (k.lo ^ (k.hi & kKeyHi) * 0x9e3779b97f4a7c15ull) * 0xbf58476d1ce4e5b9ull;
    return static_cast<std::size_t>(h ^ (h >> 31));
  }

  void place(Key k) {
    std::size_t i = hash(Key{k.lo, k.hi & kKeyHi}) & mask_;
    while (slots_[i].lo != 0) i = (i + 1) & mask_;
    slots_[i] = k;
    ++used_;
  }

  void grow() {
    std::vector<Key> old;
    old.swap(slots_);
    used_ = 0;
    const std::size_t n = old.empty() ? kMinSlots : old.size() * 2;
    if (n > kMaxSlots) {  // full at the cap: start again empty
      slots_.assign(kMaxSlots, Key{});
      mask_ = kMaxSlots - 1;
      return;
    }
    slots_.assign(n, Key{});
    mask_ = n - 1;
    for (const Key& s : old)
      if (s.lo != 0) place(s);
  }

  std::vector<Key> slots_;
  std::size_t mask_ = 0, used_ = 0;
};

class BandCounter {
 public:
  explicit BandCounter(TwoBandStats* stats) : stats_(stats) {}

  // F_k of the k-regular graph cols[0..n) (column masks over digits).
  u128 fillings(const std::uint16_t* cols, int n, int k) {
    if (k <= 1) return 1;
    if (k == 2) return u128{1} << cycles(cols, n);
    if (k == 3) return last_level(cols, n);
    // Split off the component of column 0 (grown through shared digits).
    std::uint16_t seen_digits = cols[0];
    std::uint32_t inside = 1;
    for (std::uint32_t before = 0; before != inside;) {
      before = inside;
      for (int j = 0; j < n; ++j)
        if (cols[j] & seen_digits) {
          inside |= 1u << j;
          seen_digits |= cols[j];
        }
    }
    if (inside != (1u << n) - 1) {
      std::uint16_t a[16], b[16];
      int na = 0, nb = 0;
      for (int j = 0; j < n; ++j) (inside >> j & 1 ? a[na++] : b[nb++]) = cols[j];
      return checked_mul(fillings(a, na, k), fillings(b, nb, k));
    }
    const Masks key = memo_key(cols, n);
    auto& memo = memo_[k];
    if (auto it = memo.find(key); it != memo.end()) {
      if (stats_) ++stats_->memo_hits;
      return it->second;
    }
    TwoFactors t(this, cols, n, k);
    const u128 v = checked_mul(t.total, static_cast<u128>(k * (k - 1) / 2));
    memo.emplace(key, v);
    if (stats_) ++stats_->memo_entries;
    // A stop request (core/stop.hpp) is heard every 256 memo misses (a class of 6x2 is minutes):
    // the class is dropped, and counted again on resumption. A load per miss: no measurable cost.
    if ((++misses_ & 0xff) == 0) throw_if_stop_requested("two-band count of a class");
    return v;
  }

  // F_2 of a 2-regular graph (the last level of even m): its cycles alternate rows 1 and 2, two
  // ways each, so F_2 = 2^cycles -- what the 2-factor enumeration gave too, through the
  // component split, the memo key and a search with one leaf. Cycles by path ends, as
  // TwoFactors (below) counts them as it grows (core/combinatorics.hpp's two_regular_cycles).
  // 6x2 class 63198, F: 51.2 -> 48.1 s on one thread (load 2.9) against the union-find it
  // replaced: most of m = 6 is the memo of its level 4, left as it was.
  static int cycles(const std::uint16_t* cols, int n) { return two_regular_cycles(cols, n); }

  // F_3, the last level of m = 5 (once per 2-factor of the top level): the memo, Cubic on a
  // miss. No splitting into components here: the key of a disconnected graph is as good a key,
  // and Cubic counts it whole (the split cost more on every call than it saved on the misses:
  // callgrind, without it 6% fewer instructions on 5x2 classes 10-12, 2% fewer on class 321).
  //
  // The memo is the thread's LastLevelMemo, kept from call to call: the 355 classes of 5x2 meet
  // 143,073 keys in all where per-call memos made 9.8 million entries (a generic class such as
  // 321 missed on 116,000 of its 135,000 residual graphs). Per thread, not one table behind
  // locks: 49.5 million look-ups against 143,073 misses (about 0.7 CPU-s of Cubic) that a second
  // thread repeats. All 355 classes of 5x2, one thread (stats program, CPU-s, load 1-2.5):
  // per-call memos 38.5; shared, 1 key turn 29.8 (the table restarting at its cap), 2 turns
  // 20.4, 3 turns 22.1 (74,852 keys), 4 turns 24.1; shared with 40-byte slots (the key unpacked)
  // 23.3-23.7 against 22.3-22.4 packed (both 2 turns, side by side at load 2.5).
  u128 last_level(const std::uint16_t* cols, int n) {
    const Masks key = memo_key(cols, n);
    if (n > 10) {  // m >= 7: a per-call memo (the packed key holds 10 columns)
      auto& memo = memo_[3];
      if (auto it = memo.find(key); it != memo.end()) {
        if (stats_) ++stats_->memo_hits;
        return it->second;
      }
      const u128 v = checked_mul(static_cast<u128>(Cubic(cols, n).sum), u128{3});
      memo.emplace(key, v);
      if (stats_) ++stats_->memo_entries;
      return v;
    }
    LastLevelMemo::Key packed;
    for (int j = 0; j < n; ++j) {
      const std::uint64_t c = key[j];
      if (j < 6) packed.lo |= c << (10 * j);
      else packed.hi |= c << (10 * (j - 6));
    }
    thread_local LastLevelMemo memo;
    if (const std::int64_t v = memo.find(packed); v >= 0) {
      if (stats_) ++stats_->memo_hits;
      return static_cast<u128>(v);
    }
    const std::uint64_t v = Cubic(cols, n).sum * 3;  // < 3 * 3^9 * 2^5: no overflow
    memo.insert(packed, v);
    if (stats_) ++stats_->memo_entries;
    return v;
  }

 private:
  // Enumerates the 2-factors through e and e' (column 0's two lowest digits) and sums
  // 2^cycles F_{k-2}(rest).
  struct TwoFactors {
    BandCounter* owner;
    int n, k;
    std::uint16_t cols[16];     // remaining graph (the chosen digits removed as they are picked)
    // Per position j: the digits held by at least one / at least two of the columns j..n-1 of
    // the graph this level starts from (index n: none).
    std::uint16_t ge1[17], ge2[17];
    // Cycles of the 2-factor, counted as it grows (it was a union-find over the digits at every
    // leaf, 13% of a perf profile of all 355 classes of 5x2 once the last level's memo was
    // shared; callgrind, classes 200-204: 2.29G -> 2.17G instructions; the same bookkeeping as
    // Cubic's, here with two digits picked): a column that picks digits x and y is a path
    // x - column - y, so the partial 2-factor is paths and closed cycles. end[d] is the other end
    // of the path ending at digit d (d itself for a digit not picked yet; the entry of a digit
    // picked twice is stale and never read: only path ends are looked up). Adding x - y:
    // p = end[x], q = end[y]; p == y closes a cycle, else the paths join into one from p to q
    // (end[p] = q, end[q] = p), undone by end[p] = x, end[q] = y, which is what they held.
    std::uint8_t end[16];
    std::uint16_t digits = 0;
    u128 total = 0;

    TwoFactors(BandCounter* o, const std::uint16_t* c, int n_, int k_) : owner(o), n(n_), k(k_) {
      ge1[n] = ge2[n] = 0;
      for (int j = n - 1; j >= 0; --j) {
        ge2[j] = static_cast<std::uint16_t>(ge2[j + 1] | (ge1[j + 1] & c[j]));
        ge1[j] = static_cast<std::uint16_t>(ge1[j + 1] | c[j]);
      }
      for (int j = 0; j < n; ++j) {
        cols[j] = c[j];
        digits |= c[j];
      }
      for (int d = 0; d < 16; ++d) end[d] = static_cast<std::uint8_t>(d);
      // Column 0 gives rows 1-2 its two lowest digits, e and e'.
      const unsigned c0 = c[0];
      const int x = std::countr_zero(c0) & 15, y = std::countr_zero(c0 & (c0 - 1)) & 15;
      const auto pair = static_cast<std::uint16_t>(1u << x | 1u << y);
      cols[0] = static_cast<std::uint16_t>(c0 & ~pair);
      end[x] = static_cast<std::uint8_t>(y);
      end[y] = static_cast<std::uint8_t>(x);
      pick(1, pair, 0, 0);
    }

    // Columns < j have picked; once/twice: digits picked once / twice so far; cycles: cycles
    // of the partial 2-factor closed so far.
    void pick(int j, std::uint16_t once, std::uint16_t twice, int cycles) {
      // Every digit still short of two picks needs enough unprocessed columns holding it: two
      // for a digit not picked yet, one for a digit picked once (two mask tests for all digits).
      if ((once & ~ge1[j]) || (digits & ~(once | twice) & ~ge2[j])) return;
      if (j == n) {
        leaf(cycles);
        return;
      }
      const auto options = static_cast<std::uint16_t>(cols[j] & ~twice);
      for (unsigned a = options; a; a &= a - 1) {
        const int x = std::countr_zero(a);
        for (unsigned b = a & (a - 1); b; b &= b - 1) {
          const int y = std::countr_zero(b);
          const auto pair = static_cast<std::uint16_t>(1u << x | 1u << y);
          const std::uint16_t saved = cols[j];
          cols[j] = static_cast<std::uint16_t>(saved & ~pair);
          const int p = end[x] & 15, q = end[y] & 15;  // (& 15: lets the compiler see p, q < 16)
          const auto once2 = static_cast<std::uint16_t>((once ^ pair) & ~(once & pair));
          const auto twice2 = static_cast<std::uint16_t>(twice | (once & pair));
          if (p == y) {
            pick(j + 1, once2, twice2, cycles + 1);
          } else {
            end[p] = static_cast<std::uint8_t>(q);
            end[q] = static_cast<std::uint8_t>(p);
            pick(j + 1, once2, twice2, cycles);
            end[p] = static_cast<std::uint8_t>(x);
            end[q] = static_cast<std::uint8_t>(y);
          }
          cols[j] = saved;
        }
      }
    }

    void leaf(int cycles) {
      if (owner->stats_) ++owner->stats_->two_factors;
      const u128 rest = owner->fillings(cols, n, k - 2);
      total = checked_add(total, checked_mul(rest, u128{1} << cycles));
    }
  };

  // The last level of m = 5, F_3 of a 3-regular graph, on a memo miss. A 2-factor of a
  // 3-regular graph through column 0's other two digits is the complement of a perfect matching
  // M through (column 0, its lowest digit), so
  //
  //   F_3(G) = 3 * sum over perfect matchings M of G through that edge of 2^cycles(G - M):
  //
  // one digit per column (a bit mask of the digits used), instead of two.
  //
  // Pruning: after column j, every digit not in M yet needs a column > j holding it; the digits
  // that would break this are forced on column j before it chooses (none: any free digit; one:
  // that one; two: dead end). Testing before the choice also keeps every digit at two edges at
  // most in the growing 2-factor, as the path bookkeeping below needs. (The first version tested
  // each child after its choice: 11% more instructions on class 321, whose last level misses
  // the memo mostly.)
  //
  // Order: the columns go in breadth-first order (from column 0 through the digits as they are
  // reached), so a digit's three columns come close together and forcing starts early: on class
  // 321, 1.56G -> 1.06G instructions in all. Tried and lost, measured with a one-turn memo key
  // (the forced choices alone 2.58G there, breadth-first 1.65G): a greedy order (next the
  // column closing the most digits, then touching the most digits seen) cuts the matchings'
  // nodes more but costs 10 times the ordering, 1.70G; most overlap with the digits seen, 1.69G.
  //
  // Cycles of G - M are counted as it grows (no union-find at a leaf): a column whose two
  // digits x, y stay is a path x - column - y, so the partial 2-factor is paths and closed
  // cycles; end[d] is the other end of the path ending at digit d (d itself for a digit on no
  // path yet; entries of inner digits are stale and never read, only path ends are looked up).
  // Adding x - y: p = end[x], q = end[y]; p == y closes a cycle, else the paths join into one
  // from p to q (end[p] = q, end[q] = p), undone by end[p] = x, end[q] = y, which is what they
  // held.
  //
  // Measured without the memo in front (every residual graph of the top level counted afresh,
  // with or without splitting it into components first): 3.4x and 4.1x slower on classes 1-40
  // of 5x2 than memo + this on misses; the memo's hit rate (97% on class 10) wins.
  struct Cubic {
    int n;
    std::uint16_t cols[16];  // the graph's columns in breadth-first order
    std::uint16_t ge1[17];
    std::uint16_t digits = 0;
    std::uint8_t end[16];
    std::uint64_t sum = 0;

    Cubic(const std::uint16_t* in, int n_) : n(n_) {
      // Columns in breadth-first order from column 0 (through digits, in the order they are
      // reached; a next component from its lowest column), so that a digit's three columns come
      // close together and the forced choices below start early.
      std::uint16_t holders[16] = {};
      for (int j = 0; j < n; ++j)
        for (unsigned d = in[j]; d; d &= d - 1)
          holders[std::countr_zero(d) & 15] |= static_cast<std::uint16_t>(1u << j);
      unsigned placed = 0, reached = 0, queue = 0;
      for (int i = 0; i < n;) {
        if (!queue) {  // start (again) from the lowest column not placed
          const int j = std::countr_zero(~placed) & 15;
          placed |= 1u << j;
          cols[i++] = in[j];
          queue = in[j] & ~reached;
          reached |= in[j];
          continue;
        }
        const int d = std::countr_zero(queue) & 15;
        queue &= queue - 1;
        for (unsigned a = holders[d] & ~placed; a; a &= a - 1) {
          const int j = std::countr_zero(a) & 15;
          placed |= 1u << j;
          cols[i++] = in[j];
          queue |= in[j] & ~reached;
          reached |= in[j];
        }
      }
      const std::uint16_t* c = cols;
      ge1[n] = 0;
      for (int j = n - 1; j >= 0; --j) ge1[j] = static_cast<std::uint16_t>(ge1[j + 1] | c[j]);
      digits = ge1[0];
      for (int d = 0; d < 16; ++d) end[d] = static_cast<std::uint8_t>(d);
      const unsigned c0 = c[0];
      const unsigned m0 = c0 & (~c0 + 1);
      const unsigned rest = c0 & ~m0;
      const int x = std::countr_zero(rest) & 15, y = std::countr_zero(rest & (rest - 1)) & 15;
      end[x] = static_cast<std::uint8_t>(y);
      end[y] = static_cast<std::uint8_t>(x);
      if (!(digits & ~m0 & ~ge1[1])) match(1, static_cast<std::uint16_t>(m0), 0);
    }

    void match(int j, std::uint16_t used, int cycles) {
      if (j == n) {
        sum += std::uint64_t{1} << cycles;
        return;
      }
      const unsigned cj = cols[j];
      unsigned options = cj & ~used;
      // A digit not in M yet that no later column holds: column j must take it (the parent made
      // sure that column j holds every such digit), and it cannot take two.
      if (const unsigned forced = digits & ~used & ~ge1[j + 1]) {
        if (forced & (forced - 1)) return;
        options = forced;
      }
      for (unsigned a = options; a; a &= a - 1) {
        const unsigned bit = a & (~a + 1);
        const unsigned rest = cj & ~bit;
        const int x = std::countr_zero(rest) & 15, y = std::countr_zero(rest & (rest - 1)) & 15;
        const int p = end[x] & 15, q = end[y] & 15;
        if (p == y) {
          match(j + 1, static_cast<std::uint16_t>(used | bit), cycles + 1);
        } else {
          end[p] = static_cast<std::uint8_t>(q);
          end[q] = static_cast<std::uint8_t>(p);
          match(j + 1, static_cast<std::uint16_t>(used | bit), cycles);
          end[p] = static_cast<std::uint8_t>(x);
          end[q] = static_cast<std::uint8_t>(y);
        }
      }
    }
  };

  // Sorts a[0..n) upwards; n = 10 (m = 5) by a sorting network of 29 compare-exchanges (the
  // known optimum for 10 inputs, depth 8; checked here on all 2^10 inputs of zeros and ones),
  // spelt out so that the ten values stay in registers and the compiler uses conditional moves.
  // std::sort's insertion sort on these random masks mispredicted its branches: the sorts were
  // a third of the count's time (perf). All 355 classes of 5x2: 16.9-17.1 -> 12.2-12.3 CPU-s
  // (load 2.9), callgrind classes 200-204 1.86G -> 1.69G instructions. Tried and lost: the same
  // network as a loop over a table of pairs (the values went through memory: 2.23G, slower
  // than std::sort). Any order of the masks would still be a relabelling (a wrong sort could
  // only cost memo hits, never a count), and the keys are the same 143,073.
  static void sort_masks(std::uint16_t* a, int n) {
    if (n != 10) {
      std::sort(a, a + n);
      return;
    }
    unsigned v0 = a[0], v1 = a[1], v2 = a[2], v3 = a[3], v4 = a[4];
    unsigned v5 = a[5], v6 = a[6], v7 = a[7], v8 = a[8], v9 = a[9];
    auto ce = [](unsigned& x, unsigned& y) {
      const unsigned lo = x < y ? x : y, hi = x < y ? y : x;
      x = lo;
      y = hi;
    };
    // One layer of the network a line.
    ce(v0, v8); ce(v1, v9); ce(v2, v7); ce(v3, v5); ce(v4, v6);
    ce(v0, v2); ce(v1, v4); ce(v5, v8); ce(v7, v9);
    ce(v0, v3); ce(v2, v4); ce(v5, v7); ce(v6, v9);
    ce(v0, v1); ce(v3, v6); ce(v8, v9);
    ce(v1, v5); ce(v2, v3); ce(v4, v8); ce(v6, v7);
    ce(v1, v2); ce(v3, v5); ce(v4, v6); ce(v7, v8);
    ce(v2, v3); ce(v4, v5); ce(v6, v7);
    ce(v3, v4); ce(v5, v6);
    const unsigned v[10] = {v0, v1, v2, v3, v4, v5, v6, v7, v8, v9};
    for (int i = 0; i < 10; ++i) a[i] = static_cast<std::uint16_t>(v[i]);
  }

  // Memo key: the graph renumbered on both sides so that isomorphic residual graphs often get
  // the same key, by turns. A turn transposes to the digit masks (per digit, the columns holding
  // it) and sorts them (forgets the digit numbering), transposes back to column masks over the
  // sorted digit positions and sorts those (forgets the column numbering). The result is a
  // relabelling of the graph, so equal keys have equal F; it is not a canonical form
  // (isomorphic graphs may get different keys, which costs memo entries, never a wrong count).
  // Measured (callgrind, one 2x5 class, misses counted by 2-factors): 1 turn 12.9G
  // instructions, 2 turns 10.0G, 3 turns 10.7G.
  //
  // The transposes were bit-by-bit loops, 7 of every 10 instructions of the count once the
  // last level used Cubic (callgrind, 5x2 classes 10-12: 3.09G instructions); as SSE2
  // movemasks (transpose16) the same key takes 1.60G; all 355 classes of 5x2, 61 -> 49 CPU-s.
  //
  // A component keeps the original digit numbering, so its digits are first renumbered 0..n-1
  // (a k-regular bipartite graph with n columns has n digits); the sorts then cover the n masks
  // only (sorting all 16 moved the empty masks of the absent digits past the others every
  // turn: classes 200-204, 2.17G -> 1.86G instructions; all 355, 19.3 -> 16.8 CPU-s, load 2.8).
  // Tried and lost: sorting downwards instead (the empty masks stay in place) -- the turns then
  // settle on 3.4x as many keys (493,327) and it was no faster; hand-written insertion sorts
  // over all 16 with the transposes writing the empty masks first: 2.25G -> 2.84G.
  static Masks memo_key(const std::uint16_t* cols, int n) {
    constexpr int kTurns = 2;
    std::uint16_t c[16] = {}, dm[16];
    std::copy(cols, cols + n, c);
    unsigned digits = 0;
    for (int j = 0; j < n; ++j) digits |= c[j];
    if (digits != (1u << n) - 1) {  // a component: its digits renumbered 0..n-1
      for (int j = 0; j < n; ++j) {
        unsigned packed = 0;
        int i = 0;
        for (unsigned d = digits; d; d &= d - 1, ++i)
          if (c[j] & d & (~d + 1)) packed |= 1u << i;
        c[j] = static_cast<std::uint16_t>(packed);
      }
    }
    for (int turn = 0; turn < kTurns; ++turn) {
      transpose16(c, dm);  // digits n.. absent: dm[n..] empty
      sort_masks(dm, n);
      transpose16(dm, c);  // columns n.. empty
      sort_masks(c, n);
    }
    Masks key{};
    std::copy(c, c + n, key.begin());
    return key;
  }

  TwoBandStats* stats_;
  std::unordered_map<Masks, u128, MasksHash> memo_[kSide2MaxHalf + 1];
  std::uint64_t misses_ = 0;  // memo misses, for the stop polls
};

}  // namespace

u128 two_band_fillings(const Side2Config& c, TwoBandStats* stats) {
  if (!is_valid_config(c)) throw std::invalid_argument("two-band fillings: not a valid configuration");
  const int m = c.m, n = 2 * m;
  const auto all = static_cast<std::uint16_t>((1u << n) - 1);
  std::uint16_t cols[16];
  for (int k = 0; k < m; ++k) {
    cols[2 * k] = c.sets[k];
    cols[2 * k + 1] = static_cast<std::uint16_t>(all & ~c.sets[k]);
  }
  BandCounter counter(stats);
  return counter.fillings(cols, n, m);
}

u128 two_band_fillings(const Side2Config& c) { return two_band_fillings(c, nullptr); }

}  // namespace gridenum
