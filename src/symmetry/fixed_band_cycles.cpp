// f(g) for elements whose rows cycle every band (fixed_grids.hpp, step 4): one band and its images.
//
// Why. On 12x12 grids with 4x3 boxes (3x4 seen transposed) the classes that keep rows inside
// their bands defeat line orbits: it fills such a grid nearly row by row, its memo state is close
// to a partial grid and never closes (3x4 class 1134: no part in 361 CPU-seconds, 110 MB of memo
// a CPU-minute; docs/symmetry.md, *The 141 classes left*). 71 of those classes cycle the three
// bands of the 4x3 view; for them the grid is one band and its images, and f becomes a sum over
// the signatures of one band (docs/symmetry.md, *The next kernel for those classes*).
//
// The shape. Boxes of R rows and C columns, N = RC digits: C bands of R rows, R stacks of C
// columns (stack t = columns tC .. tC+C-1). A band's signature S gives each column's digit set
// (R digits); inside a stack the C sets partition the digits (a box holds each digit once).
//
// The element. g = (rho, gamma) untransposed, its rows moving band 0 to band 1 to .. to band C-1
// and back (one cycle through every band), pi the relabelling: X(rho r, gamma c) = pi X(r, c).
// Band k (the k-th image of band 0, B) is then pi^k B with rows moved by rho^k and columns by
// gamma^k, so a fixed grid is B alone, with two conditions:
//   * columns: column c holds S(c) from B and pi^k S(gamma^-k c) from band k, so
//       S(c) + pi S(gamma^-1 c) + .. + pi^(C-1) S(gamma^-(C-1) c) = all N digits   (disjoint);
//     rows and boxes of the other bands are images of B's, so nothing else is asked;
//   * B itself is fixed by h = g^C on band 0: (rho^C on its R rows, gamma^C, pi^C).
// So Fix(g, pi) = sum over the signatures S meeting the column condition of F_h(S), the bands with
// signature S fixed by h -- the band counter's A(S; rho^C, gamma^C, pi^C) (band_counter.hpp) --
// and f(g) = sum over the allowed cycle types of pi of Fix(g, pi) / z_type, as in the signature
// kernel (fixed_signatures.cpp; the division is exact and checked). The column condition ties
// S(c) to the C-1 columns before it on its cycle of gamma: given those, S(c) is forced (the
// complement of the others' images, mapped back by pi^-k), so a cycle of gamma has few free
// choices and the family of allowed signatures is small unless pi has short cycles.
//
// Listing the family: a search over the columns in the order of gamma's cycles (a cycle's columns
// consecutive, each after its predecessor), each column's set chosen among the R-subsets that miss
// its stack's other sets and every piece already placed in the conditions through it (mapped
// back), or forced when a condition's other pieces are all placed. The first levels are listed
// serially; the rest runs in parallel, each prefix a unit of work and, hashed into 64 buckets,
// a part of the count ("bc1.<type>.<bucket>/64", fixed_kernels.hpp's sum_in_parts). Unlike line
// orbits' parts, a bucket here holds prefixes of one listing (the serial depth, the orbit
// representatives, the column order), so its key carries the listing's version: any change to
// how the prefixes are made must raise it (bc1 -> bc2), or a journal's parts would be taken for
// other work.
//
// Bands with no symmetry of their own (h the identity on band 0's cells, then pi^C must be the
// identity too, or no band is fixed): F(S) depends only on S's class under relabelling, column
// moves inside stacks and stack moves (the three-band catalogue's classes, band_signatures.hpp),
// so each thread keeps F by the class's canonical key.
#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <map>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "band_counter.hpp"
#include "fixed_kernels.hpp"
#include "gridenum/core/errors.hpp"
#include "gridenum/core/stop.hpp"
#include "gridenum/count/three_band/band_signatures.hpp"
#include "gridenum/count/three_band/three_band.hpp"

namespace gridenum::detail {
namespace {

using Rows = BandCounter<WideEdges>::Rows;

// The band permutation of g's rows (band b -> band), or empty when g does not map bands to bands.
Perm band_permutation(Shape s, const GeometricSymmetry& g) {
  const int R = s.rows, C = s.cols;
  Perm b(static_cast<std::size_t>(C));
  for (int k = 0; k < C; ++k) b[static_cast<std::size_t>(k)] = g.rows[static_cast<std::size_t>(k * R)] / R;
  return b;
}

// The family of signatures that meet the column condition for one relabelling pi, listed by a
// search over the columns (the top of this file).
class CycleFamily {
 public:
  CycleFamily(Shape s, const Perm& gamma, const Perm& pi) : R_(s.rows), C_(s.cols), N_(s.n()) {
    all_ = static_cast<std::uint16_t>((1u << N_) - 1);
    // img_[k][m]: pi^k's image of the set m; back_[k][m]: pi^-k's.
    img_.assign(static_cast<std::size_t>(C_), std::vector<std::uint16_t>(std::size_t{1} << N_));
    back_ = img_;
    Perm pk = identity_perm(N_);
    for (int k = 0; k < C_; ++k) {
      const Perm inv = inverse(pk);
      for (std::uint32_t m = 0; m <= all_; ++m) {
        std::uint32_t a = 0, b = 0;
        for (std::uint32_t x = m; x; x &= x - 1) {
          a |= 1u << pk[static_cast<std::size_t>(std::countr_zero(x))];
          b |= 1u << inv[static_cast<std::size_t>(std::countr_zero(x))];
        }
        img_[static_cast<std::size_t>(k)][m] = static_cast<std::uint16_t>(a);
        back_[static_cast<std::size_t>(k)][m] = static_cast<std::uint16_t>(b);
      }
      pk = compose(pi, pk);
    }
    for (std::uint32_t m = 0; m <= all_; ++m)
      if (std::popcount(m) == R_) subsets_.push_back(static_cast<std::uint16_t>(m));
    // pre_[c][k] = gamma^-k c; post_[c][j] = gamma^j c.
    const Perm gi = inverse(gamma);
    pre_.assign(static_cast<std::size_t>(N_), std::vector<int>(static_cast<std::size_t>(C_)));
    post_ = pre_;
    for (int c = 0; c < N_; ++c) {
      int a = c, b = c;
      for (int k = 0; k < C_; ++k) {
        pre_[static_cast<std::size_t>(c)][static_cast<std::size_t>(k)] = a;
        post_[static_cast<std::size_t>(c)][static_cast<std::size_t>(k)] = b;
        a = gi[static_cast<std::size_t>(a)];
        b = gamma[static_cast<std::size_t>(b)];
      }
    }
    std::vector<char> seen(static_cast<std::size_t>(N_), 0);
    for (int c = 0; c < N_; ++c)
      for (int y = c; !seen[static_cast<std::size_t>(y)]; y = gamma[static_cast<std::size_t>(y)]) {
        seen[static_cast<std::size_t>(y)] = 1;
        order_.push_back(y);
      }
  }

  int columns() const { return N_; }

  // A partial signature: S[c] the set of column c, 0 while unset (a set is never empty).
  using Sig = std::array<std::uint16_t, 16>;

  // The sets column order_[depth] may take given S (columns order_[0 .. depth) set).
  void candidates(const Sig& S, int depth, std::vector<std::uint16_t>& out) const {
    candidates_for(S, order_[static_cast<std::size_t>(depth)], out);
  }
  // The sets column x may take given S (the columns before x on its cycle of gamma set).
  void candidates_for(const Sig& S, int x, std::vector<std::uint16_t>& out) const {
    out.clear();
    const int t = x / C_;
    std::uint16_t used = 0;
    int unset = 0;
    for (int j = 0; j < C_; ++j) {
      const int y = t * C_ + j;
      if (y == x) continue;
      used |= S[static_cast<std::size_t>(y)];
      unset += S[static_cast<std::size_t>(y)] == 0;
    }
    std::uint16_t forbidden = used;
    int forced = -1;  // a set the conditions force, if any
    for (int j = 0; j < C_; ++j) {
      // The condition at column y = gamma^j x, where x's set appears as pi^j S(x).
      const int y = post_[static_cast<std::size_t>(x)][static_cast<std::size_t>(j)];
      std::uint16_t others = 0;
      bool complete = true;
      for (int k = 0; k < C_; ++k) {
        const int z = pre_[static_cast<std::size_t>(y)][static_cast<std::size_t>(k)];
        if (z == x) {  // x itself: where it comes more than once, `fits` checks it once placed
          complete = complete && k == j;
          continue;
        }
        const std::uint16_t v = S[static_cast<std::size_t>(z)];
        if (v == 0) {
          complete = false;
          continue;
        }
        others |= img_[static_cast<std::size_t>(k)][v];
      }
      const std::uint16_t mine = back_[static_cast<std::size_t>(j)][others];
      forbidden |= mine;
      if (complete) {
        const int f = back_[static_cast<std::size_t>(j)][static_cast<std::uint16_t>(all_ & ~others)];
        if (forced >= 0 && forced != f) return;
        forced = f;
      }
    }
    if (unset == 0) {
      const int f = all_ & ~used;
      if (forced >= 0 && forced != f) return;
      forced = f;
    }
    if (forced >= 0) {
      const auto v = static_cast<std::uint16_t>(forced);
      if (std::popcount(v) == R_ && (v & forbidden) == 0 && fits(S, x, v)) out.push_back(v);
      return;
    }
    for (std::uint16_t v : subsets_)
      if ((v & forbidden) == 0 && fits(S, x, v)) out.push_back(v);
  }

  int depth_count() const { return N_; }

 private:
  // With S(x) = v, the conditions through x that hold x's set more than once (gamma's cycle
  // through x shorter than C) still have disjoint pieces.
  bool fits(const Sig& S, int x, std::uint16_t v) const {
    for (int j = 0; j < C_; ++j) {
      const int y = post_[static_cast<std::size_t>(x)][static_cast<std::size_t>(j)];
      std::uint16_t seen = 0;
      for (int k = 0; k < C_; ++k) {
        const int z = pre_[static_cast<std::size_t>(y)][static_cast<std::size_t>(k)];
        const std::uint16_t w = z == x ? v : S[static_cast<std::size_t>(z)];
        if (w == 0) continue;
        const std::uint16_t piece = img_[static_cast<std::size_t>(k)][w];
        if (seen & piece) return false;
        seen |= piece;
      }
    }
    return true;
  }

 public:
  std::vector<int> order_;  // columns in the order of gamma's cycles

 private:
  int R_, C_, N_;
  std::uint16_t all_ = 0;
  std::vector<std::vector<std::uint16_t>> img_, back_;
  std::vector<std::uint16_t> subsets_;
  std::vector<std::vector<int>> pre_, post_;
};

// F_h(S) for the members of one family: the band counter for h, and for a trivial h the counts
// kept by the signature's class (one per thread).
class BandCounts {
 public:
  BandCounts(Shape s, const Perm& rhoC, const Perm& gammaC, const Perm& piC, bool trivial)
      : s_(s), trivial_(trivial), three_band_(!three_band_shape_error(s)), counter_(s.rows, s.n(), rhoC, gammaC, piC) {}

  u128 operator()(const CycleFamily::Sig& S) {
    const int N = s_.n();
    if (trivial_) {
      std::vector<DigitMask> cols(static_cast<std::size_t>(N));
      for (int c = 0; c < N; ++c) cols[static_cast<std::size_t>(c)] = S[static_cast<std::size_t>(c)];
      const SignatureKey key = signature_key(s_, cols);
      if (const auto it = known_.find(key); it != known_.end()) return it->second;
      // R x 3 bands (4x3, 3x3, 2x3): the three-band route's colouring count, much faster than
      // the matching decomposition on 12 digits (3x4 class 2346: the band counter's plain
      // memo took minutes for the classes three_band_fillings counts in seconds).
      const u128 v = three_band_ ? u128{three_band_fillings(s_, cols)} : counter_.count_rows(rows_of(S));
      known_.emplace(key, v);
      return v;
    }
    return counter_.count_rows(rows_of(S));
  }
  std::size_t states() const { return counter_.states(); }

 private:
  Rows rows_of(const CycleFamily::Sig& S) const { return signature_rows(S, s_.n()); }
  Shape s_;
  bool trivial_;
  bool three_band_;  // F(S) by three_band_fillings
  BandCounter<WideEdges> counter_;
  struct KeyHash {
    std::size_t operator()(SignatureKey k) const noexcept {
      return static_cast<std::size_t>((static_cast<std::uint64_t>(k >> 64) * 0x9E3779B97F4A7C15ull) ^ static_cast<std::uint64_t>(k));
    }
  };
  std::unordered_map<SignatureKey, u128, KeyHash> known_;
};

struct Prefix {
  CycleFamily::Sig S{};
  int depth = 0;
  u128 weight = 1;             // the members of the prefix's orbit under C(pi) per member below it
  std::vector<std::uint32_t> stab;  // the relabellings of C(pi) that fix the prefix (indices)
};

// A digit permutation as a map of digit sets, one table per four digits: sigma(v) is the union
// of four look-ups (64 entries, 128 bytes; a table over all 2^N sets would take 8 KB per
// element, 377 MB for the largest centraliser below).
struct SetMap {
  std::array<std::uint16_t, 64> t{};
  std::uint16_t operator()(std::uint16_t v) const {
    return static_cast<std::uint16_t>(t[v & 15u] | t[16 + (v >> 4 & 15u)] | t[32 + (v >> 8 & 15u)] | t[48 + (v >> 12)]);
  }
};

// The centraliser C(pi) as set maps: every sigma with sigma pi = pi sigma. Such a sigma maps
// each cycle of pi onto a cycle of the same length, keeping its cyclic order: sigma(c_i[j]) =
// c_k[(j + r) mod l]. So C(pi) is listed directly, cycle by cycle -- for each, the cycle of its
// length it goes to (one not yet taken) and the rotation r -- prod_l m_l! l^(m_l) elements, each
// once, with no closure and no hashing. Only asked for up to kMaxCentraliser elements (a type
// with more gets no orbit tree: 1^12's C(pi) is all of S_12). Callers use the maps as a set
// (orbits by their least member, stabilisers by index), never their order.
//
// Measured (AMD EPYC family 26 model 2, one thread, the fast test
// FixedGrids.BandCyclesAgreeWithLineOrbitsOnNineByNine, which asks for S_9 over and over):
// the closure of generators this replaced -- a breadth-first search over packed permutations, a
// heap-allocated permutation and a hash insertion per element -- was a third of the test's time
// (docs/symmetry.md, *The centraliser listed directly*).
constexpr std::uint64_t kMaxCentraliser = std::uint64_t{1} << 19;  // 9! = 362,880 fits (46 MB of maps)

// The identity alone (no orbit tree), for a centraliser too large to list.
std::vector<SetMap> identity_set_map(int N) {
  std::vector<SetMap> id(1);
  for (int q = 0; q < 4; ++q)
    for (std::uint32_t v = 0; v < 16; ++v) id[0].t[static_cast<std::size_t>(16 * q) + v] = static_cast<std::uint16_t>((v << (4 * q)) & ((1u << N) - 1));
  return id;
}

std::vector<SetMap> centraliser_set_maps(const Perm& pi) {
  const int N = static_cast<int>(pi.size());
  const auto cyc = cycles(pi);
  const std::size_t nc = cyc.size();
  const std::uint64_t order = centraliser_order(cycle_type(pi));
  std::vector<SetMap> maps;
  maps.reserve(static_cast<std::size_t>(order));
  std::array<int, 16> image{};  // sigma on the digits, built cycle by cycle
  std::uint32_t taken = 0;      // target cycles used so far (bit k)
  const auto rec = [&](auto&& self, std::size_t i) -> void {
    if (i == nc) {
      SetMap m;
      for (int q = 0; q < 4; ++q)
        for (std::uint32_t v = 1; v < 16; ++v) {
          // v's set is v's lowest digit's image joined to the rest's (computed before it).
          const int b = std::countr_zero(v), x = 4 * q + b;
          const std::uint16_t one = x < N ? static_cast<std::uint16_t>(1u << image[static_cast<std::size_t>(x)]) : 0;
          m.t[static_cast<std::size_t>(16 * q) + v] = static_cast<std::uint16_t>(m.t[static_cast<std::size_t>(16 * q) + (v & (v - 1))] | one);
        }
      maps.push_back(m);
      return;
    }
    const auto& from = cyc[i];
    const std::size_t l = from.size();
    for (std::size_t k = 0; k < nc; ++k) {
      if ((taken >> k & 1) || cyc[k].size() != l) continue;
      taken |= 1u << k;
      for (std::size_t r = 0; r < l; ++r) {
        for (std::size_t j = 0; j < l; ++j) image[static_cast<std::size_t>(from[j])] = cyc[k][(j + r) % l];
        self(self, i + 1);
      }
      taken &= ~(1u << k);
    }
  };
  rec(rec, 0);
  assert(maps.size() == order);
  return maps;
}

// The sum of F_h over the members below one prefix (a depth-first search).
u128 sum_below(const CycleFamily& fam, Prefix p, BandCounts& F, std::uint64_t& members) {
  std::vector<std::vector<std::uint16_t>> cand(static_cast<std::size_t>(fam.columns()) + 1);
  u128 total = 0;
  std::uint64_t steps = 0;
  const auto rec = [&](auto&& self, CycleFamily::Sig& S, int depth) -> void {
    if (depth == fam.columns()) {
      ++members;
      total = checked_add(total, F(S));
      return;
    }
    if ((++steps & 0xFFFF) == 0) throw_if_stop_requested("fixed grids by band cycles");
    auto& c = cand[static_cast<std::size_t>(depth)];
    fam.candidates(S, depth, c);
    const int x = fam.order_[static_cast<std::size_t>(depth)];
    for (std::size_t i = 0; i < c.size(); ++i) {
      S[static_cast<std::size_t>(x)] = c[i];
      self(self, S, depth + 1);
    }
    S[static_cast<std::size_t>(x)] = 0;
  };
  rec(rec, p.S, p.depth);
  return total;
}

// A stable id of a prefix (its sets), for the parts' buckets.
std::uint64_t prefix_id(const Prefix& p) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (std::uint16_t v : p.S) h = (h ^ v) * 0x100000001b3ull;
  return h;
}

// Bands with no symmetry of their own and gamma keeping every stack: the column condition ties a
// column only to the columns of its cycle of gamma, inside its stack, so the family is a product
// of one list per stack -- its allowed (ordered) partitions -- and F(S) does not change when a
// stack's columns or the stacks are reordered. So each stack's list becomes a weight on unordered
// partitions (how many allowed orders each has), stacks with the same weights are interchangeable
// (a multiset of partitions for them, times its arrangements), and C(pi) still acts on the first
// stack's choice (an orbit tree of one level). 3x4 class 3256 ("stacks (1 2 3)", the bands of the
// 4x3 view cycled and nothing else moved): 1,296^4 = 2.8e12 signatures, 216 partitions a stack,
// a few million multisets. Each item of the parallel loop is one orbit representative of the
// first stack and one partition of the second; parts "bcs1.<type>.<bucket>/64" (versioned like
// the search's, above).
struct StackChoices {
  std::vector<std::array<std::uint16_t, 4>> parts;  // unordered partitions (sets sorted), C <= 4
  std::vector<std::uint64_t> weight;               // allowed orders of each
  bool operator==(const StackChoices&) const = default;
};

// A stack's C sets in increasing order (an insertion sort: C <= 4).
void sort_sets(std::array<std::uint16_t, 4>& u, int C) {
  for (int i = 1; i < C && i < 4; ++i)
    for (int j = i; j > 0 && u[static_cast<std::size_t>(j - 1)] > u[static_cast<std::size_t>(j)]; --j)
      std::swap(u[static_cast<std::size_t>(j - 1)], u[static_cast<std::size_t>(j)]);
}

bool keeps_every_stack(const Perm& gamma, int C) {
  if (C > 4) return false;  // StackChoices holds up to four sets a stack
  for (std::size_t c = 0; c < gamma.size(); ++c)
    if (gamma[c] / C != static_cast<int>(c) / C) return false;
  return true;
}

u128 sum_by_stacks(Shape s, const CycleFamily& fam, const std::vector<SetMap>& sigma, const std::string& prefix,
                   const FixedParts* parts, KernelStats& st) {
  const int R = s.rows, C = s.cols, N = s.n();
  // Each stack's allowed partitions: the family's search over that stack's columns alone.
  std::vector<StackChoices> choice(static_cast<std::size_t>(R));
  for (int t = 0; t < R; ++t) {
    std::vector<int> cols;
    for (int x : fam.order_)
      if (x / C == t) cols.push_back(x);
    std::map<std::array<std::uint16_t, 4>, std::uint64_t> count;
    CycleFamily::Sig S{};
    std::vector<std::vector<std::uint16_t>> cand(cols.size());
    const auto rec = [&](auto&& self, std::size_t i) -> void {
      if (i == cols.size()) {
        std::array<std::uint16_t, 4> u{};
        for (int j = 0; j < C; ++j) u[static_cast<std::size_t>(j)] = S[static_cast<std::size_t>(t * C + j)];
        sort_sets(u, C);
        ++count[u];
        return;
      }
      fam.candidates_for(S, cols[i], cand[i]);
      for (std::uint16_t v : cand[i]) {
        S[static_cast<std::size_t>(cols[i])] = v;
        self(self, i + 1);
      }
      S[static_cast<std::size_t>(cols[i])] = 0;
    };
    rec(rec, 0);
    for (const auto& [u, w] : count) {
      choice[static_cast<std::size_t>(t)].parts.push_back(u);
      choice[static_cast<std::size_t>(t)].weight.push_back(w);
    }
    if (count.empty()) return 0;
  }
  // Stacks in groups of equal choices; the first stack of the first group carries the orbit tree.
  std::vector<int> group(static_cast<std::size_t>(R));
  for (int t = 0; t < R; ++t) {
    group[static_cast<std::size_t>(t)] = t;
    for (int u = 0; u < t; ++u)
      if (choice[static_cast<std::size_t>(u)] == choice[static_cast<std::size_t>(t)]) {
        group[static_cast<std::size_t>(t)] = group[static_cast<std::size_t>(u)];
        break;
      }
  }
  std::vector<int> order(static_cast<std::size_t>(R));  // stacks, group by group
  for (int t = 0; t < R; ++t) order[static_cast<std::size_t>(t)] = t;
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return group[static_cast<std::size_t>(a)] < group[static_cast<std::size_t>(b)]; });
  // Orbit representatives of the first stack's partitions under C(pi), weighted by orbit size.
  const StackChoices& first = choice[static_cast<std::size_t>(order[0])];
  std::map<std::array<std::uint16_t, 4>, std::size_t> index_of;
  for (std::size_t i = 0; i < first.parts.size(); ++i) index_of[first.parts[i]] = i;
  struct Item {
    std::size_t rep;     // index in the first stack's list
    std::uint64_t orbit;  // its orbit's size
  };
  std::vector<Item> reps;
  // Orbits in increasing order of their smallest member: each is listed whole from it once.
  std::vector<char> met(first.parts.size(), 0);
  for (std::size_t i = 0; i < first.parts.size(); ++i) {
    if (met[i]) continue;
    std::uint64_t orbit = 0;
    for (const SetMap& m : sigma) {
      std::array<std::uint16_t, 4> u{};
      for (int j = 0; j < C; ++j) u[static_cast<std::size_t>(j)] = m(first.parts[i][static_cast<std::size_t>(j)]);
      sort_sets(u, C);
      const std::size_t k = index_of.at(u);  // C(pi) keeps the stack's allowed partitions
      if (!met[k]) met[k] = 1, ++orbit;
    }
    reps.push_back({i, orbit});
  }
  // The rest: stacks order[1..R), a multiset inside each group (indices nondecreasing where the
  // previous stack is of the same group), times the arrangements of the multiset among the
  // group's stacks. Items: (representative, the second stack's partition).
  struct Work {
    std::size_t rep, second;
  };
  std::vector<Work> items;
  for (std::size_t r = 0; r < reps.size(); ++r) {
    if (R == 1) {
      items.push_back({r, 0});
      continue;
    }
    const auto& c1 = choice[static_cast<std::size_t>(order[1])];
    for (std::size_t j = 0; j < c1.parts.size(); ++j) items.push_back({r, j});
  }
  tbb::enumerable_thread_specific<BandCounts> counts([&] { return BandCounts(s, identity_perm(R), identity_perm(N), identity_perm(N), true); });
  tbb::enumerable_thread_specific<std::uint64_t> members(0);
  const auto share = [&](std::size_t k) -> u128 {
    BandCounts& F = counts.local();
    std::vector<std::size_t> pick(static_cast<std::size_t>(R));
    pick[0] = reps[items[k].rep].rep;
    if (R > 1) pick[1] = items[k].second;
    CycleFamily::Sig S{};
    const auto put = [&](int pos) {
      const int t = order[static_cast<std::size_t>(pos)];
      const auto& u = choice[static_cast<std::size_t>(t)].parts[pick[static_cast<std::size_t>(pos)]];
      for (int j = 0; j < C; ++j) S[static_cast<std::size_t>(t * C + j)] = u[static_cast<std::size_t>(j)];
    };
    // The multiset's arrangements: for each group, m! / prod mult!, built up stack by stack
    // (run: how many stacks so far repeat the same partition at the end of the group's run).
    const auto same_group = [&](int pos) { return group[static_cast<std::size_t>(order[static_cast<std::size_t>(pos)])] == group[static_cast<std::size_t>(order[static_cast<std::size_t>(pos - 1)])]; };
    u128 total = 0;
    const auto rec = [&](auto&& self, int pos, u128 w, std::uint64_t in_group, std::uint64_t run) -> void {
      if (pos == R) {
        ++members.local();
        total = checked_add(total, checked_mul(w, F(S)));
        return;
      }
      const int t = order[static_cast<std::size_t>(pos)];
      const auto& ch = choice[static_cast<std::size_t>(t)];
      const bool same = pos > 0 && same_group(pos);
      // Position 0 and 1 are given by the item; the first stack is not part of a multiset (it
      // carries the orbit tree), so its group's multiset starts at position 1.
      const std::size_t lo = same && pos > 1 ? pick[static_cast<std::size_t>(pos - 1)] : 0;
      const std::size_t from = pos < 2 ? pick[static_cast<std::size_t>(pos)] : lo;
      const std::size_t to = pos < 2 ? pick[static_cast<std::size_t>(pos)] + 1 : ch.parts.size();
      for (std::size_t i = from; i < to; ++i) {
        pick[static_cast<std::size_t>(pos)] = i;
        put(pos);
        // Arrangements among the group's stacks after the first: in_group-th of the group (1-based
        // among the multiset's), run-th repeat of this partition: the factor in_group / run.
        const std::uint64_t g_in = same && pos > 1 ? in_group + 1 : 1;
        const std::uint64_t g_run = same && pos > 1 && pick[static_cast<std::size_t>(pos - 1)] == i ? run + 1 : 1;
        u128 w2 = checked_mul(w, u128{ch.weight[i]});
        w2 = checked_mul(w2, u128{g_in});
        if (w2 % g_run != 0) throw CheckError("fixed grids by band cycles: a multiset's arrangements are not whole");
        self(self, pos + 1, w2 / g_run, g_in, g_run);
      }
    };
    if ((k & 255) == 0) throw_if_stop_requested("fixed grids by band cycles");
    rec(rec, 0, u128{reps[items[k].rep].orbit}, 0, 0);
    return total;
  };
  const u128 fix = sum_in_parts(
      items.size(),
      [&](std::size_t k) {
        return (static_cast<std::uint64_t>(reps[items[k].rep].rep) << 32 | items[k].second) * 0x9E3779B97F4A7C15ull + 1;
      },
      prefix, parts, share);
  for (std::uint64_t m : members) st.searched += m;
  for (const BandCounts& c : counts) st.states += c.states();
  return fix;
}

}  // namespace

bool band_cycles_apply_directly(Shape s, const GeometricSymmetry& g) {
  if (g.transpose || s.cols < 2 || s.n() > 15) return false;
  const Perm b = band_permutation(s, g);
  return cycle_type(b) == CycleType{s.cols};
}

// Where the kernel is quick: the bands keep a symmetry of their own (g^C is not the identity on
// band 0's cells), which pins the family down -- on 3x4 the 66 such classes of the 141 left to
// the symmetry job take 0.01 - 25 s each -- or they keep none and the three-band catalogue takes
// the shape, so the sum goes over its classes (fixed_band_classes.cpp: the five such 3x4 classes
// in 2 - 215 s). Without the catalogue, bands of no symmetry are not quick on 12 digits: 3x4 class
// 2346 (gamma a 3-cycle in every stack of the 4x3 view) ran over ten minutes of signature keys in
// sum_by_stacks with no end in sight (docs/symmetry.md, *The band-cycle kernel*), and with gamma
// moving stacks the general search meets ~1e9 members; Auto leaves those to line orbits.
bool bands_keep_no_symmetry(Shape s, const GeometricSymmetry& g) {
  const int R = s.rows, C = s.cols;
  const Perm rowsC = power(g.rows, C);
  bool still = is_identity(power(g.cols, C));
  for (int i = 0; i < R; ++i) still = still && rowsC[static_cast<std::size_t>(i)] == i;
  return still;
}

bool band_cycles_quick(Shape s, const GeometricSymmetry& g) {
  if (!band_cycles_apply_directly(s, g)) return false;
  return !bands_keep_no_symmetry(s, g) || band_classes_apply(s, g);
}

u128 count_by_band_cycles(Shape s, const GeometricSymmetry& g, const std::vector<CycleType>& types, KernelStats& st,
                          const FixedParts* parts) {
  if (!band_cycles_apply_directly(s, g))
    throw std::invalid_argument("fixed grids: the band-cycle method needs an untransposed element whose rows cycle every band");
  const int R = s.rows, C = s.cols, N = s.n();
  // h = g^C on band 0: rho^C on its R rows (band 0 maps to itself), gamma^C.
  const Perm rowsC = power(g.rows, C);
  Perm rhoC(static_cast<std::size_t>(R));
  for (int i = 0; i < R; ++i) rhoC[static_cast<std::size_t>(i)] = rowsC[static_cast<std::size_t>(i)];
  const Perm gammaC = power(g.cols, C);
  const bool still = is_identity(rhoC) && is_identity(gammaC);
  u128 f = 0;
  for (const CycleType& t : types) {
    ++st.relabellings;
    const Perm pi = perm_of_type(t);
    const Perm piC = power(pi, C);
    if (still && !is_identity(piC)) continue;  // no band is its own relabelling by pi^C != 1
    const CycleFamily fam(s, g.cols, pi);
    const std::vector<SetMap> sigma = centraliser_order(t) <= kMaxCentraliser ? centraliser_set_maps(pi) : identity_set_map(N);
    const u128 z = centraliser_order(t);
    if (still && keeps_every_stack(g.cols, C)) {
      const u128 fix = sum_by_stacks(s, fam, sigma, "bcs1." + type_string(t) + ".", parts, st);
      if (fix % z != 0)
        throw CheckError("fixed grids by band cycles: Fix(g, pi) for pi of type " + type_string(t) +
                         " is not a multiple of its centraliser order");
      f = checked_add(f, fix / z);
      continue;
    }
    // The first levels, serially, until there are enough prefixes to share out -- up to the
    // relabellings commuting with pi: they map the family onto itself and keep F_h (they commute
    // with h's pi^C), so of the sets a column may take given a prefix, one per orbit of the
    // prefix's stabiliser in C(pi) is kept, weighted by the orbit's size (an orbit tree).
    std::vector<Prefix> level(1);
    level[0].stab.resize(sigma.size());
    for (std::uint32_t i = 0; i < sigma.size(); ++i) level[0].stab[i] = i;
    std::vector<std::uint16_t> cand;
    while (level.size() < 4096 && level.front().depth < N) {
      std::vector<Prefix> next;
      for (const Prefix& p : level) {
        fam.candidates(p.S, p.depth, cand);
        for (std::uint16_t v : cand) {
          std::uint16_t least = v;
          std::vector<std::uint16_t> images;
          images.reserve(p.stab.size());
          for (std::uint32_t i : p.stab) {
            const std::uint16_t w = sigma[i](v);
            least = std::min(least, w);
            images.push_back(w);
          }
          if (least != v) continue;  // not its orbit's representative
          Prefix q;
          q.S = p.S;
          q.S[static_cast<std::size_t>(fam.order_[static_cast<std::size_t>(p.depth)])] = v;
          q.depth = p.depth + 1;
          for (std::size_t k = 0; k < p.stab.size(); ++k)
            if (images[k] == v) q.stab.push_back(p.stab[k]);
          // Orbit size |stab| / |stab of v|: exact, the stabiliser of v being a subgroup.
          q.weight = checked_mul(p.weight, u128{p.stab.size() / q.stab.size()});
          next.push_back(std::move(q));
        }
      }
      level = std::move(next);
      if (level.empty()) break;
    }
    for (Prefix& p : level) std::vector<std::uint32_t>().swap(p.stab);
    tbb::enumerable_thread_specific<BandCounts> counts([&] { return BandCounts(s, rhoC, gammaC, piC, still); });
    tbb::enumerable_thread_specific<std::uint64_t> members(0);
    const u128 fix = sum_in_parts(
        level.size(), [&](std::size_t k) { return prefix_id(level[k]); }, "bc1." + type_string(t) + ".", parts,
        [&](std::size_t k) { return checked_mul(level[k].weight, sum_below(fam, level[k], counts.local(), members.local())); });
    for (std::uint64_t m : members) st.searched += m;
    for (const BandCounts& c : counts) st.states += c.states();
    if (fix % z != 0)
      throw CheckError("fixed grids by band cycles: Fix(g, pi) for pi of type " + type_string(t) +
                       " is not a multiple of its centraliser order");
    f = checked_add(f, fix / z);
  }
  return f;
}

}  // namespace gridenum::detail
