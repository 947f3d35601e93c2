// Chains: how the digits still missing from a band's rows (or a stack's columns) are shared out
// among the boxes that remain. Internal to the completion kernels and the signature method.
//
// Both sides of the partition kernel are the same combinatorial object. Take K lines (the R rows
// of a lower band, or the C columns of a stack) and L = K-1 levels (the stacks 1..R-1 to the
// right of stack 1, or the bands 2..C below the top band). Each digit d already sits on its home
// line (row r of the band's box in stack 1, or column j of the stack's top-band box). In every
// level the digit appears once more, on a different line each time (a row, or a column, holds
// the digit once; a box, which is one level, holds it once). So a chain is, for every digit, a
// bijection levels -> lines other than home[d], such that every (level, line) gets exactly
// `cap` digits (C digits per row part of a box, R digits per column part).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "gridenum/core/shape.hpp"

namespace gridenum::detail {

struct Chains {
  int levels = 0, lines = 0;
  std::vector<DigitMask> masks;  // chain-major: masks[(chain * levels + level) * lines + line]

  std::size_t size() const {
    return levels * lines == 0 ? 0 : masks.size() / (static_cast<std::size_t>(levels) * lines);
  }
  const DigitMask* chain(std::size_t i) const {
    return masks.data() + i * static_cast<std::size_t>(levels) * lines;
  }
};

// All chains for digits 0..n-1 with the given home lines (each line home to n/lines digits).
Chains enumerate_chains(int n, int lines, int cap, const std::vector<int>& home);

}  // namespace gridenum::detail
