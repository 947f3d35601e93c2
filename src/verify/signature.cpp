// The signature ("gangster") method: completions of a top band from the per-column digit sets
// of the lower bands. Idea from the sudoku-forum "gangster" programs that recounted
// Felgenhauer-Jarvis in 2005 (bands with the same column sets have the same number of
// completions, and a grid is a tuple of bands whose column sets fit together); organised here
// around box partitions so that the hot loop is table look-ups. No code of the stack method.
//
// Part 1 -- bands with a given signature (bands_with_signature, BandCounter::colourings).
//   A band is valid iff every row and box holds every digit once. Given its column sets
//   (inside a box they partition the digits, so the boxes are fine), what is left is to give
//   each (column, digit) incidence a row so that every column and every digit sees each row
//   once: the proper R-edge-colourings of the R-regular bipartite graph columns x digits. We
//   count them row by row: a row is a perfect matching (each column gives one digit, all
//   distinct); the rest is the same problem with R-1 rows. Two shortcuts: rows are
//   interchangeable, so column 0's smallest digit is put in the current row and the count is
//   multiplied by the rows left (R! overall); with two rows left the graph is a union of even
//   cycles, each with exactly 2 colourings, so the count is 2^(components). A digit that no
//   later column can still cover prunes the matching search.
//   The count only depends on the multiset of column sets up to relabelling, so it is cached
//   by *key*: relabel so that box 1's partition is the standard one, then the box-partition ids
//   (BoxPartitions, orbits.hpp) of boxes 2..R: key = sum_b id_b P^(b-2), P^(R-1) slots
//   (280^2 = 78,400 for 9x9), filled completely before the sum (each computed count is
//   written to its whole orbit of slots under relabellings fixing box 1 and orders of boxes
//   2..R: 84 colouring counts fill the 9x9 table).
//
// Part 2 -- the lower bands of one top band, box by box (box chains).
//   In box b a digit d sits in top-band column c(d); the C-1 lower bands must place d in the
//   other C-1 columns of box b, one each, and each (lower band, column) must get R digits. A
//   *box chain* is such an assignment: for each lower band k the partition of the digits into
//   box b's columns. For 9x9 there are 56 per box (the classical count: sum_j C(3,j)^3), for
//   2x4 5,016. Chains are kept as the tuple of partition ids per lower band; equal tuples merge
//   with a multiplicity.
//
// Part 3 -- the sum (the hot loop). A signature tuple is one chain per box, so
//   n(T) = sum_{x_1..x_R} mult(x) prod_k bands(key_k(x)).
//   key_k needs band k relabelled so that its box-1 partition is standard; that relabelling
//   only depends on x_1, so for each x_1 (the parallel task) we map every chain of boxes 2..R
//   through the P x P table std_of[p][q] (id of q after the relabelling standardising p):
//
//     u[b][x][k] = std_of[ id of box 1's partition in band k under x_1 ][ id_b(x, k) ]
//
//   and key_k(x) = sum_b u[b][x_b][k] P^(b-2). For 9x9 (R = 3 boxes, C-1 = 2 lower bands):
//
//     for x_1 in chains of box 1, up to band order       (task; ~30 per class, see TopBand)
//       row0 = std_of[p_1(x_1, band 2)], row1 = std_of[p_1(x_1, band 3)]
//       for x_2 in chains of box 2:   k0 = row0[id_2(x_2,2)] * 280, k1 = row1[id_2(x_2,3)] * 280
//         for x_3 in chains of box 3:                     (innermost, 64-bit)
//           s += m[x_3] * tab[k0 + a0[x_3]] * tab[k1 + a1[x_3]]
//
//     tab: 78,400 x uint32 (314 KB, stays in L2); a0, a1, m: the ~55 chains of box 3 as
//     separate arrays (structure of arrays, so the loop is two gathers and two multiplies).
//   3,726,800 terms for the whole 9x9 count (7,320,500 before the band-order merge).
//
// Measured (9x9, one thread of this machine's Xeon 2.5 GHz, completions stage only):
//   lazy atomic table, 64-bit table entries, u128 products, all box-1 chains   88 ms
//   eager flat uint32 table, 64-bit innermost sum, band-order merge of box 1    26 ms
// The rest of the signature count is the orbit census (orbits.cpp), which supplies the classes.
//
// Files: part 1 is isa/colourings.{hpp,cpp} (compiled once per instruction-set level, chosen at
// run time); part 2, the chain bookkeeping and the innermost loop are in signature_parts.{hpp,
// cpp}; both are shared with the pair-type table (signature_pairs.cpp), which completions_by_
// signature_columns uses where this file's table would exceed 2^23 slots (4x3: 1.9e11). This
// file: the plain table, its sum, the whole count and its output.
#include "gridenum/verify/signature.hpp"

#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdio>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "gridenum/core/phase.hpp"
#include "gridenum/core/timing.hpp"
#include "signature_pairs.hpp"
#include "signature_parts.hpp"

namespace gridenum {

namespace {

using signature_detail::BoxChains;
using signature_detail::SignatureKernels;
using signature_detail::signature_kernels;
using signature_detail::last_box_sum128;
using signature_detail::last_box_sum64;
using signature_detail::partition_count;
using signature_detail::TopChains;

constexpr std::uint64_t kUnknown = ~std::uint64_t{0};
constexpr std::uint64_t kMaxTable = std::uint64_t{1} << 23;


void check_signature_shape(Shape s) {
  if (s.rows < 2 || s.cols < 2 || s.n() > 16)
    throw std::invalid_argument("signature method: needs R >= 2, C >= 2 and N <= 16, got " + s.str());
}
// The full check (table size included) before any table is built: building the partition
// action tables of a shape that is then refused would take seconds (5x2: 28,800 x 126).
void check_supported(Shape s) {
  if (auto why = signature_shape_error(s)) throw std::invalid_argument("signature method: " + *why);
}

// The band-count table, shared by all top bands of a run, filled completely before the sum so
// that the hot loop reads a plain array (no "computed yet?" test, no atomics). A slot's value is
// the same for every relabelling that keeps box 1 standard (the stabiliser acts on boxes 2..R
// together) and for every order of boxes 2..R, so a computed value is written to its whole
// orbit of slots at once: for 9x9, 84 colouring counts fill the 78,400 slots (about 2 ms).
class BandCounter {
 public:
  explicit BandCounter(const BoxPartitions& parts)
      : s_(parts.shape()), parts_(parts), P_(parts_.size()), kernels_(&signature_kernels(selected_isa())) {
    check_signature_shape(s_);
    size_ = 1;
    for (int b = 1; b < s_.rows; ++b) {
      size_ *= P_;
      if (size_ > kMaxTable)
        throw std::invalid_argument("signature method: band-count table would exceed 2^23 slots for " + s_.str());
    }
    table_.assign(size_, kUnknown);
    for (std::uint64_t key = 0; key < size_; ++key) {
      if (table_[key] != kUnknown) continue;
      fill_orbit(key, compute(key));
      ++computed_;
    }
    max_ = *std::max_element(table_.begin(), table_.end());
    if (max_ <= 0xffffffffu) narrow_.assign(table_.begin(), table_.end());
  }

  const BoxPartitions& parts() const { return parts_; }
  std::uint32_t P() const { return P_; }
  std::uint64_t size() const { return size_; }
  const std::uint32_t* std_row(std::uint32_t p) const { return parts_.std_row(p); }
  std::uint64_t get(std::uint64_t key) const { return table_[key]; }
  const std::uint64_t* wide() const { return table_.data(); }
  // The same table as 32-bit values when every count fits (always so far: 9x9's largest is
  // 1,728, 4x2's 331,776), half the cache footprint of the hot loop's table; nullptr otherwise.
  const std::uint32_t* narrow() const { return narrow_.empty() ? nullptr : narrow_.data(); }
  std::uint64_t max_value() const { return max_; }
  std::uint64_t computed() const { return computed_; }

 private:
  std::vector<std::uint32_t> decode(std::uint64_t key) const {
    std::vector<std::uint32_t> ids(s_.rows - 1);
    for (auto& id : ids) {
      id = static_cast<std::uint32_t>(key % P_);
      key /= P_;
    }
    return ids;
  }
  std::uint64_t compute(std::uint64_t key) const {
    const int C = s_.cols;
    DigitMask cols[16];
    const DigitMask* b0 = parts_.blocks(parts_.standard());
    for (int j = 0; j < C; ++j) cols[j] = b0[j];
    const auto ids = decode(key);
    for (int b = 1; b < s_.rows; ++b)
      for (int j = 0; j < C; ++j) cols[b * C + j] = parts_.blocks(ids[b - 1])[j];
    return kernels_->colourings(cols, s_.n(), s_.all_digits(), s_.rows);
  }
  void fill_orbit(std::uint64_t key, std::uint64_t v) {
    const auto ids = decode(key);
    std::vector<std::uint32_t> w(ids.size());
    for (std::size_t g = 0; g < parts_.stabiliser_order(); ++g) {
      for (std::size_t i = 0; i < ids.size(); ++i) w[i] = parts_.act(g, ids[i]);
      std::sort(w.begin(), w.end());
      do {
        std::uint64_t j = 0;
        for (std::size_t i = w.size(); i-- > 0;) j = j * P_ + w[i];
        table_[j] = v;
      } while (std::next_permutation(w.begin(), w.end()));
    }
  }

  Shape s_;
  const BoxPartitions& parts_;
  std::uint32_t P_;
  const SignatureKernels* kernels_;  // the selected level's colouring count
  std::uint64_t size_ = 0, max_ = 0, computed_ = 0;
  std::vector<std::uint64_t> table_;
  std::vector<std::uint32_t> narrow_;
};


// ---------------------------------------------------------------------------------------------
// Part 3: the sum for one top band, one chain x_1 of box 1 at a time.
//
// Lower bands are interchangeable: permuting bands 2..C permutes the positions k of every chain
// tuple at once, maps the chain multiset of every box onto itself and leaves the product
// prod_k bands(key_k) unchanged. So the partial sum g(x_1) over boxes 2..R is the same for x_1
// and any permutation of x_1, and box 1's chains are merged by their *sorted* id tuple (with
// the summed multiplicity). Measured over all classes: 9x9 7,320,500 -> 3,726,800 terms (2.0x,
// K! = 2), 2x4 98,612,405 -> 17,253,285 (5.7x, K! = 6).
//
// Data layout of the hot loop: per task, u[b] holds box b's chains as K arrays (structure of
// arrays, u[b][k * n_b + x]) of table offsets already scaled by P^(b-1) and already relabelled
// by x_1 (std_of); the table is the flat 32-bit band-count array. The innermost loop is
//     s += m[x] * T_0[a_0[x]] * ... * T_{K-1}[a_{K-1}[x]]      (T_k = table + key_k)
// i.e. K gathers, K multiplies and an add per term in 64-bit arithmetic; the bound
// max_mult * max_count^K * n fits in 64 bits (checked per top band, else a 128-bit loop runs).
// The caller's multiplicity and the sum over the middle boxes are in checked 128-bit
// arithmetic outside that loop.
class TopBand {
 public:
  TopBand(Shape s, const BandCounter& bc, const std::vector<DigitMask>& cols)
      : s_(s), bc_(bc), ch_(s, bc.parts(), cols) {
    // 64-bit innermost loop when no partial sum can overflow it.
    fast_ = bc.narrow() != nullptr && ch_.fits_64(bc.max_value(), s.cols - 1);
  }
  const TopChains& chains() const { return ch_; }

  // Sum over all chain tuples with x_1 fixed, times x_1's multiplicity.
  u128 sum_for(std::size_t x1) const {
    const int R = s_.rows, K = s_.cols - 1;
    const std::uint32_t P = bc_.P();
    const BoxChains& c0 = ch_.boxes[0];
    std::vector<std::vector<std::uint32_t>> u(R);
    std::uint32_t scale = 1;
    for (int b = 1; b < R; ++b) {
      const BoxChains& cb = ch_.boxes[b];
      const std::size_t n = cb.size();
      u[b].resize(n * K);
      for (int k = 0; k < K; ++k) {
        const std::uint32_t* row = bc_.std_row(c0.ids[x1 * K + k]);
        for (std::size_t x = 0; x < n; ++x) u[b][k * n + x] = scale * row[cb.ids[x * K + k]];
      }
      scale *= P;
    }
    std::uint32_t keys[16] = {0};
    return checked_mul(c0.mult[x1], rec(u, 1, keys));
  }

 private:
  // Sum over the chains of boxes b..R-1 (box b's chain offsets added to keys).
  u128 rec(const std::vector<std::vector<std::uint32_t>>& u, int b, const std::uint32_t* keys) const {
    const int R = s_.rows, K = s_.cols - 1;
    const BoxChains& cb = ch_.boxes[b];
    const std::size_t n = cb.size();
    const std::uint32_t* ub = u[b].data();
    if (b == R - 1) return fast_ ? last_box_fast(ub, n, keys) : last_box_wide(ub, n, keys);
    u128 acc = 0;
    std::uint32_t next[16];
    for (std::size_t x = 0; x < n; ++x) {
      for (int k = 0; k < K; ++k) next[k] = keys[k] + ub[k * n + x];
      acc = checked_add(acc, checked_mul(cb.mult[x], rec(u, b + 1, next)));
    }
    return acc;
  }

  // The innermost loop (see the class comment): band k's row is the table at keys[k].
  u128 last_box_fast(const std::uint32_t* ub, std::size_t n, const std::uint32_t* keys) const {
    const int K = s_.cols - 1;
    const std::uint32_t* rows[16];
    for (int k = 0; k < K; ++k) rows[k] = bc_.narrow() + keys[k];
    return last_box_sum64(ch_.boxes.back().mult.data(), ub, n, K, rows);
  }
  u128 last_box_wide(const std::uint32_t* ub, std::size_t n, const std::uint32_t* keys) const {
    const int K = s_.cols - 1;
    const std::uint64_t* rows[16];
    for (int k = 0; k < K; ++k) rows[k] = bc_.wide() + keys[k];
    return last_box_sum128(ch_.boxes.back().mult.data(), ub, n, K, rows);
  }

  Shape s_;
  const BandCounter& bc_;
  TopChains ch_;
  bool fast_ = false;
};

std::string render(const Band& b) {
  static const char* digits = "0123456789ABCDEFG";
  std::string out;
  for (auto d : b) out.push_back(digits[d]);
  return out;
}

}  // namespace

std::optional<std::string> signature_shape_error(Shape s) {
  if (s.rows < 2 || s.cols < 2 || s.n() > 16)
    return "the signature method needs boxes of at least 2 x 2 cells and R*C <= 16, got " + s.str();
  // P = N! / ((R!)^C C!) box partitions; the table has P^(R-1) slots.
  double p = 1;
  for (int i = 2; i <= s.n(); ++i) p *= i;
  for (int j = 0; j < s.cols; ++j)
    for (int i = 2; i <= s.rows; ++i) p /= i;
  for (int i = 2; i <= s.cols; ++i) p /= i;
  double slots = 1;
  for (int b = 1; b < s.rows; ++b) slots *= p;
  if (slots > static_cast<double>(kMaxTable))
    return "the signature method's band-count table would need more than 2^23 slots for " + s.str();
  return std::nullopt;
}

std::uint64_t bands_with_signature(Shape s, const std::vector<DigitMask>& columns) {
  return bands_with_signature(s, columns, selected_isa());
}

std::uint64_t bands_with_signature(Shape s, const std::vector<DigitMask>& columns, Isa isa) {
  check_signature_shape(s);
  if (columns.size() != static_cast<std::size_t>(s.n())) throw std::invalid_argument("bands_with_signature: need N column sets");
  for (int b = 0; b < s.rows; ++b) {
    DigitMask seen = 0;
    for (int j = 0; j < s.cols; ++j) {
      const DigitMask m = columns[b * s.cols + j];
      if (std::popcount(m) != s.rows || (m & seen)) return 0;
      seen |= m;
    }
    if (seen != s.all_digits()) return 0;
  }
  if (!isa_supported(isa)) throw std::logic_error("bands_with_signature: this CPU does not run " + to_string(isa));
  return signature_kernels(isa).colourings(columns.data(), s.n(), s.all_digits(), s.rows);
}

namespace {
// Runs inside the caller's arena: the plain table (boxes 2..R) for every top band.
std::vector<BigInt> plain_completions(const BoxPartitions& parts, const std::vector<std::vector<DigitMask>>& cols,
                                      SignatureStats* stats) {
  const Shape s = parts.shape();
  std::vector<BigInt> out(cols.size());
  const auto t0 = SteadyClock::now();
  const BandCounter bc(parts);
  const double table_seconds = seconds_since(t0);
  std::vector<std::unique_ptr<TopBand>> tops(cols.size());
  tbb::parallel_for(std::size_t{0}, cols.size(), [&](std::size_t i) { tops[i] = std::make_unique<TopBand>(s, bc, cols[i]); });
  // One task per (band, chain of box 1); results per task, summed in order afterwards.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> tasks;
  for (std::size_t i = 0; i < cols.size(); ++i)
    for (std::size_t x = 0; x < tops[i]->chains().tasks(); ++x) tasks.emplace_back(i, x);
  std::vector<u128> part(tasks.size());
  Phase phase(s.str() + " signature method: sums", tasks.size(), "tasks");
  tbb::parallel_for(std::size_t{0}, tasks.size(), [&](std::size_t t) {
    part[t] = tops[tasks[t].first]->sum_for(tasks[t].second);
    phase.step();
  });
  for (std::size_t t = 0; t < tasks.size(); ++t) out[tasks[t].first] += to_big(part[t]);
  if (stats) {
    *stats = SignatureStats{};
    stats->table_size = bc.size();
    stats->table_computed = bc.computed();
    stats->max_band_count = bc.max_value();
    stats->table_seconds = table_seconds;
    for (auto& tb : tops) tb->chains().tally(*stats);
  }
  return out;
}

bool plain_table_fits(Shape s) {
  double slots = 1;
  for (int b = 1; b < s.rows; ++b) slots *= static_cast<double>(partition_count(s));
  return slots <= static_cast<double>(kMaxTable);
}

std::vector<BigInt> completions_impl(const BoxPartitions& parts, const std::vector<std::vector<DigitMask>>& cols,
                                     SignatureTable table, SignatureStats* stats) {
  if (table == SignatureTable::Auto) table = plain_table_fits(parts.shape()) ? SignatureTable::Plain : SignatureTable::Pairs;
  if (table == SignatureTable::Plain) return plain_completions(parts, cols, stats);
  return signature_detail::pair_completions(parts, cols, stats);
}

std::vector<std::vector<DigitMask>> columns_of(Shape s, const std::vector<Band>& bands) {
  std::vector<std::vector<DigitMask>> cols;
  for (const auto& b : bands) cols.push_back(signature_detail::band_columns(s, b));
  return cols;
}
}  // namespace

std::vector<BigInt> completions_by_signature(Shape s, const std::vector<Band>& bands, int threads,
                                             SignatureStats* stats) {
  check_supported(s);
  tbb::task_arena arena(threads > 0 ? threads : tbb::task_arena::automatic);
  return arena.execute([&] {
    const BoxPartitions parts(s);
    return completions_impl(parts, columns_of(s, bands), SignatureTable::Plain, stats);
  });
}

std::optional<std::string> signature_completions_shape_error(Shape s) {
  if (s.rows < 2 || s.cols < 2 || s.n() > 16)
    return "the signature method needs boxes of at least 2 x 2 cells and R*C <= 16, got " + s.str();
  if (plain_table_fits(s)) return std::nullopt;
  return signature_detail::pair_table_shape_error(s);
}

std::vector<BigInt> completions_by_signature_columns(Shape s, const std::vector<std::vector<DigitMask>>& tops, int threads,
                                                     SignatureTable table, SignatureStats* stats) {
  if (auto why = signature_completions_shape_error(s)) throw std::invalid_argument("signature method: " + *why);
  if (table == SignatureTable::Plain && !plain_table_fits(s))
    throw std::invalid_argument("signature method: the plain band-count table would exceed 2^23 slots for " + s.str());
  if (table == SignatureTable::Pairs)
    if (auto why = signature_detail::pair_table_shape_error(s)) throw std::invalid_argument("signature method: " + *why);
  tbb::task_arena arena(threads > 0 ? threads : tbb::task_arena::automatic);
  return arena.execute([&] {
    const auto t0 = SteadyClock::now();
    const BoxPartitions parts(s);
    const double parts_seconds = seconds_since(t0);
    auto out = completions_impl(parts, tops, table, stats);
    if (stats) stats->table_seconds += parts_seconds;
    return out;
  });
}

std::vector<std::string> signature_pair_types(Shape s) {
  if (auto why = signature_detail::pair_table_shape_error(s)) throw std::invalid_argument("signature method: " + *why);
  tbb::task_arena arena(1);
  return arena.execute([&] { return signature_detail::pair_type_names(BoxPartitions(s, PartitionActions::OnDemand)); });
}

// One type: the pair-type table of that type alone, over partitions without their P x |H| action
// table (4x3: 1.9 GB, more than the rest together); the few relabellings the table needs are
// applied when asked (BoxPartitions::act_now).
std::vector<BigInt> completions_by_signature_columns_of_type(Shape s, const std::vector<std::vector<DigitMask>>& tops,
                                                             const std::string& pair_type, int threads, SignatureStats* stats) {
  if (auto why = signature_detail::pair_table_shape_error(s)) throw std::invalid_argument("signature method: " + *why);
  tbb::task_arena arena(threads > 0 ? threads : tbb::task_arena::automatic);
  return arena.execute([&] {
    const auto t0 = SteadyClock::now();
    const BoxPartitions parts(s, PartitionActions::OnDemand);
    const auto names = signature_detail::pair_type_names(parts);
    const auto it = std::find(names.begin(), names.end(), pair_type);
    if (it == names.end())
      throw std::invalid_argument(fmt::format("signature method: '{}' is not one of the {} pair types of {}", pair_type, names.size(), s.str()));
    const double parts_seconds = seconds_since(t0);
    auto out = signature_detail::pair_completions(parts, tops, stats, static_cast<std::uint32_t>(it - names.begin()));
    if (stats) stats->table_seconds += parts_seconds;
    return out;
  });
}

SignatureResult count_signature(Shape s, int threads) {
  const auto t0 = SteadyClock::now();
  check_supported(s);
  SignatureResult r;
  r.shape = s;
  r.threads_used = threads > 0 ? threads : tbb::this_task_arena::max_concurrency();
  tbb::task_arena arena(threads > 0 ? threads : tbb::task_arena::automatic);
  arena.execute([&] {
    const BoxPartitions parts(s);  // shared vocabulary: partition ids and action tables
    auto t = SteadyClock::now();
    r.census = census_orbits(parts, threads);
    r.times.census = seconds_since(t);
    t = SteadyClock::now();
    std::vector<Band> reps;
    for (auto& o : r.census.orbits) reps.push_back(o.representative);
    r.n = completions_impl(parts, columns_of(s, reps), SignatureTable::Plain, &r.stats);
    r.times.completions = seconds_since(t);
  });

  const int R = s.rows, C = s.cols;
  r.band_factor = r.census.band_factor;
  r.stack_factor = factorial_u64(C - 1);
  for (int k = 1; k < C; ++k) r.stack_factor *= factorial_u64(R);
  r.relabel_factor = 1;
  for (int i = 2; i <= s.n(); ++i) r.relabel_factor *= i;
  r.weighted_sum = 0;
  for (std::size_t a = 0; a < r.n.size(); ++a) {
    if (r.n[a] % r.stack_factor != 0)
      throw std::logic_error("signature method: n of class " + std::to_string(a + 1) + " is not a multiple of L_stack");
    r.n_star.push_back(r.n[a] / r.stack_factor);
    r.weighted_sum += r.n_star.back() * r.census.orbits[a].entries;
  }
  r.canonical_grids = r.weighted_sum * r.band_factor * r.stack_factor;
  r.total = r.canonical_grids * r.relabel_factor;
  r.times.total = seconds_since(t0);
  return r;
}

std::string format_text(const SignatureResult& r) {
  std::ostringstream o;
  const Shape s = r.shape;
  const auto& c = r.census;
  o << "gridenum count --method signature: " << s.n() << "x" << s.n() << " grids, boxes " << s.str() << ", "
    << r.threads_used << " thread" << (r.threads_used == 1 ? "" : "s") << "\n\n";
  o << "orbit census (own enumeration)\n";
  o << "  top-band fillings with B1 fixed (F)   " << group_digits(std::to_string(c.band_fillings)) << "\n";
  o << "  catalogue entries (F / " << c.band_factor << ")          " << group_digits(std::to_string(c.entry_fillings)) << "\n";
  o << "  column structures                     " << group_digits(std::to_string(c.structures)) << "\n";
  o << "  classes (orbits)                      " << c.orbits.size() << "\n";
  o << "signature sum\n";
  o << "  band-count table slots computed       " << r.stats.table_computed << " of " << r.stats.table_size << "\n";
  o << "  signature tuples summed               " << group_digits(std::to_string(r.stats.terms)) << "\n\n";
  const int rep_w = s.rows * s.n();
  o << fmt::format("  {:>5}  {:<{}}  {:>8}  {}\n", "class", "representative band", rep_w, "|C|", "n_alpha");
  for (std::size_t a = 0; a < c.orbits.size(); ++a) {
    o << fmt::format("  {:>5}  {}  {:>8}  {}\n", a + 1, render(c.orbits[a].representative), c.orbits[a].entries, r.n[a].str());
  }
  o << "\nsum |C| n*              " << r.weighted_sum.str() << "\n";
  o << "canonical grids         " << r.canonical_grids.str() << "  (B1 fixed; x " << r.band_factor << " x " << r.stack_factor
    << ")\n";
  o << "total                   " << r.total.str() << "  (x " << s.n() << "!)\n";
  o << "                        " << group_digits(r.total.str()) << "\n\n";
  o << fmt::format("times (s): orbit census {:.4f}, signature completions {:.4f}, total {:.4f}\n", r.times.census,
                   r.times.completions, r.times.total);
  return o.str();
}

nlohmann::json to_json(const SignatureResult& r) {
  using nlohmann::json;
  json classes = json::array();
  for (std::size_t a = 0; a < r.census.orbits.size(); ++a)
    classes.push_back({{"index", a + 1},
                       {"representative", render(r.census.orbits[a].representative)},
                       {"size", r.census.orbits[a].entries},
                       {"n_star", r.n_star[a].str()},
                       {"n", r.n[a].str()}});
  return json{{"shape", r.shape.str()},
              {"n", r.shape.n()},
              {"method", "signature"},
              {"threads", r.threads_used},
              {"catalogue",
               {{"band_fillings", r.census.band_fillings},
                {"entries", r.census.entry_fillings},
                {"structures", r.census.structures},
                {"classes", r.census.orbits.size()},
                {"band_factor", r.band_factor}}},
              {"stacks", {{"stack_factor", r.stack_factor}}},
              {"signature",
               {{"table_size", r.stats.table_size},
                {"table_computed", r.stats.table_computed},
                {"box_chains", r.stats.box_chains},
                {"terms", r.stats.terms}}},
              {"classes", classes},
              {"weighted_sum", r.weighted_sum.str()},
              {"canonical_grids", r.canonical_grids.str()},
              {"relabel_factor", r.relabel_factor.str()},
              {"total", r.total.str()},
              {"times", {{"census", r.times.census}, {"completions", r.times.completions}, {"total", r.times.total}}}};
}

}  // namespace gridenum
