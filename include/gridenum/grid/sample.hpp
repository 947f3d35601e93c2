// Exactly uniform random grids (docs/grid-tools.md, "Sampling"): sample i of a run with seed S is
// unrank(u) for an integer u drawn exactly uniformly from [0, total) by rejection on the bits --
// b = the bit length of total-1, a b-bit word from the generator, redrawn while >= total (each
// draw is accepted with probability total / 2^b > 1/2) -- so every grid has probability exactly
// 1/total up to the generator's own quality. No floating point.
//
// The generator is the puzzle generator's (puzzle/rng.hpp): std::mt19937_64 seeded with
// puzzle_seed(S, i), so sample i depends only on (S, i) and a batch comes out the same on any
// number of threads.
#pragma once

#include <cstdint>
#include <random>

#include "gridenum/core/arith.hpp"
#include "gridenum/grid/rank.hpp"

namespace gridenum {

// A uniform integer in [0, bound), bound > 0, by rejection on the bits (64-bit words, low first).
u128 uniform_below(u128 bound, std::mt19937_64& engine);

// The rank of sample `index` of a run with seed `seed`, and its grid.
u128 sample_rank(const GridRanker& ranker, std::uint64_t seed, std::uint64_t index);
GridCells sample_grid(const GridRanker& ranker, std::uint64_t seed, std::uint64_t index);

}  // namespace gridenum
