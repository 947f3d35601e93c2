// Stage 5: the reducer. Per-class sums n*_alpha of the unit counts, then
//   canonical grids = L_band * L_stack * sum_alpha |C_alpha| n*_alpha
//   total           = N! * canonical grids
// in checked 128-bit arithmetic where it fits and Boost.Multiprecision cpp_int always for
// the final products, so overflow is impossible rather than unlikely.
#pragma once

#include <cstdint>
#include <vector>

#include "gridenum/core/arith.hpp"
#include "gridenum/count/stack/catalogue.hpp"
#include "gridenum/count/stack/plan.hpp"

namespace gridenum {

struct Reduction {
  std::vector<u128> n_star;   // per class: completions over the ordered stack fillings
  std::vector<BigInt> n;      // per class: n_alpha = L_stack * n*_alpha
  BigInt weighted_sum;        // sum |C_alpha| n*_alpha
  BigInt canonical_grids;     // grids with B1 canonical
  BigInt total;               // all grids
  std::uint64_t band_factor = 0, stack_factor = 0;
  BigInt relabel_factor;      // N!
};

// unit_counts[u] is the count of plan.units[u]; every unit must be present.
Reduction reduce(const Catalogue& cat, const Plan& plan, const std::vector<u128>& unit_counts);
// The same when the units' counts add up to each class's n_alpha itself (the band-pair method:
// every completion of the representative band, not those with B4 and B7 ordered): n*_alpha is
// n_alpha / L_stack, and a class whose n_alpha is not a multiple of L_stack is a CheckError (the
// stack symmetries act freely on a band's completions, so it always is).
Reduction reduce_completions(const Catalogue& cat, const Plan& plan, const std::vector<u128>& unit_counts);

}  // namespace gridenum
