// What the grid tools' tests share (tests/grid/): random grids from the puzzle generator's filler
// (puzzle/generate.hpp random_solution), random elements of G, and a brute-force minlex form
// that applies every element of the group by the definition (symmetry_group.hpp's cell_image),
// sharing nothing with the pruned search under test (src/grid/canon.cpp).
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "random_wreath.hpp"
#include "gridenum/grid/canon.hpp"
#include "gridenum/puzzle/generate.hpp"
#include "gridenum/puzzle/model.hpp"
#include "gridenum/puzzle/rng.hpp"

namespace gridenum::testing {

inline GridCells random_grid(Shape s, std::uint64_t seed) {
  const Model m = make_model(s, kRuleClassic, std::vector<int>(static_cast<std::size_t>(s.cells()), 0));
  Rng rng(seed);
  return random_solution(m, rng);
}


inline GridElement random_element(Shape s, std::mt19937_64& rng, bool transposition = true) {
  GridElement g;
  g.geo.rows = test_support::random_wreath(s.rows, s.cols, rng);  // C bands of R rows
  g.geo.cols = test_support::random_wreath(s.cols, s.rows, rng);  // R stacks of C columns
  g.geo.transpose = transposition && s.rows == s.cols && (rng() & 1) != 0;
  g.digits = identity_perm(s.n());
  std::shuffle(g.digits.begin(), g.digits.end(), rng);
  return g;
}

// Relabelled by first appearance in reading order (digits 1, 2, ..), the minlex convention.
inline GridCells relabel_first_appearance(const GridCells& y) {
  std::vector<int> label(y.size() + 1, 0);
  int next = 0;
  GridCells out(y.size());
  for (std::size_t i = 0; i < y.size(); ++i) {
    int& l = label[static_cast<std::size_t>(y[i])];
    if (l == 0) l = ++next;
    out[i] = l;
  }
  return out;
}

// Every geometric symmetry of the shape (untransposed first).
inline std::vector<GeometricSymmetry> all_geometric(Shape s, bool transposition) {
  std::vector<Perm> rows, cols;
  for_each_wreath_element(s.rows, s.cols, [&](const Perm& p) { rows.push_back(p); });
  for_each_wreath_element(s.cols, s.rows, [&](const Perm& p) { cols.push_back(p); });
  std::vector<GeometricSymmetry> out;
  for (int t = 0; t < (transposition && s.rows == s.cols ? 2 : 1); ++t)
    for (const auto& a : rows)
      for (const auto& b : cols) out.push_back(GeometricSymmetry{a, b, t == 1});
  return out;
}

// The plain minimum over the whole group: every image, relabelled by first appearance; and how
// many elements (geometric part with its forced relabelling) reach it.
struct BruteForm {
  GridCells form;
  std::uint64_t reaching = 0;
};
inline BruteForm brute_minlex(Shape s, const GridCells& x, const std::vector<GeometricSymmetry>& group) {
  BruteForm b;
  GridCells y(x.size());
  for (const auto& g : group) {
    for (int c = 0; c < s.cells(); ++c) y[static_cast<std::size_t>(cell_image(s, g, c))] = x[static_cast<std::size_t>(c)];
    const GridCells z = relabel_first_appearance(y);
    if (b.form.empty() || z < b.form) {
      b.form = z;
      b.reaching = 1;
    } else if (z == b.form) {
      ++b.reaching;
    }
  }
  return b;
}

// Every grid of a small shape, by plain backtracking in reading order; with `box1_fixed` only
// those whose first box reads 1..N in reading order (one of each relabelling class).
inline std::vector<GridCells> all_grids(Shape s, bool box1_fixed = false) {
  const int n = s.n();
  std::vector<GridCells> out;
  GridCells g(static_cast<std::size_t>(n * n), 0);
  std::vector<int> fixed(static_cast<std::size_t>(n * n), 0);
  if (box1_fixed)
    for (int r = 0; r < s.rows; ++r)
      for (int c = 0; c < s.cols; ++c) fixed[static_cast<std::size_t>(r * n + c)] = r * s.cols + c + 1;
  auto ok = [&](int cell, int d) {
    const int r = cell / n, c = cell % n;
    for (int i = 0; i < n; ++i)
      if (g[static_cast<std::size_t>(r * n + i)] == d || g[static_cast<std::size_t>(i * n + c)] == d) return false;
    for (int i = 0; i < cell; ++i)
      if (s.box_of(i / n, i % n) == s.box_of(r, c) && g[static_cast<std::size_t>(i)] == d) return false;
    return true;
  };
  auto rec = [&](auto&& self, int cell) -> void {
    if (cell == n * n) {
      out.push_back(g);
      return;
    }
    const int only = fixed[static_cast<std::size_t>(cell)];
    for (int d = 1; d <= n; ++d)
      if ((only == 0 || d == only) && ok(cell, d)) {
        g[static_cast<std::size_t>(cell)] = d;
        self(self, cell + 1);
        g[static_cast<std::size_t>(cell)] = 0;
      }
  };
  rec(rec, 0);
  return out;
}

// The most symmetric 9x9 grid: 648 automorphisms, the largest group any 9x9 grid has (Russell and
// Jarvis 2006; docs/grid-tools.md). With r = 3a + b and c = 3x + y (a: band, b: row in band, x:
// stack, y: column in stack) the digit is 3((b + x) mod 3) + (a + y) mod 3 + 1: the grid is the
// addition table of Z_3 x Z_3 read with rows and columns split into their two coordinates, so
// shifting a, b, x, y (with the matching relabelling) and the moves that exchange the roles of
// bands and stacks keep it. test_canon.cpp checks its order, slow_canon.cpp checks 648 (324 without the transposition)
// against a brute force over all 3,359,232 geometric symmetries.
inline GridCells product_grid() {
  GridCells g(81);
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c)
      g[static_cast<std::size_t>(r * 9 + c)] = 3 * ((r % 3 + c / 3) % 3) + (r / 3 + c % 3) % 3 + 1;
  return g;
}

}  // namespace gridenum::testing
