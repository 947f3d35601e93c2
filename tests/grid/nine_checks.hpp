// What the 9x9 ranker and sampler are checked against (test_rank_nine.cpp, slow_sample.cpp): the
// count engine's 9x9 run (the stack method: catalogue of Felgenhauer and Jarvis's band classes
// and each class's completions n), once per process.
#pragma once

#include <vector>

#include "gridenum/count/stack/count.hpp"
#include "gridenum/grid/band_stack_rank.hpp"

namespace gridenum::testing {

inline const CountResult& nine_count() {
  static const CountResult result = [] {
    CountOptions o;
    o.shape = Shape{3, 3};
    o.threads = 2;
    return run_count(o);
  }();
  return result;
}

// The probability that a uniform 9x9 grid's top band (or, by the grid's symmetries, any band, or
// any stack read as a band) is in class k: |C_k| L_band n_k / T1, T1 the grids with box 1 fixed.
inline std::vector<double> nine_band_class_probabilities(u128 normalised_total) {
  const CountResult& c = nine_count();
  std::vector<double> p(c.catalogue.classes.size());
  for (std::size_t k = 0; k < p.size(); ++k)
    p[k] = static_cast<double>(BigInt(c.catalogue.classes[k].size) * band_symmetry_factor(Shape{3, 3}) * c.reduction.n[k]) /
           static_cast<double>(normalised_total);
  return p;
}

}  // namespace gridenum::testing
