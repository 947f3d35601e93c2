// The band counter: bands of R rows with a given signature and a symmetry of their own, counted
// as ordered decompositions of the signature's digit/column graph into perfect matchings
// (fixed_signatures.cpp has the derivation at its top). Used by the signature kernel (R x 2
// boxes, N = 2R columns) and by the band-cycle kernel (fixed_band_cycles.cpp: R x C boxes, a
// band of R rows and N = RC columns). Edges come as one 128-bit word up to 10 digits or as
// WideEdges (12 digits), or directly as rows of column bits.
#pragma once

#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <cstring>
#include <map>
#include <type_traits>
#include <vector>

#include "band_memo.hpp"
#include "gridenum/core/arith.hpp"
#include "gridenum/core/combinatorics.hpp"
#include "gridenum/core/stop.hpp"
#include "gridenum/symmetry/permutation.hpp"

namespace gridenum::detail {

// Edge sets of a band graph: bit d*N + c for digit d in column c. Up to 10 digits (N*N <= 100)
// they fit one unsigned 128-bit word, the 10x10 hot path; 12 digits (144 bits) take WideEdges,
// three 64-bit words. The graph builder and the sums below are templates over the two; the band
// counter reads a graph into rows of column bits (its own layout) and works on those.
struct WideEdges {
  std::array<std::uint64_t, 3> w{};
  WideEdges& operator|=(const WideEdges& b) {
    for (std::size_t i = 0; i < 3; ++i) w[i] |= b.w[i];
    return *this;
  }
};

template <class E>
E edge_bit(int f) {
  if constexpr (std::is_same_v<E, u128>) {
    return u128{1} << f;
  } else {
    E e;
    e.w[static_cast<std::size_t>(f >> 6)] = std::uint64_t{1} << (f & 63);
    return e;
  }
}

// Digit d's row: the columns it has an edge to (N bits).
inline std::uint32_t edge_row(u128 g, int d, int N) { return static_cast<std::uint32_t>(g >> (d * N)) & ((1u << N) - 1); }
inline std::uint32_t edge_row(const WideEdges& g, int d, int N) {
  const int p = d * N, word = p >> 6, off = p & 63;
  std::uint64_t v = g.w[static_cast<std::size_t>(word)] >> off;
  if (off + N > 64 && word < 2) v |= g.w[static_cast<std::size_t>(word + 1)] << (64 - off);
  return static_cast<std::uint32_t>(v) & ((1u << N) - 1);
}

// The bits of a 16-bit word, inline: the default build targets x86-64 without POPCNT, where
// std::popcount is a call into libgcc (__popcountdi2) -- 22 % of a 3x4 band-swap count's time
// in perf, at the one place the band counter counts bits (the digit with the fewest free columns).
constexpr int popcount16(std::uint16_t x) {
  std::uint32_t v = x;
  v = v - ((v >> 1) & 0x5555u);
  v = (v & 0x3333u) + ((v >> 2) & 0x3333u);
  v = (v + (v >> 4)) & 0x0F0Fu;
  return static_cast<int>((v + (v >> 8)) & 0x1Fu);
}
static_assert(popcount16(0) == 0 && popcount16(0xFFFF) == 16 && popcount16(0x8421) == 4 && popcount16(0x7FFE) == 14);

// The band counter's rows of a signature given column by column (S[c]: bit d for digit d in
// column c, c < N): rows[d] = the columns that hold digit d.
template <class Columns>
std::array<std::uint16_t, 16> signature_rows(const Columns& S, int N) {
  std::array<std::uint16_t, 16> rows{};
  for (int c = 0; c < N; ++c)
    for (std::uint32_t m = S[static_cast<std::size_t>(c)]; m; m &= m - 1)
      rows[static_cast<std::size_t>(std::countr_zero(m))] |= static_cast<std::uint16_t>(1u << c);
  return rows;
}

// Counts A(S; rho, tau, sigma) for one band symmetry phi = (rho, tau, sigma), any S.
//
// The search (fixed_signatures.cpp, at its top: orbits of matchings removed one at a time, memoised) runs on
// the graph as one row of column bits per digit; the memo key is the same rows:
//
//   rows[d], d < N      columns c with edge (d, c) left (bit c)            16 bits each
//   rows[15]            the cycle lengths left (code base R+1), in the key only
//
// phi's orbit of an edge, for each cycle length l, is a table built once (Orbit: the edges it
// takes, digit by digit, and the digits and columns it gives M), so placing an edge is a few
// mask tests. A matching is completed from the unmatched digit with the fewest free columns
// (a digit with none, or a column no digit can reach, ends the branch).
//
// Measured (AMD EPYC family 23 model 1, one thread; 2x6 class 2995's band symmetry, rho = three
// 2-cycles, tau = the stack pairs swapped, sigma of type 2^6, on random allowed signatures;
// docs/symmetry.md, *Band counts*): 10.28 s -> 1.65 s for four counts, the same counts and memo
// states. Tried and lost: leaving the last cycle out of the memo (2.1 s -> 3.5 s: the last
// matchings' remainders repeat).
template <class Edges>
class BandCounter {
 public:
  using Rows = std::array<std::uint16_t, 16>;

  // keep: with phi not the identity, the memo starts again before a count once it holds more
  // states than this (FixedOptions::band_memo_states).
  BandCounter(int R, const Perm& rho, const Perm& tau, const Perm& sigma, std::size_t keep = std::size_t{1} << 20)
      : BandCounter(R, 2 * R, rho, tau, sigma, keep) {}
  // A band of R rows and N columns (digits), e.g. the 4 x 12 bands of 4x3 grids
  // (fixed_band_cycles.cpp): rho on the R rows, tau on the N columns, sigma on the N digits.
  BandCounter(int R, int N, const Perm& rho, const Perm& tau, const Perm& sigma, std::size_t keep = std::size_t{1} << 20)
      : R_(R), N_(N), all_(static_cast<std::uint16_t>((1u << N) - 1)), keep_(keep) {
    assert(N_ <= 15 && R_ <= N_);  // rows[15] holds the lengths left
    // Cycle lengths of rho, their multiset code (base R+1 digits: count of each length) and
    // the factor m_l! l^(m_l).
    factor_ = 1;
    std::map<int, int> mult;
    for (const auto& c : cycles(rho)) ++mult[static_cast<int>(c.size())];
    full_ = 0;
    for (auto [l, m] : mult) {
      full_ += m * code_unit(l);
      for (int k = 1; k <= m; ++k) factor_ *= static_cast<std::uint64_t>(k) * static_cast<std::uint64_t>(l);
    }
    plain_ = is_identity(sigma) && is_identity(tau);
    pair_unit_ = R_ >= 2 ? code_unit(2) : -1;
    involution_ = true;  // sigma^2 = 1 and tau^2 = 1, read off without composing (a band swap
                         // builds a counter per relabelling)
    for (int i = 0; i < N_; ++i) {
      const auto u = static_cast<std::size_t>(i);
      tau_[u] = static_cast<std::int8_t>(tau[u]);
      sigma_[u] = static_cast<std::int8_t>(sigma[u]);
      involution_ = involution_ && sigma[static_cast<std::size_t>(sigma[u])] == i && tau[static_cast<std::size_t>(tau[u])] == i;
    }
    // The orbits are built when place() first asks for one: only for rho's cycle lengths and the
    // edges the graphs have. (A band-swap count builds two counters per relabelling, for one
    // count each; building all (R + 1) N^2 orbits up front took 8-9 % of 3x4 classes 1134's and
    // 3202's time in perf.)
    orbits_.resize(static_cast<std::size_t>((R_ + 1) * N_ * N_));
  }

  // Ordered bands with edge set g (a signature's graph).
  u128 count(Edges g) {
    // Without symmetry the memo's states repeat across signatures (the normal form below); with
    // it they hardly do, and a kept memo only grows (a 2x6 family's 388 orbits would keep
    // gigabytes), so it starts again past keep_ states (2^20: 100 MB of table) -- count_rows.
    Rows rows{};
    for (int d = 0; d < N_; ++d) rows[static_cast<std::size_t>(d)] = static_cast<std::uint16_t>(edge_row(g, d, N_));
    return count_rows(rows);
  }
  // The same from the graph as rows: rows[d] = the columns digit d has an edge to (rows[N..15]
  // zero).
  u128 count_rows(Rows rows) {
    if (!plain_ && memo_.size() > keep_) memo_.clear();
    return checked_mul(rec(rows, full_), factor_);
  }
  std::size_t states() const { return memo_.size(); }
  // Off: the last pair of rows is searched like every other orbit, the cross-check of pair_count
  // (FixedOptions::band_pair_closed_form; the tests compare the two).
  void set_pair_closed_form(bool on) { pair_closed_form_ = on; }

 private:
  // phi's orbit of edge e for cycle length l: M takes phi^(l j)(e), the cycle's other rows the
  // edges between. ok is false when the images do not close up (phi^(l a)(e) != e for d's orbit
  // length a under sigma^l), an edge comes twice, or M would take a digit or column twice.
  struct Orbit {
    bool built = false;  // made (make_orbit) yet
    bool ok = false;
    std::uint8_t n = 0;                  // digits the orbit has edges at
    std::uint16_t mdig = 0, mcol = 0;    // M's digits and columns
    std::array<std::uint8_t, 16> dig{};  // those digits ..
    std::array<std::uint16_t, 16> cols{};  // .. and their columns
  };
  Orbit make_orbit(int l, int e) const {
    const auto& tau = tau_;
    const auto& sigma = sigma_;
    Orbit o;
    o.built = true;
    const int d = e / N_, c = e % N_;
    int a = 1;
    {
      int x = d;
      for (int s = 0; s < l; ++s) x = sigma[static_cast<std::size_t>(x)];
      for (int y = x; y != d; ++a)
        for (int s = 0; s < l; ++s) y = sigma[static_cast<std::size_t>(y)];
    }
    Rows add{};
    int x = d, y = c;
    for (int t = 0; t < l * a; ++t) {
      const auto b = static_cast<std::uint16_t>(1u << y);
      if (add[static_cast<std::size_t>(x)] & b) return o;
      add[static_cast<std::size_t>(x)] |= b;
      if (t % l == 0) {
        if ((o.mdig >> x & 1) || (o.mcol & b)) return o;
        o.mdig |= static_cast<std::uint16_t>(1u << x);
        o.mcol |= b;
      }
      x = sigma[static_cast<std::size_t>(x)];
      y = tau[static_cast<std::size_t>(y)];
    }
    if (x != d || y != c) return o;
    for (int dd = 0; dd < N_; ++dd)
      if (add[static_cast<std::size_t>(dd)]) {
        o.dig[o.n] = static_cast<std::uint8_t>(dd);
        o.cols[o.n] = add[static_cast<std::size_t>(dd)];
        ++o.n;
      }
    o.ok = true;
    return o;
  }

  int code_unit(int l) const {
    int u = 1;
    for (int i = 1; i < l; ++i) u *= R_ + 1;
    return u;
  }

  u128 rec(Rows rows, int rem) {
    int d0 = 0;
    while (d0 < N_ && rows[static_cast<std::size_t>(d0)] == 0) ++d0;
    if (d0 == N_) return rem == 0 ? 1 : 0;
    if (rem == 0) return 0;
    if (rem == pair_unit_ && involution_ && pair_closed_form_) return pair_count(rows);
    if (plain_) {
      normalise(rows);
      if (rem == 2) return u128{1} << (two_regular_cycles(rows) - 1);
      d0 = 0;  // sorted rows: the empty ones first, none here (every digit has an edge left)
      while (rows[static_cast<std::size_t>(d0)] == 0) ++d0;
    }
    BandMemo::Key key;
    rows[15] = static_cast<std::uint16_t>(rem);
    std::memcpy(key, rows.data(), sizeof key);
    rows[15] = 0;
    if (const u128* v = memo_.find(key)) return *v;
    const int e0 = d0 * N_ + std::countr_zero(rows[static_cast<std::size_t>(d0)]);
    u128 total = 0;
    for (int l = 1, unit = 1; l <= R_; ++l, unit *= R_ + 1) {
      if ((rem / unit) % (R_ + 1) == 0) continue;
      // phi^l-invariant matchings M through e0: M(sigma^l d) = tau^l M(d).
      l_ = l;
      avail_ = rows;
      mdig_ = 0;
      mcol_ = 0;
      if (place(e0)) total = checked_add(total, extend(rem - unit));
    }
    memo_.insert(key, total);
    // A stop request (core/stop.hpp) is heard at every memo miss (a relaxed load; every 256th
    // left a 2x5 Burnside run deaf for 5 s).
    if (stop_requested()) throw_if_stop_requested("fixed grids by signatures");
    return total;
  }

  // With phi the identity (bands with no symmetry of their own) the count depends on the graph
  // only up to renaming digits and columns: rows are any perfect matchings. So the memo key is
  // a graph isomorphic to g in a normal form -- digits sorted by their column sets, then
  // columns by their digit sets, repeated until nothing moves. Not a canonical form (two
  // isomorphic graphs may keep different forms), but every form is isomorphic to the graph it
  // came from, which is all the memo needs, and it merges most of the states.
  void normalise(Rows& rows) const {
    std::array<std::uint32_t, 16> row{}, col{};
    for (int d = 0; d < N_; ++d) row[static_cast<std::size_t>(d)] = rows[static_cast<std::size_t>(d)];
    for (int round = 0; round < 4; ++round) {
      std::sort(row.begin(), row.begin() + N_);
      // Column c's digit set in the sorted digit order.
      for (int c = 0; c < N_; ++c) {
        std::uint32_t v = 0;
        for (int d = 0; d < N_; ++d) v |= ((row[static_cast<std::size_t>(d)] >> c) & 1u) << d;
        col[static_cast<std::size_t>(c)] = v;
      }
      std::array<int, 16> order{};
      for (int c = 0; c < N_; ++c) order[static_cast<std::size_t>(c)] = c;
      std::stable_sort(order.begin(), order.begin() + N_, [&](int a, int b) { return col[static_cast<std::size_t>(a)] < col[static_cast<std::size_t>(b)]; });
      bool moved = false;
      for (int c = 0; c < N_; ++c) moved |= order[static_cast<std::size_t>(c)] != c;
      if (!moved) break;
      for (int d = 0; d < N_; ++d) {
        std::uint32_t m = 0;
        for (int c = 0; c < N_; ++c) m |= ((row[static_cast<std::size_t>(d)] >> order[static_cast<std::size_t>(c)]) & 1u) << c;
        row[static_cast<std::size_t>(d)] = m;
      }
    }
    std::sort(row.begin(), row.begin() + N_);
    for (int d = 0; d < N_; ++d) rows[static_cast<std::size_t>(d)] = static_cast<std::uint16_t>(row[static_cast<std::size_t>(d)]);
  }

  // Cycles of a 2-regular bipartite graph (digits and columns of degree 2). Its decompositions
  // into two perfect matchings, with the one through the lowest edge first, number
  // 2^(cycles - 1): each cycle alternates in one of two ways, and e0's fixes its own. Counted
  // on the digit graph whose edges are the columns (core/combinatorics.hpp).
  int two_regular_cycles(const Rows& rows) const {
    std::uint16_t cols[16] = {};
    for (int d = 0; d < N_; ++d)
      for (std::uint32_t row = rows[static_cast<std::size_t>(d)]; row; row &= row - 1)
        cols[std::countr_zero(row)] |= static_cast<std::uint16_t>(1u << d);
    return gridenum::two_regular_cycles(cols, N_);
  }

  // The last row orbit when it is one 2-cycle of rows and phi an involution (sigma^2 = 1, tau^2 =
  // 1), in closed form instead of searched: the matchings M through e0 (d0's lowest edge) such
  // that M and phi(M) partition the edges left, G. Where such an M exists G is 2-regular (each
  // digit and column in one edge of M and one of phi(M)): a union of even cycles, and M takes
  // one of the two alternating halves of each, x_k in {0, 1} for cycle k, an edge e lying in
  // cycle k(e) and half h(e). phi must map G's edges into G, and as phi^2 = 1 the partition
  // says exactly: e in M iff phi(e) not in M, that is
  //     x_k(e) + x_k(phi e) = h(e) + h(phi e) + 1   (mod 2)
  // for every edge (an edge phi fixes asks x + x = 1: no M). Parity constraints between at most
  // N/2 cycles: 2^(components - 1) solutions with x_k(e0) = h(e0) when they are consistent,
  // none otherwise. The search it replaces branches twice per cycle and ends in the memo.
  //
  // Why. The 3x4 band-swap classes whose kept band has rows (1 2)(3 4) (class 1134 among them,
  // hours) count A(S3; rho3, gamma', pi) with phi an involution hundreds of millions of times,
  // and `perf` put 60 % of the time below the second `rec`, this last pair (docs/symmetry.md,
  // *The last row pair in closed form*).
  u128 pair_count(const Rows& rows) const {
    // Each digit's two columns (slot 0 the lower), each column's two digits.
    std::array<std::int8_t, 32> col{}, cyc{}, half{};  // [d * 2 + slot]
    std::array<std::uint16_t, 16> digits{};
    for (int d = 0; d < N_; ++d) {
      const std::uint16_t r = rows[static_cast<std::size_t>(d)];
      if (popcount16(r) != 2) return 0;
      const int lo = std::countr_zero(r), hi = 15 - std::countl_zero(r);
      col[static_cast<std::size_t>(2 * d)] = static_cast<std::int8_t>(lo);
      col[static_cast<std::size_t>(2 * d + 1)] = static_cast<std::int8_t>(hi);
      digits[static_cast<std::size_t>(lo)] |= static_cast<std::uint16_t>(1u << d);
      digits[static_cast<std::size_t>(hi)] |= static_cast<std::uint16_t>(1u << d);
    }
    for (int c = 0; c < N_; ++c)
      if (popcount16(digits[static_cast<std::size_t>(c)]) != 2) return 0;
    const auto slot = [&](int d, int c) { return 2 * d + (col[static_cast<std::size_t>(2 * d)] == c ? 0 : 1); };
    // The cycles: from an unvisited digit its slot-0 edge is half 0; then along the column to
    // its other digit (half 1), that digit's other column (half 0), .. back to the start.
    std::uint16_t seen = 0;
    int ncyc = 0;
    for (int start = 0; start < N_; ++start) {
      if (seen >> start & 1) continue;
      int d = start, e = 2 * start;
      do {
        seen |= static_cast<std::uint16_t>(1u << d);
        cyc[static_cast<std::size_t>(e)] = static_cast<std::int8_t>(ncyc);
        half[static_cast<std::size_t>(e)] = 0;
        const int c = col[static_cast<std::size_t>(e)];
        // The column's other digit (it has two, checked above; "& 15" tells the compiler so).
        d = std::countr_zero(static_cast<std::uint16_t>(digits[static_cast<std::size_t>(c)] & ~(1u << d))) & 15;
        const int f = slot(d, c);
        cyc[static_cast<std::size_t>(f)] = static_cast<std::int8_t>(ncyc);
        half[static_cast<std::size_t>(f)] = 1;
        e = f ^ 1;  // d's other edge
      } while (d != start);
      ++ncyc;
    }
    // Union-find with parities over the cycles: par[k] = x_k + x_up[k].
    std::array<std::int8_t, 16> up{}, par{};
    for (int k = 0; k < ncyc; ++k) up[static_cast<std::size_t>(k)] = static_cast<std::int8_t>(k);
    int components = ncyc;
    for (int e = 0; e < 2 * N_; ++e) {
      const int d = e >> 1, c = col[static_cast<std::size_t>(e)];
      const int pd = sigma_[static_cast<std::size_t>(d)], pc = tau_[static_cast<std::size_t>(c)];
      if (!(rows[static_cast<std::size_t>(pd)] >> pc & 1)) return 0;  // phi(e) is not left
      const int f = slot(pd, pc);
      int a = cyc[static_cast<std::size_t>(e)], b = cyc[static_cast<std::size_t>(f)];
      int want = half[static_cast<std::size_t>(e)] ^ half[static_cast<std::size_t>(f)] ^ 1;  // x_a + x_b
      while (up[static_cast<std::size_t>(a)] != a) want ^= par[static_cast<std::size_t>(a)], a = up[static_cast<std::size_t>(a)];
      while (up[static_cast<std::size_t>(b)] != b) want ^= par[static_cast<std::size_t>(b)], b = up[static_cast<std::size_t>(b)];
      if (a == b) {
        if (want != 0) return 0;
        continue;
      }
      up[static_cast<std::size_t>(a)] = static_cast<std::int8_t>(b);
      par[static_cast<std::size_t>(a)] = static_cast<std::int8_t>(want);
      --components;
    }
    return u128{1} << (components - 1);  // e0's component is fixed by e0 in M
  }

  // Puts edge e and its phi-images into M's orbit (Orbit above). False, with nothing changed,
  // when an edge of the orbit is gone or M already has one of its digits or columns.
  bool place(int e) {
    Orbit& o = orbits_[static_cast<std::size_t>(l_ * N_ * N_ + e)];
    if (!o.built) o = make_orbit(l_, e);
    if (!o.ok || (mdig_ & o.mdig) || (mcol_ & o.mcol)) return false;
    for (int i = 0; i < o.n; ++i) {
      const std::uint16_t need = o.cols[static_cast<std::size_t>(i)];
      if ((avail_[o.dig[static_cast<std::size_t>(i)]] & need) != need) return false;
    }
    for (int i = 0; i < o.n; ++i) avail_[o.dig[static_cast<std::size_t>(i)]] &= static_cast<std::uint16_t>(~o.cols[static_cast<std::size_t>(i)]);
    mdig_ |= o.mdig;
    mcol_ |= o.mcol;
    return true;
  }

  // Completes M from the unmatched digit with the fewest free columns; at the end recurses on
  // the edges left.
  u128 extend(int rem_after) {
    if (mdig_ == all_) {
      // Save the members: rec() reuses them.
      const Rows a = avail_;
      const std::uint16_t md = mdig_, mc = mcol_;
      const int l = l_;
      const u128 r = rec(a, rem_after);
      avail_ = a, mdig_ = md, mcol_ = mc, l_ = l;
      return r;
    }
    int best = -1, best_n = N_ + 1;
    std::uint16_t best_free = 0, reach = 0;
    for (std::uint32_t un = ~static_cast<std::uint32_t>(mdig_) & all_; un; un &= un - 1) {
      const int d = std::countr_zero(un);
      const auto free = static_cast<std::uint16_t>(avail_[static_cast<std::size_t>(d)] & ~mcol_);
      if (free == 0) return 0;
      reach |= free;
      if (const int n = popcount16(free); n < best_n) best_n = n, best = d, best_free = free;
    }
    if ((reach | mcol_) != all_) return 0;  // a column no unmatched digit can take
    u128 total = 0;
    const Rows a = avail_;
    const std::uint16_t md = mdig_, mc = mcol_;
    for (std::uint32_t f = best_free; f; f &= f - 1) {
      if (!place(best * N_ + std::countr_zero(f))) continue;
      total = checked_add(total, extend(rem_after));
      avail_ = a, mdig_ = md, mcol_ = mc;
    }
    return total;
  }

  int R_, N_;
  std::uint16_t all_;
  std::size_t keep_;
  int full_ = 0;
  std::uint64_t factor_ = 1;
  bool plain_ = false;  // phi is the identity: normalise graphs, close form for two matchings
  bool involution_ = false;  // phi^2 = 1 (sigma^2 = 1, tau^2 = 1): pair_count for the last row pair
  bool pair_closed_form_ = true;
  int pair_unit_ = -1;  // rem's code for one 2-cycle of rows (R >= 2): the last pair
  std::vector<Orbit> orbits_;  // [l * N * N + e], built when first placed
  std::array<std::int8_t, 16> tau_{}, sigma_{};  // phi on the columns and the digits
  BandMemo memo_;
  // The matching being built (members, so place/extend need no long argument lists).
  int l_ = 1;
  Rows avail_{};  // the graph's edges not yet in M's orbit
  std::uint16_t mdig_ = 0, mcol_ = 0;
};


}  // namespace gridenum::detail
