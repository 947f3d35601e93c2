// f(g) by a plain cell search (fixed_kernels.hpp): the recount kernel that shares nothing with
// the others.
//
// The idea. A grid X is fixed by g when some relabelling pi has X(g c) = pi(X(c)) for every
// cell c. Relabelling acts freely on grids and maps fixed grids to fixed grids (tau X is fixed
// with tau pi tau^-1), so f(g), the fixed grids up to relabelling, is the number of fixed grids
// whose box 0 reads 0 1 .. N-1 in reading order. This kernel lists them one by one: a
// depth-first search over cells, each cell taking a digit its row, column and box do not hold,
// with pi built on the fly as a partial permutation. Every assignment is propagated along g:
//
//   X(c) = v, pi(v) known      ->  X(g c) must be pi(v)        (assigned, or checked)
//   X(c) = v, X(g c) = w known ->  pi(v) = w                   (a new link, or checked)
//   X(g^-1 c) = u known        ->  pi(u) = v                   (the same, seen from behind)
//   a new link pi(u) = w       ->  every cell holding u or w is looked at again
//
// and a cell waiting on a known neighbour along g may only take a digit that keeps pi a
// permutation. The next cell is the empty one with the fewest such digits. A leaf is a complete
// grid, every edge (c, g c) checked when its second end was filled, so pi is a permutation of
// the N digits and the grid is fixed: each leaf is one grid and f is their number.
//
// Why it exists. The symmetry jobs count a class once, by line orbits (fixed_line_orbits.cpp)
// or a band kernel (fixed_band_*.cpp), and a class is checked when a kernel that shares no
// counting code with the job's agrees (scripts/symmetry-recount.sh, docs/symmetry.md). On 3x4
// the band kernels take more than ten minutes on line-orbit classes whose f is small (class
// 407: 16,896 grids) because they sum over the whole three-band catalogue whatever g fixes,
// and line orbits' memo does not close on the heavy band swaps. A search that meets each fixed
// grid once costs about f times a small constant, so it is the independent count of every class
// with f up to about 1e9 -- the method Russell and Jarvis (2006) used for 9x9, and the one the
// outside check of the 2x5 table used. It uses nothing but g's cell permutation: not the
// relabelling types of fixed_grids.cpp's step 1, not the line or band structures, no memo.
// It is never Auto's pick (line orbits with its memo is far faster wherever both close).
//
// Not the cell recount of `verify symmetry --recount` (src/verify/cell_recount.cpp), which takes
// its candidate relabellings from a walk over all N! permutations (pi^M = q on row 0) and
// memoises row by row: that walk and memo stop at 10 digits. Here pi is never enumerated, only
// extended by the cells as they are filled, which is what takes the search to 12.
//
// The search itself (the tables, the State, the choice of cell, propagation along g) is in
// cell_search.hpp, shared with Knuth's estimate of the same tree (fixed_cell_estimate.cpp).
#include <oneapi/tbb/parallel_for.h>

#include <stdexcept>
#include <vector>

#include "cell_search.hpp"
#include "fixed_kernels.hpp"

namespace gridenum::detail {

using namespace cells;

u128 count_by_cell_search(Shape s, const GeometricSymmetry& g, KernelStats& stats) {
  if (s.n() > kMaxN) throw std::invalid_argument("fixed grids by cell search: at most 12 digits");
  const CellGeometry geo = cell_geometry(s, g);

  CellSearch search(geo, State{});
  if (!search.root()) return 0;

  // Split the tree into enough subtrees for the threads to share (each a oneTBB task), going one
  // branching deeper until there are at least 256 or the tree ends above that depth.
  std::vector<State> subtrees;
  std::uint64_t shallow = 0;
  for (int depth = 1; depth <= geo.cells; ++depth) {
    subtrees.clear();
    shallow = 0;
    search.frontier(depth, subtrees, shallow);
    if (subtrees.size() >= 256 || subtrees.empty()) break;
  }
  std::vector<std::uint64_t> got(subtrees.size(), 0), nodes(subtrees.size(), 0);
  tbb::parallel_for(std::size_t{0}, subtrees.size(), [&](std::size_t i) {
    CellSearch own(geo, subtrees[i]);
    got[i] = own.count();
    nodes[i] = own.nodes();
  });
  u128 total = shallow;
  for (std::size_t i = 0; i < subtrees.size(); ++i) {
    total = checked_add(total, u128{got[i]});
    stats.searched += nodes[i];
  }
  stats.relabellings = subtrees.size();
  return total;
}

}  // namespace gridenum::detail
