// Exactly uniform grids (grid/sample.hpp; docs/grid-tools.md, "Sampling"): an exact uniform
// integer by rejection on the bits, then unrank.
#include "gridenum/grid/sample.hpp"

#include <cassert>

#include "gridenum/puzzle/rng.hpp"

namespace gridenum {

u128 uniform_below(u128 bound, std::mt19937_64& engine) {
  assert(bound > 0);
  const u128 top = bound - 1;
  int bits = 0;
  while (bits < 128 && (top >> bits) != 0) ++bits;
  const u128 mask = bits == 128 ? ~u128{0} : (u128{1} << bits) - 1;
  for (;;) {
    u128 x = engine();
    if (bits > 64) x |= static_cast<u128>(engine()) << 64;
    x &= mask;
    if (x < bound) return x;  // accepted with probability bound / 2^bits > 1/2
  }
}

u128 sample_rank(const GridRanker& ranker, std::uint64_t seed, std::uint64_t index) {
  std::mt19937_64 engine(puzzle_seed(seed, index));
  return uniform_below(ranker.total(), engine);
}

GridCells sample_grid(const GridRanker& ranker, std::uint64_t seed, std::uint64_t index) {
  return ranker.unrank(sample_rank(ranker, seed, index));
}

}  // namespace gridenum
