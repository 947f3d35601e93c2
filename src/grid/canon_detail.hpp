// What the two minlex canonicalisers share (docs/grid-tools.md, "Algorithm" and "9x9 by band
// tables"): the pruned search of canon.cpp, for every shape, and the band tables of
// canon_nine.cpp, for 9x9 only. Both report the minimum and the elements reaching it in the same
// form, so canonical_form() turns either into a CanonResult the same way, and the tests can hold
// one against the other.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "gridenum/grid/canon.hpp"

namespace gridenum::detail {

constexpr int kMaxSide = 12;
using LineBytes = std::array<std::int8_t, kMaxSide>;

// One element reaching the minimum: orientation t (1: the grid transposed first), the source row
// (in orientation t) of every new row, the source column of every new column, and the relabelling
// (0-based digit -> 0-based label).
struct MinimumElement {
  int t = 0;
  LineBytes rows{}, cols{}, lab{};
};

// The minimum and every element reaching it.
struct MinlexOutcome {
  std::array<std::uint8_t, kMaxSide * kMaxSide> best{};  // the form, 0-based labels, row-major
  std::vector<MinimumElement> found;  // the first element reaching it; with keep_maps every one
  std::uint64_t count = 0;            // how many elements reach it = |Aut(grid)|
};

// The 9x9 minlex form by the band tables (canon_nine.cpp). `grid` is a valid 9x9 grid (the
// caller checks). The tables are built on the first call (about 0.1 s, 10 MB) and shared.
void minlex_nine(const GridCells& grid, const CanonOptions& opt, MinlexOutcome& out);

}  // namespace gridenum::detail
