// The signature method's band counts for shapes whose plain table (signature.cpp: box 1 relabelled
// standard, boxes 2..R indexed densely, P^(R-1) slots) is too large -- 4x3: P = 5,775 box
// partitions, 1.9e11 slots -- and the sum over chain tuples that reads them. This is the second
// counting method for 4x3 completions: nothing here or in the files it uses (orbits.cpp,
// signature_parts.cpp, isa/colourings.cpp) is code of the three-band counter
// (count/three_band/three_band.cpp).
//
// The idea. F(p_1, .., p_R), the band fillings with box partitions p_b, does not change under
// relabelling or box order. Relabel so that p_1 is the standard partition (std_of, as the plain
// table does). The stabiliser H of the standard partition ((R!)^C C! relabellings, 82,944 for
// 4x3) splits the partitions into a few orbits, the *pair types* (9 for 4x3); with h_q in H the
// relabelling that sends q to its type's representative rep_t (the orbit's lowest id),
//     F(std, q, p_3, .., p_R) = F(std, rep_t, h_q p_3, .., h_q p_R),   t = type(q),
// so one table per type over boxes 3..R holds every F: 9 x 5,775^2 slots for 4x3, F / R! in 32
// bits, 1.2 GB. (count/three_band/three_band.cpp reduces the same way; the reduction is the obvious one
// once box 1 is standard. What this file shares with it is the mathematics, not code.)
//
// Filling. A slot's value is shared by its orbit under Stab(std, rep_t) -- the elements of H
// fixing rep_t -- and the orders of boxes 3..R, so one value is written to a whole orbit. Orbits
// of different types (or with other boxes in front) can still be the same band up to relabelling
// and box order, so the colouring count is cached by the band's *class key*: over the ordered
// pairs (i, j) of its boxes, relabel p_i standard and p_j to its type's representative; keep the
// pairs whose type has the smallest stabiliser (the cheapest next step); for each, the least
// (type, sorted boxes 3..R) over that type's stabiliser; the least of those. Two bands get the
// same key exactly when one is a relabelling and box reordering of the other. For 4x3 that is
// one colouring count per band class (144,578, the same number as the top-band classes).
//
// The sum (per top band T, as in signature.cpp, box-1 chains merged up to lower-band order):
//     n(T) = sum_{x_1 .. x_R} mult(x) prod_k F(band k of x)
// For each box-1 chain x_1 (a task) the chains of boxes 2..R are relabelled by std_of of x_1's
// partition in each lower band k; then for each box-2 chain x_2 and band k, its relabelled
// partition q picks the table T_type(q) and the row hact[q] (h_q applied to every partition: a
// P x P table), through which boxes 3..R are relabelled into table offsets. Data layout of the
// innermost loop (4x3: K = 2 lower bands, n = 346 chains of the last box):
//
//     a_k[x]  u32 offsets of box R's chain x in band k (box 3's offset P x id added in keys[k])
//     T_k     the type table of band k, row keys[k]: P consecutive u32 = 23 KB for 4x3
//     s += m[x] * T_0[keys[0] + a_0[x]] * T_1[keys[1] + a_1[x]]        (64-bit; bound checked)
//
// 7.2e9 terms per 4x3 class. A group of bands (PairGroup below) shares the rows: each band runs its
// own loop over rows already in L1. Measured (2 threads, AMD EPYC family 26 model 2; 206 classes of
// a real shard, two prefix groups): 2.74 s per class. With the transposed offsets this code had
// until then (box 3 lowest: the last box's reads P slots apart, all over the table) grouping gained
// nothing: not done after an hour. A class alone costs about 25 s either way (each row fetched for
// 346 reads). docs/methods/three_band.md, "A second method for 4x3 completions".
//
// One pair type (completions_by_signature_columns_of_type, signature.hpp). The part of n(T) over
// the chain tuples whose every lower band has its (box 1, box 2) pair of one type t reads table
// t alone: PairTable builds that one (4x3: 133 MB; the time is the colouring counts of its band
// classes, 12 s to over 2 minutes on 2 threads by the type) and PairGroup skips a box-2 chain
// x_2 whose relabelled partition q is of another type in some band, before any work on boxes
// 3..R. The types here are this file's (orbits of H); the name both methods agree on is the
// matrix |std_i n rep_j| (type_name below). It runs over BoxPartitions without their action
// table (PartitionActions::OnDemand): that table alone is P x |H| = 479 M entries for 4x3 (1.9
// GB), the relabellings the pair table needs are applied when asked, a few percent of its build.
//
// 2xC shapes (R = 2) have no boxes 3..R: a type's table is one slot, F / R! of (standard, rep_t),
// and box 2 is the last box, each band's own (PairGroup::sum_two_boxes).
#include "signature_pairs.hpp"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/concurrent_unordered_map.h>
#include <oneapi/tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <functional>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include <fmt/format.h>

#include "gridenum/core/phase.hpp"
#include "gridenum/core/stop.hpp"
#include "gridenum/core/timing.hpp"
#include "signature_parts.hpp"

namespace gridenum::signature_detail {

namespace {

constexpr double kMaxSlotsPerType = static_cast<double>(std::uint64_t{1} << 26);
constexpr double kMaxAction = static_cast<double>(std::uint64_t{1} << 29);  // P x |H| (u32 each)
constexpr std::uint64_t kMaxSlots = std::uint64_t{1} << 29;                  // all types together

double factorial_d(int n) {
  double f = 1;
  for (int i = 2; i <= n; ++i) f *= i;
  return f;
}

// ---------------------------------------------------------------------------------------------
// The tables: pair types, h_q, and F / R! per type over boxes 3..R.

// The agreed name of a pair type (signature_pair_types, signature.hpp): the C x C matrix
// |std_i n q_j| of a partition q of the type, in the order of rows and columns that reads
// largest row by row, "a,b,c/d,e,f/g,h,i". For each order of the columns the best order of the
// rows is the rows sorted decreasing, so C! candidates (not C!^2). Computed here from this
// file's own representatives; the three-band counter computes the same name in its own code.
std::string type_name(const BoxPartitions& parts, std::uint32_t q) {
  const Shape s = parts.shape();
  const int C = s.cols, R = s.rows;
  std::vector<std::vector<int>> M(C, std::vector<int>(C));
  for (int i = 0; i < C; ++i)
    for (int j = 0; j < C; ++j) M[i][j] = std::popcount((((DigitMask{1} << R) - 1) << (i * R)) & parts.blocks(q)[j]);
  std::vector<int> cp(C);
  std::iota(cp.begin(), cp.end(), 0);
  std::vector<std::vector<int>> best;
  do {
    std::vector<std::vector<int>> v(C, std::vector<int>(C));
    for (int i = 0; i < C; ++i)
      for (int j = 0; j < C; ++j) v[i][j] = M[i][cp[j]];
    std::sort(v.begin(), v.end(), std::greater<>());
    if (v > best) best = v;
  } while (std::next_permutation(cp.begin(), cp.end()));
  std::string name;
  for (int i = 0; i < C; ++i)
    for (int j = 0; j < C; ++j) {
      if (i > 0 || j > 0) name.push_back(j == 0 ? '/' : ',');
      name += std::to_string(best[i][j]);
    }
  return name;
}

// The pair types: the orbits of H on the partitions, in order of their lowest id (rep), with
// h_q (an element of H sending q to its type's representative) and each type's stabiliser.
struct PairTypes {
  std::vector<std::uint32_t> type, h, rep;
  std::vector<std::vector<std::uint32_t>> stab;  // per type: the g in H fixing rep_t
};
PairTypes pair_types(const BoxPartitions& parts) {
  const Shape s = parts.shape();
  const std::uint32_t P = parts.size();
  // H with each element's inverse, by index (stabiliser() order = the action table's order).
  const auto H = parts.stabiliser();
  const std::size_t n = H.size();
  if (n != parts.stabiliser_order()) throw std::logic_error("signature pairs: stabiliser order mismatch");
  auto pkey = [](const std::vector<int>& g) {
    std::uint64_t k = 0;
    for (std::size_t i = 0; i < g.size(); ++i) k |= static_cast<std::uint64_t>(g[i]) << (4 * i);
    return k;
  };
  std::unordered_map<std::uint64_t, std::uint32_t> index;
  index.reserve(n);
  for (std::size_t g = 0; g < n; ++g) index.emplace(pkey(H[g]), static_cast<std::uint32_t>(g));
  std::vector<std::uint32_t> inv(n);
  std::vector<int> gi(s.n());
  for (std::size_t g = 0; g < n; ++g) {
    for (int d = 0; d < s.n(); ++d) gi[H[g][d]] = d;
    inv[g] = index.at(pkey(gi));
  }
  constexpr std::uint32_t kNone = ~0u;
  PairTypes pt;
  pt.type.assign(P, kNone);
  pt.h.assign(P, 0);
  for (std::uint32_t q = 0; q < P; ++q) {
    if (pt.type[q] != kNone) continue;
    const auto t = static_cast<std::uint32_t>(pt.rep.size());
    pt.rep.push_back(q);
    pt.stab.emplace_back();
    for (std::size_t g = 0; g < n; ++g) {
      const std::uint32_t r = parts.act(g, q);
      if (r == q) pt.stab[t].push_back(static_cast<std::uint32_t>(g));
      if (pt.type[r] == kNone) {
        pt.type[r] = t;
        pt.h[r] = inv[g];
      }
    }
  }
  for (std::uint32_t q = 0; q < P; ++q)
    if (parts.act(pt.h[q], q) != pt.rep[pt.type[q]]) throw std::logic_error("signature pairs: h_q does not reach its representative");
  return pt;
}

class PairTable {
 public:
  // Every type's table, or (only) one type's: the sums then read that table alone
  // (PairGroup's one-type sum).
  explicit PairTable(const BoxPartitions& parts, std::optional<std::uint32_t> only = std::nullopt);
  std::uint32_t P() const { return P_; }
  std::uint32_t type_of(std::uint32_t q) const { return type_[q]; }
  std::size_t types() const { return rep_.size(); }
  const std::uint32_t* table(std::uint32_t t) const { return tables_[t].data(); }
  bool built(std::uint32_t t) const { return !tables_[t].empty(); }
  // hrow(q)[p] = h_q p.
  const std::uint32_t* hrow(std::uint32_t q) const { return hact_.data() + static_cast<std::size_t>(q) * P_; }
  std::uint32_t max_value() const { return max_; }
  std::uint64_t slots() const {  // of the tables built
    std::uint64_t n = 0;
    for (const auto& t : tables_) n += t.empty() ? 0 : slots_;
    return n;
  }
  std::uint64_t computed() const { return computed_.load(); }
  std::uint64_t rfact() const { return rfact_; }

 private:
  void fill(std::uint32_t t);
  std::uint32_t value(std::uint32_t t, const std::uint32_t* ids);
  std::uint64_t class_key(const std::uint32_t* boxes) const;

  const BoxPartitions& parts_;
  Shape s_;
  int R_;
  std::uint32_t P_;
  std::uint64_t slots_ = 1;  // P^(R-2) per type
  int id_bits_ = 1;
  std::uint64_t rfact_ = 1;
  const SignatureKernels* kernels_;  // the selected level's colouring count
  std::vector<std::uint32_t> type_, h_, rep_, rank_;
  std::vector<std::vector<std::uint32_t>> stab_;  // per type: the g in H fixing rep_t
  std::vector<std::uint32_t> hact_;
  std::vector<std::vector<std::uint32_t>> tables_;
  tbb::concurrent_unordered_map<std::uint64_t, std::uint32_t> memo_;  // class key -> F / R!
  std::atomic<std::uint64_t> computed_{0};
  std::uint32_t max_ = 0;
};

PairTable::PairTable(const BoxPartitions& parts, std::optional<std::uint32_t> only)
    : parts_(parts), s_(parts.shape()), R_(s_.rows), P_(parts.size()), kernels_(&signature_kernels(selected_isa())) {
  for (int b = 2; b < R_; ++b) slots_ *= P_;
  id_bits_ = std::max(1, static_cast<int>(std::bit_width(P_ - 1)));
  for (int i = 2; i <= R_; ++i) rfact_ *= static_cast<std::uint64_t>(i);
  PairTypes pt = pair_types(parts);
  type_ = std::move(pt.type);
  h_ = std::move(pt.h);
  rep_ = std::move(pt.rep);
  stab_ = std::move(pt.stab);
  if (only && *only >= rep_.size())
    throw std::invalid_argument(fmt::format("signature method: pair type {} out of range ({} types)", *only, rep_.size()));
  if (rep_.size() > 255 || slots_ * rep_.size() > kMaxSlots)
    throw std::invalid_argument(fmt::format("signature method: {} pair types x {} slots is too large a table for {}", rep_.size(),
                                            slots_, s_.str()));
  // Rank of a type: by stabiliser order, smallest first (class_key's choice).
  std::vector<std::uint32_t> order(rep_.size());
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::uint32_t a, std::uint32_t b) { return stab_[a].size() < stab_[b].size(); });
  rank_.resize(rep_.size());
  for (std::size_t i = 0; i < order.size(); ++i) rank_[order[i]] = static_cast<std::uint32_t>(i);
  hact_.resize(static_cast<std::size_t>(P_) * P_);
  tbb::parallel_for(std::uint32_t{0}, P_, [&](std::uint32_t q) {
    std::uint32_t* row = hact_.data() + static_cast<std::size_t>(q) * P_;
    for (std::uint32_t p = 0; p < P_; ++p) row[p] = parts.act(h_[q], p);
  });
  tables_.resize(rep_.size());
  for (std::uint32_t t = 0; t < rep_.size(); ++t) {
    if (only && t != *only) continue;  // one type: the other tables stay empty
    tables_[t].assign(slots_, 0);
    fill(t);
    max_ = std::max(max_, *std::max_element(tables_[t].begin(), tables_[t].end()));
  }
}

// Every slot of type t, one orbit at a time (parallel; two threads may fill one orbit at once,
// writing the same values: relaxed atomics make that well-defined). 0 marks an empty slot: F >= 1.
void PairTable::fill(std::uint32_t t) {
  std::uint32_t* tab = tables_[t].data();
  const int m = R_ - 2;
  tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, slots_, 4096), [&](const tbb::blocked_range<std::uint64_t>& range) {
    std::uint32_t ids[16], img[16];
    for (std::uint64_t k = range.begin(); k != range.end(); ++k) {
      if ((k & 4095) == 0) throw_if_stop_requested("the signature method's pair tables");  // every 4,096 slots
      if (std::atomic_ref<std::uint32_t>(tab[k]).load(std::memory_order_relaxed) != 0) continue;
      std::uint64_t rest = k;
      for (int i = 0; i < m; ++i) {
        ids[i] = static_cast<std::uint32_t>(rest % P_);
        rest /= P_;
      }
      const std::uint32_t v = value(t, ids);
      for (std::uint32_t g : stab_[t]) {
        for (int i = 0; i < m; ++i) img[i] = parts_.act(g, ids[i]);
        std::sort(img, img + m);
        do {
          std::uint64_t j = 0;
          for (int i = m; i-- > 0;) j = j * P_ + img[i];
          std::atomic_ref<std::uint32_t>(tab[j]).store(v, std::memory_order_relaxed);
        } while (std::next_permutation(img, img + m));
      }
    }
  });
}

// F / R! of the band (std, rep_t, ids...): by the class memo, else by a colouring count.
std::uint32_t PairTable::value(std::uint32_t t, const std::uint32_t* ids) {
  std::uint32_t boxes[16];
  boxes[0] = parts_.standard();
  boxes[1] = rep_[t];
  for (int i = 0; i < R_ - 2; ++i) boxes[2 + i] = ids[i];
  const std::uint64_t key = class_key(boxes);
  if (auto it = memo_.find(key); it != memo_.end()) return it->second;
  const int C = s_.cols;
  DigitMask cols[16];
  for (int b = 0; b < R_; ++b)
    for (int j = 0; j < C; ++j) cols[b * C + j] = parts_.blocks(boxes[b])[j];
  const std::uint64_t f = kernels_->colourings(cols, s_.n(), s_.all_digits(), R_);
  if (f == 0 || f % rfact_ != 0 || f / rfact_ > 0xffffffffu)
    throw std::logic_error(fmt::format("signature pairs: F = {} is not a positive multiple of {}! below 2^32 x {}!", f, R_, R_));
  const auto v = static_cast<std::uint32_t>(f / rfact_);
  memo_.emplace(key, v);
  computed_.fetch_add(1, std::memory_order_relaxed);
  return v;
}

std::uint64_t PairTable::class_key(const std::uint32_t* boxes) const {
  std::uint32_t best_rank = ~0u;
  for (int i = 0; i < R_; ++i)
    for (int j = 0; j < R_; ++j)
      if (i != j) best_rank = std::min(best_rank, rank_[type_[parts_.std_row(boxes[i])[boxes[j]]]]);
  std::uint64_t best = ~std::uint64_t{0};
  std::uint32_t rest[16], img[16];
  const int m = R_ - 2;
  for (int i = 0; i < R_; ++i)
    for (int j = 0; j < R_; ++j) {
      if (i == j) continue;
      const std::uint32_t* row = parts_.std_row(boxes[i]);
      const std::uint32_t q = row[boxes[j]];
      const std::uint32_t t = type_[q];
      if (rank_[t] != best_rank) continue;
      const std::uint32_t* hr = hrow(q);
      int a = 0;
      for (int k = 0; k < R_; ++k)
        if (k != i && k != j) rest[a++] = hr[row[boxes[k]]];
      for (std::uint32_t g : stab_[t]) {
        for (int b = 0; b < m; ++b) img[b] = parts_.act(g, rest[b]);
        std::sort(img, img + m);
        std::uint64_t key = t;
        for (int b = 0; b < m; ++b) key = (key << id_bits_) | img[b];
        best = std::min(best, key);
      }
    }
  return best;
}

// ---------------------------------------------------------------------------------------------
// The sum for a group of top bands that share boxes 1..R-1 (column set for column set; a band
// alone is a group of one), one box-1 chain at a time. Everything but the last box is the
// group's: the relabellings by x_1 and by h_q of x_2, and for each (x_2 .. x_{R-1}) the table
// rows keys[k]. Only the last box's chains are each band's own, so per row choice every band
// runs its own innermost loop while the rows are in cache: a group of G bands costs far less
// than G bands alone (the prefix groups of count/three_band/band_signatures.hpp, which is how a 4x3 job
// and `verify completions` hand classes over; the three-band counter does the same in its own
// way). The group is formed by pair_completions from whatever bands it is given.
class PairGroup {
 public:
  // only >= 0: the one-type sum -- the chain tuples whose every lower band has its (box 1, box 2)
  // pair of that type (its table must be built) -- else the whole sum.
  PairGroup(Shape s, const BoxPartitions& parts, const PairTable& tab, std::vector<TopChains> members, int only = -1)
      : s_(s), parts_(parts), tab_(tab), ch_(std::move(members)), only_(only) {
    fast_ = true;
    for (const auto& c : ch_) fast_ = fast_ && c.fits_64(tab.max_value(), s.cols - 1);
  }
  std::size_t size() const { return ch_.size(); }
  const TopChains& chains(std::size_t c) const { return ch_[c]; }
  std::size_t tasks() const { return ch_[0].tasks(); }

  // Per band of the group: the sum over every chain tuple with box 1's chain x1, times its
  // multiplicity; in units of (R!)^K (the tables hold F / R!).
  std::vector<u128> sum_for(std::size_t x1) const {
    const int R = s_.rows, K = s_.cols - 1;
    if (R == 2) return sum_two_boxes(x1);
    const std::uint32_t P = tab_.P();
    const std::size_t G = ch_.size();
    const TopChains& sh = ch_[0];  // boxes 1..R-1 of every band
    const BoxChains& c0 = sh.boxes[0];
    // v[b]: box b's chains relabelled by x_1 (std_of), band k at [k * n_b + x]; u[b]: the same
    // through h_q of the current x_2, scaled to table offsets (boxes 3..R). Boxes 2..R-1 from
    // the shared chains, box R per band (vl, ul).
    auto relabel_x1 = [&](const BoxChains& cb, std::vector<std::uint32_t>& out) {
      const std::size_t n = cb.size();
      out.resize(n * K);
      for (int k = 0; k < K; ++k) {
        const std::uint32_t* row = parts_.std_row(c0.ids[x1 * K + k]);
        for (std::size_t x = 0; x < n; ++x) out[k * n + x] = row[cb.ids[x * K + k]];
      }
    };
    std::vector<std::vector<std::uint32_t>> v(R), u(R), vl(G), ul(G);
    for (int b = 1; b + 1 < R; ++b) {
      relabel_x1(sh.boxes[b], v[b]);
      u[b].resize(v[b].size());
    }
    for (std::size_t c = 0; c < G; ++c) {
      relabel_x1(ch_[c].boxes.back(), vl[c]);
      ul[c].resize(vl[c].size());
    }
    const BoxChains& c1 = sh.boxes[1];
    const std::size_t n1 = c1.size();
    const std::uint32_t* tabs[16];
    std::vector<u128> acc(G, 0);
    for (std::size_t x2 = 0; x2 < n1; ++x2) {
      // One type: x2 decides every lower band's type (box 1 is standard, q its box 2), so a
      // chain x2 with a band of another type is skipped whole, before any work on boxes 3..R.
      // The box-1 merge up to lower-band order stays right: "every band of type T" does not
      // depend on the bands' order.
      if (only_ >= 0) {
        bool all = true;
        for (int k = 0; k < K && all; ++k) all = tab_.type_of(v[1][k * n1 + x2]) == static_cast<std::uint32_t>(only_);
        if (!all) continue;
      }
      for (int k = 0; k < K; ++k) {
        const std::uint32_t q = v[1][k * n1 + x2];
        tabs[k] = tab_.table(tab_.type_of(q));
        const std::uint32_t* hr = tab_.hrow(q);
        auto through_h = [&](const std::vector<std::uint32_t>& from, std::vector<std::uint32_t>& to, std::uint32_t scale) {
          const std::size_t n = from.size() / K;
          for (std::size_t x = 0; x < n; ++x) to[k * n + x] = scale * hr[from[k * n + x]];
        };
        // Offsets: the last box's partition is the slot's lowest digit (scale 1), box b's is
        // scaled by P^(R-1-b). The table is symmetric in boxes 3..R (every order of them is
        // written), so any order is right; this one makes the last box's loop read one row of P
        // consecutive slots (23 KB for 4x3, in L1) for each choice of the boxes before it. The
        // other order (box 3 lowest) reads the last box's slots P apart, one cache line each,
        // all over the 133 MB type table: measured 24.8 s per 4x3 class alone and no gain in a
        // group, DRAM-bound (the 206 classes of a shard: not done after 60 minutes).
        std::uint32_t scale = 1;
        for (std::size_t c = 0; c < G; ++c) through_h(vl[c], ul[c], scale);
        for (int b = R - 2; b >= 2; --b) {
          scale *= P;
          through_h(v[b], u[b], scale);
        }
      }
      const std::uint32_t keys[16] = {0};
      rec(u, ul, 2, keys, tabs, c1.mult[x2], acc);
    }
    for (auto& a : acc) a = checked_mul(c0.mult[x1], a);
    return acc;
  }

 private:
  // R = 2 (2xC): box 2 is the last box, each band's own; per chain x2 and lower band k the
  // partition q of box 2 relabelled by x1 picks its type's table, whose one slot is F / R! of
  // (standard, rep_type) -- no boxes 3..R. Checked 128-bit: these shapes are small.
  std::vector<u128> sum_two_boxes(std::size_t x1) const {
    const int K = s_.cols - 1;
    const BoxChains& c0 = ch_[0].boxes[0];
    std::vector<u128> acc(ch_.size(), 0);
    for (std::size_t c = 0; c < ch_.size(); ++c) {
      const BoxChains& last = ch_[c].boxes[1];
      for (std::size_t x2 = 0; x2 < last.size(); ++x2) {
        u128 p = last.mult[x2];
        for (int k = 0; k < K && p != 0; ++k) {
          const std::uint32_t q = parts_.std_row(c0.ids[x1 * K + k])[last.ids[x2 * K + k]];
          const std::uint32_t t = tab_.type_of(q);
          p = only_ >= 0 && t != static_cast<std::uint32_t>(only_) ? 0 : checked_mul(p, u128{tab_.table(t)[0]});
        }
        acc[c] = checked_add(acc[c], p);
      }
      acc[c] = checked_mul(u128{c0.mult[x1]}, acc[c]);
    }
    return acc;
  }

  // Boxes b..R with the multiplicities of the boxes before in `mult`; each band's sum into acc.
  void rec(const std::vector<std::vector<std::uint32_t>>& u, const std::vector<std::vector<std::uint32_t>>& ul, int b,
           const std::uint32_t* keys, const std::uint32_t* const* tabs, u128 mult, std::vector<u128>& acc) const {
    const int R = s_.rows, K = s_.cols - 1;
    if (b == R - 1) {
      const std::uint32_t* rows[16];
      for (int k = 0; k < K; ++k) rows[k] = tabs[k] + keys[k];
      for (std::size_t c = 0; c < ch_.size(); ++c) {
        const BoxChains& last = ch_[c].boxes.back();
        const u128 s = fast_ ? u128{last_box_sum64(last.mult.data(), ul[c].data(), last.size(), K, rows)}
                             : last_box_sum128(last.mult.data(), ul[c].data(), last.size(), K, rows);
        acc[c] = checked_add(acc[c], checked_mul(mult, s));
      }
      return;
    }
    const BoxChains& cb = ch_[0].boxes[b];
    const std::size_t n = cb.size();
    const std::uint32_t* ub = u[b].data();
    std::uint32_t next[16];
    for (std::size_t x = 0; x < n; ++x) {
      for (int k = 0; k < K; ++k) next[k] = keys[k] + ub[k * n + x];
      rec(u, ul, b + 1, next, tabs, checked_mul(mult, u128{cb.mult[x]}), acc);
    }
  }

  Shape s_;
  const BoxPartitions& parts_;
  const PairTable& tab_;
  std::vector<TopChains> ch_;  // the bands of the group; ch_[0]'s boxes 1..R-1 are everyone's
  bool fast_ = false;
  int only_ = -1;
};

}  // namespace

std::optional<std::string> pair_table_shape_error(Shape s) {
  if (s.rows < 2 || s.cols < 2 || s.n() > 16)
    return "the signature method's pair-type table needs R >= 2 boxes per band, C >= 2 and R*C <= 16, got " + s.str();
  const double P = partition_count(s);
  double slots = 1;
  for (int b = 2; b < s.rows; ++b) slots *= P;
  double H = factorial_d(s.cols);
  for (int j = 0; j < s.cols; ++j) H *= factorial_d(s.rows);
  if (slots > kMaxSlotsPerType)
    return fmt::format("the signature method's pair-type table would need {:.3g} slots per type for {} (at most 2^26)", slots,
                       s.str());
  if (P * H > kMaxAction)
    return fmt::format("the signature method's relabelling table would need {:.3g} entries for {} (at most 2^29)", P * H,
                       s.str());
  return std::nullopt;
}

std::vector<std::string> pair_type_names(const BoxPartitions& parts) {
  std::vector<std::string> names;
  for (std::uint32_t q : pair_types(parts).rep) names.push_back(type_name(parts, q));
  return names;
}

std::vector<BigInt> pair_completions(const BoxPartitions& parts, const std::vector<std::vector<DigitMask>>& tops,
                                     SignatureStats* stats, std::optional<std::uint32_t> only_type) {
  const Shape s = parts.shape();
  if (auto why = pair_table_shape_error(s)) throw std::invalid_argument("signature method: " + *why);
  // The bands are checked before the minutes of table building.
  std::vector<std::optional<TopChains>> chains(tops.size());
  tbb::parallel_for(std::size_t{0}, tops.size(), [&](std::size_t i) { chains[i].emplace(s, parts, tops[i]); });
  const auto t0 = SteadyClock::now();
  const PairTable table = [&] {
    Phase phase(s.str() + " signature method: pair tables");  // minutes for 4x3; stopped inside fill()
    return PairTable(parts, only_type);
  }();
  const double table_seconds = seconds_since(t0);
  // Groups: bands with the same first R-1 boxes (column set for column set), in order of first
  // appearance.
  const std::size_t shared = static_cast<std::size_t>((s.rows - 1) * s.cols);
  std::map<std::vector<DigitMask>, std::size_t> group_of;
  std::vector<std::vector<std::size_t>> members;
  for (std::size_t i = 0; i < tops.size(); ++i) {
    const std::vector<DigitMask> prefix(tops[i].begin(), tops[i].begin() + static_cast<std::ptrdiff_t>(shared));
    const auto [it, fresh] = group_of.emplace(prefix, members.size());
    if (fresh) members.emplace_back();
    members[it->second].push_back(i);
  }
  std::vector<std::unique_ptr<PairGroup>> groups;
  for (const auto& m : members) {
    std::vector<TopChains> tc;
    for (auto i : m) tc.push_back(std::move(*chains[i]));
    groups.push_back(std::make_unique<PairGroup>(s, parts, table, std::move(tc), only_type ? static_cast<int>(*only_type) : -1));
  }
  std::vector<std::pair<std::uint32_t, std::uint32_t>> tasks;  // (group, box-1 chain)
  for (std::size_t g = 0; g < groups.size(); ++g)
    for (std::size_t x = 0; x < groups[g]->tasks(); ++x)
      tasks.emplace_back(static_cast<std::uint32_t>(g), static_cast<std::uint32_t>(x));
  std::vector<std::vector<u128>> part(tasks.size());
  Phase sums_phase(s.str() + " signature method: sums", tasks.size(), "tasks");
  tbb::parallel_for(std::size_t{0}, tasks.size(), [&](std::size_t t) {
    part[t] = groups[tasks[t].first]->sum_for(tasks[t].second);
    sums_phase.step();
  });
  std::vector<BigInt> sums(tops.size(), 0);
  for (std::size_t t = 0; t < tasks.size(); ++t) {
    const auto& m = members[tasks[t].first];
    for (std::size_t c = 0; c < m.size(); ++c) sums[m[c]] += to_big(part[t][c]);
  }
  BigInt unit = 1;
  for (int k = 0; k < s.cols - 1; ++k) unit *= table.rfact();
  for (auto& x : sums) x *= unit;
  if (stats) {
    *stats = SignatureStats{};
    stats->table_size = table.slots();
    stats->table_computed = table.computed();
    stats->max_band_count = static_cast<std::uint64_t>(table.max_value()) * table.rfact();
    stats->table_seconds = table_seconds;
    for (const auto& g : groups)
      for (std::size_t c = 0; c < g->size(); ++c) g->chains(c).tally(*stats);
    stats->groups = groups.size();
  }
  return sums;
}

}  // namespace gridenum::signature_detail
