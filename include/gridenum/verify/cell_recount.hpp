// A third count of f(g) (symmetry/fixed_grids.hpp), by a plain search over cells with the symmetry
// built in. It shares no code with the counting kernels of src/symmetry (line orbits, signatures)
// nor with their necessary conditions on the relabelling (relabelling_types), nor with the stack
// recount (stack_recount.hpp): it is the check that needs the fewest ideas to believe
// (docs/symmetry.md, "10x10: the recount of every fixing class").
//
// The idea. Relabelling acts freely on grids and keeps "g maps X onto a relabelling of X", so
// f(g) is the number of such grids whose first row reads 0 1 .. N-1, and for each of them the
// relabelling pi with X(g(cell)) = pi(X(cell)) is unique. Let M be the length of row 0's orbit
// among the lines under g and q the permutation g^M induces on row 0's cells: X(0, q(c)) =
// pi^M(c), so pi^M = q. The candidates pi are found by walking all N! permutations (at most 10!
// = 3,628,800, a second on one core; plainly right), keeping those with pi^M = q -- no
// condition on pi's cycle type is assumed. For each candidate the grid is searched cell by cell
// in reading order: the digit v put in a cell puts pi^j(v) in its j-th image under g, every one
// checked against its row, column and box, and the orbit must close (pi^|O|(v) = v). What the
// rows below row r can still hold depends only on the digits the columns and boxes already
// hold and on the cells below row r that earlier orbits filled, so the count below each row is
// memoised on exactly that (a key of bytes; correct for any g, transposed ones included, which
// is what lets the fast tests run it on every class of every small shape).
//
// Cost: cheap for elements with long cell orbits (few free choices), costly for elements that
// move few cells (many grids, many states): on 10x10 those are left to the stack recount.
#pragma once

#include <cstdint>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/shape.hpp"
#include "gridenum/symmetry/symmetry_group.hpp"

namespace gridenum {

struct CellRecount {
  u128 grids = 0;                   // f(g)
  std::uint64_t relabellings = 0;   // candidates pi searched (pi^M = q)
  std::uint64_t states = 0;         // memo entries, all candidates together
  double seconds = 0;
};

// f(g) for a non-identity element g of s's geometric group (transposed ones included, R = C),
// N <= 10. threads = 0: all cores (the candidates pi are shared out). Throws
// std::invalid_argument for the identity (its term is the count engine's), for g outside the
// group and for N > 10.
CellRecount cell_recount(Shape s, const GeometricSymmetry& g, int threads = 0);

// The number of candidates pi the cell recount would search for g (same contract; about a second
// on one core for 10 digits): how a caller judges its cost before running it.
std::uint64_t cell_recount_candidates(Shape s, const GeometricSymmetry& g);

}  // namespace gridenum
