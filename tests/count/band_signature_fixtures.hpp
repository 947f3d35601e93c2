// Test-local checks of the top-band signature catalogue (count/three_band/band_signatures.hpp) that share no
// code with src/: the box partitions of a shape, a brute-force orbit census by union-find over all
// tuples of box partitions, and Burnside's count of the orbits.
//
// Both work on tuples (p_1 .. p_R) of *unordered* box partitions (column order inside a box
// forgotten: the (S_C)^R part of the group is a normal subgroup, so its quotient can be taken
// first), under relabelling (S_N) and box permutations (S_R). A class of tuples stands for
// (C!)^R times as many configurations.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <map>
#include <numeric>
#include <vector>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/combinatorics.hpp"
#include "gridenum/core/shape.hpp"
#include "gridenum/count/three_band/band_signatures.hpp"
#include "gridenum/count/side2/two_band.hpp"

#include <gtest/gtest.h>

namespace gridenum::test_support {

// All unordered partitions of 0..N-1 into C blocks of R digits, each as its C block masks
// sorted increasingly.
inline std::vector<std::vector<std::uint32_t>> box_partitions(int R, int C) {
  const int N = R * C;
  std::vector<std::vector<std::uint32_t>> out;
  std::vector<std::uint32_t> blocks;
  auto rec = [&](auto&& self, std::uint32_t used) -> void {
    if (used == (1u << N) - 1) {
      auto b = blocks;
      std::sort(b.begin(), b.end());
      out.push_back(b);
      return;
    }
    const int lo = std::countr_zero(~used);
    // blocks containing lo and R-1 other unused digits
    std::vector<int> free;
    for (int d = lo + 1; d < N; ++d)
      if (!(used >> d & 1)) free.push_back(d);
    std::vector<int> pick(R - 1);
    auto choose = [&](auto&& me, int start, int depth, std::uint32_t mask) -> void {
      if (depth == R - 1) {
        blocks.push_back(mask);
        self(self, used | mask);
        blocks.pop_back();
        return;
      }
      for (int i = start; i < static_cast<int>(free.size()); ++i) me(me, i + 1, depth + 1, mask | (1u << free[i]));
    };
    choose(choose, 0, 0, 1u << lo);
  };
  rec(rec, 0);
  return out;
}

inline std::uint32_t apply_perm(const std::vector<int>& g, std::uint32_t m) {
  std::uint32_t r = 0;
  for (; m; m &= m - 1) r |= 1u << g[std::countr_zero(m)];
  return r;
}

struct BruteOrbits {
  std::vector<std::vector<std::uint32_t>> parts;  // partition id -> sorted blocks
  std::map<std::vector<std::uint32_t>, std::uint32_t> id;
  std::vector<std::uint32_t> root;                // tuple index -> representative tuple index
  std::map<std::uint32_t, std::uint64_t> orbit_tuples;  // root -> tuples in its orbit
};

// Union-find over all P^R tuples under the generators of S_N ((0 1) and the N-cycle) and of S_R
// (swap boxes 1, 2 and the R-cycle).
inline BruteOrbits brute_orbits(int R, int C) {
  const int N = R * C;
  BruteOrbits b;
  b.parts = box_partitions(R, C);
  for (std::uint32_t i = 0; i < b.parts.size(); ++i) b.id[b.parts[i]] = i;
  const std::uint64_t P = b.parts.size();
  std::uint64_t T = 1;
  for (int i = 0; i < R; ++i) T *= P;
  std::vector<std::vector<int>> digit_gens(2, std::vector<int>(N));
  std::iota(digit_gens[0].begin(), digit_gens[0].end(), 0);
  std::swap(digit_gens[0][0], digit_gens[0][1]);
  for (int d = 0; d < N; ++d) digit_gens[1][d] = (d + 1) % N;
  std::vector<std::vector<std::uint32_t>> act(2, std::vector<std::uint32_t>(P));
  for (int g = 0; g < 2; ++g)
    for (std::uint32_t p = 0; p < P; ++p) {
      std::vector<std::uint32_t> img;
      for (auto m : b.parts[p]) img.push_back(apply_perm(digit_gens[g], m));
      std::sort(img.begin(), img.end());
      act[g][p] = b.id.at(img);
    }
  std::vector<std::uint32_t> parent(T);
  std::iota(parent.begin(), parent.end(), 0u);
  auto find = [&](std::uint32_t x) { return disjoint_find(parent, x); };
  auto unite = [&](std::uint32_t a, std::uint32_t c) { disjoint_unite(parent, a, c); };
  std::vector<std::uint32_t> digits(R), img(R);
  for (std::uint64_t t = 0; t < T; ++t) {
    std::uint64_t x = t;
    for (int i = R - 1; i >= 0; --i) {
      digits[i] = static_cast<std::uint32_t>(x % P);
      x /= P;
    }
    auto encode = [&](const std::vector<std::uint32_t>& v) {
      std::uint64_t e = 0;
      for (auto d : v) e = e * P + d;
      return static_cast<std::uint32_t>(e);
    };
    for (int g = 0; g < 2; ++g) {
      for (int i = 0; i < R; ++i) img[i] = act[g][digits[i]];
      unite(static_cast<std::uint32_t>(t), encode(img));
    }
    img = digits;
    std::swap(img[0], img[1]);
    unite(static_cast<std::uint32_t>(t), encode(img));
    for (int i = 0; i < R; ++i) img[i] = digits[(i + 1) % R];
    unite(static_cast<std::uint32_t>(t), encode(img));
  }
  b.root.resize(T);
  for (std::uint64_t t = 0; t < T; ++t) {
    b.root[t] = find(static_cast<std::uint32_t>(t));
    ++b.orbit_tuples[b.root[t]];
  }
  return b;
}

// Integer partitions of n (parts in non-increasing order).
inline std::vector<std::vector<int>> integer_partitions(int n) {
  std::vector<std::vector<int>> out;
  std::vector<int> cur;
  auto rec = [&](auto&& self, int left, int maxp) -> void {
    if (left == 0) {
      out.push_back(cur);
      return;
    }
    for (int p = std::min(left, maxp); p >= 1; --p) {
      cur.push_back(p);
      self(self, left - p, p);
      cur.pop_back();
    }
  };
  rec(rec, n, n);
  return out;
}

// z_lambda = prod_i i^(a_i) a_i!: the centraliser order of a permutation of cycle type lambda.
inline BigInt centraliser(const std::vector<int>& lambda) {
  BigInt z = 1;
  std::map<int, int> a;
  for (int p : lambda) ++a[p];
  for (auto [i, ai] : a)
    for (int k = 1; k <= ai; ++k) z *= BigInt(i) * k;
  return z;
}

// Burnside: orbits of S_N x S_R on R-tuples of box partitions
//   = sum over cycle types lambda of S_N and mu of S_R of
//     prod over parts m of mu of fix(sigma_lambda^m) / (z_lambda z_mu),
// fix(tau) = box partitions mapped onto themselves by tau (a cycle of length m of the box
// permutation forces p_{i2} = sigma p_{i1}, ..., and p_{i1} fixed by sigma^m).
inline BigInt burnside_orbits(int R, int C) {
  const int N = R * C;
  const auto parts = box_partitions(R, C);
  auto fixed = [&](const std::vector<int>& tau) {
    std::uint64_t n = 0;
    for (const auto& p : parts) {
      std::vector<std::uint32_t> img;
      for (auto m : p) img.push_back(apply_perm(tau, m));
      std::sort(img.begin(), img.end());
      n += img == p ? 1 : 0;
    }
    return n;
  };
  BigInt num = 0;
  const auto mus = integer_partitions(R);
  for (const auto& lambda : integer_partitions(N)) {
    std::vector<int> sigma(N);
    int at = 0;
    for (int len : lambda) {
      for (int i = 0; i < len; ++i) sigma[at + i] = at + (i + 1) % len;
      at += len;
    }
    std::map<int, std::uint64_t> fix_power;  // m -> fix(sigma^m)
    for (int m = 1; m <= R; ++m) {
      std::vector<int> pw(N);
      for (int d = 0; d < N; ++d) {
        int e = d;
        for (int i = 0; i < m; ++i) e = sigma[e];
        pw[d] = e;
      }
      fix_power[m] = fixed(pw);
    }
    const BigInt zl = centraliser(lambda);
    for (const auto& mu : mus) {
      BigInt term = factorial(N) / zl * (factorial(R) / centraliser(mu));
      for (int m : mu) term *= fix_power[m];
      num += term;
    }
  }
  const BigInt denom = factorial(N) * factorial(R);
  if (num % denom != 0) return -1;
  return num / denom;
}

// The signature catalogue of R x 2 boxes (m = R) matched class for class, with equal sizes, with
// the side-2 two-band route's class table (its own generator): each class's left column sets
// classified by TwoBandClasses, every class of that table hit exactly once.
inline void expect_matches_two_band(Shape s) {
  const int m = s.rows;
  const auto cat = build_signature_catalogue(s, 2);
  const TwoBandClasses tb(m, 2);
  ASSERT_EQ(tb.table().classes.size(), cat.classes.size());
  std::vector<int> hit(cat.classes.size(), 0);
  for (const auto& cl : cat.classes) {
    const auto cols = signature_columns(s, cl.key);
    Side2Config c;
    c.m = m;
    for (int k = 0; k < m; ++k) c.sets[static_cast<std::size_t>(k)] = static_cast<std::uint16_t>(cols[static_cast<std::size_t>(k * 2)]);
    const auto j = tb.class_of(c);
    ++hit[j];
    EXPECT_EQ(tb.table().classes[j].weight, cl.size);
  }
  for (int h : hit) EXPECT_EQ(h, 1);
}

}  // namespace gridenum::test_support
