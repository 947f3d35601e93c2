// Completions of a top band for the three-band shapes R x 3: see three_band.hpp for the
// mathematics and the table. This file: the box partitions and their relabelling tables
// (part 1), the colouring count F (part 2, a kernel: isa/band_colourings.hpp), the F table
// (part 3) and the sum (part 4).
//
// Data layout (4x3: N = 12, P = 5,775 box partitions, 9 pair types):
//
//   blocks_    [id * 3 + j]    the three block masks of partition id, by lowest digit
//   dense_     [m0 | m1 << N]  partition id from its block holding digit 0 (m0) and the block
//                              holding the lowest other digit (m1); 2^24 x u16 = 32 MB
//   std_of_    [p * P + q]     id of q relabelled so that p is the standard partition (u16, 67 MB)
//   type_      [q]             pair type of (standard, q)
//   hrel_      [q * P + p]     id of p under the relabelling h_q that fixes the standard
//                              partition and sends q to its type's representative (u16, 67 MB)
//   table_[t]  [k_3 + P k_4]   F / R! of (standard, rep_t, part k_3, part k_4), u32, symmetric
//                              in k_3, k_4 (9 x 133 MB; one of them for a PairTypeOnly counter)
//
// The hot loop (part 4), per work item (box-1 chain x1, box-2 chain x2) of a group of G top bands
// sharing boxes 1..3, and per box-3 chain x3 (one row pair for the whole group):
//   rowM = table_[type_m] + P * a3[x3],  rowB = table_[type_b] + P * c3[x3]     (shared)
//   for band c < G:  for x4:  acc[c] += u64(rowM[aL[c][x4]]) * rowB[bL[c][x4]]  (own lists)
// a3/c3 are box 3's chains relabelled (std_of then hrel: 346 u16 each, shared); aL/bL the band's
// last-box chains relabelled the same way (G x 346 u16 each, 1.4 KB per band for both). The aL/bL
// lists do not change with x3: only the rows do. So for 4x3 (R = 4) the row pairs are taken 16
// x3 at a time and turned on their side into two tiles (ThreeBandSum::Tiles, the default):
//
//   tileM (P lines of 64 bytes, 370 KB; tileB alike, both in L2 while the group runs over them)
//   line j:  | rowM(x0)[j] | rowM(x0+1)[j] | ... | rowM(x0+15)[j] |   16 x u32
//   for band c < G:  for x4:  acc[c] += sum over the 16 lanes of tileM[aL[c][x4]] * tileB[bL[c][x4]]
//
// one line load per side for 16 products (two vpmuludq of 8 lanes on AVX-512, four on AVX2),
// where the row-pair loop (ThreeBandSum::RowPairs, kept to check against) loads two scattered
// entries per product and no gather instruction helps (isa/kernels.cpp). The last tile's missing
// rows (346 = 21 x 16 + 10) read a row of zeros. The same terms in another order; the lanes'
// 64-bit sums hold while max^2 x 346 x 16 < 2^64 (4x3: 3.5e17), else the row-pair loop runs.
// The row pair after this one is prefetched in slices between batches of kBatch bands (row
// pairs); the tiles read their 16 rows as streams the hardware prefetches (software prefetch of
// the next tile's rows lost, part 4).
#include "gridenum/count/three_band/three_band.hpp"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/concurrent_unordered_map.h>
#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cassert>
#include <map>
#include <set>
#include <stdexcept>

#include <boost/align/aligned_allocator.hpp>
#include <fmt/format.h>

#include "gridenum/core/phase.hpp"
#include "gridenum/core/stop.hpp"
#include "gridenum/core/checksum.hpp"
#include "gridenum/core/combinatorics.hpp"
#include "gridenum/core/cpu.hpp"
#include "gridenum/core/errors.hpp"
#include "gridenum/count/three_band/band_signatures.hpp"
#include "gridenum/core/timing.hpp"
#include "../isa/kernels.hpp"

namespace gridenum {

namespace {

constexpr int kC = 3;  // columns per box = bands

DigitMask apply_perm(const std::array<std::uint8_t, 16>& g, DigitMask m) {
  DigitMask r = 0;
  for (; m; m &= m - 1) r |= DigitMask{1} << g[std::countr_zero(m)];
  return r;
}

// Part 2: F, the proper R-edge-colourings of the R-regular bipartite graph columns x digits, is
// counted by a kernel (isa/band_colourings.hpp: most-constrained column first), compiled once
// per instruction-set level like the sum's: its popcounts are a libgcc call in the baseline
// build, a quarter of the 4x3 table build's profile.

using Perm = std::array<std::uint8_t, 16>;

// Bands summed between two slices of the next row pair's prefetch (three_band.cpp, part 4).
constexpr std::size_t kBatch = 8;

}  // namespace

struct ThreeBandCounter::Impl {
  Shape s;
  int R = 0, N = 0;
  std::uint32_t P = 0;
  std::uint64_t rfact = 1;
  std::vector<DigitMask> blocks;
  std::vector<std::uint16_t> dense, std_of, type, hrel;
  std::vector<std::uint16_t> type_rep;
  std::vector<std::vector<std::uint32_t>> table;  // empty for the types not built (PairTypeOnly)
  std::uint64_t slots = 1;  // P^(R-2)
  int only = -1;            // the one type built (PairTypeOnly), or -1: all
  ThreeBandSum sum_kind = ThreeBandSum::Tiles;  // R = 4's innermost sum (set_sum)
  ThreeBandStats stats;
  const detail::CountKernels* kernels = nullptr;  // the selected level's: band_colourings fills the table

  // ---- Part 1: partitions ------------------------------------------------------------------
  std::uint16_t id(const DigitMask* m) const {
    int i0 = 0;
    while (!(m[i0] & 1)) ++i0;
    const DigitMask m0 = m[i0];
    const DigitMask low = (s.all_digits() & ~m0) & (~(s.all_digits() & ~m0) + 1);
    int i1 = 0;
    while (!(m[i1] & low)) ++i1;
    const std::uint16_t v = dense[m0 | (static_cast<std::size_t>(m[i1]) << N)];
    assert(v != 0xffff);
    return v;
  }
  std::uint16_t image(const Perm& g, std::uint32_t p) const {
    DigitMask m[kC];
    for (int j = 0; j < kC; ++j) m[j] = apply_perm(g, blocks[p * kC + j]);
    return id(m);
  }
  // The relabelling sending partition p to the standard one.
  Perm to_standard(std::uint32_t p) const {
    Perm g{};
    for (int j = 0; j < kC; ++j) {
      int k = 0;
      for (DigitMask m = blocks[p * kC + j]; m; m &= m - 1) g[std::countr_zero(m)] = static_cast<std::uint8_t>(j * R + k++);
    }
    return g;
  }
  DigitMask std_block(int i) const { return ((DigitMask{1} << R) - 1) << (i * R); }

  void build_partitions() {
    std::vector<DigitMask> cur;
    auto rec = [&](auto&& self, DigitMask used) -> void {
      if (used == s.all_digits()) {
        blocks.insert(blocks.end(), cur.begin(), cur.end());
        return;
      }
      const DigitMask lo = ~used & (used + 1);
      const DigitMask rest = s.all_digits() & ~used & ~lo;
      // subsets of rest with R-1 bits, increasing
      std::vector<DigitMask> subs;
      for (DigitMask t = rest;; t = (t - 1) & rest) {
        if (std::popcount(t) == R - 1) subs.push_back(t);
        if (t == 0) break;
      }
      std::sort(subs.begin(), subs.end());
      for (DigitMask t : subs) {
        cur.push_back(lo | t);
        self(self, used | lo | t);
        cur.pop_back();
      }
    };
    rec(rec, 0);
    P = static_cast<std::uint32_t>(blocks.size() / kC);
    if (P >= 0xffff) throw std::invalid_argument("three-band counter: too many box partitions");
    dense.assign(std::size_t{1} << (2 * N), 0xffff);
    for (std::uint32_t p = 0; p < P; ++p) {
      const DigitMask* b = &blocks[p * kC];  // b[0] holds digit 0, b[1] the lowest other digit
      dense[b[0] | (static_cast<std::size_t>(b[1]) << N)] = static_cast<std::uint16_t>(p);
    }
    assert(blocks[0] == std_block(0) && blocks[1] == std_block(1));
  }

  void build_std_of() {
    std_of.resize(static_cast<std::size_t>(P) * P);
    tbb::parallel_for(std::uint32_t{0}, P, [&](std::uint32_t p) {
      const Perm g = to_standard(p);
      for (std::uint32_t q = 0; q < P; ++q) std_of[static_cast<std::size_t>(p) * P + q] = image(g, q);
    });
  }

  // Pair types: the matrix |std_i n q_j| up to row and column order; canonical = smallest code.
  struct Placement {
    std::array<int, kC> row, col;  // canonical position of std block i, of q's block j
    int code = 0;
  };
  Placement place(std::uint32_t q) const {
    int M[kC][kC];
    for (int i = 0; i < kC; ++i)
      for (int j = 0; j < kC; ++j) M[i][j] = std::popcount(std_block(i) & blocks[q * kC + j]);
    std::array<int, kC> rp{0, 1, 2}, cp;
    Placement best;
    best.code = -1;
    do {
      cp = {0, 1, 2};
      do {
        int canon[kC][kC];
        for (int i = 0; i < kC; ++i)
          for (int j = 0; j < kC; ++j) canon[rp[i]][cp[j]] = M[i][j];
        int code = 0;
        for (int i = 0; i < kC; ++i)
          for (int j = 0; j < kC; ++j) code = code * (R + 1) + canon[i][j];
        if (best.code < 0 || code < best.code) best = Placement{rp, cp, code};
      } while (std::next_permutation(cp.begin(), cp.end()));
    } while (std::next_permutation(rp.begin(), rp.end()));
    return best;
  }

  void build_types() {
    std::map<int, std::uint16_t> type_of_code;
    std::vector<Placement> pl(P);
    type.resize(P);
    for (std::uint32_t q = 0; q < P; ++q) {
      pl[q] = place(q);
      auto [it, fresh] = type_of_code.emplace(pl[q].code, static_cast<std::uint16_t>(type_rep.size()));
      if (fresh) type_rep.push_back(static_cast<std::uint16_t>(q));
      type[q] = it->second;
    }
    placements = std::move(pl);
  }
  std::vector<Placement> placements;  // build_types' placements, for build_hrel

  void build_hrel() {
    const std::vector<Placement>& pl = placements;
    // h_q: cell (i, j) of q (digits of std_i n q_j, increasing) goes to the cell of the
    // representative r at the same canonical position, digit for digit.
    hrel.resize(static_cast<std::size_t>(P) * P);
    tbb::parallel_for(std::uint32_t{0}, P, [&](std::uint32_t q) {
      const std::uint32_t r = type_rep[type[q]];
      const Placement &a = pl[q], &b = pl[r];
      Perm h{};
      for (int i = 0; i < kC; ++i)
        for (int j = 0; j < kC; ++j) {
          int i2 = 0, j2 = 0;
          while (b.row[i2] != a.row[i]) ++i2;
          while (b.col[j2] != a.col[j]) ++j2;
          DigitMask from = std_block(i) & blocks[q * kC + j], to = std_block(i2) & blocks[r * kC + j2];
          if (std::popcount(from) != std::popcount(to)) throw std::logic_error("three-band: pair type placement");
          for (; from; from &= from - 1, to &= to - 1) h[std::countr_zero(from)] = static_cast<std::uint8_t>(std::countr_zero(to));
        }
      if (image(h, 0) != 0 || image(h, q) != r) throw std::logic_error("three-band: type relabelling is wrong");
      for (std::uint32_t p = 0; p < P; ++p) hrel[static_cast<std::size_t>(q) * P + p] = image(h, p);
    });
  }

  // The agreed name of pair type t (three_band.hpp): the matrix |std_i n rep_j| in the order of
  // rows and columns that reads largest row by row, "a,b,c/d,e,f/g,h,i". Its own canonical form,
  // not Placement's (smallest code, this file's private choice): the name is what the signature
  // method computes too, in its own code.
  std::string type_name(std::size_t t) const {
    int M[kC][kC];
    for (int i = 0; i < kC; ++i)
      for (int j = 0; j < kC; ++j) M[i][j] = std::popcount(std_block(i) & blocks[type_rep[t] * kC + j]);
    std::array<int, kC * kC> best{};
    best.fill(-1);
    std::array<int, kC> rp{0, 1, 2}, cp;
    do {
      cp = {0, 1, 2};
      do {
        std::array<int, kC * kC> v;
        for (int i = 0; i < kC; ++i)
          for (int j = 0; j < kC; ++j) v[i * kC + j] = M[rp[i]][cp[j]];
        best = std::max(best, v);
      } while (std::next_permutation(cp.begin(), cp.end()));
    } while (std::next_permutation(rp.begin(), rp.end()));
    return fmt::format("{},{},{}/{},{},{}/{},{},{}", best[0], best[1], best[2], best[3], best[4], best[5], best[6], best[7], best[8]);
  }

  // ---- Part 3: the F table -------------------------------------------------------------------
  std::uint64_t colour(const std::uint32_t* ids) const {  // F of the band with these R box partitions
    DigitMask cols[16];
    for (int b = 0; b < R; ++b)
      for (int j = 0; j < kC; ++j) cols[b * kC + j] = blocks[ids[b] * kC + j];
    return kernels->band_colourings(cols, N, s.all_digits(), R);
  }

  void build_table(Phase& phase) {
    for (int b = 2; b < R; ++b) slots *= P;
    table.resize(type_rep.size());
    std::atomic<std::uint64_t> computed{0}, orbits{0};
    struct KeyHash {
      std::size_t operator()(SignatureKey k) const {
        return std::hash<std::uint64_t>{}(static_cast<std::uint64_t>(k) * 0x9e3779b97f4a7c15ULL ^ static_cast<std::uint64_t>(k >> 64));
      }
    };
    tbb::concurrent_unordered_map<SignatureKey, std::uint64_t, KeyHash> by_class;
    std::atomic<std::uint32_t> max_value{0};
    phase.set_total(slots * (only >= 0 ? 1 : type_rep.size()));
    for (std::size_t t = 0; t < type_rep.size(); ++t) {
      if (only >= 0 && t != static_cast<std::size_t>(only)) continue;  // PairTypeOnly: one table
      // Relabellings fixing the standard partition (block order, then digits inside blocks)
      // and the type's representative.
      std::vector<Perm> stab;
      std::array<int, kC> bp{0, 1, 2};
      std::vector<std::vector<int>> inner(kC, std::vector<int>(R));
      do {
        for (auto& v : inner)
          for (int k = 0; k < R; ++k) v[k] = k;
        for (;;) {
          Perm g{};
          for (int i = 0; i < kC; ++i)
            for (int k = 0; k < R; ++k) g[i * R + k] = static_cast<std::uint8_t>(bp[i] * R + inner[i][k]);
          if (image(g, type_rep[t]) == type_rep[t]) stab.push_back(g);
          int i = 0;
          while (i < kC && !std::next_permutation(inner[i].begin(), inner[i].end())) ++i;
          if (i == kC) break;
        }
      } while (std::next_permutation(bp.begin(), bp.end()));
      auto& tab = table[t];
      tab.assign(slots, 0);
      const int K = R - 2;  // boxes in the key
      tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, slots), [&](const tbb::blocked_range<std::uint64_t>& range) {
        // Progress by 4,096 slots, where a stop is heard too: the half-built table goes with the
        // counter (a range of the auto partitioner can be millions of slots).
        std::uint64_t pending = 0;
        std::uint32_t ids[8], img[8];
        for (std::uint64_t key = range.begin(); key != range.end(); ++key) {
          if (++pending == 4096) {
            phase.step(pending);
            pending = 0;
          }
          if (std::atomic_ref<std::uint32_t>(tab[key]).load(std::memory_order_relaxed) != 0) continue;
          ids[0] = 0;
          ids[1] = type_rep[t];
          std::uint64_t k = key;
          for (int b = 0; b < K; ++b) {
            ids[2 + b] = static_cast<std::uint32_t>(k % P);
            k /= P;
          }
          // F depends only on the band's class: one colouring count per class (at most the
          // catalogue's 144,578 for 4x3), the orbits of slots only pay a canonical form.
          orbits.fetch_add(1, std::memory_order_relaxed);
          std::vector<DigitMask> band(N);
          for (int b = 0; b < R; ++b)
            for (int j = 0; j < kC; ++j) band[b * kC + j] = blocks[ids[b] * kC + j];
          const SignatureKey ck = signature_key(s, band);
          std::uint64_t f = 0;
          if (auto it = by_class.find(ck); it != by_class.end()) {
            f = it->second;
          } else {
            if (stop_requested()) phase.check();  // a colouring can take milliseconds: hear a stop before each
            f = colour(ids);
            by_class.emplace(ck, f);
            computed.fetch_add(1, std::memory_order_relaxed);
          }
          if (f == 0 || f % rfact != 0 || f / rfact > 0xffffffffu)
            throw CheckError(fmt::format("three-band {}: F = {} is not a positive 32-bit multiple of R!", s.str(), f));
          const auto v = static_cast<std::uint32_t>(f / rfact);
          std::uint32_t seen = max_value.load();
          while (v > seen && !max_value.compare_exchange_weak(seen, v)) {
          }
          for (const Perm& g : stab) {
            for (int b = 0; b < K; ++b) img[b] = image(g, ids[2 + b]);
            for (int a = 1; a < K; ++a)  // insertion sort (K <= 2; gcc 12 misreads std::sort here)
              for (int c = a; c > 0 && img[c - 1] > img[c]; --c) std::swap(img[c - 1], img[c]);
            do {
              std::uint64_t j = 0;
              for (int b = K; b-- > 0;) j = j * P + img[b];
              std::atomic_ref<std::uint32_t>(tab[j]).store(v, std::memory_order_relaxed);
            } while (std::next_permutation(img, img + K));
          }
        }
        phase.step(pending);
      });
    }
    stats.colourings = computed.load();
    stats.orbits = orbits.load();
    stats.max_table_value = max_value.load();
  }

  // F from a cache (three_band_cache.hpp): every type's slots from the source, the largest
  // value from the values themselves (a wrong maximum would pick the 64-bit sum where it may
  // overflow). Every slot of a built table is positive; a zero is a damaged cache.
  void read_table(const ThreeBandCounter::TableSource& source, Phase& phase) {
    for (int b = 2; b < R; ++b) slots *= P;
    table.resize(type_rep.size());
    std::uint32_t max_value = 0;
    phase.set_total(slots * type_rep.size());
    for (std::size_t t = 0; t < type_rep.size(); ++t) {
      phase.step(slots);
      table[t].assign(slots, 0);
      source.fill(t, table[t].data(), slots);
      const auto [lo, hi] = std::minmax_element(table[t].begin(), table[t].end());
      if (*lo == 0) throw CheckError(fmt::format("three-band {}: the F table read for pair type {} has an empty slot", s.str(), t));
      max_value = std::max(max_value, *hi);
    }
    stats.orbits = source.orbits;
    stats.colourings = source.colourings;
    stats.max_table_value = max_value;
  }

  // What the table's slots are indexed by, hashed: the shape, the partitions in order, each
  // partition's pair type and the types' representatives.
  std::uint64_t layout_fingerprint() const {
    std::string bytes = s.str();
    auto put = [&](const void* p, std::size_t n) { bytes.append(static_cast<const char*>(p), n); };
    put(blocks.data(), blocks.size() * sizeof(DigitMask));
    put(type.data(), type.size() * sizeof(std::uint16_t));
    put(type_rep.data(), type_rep.size() * sizeof(std::uint16_t));
    return fnv1a64(bytes);
  }

  // ---- Part 4: the sum -----------------------------------------------------------------------
  struct Chains {
    std::vector<std::uint16_t> mid, bot;
  };
  Chains chains(const DigitMask* top) const {  // top: the box's three column sets
    Chains c;
    const DigitMask A = top[0], B = top[1], C = top[2];
    auto subsets = [&](DigitMask set, int k) {
      std::vector<DigitMask> out;
      for (DigitMask t = set;; t = (t - 1) & set) {
        if (std::popcount(t) == k) out.push_back(t);
        if (t == 0) break;
      }
      return out;
    };
    for (int i = 0; i <= R; ++i)
      for (DigitMask b : subsets(B, i))
        for (DigitMask cc : subsets(C, R - i))
          for (DigitMask a : subsets(A, R - i)) {
            const DigitMask m[kC] = {b | cc, a | (C & ~cc), (A & ~a) | (B & ~b)};
            const DigitMask q[kC] = {(B | C) & ~m[0], (A | C) & ~m[1], (A | B) & ~m[2]};
            c.mid.push_back(id(m));
            c.bot.push_back(id(q));
          }
    return c;
  }

  // Completions of top bands that share boxes 1..R-1 (a group; one band is a group of one).
  // Everything of the shared boxes is done once for the group: the box-1 chains' relabellings,
  // per box-2 chain the type relabelling, per box-3 chain (R = 4) the two table rows. Only the
  // last box's chains are the bands' own: per (x1, x2) each band's list is relabelled (2 x 346
  // u16 lookups), and per row pair every band's dot product runs while the rows are in cache.
  // `stop` (may be empty) is asked before every work item -- (x1, x2) for R = 4: about a
  // millisecond per band of the group -- from the worker threads, so it must be thread-safe; once
  // it says yes the remaining items are skipped and the sum is abandoned (nullopt).
  // `of_type` >= 0: only the chain tuples whose middle and bottom bands both have their (box 1,
  // box 2) pair of that type (three_band.hpp, "One pair type"). The type of each band is known
  // per work item (x1, x2) for R >= 3 -- the item is skipped whole, before the loops over boxes
  // 3..R, which run as in the full sum -- and per last-box chain for R = 2 (its own loop). The
  // halving of the box-1 chains stays right: swapping middle and bottom keeps "both of type T".
  // `part` of `parts` (completions_part): only that even slice of the box-1 chains walked (the
  // merged list below, in its order), so the parts' sums add up to the whole.
  std::optional<std::vector<u128>> completions(const std::vector<std::vector<DigitMask>>& tops, std::size_t stride = 1,
                                               const std::function<bool()>& stop = {}, int of_type = -1,
                                               std::size_t part = 0, std::size_t parts = 1) const {
    const std::size_t G = tops.size();
    if (G == 0) return std::vector<u128>{};
    std::vector<Chains> ch;
    for (int b = 0; b + 1 < R; ++b) ch.push_back(chains(tops[0].data() + b * kC));
    std::vector<Chains> last(G);
    for (std::size_t c = 0; c < G; ++c) last[c] = chains(tops[c].data() + (R - 1) * kC);
    const std::size_t nL = last[0].mid.size();  // sum_i C(R,i)^3, the same for every box
    // Box 1: merge equal (mid, bottom) pairs; keep mid < bottom doubled and mid == bottom once.
    std::map<std::pair<std::uint16_t, std::uint16_t>, std::uint64_t> merged;
    for (std::size_t x = 0; x < ch[0].mid.size(); ++x) ++merged[{ch[0].mid[x], ch[0].bot[x]}];
    std::vector<std::pair<std::pair<std::uint16_t, std::uint16_t>, std::uint64_t>> first;
    for (auto& [mq, m] : merged) {
      if (mq.first < mq.second) first.push_back({mq, 2 * m});
      if (mq.first == mq.second) first.push_back({mq, m});
    }
    if (parts > 1) {
      const std::size_t n = first.size(), from = n * part / parts, to = n * (part + 1) / parts;
      first = decltype(first)(first.begin() + static_cast<std::ptrdiff_t>(from), first.begin() + static_cast<std::ptrdiff_t>(to));
    }
    if (stride > 1) {  // a timing sample (estimate_seconds): every stride-th box-1 chain only
      std::size_t kept = 0;
      for (std::size_t f = 0; f < first.size(); f += stride) first[kept++] = first[f];
      first.resize(kept);
    }
    // 64-bit row sums when max^2 x (chains of the last box) < 2^64: 4x3's largest F / R! is
    // 7,962,624 (< 2^23), so a row sum stays below 2^55. Otherwise a plain 128-bit loop.
    const u128 max_v = stats.max_table_value;
    const bool narrow = max_v * max_v * nL < (u128{1} << 64);
    const detail::CountKernels& kern = detail::count_kernels(selected_isa());
    // The tile kernel (R = 4): a tile line's 16 u64 lanes each sum nL products of one row pair.
    const bool use_tiles = R == 4 && sum_kind == ThreeBandSum::Tiles && max_v * max_v * nL * detail::kTileRows < (u128{1} << 64);
    using Tile = std::vector<std::uint32_t, boost::alignment::aligned_allocator<std::uint32_t, 64>>;
    tbb::enumerable_thread_specific<std::pair<Tile, Tile>> tiles(
        [&] { return std::pair<Tile, Tile>(Tile(use_tiles ? P * detail::kTileRows : 0), Tile(use_tiles ? P * detail::kTileRows : 0)); });
    const std::vector<std::uint32_t> zero_row(use_tiles ? P : 0, 0);  // the last tile's missing rows
    // Work items: (box-1 chain f, box-2 chain x2) for R >= 3, flattened; box-1 chains for R = 2.
    const std::size_t n2 = R >= 3 ? ch[1].mid.size() : 1;
    tbb::enumerable_thread_specific<std::vector<u128>> sums(std::vector<u128>(G, 0));
    std::atomic<bool> halted{false};
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, first.size() * n2, R == 4 ? 1 : n2), [&](const tbb::blocked_range<std::size_t>& range) {
      auto& out = sums.local();
      std::vector<std::uint16_t> umL(G * nL), ubL(G * nL), aL(G * nL), bL(G * nL), a3, c3;
      std::vector<std::uint64_t> dots(G);
      std::vector<u128> acc(G);
      std::size_t f_done = ~std::size_t{0};
      auto flush = [&] {  // acc x the box-1 chain's multiplicity into this thread's sums
        if (f_done == ~std::size_t{0}) return;
        for (std::size_t c = 0; c < G; ++c) out[c] = checked_add(out[c], checked_mul(acc[c], first[f_done].second));
        std::fill(acc.begin(), acc.end(), 0);
      };
      const std::uint16_t *sm = nullptr, *sb = nullptr;
      for (std::size_t item = range.begin(); item != range.end(); ++item) {
        if (stop && (halted.load(std::memory_order_relaxed) || stop())) {
          halted.store(true, std::memory_order_relaxed);
          return;  // the partial sums are thrown away below
        }
        const std::size_t f = item / n2, x2 = item % n2;
        if (f != f_done) {
          flush();
          f_done = f;
          const auto [m1, b1] = first[f].first;
          sm = &std_of[static_cast<std::size_t>(m1) * P];
          sb = &std_of[static_cast<std::size_t>(b1) * P];
          for (std::size_t c = 0; c < G; ++c)
            for (std::size_t x = 0; x < nL; ++x) {
              umL[c * nL + x] = sm[last[c].mid[x]];
              ubL[c * nL + x] = sb[last[c].bot[x]];
            }
        }
        if (R == 2) {  // the last box is box 2: its chains pick the pair types, slot 0
          if (of_type >= 0) {
            const auto t = static_cast<std::uint16_t>(of_type);
            for (std::size_t c = 0; c < G; ++c)
              for (std::size_t x = 0; x < nL; ++x)
                if (type[umL[c * nL + x]] == t && type[ubL[c * nL + x]] == t)
                  acc[c] += static_cast<std::uint64_t>(table[t][0]) * table[t][0];
            continue;
          }
          for (std::size_t c = 0; c < G; ++c)
            for (std::size_t x = 0; x < nL; ++x)
              acc[c] += static_cast<std::uint64_t>(table[type[umL[c * nL + x]]][0]) * table[type[ubL[c * nL + x]]][0];
          continue;
        }
        const std::uint16_t q2m = sm[ch[1].mid[x2]], q2b = sb[ch[1].bot[x2]];
        if (of_type >= 0 && (type[q2m] != of_type || type[q2b] != of_type)) continue;  // another type's part
        const std::uint32_t* tm = table[type[q2m]].data();
        const std::uint32_t* tb = table[type[q2b]].data();
        const std::uint16_t* hm = &hrel[static_cast<std::size_t>(q2m) * P];
        const std::uint16_t* hb = &hrel[static_cast<std::size_t>(q2b) * P];
        for (std::size_t x = 0; x < G * nL; ++x) {
          aL[x] = hm[umL[x]];
          bL[x] = hb[ubL[x]];
        }
        // One row pair for every band of the group. next_m / next_b: the row pair after this
        // one, prefetched a slice after each batch of bands, so that its lines (fetched from
        // DRAM: a row pair is 46 KB of a 1.2 GB table) arrive while this pair is summed.
        auto rows = [&](const std::uint32_t* rm, const std::uint32_t* rb, const std::uint32_t* next_m, const std::uint32_t* next_b) {
          if (!narrow) {
            for (std::size_t c = 0; c < G; ++c)
              for (std::size_t x = 0; x < nL; ++x) acc[c] += static_cast<std::uint64_t>(rm[aL[c * nL + x]]) * rb[bL[c * nL + x]];
            return;
          }
          const std::size_t lines = (static_cast<std::size_t>(P) * sizeof(std::uint32_t) + 63) / 64;
          const std::size_t batches = (G + kBatch - 1) / kBatch, per_batch = (lines + batches - 1) / batches;
          for (std::size_t c0 = 0, line = 0; c0 < G; c0 += kBatch) {
            const std::size_t g = std::min(kBatch, G - c0);
            kern.gather_dots(rm, rb, aL.data() + c0 * nL, bL.data() + c0 * nL, nL, g, dots.data());
            for (std::size_t c = 0; c < g; ++c) acc[c0 + c] += dots[c];
            if (next_m)
              for (std::size_t end = std::min(lines, line + per_batch); line < end; ++line) {
                __builtin_prefetch(reinterpret_cast<const char*>(next_m) + 64 * line);
                __builtin_prefetch(reinterpret_cast<const char*>(next_b) + 64 * line);
              }
          }
        };
        if (R == 3) {
          rows(tm, tb, nullptr, nullptr);
        } else {  // R == 4: a row pair per box-3 chain
          const std::size_t n3 = ch[2].mid.size();
          a3.resize(n3);
          c3.resize(n3);
          for (std::size_t x = 0; x < n3; ++x) {
            a3[x] = hm[sm[ch[2].mid[x]]];
            c3[x] = hb[sb[ch[2].bot[x]]];
          }
          auto row_m = [&](std::size_t x3) { return tm + static_cast<std::size_t>(a3[x3]) * P; };
          auto row_b = [&](std::size_t x3) { return tb + static_cast<std::size_t>(c3[x3]) * P; };
          if (use_tiles) {  // kTileRows row pairs at a time, turned on their side (tiles, above)
            auto& [tile_m, tile_b] = tiles.local();
            const std::uint32_t* rm[detail::kTileRows];
            const std::uint32_t* rb[detail::kTileRows];
            for (std::size_t x0 = 0; x0 < n3; x0 += detail::kTileRows) {
              for (std::size_t l = 0; l < detail::kTileRows; ++l) {
                rm[l] = x0 + l < n3 ? row_m(x0 + l) : zero_row.data();
                rb[l] = x0 + l < n3 ? row_b(x0 + l) : zero_row.data();
              }
              kern.tile_rows(rm, P, tile_m.data());
              kern.tile_rows(rb, P, tile_b.data());
              // Prefetching the next tile's rows a slice after each batch of bands (as the row
              // pairs do below) lost: 0.344 -> 0.471 s per class at G = 256, 0.642 -> 0.967 at
              // G = 64 (bench_three_band, 2 threads, AMD EPYC family 26 model 2, idle): 740 KB of
              // rows evict the 740 KB of tiles from a 1 MB L2. On a 512 KB L2 (Zen 3) the pair
              // does not fit; half tiles and index pairs sorted into blocks were tried there and
              // gave at most about 15 % (docs/methods/three_band.md, *Tiles on a 512 KB L2*).
              kern.tile_dots(tile_m.data(), tile_b.data(), aL.data(), bL.data(), nL, G, dots.data());
              for (std::size_t c = 0; c < G; ++c) acc[c] += dots[c];
            }
            continue;
          }
          for (std::size_t x3 = 0; x3 < n3; ++x3)
            rows(row_m(x3), row_b(x3), x3 + 1 < n3 ? row_m(x3 + 1) : nullptr, x3 + 1 < n3 ? row_b(x3 + 1) : nullptr);
        }
      }
      flush();
    });
    if (halted.load()) return std::nullopt;
    std::vector<u128> total(G, 0);
    for (const auto& v : sums)
      for (std::size_t c = 0; c < G; ++c) total[c] = checked_add(total[c], v[c]);
    for (auto& t : total) t = checked_mul(t, static_cast<u128>(rfact) * rfact);
    return total;
  }

  // The box-1 chains the sum walks (equal (mid, bottom) pairs merged, mid > bottom dropped).
  std::size_t box1_chains(const std::vector<DigitMask>& top) const {
    const Chains c = chains(top.data());
    std::set<std::pair<std::uint16_t, std::uint16_t>> kept;
    for (std::size_t x = 0; x < c.mid.size(); ++x)
      if (c.mid[x] <= c.bot[x]) kept.insert({c.mid[x], c.bot[x]});
    return kept.size();
  }

  std::uint64_t band_fillings(const std::vector<DigitMask>& cols) const {
    std::uint16_t ids[8];
    for (int b = 0; b < R; ++b) ids[b] = id(cols.data() + b * kC);
    const std::uint16_t* sm = &std_of[static_cast<std::size_t>(ids[0]) * P];
    const std::uint16_t q2 = sm[ids[1]];
    const std::uint16_t* h = &hrel[static_cast<std::size_t>(q2) * P];
    std::uint64_t key = 0;
    for (int b = R; b-- > 2;) key = key * P + h[sm[ids[b]]];
    if (table[type[q2]].empty())
      throw std::invalid_argument(fmt::format("three-band: the band's pair type {} has no table in this counter (built for type {} only)",
                                              type_name(type[q2]), type_name(static_cast<std::size_t>(only))));
    return table[type[q2]][key] * rfact;
  }
};

std::optional<std::string> three_band_shape_error(Shape s) {
  if (s.cols != kC || s.rows < 2 || s.rows > 4)
    return fmt::format("the three-band counter takes boxes of R x 3 cells with 2 <= R <= 4 (2x3, 3x3, 4x3), got {}", s.str());
  return std::nullopt;
}

namespace {
// The partitions and pair types alone (20 ms for 4x3: no P x P table, no F).
void build_types_only(ThreeBandCounter::Impl& m, Shape s) {
  if (auto why = three_band_shape_error(s)) throw std::invalid_argument(*why);
  m.s = s;
  m.R = s.rows;
  m.N = s.n();
  m.rfact = factorial_u64(m.R);
  m.kernels = &detail::count_kernels(selected_isa());
  m.build_partitions();
  m.build_types();
}

// The three constructors: every table built, every table read (source), or one type's built
// (only >= 0; checked against the types before the P x P tables are built).
void build_counter(ThreeBandCounter::Impl& m, Shape s, int threads, const ThreeBandCounter::TableSource* source,
                   std::optional<std::size_t> only) {
  const auto t0 = SteadyClock::now();
  // Shown while it runs (4x3: minutes), stopped within a slot range (core/phase.hpp).
  Phase phase(s.str() + (source ? " F tables, read from the cache" : " F tables"), 0, "slots");
  tbb::task_arena arena(threads > 0 ? threads : tbb::task_arena::automatic);
  arena.execute([&] {
    build_types_only(m, s);
    if (only && *only >= m.type_rep.size())
      throw std::invalid_argument(fmt::format("three-band {}: pair type {} out of range ({} types)", s.str(), *only, m.type_rep.size()));
    m.only = only ? static_cast<int>(*only) : -1;
    m.build_std_of();
    m.build_hrel();
    if (source)
      m.read_table(*source, phase);
    else
      m.build_table(phase);
  });
  std::size_t built = 0;
  for (const auto& t : m.table) built += t.empty() ? 0 : 1;
  m.stats.partitions = m.P;
  m.stats.pair_types = static_cast<std::uint32_t>(m.type_rep.size());
  m.stats.table_slots = m.slots * built;
  m.stats.table_bytes = m.stats.table_slots * 4 + (m.std_of.size() + m.hrel.size() + m.dense.size()) * 2;
  m.stats.seconds = seconds_since(t0);
}
}  // namespace

ThreeBandCounter::ThreeBandCounter(Shape s, int threads) : impl_(std::make_unique<Impl>()) {
  build_counter(*impl_, s, threads, nullptr, std::nullopt);
}

ThreeBandCounter::ThreeBandCounter(Shape s, int threads, const TableSource& source) : impl_(std::make_unique<Impl>()) {
  build_counter(*impl_, s, threads, source.fill ? &source : nullptr, std::nullopt);
}

ThreeBandCounter::ThreeBandCounter(Shape s, int threads, PairTypeOnly only) : impl_(std::make_unique<Impl>()) {
  build_counter(*impl_, s, threads, nullptr, only.type);
}

ThreeBandCounter::~ThreeBandCounter() = default;

Shape ThreeBandCounter::shape() const { return impl_->s; }
const ThreeBandStats& ThreeBandCounter::stats() const { return impl_->stats; }

namespace {
void check_config(Shape s, const std::vector<DigitMask>& cols) {
  if (cols.size() != static_cast<std::size_t>(s.n())) throw std::invalid_argument("three-band: need N column sets");
  for (int b = 0; b < s.rows; ++b) {
    DigitMask seen = 0;
    for (int j = 0; j < kC; ++j) {
      const DigitMask m = cols[b * kC + j];
      if (std::popcount(m) != s.rows || (m & seen) || (m & ~s.all_digits()))
        throw std::invalid_argument(fmt::format("three-band: box {}'s column sets do not partition the digits", b + 1));
      seen |= m;
    }
  }
}
}  // namespace

namespace {
// The full sum reads every type's table: refused by a PairTypeOnly counter.
void check_all_tables(const ThreeBandCounter& c) {
  if (auto t = c.only_type())
    throw std::invalid_argument(fmt::format("three-band {}: this counter holds the F table of pair type {} only; "
                                            "completions_of_type is its sum",
                                            c.shape().str(), c.pair_type_name(*t)));
}
}  // namespace

u128 ThreeBandCounter::completions(const std::vector<DigitMask>& top) const {
  check_all_tables(*this);
  check_config(impl_->s, top);
  return (*impl_->completions({top}))[0];
}

namespace {
void check_group(Shape s, const std::vector<std::vector<DigitMask>>& tops) {
  for (std::size_t c = 0; c < tops.size(); ++c) {
    check_config(s, tops[c]);
    if (!std::equal(tops[c].begin(), tops[c].begin() + (s.rows - 1) * kC, tops[0].begin()))
      throw std::invalid_argument(fmt::format("three-band: top band {} of the group does not share boxes 1..{} with the first",
                                              c + 1, s.rows - 1));
  }
}
}  // namespace

u128 ThreeBandCounter::completions_part(const std::vector<DigitMask>& top, std::size_t part, std::size_t parts) const {
  check_all_tables(*this);
  check_config(impl_->s, top);
  if (parts == 0 || part >= parts)
    throw std::invalid_argument(fmt::format("three-band: part {} of {} (parts are numbered 0 .. parts - 1)", part, parts));
  return (*impl_->completions({top}, 1, {}, -1, part, parts))[0];
}

std::vector<u128> ThreeBandCounter::completions(const std::vector<std::vector<DigitMask>>& tops) const {
  check_all_tables(*this);
  check_group(impl_->s, tops);
  return *impl_->completions(tops);
}

std::optional<std::vector<u128>> ThreeBandCounter::completions(const std::vector<std::vector<DigitMask>>& tops,
                                                               const std::function<bool()>& stop) const {
  check_all_tables(*this);
  check_group(impl_->s, tops);
  return impl_->completions(tops, 1, stop);
}

std::vector<u128> ThreeBandCounter::completions_of_type(const std::vector<std::vector<DigitMask>>& tops, std::size_t type) const {
  if (!has_table(type))
    throw std::invalid_argument(type >= impl_->table.size()
                                    ? fmt::format("three-band {}: pair type {} out of range ({} types)", impl_->s.str(), type,
                                                  impl_->table.size())
                                    : fmt::format("three-band {}: pair type {} has no table in this counter (built for {} only)",
                                                  impl_->s.str(), pair_type_name(type), pair_type_name(*only_type())));
  check_group(impl_->s, tops);
  return *impl_->completions(tops, 1, {}, static_cast<int>(type));
}

u128 ThreeBandCounter::completions_of_type(const std::vector<DigitMask>& top, std::size_t type) const {
  check_config(impl_->s, top);
  return completions_of_type(std::vector<std::vector<DigitMask>>{top}, type)[0];
}

void ThreeBandCounter::set_sum(ThreeBandSum kind) { impl_->sum_kind = kind; }
ThreeBandSum ThreeBandCounter::sum() const { return impl_->sum_kind; }

std::optional<std::size_t> ThreeBandCounter::only_type() const {
  if (impl_->only < 0) return std::nullopt;
  return static_cast<std::size_t>(impl_->only);
}

bool ThreeBandCounter::has_table(std::size_t type) const { return type < impl_->table.size() && !impl_->table[type].empty(); }

std::string ThreeBandCounter::pair_type_name(std::size_t type) const {
  if (type >= impl_->type_rep.size())
    throw std::invalid_argument(fmt::format("three-band {}: pair type {} out of range ({} types)", impl_->s.str(), type,
                                            impl_->type_rep.size()));
  return impl_->type_name(type);
}

std::vector<std::string> three_band_pair_types(Shape s) {
  ThreeBandCounter::Impl m;
  build_types_only(m, s);
  std::vector<std::string> names;
  for (std::size_t t = 0; t < m.type_rep.size(); ++t) names.push_back(m.type_name(t));
  return names;
}

std::size_t three_band_pair_type(Shape s, const std::string& name) {
  const auto names = three_band_pair_types(s);
  const auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end())
    throw std::invalid_argument(fmt::format("three-band {}: '{}' is not one of its {} pair types", s.str(), name, names.size()));
  return static_cast<std::size_t>(it - names.begin());
}

double ThreeBandCounter::estimate_seconds(const std::vector<std::vector<DigitMask>>& tops, std::size_t stride) const {
  if (stride == 0) throw std::invalid_argument("three-band: estimate_seconds needs a stride of at least 1");
  check_all_tables(*this);
  check_group(impl_->s, tops);
  if (tops.empty()) return 0;
  const auto t = SteadyClock::now();
  (void)impl_->completions(tops, stride);
  const double sampled = seconds_since(t);
  // The sum is over the box-1 chains; the sample took ceil(chains / stride) of them.
  const std::size_t chains = impl_->box1_chains(tops[0]);
  const std::size_t taken = (chains + stride - 1) / stride;
  return sampled * static_cast<double>(chains) / static_cast<double>(taken);
}

std::uint64_t ThreeBandCounter::band_fillings(const std::vector<DigitMask>& columns) const {
  check_config(impl_->s, columns);
  return impl_->band_fillings(columns);
}

std::uint64_t ThreeBandCounter::layout_fingerprint() const { return impl_->layout_fingerprint(); }
std::size_t ThreeBandCounter::table_types() const { return impl_->table.size(); }
std::uint64_t ThreeBandCounter::table_slots_per_type() const { return impl_->slots; }
const std::uint32_t* ThreeBandCounter::table_data(std::size_t type) const {
  if (!has_table(type)) throw std::invalid_argument(fmt::format("three-band {}: no F table of pair type {} in this counter", impl_->s.str(), type));
  return impl_->table[type].data();
}

std::uint64_t three_band_table_bytes(Shape s) {
  if (auto why = three_band_shape_error(s)) throw std::invalid_argument(*why);
  const int R = s.rows, N = s.n();
  const std::uint64_t P = binomial(3 * R, R) * binomial(2 * R, R) / 6;  // (3R)! / (R!^3 3!)
  // Pair types: 3 x 3 matrices M (M[i][j] = |std_i n q_j|) with row and column sums R, up to row
  // and column permutations; canonical form = the smallest code over the 36 orders.
  std::set<int> types;
  std::array<int, kC> rp{}, cp{};
  for (int a = 0; a <= R; ++a)
    for (int b = 0; a + b <= R; ++b)
      for (int c = 0; c <= R; ++c)
        for (int d = 0; c + d <= R; ++d) {
          const int M[kC][kC] = {{a, b, R - a - b}, {c, d, R - c - d}, {R - a - c, R - b - d, R - (R - a - c) - (R - b - d)}};
          if (M[2][0] < 0 || M[2][1] < 0 || M[2][2] < 0) continue;
          int best = -1;
          rp = {0, 1, 2};
          do {
            cp = {0, 1, 2};
            do {
              int code = 0;
              for (int i = 0; i < kC; ++i)
                for (int j = 0; j < kC; ++j) code = code * (R + 1) + M[rp[i]][cp[j]];
              if (best < 0 || code < best) best = code;
            } while (std::next_permutation(cp.begin(), cp.end()));
          } while (std::next_permutation(rp.begin(), rp.end()));
          types.insert(best);
        }
  std::uint64_t slots = 1;
  for (int b = 2; b < R; ++b) slots *= P;
  return types.size() * slots * 4 + (2 * P * P + (std::uint64_t{1} << (2 * N))) * 2;
}

std::uint64_t three_band_fillings(Shape s, const std::vector<DigitMask>& columns) {
  return three_band_fillings(s, columns, selected_isa());
}

std::uint64_t three_band_fillings(Shape s, const std::vector<DigitMask>& columns, Isa isa) {
  if (s.cols != kC || s.rows < 1 || s.n() > 16) throw std::invalid_argument("three_band_fillings: needs R x 3 boxes, N <= 16");
  check_config(s, columns);
  if (!isa_supported(isa)) throw std::logic_error("three_band_fillings: this CPU does not run " + to_string(isa));
  return detail::count_kernels(isa).band_colourings(columns.data(), s.n(), s.all_digits(), s.rows);
}

}  // namespace gridenum
