// Stage 5: the reducer (docs/design.md section 2, step 6). Per class, n*_alpha is the checked
// 128-bit sum of its units; the weighted sum, the symmetry factors and the total are cpp_int, so no
// intermediate can overflow whatever the shape. Every unit of the plan must be present exactly
// once (the caller hands one count per unit, indexed like plan.units). The band-pair method's
// units add up to n_alpha instead (reduce_completions): divided by L_stack, checked, then the same.
#include "gridenum/count/stack/reducer.hpp"

#include <stdexcept>

#include "gridenum/core/errors.hpp"
#include "gridenum/count/stack/stacks.hpp"

namespace gridenum {

namespace {

// Per class, the checked 128-bit sum of its units' counts.
std::vector<u128> class_sums(const Catalogue& cat, const Plan& plan, const std::vector<u128>& unit_counts) {
  if (unit_counts.size() != plan.units.size())
    throw std::invalid_argument("reduce: " + std::to_string(unit_counts.size()) + " unit counts for " +
                                std::to_string(plan.units.size()) + " units");
  std::vector<u128> sums(cat.classes.size(), 0);
  for (std::size_t i = 0; i < plan.units.size(); ++i) {
    const auto& u = plan.units[i];
    if (u.cls >= cat.classes.size()) throw std::invalid_argument("reduce: unit of an unknown class");
    sums[u.cls] = checked_add(sums[u.cls], unit_counts[i]);
  }
  return sums;
}

Reduction reduce_n_star(const Catalogue& cat, std::vector<u128> n_star) {
  Reduction r;
  r.n_star = std::move(n_star);
  r.band_factor = band_symmetry_factor(cat.shape);
  r.stack_factor = stack_symmetry_factor(cat.shape);
  r.relabel_factor = factorial(cat.shape.n());
  r.weighted_sum = 0;
  for (std::size_t a = 0; a < cat.classes.size(); ++a) {
    r.n.push_back(to_big(r.n_star[a]) * r.stack_factor);
    r.weighted_sum += to_big(r.n_star[a]) * cat.classes[a].size;
  }
  r.canonical_grids = r.weighted_sum * r.band_factor * r.stack_factor;
  r.total = r.canonical_grids * r.relabel_factor;
  return r;
}

}  // namespace

Reduction reduce(const Catalogue& cat, const Plan& plan, const std::vector<u128>& unit_counts) {
  return reduce_n_star(cat, class_sums(cat, plan, unit_counts));
}

Reduction reduce_completions(const Catalogue& cat, const Plan& plan, const std::vector<u128>& unit_counts) {
  std::vector<u128> n = class_sums(cat, plan, unit_counts);
  const std::uint64_t l_stack = stack_symmetry_factor(cat.shape);
  for (std::size_t a = 0; a < n.size(); ++a) {
    if (n[a] % l_stack != 0)
      throw CheckError("reduce: class " + std::to_string(a + 1) + " has " + to_string(n[a]) +
                       " completions, not a multiple of L_stack = " + std::to_string(l_stack) +
                       ": a unit's count is wrong");
    n[a] /= l_stack;
  }
  return reduce_n_star(cat, std::move(n));
}

}  // namespace gridenum
