// A uniformly random element of the wreath product S_m wr S_k acting on k*m lines (k blocks of m:
// bands of rows, stacks of columns): block b's line i goes to blocks[b]*m + in_b[i]. Shared by the
// symmetry group's tests and the grid tools' tests (tests/symmetry, tests/grid).
#pragma once

#include <algorithm>
#include <cstddef>

#include "gridenum/symmetry/permutation.hpp"

namespace gridenum::test_support {

template <class Rng>
Perm random_wreath(int m, int k, Rng& rng) {
  Perm blocks = identity_perm(k);
  std::shuffle(blocks.begin(), blocks.end(), rng);
  Perm p(static_cast<std::size_t>(m * k));
  for (int b = 0; b < k; ++b) {
    Perm in = identity_perm(m);
    std::shuffle(in.begin(), in.end(), rng);
    for (int i = 0; i < m; ++i) p[static_cast<std::size_t>(b * m + i)] = blocks[static_cast<std::size_t>(b)] * m + in[static_cast<std::size_t>(i)];
  }
  return p;
}

}  // namespace gridenum::test_support
