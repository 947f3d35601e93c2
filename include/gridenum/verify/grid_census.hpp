// Independent check of the essentially-different count (`gridenum verify symmetry`): the orbits of
// the grids under the geometric group and relabelling, found by brute force.
//
// Shares no code with the symmetry subsystem (symmetry_group.cpp, fixed_*.cpp, burnside.cpp) nor
// with the count engine: its own grid search, its own list of the group's elements (built from
// the definition: band, row, stack and column permutations, transposition), and canonical forms
// by an explicit minimum over the whole group.
//
// The grids. Relabelling acts freely, so every grid has exactly one relabelling whose first box
// reads 0, 1, .., N-1 in reading order; the census enumerates those "box-1-fixed" grids (all
// grids / N!: 12 for 4x4, 39,168 for 6x6) and stands each for its relabelling class.
//
// Canonical form. For a geometric symmetry g let Y = g(X), Y(g(cell)) = X(cell), and norm(Y) its
// relabelling with box 1 fixed. The canonical form of X is the lexicographically smallest
// norm(g(X)) over the whole group; two grids are essentially the same exactly when their forms
// are equal, so the number of distinct forms is the number of essentially different grids.
// Cost: grids x |G| x N^2 cell reads at worst (6x6: 39,168 x 3,456; a comparison usually stops
// within a few cells).
//
// Only for small grids: N <= 6 (2x2, 2x3, 3x2). 8x8 has 7.2e11 box-1-fixed grids.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "gridenum/core/shape.hpp"

namespace gridenum {

// A grid as N*N digits 0..N-1 in reading order.
using CensusGrid = std::vector<std::uint8_t>;

// Every grid whose first box reads 0..N-1 in reading order (backtracking, reading order). N <= 6.
std::vector<CensusGrid> box1_fixed_grids(Shape s);

// Every geometric symmetry as a permutation of the N*N cells (cell -> image), built from the
// definition: rows move by a band permutation and a row permutation inside each band, columns by
// a stack permutation and a column permutation inside each stack; with `transposition` (R = C
// only) each of those also after a transposition. (R!)^C C! (C!)^R R! (x 2) permutations.
std::vector<std::vector<int>> geometric_cell_permutations(Shape s, bool transposition);

// The box-1-fixed grids X with g(X) a relabelling of X, g given by its cell permutation: the
// number of grids, up to relabelling, that g fixes.
std::uint64_t brute_fixed_grids(Shape s, const std::vector<CensusGrid>& grids, const std::vector<int>& cells);

struct GridCensus {
  Shape shape;
  bool transposition = false;
  std::uint64_t grids = 0;        // box-1-fixed grids (all grids / N!)
  std::uint64_t group_order = 0;  // geometric symmetries enumerated
  std::uint64_t orbits = 0;       // distinct canonical forms: essentially different grids
  // Orbits by the order of their stabiliser: an orbit of c box-1-fixed grids has |Aut| = |G| / c
  // (orbit-stabiliser; relabelling acts freely, so each grid of the orbit is one box-1-fixed
  // grid up to relabelling). |Aut| -> orbits with it, the trivial group included.
  std::map<std::uint64_t, std::uint64_t> automorphism_orders;
  double seconds = 0;
};

// Throws std::invalid_argument for N > 6, or transposition with R != C. threads = 0: every core.
GridCensus census_grids(Shape s, bool transposition, int threads);

}  // namespace gridenum
