// Grid geometry the generator's layout steps share (gen_regions.cpp, gen_cages.cpp): regions and
// cages are connected sets of cells, connected through the four neighbours of a cell.
#pragma once

#include <array>

namespace gridenum::gen {

// The 4-neighbours of cell c (row-major) in an n x n grid: up, down, left, right; -1 where the
// grid ends.
inline std::array<int, 4> neighbours(int c, int n) {
  const int r = c / n, col = c % n;
  return {r > 0 ? c - n : -1, r + 1 < n ? c + n : -1, col > 0 ? c - 1 : -1, col + 1 < n ? c + 1 : -1};
}

}  // namespace gridenum::gen
