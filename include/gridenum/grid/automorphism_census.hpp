// The essentially different grids that have a non-trivial automorphism, and how many have each
// group order |Aut| (docs/grid-tools.md, "Automorphism census").
//
// Every grid whose stabiliser in G is not trivial is fixed by an element of prime order (a power of
// any non-trivial automorphism), and then by a conjugate of its class's representative in some
// grid of its orbit. So listing the grids each prime-order class's representative fixes
// (symmetry/fixed_grids.hpp, for_each_fixed_grid) meets every such orbit, and the canonical
// form (canon.hpp) tells the orbits apart and gives |Aut|. Nothing in the figures is assumed:
//
//   check (every run): sum over the orbits found of |G| (1 - 1/|Aut|) -- the number of pairs
//   (g != 1, grid up to relabelling) with g fixing the grid, counted orbit by orbit (orbit-
//   stabiliser) -- equals the same number counted class by class, sum over g != 1 of f(g)
//   (count_fixed_grids, the Burnside numerator less the identity). An orbit missed or an |Aut|
//   wrong would break it.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/shape.hpp"

namespace gridenum {

struct AutomorphismCensusOptions {
  Shape shape{3, 3};
  bool transposition = true;  // the transposition in G (R = C only)
  int threads = 0;            // 0: every core
  bool keep_forms = false;    // keep every orbit's canonical form and |Aut|
};

// One conjugacy class of G other than the identity that fixes a grid.
struct CensusClassRow {
  std::size_t number = 0;  // 1-based, as `gridenum symmetry --json`'s class_table
  std::string text;        // the representative in words
  std::uint64_t size = 0;  // elements in the class
  int order = 0;           // the representative's order
  u128 fixed = 0;          // f(g): grids up to relabelling it fixes
  bool listed = false;     // prime order: its fixed grids were listed and canonicalised
  std::uint64_t visited = 0;     // grids listed (one relabelling per orbit of roots, fixed_grids.hpp)
  std::uint64_t new_orbits = 0;  // orbits first met in this class
  double seconds = 0;
};

struct AutomorphismCensus {
  Shape shape;
  bool transposition = false;
  BigInt group_order;                           // |G| (geometric)
  std::map<std::uint64_t, std::uint64_t> by_order;  // |Aut| > 1 -> essentially different grids
  std::uint64_t orbits = 0;                     // the sum of by_order
  std::vector<CensusClassRow> classes;
  BigInt pairs_by_classes;  // sum over g != 1 of f(g)
  BigInt pairs_by_orbits;   // sum over the orbits found of |G| (1 - 1/|Aut|)
  bool check_holds = false;
  std::uint64_t visited = 0;
  std::vector<std::pair<std::string, std::uint64_t>> forms;  // keep_forms: (form, |Aut|), sorted
  double seconds = 0;
};

// Progress: the class just finished (its row filled in) and how many classes there are.
using CensusProgress = std::function<void(const CensusClassRow& row, std::size_t done, std::size_t of)>;

// Throws std::invalid_argument for shapes of more than 9 digits (10x10 classes fix up to 8e14
// grids each: docs/symmetry.md) or that the grid tools do not take, and for the transposition
// with R != C; CheckError when the check fails (the census is then not printed).
AutomorphismCensus automorphism_census(const AutomorphismCensusOptions& opt, const CensusProgress& progress = {});

}  // namespace gridenum
