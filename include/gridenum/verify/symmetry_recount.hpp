// `gridenum verify symmetry --recount`: every class of `gridenum symmetry`'s table that fixes
// grids, counted again by code that shares no counting code with the kernels the run used
// (docs/symmetry.md, "10x10: the recount of every fixing class"):
//
//   stacks  the stack recount (stack_recount.hpp) over every cycle type of pi but the identity,
//           which is left out only where a power g^k moves a cell inside one of its own rows,
//           columns or boxes (X(g^k c) = X(c) would then repeat a digit there) -- not the
//           kernels' necessary conditions (relabelling_types), so those are checked too;
//   cells   the cell recount (cell_recount.hpp): a plain search over cells, pi from a walk over
//           all N! digit permutations.
//
// Neither shares code with fixed_signatures.cpp or fixed_line_orbits.cpp (they use only the
// element's description and permutation helpers from src/symmetry). The kernel's figure is the
// one `gridenum symmetry` prints: the whole Burnside run is made (for 2x5 with the side-2 count's
// F table, as the command does), and its class table is what is checked. When every class that
// fixes grids is recounted, the essentially-different figure is computed again from the
// recounted values (the identity's term stays the count engine's total / N!).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/shape.hpp"
#include "gridenum/symmetry/burnside.hpp"
#include "gridenum/verify/verify.hpp"

namespace gridenum {

struct ClassRecount;

enum class RecountMethod {
  Auto,    // cells when the cell search has few candidates pi (at most 100) and g's cell orbits
           // have 3 cells on average or more, else stacks where they apply (untransposed elements
           // of 2 x m and m x 2 shapes), else cells
  Stacks,
  Cells,
};
std::string to_string(RecountMethod m);

struct SymmetryRecountOptions {
  Shape shape{2, 5};
  bool transposition = false;          // square boxes only
  std::vector<std::uint32_t> classes;  // 1-based class indices, recounted in this order; empty: every
                                       // class that fixes grids, in index order
  RecountMethod method = RecountMethod::Auto;
  int threads = 0;                     // 0: every core
  // Called before each class is recounted, with its 1-based index and the method chosen, and
  // after (a long run's progress: one class of 10x10 takes minutes; the CLI prints both to stderr).
  std::function<void(std::size_t index, RecountMethod method)> on_class_start;
  std::function<void(const ClassRecount&)> on_class;
};

struct ClassRecount {
  std::size_t index = 0;  // 1-based, the order of `gridenum symmetry --json`
  std::string text;       // the representative in words
  std::uint64_t size = 0;
  u128 kernel = 0;        // the run's f
  FixedMethod kernel_method = FixedMethod::Filter;
  u128 recount = 0;
  RecountMethod method = RecountMethod::Auto;  // the method that recounted (never Auto)
  double seconds = 0;
  bool agree() const { return kernel == recount; }
};

struct SymmetryRecount {
  BurnsideResult run;                 // the `gridenum symmetry` run whose table is checked
  std::vector<ClassRecount> classes;  // in the order recounted
  // Every class with f > 0 recounted: sum over the recounted classes of size x recount, plus the
  // identity's term, over |G|. nullopt when some fixing class was left out (--classes).
  std::optional<BigInt> essentially_different;
  double seconds = 0;
};

// Throws VerifyInputError for a shape Burnside does not take, transposition with R != C, an
// index out of range, the identity's index (its term is the count engine's), or Stacks for an
// element it does not apply to.
SymmetryRecount recount_symmetry(const SymmetryRecountOptions& opt);

// The recount as a verify report: one line per class (kernel against recount; the note: size,
// methods, seconds, representative), and the essentially-different figure when complete.
VerifyReport verify_symmetry_recount(const SymmetryRecountOptions& opt);

}  // namespace gridenum
