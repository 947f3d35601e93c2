// The ordered stack fillings (docs/design.md section 2, step 5): stack 1 below B1 (B4, B7 for
// 9x9) filled with the first column of each box increasing and the boxes ordered by their
// first columns; each stands for L_stack = (R!)^(C-1) (C-1)! fillings. They depend on B1 only,
// so one list serves every class.
//
// Completions only see a stack filling through the row digit sets of its boxes (the rows of
// the lower bands meet stack 1 there), up to the order of rows inside a band and the order of
// the lower bands. That is the filling's *pattern*. The list is sorted by pattern so that a
// slice of it is a few runs of equal patterns, and the kernel counts each run once.
#pragma once

#include <cstdint>
#include <vector>

#include "gridenum/core/shape.hpp"

namespace gridenum {

struct StackList {
  Shape shape;
  int box_rows_below = 0;                 // N - R: rows of stack 1 under B1
  std::vector<std::uint8_t> cells;        // fillings, each (N-R) x C digits, row-major
  std::vector<std::uint32_t> pattern_of;  // per filling: index into patterns
  // Per distinct pattern: for each lower band b = 1..C-1, the R row digit sets of its
  // stack-1 box, sorted; bands sorted. Size (C-1)*R masks each.
  std::vector<std::vector<DigitMask>> patterns;
  double seconds = 0;

  std::size_t size() const { return pattern_of.size(); }
  const std::uint8_t* filling(std::size_t i) const {
    return cells.data() + i * static_cast<std::size_t>(box_rows_below) * shape.cols;
  }
};

// L_stack = (R!)^(C-1) * (C-1)!.
std::uint64_t stack_symmetry_factor(Shape s);

StackList build_stack_list(Shape s);

}  // namespace gridenum
