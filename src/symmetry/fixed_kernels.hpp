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
// are the cycle types pi may have (relabelling_types). Any g, N <= 12. parts: FixedOptions::parts
// (the orbits of roots in up to 64 parts), or nullptr.
u128 count_by_line_orbits(Shape s, const GeometricSymmetry& g, const std::vector<CycleType>& types,
                          KernelStats& stats, const FixedParts* parts = nullptr);

// f(g) by band signatures (fixed_signatures.cpp). s must have two bands (s.cols == 2) and g
// must be untransposed; the caller turns 2 x C shapes round first.
// wide: the 12-digit edge sets whatever the shape (FixedOptions::wide_edges).
// share_walks_from, band_memo_states: FixedOptions::share_walks_from, ::band_memo_states.
u128 count_by_signatures(Shape s, const GeometricSymmetry& g, const std::vector<CycleType>& types,
                         const PlainBandCounts* plain, KernelStats& stats, bool wide = false,
                         std::uint64_t share_walks_from = std::uint64_t{1} << 20,
                         std::size_t band_memo_states = std::size_t{1} << 20);

// True when g (untransposed, s with two bands: s.cols == 2) swaps the bands and the band symmetry
// it induces, (a1 a0, h^2, pi^2), is trivial: then the signature kernel sums plain band counts
// F(S) over digit-type histograms (fixed_signatures.cpp), from PlainBandCounts when given.
bool trivial_band_symmetry(Shape s, const GeometricSymmetry& g);

// The allowed signature multisets the signature kernel would walk for g (s.cols == 2, untransposed),
// summed over the relabelling types: how much work the class is, known in microseconds (the
// histogram sums of trivial band symmetry, not estimated, count as the most: UINT64_MAX).
std::uint64_t signature_family_members(Shape s, const GeometricSymmetry& g, const std::vector<CycleType>& types);

}  // namespace gridenum::detail
