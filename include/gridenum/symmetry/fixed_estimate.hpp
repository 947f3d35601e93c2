// An estimate of f(g), the grids fixed by one geometric symmetry up to relabelling, with a stated
// error: Knuth's random paths (1975) down the cell-search tree, the tree the cell-search kernel
// counts exactly (FixedMethod::CellSearch; src/symmetry/fixed_cell_estimate.cpp has the idea).
//
// What it is for: a check of a class whose exact count no second kernel finishes (docs/symmetry.md,
// *Classes no second kernel finishes: an estimate with a stated error*). The estimate shares no
// code with the kernels a symmetry job counts by -- only g's cell permutation, as the cell search
// -- so a z-score (estimate - f) / se near 0 is independent evidence for the job's f, and a large
// one is a sign to look closer. It is an estimate, never a count: nothing here is an input to a
// Burnside sum.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "gridenum/core/shape.hpp"
#include "gridenum/estimate/chooser.hpp"
#include "gridenum/symmetry/symmetry_group.hpp"

namespace gridenum {

struct FixedEstimateOptions {
  std::uint64_t samples = 100000;  // random paths, >= 2 (rounded up to a multiple of the strata)
  std::uint64_t seed = 1;          // path t of stratum j draws from estimate::RandomChooser(seed, j * per + t)
  // The strata: the tree's states some branchings below the root, at least this many (fewer when
  // the tree ends above), each given the same number of paths (fixed_cell_estimate.cpp).
  std::uint64_t strata = 4096;
  int threads = 0;                 // 0: every core (core/threads.hpp)
};

struct FixedEstimate {
  std::uint64_t samples = 0;       // paths drawn: per stratum times strata
  std::uint64_t strata = 0;        // states the paths start from
  std::uint64_t exact_leaves = 0;  // grids met above the strata, counted exactly
  long double mean = 0;  // the estimate of f(g): exact_leaves plus the strata's mean weights
  long double se = 0;    // its standard error: the square root of the sum of the strata's variances
  std::uint64_t dead_ends = 0;  // paths of weight 0
  // The largest share of the estimate one path carries (its weight over its stratum's paths, over
  // the estimate).
  // Near 1/samples the weights are even; a large share means a heavy tail, where the sample's sd
  // understates the true one and the error bar is not to be trusted (docs/symmetry.md).
  double largest_share = 0;
  std::uint64_t nodes = 0;  // branchings visited
  int threads = 0;
  double seconds = 0;
};

// Why the options cannot run (samples < 2, strata < 1, shape over 12 digits), or nullopt.
std::optional<std::string> fixed_estimate_error(Shape s, const FixedEstimateOptions& opt);

// Knuth's estimate of f(g) for any g of s (N <= 12), stratified by the states a few branchings
// below the root. The same (seed, samples, strata) gives the same figures bit for bit on any
// number of threads: each stratum's statistics are taken in path order, the strata summed in
// order. Throws
// std::invalid_argument when fixed_estimate_error says so, Interrupted on a stop request
// (core/stop.hpp).
FixedEstimate estimate_fixed_grids(Shape s, const GeometricSymmetry& g, const FixedEstimateOptions& opt = {});

// (estimate - f) / se: how many standard errors a count f lies from the estimate (0 when se is 0
// and the two are equal; +-infinity when se is 0 and they differ).
double fixed_estimate_z(const FixedEstimate& e, long double f);

// The |z| past which a count and an estimate are called inconsistent: with normal errors a class
// passes with probability 1 - 6.3e-5, so 50 checked classes all pass with probability 0.997, while
// a count off by more than 4 standard errors is flagged. A heavy tail (largest_share) can make the
// sample's se too small and a right count fail: such a failure says to look closer (more paths,
// another seed), not that the count is wrong.
inline constexpr double kFixedEstimateZLimit = 4.0;

// One path's weight at a time, with the choices from any Chooser: the estimate's sampler, open so
// that a test can walk the whole sampling tree (the sum of probability x weight over every path is
// f(g) exactly; tests/symmetry/test_fixed_estimate.cpp).
class FixedPathSampler {
 public:
  FixedPathSampler(Shape s, const GeometricSymmetry& g);
  ~FixedPathSampler();
  FixedPathSampler(FixedPathSampler&&) noexcept;
  FixedPathSampler& operator=(FixedPathSampler&&) noexcept;
  long double sample(estimate::Chooser& chooser);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gridenum
