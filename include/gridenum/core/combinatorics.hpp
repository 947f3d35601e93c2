// Small combinatorial helpers that several counting methods need, written and tested once
// (tests/core/test_combinatorics.cpp). Sharing them does not tie the independent counting
// routes together: each route's counting logic stays its own; these are textbook formulas.
#pragma once

#include <bit>
#include <cstdint>

#include "gridenum/core/arith.hpp"

namespace gridenum {

// The binomial coefficient C(n, k) as an exact 64-bit value: 0 when k < 0 or k > n; throws
// OverflowError when the value passes 2^64. After step i the running value is C(n-k+i, i), an
// integer, so every division is exact; the product before the division is formed in 64 bits
// when it fits (a 64-bit division: some callers classify configurations with it in a loop) and
// in 128 bits when it does not.
constexpr std::uint64_t binomial(std::int64_t n, std::int64_t k) {
  if (k < 0 || n < 0 || k > n) return 0;
  if (k > n - k) k = n - k;
  std::uint64_t r = 1;
  for (std::int64_t i = 1; i <= k; ++i) {
    const auto f = static_cast<std::uint64_t>(n - k + i), d = static_cast<std::uint64_t>(i);
    std::uint64_t p = 0;
    if (!__builtin_mul_overflow(r, f, &p)) {
      r = p / d;
    } else {
      const u128 w = static_cast<u128>(r) * f / d;
      if (w > UINT64_MAX) throw OverflowError("binomial coefficient C(n, k) over 64 bits");
      r = static_cast<std::uint64_t>(w);
    }
  }
  return r;
}

// ---- Multinomial coefficients ------------------------------------------------------------
// n! / (k_1! k_2! ... k_j!) with n = k_1 + ... + k_j: the orders of a multiset whose values
// occur k_1, ..., k_j times (the class weights of two_stack_classes.cpp, two_stack_orbits.cpp,
// two_band_classes.cpp and three_band/band_signatures.cpp). Built one item at a time: after t
// items, c of them equal to the current item so far, the running value is the multinomial of
// those t items, an integer, and the next one is value * (t + 1) / c, so every division is
// exact and the value never decreases -- a step past 2^64 means the result is past it too
// (OverflowError, as binomial). The product is formed in 64 bits when it fits, else in 128.
namespace combinatorics_detail {
constexpr std::uint64_t multinomial_step(std::uint64_t r, std::uint64_t t, std::uint64_t c) {
  std::uint64_t p = 0;
  if (!__builtin_mul_overflow(r, t, &p)) return p / c;
  const u128 w = static_cast<u128>(r) * t / c;
  if (w > UINT64_MAX) throw OverflowError("multinomial coefficient over 64 bits");
  return static_cast<std::uint64_t>(w);
}
}  // namespace combinatorics_detail

// The multinomial of the multiplicities parts[0..k) (each >= 0).
template <class Int>
constexpr std::uint64_t multinomial(const Int* parts, int k) {
  std::uint64_t r = 1, t = 0;
  for (int i = 0; i < k; ++i)
    for (std::uint64_t c = 1; c <= static_cast<std::uint64_t>(parts[i]); ++c)
      r = combinatorics_detail::multinomial_step(r, ++t, c);
  return r;
}

// The multinomial of the runs of a sequence of n items in which equal items stand together
// (a sorted sequence): n! / prod (run length)!. same(i), for 0 < i < n, says whether item i
// equals item i - 1, so items need no operator== (rows of a table, ...).
template <class Same>
constexpr std::uint64_t multinomial_of_runs(int n, Same&& same) {
  std::uint64_t r = 1, c = 0;
  for (int i = 0; i < n; ++i) {
    c = (i > 0 && same(i)) ? c + 1 : 1;
    r = combinatorics_detail::multinomial_step(r, static_cast<std::uint64_t>(i) + 1, c);
  }
  return r;
}

// The same for a[0..n) compared with ==.
template <class T>
constexpr std::uint64_t multinomial_of_runs(const T* a, int n) {
  return multinomial_of_runs(n, [a](int i) { return a[i] == a[i - 1]; });
}

// ---- Multisets in colex order --------------------------------------------------------------
// A k-multiset of {0..top} as its values sorted, a[0] <= ... <= a[k-1]. Colex order compares
// the largest values first (a[k-1], then a[k-2], ...); the multisets then run through
// {0,..,0}, {0,..,0,1}, {0,..,1,1}, ..., and the one with values a has the rank
//   sum_i C(a[i] + i, i + 1)
// (the adding of a new largest value leaves the ranks of the smaller multisets alone, so a
// table of them can grow). two_band_classes.cpp walks its nodes this way, twice.

// Steps a[0..k) to the next multiset in colex order: raises the first entry that can be
// raised (a[i] < a[i+1], or < top for the last) and resets the entries before it to 0. After
// the last multiset ({top,..,top}) it returns false and a is the first one again (all 0), as
// std::next_permutation does.
template <class T>
constexpr bool next_multiset_colex(T* a, int k, T top) {
  for (int i = 0; i < k; ++i) {
    const T cap = (i + 1 < k) ? a[i + 1] : top;
    if (a[i] < cap) {
      ++a[i];
      for (int j = 0; j < i; ++j) a[j] = 0;
      return true;
    }
  }
  for (int j = 0; j < k; ++j) a[j] = 0;
  return false;
}

// The colex rank of the sorted multiset a[0..k): its place in next_multiset_colex's walk,
// from 0; C(top + k, k) multisets in all.
template <class T>
constexpr std::uint64_t multiset_colex_rank(const T* a, int k) {
  std::uint64_t r = 0;
  for (int i = 0; i < k; ++i) r += binomial(static_cast<std::int64_t>(a[i]) + i, i + 1);
  return r;
}

// ---- Disjoint sets (union-find) ----------------------------------------------------------
// Classes of configurations as the components of "a generator maps one to the other"
// (stack/catalogue.cpp, side2/two_band_classes.cpp, symmetry/fixed_line_orbits.cpp). The
// parent array is the caller's (two_band_classes.cpp reuses its 44 MB afterwards), each entry
// its own parent at the start. Path halving; the larger root goes under the smaller, so every
// class's root is its smallest member, every link points downwards, and one pass in
// increasing order (parent[x] = parent[parent[x]]) leaves every entry at its root.
template <class Parent, class Index>
constexpr Index disjoint_find(Parent& parent, Index x) {
  while (parent[x] != x) x = parent[x] = parent[parent[x]];
  return x;
}

// Joins the classes of a and b; false when they were one already.
template <class Parent, class Index>
constexpr bool disjoint_unite(Parent& parent, Index a, Index b) {
  a = disjoint_find(parent, a);
  b = disjoint_find(parent, b);
  if (a == b) return false;
  if (a < b) parent[b] = a;
  else parent[a] = b;
  return true;
}

// ---- Cycles of a graph of degree at most 2 -------------------------------------------------
// F_2 = 2^cycles in every colouring count (count/isa/band_colourings.hpp,
// verify/isa/colourings.cpp, side2/two_stack_fillings.cpp, side2/two_band_fillings.cpp,
// symmetry/fixed_signatures.cpp): with two rows left, each column is an edge between its two
// digits, the digit graph is 2-regular (a union of cycles; a column taken twice is a cycle of
// length 2), and each cycle alternates between the two rows in one of two ways.
// edges[0..n): n two-bit masks over vertices 0..15 (labels need not be contiguous). Counts the
// closed cycles by path ends, as the edges come: end[v] is the other end of the path ending at
// v (v itself while v is on no edge). Adding x - y, with p = end[x]: p == y closes a cycle,
// else the paths join, from p to q = end[y]. Valid while no vertex is on more than two edges
// (a path end is then always x or y); the paths left open are not counted. This replaced
// union-find over the digits (two_band_fillings.cpp measured it: 6x2 class 63198, F 51.2 ->
// 48.1 s; for band_colourings.hpp see count/isa/kernels.cpp).
// Always inlined: the per-ISA kernels (count/isa/, verify/isa/) compile it with their own
// -march, and an out-of-line copy would be one symbol for all levels, of which the linker keeps
// any one (an AVX-512 copy run on a machine without it).
template <class Mask>
[[gnu::always_inline]] constexpr int two_regular_cycles(const Mask* edges, int n) {
  std::uint8_t end[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  int closed = 0;
  for (int j = 0; j < n; ++j) {
    const auto e = static_cast<std::uint32_t>(edges[j]);
    const int x = std::countr_zero(e) & 15, y = std::countr_zero(e & (e - 1)) & 15;
    const int p = end[x] & 15, q = end[y] & 15;
    if (p == y) {
      ++closed;
    } else {
      end[p] = static_cast<std::uint8_t>(q);
      end[q] = static_cast<std::uint8_t>(p);
    }
  }
  return closed;
}

}  // namespace gridenum
