// The two counting kernels behind count_fixed_grids (fixed_grids.hpp), library-internal.
#pragma once

#include <cstdint>
#include <vector>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/shape.hpp"
#include "gridenum/symmetry/fixed_grids.hpp"
#include "gridenum/symmetry/permutation.hpp"
#include "gridenum/symmetry/symmetry_group.hpp"

namespace gridenum::detail {

struct KernelStats {
  std::uint64_t relabellings = 0;
  std::uint64_t searched = 0;
  std::uint64_t states = 0;
};

// f(g) by filling orbits of lines with the first row fixed (fixed_line_orbits.cpp). `types`
// are the cycle types pi may have (relabelling_types). Any g, N <= 10.
u128 count_by_line_orbits(Shape s, const GeometricSymmetry& g, const std::vector<CycleType>& types,
                          KernelStats& stats);

// f(g) by band signatures (fixed_signatures.cpp). s must have two bands (s.cols == 2) and g
// must be untransposed; the caller turns 2 x C shapes round first.
u128 count_by_signatures(Shape s, const GeometricSymmetry& g, const std::vector<CycleType>& types,
                         const PlainBandCounts* plain, KernelStats& stats);

}  // namespace gridenum::detail
