// Random side-2 configurations and random images of them under the class group (relabel the
// digits, permute the boxes, swap a box's two rows), for the side-2 tests of tests/count.
#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

#include "gridenum/count/side2/side2.hpp"

namespace gridenum::test_support {

// C(2m, m)^m, the number of side-2 configurations (every S_k an m-set of the 2m digits).
inline std::uint64_t binom_pow(int m) {
  std::uint64_t b = 1;
  for (int i = 1; i <= m; ++i) b = b * static_cast<std::uint64_t>(m + i) / static_cast<std::uint64_t>(i);
  std::uint64_t p = 1;
  for (int k = 0; k < m; ++k) p *= b;
  return p;
}

inline gridenum::Side2Config random_config(int m, std::mt19937& rng) {
  gridenum::Side2Config c;
  c.m = m;
  std::vector<int> d(2 * m);
  std::iota(d.begin(), d.end(), 0);
  for (int k = 0; k < m; ++k) {
    std::shuffle(d.begin(), d.end(), rng);
    for (int i = 0; i < m; ++i) c.sets[k] |= static_cast<std::uint16_t>(1u << d[i]);
  }
  return c;
}

// A random element of the class group applied to c: relabel, permute boxes, flip some boxes.
inline gridenum::Side2Config random_image(const gridenum::Side2Config& c, std::mt19937& rng) {
  const int m = c.m, n = 2 * m;
  std::vector<int> relabel(n), boxes(m);
  std::iota(relabel.begin(), relabel.end(), 0);
  std::iota(boxes.begin(), boxes.end(), 0);
  std::shuffle(relabel.begin(), relabel.end(), rng);
  std::shuffle(boxes.begin(), boxes.end(), rng);
  gridenum::Side2Config out;
  out.m = m;
  for (int k = 0; k < m; ++k) {
    std::uint16_t s = 0;
    for (int d = 0; d < n; ++d)
      if (c.sets[boxes[k]] >> d & 1) s |= static_cast<std::uint16_t>(1u << relabel[d]);
    if (rng() & 1) s = static_cast<std::uint16_t>(((1u << n) - 1) & ~s);
    out.sets[k] = s;
  }
  return out;
}

}  // namespace gridenum::test_support
