// Class sizes by orbit enumeration (docs/design.md section 2, step 4), written without any code of
// catalogue.cpp so that agreement between the two is evidence, not tautology.
//
// Three parts:
//
//  1. Box partitions. The column sets of one box form an unordered partition of the N digits
//     into C blocks of R. All of them get dense ids (280 for 9x9); a partition is looked up by a
//     64-bit key: per digit, 4 bits holding the rank of its block (blocks ranked by lowest
//     digit), so the key does not depend on the order the masks come in.
//
//  2. Enumeration. Depth-first search over the cells of B2..BR in row-major order with one mask
//     per row and per box; B1 is 1..N in reading order. Digits are tried in increasing order,
//     so the leaves come out in lexicographic order of the row-major band (used in part 3 to
//     find each orbit's smallest catalogue entry). The search is split on the row-0 prefix
//     ((N-C)! of them), one oneTBB task each. A leaf is tallied by its *raw structure*: the
//     column masks of columns C..N-1 packed N bits each into one word. Tallying raw words (not
//     canonical forms) keeps the leaf cost at one hash update; canonical forms are computed once
//     per distinct structure afterwards.
//
//  3. Canonical form. For a structure given as R box-partition ids (B1 included): for each
//     choice f of the box to put first, relabel so that box f's partition becomes the standard
//     one (M[p][q] = id of q after the relabelling that standardises p, a P x P table), then for
//     each relabelling g in the stabiliser of the standard partition ((R!)^C C! of them, an
//     action table act[g][q]) take the sorted ids of the other R-1 boxes; the canonical form is
//     the lexicographic minimum over (f, g). This is the orbit of the structure under the full
//     group (relabelling x box permutations x column permutations inside boxes): any group
//     element that maps the structure to one with box f first must send box f's partition to
//     the standard one up to the stabiliser. Cost per distinct structure: R (R-1) |stab| table
//     look-ups (7,776 for 9x9), for about 22,000 structures.
//
// Data layout and measured costs (9x9, one thread, this machine): the tally is one dense
// uint64 array per thread indexed by id_2 + P id_3 (78,400 slots, 627 KB); a stem costs 12
// partition-id look-ups (a dense table over the first C-1 masks) and 36 tally increments.
// 2,612,736 fillings from 72,576 stems. The census went from ~117 ms to ~35 ms by: the action
// table stored q-major (orbit marking walks the group for fixed q: it was a cache miss per
// element), fixed buffers instead of per-stem vectors in arrangements(), nested loops instead of
// a recursive lambda for the tally, and an inline unchecked id look-up. What is left is about
// evenly the stem search + arrangements, the tally increments (random writes into the 627 KB
// array) and building the 1296 x 280 action table.
//
// Why an explicit minimum rather than union-find over generators (what catalogue.cpp does): it
// is a different algorithm for the same equivalence, so a mistake in either shows as a
// disagreement in `gridenum verify classes`.
#include "gridenum/verify/orbits.hpp"

#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <bit>
#include <cassert>
#include <chrono>
#include <functional>
#include <map>
#include <numeric>
#include <stdexcept>

#include "gridenum/core/phase.hpp"
#include "gridenum/core/arith.hpp"
#include "gridenum/core/timing.hpp"

namespace gridenum {

namespace {

DigitMask relabel(const std::vector<int>& g, DigitMask m) {
  DigitMask r = 0;
  for (; m; m &= m - 1) r |= DigitMask{1} << g[std::countr_zero(m)];
  return r;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Part 1: box partitions.

BoxPartitions::BoxPartitions(Shape s, PartitionActions actions) : s_(s) {
  const int N = s.n(), R = s.rows, C = s.cols;
  if (R < 1 || C < 1 || N > 16) throw std::invalid_argument("box partitions: N <= 16 required, got " + s.str());
  // Enumerate partitions recursively: the next block always contains the lowest unused digit,
  // so each unordered partition is produced once, blocks sorted by lowest digit.
  std::vector<DigitMask> cur;
  auto rec = [&](auto&& self, DigitMask left) -> void {
    if (!left) {
      blocks_.insert(blocks_.end(), cur.begin(), cur.end());
      return;
    }
    const DigitMask low = left & (~left + 1);
    const DigitMask rest = left & ~low;
    // choose R-1 more digits from rest (subsets of rest of size R-1, by Gosper-free recursion)
    auto pick = [&](auto&& pself, DigitMask chosen, DigitMask from, int need) -> void {
      if (need == 0) {
        cur.push_back(chosen);
        self(self, left & ~chosen);
        cur.pop_back();
        return;
      }
      for (DigitMask f = from; f; f &= f - 1) {
        const DigitMask b = f & (~f + 1);
        pself(pself, chosen | b, f & ~b, need - 1);
      }
    };
    pick(pick, low, rest, R - 1);
  };
  rec(rec, s.all_digits());
  for (std::uint32_t i = 0; i < size(); ++i) index_.emplace(key(blocks(i)), i);
  // Dense id table over the first C-1 masks (the last block is the rest) when that is small:
  // every ordering of every partition's blocks is entered, so any mask order looks up.
  if ((C - 1) * N <= 24) {
    dense_bits_ = (C - 1) * N;
    dense_.assign(std::size_t{1} << dense_bits_, ~0u);
    std::vector<int> order(C);
    for (std::uint32_t i = 0; i < size(); ++i) {
      std::iota(order.begin(), order.end(), 0);
      do {
        std::uint64_t k = 0;
        for (int j = 0; j + 1 < C; ++j) k |= static_cast<std::uint64_t>(blocks(i)[order[j]]) << (j * N);
        dense_[k] = i;
      } while (std::next_permutation(order.begin(), order.end()));
    }
  }
  std::vector<DigitMask> stdp(C);
  for (int i = 0; i < C; ++i) stdp[i] = ((DigitMask{1} << R) - 1) << (i * R);
  standard_ = id(stdp.data());
  const auto stab = stabiliser();
  n_g_ = stab.size();
  stab_.resize(n_g_ * static_cast<std::size_t>(N));
  for (std::size_t g = 0; g < n_g_; ++g)
    for (int d = 0; d < N; ++d) stab_[g * N + d] = static_cast<std::uint8_t>(stab[g][d]);
  const std::uint32_t P = size();
  std_of_.resize(static_cast<std::size_t>(P) * P);
  if (actions == PartitionActions::Table) {
    act_.resize(n_g_ * P);
    tbb::parallel_for(std::uint32_t{0}, P, [&](std::uint32_t q) {
      for (std::size_t g = 0; g < n_g_; ++g) act_[q * n_g_ + g] = apply(stab[g], q);
    });
  }
  tbb::parallel_for(std::uint32_t{0}, P, [&](std::uint32_t p) {
    const auto sigma = to_standard(p);
    for (std::uint32_t q = 0; q < P; ++q) std_of_[static_cast<std::size_t>(p) * P + q] = apply(sigma, q);
  });
}

std::uint64_t BoxPartitions::key(const DigitMask* masks) const {
  const int C = s_.cols;
  // Rank the blocks by their lowest digit; every digit gets the rank of its block.
  DigitMask seen = 0;
  std::uint64_t k = 0;
  std::vector<std::pair<DigitMask, int>> order(C);
  for (int i = 0; i < C; ++i) {
    if (!masks[i] || (masks[i] & seen) || std::popcount(masks[i]) != s_.rows)
      throw std::invalid_argument("box partitions: masks do not form a partition into blocks of R");
    seen |= masks[i];
    order[i] = {masks[i] & (~masks[i] + 1), i};
  }
  if (seen != s_.all_digits()) throw std::invalid_argument("box partitions: masks do not cover the digits");
  std::sort(order.begin(), order.end());
  for (int rank = 0; rank < C; ++rank)
    for (DigitMask m = masks[order[rank].second]; m; m &= m - 1)
      k |= static_cast<std::uint64_t>(rank) << (4 * std::countr_zero(m));
  return k;
}

std::uint32_t BoxPartitions::id(const DigitMask* masks) const {
  if (dense_bits_) {
    std::uint64_t k = 0;
    DigitMask seen = 0;
    for (int j = 0; j < s_.cols; ++j) {
      if (j + 1 < s_.cols) k |= static_cast<std::uint64_t>(masks[j]) << (j * s_.n());
      if (masks[j] & seen) throw std::invalid_argument("box partitions: overlapping blocks");
      seen |= masks[j];
    }
    if (seen == s_.all_digits() && k < dense_.size() && dense_[k] != ~0u) return dense_[k];
    throw std::invalid_argument("box partitions: masks do not form a partition into blocks of R");
  }
  return index_.at(key(masks));
}

std::vector<int> BoxPartitions::to_standard(std::uint32_t pid) const {
  std::vector<int> g(s_.n());
  const DigitMask* b = blocks(pid);
  for (int i = 0; i < s_.cols; ++i) {
    int k = 0;
    for (DigitMask m = b[i]; m; m &= m - 1) g[std::countr_zero(m)] = i * s_.rows + k++;
  }
  return g;
}

std::vector<std::vector<int>> BoxPartitions::stabiliser() const {
  const int R = s_.rows, C = s_.cols;
  std::vector<std::vector<int>> rperms;
  std::vector<int> p(R);
  std::iota(p.begin(), p.end(), 0);
  do rperms.push_back(p);
  while (std::next_permutation(p.begin(), p.end()));
  std::vector<int> tau(C);
  std::iota(tau.begin(), tau.end(), 0);
  std::vector<std::vector<int>> out;
  do {
    std::vector<std::size_t> idx(C, 0);  // mixed-radix counter over the within-block perms
    for (;;) {
      std::vector<int> g(s_.n());
      for (int i = 0; i < C; ++i)
        for (int a = 0; a < R; ++a) g[i * R + a] = tau[i] * R + rperms[idx[i]][a];
      out.push_back(std::move(g));
      int i = 0;
      while (i < C && ++idx[i] == rperms.size()) idx[i++] = 0;
      if (i == C) break;
    }
  } while (std::next_permutation(tau.begin(), tau.end()));
  return out;
}

std::uint32_t BoxPartitions::apply(const std::vector<int>& g, std::uint32_t pid) const {
  DigitMask m[16];
  for (int j = 0; j < s_.cols; ++j) m[j] = relabel(g, blocks(pid)[j]);
  return id_trusted(m);
}

// ---------------------------------------------------------------------------------------------
// Part 3 (used by part 2's tally): the canonical form.
namespace {

// Canonical form of a structure given as the R box-partition ids of a band (any box order).
std::vector<std::uint32_t> canonical_of(const BoxPartitions& parts, const std::vector<std::uint32_t>& boxes) {
  const std::size_t R = boxes.size();
  std::vector<std::uint32_t> best(R - 1, ~0u), q(R - 1), t(R - 1);
  for (std::size_t f = 0; f < R; ++f) {
    std::size_t k = 0;
    const std::uint32_t* row = parts.std_row(boxes[f]);
    for (std::size_t b = 0; b < R; ++b)
      if (b != f) q[k++] = row[boxes[b]];
    for (std::size_t g = 0; g < parts.stabiliser_order(); ++g) {
      for (std::size_t i = 0; i < R - 1; ++i) t[i] = parts.act(g, q[i]);
      std::sort(t.begin(), t.end());
      if (t < best) best = t;
    }
  }
  return best;
}

std::vector<std::uint32_t> box_ids(Shape s, const BoxPartitions& parts, const DigitMask* cols) {
  std::vector<std::uint32_t> ids(s.rows);
  for (int b = 0; b < s.rows; ++b) ids[b] = parts.id(cols + b * s.cols);
  return ids;
}

// ---------------------------------------------------------------------------------------------
// Part 2: the enumeration.
//
// The last row of a band is free in a useful way: once rows 0..R-2 are valid, box b lacks C
// digits, the boxes' missing sets are disjoint (each digit already sits in R-1 rows, in R-1
// different boxes) and every arrangement of them in the box's last-row cells is valid. So the
// search fills rows 1..R-2 (a *stem*) and then, per box, lists the C! arrangements with the box
// partition each one gives: the stem's fillings are the product of those lists, and the tally
// over the dense index  id_1 + P id_2 + ... (boxes B2..BR)  is a product loop, not a search.
struct Search {
  Shape s;
  int N, R, C;
  std::vector<std::uint8_t> band;   // R x N, row-major
  std::vector<DigitMask> row_used, box_used, col;
  std::vector<int> cells;           // cell indices of rows 1..R-2, columns C..N-1
  std::vector<std::vector<std::uint8_t>> perms;  // per box 1..R-1: C! arrangements (C digits each)
  std::vector<std::vector<std::uint32_t>> pid;   // per box 1..R-1: partition id of each arrangement

  explicit Search(Shape sh) : s(sh), N(sh.n()), R(sh.rows), C(sh.cols), band(R * N, 0), row_used(R, 0),
                               box_used(R, 0), col(N, 0), perms(R), pid(R) {
    std::size_t arr = 1;
    for (int j = 2; j <= C; ++j) arr *= static_cast<std::size_t>(j);
    for (int b = 1; b < R; ++b) {
      perms[b].resize(arr * C);
      pid[b].resize(arr);
    }
    for (int r = 0; r < R; ++r)
      for (int c = 0; c < C; ++c) put(r, c, r * C + c + 1);  // B1 canonical
    for (int r = 1; r + 1 < R; ++r)
      for (int c = C; c < N; ++c) cells.push_back(r * N + c);
  }
  void put(int r, int c, int d) {
    const DigitMask m = DigitMask{1} << (d - 1);
    band[r * N + c] = static_cast<std::uint8_t>(d);
    row_used[r] |= m;
    box_used[c / C] |= m;
    col[c] |= m;
  }
  void take(int r, int c) {
    const DigitMask m = DigitMask{1} << (band[r * N + c] - 1);
    band[r * N + c] = 0;
    row_used[r] &= ~m;
    box_used[c / C] &= ~m;
    col[c] &= ~m;
  }
  // At a stem: the last-row arrangements of every box, in lexicographic order. Fixed-size
  // buffers (sized once in the constructor): this runs once per stem, 72,576 times for 9x9.
  void arrangements(const BoxPartitions& parts) {
    // c <= 16 since N <= 16 (BoxPartitions). d[] has room for 32: GCC 12 at -O3 vectorises
    // next_permutation's reverse with 32-byte stores and then warns (-Wstringop-overflow, a
    // false positive) about a 16-byte buffer, whatever bound c is given.
    assert(C >= 1 && C <= 16);
    const int c = C, rows = R;
    for (int b = 1; b < rows; ++b) {
      std::uint8_t d[32];
      int k = 0;
      for (DigitMask m = s.all_digits() & ~box_used[b]; m && k < c; m &= m - 1) d[k++] = static_cast<std::uint8_t>(std::countr_zero(m) + 1);
      std::uint8_t* out = perms[b].data();
      std::uint32_t* ids = pid[b].data();
      const DigitMask* cb = col.data() + b * c;
      do {
        DigitMask masks[16];
        for (int j = 0; j < c; ++j) masks[j] = cb[j] | (DigitMask{1} << (d[j] - 1));
        for (int j = 0; j < c; ++j) *out++ = d[j];
        *ids++ = parts.id_trusted(masks);
      } while (std::next_permutation(d, d + c));
    }
  }

  // Visits every stem below the placed row 0 in lexicographic order.
  template <class Stem>
  void run(std::size_t i, Stem& stem) {
    if (i == cells.size()) {
      stem(*this);
      return;
    }
    const int r = cells[i] / N, c = cells[i] % N;
    for (DigitMask m = s.all_digits() & ~row_used[r] & ~box_used[c / C]; m; m &= m - 1) {
      put(r, c, std::countr_zero(m) + 1);
      run(i + 1, stem);
      take(r, c);
    }
  }
};

// Calls f(index, choice) for every combination of one arrangement per box 1..R-1, box 1 most
// significant (so in lexicographic order of the last row); index = sum id_b P^(b-1).
template <class F>
void for_each_combination(const Search& sr, std::uint32_t P, F&& f) {
  std::vector<std::size_t> choice(sr.R, 0);
  auto rec = [&](auto&& self, int b, std::uint64_t index, std::uint64_t scale) -> void {
    if (b == sr.R) {
      f(index, choice);
      return;
    }
    for (std::size_t x = 0; x < sr.pid[b].size(); ++x) {
      choice[b] = x;
      self(self, b + 1, index + scale * sr.pid[b][x], scale * P);
    }
  };
  rec(rec, 1, 0, 1);
}

// The tally of one stem: every combination of arrangements, as plain nested loops for the
// usual R = 2 and R = 3 (the generic recursion with its index vector cost ~10 ns a leaf).
void tally_stem(const Search& sr, std::uint32_t P, std::uint64_t* t) {
  if (sr.R == 2) {
    for (std::uint32_t a : sr.pid[1]) ++t[a];
  } else if (sr.R == 3) {
    for (std::uint32_t a : sr.pid[1])
      for (std::uint32_t b : sr.pid[2]) ++t[a + static_cast<std::uint64_t>(P) * b];
  } else {
    for_each_combination(sr, P, [&](std::uint64_t idx, const std::vector<std::size_t>&) { ++t[idx]; });
  }
}

// This file's own catalogue-entry test on row 0 of B2..BR: columns increasing inside each box,
// boxes ordered by their top-left digit.
bool entry_prefix(Shape s, const std::vector<std::uint8_t>& row0rest) {
  const int C = s.cols;
  for (std::size_t i = 0; i < row0rest.size(); ++i) {
    if (i % C != 0 && row0rest[i] < row0rest[i - 1]) return false;
    if (i % C == 0 && i >= static_cast<std::size_t>(C) && row0rest[i] < row0rest[i - C]) return false;
  }
  return true;
}

}  // namespace

std::vector<std::uint32_t> canonical_structure(Shape s, const BoxPartitions& parts, const Band& band) {
  const int N = s.n();
  if (band.size() != static_cast<std::size_t>(s.rows) * N) throw std::invalid_argument("canonical_structure: wrong band size");
  std::vector<DigitMask> cols(N, 0);
  for (int r = 0; r < s.rows; ++r)
    for (int c = 0; c < N; ++c) cols[c] |= DigitMask{1} << (band[r * N + c] - 1);
  return canonical_of(parts, box_ids(s, parts, cols.data()));
}

int find_orbit(const OrbitCensus& census, const BoxPartitions& parts, const Band& band) {
  const auto key = canonical_structure(census.shape, parts, band);
  for (std::size_t i = 0; i < census.orbits.size(); ++i)
    if (census.orbits[i].canonical == key) return static_cast<int>(i);
  return -1;
}

OrbitCensus census_orbits(Shape s, int threads) {
  // Refuse before building the partition tables (seconds for a shape like 5x2).
  if (s.rows < 2 || s.cols < 2 || s.n() > 16) throw std::invalid_argument("orbit census: needs R, C >= 2 and N <= 16, got " + s.str());
  double slots = 1, p = 1;
  for (int i = 2; i <= s.n(); ++i) p *= i;
  for (int j = 0; j < s.cols; ++j)
    for (int i = 2; i <= s.rows; ++i) p /= i;
  for (int i = 2; i <= s.cols; ++i) p /= i;
  for (int b = 1; b < s.rows; ++b) slots *= p;
  if (slots > static_cast<double>(std::uint64_t{1} << 23))
    throw std::invalid_argument("orbit census: tally would exceed 2^23 slots for " + s.str());
  tbb::task_arena arena(threads > 0 ? threads : tbb::task_arena::automatic);
  return arena.execute([&] {
    const BoxPartitions parts(s);
    return census_orbits(parts, threads);
  });
}

// census_orbits, step by step. Each step is one pass; the comment before each says what it
// leaves behind for the next.
namespace {

using Prefix = std::vector<std::uint8_t>;

// Every arrangement of the first row's cells outside B1 (digits C+1..N, B1's row being 1..C):
// the units of parallel work of both enumeration passes.
std::vector<Prefix> top_row_prefixes(Shape s) {
  std::vector<Prefix> prefixes;
  Prefix d;
  for (int x = s.cols + 1; x <= s.n(); ++x) d.push_back(static_cast<std::uint8_t>(x));
  do prefixes.push_back(d);
  while (std::next_permutation(d.begin(), d.end()));
  return prefixes;
}

void with_prefix(Search& sr, Shape s, const Prefix& p, const std::function<void()>& body) {
  for (int c = s.cols; c < s.n(); ++c) sr.put(0, c, p[c - s.cols]);
  body();
  for (int c = s.cols; c < s.n(); ++c) sr.take(0, c);
}

// Tally pass: how many B1-canonical band fillings have each ordered column structure (the R-1
// box partitions of B2..BR as one mixed-radix index). One dense array per thread, summed.
std::vector<std::uint64_t> tally_structures(const BoxPartitions& parts, const std::vector<Prefix>& prefixes,
                                            std::uint64_t slots, tbb::task_arena& arena,
                                            tbb::enumerable_thread_specific<Search>& searches) {
  const Shape s = parts.shape();
  const std::uint32_t P = parts.size();
  tbb::enumerable_thread_specific<std::vector<std::uint64_t>> tallies([&] { return std::vector<std::uint64_t>(slots, 0); });
  Phase phase(s.str() + " orbit census: band structures", prefixes.size(), "top-row prefixes");
  arena.execute([&] {
    tbb::parallel_for(std::size_t{0}, prefixes.size(), [&](std::size_t i) {
      phase.step();
      Search& sr = searches.local();
      auto& t = tallies.local();
      auto stem = [&](Search& x) {
        x.arrangements(parts);
        tally_stem(x, P, t.data());
      };
      with_prefix(sr, s, prefixes[i], [&] { sr.run(0, stem); });
    });
  });
  std::vector<std::uint64_t> tally(slots, 0);
  for (auto& t : tallies)
    for (std::uint64_t i = 0; i < slots; ++i) tally[i] += t[i];
  return tally;
}

// Orbit labelling: every structure met gets the index of its orbit, and each orbit its canonical
// form. Frame: box 1 (B1) always has partition b1. For a structure not yet placed, every image
// with b1 in front is tau g sigma_f (boxes): sigma_f standardises box f, g runs over the
// stabiliser of the standard partition, tau = sigma_{b1}^-1. Marking all images (in every order
// of boxes 2..R) labels the whole orbit at once; its canonical form is the minimum over the same
// images taken in the standard frame (equal to canonical_of()).
struct OrbitLabels {
  std::vector<std::int32_t> orbit_of;              // per structure slot; -1 when never met
  std::vector<std::vector<std::uint32_t>> canon;   // per orbit
};

OrbitLabels label_orbits(const BoxPartitions& parts, const std::vector<std::uint64_t>& tally) {
  const Shape s = parts.shape();
  const int N = s.n(), R = s.rows;
  const std::uint32_t P = parts.size();
  const std::uint32_t b1 = [&] {
    Search sr(s);
    return parts.id(sr.col.data());
  }();
  std::vector<std::uint32_t> tau_img(P);
  {
    const auto sigma = parts.to_standard(b1);
    std::vector<int> inv(N);
    for (int d = 0; d < N; ++d) inv[sigma[d]] = d;
    for (std::uint32_t q = 0; q < P; ++q) tau_img[q] = parts.apply(inv, q);
  }
  OrbitLabels out;
  out.orbit_of.assign(tally.size(), -1);
  std::vector<std::uint32_t> boxes(R), q(R - 1), u(R - 1), w(R - 1), best(R - 1);
  for (std::uint64_t idx = 0; idx < tally.size(); ++idx) {
    if (!tally[idx] || out.orbit_of[idx] >= 0) continue;
    const std::int32_t o = static_cast<std::int32_t>(out.canon.size());
    boxes[0] = b1;
    for (std::uint64_t x = idx, b = 1; b < static_cast<std::uint64_t>(R); ++b, x /= P) boxes[b] = static_cast<std::uint32_t>(x % P);
    std::fill(best.begin(), best.end(), ~0u);
    for (int f = 0; f < R; ++f) {
      const std::uint32_t* row = parts.std_row(boxes[f]);
      for (int b = 0, k = 0; b < R; ++b)
        if (b != f) q[k++] = row[boxes[b]];
      for (std::size_t g = 0; g < parts.stabiliser_order(); ++g) {
        for (int i = 0; i < R - 1; ++i) u[i] = parts.act(g, q[i]);
        for (int i = 0; i < R - 1; ++i) w[i] = tau_img[u[i]];
        std::sort(u.begin(), u.end());
        if (u < best) best = u;
        std::sort(w.begin(), w.end());
        do {
          std::uint64_t j = 0;
          for (int i = R - 2; i >= 0; --i) j = j * P + w[i];
          out.orbit_of[j] = o;
        } while (std::next_permutation(w.begin(), w.end()));
      }
    }
    out.canon.push_back(best);
  }
  return out;
}

// Orbit sizes: the fillings of each orbit, and the census's totals (fillings, structures met,
// structures up to the order of B2..BR).
void add_orbit_sizes(OrbitCensus& out, const std::vector<std::uint64_t>& tally, const OrbitLabels& labels,
                     std::uint32_t P) {
  const int R = out.shape.rows;
  out.orbits.resize(labels.canon.size());
  for (std::size_t o = 0; o < labels.canon.size(); ++o) out.orbits[o].canonical = labels.canon[o];
  for (std::uint64_t idx = 0; idx < tally.size(); ++idx) {
    if (!tally[idx]) continue;
    assert(labels.orbit_of[idx] >= 0);
    out.orbits[labels.orbit_of[idx]].fillings += tally[idx];
    out.band_fillings += tally[idx];
    ++out.raw_structures;
    bool sorted = true;  // boxes B2..BR in non-decreasing id order: one per unordered structure
    for (std::uint64_t x = idx, prev = 0, b = 1; b < static_cast<std::uint64_t>(R); ++b, x /= P) {
      if (x % P < prev) sorted = false;
      prev = x % P;
    }
    out.structures += sorted;
  }
}

// Representative pass: over the entry prefixes only, in lexicographic order, the first filling
// of each orbit. Each prefix keeps its own firsts; merging in prefix order keeps the smallest.
// Also counts the fillings that are catalogue entries.
void find_representatives(OrbitCensus& out, const BoxPartitions& parts, const std::vector<Prefix>& prefixes,
                          const std::vector<std::int32_t>& orbit_of, tbb::task_arena& arena,
                          tbb::enumerable_thread_specific<Search>& searches) {
  const Shape s = parts.shape();
  const int N = s.n(), R = s.rows, C = s.cols;
  const std::uint32_t P = parts.size();
  std::vector<std::size_t> entry_prefixes;
  for (std::size_t i = 0; i < prefixes.size(); ++i)
    if (entry_prefix(s, prefixes[i])) entry_prefixes.push_back(i);
  std::vector<std::vector<Band>> firsts(entry_prefixes.size());
  std::vector<std::uint64_t> entry_count(entry_prefixes.size(), 0);
  Phase phase(s.str() + " orbit census: representatives", entry_prefixes.size(), "top-row prefixes");
  arena.execute([&] {
    tbb::parallel_for(std::size_t{0}, entry_prefixes.size(), [&](std::size_t i) {
      phase.step();
      Search& sr = searches.local();
      auto& f = firsts[i];
      f.assign(out.orbits.size(), Band{});
      auto stem = [&](Search& x) {
        x.arrangements(parts);
        for_each_combination(x, P, [&](std::uint64_t idx, const std::vector<std::size_t>& choice) {
          ++entry_count[i];
          Band& b = f[orbit_of[idx]];
          if (!b.empty()) return;
          b = x.band;
          for (int k = 1; k < R; ++k)
            for (int j = 0; j < C; ++j) b[(R - 1) * N + k * C + j] = x.perms[k][choice[k] * C + j];
        });
      };
      with_prefix(sr, s, prefixes[entry_prefixes[i]], [&] { sr.run(0, stem); });
    });
  });
  for (std::size_t i = 0; i < firsts.size(); ++i) {
    out.entry_fillings += entry_count[i];
    for (std::size_t o = 0; o < out.orbits.size(); ++o)
      if (out.orbits[o].representative.empty() && !firsts[i][o].empty()) out.orbits[o].representative = firsts[i][o];
  }
}

}  // namespace

OrbitCensus census_orbits(const BoxPartitions& parts, int threads) {
  const auto t0 = SteadyClock::now();
  const Shape s = parts.shape();
  const int R = s.rows, C = s.cols;
  const std::uint32_t P = parts.size();
  if (R < 2) throw std::invalid_argument("orbit census: needs R >= 2, got " + s.str());
  std::uint64_t slots = 1;
  for (int b = 1; b < R; ++b) {
    slots *= P;
    if (slots > (std::uint64_t{1} << 23)) throw std::invalid_argument("orbit census: tally would exceed 2^23 slots for " + s.str());
  }
  OrbitCensus out;
  out.shape = s;
  out.band_factor = factorial_u64(R - 1);
  for (int k = 1; k < R; ++k) out.band_factor *= factorial_u64(C);
  out.group_order = parts.stabiliser_order() * static_cast<std::uint64_t>(R);

  const std::vector<Prefix> prefixes = top_row_prefixes(s);
  tbb::task_arena arena(threads > 0 ? threads : tbb::task_arena::automatic);
  tbb::enumerable_thread_specific<Search> searches([&] { return Search(s); });
  const std::vector<std::uint64_t> tally = tally_structures(parts, prefixes, slots, arena, searches);
  const OrbitLabels labels = label_orbits(parts, tally);
  add_orbit_sizes(out, tally, labels, P);
  find_representatives(out, parts, prefixes, labels.orbit_of, arena, searches);
  for (auto& o : out.orbits) {
    if (o.representative.empty()) throw std::logic_error("orbit census: an orbit without a catalogue entry");
    if (o.fillings % out.band_factor != 0)
      throw std::logic_error("orbit census: an orbit's size is not a multiple of L_band");
    o.entries = o.fillings / out.band_factor;
  }
  std::sort(out.orbits.begin(), out.orbits.end(),
            [](const BandOrbit& a, const BandOrbit& b) { return a.representative < b.representative; });
  out.seconds = seconds_since(t0);
  return out;
}

}  // namespace gridenum
