// F of a two-stack configuration by splitting the stack's rows into two halves (the per-class
// counter that makes a whole 2x6 / 6x2 count a job of CPU-weeks, not CPU-years).
//
// Same F as two_stack_fillings() (two_stack.hpp: ordered 1-factorisations of the m-regular
// bipartite graph "stack rows vs digits", colour = stack column), counted another way: rows are
// added one at a time, and a partial filling is remembered only by its *footprints* -- for each
// column, the set of still-open digits it already holds -- up to a permutation of the columns.
// The rows are split into a top and a bottom half; each half is counted on its own (in parallel)
// and the two are joined on complementary footprints. The .cpp draws the data layout and gives the
// measured figures.
//
// Takes 2 <= m <= 6 (keys pack m - 1 footprints of 2m bits into 64 bits).
#pragma once

#include <cstdint>

#include "gridenum/core/memory_budget.hpp"
#include "gridenum/count/side2/side2.hpp"

namespace gridenum {

constexpr int kSplitMaxHalf = 6;

struct SplitStats {
  int top_rows = 0;                   // rows counted by the top half (the bottom has 2m - top_rows)
  std::uint64_t transitions = 0;      // footprint states produced, both halves
  std::uint64_t lookups = 0;          // join probes of the bottom half's table
  std::uint64_t peak_states = 0;      // largest state table of either half
  std::uint64_t join_states = 0;      // top states fed to the join (after all but one top row)
  std::uint64_t bottom_states = 0;    // bottom states at the join
  std::uint64_t peak_bytes = 0;       // largest sum of live state tables (both halves and the join)
};

// threads: 1 counts the halves one after the other; >= 2 (or 0 = the current arena's) counts them
// side by side and splits the join. budget: every state table is reserved from it first
// (core/memory_budget.hpp); a refusal throws MemoryBudgetExceeded with every table freed. Throws
// std::invalid_argument for an invalid configuration or m outside 2..kSplitMaxHalf.
u128 two_stack_fillings_split(const Side2Config& c, SplitStats* stats = nullptr, int threads = 1,
                              MemoryBudget* budget = nullptr);

}  // namespace gridenum
