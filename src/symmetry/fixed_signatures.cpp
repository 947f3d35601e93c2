// f(g) by band signatures, for shapes with two bands (fixed_grids.hpp, step 3).
//
// Why. On 10x10 (the 5x2 view of 2x5) what the line-orbit search keeps in its memo (the digits
// of every line and box so far) hardly repeats: classes that swap the bands ran for hours that
// way, and one that keeps them passed 4.4 GB of memo in 4 minutes. Counting by bands instead,
// every untransposed 10x10 class takes seconds (measured below):
//
// The shape. Boxes of R rows and 2 columns, N = 2R digits; band 0 = rows 0..R-1 (T), band 1 =
// rows R..2R-1 (U); stack j = columns 2j, 2j+1. A band's signature S gives the digit set of each
// of its columns; inside a stack the two sets are complementary (a box holds every digit once),
// so S is fixed by the left sets L_j = S(2j). Two bands make a grid exactly when every column's
// two sets are complementary: S_U = S_T^c.
//
// Bands as matchings. A band with signature S is a sequence of R rows; row i is a perfect
// matching between the digits and the columns inside the bipartite graph G(S) (edge (d, c) when
// d is in S(c)), and the R matchings partition G(S)'s edges (each digit sits once in each column's
// set; the boxes then hold every digit). So bands with signature S are ordered decompositions of
// G(S) into perfect matchings (docs/design.md section 8's view of two-band counts).
//
// The element. g = (row part, column part h), pi the relabelling, X(g(cell)) = pi(X(cell)).
//   g keeps the bands: rows i -> a0(i) in band 0 and a1(i) in band 1. Then T(a0 i, h c) =
//     pi T(i, c), U likewise with a1, so S(h c) = pi S(c), and
//     Fix(g, pi) = sum over such S of A(S; a0, h, pi) * A(S^c; a1, h, pi);
//   g swaps them: band-0 row i -> band-1 row a0(i), band-1 row i -> band-0 row a1(i). Then
//     U = pi T moved by (a0, h), T is fixed by (a1 a0, h^2, pi^2), and the column condition
//     becomes S(h c) = (pi S(c))^c:
//     Fix(g, pi) = sum over such S of A(S; a1 a0, h^2, pi^2),
// where A(S; rho, tau, sigma) counts bands with signature S such that row rho(i) is row i
// with columns moved by tau and digits by sigma: M_{rho(i)} = phi(M_i), phi(d, c) =
// (sigma d, tau c). Then f(g) = sum over the allowed cycle types of pi of Fix(g, pi) / z_type
// (Fix counts all grids; relabellings commuting with pi act freely on them, so the division is
// exact, and it is checked).
//
// Counting A: matchings removed one orbit at a time, memoised. Rows in a cycle of rho of length
// l carry M, phi M, .., phi^(l-1) M with phi^l M = M. Take the lowest remaining edge e0: it lies
// in exactly one of the rows still to fill, so sum over the cycle lengths l still to place and
// the phi^l-invariant perfect matchings M through e0 whose orbit M .. phi^(l-1) M is disjoint
// and inside the graph; remove the orbit and recurse. That counts each way to cover the graph
// by orbits once; ordered bands are m_l! l^(m_l) times as many (which cycle of rho, and which
// rotation). The memo key is the remaining edge set (a row of column bits per digit) and the
// lengths left (BandCounter draws the layout).
//
// Summing over signatures: those allowed form a product over the stack cycles of h (choose the
// left set of one stack per cycle; the others follow, and the first must come back to itself).
// Column moves commuting with h and relabellings commuting with pi map allowed signatures to
// allowed ones with the same A (they commute with every phi above), so the signatures are
// split into orbits of that group (breadth first from each unvisited one, with a generating set)
// and A is counted once per orbit. The walk is serial and touches every allowed signature, so it
// is kept for families of up to 2^32 members; 10x10 walks up to 8M members (a few seconds) now
// that the families of trivial band symmetry -- 160M and 8.8e9 members, the walk took 320 s on
// the first and could not hold the second -- go by histograms (fix_trivial_band_symmetry below).
//
// Measured (2x5, 2 threads, load 4-6): the 1,260 classes, 85 past the relabelling filter, in
// 29 s of which the heaviest classes take 9 s each (the band-keeping class "bands (1 2); stack 1:
// columns (1 2); stack 2: columns (1 2)", 414 signature orbits and f = 0 -- the placement
// condition of fixed_grids.cpp now rules it out before any kernel runs -- and the histogram sum
// of "every band's rows swapped; stacks swapped", 1.78M histograms).
#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <cstring>
#include <deque>
#include <functional>
#include <future>
#include <mutex>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <type_traits>
#include <unordered_map>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "band_counter.hpp"
#include "band_memo.hpp"
#include "fixed_kernels.hpp"
#include "gridenum/core/digest.hpp"
#include "gridenum/core/huge_array.hpp"
#include "gridenum/core/phase.hpp"
#include "gridenum/core/stop.hpp"
#include "gridenum/core/combinatorics.hpp"
#include "gridenum/core/errors.hpp"

namespace gridenum::detail {
namespace {

// Edge sets, their rows and the band counter: band_counter.hpp.

// Image of a digit set under a digit permutation.
std::uint32_t map_set(const Perm& p, std::uint32_t set) {
  std::uint32_t r = 0;
  for (; set; set &= set - 1) r |= 1u << p[static_cast<std::size_t>(std::countr_zero(set))];
  return r;
}

// The allowed signatures: a product over the stack cycles of h of the allowed left sets of the
// cycle's first stack. `swap` selects the band-swapping condition S(h c) = (pi S(c))^c.
//
// Cycles with the same length and the same complement pattern are interchangeable (swapping
// two of them stack by stack commutes with h), so a member is stored with the choices of such
// a group sorted -- a multiset, ranked in the combinatorial number system -- and stands for
// all its arrangements (`expand` returns how many). 10x10, the class that only swaps the bands: 32^5 =
// 33.5M allowed signatures become C(36, 5) = 377k multisets (the orbit walk was 10 s).
struct Family {
  int R = 0, N = 0;
  std::uint32_t all = 0;
  std::vector<std::vector<int>> cyc;              // stacks of each cycle, from its first
  std::vector<std::vector<char>> comp;            // L_{next} = comp ? (pi L)^c : pi L
  std::vector<std::vector<std::uint32_t>> choice;  // allowed left sets of each cycle's first stack
  std::vector<std::vector<std::int32_t>> index;   // left set -> position in choice, or -1
  std::vector<std::vector<std::size_t>> groups;   // interchangeable cycles
  std::vector<std::uint64_t> group_size;          // multisets of each group
  std::uint64_t size = 1;                          // members (multisets), not signatures
  std::vector<std::uint32_t> pi_set;              // digit set -> its image under pi
  std::vector<std::vector<std::uint64_t>> binom;  // binom[n][k]
  std::vector<std::vector<std::uint64_t>> by_k;   // by_k[k][n] = binom[n][k]: one k's column, for unrank_step

  // One step of the multiset unranking below: the least b >= t with binom[b + 1][t + 1] > r. A
  // binary search over the column of k = t + 1, which increases from n = t + 1 on. It was a linear
  // scan from b = t, up to 924 steps per cycle at 12 digits: two thirds of a 2x6 walk's time
  // (perf annotate of the 2x6 symmetry job's walks, 2026-11-30); docs/symmetry.md.
  std::size_t unrank_step(std::uint64_t r, std::size_t t) const {
    const auto& col = by_k[t + 1];
    return static_cast<std::size_t>(std::upper_bound(col.begin() + static_cast<std::ptrdiff_t>(t + 1), col.end(), r) - col.begin()) - 1;
  }

  Family(int R_, const Perm& h, const Perm& pi, bool swap) : R(R_), N(2 * R_), all((1u << (2 * R_)) - 1) {
    pi_set.resize(std::size_t{all} + 1);
    for (std::uint32_t x = 0; x <= all; ++x) pi_set[x] = map_set(pi, x);
    binom.assign(1024, std::vector<std::uint64_t>(8, 0));  // C(12, 6) = 924 left sets, up to 6 cycles
    for (std::size_t n = 0; n < binom.size(); ++n) {
      binom[n][0] = 1;
      for (std::size_t k = 1; k < 8 && k <= n; ++k) binom[n][k] = binom[n - 1][k - 1] + (k < n ? binom[n - 1][k] : 0);
    }
    by_k.assign(8, std::vector<std::uint64_t>(binom.size()));
    for (std::size_t n = 0; n < binom.size(); ++n)
      for (std::size_t k = 0; k < 8; ++k) by_k[k][n] = binom[n][k];
    Perm stack(static_cast<std::size_t>(R));
    for (int j = 0; j < R; ++j) stack[static_cast<std::size_t>(j)] = h[static_cast<std::size_t>(2 * j)] / 2;
    for (const auto& c : cycles(stack)) {
      std::vector<char> cp;
      bool odd = false;
      for (int j : c) {
        const bool k = (h[static_cast<std::size_t>(2 * j)] & 1) != swap;  // swap bit xor band swap
        cp.push_back(k);
        odd ^= k;
      }
      std::vector<std::uint32_t> ch;
      std::vector<std::int32_t> ix(static_cast<std::size_t>(all) + 1, -1);
      const Perm pil = power(pi, static_cast<int>(c.size()));
      for (std::uint32_t x = 0; x <= all; ++x) {
        if (std::popcount(x) != R) continue;
        std::uint32_t y = map_set(pil, x);
        if (odd) y = all & ~y;
        if (y != x) continue;
        ix[x] = static_cast<std::int32_t>(ch.size());
        ch.push_back(x);
      }
      std::size_t g = 0;
      while (g < groups.size() && comp[groups[g][0]] != cp) ++g;
      if (g == groups.size()) groups.emplace_back();
      groups[g].push_back(cyc.size());
      cyc.push_back(c);
      comp.push_back(std::move(cp));
      choice.push_back(std::move(ch));
      index.push_back(std::move(ix));
    }
    for (const auto& grp : groups) {
      const std::size_t n = choice[grp[0]].size(), m = grp.size();
      group_size.push_back(n == 0 ? 0 : binom[n + m - 1][m]);
      size *= group_size.back();
    }
  }

  // Left sets of all stacks for member i (the group's choices in increasing order), and the
  // number of signatures member i stands for: per group m! / prod over its distinct choices of
  // (multiplicity)!, built as the unranking goes (after j choices the running value is the
  // multinomial of those j, so each step's division is exact). One unranking for both: the walk
  // needs both of every member, and they were two unrankings before (docs/symmetry.md).
  std::uint64_t expand(std::uint64_t i, std::uint32_t* L) const {
    std::uint64_t arrangements = 1;
    for (std::size_t g = 0; g < groups.size(); ++g) {
      std::uint64_t r = i % group_size[g];
      i /= group_size[g];
      const std::size_t m = groups[g].size();
      std::uint64_t num = 1, run = 0;
      std::size_t prev = SIZE_MAX;
      for (std::size_t t = m; t-- > 0;) {  // unrank: b_t = c_t + t, r = sum binom(b_t, t + 1)
        const std::size_t b = unrank_step(r, t);
        r -= binom[b][t + 1];
        const std::size_t c = b - t;  // choices come largest first: equal ones are adjacent
        run = c == prev ? run + 1 : 1;
        prev = c;
        num = num * (m - t) / run;
        const std::size_t k = groups[g][t];
        std::uint32_t x = choice[k][c];
        for (std::size_t s = 0; s < cyc[k].size(); ++s) {
          L[cyc[k][s]] = x;
          x = pi_set[x];
          if (comp[k][s]) x = all & ~x;
        }
      }
      arrangements *= num;
    }
    return arrangements;
  }
  // Member with these left sets (which must be allowed).
  std::uint64_t member(const std::uint32_t* L) const {
    std::uint64_t i = 0, scale = 1;
    for (std::size_t g = 0; g < groups.size(); ++g) {
      std::array<std::uint32_t, 16> c{};
      const std::size_t m = groups[g].size();
      for (std::size_t t = 0; t < m; ++t) {
        const std::size_t k = groups[g][t];
        const std::int32_t p = index[k][L[cyc[k][0]]];
        if (p < 0) throw std::logic_error("signatures: a symmetry left the allowed signatures");
        c[t] = static_cast<std::uint32_t>(p);
      }
      std::sort(c.begin(), c.begin() + static_cast<std::ptrdiff_t>(m));
      std::uint64_t r = 0;
      for (std::size_t t = 0; t < m; ++t) r += binom[c[t] + t][t + 1];
      i += r * scale;
      scale *= group_size[g];
    }
    return i;
  }
};

// A symmetry (v, s) acting on signatures: S'(v c) = s(S(c)). The hot loop of the orbit
// enumeration (every allowed signature times every generator: 33.5M x 7 for the 10x10 class
// that only swaps the bands), so the digit map is a table over all digit sets.
struct SigMove {
  Perm cols;
  std::vector<std::uint32_t> digit_set;  // digit set -> image under s
  SigMove(const Perm& v, const Perm& s) : cols(v), digit_set(std::size_t{1} << s.size()) {
    for (std::uint32_t x = 0; x < digit_set.size(); ++x) digit_set[x] = map_set(s, x);
  }
};

void apply(const SigMove& m, int R, std::uint32_t all, const std::uint32_t* L, std::uint32_t* out) {
  for (int j = 0; j < R; ++j) {
    const int c = m.cols[static_cast<std::size_t>(2 * j)];
    const std::uint32_t x = m.digit_set[L[j]];
    out[c / 2] = (c & 1) ? all & ~x : x;
  }
}

// Generators of the relabellings commuting with pi (Z_l wr S_m for m cycles of length l): for
// each length, the rotation of its first cycle, the swap of its first two cycles and the shift
// of all of them by one cycle, point by point.
std::vector<Perm> centraliser_generators(const Perm& pi) {
  std::vector<Perm> gens;
  const int n = static_cast<int>(pi.size());
  std::map<std::size_t, std::vector<std::vector<int>>> by_len;
  for (auto& c : cycles(pi)) by_len[c.size()].push_back(c);
  for (const auto& [len, cyc] : by_len) {
    if (len > 1) {
      Perm p = identity_perm(n);
      for (std::size_t i = 0; i < len; ++i) p[static_cast<std::size_t>(cyc[0][i])] = cyc[0][(i + 1) % len];
      gens.push_back(p);
    }
    if (cyc.size() >= 2) {
      Perm p = identity_perm(n);
      for (std::size_t i = 0; i < len; ++i) {
        p[static_cast<std::size_t>(cyc[0][i])] = cyc[1][i];
        p[static_cast<std::size_t>(cyc[1][i])] = cyc[0][i];
      }
      gens.push_back(p);
    }
    if (cyc.size() >= 3) {
      Perm p = identity_perm(n);
      for (std::size_t k = 0; k < cyc.size(); ++k)
        for (std::size_t i = 0; i < len; ++i) p[static_cast<std::size_t>(cyc[k][i])] = cyc[(k + 1) % cyc.size()][i];
      gens.push_back(p);
    }
  }
  return gens;
}

template <class Edges>
Edges graph(int N, const std::uint32_t* L, bool complement) {
  Edges g{};
  const std::uint32_t all = (1u << N) - 1;
  for (int j = 0; j < N / 2; ++j) {
    const std::uint32_t left = complement ? all & ~L[j] : L[j];
    for (int d = 0; d < N; ++d) {
      const int c = (left >> d & 1) ? 2 * j : 2 * j + 1;
      g |= edge_bit<Edges>(d * N + c);
    }
  }
  return g;
}

// ---------------------------------------------------------------------------------------------
// Band-swapping elements whose band symmetry is trivial (rho = a1 a0 = id, tau = h^2 = id).
//
// Why. Then A(S; id, id, pi^2) counts bands T with T = pi^2 T: none unless pi^2 = id, and for an
// involution pi every band with signature S, F(S). The conditions on S are weak (10x10, the class
// that swaps the bands and the columns of every box: every signature, 252^5 = 1.0e12 of them when
// pi = id), so the signature families and their orbit walk above run out (a family of 160M
// multisets took 320 s to walk, the next one passed 2^32). Instead:
//
//   Fix(g, pi) = sum over allowed S of F(S),
//
// summed over the orbits of the relabellings commuting with pi, C(pi) = (Z_2 wr S_j) x S_f for j
// 2-cycles and f fixed points. A choice S is given by the left sets of the first stack of each
// stack cycle of h (k free sets; the other stacks follow, as in Family); digit d then has a k-bit
// type v_d (bit i: d in the i-th free set). Up to C(pi), S is the multiset of the fixed points'
// types and the multiset of the 2-cycles' unordered type pairs {v_d, v_(pi d)}; the choices with
// that histogram number
//
//   f! / prod m_v!  x  j! / prod m_p!  x  2^(2-cycles whose two types differ),
//
// and each stack cycle of length l and parity c (the XOR of its complement steps) asks
// pi^l L = L (c even) or pi^l L = complement of L (c odd), with pi^l = id or pi: "free",
// "impossible", "pi-invariant" (v_d[i] = v_(pi d)[i]) or "pi-complementary" (v_d[i] !=
// v_(pi d)[i], so no fixed points). Every free set has R digits: column sums R. 10x10, pi = id,
// five free sets: 589,392 histograms (the two-stack class generator's count, side2.hpp); F of
// each from PlainBandCounts (one class lookup) or from a BandCounter with no symmetry. When the
// plain counts come with their class table (PlainBandCounts::classes: Burnside's 10x10 run, and
// 12x12, where pi = id alone has 2,284,361,552 histograms), the sum is taken over the classes
// instead (fixed_signature_classes.cpp).

template <class Edges>
u128 fix_trivial_band_symmetry(int R, const Perm& h, const Perm& pi, const PlainBandCounts* plain, BandCounter<Edges>* own,
                               std::uint64_t& histograms) {
  const int N = 2 * R;
  const std::uint32_t all = (1u << N) - 1;
  if (!is_identity(compose(pi, pi))) return 0;  // T = pi^2 T has no solution
  // Stack cycles of h, from their first stack, with the complement steps (as in Family, swap).
  Perm stack(static_cast<std::size_t>(R));
  for (int j = 0; j < R; ++j) stack[static_cast<std::size_t>(j)] = h[static_cast<std::size_t>(2 * j)] / 2;
  if (plain && plain->classes()) {  // one term per class of signatures, not per histogram
    std::vector<char> flip(static_cast<std::size_t>(R));
    for (int j = 0; j < R; ++j) flip[static_cast<std::size_t>(j)] = (h[static_cast<std::size_t>(2 * j)] & 1) == 0;
    histograms += plain->classes()->size();
    return sum_over_fixed_signatures(R, *plain->classes(), stack, flip, pi);
  }
  const auto scyc = cycles(stack);
  std::vector<std::vector<char>> comp;
  enum Kind { Free, Invariant, Complementary };
  std::vector<Kind> kind;
  for (const auto& c : scyc) {
    std::vector<char> cp;
    bool odd = false;
    for (int j : c) {
      const bool k = (h[static_cast<std::size_t>(2 * j)] & 1) == 0;  // swap: complement unless left -> right
      cp.push_back(k);
      odd ^= k;
    }
    const bool pil_is_id = c.size() % 2 == 0;  // pi^l, pi an involution
    if (pil_is_id && odd) return 0;            // L = complement of L
    kind.push_back(pil_is_id ? Free : odd ? Complementary : Invariant);
    comp.push_back(std::move(cp));
  }
  const int k = static_cast<int>(scyc.size());
  std::vector<int> fixed_points;
  std::vector<std::pair<int, int>> two_cycles;
  for (const auto& c : cycles(pi)) {
    if (c.size() == 1) fixed_points.push_back(c[0]);
    else two_cycles.emplace_back(c[0], c[1]);
  }
  const int f = static_cast<int>(fixed_points.size()), j2 = static_cast<int>(two_cycles.size());
  for (Kind x : kind)
    if (x == Complementary && f > 0) return 0;

  // Item kinds: fixed-point types (any k-bit type), then 2-cycle pairs a <= b meeting the kinds.
  const int types = 1 << k;
  std::vector<std::pair<int, int>> pairs;
  for (int a = 0; a < types; ++a)
    for (int b = a; b < types; ++b) {
      bool ok = true;
      for (int i = 0; i < k && ok; ++i) {
        const bool same = ((a ^ b) >> i & 1) == 0;
        ok = kind[static_cast<std::size_t>(i)] == Free || (kind[static_cast<std::size_t>(i)] == Invariant) == same;
      }
      if (ok) pairs.emplace_back(a, b);
    }
  std::vector<std::uint64_t> fact(static_cast<std::size_t>(N + 1), 1);
  for (int i = 1; i <= N; ++i) fact[static_cast<std::size_t>(i)] = fact[static_cast<std::size_t>(i - 1)] * static_cast<std::uint64_t>(i);

  // Depth-first over the 2-cycles' pairs (non-decreasing pair index), then the fixed points'
  // types (non-decreasing type), column sums kept <= R and still reachable.
  std::vector<int> sums(static_cast<std::size_t>(k), 0);
  std::vector<int> vtype(static_cast<std::size_t>(N), 0);  // digit -> its type
  u128 fix = 0;
  auto add = [&](int t, int sign) {
    for (int i = 0; i < k; ++i) sums[static_cast<std::size_t>(i)] += sign * (t >> i & 1);
  };
  auto feasible = [&](int pairs_left, int points_left) {
    for (int x : sums)
      if (x > R || x + 2 * pairs_left + points_left < R) return false;
    return true;
  };
  std::uint64_t weight_den = 1;  // prod m! over pairs and types, built as the search goes
  int differing = 0;
  std::uint32_t L[16], full[16];
  std::uint64_t leaves = 0;
  auto leaf = [&] {
    if ((++leaves & 0xfff) == 0) throw_if_stop_requested("fixed grids by signatures");  // 1.78M histograms: seconds
    for (int i = 0; i < k; ++i) {
      L[i] = 0;
      for (int d = 0; d < N; ++d) L[i] |= static_cast<std::uint32_t>(vtype[static_cast<std::size_t>(d)] >> i & 1) << d;
    }
    for (int c = 0; c < k; ++c) {  // expand: the other stacks of each cycle follow
      std::uint32_t x = L[c];
      for (std::size_t st = 0; st < scyc[static_cast<std::size_t>(c)].size(); ++st) {
        full[scyc[static_cast<std::size_t>(c)][st]] = x;
        x = map_set(pi, x);
        if (comp[static_cast<std::size_t>(c)][st]) x = all & ~x;
      }
      // The kinds make every cycle close up; a miss would count a signature that is not one.
      if (x != L[c]) throw std::logic_error("signatures: a stack cycle does not close up");
    }
    const u128 F = plain ? plain->fillings(full) : own->count(graph<Edges>(N, full, false));
    const std::uint64_t num = fact[static_cast<std::size_t>(f)] * fact[static_cast<std::size_t>(j2)];
    assert(num % weight_den == 0);
    const u128 w = static_cast<u128>(num / weight_den) << differing;
    fix = checked_add(fix, checked_mul(w, F));
    ++histograms;
  };
  std::function<void(int, int, int, int)> points = [&](int idx, int from, int run_type, int run) {
    if (idx == f) {
      if (feasible(0, 0)) leaf();
      return;
    }
    for (int t = from; t < types; ++t) {
      const int r = t == run_type ? run + 1 : 1;
      add(t, +1);
      weight_den *= static_cast<std::uint64_t>(r);
      vtype[static_cast<std::size_t>(fixed_points[static_cast<std::size_t>(idx)])] = t;
      if (feasible(0, f - idx - 1)) points(idx + 1, t, t, r);
      weight_den /= static_cast<std::uint64_t>(r);
      add(t, -1);
    }
  };
  std::function<void(int, int, int)> cyc2 = [&](int idx, int from, int run) {
    if (idx == j2) {
      points(0, 0, -1, 0);
      return;
    }
    for (int p = from; p < static_cast<int>(pairs.size()); ++p) {
      const auto [a, b] = pairs[static_cast<std::size_t>(p)];
      const int r = p == from && idx > 0 ? run + 1 : 1;
      add(a, +1), add(b, +1);
      weight_den *= static_cast<std::uint64_t>(r);
      differing += a != b;
      vtype[static_cast<std::size_t>(two_cycles[static_cast<std::size_t>(idx)].first)] = a;
      vtype[static_cast<std::size_t>(two_cycles[static_cast<std::size_t>(idx)].second)] = b;
      if (feasible(j2 - idx - 1, f)) cyc2(idx + 1, p, r);
      differing -= a != b;
      weight_den /= static_cast<std::uint64_t>(r);
      add(a, -1), add(b, -1);
    }
  };
  cyc2(0, 0, 0);
  return fix;
}

}  // namespace

bool trivial_band_symmetry(Shape s, const GeometricSymmetry& g) {
  const int R = s.rows;
  if (g.rows[0] < R) return false;  // keeps the bands
  Perm a0(static_cast<std::size_t>(R)), a1(static_cast<std::size_t>(R));
  for (int i = 0; i < R; ++i) {
    a0[static_cast<std::size_t>(i)] = g.rows[static_cast<std::size_t>(i)] % R;
    a1[static_cast<std::size_t>(i)] = g.rows[static_cast<std::size_t>(R + i)] % R;
  }
  return is_identity(compose(a1, a0)) && is_identity(compose(g.cols, g.cols));
}

std::uint64_t signature_family_members(Shape s, const GeometricSymmetry& g, const std::vector<CycleType>& types) {
  // Histogram sums walk no signature orbits; their cost is not estimated here, and on 10x10 they
  // are among the heaviest classes (seconds, serial), so they count as the most work.
  if (trivial_band_symmetry(s, g)) return UINT64_MAX;
  const bool swap = g.rows[0] >= s.rows;
  std::uint64_t members = 0;
  for (const CycleType& type : types) {
    const Family fam(s.rows, g.cols, perm_of_type(type), swap);
    members = fam.size > UINT64_MAX - members ? UINT64_MAX : members + fam.size;
  }
  return members;
}

// Orbits of a family's allowed signatures under the moves (column moves commuting with h,
// relabellings commuting with pi): breadth first from each unvisited member, over a bit per member.
// Serial; each orbit as (its first member, its members, the signatures they stand for:
// SignatureOrbit, fixed_grids.hpp). A walk of 2^20 members or more is a phase of its own (members
// visited of fam.size): on 12x12 it is most of a heavy class's time, and the phase is what shows
// how far it is.
SignatureWalk walk_orbits(const Family& fam, const std::vector<SigMove>& moves, int R) {
  // On 2 MiB pages (core/huge_array.hpp): the bitset of a 9.2e8-member family is 115 MB, tested
  // at random.
  const std::size_t words = static_cast<std::size_t>((fam.size + 63) / 64);
  HugeArray<std::uint64_t> visited = make_huge_array<std::uint64_t>(words);
  std::fill(visited.get(), visited.get() + words, std::uint64_t{0});
  std::optional<Phase> phase;
  if (fam.size >= (std::uint64_t{1} << 20))
    phase.emplace(fmt::format("signature orbits of {} members", group_digits(fam.size)), fam.size, "members");
  std::uint64_t seen = 0;
  auto test_set = [&](std::uint64_t i) {
    const std::uint64_t b = std::uint64_t{1} << (i & 63);
    if (visited[i >> 6] & b) return false;
    visited[i >> 6] |= b;
    if ((++seen & 0xffff) == 0 && phase) phase->step(0x10000);
    return true;
  };
  SignatureWalk walk;
  walk.members = fam.size;
  std::vector<std::uint64_t> queue, images(moves.size());
  std::uint32_t L[16], M[16];
  for (std::uint64_t i = 0; i < fam.size; ++i) {
    if ((i & 0xfff) == 0) throw_if_stop_requested("fixed grids by signatures");  // the walk: seconds
    if (!test_set(i)) continue;
    queue.assign(1, i);
    std::uint64_t signatures = 0;
    for (std::size_t q = 0; q < queue.size(); ++q) {
      if ((q & 0xfff) == 0xfff) throw_if_stop_requested("fixed grids by signatures");
      signatures += fam.expand(queue[q], L);
      // The images first, their visited words prefetched, then the tests: a 12-digit family's
      // bitset is tens of MB, and the test's cache miss was a third of the walk (perf annotate).
      for (std::size_t k = 0; k < moves.size(); ++k) {
        apply(moves[k], R, fam.all, L, M);
        images[k] = fam.member(M);
        __builtin_prefetch(&visited[images[k] >> 6], 1);
      }
      for (std::size_t k = 0; k < moves.size(); ++k)
        if (test_set(images[k])) queue.push_back(images[k]);
    }
    walk.orbits.push_back({i, queue.size(), signatures});
  }
  return walk;
}

// A walk handed back (FixedParts::known_walk) must be one of this family: its size, its orbits
// starting at 0 in increasing order of their first members, inside the family, none empty, their
// members adding up to the family. That is what a walk of another family or a truncated one
// breaks; a stored digest (jobs/walk_store.hpp) has already ruled out torn writes.
void check_stored_walk(const Family& fam, const SignatureWalk& walk, const std::string& key) {
  const auto refuse = [&](const std::string& why) {
    throw CheckError(fmt::format("signatures: the stored walk {} does not fit its family of {} members: {}", key,
                                 group_digits(fam.size), why));
  };
  if (walk.members != fam.size) refuse(fmt::format("it is of {} members", group_digits(walk.members)));
  if (walk.orbits.empty() || walk.orbits[0].first != 0) refuse("its first orbit does not start at member 0");
  std::uint64_t members = 0;
  for (std::size_t k = 0; k < walk.orbits.size(); ++k) {
    const SignatureOrbit& o = walk.orbits[k];
    if (k > 0 && o.first <= walk.orbits[k - 1].first) refuse(fmt::format("orbit {} is out of order", k + 1));
    if (o.first >= fam.size || o.members == 0 || o.members > fam.size - members)
      refuse(fmt::format("orbit {} is outside the family or empty", k + 1));
    members += o.members;
  }
  if (members != fam.size) refuse(fmt::format("its orbits hold {} members", group_digits(members)));
}

// The name of a family's walk for FixedParts: "walk.v1.<R>.<h>.<type>.<swap|keep>", h as the
// images of columns 0.. (the column part in the two-band view). v1 names the family's ranking
// (Family::member), which the orbits' first members are ranks in: a new ranking is a new version.
std::string walk_key(int R, const Perm& h, const CycleType& type, bool swap) {
  return fmt::format("walk.v1.{}.{}.{}.{}", R, fmt::join(h, "-"), type_string(type), swap ? "swap" : "keep");
}

// The walks of large families, kept for the process and shared between classes and threads.
//
// Why. The walk depends on the column part h, the relabelling type and whether the bands swap --
// not on the rows, which only the band counts see -- and on 12x12 it is most of a heavy class's
// time (a profile of 2x6 class 3004: 99 % in the walk), while the heaviest 2x6 classes come in
// tens that share h and differ only in their rows (in 2x6's own terms: the same band moves, ten
// column parts; classes 2995-3004, 3534-3543, 4150-4159, 4535-4544, walks of 1.2e8 to 9.2e8
// members). One walk now serves the ten. A thread asking for a walk another is making waits for it;
// a walk that throws (a stop request) is forgotten, so the next asker makes it again. Only families
// of at least 2^20 members are kept (a few MB of orbits each; the small ones cost less to walk
// than to keep).
struct OrbitKey {
  int R;
  Perm h;
  CycleType type;
  bool swap;
  auto operator<=>(const OrbitKey&) const = default;
};

class OrbitCache {
 public:
  template <class Make>
  // share: false makes the walk for the caller alone (a small family: FixedOptions::share_walks_from).
  std::shared_ptr<const SignatureWalk> get(const OrbitKey& key, bool share, Make make) {
    if (!share) return std::make_shared<const SignatureWalk>(make());
    std::promise<std::shared_ptr<const SignatureWalk>> promise;
    std::shared_future<std::shared_ptr<const SignatureWalk>> future;
    bool make_it = false;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      const auto it = walks_.find(key);
      if (it != walks_.end()) {
        future = it->second;
      } else {
        future = promise.get_future().share();
        walks_.emplace(key, future);
        make_it = true;
      }
    }
    if (!make_it) return future.get();  // made, or being made by another thread
    try {
      auto walk = std::make_shared<const SignatureWalk>(make());
      keep(key, walk->orbits.size() * sizeof(SignatureOrbit));
      promise.set_value(std::move(walk));
    } catch (...) {
      {
        std::lock_guard<std::mutex> lock(mutex_);
        walks_.erase(key);
      }
      promise.set_exception(std::current_exception());
    }
    return future.get();
  }

 private:
  // The store holds at most kStoreBytes of orbits: a new walk pushes out the oldest finished ones
  // (siblings run one after another: Burnside takes classes in order of their work, equal for
  // classes that share a walk). A walk pushed out is made again if asked for; no count changes.
  static constexpr std::size_t kStoreBytes = std::size_t{256} << 20;
  void keep(const OrbitKey& key, std::size_t bytes) {
    std::lock_guard<std::mutex> lock(mutex_);
    order_.emplace_back(key, bytes);
    bytes_ += bytes;
    while (bytes_ > kStoreBytes && order_.size() > 1) {
      const auto& [old, old_bytes] = order_.front();
      walks_.erase(old);
      bytes_ -= old_bytes;
      order_.pop_front();
    }
  }
  std::mutex mutex_;
  std::map<OrbitKey, std::shared_future<std::shared_ptr<const SignatureWalk>>> walks_;
  std::deque<std::pair<OrbitKey, std::size_t>> order_;  // finished walks, oldest first, and their bytes
  std::size_t bytes_ = 0;
};

OrbitCache& signature_orbits() {
  static OrbitCache cache;
  return cache;
}

// Band counts shared between the classes of one family, for the process.
//
// Why. The classes that share a walk (OrbitCache above) differ only in the rows of their two
// bands: 2x6 classes 2995-3004 are the ten pairs of four row parts {(1 2)(3 4)(5 6), (1 2)(3 4),
// (1 2), none} of 2x6's stacks 1 and 2 (the bands of the two-band view), over one column part
// and one family. A band's count depends on its own symmetry (rho, tau, sigma) and its
// signature's graph, not on the other band, so the ten classes ask for 4 x 2 x 388 distinct band
// counts between them, not 10 x 2 x 388 -- about 2.5 times fewer, the bulk of these classes'
// time. Only families of share_walks_from members or more share (the classes that share walks);
// the key holds everything the count depends on and the way it is computed (the edge layout, the
// memo bound), so a test that compares two ways of counting still counts both. A thread asking
// for a count another is making waits for it; a count that throws is forgotten. The store keeps
// at most kMaxCounts counts and starts again when full (no count changes, some are made again).
class BandCountStore {
 public:
  template <class Make>
  u128 get(const std::string& key, Make make) {
    std::promise<u128> promise;
    std::shared_future<u128> future;
    bool make_it = false;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      const auto it = counts_.find(key);
      if (it != counts_.end()) {
        future = it->second;
      } else {
        if (counts_.size() >= kMaxCounts) counts_.clear();  // futures held by waiters stay valid
        future = promise.get_future().share();
        counts_.emplace(key, future);
        make_it = true;
      }
    }
    if (!make_it) return future.get();
    try {
      const u128 c = make();
      promise.set_value(c);
      return c;
    } catch (...) {
      {
        std::lock_guard<std::mutex> lock(mutex_);
        counts_.erase(key);
      }
      promise.set_exception(std::current_exception());
      throw;
    }
  }

 private:
  static constexpr std::size_t kMaxCounts = std::size_t{1} << 20;  // a few hundred MB at most, keys included
  std::mutex mutex_;
  std::unordered_map<std::string, std::shared_future<u128>> counts_;
};

BandCountStore& shared_band_counts() {
  static BandCountStore store;
  return store;
}

// The key of one band count: the layout and memo bound, R, rho, tau, sigma and the edge words.
template <class Edges>
std::string band_count_key(int R, const Perm& rho, const Perm& tau, const Perm& sigma, std::size_t memo_states,
                           const Edges& e) {
  std::string k;
  k.reserve(160);
  const auto put = [&k](const void* p, std::size_t n) { k.append(static_cast<const char*>(p), n); };
  const std::uint64_t head[3] = {sizeof(Edges), memo_states, static_cast<std::uint64_t>(R)};
  put(head, sizeof head);
  for (const Perm* q : {&rho, &tau, &sigma}) {
    const std::uint64_t n = q->size();
    put(&n, sizeof n);
    put(q->data(), q->size() * sizeof(int));
  }
  put(&e, sizeof e);
  return k;
}

// The key a band count is kept by (FixedParts::known_band): "band." and the first 32 hex digits of
// the SHA-256 of "band.v1 R rho tau sigma complement L_0 .. L_{R-1}" -- what the count depends on,
// in the signature's terms (its R column-pair sets, all that graph() reads), not in an edge
// layout's.
std::string band_part_key(int R, const Perm& rho, const Perm& tau, const Perm& sigma, const std::uint32_t* L,
                          bool complement) {
  const std::string what = fmt::format("band.v1 {} {} {} {} {} {}", R, fmt::join(rho, "-"), fmt::join(tau, "-"),
                                       fmt::join(sigma, "-"), complement ? "c" : "s",
                                       fmt::join(L, L + R, "-"));
  return "band." + sha256_hex(what).substr(0, 32);
}

template <class Edges>
u128 count_by_signatures_with(Shape s, const GeometricSymmetry& g, const std::vector<CycleType>& types,
                              const PlainBandCounts* plain, KernelStats& stats, std::uint64_t share_walks_from,
                              std::size_t band_memo_states, const FixedParts* parts) {
  const int R = s.rows, N = s.n();
  const bool swap = g.rows[0] >= R;
  Perm a0(static_cast<std::size_t>(R)), a1(static_cast<std::size_t>(R));
  for (int i = 0; i < R; ++i) {
    a0[static_cast<std::size_t>(i)] = g.rows[static_cast<std::size_t>(i)] % R;
    a1[static_cast<std::size_t>(i)] = g.rows[static_cast<std::size_t>(R + i)] % R;
  }
  // Column moves commuting with h, as generators (the same for every pi).
  std::vector<Perm> hcent;
  for_each_wreath_element(s.cols, s.rows, [&](const Perm& v) {
    if (compose(v, g.cols) == compose(g.cols, v)) hcent.push_back(v);
  });
  const std::vector<Perm> hgens = generating_set(hcent);

  u128 f = 0;
  // Trivial band symmetry: the histogram sum (see fix_trivial_band_symmetry), one type at a time.
  if (trivial_band_symmetry(s, g)) {
    std::unique_ptr<BandCounter<Edges>> own;
    if (!plain) own = std::make_unique<BandCounter<Edges>>(R, identity_perm(R), identity_perm(N), identity_perm(N));
    for (const CycleType& type : types) {
      ++stats.relabellings;
      const u128 fix = fix_trivial_band_symmetry(R, g.cols, perm_of_type(type), plain, own.get(), stats.searched);
      const u128 z = centraliser_order(type);
      if (fix % z != 0)
        throw CheckError("signatures: grids fixed with relabelling " + type_string(type) +
                         " not divisible by its centraliser order");
      f = checked_add(f, fix / z);
    }
    if (own) stats.states += own->states();
    return f;
  }
  for (const CycleType& type : types) {
    ++stats.relabellings;
    const Perm pi = perm_of_type(type);
    const Family fam(R, g.cols, pi, swap);
    if (fam.size == 0) continue;
    if (fam.size > (std::uint64_t{1} << 32)) throw std::runtime_error("signatures: too many allowed signatures");
    const auto walk_ptr = signature_orbits().get({R, g.cols, type, swap}, fam.size >= share_walks_from, [&] {
      // A large family's walk is asked of the caller's store first and given to it once made
      // (FixedParts::known_walk, walk_done); the key names what the walk depends on.
      const bool keep = parts && fam.size >= parts->keep_from;
      const std::string key = keep ? walk_key(R, g.cols, type, swap) : std::string();
      if (keep && parts->known_walk) {
        if (std::optional<SignatureWalk> stored = parts->known_walk(key)) {
          check_stored_walk(fam, *stored, key);
          return std::move(*stored);
        }
      }
      std::vector<SigMove> moves;
      for (const Perm& v : hgens) moves.emplace_back(v, identity_perm(N));
      for (const Perm& p : centraliser_generators(pi)) moves.emplace_back(identity_perm(N), p);
      SignatureWalk walk = walk_orbits(fam, moves, R);
      throw_if_cancelled("a signature walk");  // handed on only from a live loop (core/stop.hpp's rule)
      if (keep && parts->walk_done) parts->walk_done(key, walk);
      return walk;
    });
    const auto& orbits = walk_ptr->orbits;
    stats.searched += orbits.size();

    // Band symmetries: swap -> T fixed by (a1 a0, h^2, pi^2); keep -> T by (a0, h, pi), U by (a1, h, pi).
    const Perm rho = swap ? compose(a1, a0) : a0;
    const Perm tau = swap ? compose(g.cols, g.cols) : g.cols;
    const Perm sig = swap ? compose(pi, pi) : pi;
    tbb::enumerable_thread_specific<BandCounter<Edges>> top([&] { return BandCounter<Edges>(R, rho, tau, sig, band_memo_states); });
    tbb::enumerable_thread_specific<BandCounter<Edges>> bottom(
        [&] { return BandCounter<Edges>(R, a1, g.cols, pi, band_memo_states); });
    // One band's count, from the store shared with this family's other classes when the family
    // is large (BandCountStore above), and from the caller's (FixedParts::known_band, band_done)
    // when it keeps them.
    const bool share_bands = fam.size >= share_walks_from;
    const bool keep_bands = parts && fam.size >= parts->keep_from && (parts->known_band || parts->band_done);
    const auto band = [&](BandCounter<Edges>& c, const Perm& r, const Perm& t, const Perm& sg, const std::uint32_t* L,
                          bool complement) {
      const Edges e = graph<Edges>(N, L, complement);
      if (!share_bands && !keep_bands) return c.count(e);
      const auto make = [&] {
        const std::string key = keep_bands ? band_part_key(R, r, t, sg, L, complement) : std::string();
        if (keep_bands && parts->known_band)
          if (const std::optional<u128> kept = parts->known_band(key)) return *kept;
        const u128 n = c.count(e);
        if (keep_bands && parts->band_done) parts->band_done(key, n);
        return n;
      };
      return share_bands ? shared_band_counts().get(band_count_key(R, r, t, sg, band_memo_states, e), make) : make();
    };
    // The band counts of a walked family are the rest of a heavy class's time (on 12x12 more
    // than the walk: 2x6 class 2995's first family walks in minutes, its band counts take longer),
    // so they are a phase of their own too, one step an orbit.
    std::optional<Phase> phase;
    if (fam.size >= (std::uint64_t{1} << 20))
      phase.emplace(fmt::format("band counts of {} signature orbits", group_digits(orbits.size())), orbits.size(),
                    "orbits");
    // In parts (sum_in_parts, fixed_kernels.hpp) named by the orbit's representative, its
    // smallest member's rank in the family (walk_orbits starts each orbit at it), per type.
    const u128 fix = sum_in_parts(
        orbits.size(), [&](std::size_t k) { return orbits[k].first; }, "sig." + type_string(type) + ".", parts,
        [&](std::size_t k) {
          std::uint32_t LL[16];
          fam.expand(orbits[k].first, LL);
          u128 a = band(top.local(), rho, tau, sig, LL, false);
          if (!swap && a != 0) a = checked_mul(a, band(bottom.local(), a1, g.cols, pi, LL, true));
          if (phase) phase->step();
          return checked_mul(a, orbits[k].signatures);
        });
    phase.reset();
    for (const auto& c : top) stats.states += c.states();
    for (const auto& c : bottom) stats.states += c.states();
    const u128 z = centraliser_order(type);
    if (fix % z != 0)
      throw CheckError("signatures: grids fixed with relabelling " + type_string(type) +
                             " not divisible by its centraliser order");
    f = checked_add(f, fix / z);
  }
  return f;
}

u128 count_by_signatures(Shape s, const GeometricSymmetry& g, const std::vector<CycleType>& types,
                         const PlainBandCounts* plain, KernelStats& stats, bool wide, std::uint64_t share_walks_from,
                         std::size_t band_memo_states, const FixedParts* parts) {
  if (s.cols != 2 || g.transpose) throw std::invalid_argument("signatures: needs R x 2 boxes and an untransposed element");
  const int N = s.n();
  if (N > 12) throw std::invalid_argument("signatures: at most 12 digits");
  return N * N <= 128 && !wide
             ? count_by_signatures_with<u128>(s, g, types, plain, stats, share_walks_from, band_memo_states, parts)
             : count_by_signatures_with<WideEdges>(s, g, types, plain, stats, share_walks_from, band_memo_states,
                                                   parts);
}

}  // namespace gridenum::detail
