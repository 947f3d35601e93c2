// Stage 3: the completion counter, the hot loop of the count (docs/design.md section 2, step 5).
//
// The problem. The top band (a class representative) and stack 1 (an ordered stack filling)
// are fixed; count the fillings of the (C-1) x boxes that remain (B5, B6, B8, B9 for 9x9).
//
// The partition kernel (default). Describe a remaining box (b, s) by its row parts P_r (the C
// digits of each of its R rows) and its column parts Q_j (the R digits of each of its C columns).
// Given P and Q there is exactly one filling of the box when every P_r meets every Q_j, and none
// otherwise (R*C digits, R*C cells: each pair (r, j) must get exactly one digit). The row parts
// of one lower band b, over all stacks s >= 1, form a *row chain* (chains.hpp): how the digits
// each row still lacks after stack 1 are shared out among the stacks. The column parts of one
// stack s, over all lower bands, form a *column chain*. So
//
//   completions = sum over column chains c = (c_1 .. c_{R-1}) of
//                 prod over lower bands b of  G_b(c),
//   G_b(c)      = #{ row chains rho of band b : box (b, s) exists for every s }.
//
// The row chains of band b depend only on the row sets pi_b of its stack-1 box, the column
// chains only on the class. So per class and per (band position b, row set pi) the kernel builds
// the table G_{b,pi}[c] over the T = prod_s |CS_s| column-chain tuples (3136 for 9x9), and a
// stack filling whose pattern is (pi_1 .. pi_{C-1}) has sum_c prod_b G_{b,pi_b}[c] completions:
// a dot product of two vectors for 9x9 (bytes: every entry of a 9x9 table is below 128). The
// stack list is sorted by pattern, so a unit computes one dot product per run of equal patterns
// and multiplies by the run length.
//
// Data layout of the hot part (9x9):
//
//   Bits[pi][s][q]   : uint64, bit rho set when row chain rho of pi (56 of them, one word) has a
//                      box in stack s compatible with column partition q. Class independent.
//   qid[cls][s][c][b]: the column partition (unordered, an id) of column chain c of stack s in
//                      band b. Per class.
//   G[b][pi][c1*56+c2] = popcount(Bits[pi][1][qid(c1,b)] & Bits[pi][2][qid(c2,b)])  (built as
//                      uint16, stored as bytes on 64-byte lines when every entry is < 128)
//   pattern value    = sum_c G[0][pi_1][c] * G[1][pi_2][c]   (pmaddubsw + pmaddwd)
//
// The popcount products and the byte dot products are the two hot loops; they are compiled
// once per instruction-set level and chosen at run time (isa/kernels.hpp).
//
// Compatibility only depends on the unordered partitions {P_r} and {Q_j} (280 of each for 9x9),
// so one 280 x 280 byte matrix answers it; Bits is filled from that matrix once per run.
//
// Measured (9x9, 2 threads, docs/performance.md): the per-class G tables and the dot products take
// about the same time. Tried and lost: building the compatibility bitsets per class directly from
// the masks (3.5M mask tests per class, 3x slower than the shared Bits table).
//
// The backtracking kernel: plain cell-by-cell depth-first search with row/column/box masks over
// the remaining cells of every stack filling of the slice. Orders of magnitude slower; it is the
// independent check on small shapes and the long workload of the checkpointing tests.
#include "gridenum/count/stack/completion.hpp"

#include <boost/align/aligned_allocator.hpp>
#include <oneapi/tbb/collaborative_call_once.h>
#include <oneapi/tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <limits>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <unordered_map>
#include <utility>

#include "gridenum/core/hash.hpp"
#include "gridenum/core/stop.hpp"
#include "chains.hpp"
#include "../isa/kernels.hpp"

namespace gridenum {

std::string to_string(Kernel k) { return k == Kernel::Partition ? "partition" : "backtrack"; }

bool parse_kernel(std::string_view text, Kernel& out) {
  if (text == "partition") out = Kernel::Partition;
  else if (text == "backtrack") out = Kernel::Backtrack;
  else return false;
  return true;
}

namespace {

using detail::Chains;
using detail::enumerate_chains;

// A sorted list of at most 4 masks of at most 16 bits as one word, first mask highest (the
// engine's shapes have N <= 9 digits and parts of R or C <= 4 masks).
std::uint64_t pack_masks(const DigitMask* sorted, int k) {
  assert(k <= 4);
  std::uint64_t w = 0;
  for (int i = 0; i < k; ++i) {
    assert(sorted[i] < (DigitMask{1} << 16));
    w = (w << 16) | sorted[i];
  }
  return w;
}

}  // namespace

namespace detail {

// Dense ids, in order of first appearance, for unordered partitions of the digits (sorted mask
// lists), looked up by their packed word: with std::map keyed by vectors (an allocation per
// lookup), the ids of the 9x9 partitions (28,000 lookups) were a third of the kernel's set-up.
// (WordHash: core/hash.hpp says why not std::hash.)
class PartitionIndex {
 public:
  std::uint32_t id(const DigitMask* masks, int k) {
    std::array<DigitMask, 4> key = sorted(masks, k);
    auto [it, fresh] = ids_.try_emplace(pack_masks(key.data(), k), static_cast<std::uint32_t>(parts_.size()));
    if (fresh) parts_.emplace_back(key.begin(), key.begin() + k);
    return it->second;
  }
  // The id of a partition that is in the index (std::logic_error otherwise).
  std::uint32_t find(const DigitMask* masks, int k) const {
    std::array<DigitMask, 4> key = sorted(masks, k);
    const auto it = ids_.find(pack_masks(key.data(), k));
    if (it == ids_.end()) throw std::logic_error("partition kernel: a partition missing from the index");
    return it->second;
  }
  std::size_t size() const { return parts_.size(); }
  const std::vector<DigitMask>& operator[](std::size_t i) const { return parts_[i]; }

 private:
  static std::array<DigitMask, 4> sorted(const DigitMask* masks, int k) {
    assert(k <= 4);
    std::array<DigitMask, 4> key{};
    for (int i = 0; i < k; ++i) {  // insertion sort of k <= 4 masks
      int j = i;
      for (; j > 0 && key[j - 1] > masks[i]; --j) key[j] = key[j - 1];
      key[j] = masks[i];
    }
    return key;
  }
  std::unordered_map<std::uint64_t, std::uint32_t, WordHash> ids_;
  std::vector<std::vector<DigitMask>> parts_;
};

// Every partition of the N digits into `parts` blocks of `size` digits (N = parts * size), in
// the index: the block holding the smallest digit not yet placed is chosen first.
void index_all_partitions(int N, int parts, int size, PartitionIndex& index) {
  std::vector<DigitMask> blocks;
  const DigitMask all = (DigitMask{1} << N) - 1;
  auto rec = [&](auto& self, DigitMask used) -> void {
    if (used == all) {
      index.id(blocks.data(), parts);
      return;
    }
    const int first = std::countr_zero(~used & all);
    const DigitMask rest = all & ~used & ~(DigitMask{1} << first);
    // every (size - 1)-subset of rest, by Gosper's hack over the positions of rest's bits
    std::vector<int> pos;
    for (DigitMask m = rest; m; m &= m - 1) pos.push_back(std::countr_zero(m));
    const int n = static_cast<int>(pos.size()), k = size - 1;
    if (k > n) return;
    for (std::uint64_t pick = (std::uint64_t{1} << k) - 1; pick < (std::uint64_t{1} << n);) {
      DigitMask block = DigitMask{1} << first;
      for (std::uint64_t q = pick; q; q &= q - 1) block |= DigitMask{1} << pos[std::countr_zero(q)];
      blocks.push_back(block);
      self(self, used | block);
      blocks.pop_back();
      if (k == 0) break;
      const std::uint64_t low = pick & -pick, ripple = pick + low;
      pick = ripple | (((pick ^ ripple) >> 2) / low);
    }
  };
  rec(rec, 0);
}

}  // namespace detail

// The partition kernel's tables that depend on the stack list only (completion.hpp).
struct PartitionStackTables {
  Shape shape;
  std::size_t patterns = 0;                        // of the stack list they were built from
  std::vector<std::vector<DigitMask>> pis;         // distinct row-set partitions of patterns
  std::vector<std::uint32_t> pat_pi;               // pattern p, band b -> pi
  std::vector<std::vector<bool>> pi_used_at;       // band position b -> pi used there
  std::vector<detail::Chains> row_chains;          // per pi
  std::vector<int> words;                          // per pi: 64-bit words per bitset
  std::vector<std::vector<std::uint64_t>> bits;    // per pi: [s][q][word]
  detail::PartitionIndex qindex;                   // every column partition of a lower box
  std::size_t n_q = 0;                             // qindex.size()
  std::vector<std::uint64_t> run_start;            // where each stretch of equal patterns starts, then size()
};

namespace {

// Per-class tables of the partition kernel.
//
// The byte tables start on cache lines and their stride is T rounded up to a cache line (the
// padding is zero, so it never changes a sum). With malloc's 16-byte alignment, which depends
// on what the heap held before, the tables sat 0, 16, 32 or 48 bytes into a line from run to
// run; at 16 or 48 half of dot8's 32-byte loads straddle two lines. Measured (9x9, 1 thread,
// BM_Completion9x9/1): 122 ms aligned, 137 ms with the tables 16 bytes into a line; the same
// binary's completion stage took 126 ms as a plain count and 138 ms inside a job (another heap
// history) before this.
//
// The tables' memory is reused from class to class (Impl::spare): a class's tables are freed when
// its last unit is done and the next class's are built at once, so fresh allocations were fresh
// pages every time -- on 9x9 a page fault per 4 KB and a memset of every table before it was
// filled, together a fifth of a 2-thread count's CPU time (`perf record`, 2026-11-29). The
// vectors of a reused ClassTables keep their capacity, and NoZero's resize leaves the entries
// unwritten: fill_table writes every one of them before anything reads it.
constexpr std::size_t kLine = 64;
template <class T, class Base = std::allocator<T>>
struct NoZero : Base {  // an allocator whose value-initialisation (resize) leaves T uninitialised
  using Base::Base;
  NoZero() = default;
  template <class U>
  struct rebind {
    using other = NoZero<U, typename std::allocator_traits<Base>::template rebind_alloc<U>>;
  };
  template <class U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... A>
  void construct(U* p, A&&... a) {
    std::allocator_traits<Base>::construct(static_cast<Base&>(*this), p, std::forward<A>(a)...);
  }
};
struct ClassTables {
  std::size_t tuples = 0;                  // T
  std::size_t stride8 = 0;                 // T rounded up to kLine: one byte table's extent in g8
  std::vector<std::int32_t> slot;          // (b * n_pi + pi) -> table index, -1 when unused
  std::vector<std::uint16_t, NoZero<std::uint16_t>> g;  // tables of T entries each
  std::vector<std::uint8_t, NoZero<std::uint8_t, boost::alignment::aligned_allocator<std::uint8_t, kLine>>>
      g8;                                  // the same narrowed to bytes when every entry < 128
  std::vector<std::uint32_t> max_g;        // per band position: largest G entry
  bool fits_u64 = true;                    // T * prod_b max_g[b] < 2^64
  bool fits_i32 = true;                    // T * prod_b max_g[b] < 2^31

  const std::uint16_t* table(int b, std::uint32_t pi, std::size_t n_pi) const {
    const std::int32_t k = slot[b * n_pi + pi];
    assert(k >= 0 && g8.empty());
    return g.data() + static_cast<std::size_t>(k) * tuples;
  }
  const std::uint8_t* table8(int b, std::uint32_t pi, std::size_t n_pi) const {
    const std::int32_t k = slot[b * n_pi + pi];
    assert(k >= 0 && !g8.empty());
    return g8.data() + static_cast<std::size_t>(k) * stride8;
  }
};

}  // namespace

struct CompletionCounter::Impl {
  const Catalogue& cat;
  const StackList& stacks;
  Kernel kernel;
  const detail::CountKernels& kernels;  // the hot loops of the selected instruction-set level
  Shape s;
  int R, C, N;

  // --- partition kernel: class independent (PartitionStackTables, given or built here) ---
  std::shared_ptr<const PartitionStackTables> side;
  const std::vector<std::vector<DigitMask>>& pis;
  const std::vector<std::uint32_t>& pat_pi;
  const std::vector<std::vector<bool>>& pi_used_at;
  const std::vector<int>& words;
  const std::vector<std::vector<std::uint64_t>>& bits;
  const std::size_t n_q;
  // --- partition kernel: per class ---
  std::vector<std::vector<Chains>> col_chains;     // [cls][s-1]
  std::vector<std::vector<std::vector<std::uint32_t>>> qid;  // [cls][s-1][c * (C-1) + b]
  mutable std::vector<std::unique_ptr<tbb::collaborative_once_flag>> once;
  mutable std::vector<std::unique_ptr<ClassTables>> tables;
  mutable std::mutex spare_mu;  // guards spare
  mutable std::vector<std::unique_ptr<ClassTables>> spare;  // released tables, their memory kept for the next class

  Impl(const Catalogue& c, const StackList& st, Kernel k, std::optional<Isa> isa,
       std::shared_ptr<const PartitionStackTables> given)
      : cat(c), stacks(st), kernel(k), kernels(detail::count_kernels(isa ? *isa : selected_isa())), s(c.shape),
        R(s.rows), C(s.cols), N(s.n()),
        side(k != Kernel::Partition ? std::make_shared<const PartitionStackTables>()
             : given                ? std::move(given)
                                    : build_partition_stack_tables(st)),
        pis(side->pis), pat_pi(side->pat_pi), pi_used_at(side->pi_used_at), words(side->words), bits(side->bits),
        n_q(side->n_q) {
    if (isa && !isa_supported(*isa)) throw std::logic_error("completion: this CPU does not run " + to_string(*isa));
    if (cat.shape != stacks.shape) throw std::invalid_argument("completion: catalogue and stack list shapes differ");
    if (kernel == Kernel::Partition && (side->shape != stacks.shape || side->patterns != stacks.patterns.size()))
      throw std::invalid_argument("completion: the partition kernel's stack tables were built from another stack list");
    once.resize(cat.classes.size());
    tables.resize(cat.classes.size());
    for (auto& o : once) o = std::make_unique<tbb::collaborative_once_flag>();
    if (kernel == Kernel::Partition) setup_classes();
  }

  // The (cheap) column chains of every class and their column partitions' ids, before any
  // table is filled.
  void setup_classes() {
    const int bands = C - 1;
    col_chains.resize(cat.classes.size());
    qid.resize(cat.classes.size());
    for (std::size_t a = 0; a < cat.classes.size(); ++a) {
      const Band& band = cat.classes[a].representative;
      for (int st = 1; st < R; ++st) {
        std::vector<int> home(N);
        for (int r = 0; r < R; ++r)
          for (int j = 0; j < C; ++j) home[band[r * N + st * C + j] - 1] = j;
        Chains ch = enumerate_chains(N, C, R, home);
        std::vector<std::uint32_t> q(ch.size() * bands);
        for (std::size_t c = 0; c < ch.size(); ++c)
          for (int b = 0; b < bands; ++b) q[c * bands + b] = side->qindex.find(ch.chain(c) + b * C, C);
        col_chains[a].push_back(std::move(ch));
        qid[a].push_back(std::move(q));
      }
    }
  }

  // G tables of one class: for every band position b and pi used there, G[c] over all tuples.
  std::unique_ptr<ClassTables> build_tables(std::uint32_t cls) const {
    const int bands = C - 1, nst = R - 1;
    std::unique_ptr<ClassTables> t;
    {
      const std::lock_guard lock(spare_mu);
      if (!spare.empty()) {
        t = std::move(spare.back());
        spare.pop_back();
      }
    }
    if (t) {
      t->g.clear();  // the entries are all written below; the capacity stays
      t->g8.clear();
      t->fits_u64 = t->fits_i32 = true;
    } else {
      t = std::make_unique<ClassTables>();
    }
    std::vector<std::size_t> radix(nst);
    t->tuples = 1;
    for (int st = 0; st < nst; ++st) {
      radix[st] = col_chains[cls][st].size();
      t->tuples *= radix[st];
    }
    const std::size_t n_pi = pis.size();
    t->slot.assign(bands * n_pi, -1);
    // The tables of one pi at every band position next to each other: they read the same
    // Bits[pi] words (4.5 KB for 9x9), which then come from L1 for all but the first. Ordered
    // band by band, the 9x9 chain words' loads missed L2 and were 7.5 % of a 1-thread count;
    // now 6.5 %, the first touch of each Bits[pi] per class. Tried and lost (2026-12-02): with
    // two lower bands, ordering the column chains so that a chain's mirror (its bands' parts
    // swapped) sits at n - 1 - c makes the band-1 table of pi the band-0 table reversed; copying
    // it reversed byte by byte made the completion stage slower (45 -> 62 ms, one thread), and
    // reusing the band-0 chain words reversed saved nothing measurable (perf: the gathers' share
    // unchanged, their cost is the first touch).
    std::vector<std::pair<int, std::uint32_t>> jobs;  // (b, pi)
    for (std::uint32_t i = 0; i < n_pi; ++i)
      for (int b = 0; b < bands; ++b)
        if (pi_used_at[b][i]) {
          t->slot[b * n_pi + i] = static_cast<std::int32_t>(jobs.size());
          jobs.emplace_back(b, i);
        }
    // 9x9 (two lower bands, two stacks, at most 64 row chains per pi): every entry is the
    // popcount of one word, at most 64, so the byte tables are filled directly, without the
    // 16-bit tables and the copy into bytes (which were a third of the table build's CPU time).
    // T * 64 * 64 < 2^31 makes the dot products' 32-bit sums exact (fits_i32).
    const bool direct8 = bands == 2 && nst == 2 && t->tuples * 64 * 64 <= std::numeric_limits<std::int32_t>::max() &&
                         std::all_of(jobs.begin(), jobs.end(), [&](const auto& j) { return words[j.second] == 1; });
    if (direct8) {
      t->stride8 = (t->tuples + kLine - 1) / kLine * kLine;
      t->g8.resize(jobs.size() * t->stride8);  // not zeroed (NoZero): every byte is written below
      tbb::parallel_for(std::size_t{0}, jobs.size(), [&](std::size_t k) {
        std::uint8_t* row = t->g8.data() + k * t->stride8;
        thread_local std::vector<std::uint64_t> xs, ys;  // per thread: no allocation per table
        chain_words(cls, jobs[k].first, jobs[k].second, radix, xs, ys);
        kernels.popcount_products8(xs.data(), radix[0], ys.data(), radix[1], row);
        std::fill(row + t->tuples, row + t->stride8, std::uint8_t{0});  // the padding, zero
      });
      t->max_g.assign(bands, 64);  // a bound, not the maximum: all the flags below need
      t->fits_u64 = t->fits_i32 = true;
      return t;
    }
    t->g.resize(jobs.size() * t->tuples);  // not zeroed (NoZero): fill_table writes every entry
    std::vector<std::uint32_t> job_max(jobs.size(), 0);
    tbb::parallel_for(std::size_t{0}, jobs.size(), [&](std::size_t k) {
      const auto [b, i] = jobs[k];
      std::uint16_t* g = t->g.data() + k * t->tuples;
      fill_table(cls, b, i, radix, g);
      job_max[k] = *std::max_element(g, g + t->tuples);
    });
    t->max_g.assign(bands, 0);
    for (std::size_t k = 0; k < jobs.size(); ++k)
      t->max_g[jobs[k].first] = std::max(t->max_g[jobs[k].first], job_max[k]);
    u128 bound = t->tuples;
    for (int b = 0; b < bands && t->fits_u64; ++b) {
      bound *= std::max<std::uint32_t>(t->max_g[b], 1);
      t->fits_u64 = bound <= std::numeric_limits<std::uint64_t>::max();
    }
    t->fits_i32 = t->fits_u64 && bound <= static_cast<u128>(std::numeric_limits<std::int32_t>::max());
    if (bands == 2 && t->fits_i32 && *std::max_element(t->max_g.begin(), t->max_g.end()) < 128) {
      const std::size_t tables = t->g.size() / t->tuples;
      t->stride8 = (t->tuples + kLine - 1) / kLine * kLine;
      t->g8.resize(tables * t->stride8);  // not zeroed (NoZero): every byte is written here
      for (std::size_t k = 0; k < tables; ++k) {
        std::uint8_t* row = t->g8.data() + k * t->stride8;
        std::copy_n(t->g.begin() + k * t->tuples, t->tuples, row);
        std::fill(row + t->tuples, row + t->stride8, std::uint8_t{0});  // the padding, zero
      }
      t->g.clear();  // g8 holds the tables; g's capacity is kept for the next class
    }
    return t;
  }

  // Two stacks, one word per bitset: the words Bits[pi][s][qid(c_s, b)] of every column chain
  // c_s of stack 1 (xs) and of stack 2 (ys), so that G = popcount(xs[c1] & ys[c2]).
  void chain_words(std::uint32_t cls, int b, std::uint32_t i, const std::vector<std::size_t>& radix,
                   std::vector<std::uint64_t>& xs, std::vector<std::uint64_t>& ys) const {
    assert(R - 1 == 2 && words[i] == 1);
    const int bands = C - 1;
    const std::uint64_t* base = bits[i].data();
    xs.resize(radix[0]);
    ys.resize(radix[1]);
    for (std::size_t c1 = 0; c1 < radix[0]; ++c1) xs[c1] = base[qid[cls][0][c1 * bands + b]];
    for (std::size_t c2 = 0; c2 < radix[1]; ++c2) ys[c2] = base[n_q + qid[cls][1][c2 * bands + b]];
  }

  // G_{b,pi}[c] = popcount(AND over stacks of Bits[pi][s][qid(c_s, b)]), tuples in mixed radix
  // (last stack fastest).
  void fill_table(std::uint32_t cls, int b, std::uint32_t i, const std::vector<std::size_t>& radix,
                  std::uint16_t* g) const {
    const int bands = C - 1, nst = R - 1, w = words[i];
    const std::uint64_t* base = bits[i].data();
    auto word_ptr = [&](int st, std::size_t c) {
      return base + (static_cast<std::size_t>(st) * n_q + qid[cls][st][c * bands + b]) * w;
    };
    if (nst == 2 && w == 1) {  // every shape with R = 3 and <= 64 row chains
      std::vector<std::uint64_t> xs, ys;
      chain_words(cls, b, i, radix, xs, ys);
      kernels.popcount_products(xs.data(), radix[0], ys.data(), radix[1], g);
      return;
    }
    // General case: an odometer over the tuples with the AND of the first stacks kept per level.
    std::vector<std::size_t> digit(nst, 0);
    std::vector<std::uint64_t> acc(static_cast<std::size_t>(nst + 1) * w, ~std::uint64_t{0});
    auto refresh = [&](int from) {
      for (int st = from; st < nst; ++st) {
        const std::uint64_t* src = word_ptr(st, digit[st]);
        for (int k = 0; k < w; ++k) acc[(st + 1) * w + k] = acc[st * w + k] & src[k];
      }
    };
    refresh(0);
    for (;;) {
      int pop = 0;
      for (int k = 0; k < w; ++k) pop += std::popcount(acc[nst * w + k]);
      *g++ = static_cast<std::uint16_t>(pop);
      int st = nst - 1;
      while (st >= 0 && ++digit[st] == radix[st]) digit[st--] = 0;
      if (st < 0) break;
      refresh(st);
    }
  }

  const ClassTables& tables_of(std::uint32_t cls) const {
    tbb::collaborative_call_once(*once[cls], [&] {
      std::unique_ptr<ClassTables> t = build_tables(cls);
      // Filled by parallel loops that a cancelled group cuts short: never kept then (core/stop.hpp).
      throw_if_cancelled("a class's completion tables");
      tables[cls] = std::move(t);
    });
    return *tables[cls];
  }

  // Completions of the class representative with any stack filling of pattern p, divided by
  // nothing: sum over tuples of the product over bands.
  u128 pattern_value(const ClassTables& t, std::uint32_t p) const {
    const int bands = C - 1;
    const std::size_t n_pi = pis.size(), T = t.tuples;
    const std::uint32_t* pp = pat_pi.data() + static_cast<std::size_t>(p) * bands;
    if (t.fits_u64) {
      if (bands == 1) {
        const std::uint16_t* a = t.table(0, pp[0], n_pi);
        std::uint64_t sum = 0;
        for (std::size_t c = 0; c < T; ++c) sum += a[c];
        return sum;
      }
      if (bands == 2 && t.fits_i32) {
        // Every entry < 2^15 and the whole sum < 2^31: signed 16-bit products summed in 32 bits
        // is the pmaddwd pattern the compiler vectorises (16 multiply-adds per AVX2 instruction).
        const auto* a = reinterpret_cast<const std::int16_t*>(t.table(0, pp[0], n_pi));
        const auto* b = reinterpret_cast<const std::int16_t*>(t.table(1, pp[1], n_pi));
        std::int32_t sum = 0;
        for (std::size_t c = 0; c < T; ++c) sum += static_cast<std::int32_t>(a[c]) * b[c];
        return static_cast<std::uint64_t>(sum);
      }
      if (bands == 2) {
        const std::uint16_t* a = t.table(0, pp[0], n_pi);
        const std::uint16_t* b = t.table(1, pp[1], n_pi);
        std::uint64_t sum = 0;
        for (std::size_t c = 0; c < T; ++c) sum += static_cast<std::uint32_t>(a[c]) * b[c];
        return sum;
      }
    }
    // General: products over >= 3 bands, or sums that may exceed 64 bits (checked 128-bit).
    // Table pointers on the stack: no allocation per pattern (C - 1 <= 8 lower bands).
    assert(bands <= 8);
    std::array<const std::uint16_t*, 8> tab{};
    for (int b = 0; b < bands; ++b) tab[b] = t.table(b, pp[b], n_pi);
    u128 sum = 0;
    for (std::size_t c = 0; c < T; ++c) {
      u128 prod = 1;
      for (int b = 0; b < bands && prod; ++b) prod = checked_mul(prod, tab[b][c]);
      sum = checked_add(sum, prod);
    }
    return sum;
  }

  // The 9x9 hot path: two lower bands, byte tables. One run per stretch of equal patterns in the
  // unit (the stretches are known from the stack list, PartitionStackTables::run_start), its two
  // tables' dot product by sweep8, which cuts the tuple range into blocks that stay in L2 across
  // the unit's runs (isa/kernels.cpp). Each run's sum is below 2^31 (fits_i32) and its length
  // below 2^32, so a run's product is a 64-bit one.

  u128 count_blocked8(const ClassTables& t, const WorkUnit& u) const {
    const std::size_t n_pi = pis.size(), T = t.tuples;
    using Run = detail::Run8;
    // One buffer per thread, reused by every unit it counts: no allocation once it has grown.
    thread_local std::vector<Run> runs;
    runs.clear();
    const std::vector<std::uint64_t>& start = side->run_start;
    std::size_t k = static_cast<std::size_t>(std::upper_bound(start.begin(), start.end(), u.begin) - start.begin()) - 1;
    for (std::uint64_t i = u.begin; i < u.end; ++k) {
      const std::uint64_t j = std::min(start[k + 1], u.end);
      const std::uint32_t p = stacks.pattern_of[i];
      runs.push_back({t.table8(0, pat_pi[2 * p], n_pi), t.table8(1, pat_pi[2 * p + 1], n_pi), j - i, 0});
      i = j;
    }
    kernels.sweep8(runs.data(), runs.size(), T);
    u128 total = 0;
    for (const Run& r : runs) {
      assert(r.sum < (std::uint64_t{1} << 31) && r.length < (std::uint64_t{1} << 32));
      total += r.sum * r.length;
    }
    return total;
  }

  u128 count_partition(const WorkUnit& u) const {
    const ClassTables& t = tables_of(u.cls);
    if (!t.g8.empty()) return count_blocked8(t, u);
    u128 total = 0;
    std::uint64_t i = u.begin;
    while (i < u.end) {
      const std::uint32_t p = stacks.pattern_of[i];
      std::uint64_t j = i + 1;
      while (j < u.end && stacks.pattern_of[j] == p) ++j;
      total = checked_add(total, checked_mul(pattern_value(t, p), j - i));
      i = j;
    }
    return total;
  }

  // ---------------------------------------------------------------------------------------
  // Backtracking kernel.
  struct Grid {
    int N;
    std::vector<DigitMask> row, col, box;
    std::vector<int> cells;  // remaining cells, reading order: r * N + c
  };

  static std::uint64_t backtrack(Grid& g, const Shape& s, std::size_t k) {
    if (k == g.cells.size()) return 1;
    const int cell = g.cells[k], r = cell / g.N, c = cell % g.N, bx = s.box_of(r, c);
    DigitMask cand = s.all_digits() & ~(g.row[r] | g.col[c] | g.box[bx]);
    std::uint64_t n = 0;
    while (cand) {
      const DigitMask m = cand & -cand;
      cand &= cand - 1;
      g.row[r] |= m, g.col[c] |= m, g.box[bx] |= m;
      n += backtrack(g, s, k + 1);
      g.row[r] &= ~m, g.col[c] &= ~m, g.box[bx] &= ~m;
    }
    return n;
  }

  u128 count_backtrack(const WorkUnit& u) const {
    const Band& band = cat.classes[u.cls].representative;
    Grid g{N, {}, {}, {}, {}};
    for (int r = R; r < N; ++r)
      for (int c = C; c < N; ++c) g.cells.push_back(r * N + c);
    u128 total = 0;
    for (std::uint64_t f = u.begin; f < u.end; ++f) {
      g.row.assign(N, 0), g.col.assign(N, 0), g.box.assign(N, 0);
      auto put = [&](int r, int c, int d) {
        const DigitMask m = DigitMask{1} << (d - 1);
        g.row[r] |= m, g.col[c] |= m, g.box[s.box_of(r, c)] |= m;
      };
      for (int r = 0; r < R; ++r)
        for (int c = 0; c < N; ++c) put(r, c, band[r * N + c]);
      const std::uint8_t* fill = stacks.filling(f);
      for (int i = 0; i < N - R; ++i)
        for (int c = 0; c < C; ++c) put(R + i, c, fill[i * C + c]);
      total = checked_add(total, backtrack(g, s, 0));
    }
    return total;
  }
};

// The stack side of the partition kernel (completion.hpp): everything that depends on the
// stack list only. Built once per stack list; the job layer builds it beside the catalogue.
std::shared_ptr<const PartitionStackTables> build_partition_stack_tables(const StackList& stacks) {
  const Shape s = stacks.shape;
  const int R = s.rows, C = s.cols, N = s.n();
  auto out = std::make_shared<PartitionStackTables>();
  out->shape = s;
  out->patterns = stacks.patterns.size();
  auto& pis = out->pis;
  auto& pat_pi = out->pat_pi;
  auto& pi_used_at = out->pi_used_at;
  auto& row_chains = out->row_chains;
  auto& words = out->words;
  auto& bits = out->bits;
  for (std::size_t i = 0; i < stacks.pattern_of.size(); ++i)
    if (i == 0 || stacks.pattern_of[i] != stacks.pattern_of[i - 1]) out->run_start.push_back(i);
  out->run_start.push_back(stacks.pattern_of.size());
  {
    const int bands = C - 1;
    std::unordered_map<std::uint64_t, std::uint32_t, WordHash> pi_index;  // a band's row sets (sorted) -> pi
    pat_pi.resize(stacks.patterns.size() * bands);
    pi_used_at.assign(bands, {});
    for (std::size_t p = 0; p < stacks.patterns.size(); ++p)
      for (int b = 0; b < bands; ++b) {
        const DigitMask* rows = stacks.patterns[p].data() + b * R;
        assert(std::is_sorted(rows, rows + R));
        auto [it, fresh] = pi_index.try_emplace(pack_masks(rows, R), static_cast<std::uint32_t>(pis.size()));
        if (fresh) pis.emplace_back(rows, rows + R);
        pat_pi[p * bands + b] = it->second;
      }
    for (int b = 0; b < bands; ++b) {
      pi_used_at[b].assign(pis.size(), false);
      for (std::size_t p = 0; p < stacks.patterns.size(); ++p) pi_used_at[b][pat_pi[p * bands + b]] = true;
    }

    // Row chains per pi (lines: the R rows; levels: stacks 1..R-1; C digits per part).
    row_chains.resize(pis.size());
    words.resize(pis.size());
    tbb::parallel_for(std::size_t{0}, pis.size(), [&](std::size_t i) {
      std::vector<int> home(N);
      for (int r = 0; r < R; ++r)
        for (DigitMask m = pis[i][r]; m; m &= m - 1) home[std::countr_zero(m)] = r;
      row_chains[i] = enumerate_chains(N, R, C, home);
      words[i] = static_cast<int>((row_chains[i].size() + 63) / 64);
      if (row_chains[i].size() > std::numeric_limits<std::uint16_t>::max())
        throw std::runtime_error("partition kernel: too many row chains for 16-bit tables in shape " + s.str());
    });

    // Every column partition of a lower box (C columns of R digits), whichever class's column
    // chains name it: so the bitsets below do not depend on the catalogue.
    detail::PartitionIndex& qindex = out->qindex;
    detail::index_all_partitions(N, C, R, qindex);
    const std::size_t n_q = out->n_q = qindex.size();
    detail::PartitionIndex pindex;

    // Row partitions of every (pi, row chain, stack) and the compatibility matrix.
    std::vector<std::vector<std::uint32_t>> pid(pis.size());  // [pi][rho * (R-1) + (s-1)]
    for (std::size_t i = 0; i < pis.size(); ++i) {
      const detail::Chains& ch = row_chains[i];
      pid[i].resize(ch.size() * (R - 1));
      for (std::size_t rho = 0; rho < ch.size(); ++rho)
        for (int st = 0; st < R - 1; ++st) pid[i][rho * (R - 1) + st] = pindex.id(ch.chain(rho) + st * R, R);
    }
    // compat[p] is a bitset over q (the rows are sparse: the Bits fill below visits the set
    // bits only; testing all 279 bytes of a row per (pi, rho, stack) was 6 % of a 1-thread 9x9
    // count's CPU time).
    const std::size_t n_p = pindex.size(), qwords = (n_q + 63) / 64;
    std::vector<std::uint64_t> compat(n_p * qwords, 0);
    tbb::parallel_for(std::size_t{0}, n_p, [&](std::size_t p) {
      for (std::size_t q = 0; q < n_q; ++q) {
        bool ok = true;
        for (DigitMask pm : pindex[p])
          for (DigitMask qm : qindex[q]) ok = ok && (pm & qm);
        if (ok) compat[p * qwords + q / 64] |= std::uint64_t{1} << (q % 64);
      }
    });

    // Bits[pi][s][q]: the row chains of pi whose stack-s box fits column partition q.
    bits.resize(pis.size());
    tbb::parallel_for(std::size_t{0}, pis.size(), [&](std::size_t i) {
      const int w = words[i];
      auto& pi_bits = bits[i];
      pi_bits.assign(static_cast<std::size_t>(R - 1) * n_q * w, 0);
      for (std::size_t rho = 0; rho < row_chains[i].size(); ++rho)
        for (int st = 0; st < R - 1; ++st) {
          const std::uint64_t* row = compat.data() + pid[i][rho * (R - 1) + st] * qwords;
          std::uint64_t* dst = pi_bits.data() + static_cast<std::size_t>(st) * n_q * w + rho / 64;
          const std::uint64_t bit = std::uint64_t{1} << (rho % 64);
          for (std::size_t k = 0; k < qwords; ++k)
            for (std::uint64_t m = row[k]; m; m &= m - 1) dst[(k * 64 + std::countr_zero(m)) * w] |= bit;
        }
    });
  }
  return out;
}

CompletionCounter::CompletionCounter(const Catalogue& cat, const StackList& stacks, Kernel kernel,
                                     std::optional<Isa> isa, std::shared_ptr<const PartitionStackTables> stack_tables)
    : impl_(std::make_unique<Impl>(cat, stacks, kernel, isa, std::move(stack_tables))) {}
CompletionCounter::~CompletionCounter() = default;

u128 CompletionCounter::count(const WorkUnit& unit) const {
  if (unit.cls >= impl_->cat.classes.size() || unit.begin > unit.end || unit.end > impl_->stacks.size())
    throw std::out_of_range("completion: work unit " + std::to_string(unit.id) + " out of range");
  return impl_->kernel == Kernel::Partition ? impl_->count_partition(unit) : impl_->count_backtrack(unit);
}

void CompletionCounter::release(std::uint32_t cls) const {
  if (std::unique_ptr<ClassTables> t = std::move(impl_->tables[cls])) {
    const std::lock_guard lock(impl_->spare_mu);
    impl_->spare.push_back(std::move(t));
  }
  impl_->once[cls] = std::make_unique<tbb::collaborative_once_flag>();
}

Kernel CompletionCounter::kernel() const { return impl_->kernel; }

Isa CompletionCounter::isa() const { return impl_->kernels.isa; }

}  // namespace gridenum
