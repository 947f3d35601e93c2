// The band counter (src/symmetry/band_counter.hpp) on its own, against its own search: its closed
// form for the last row pair (pair_count) is switched off by set_pair_closed_form(false), which
// leaves the search of every orbit.
//
// Inputs: bands fixed by phi = (rho, tau, sigma), rho = (1 2)(3 4) on four rows (and (1 2)(3 4)(5)
// on five), tau and sigma random involutions with fixed points -- the shape of the 3x4 band-swap
// classes' kept band, whose count is most of their time. Each band is made row by row at random:
// a row M of a pair with phi(M) the other, the fixed row phi-invariant. Its graph (digit d --
// column c where d is in column c) then has at least one decomposition, so the count is
// positive; graphs of random rows with no symmetry, and fixed bands' graphs with two edges
// moved, are compared as well. The kernels' tests compare the same counter with line orbits on
// whole shapes (test_fixed_grids.cpp, slow_burnside.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <random>
#include <vector>

#include "../../src/symmetry/band_counter.hpp"
#include "gridenum/core/arith.hpp"
#include "gridenum/symmetry/permutation.hpp"

using namespace gridenum;
using detail::BandCounter;
using detail::WideEdges;
using Rows = BandCounter<WideEdges>::Rows;

namespace {

// A random involution of n points with `fixed` fixed points.
Perm random_involution(int n, int fixed, std::mt19937& rng) {
  Perm p = identity_perm(n), order = identity_perm(n);
  std::shuffle(order.begin(), order.end(), rng);
  for (int i = fixed; i + 1 < n; i += 2) {
    p[static_cast<std::size_t>(order[static_cast<std::size_t>(i)])] = order[static_cast<std::size_t>(i + 1)];
    p[static_cast<std::size_t>(order[static_cast<std::size_t>(i + 1)])] = order[static_cast<std::size_t>(i)];
  }
  return p;
}

// A row (digit d -> column row[d]) avoiding the edges taken; with pair, its phi-image must avoid
// them too and the row itself; with invariant, the row is its own phi-image. Random depth-first
// search; nullopt when there is none.
std::optional<Perm> random_row(int N, const Rows& taken, const Perm& tau, const Perm& sigma, bool pair, bool invariant,
                               std::mt19937& rng) {
  Perm row(static_cast<std::size_t>(N), -1);
  std::vector<int> cols(static_cast<std::size_t>(N));
  const auto edge_free = [&](int d, int c) { return !(taken[static_cast<std::size_t>(d)] >> c & 1); };
  std::uint32_t used = 0;
  long budget = 20000;
  const auto rec = [&](auto&& self, int d) -> bool {
    if (d == N) return true;
    if (row[static_cast<std::size_t>(d)] >= 0) return self(self, d + 1);  // set by invariance
    if (--budget < 0) return false;
    for (int c = 0; c < N; ++c) cols[static_cast<std::size_t>(c)] = c;
    std::shuffle(cols.begin(), cols.end(), rng);
    const std::vector<int> mine = cols;
    for (int c : mine) {
      if ((used >> c & 1) || !edge_free(d, c)) continue;
      const int sd = sigma[static_cast<std::size_t>(d)], tc = tau[static_cast<std::size_t>(c)];
      if (pair && (!edge_free(sd, tc) || (sd == d && tc == c))) continue;
      if (pair && row[static_cast<std::size_t>(sd)] == tc) continue;  // phi(e) would be in the row
      if (invariant) {
        if (sd == d ? tc != c : ((used >> tc & 1) || tc == c || !edge_free(sd, tc))) continue;
        row[static_cast<std::size_t>(d)] = c;
        row[static_cast<std::size_t>(sd)] = tc;
        used |= (1u << c) | (1u << tc);
        if (self(self, d + 1)) return true;
        row[static_cast<std::size_t>(d)] = row[static_cast<std::size_t>(sd)] = -1;
        used &= ~((1u << c) | (1u << tc));
        continue;
      }
      // With pair: no edge of the row may be the image of another edge of it.
      bool clash = false;
      for (int x = 0; x < d && pair; ++x)
        clash |= sigma[static_cast<std::size_t>(x)] == d && tau[static_cast<std::size_t>(row[static_cast<std::size_t>(x)])] == c;
      if (clash) continue;
      row[static_cast<std::size_t>(d)] = c;
      used |= 1u << c;
      if (self(self, d + 1)) return true;
      row[static_cast<std::size_t>(d)] = -1;
      used &= ~(1u << c);
    }
    return false;
  };
  if (!rec(rec, 0)) return std::nullopt;
  return row;
}

void add_row(Rows& g, const Perm& row) {
  for (std::size_t d = 0; d < row.size(); ++d) g[d] |= static_cast<std::uint16_t>(1u << row[d]);
}
Perm image_row(const Perm& row, const Perm& tau, const Perm& sigma) {
  Perm out(row.size());
  for (std::size_t d = 0; d < row.size(); ++d) out[static_cast<std::size_t>(sigma[d])] = tau[static_cast<std::size_t>(row[d])];
  return out;
}

// The graph of a random band fixed by phi: pairs of rows (M, phi M), then a fixed row if R is odd.
std::optional<Rows> random_fixed_band(int R, int N, const Perm& tau, const Perm& sigma, std::mt19937& rng) {
  Rows g{};
  if (R % 2 == 1) {
    const auto m = random_row(N, g, tau, sigma, false, true, rng);
    if (!m) return std::nullopt;
    add_row(g, *m);
  }
  for (int k = 0; k < R / 2; ++k) {
    const auto m = random_row(N, g, tau, sigma, true, false, rng);
    if (!m) return std::nullopt;
    const Perm pm = image_row(*m, tau, sigma);
    add_row(g, *m);
    add_row(g, pm);
  }
  return g;
}

Perm rho_of(int R) {  // (1 2)(3 4), and (5) fixed when R = 5
  Perm rho = identity_perm(R);
  std::swap(rho[0], rho[1]);
  std::swap(rho[2], rho[3]);
  return rho;
}

}  // namespace

TEST(BandCounter, TwoRowPairsAgreeWithTheSearch) {
  std::mt19937 rng(20261205);
  struct Case {
    int R, N;
  };
  for (const Case c : {Case{4, 8}, Case{4, 12}, Case{5, 10}}) {
    const Perm rho = rho_of(c.R);
    int fixed_bands = 0, positive = 0, several = 0;
    for (int trial = 0; trial < 60; ++trial) {
      // A fixed row needs as many columns fixed by tau as digits fixed by sigma.
      const int sigma_fixed = 2 * (trial % 2), tau_fixed = c.R % 2 == 1 ? sigma_fixed : 2 * (trial % 3);
      const Perm tau = random_involution(c.N, tau_fixed, rng), sigma = random_involution(c.N, sigma_fixed, rng);
      const auto g = random_fixed_band(c.R, c.N, tau, sigma, rng);
      if (!g) continue;
      ++fixed_bands;
      BandCounter<WideEdges> closed(c.R, c.N, rho, tau, sigma), searched(c.R, c.N, rho, tau, sigma);
      searched.set_pair_closed_form(false);
      const u128 a = closed.count_rows(*g), b = searched.count_rows(*g);
      EXPECT_EQ(to_string(a), to_string(b)) << "R " << c.R << " N " << c.N << " trial " << trial;
      positive += a > 0;
      several += a > 1;
      // Counted again by the same counter: the memo's answer.
      EXPECT_EQ(to_string(closed.count_rows(*g)), to_string(a));
    }
    EXPECT_GE(fixed_bands, 30) << "R " << c.R << " N " << c.N;
    EXPECT_EQ(positive, fixed_bands) << "R " << c.R << " N " << c.N;  // each graph has its own band
    EXPECT_EQ(several, fixed_bands) << "R " << c.R << " N " << c.N;   // and many (hundreds to tens of thousands)
  }
}

// Graphs that are not a fixed band's: random rows with no symmetry, and a fixed band's graph with
// one 2x2 swap of edges (d c, d' c') -> (d c', d' c). Mostly 0, and the same both ways.
TEST(BandCounter, GraphsOfNoFixedBandAgreeWithTheSearch) {
  std::mt19937 rng(77);
  const int R = 4, N = 12;
  const Perm rho = rho_of(R), id = identity_perm(N);
  int compared = 0;
  for (int trial = 0; trial < 80; ++trial) {
    const Perm tau = random_involution(N, 2 * (trial % 3), rng), sigma = random_involution(N, 2 * (trial % 2), rng);
    std::optional<Rows> g;
    if (trial % 2 == 0) {
      g = Rows{};
      for (int r = 0; r < R && g; ++r) {
        const auto m = random_row(N, *g, id, id, false, false, rng);
        if (m) add_row(*g, *m);
        else g.reset();
      }
    } else {
      g = random_fixed_band(R, N, tau, sigma, rng);
      if (g) {
        // Swap two edges in a 2x2 square d-c, d'-c' (both there) with d-c', d'-c (both absent).
        std::uniform_int_distribution<int> pick(0, N - 1);
        for (int tries = 0; tries < 1000; ++tries) {
          const auto d = static_cast<std::size_t>(pick(rng)), e = static_cast<std::size_t>(pick(rng));
          const int c = pick(rng), f = pick(rng);
          Rows& x = *g;
          if (d == e || c == f) continue;
          if ((x[d] >> c & 1) && (x[e] >> f & 1) && !(x[d] >> f & 1) && !(x[e] >> c & 1)) {
            x[d] = static_cast<std::uint16_t>((x[d] & ~(1u << c)) | (1u << f));
            x[e] = static_cast<std::uint16_t>((x[e] & ~(1u << f)) | (1u << c));
            break;
          }
        }
      }
    }
    if (!g) continue;
    ++compared;
    BandCounter<WideEdges> closed(R, N, rho, tau, sigma), searched(R, N, rho, tau, sigma);
    searched.set_pair_closed_form(false);
    EXPECT_EQ(to_string(closed.count_rows(*g)), to_string(searched.count_rows(*g))) << "trial " << trial;
  }
  EXPECT_GE(compared, 50);
}
