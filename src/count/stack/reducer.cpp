// Stage 5: the reducer (docs/design.md section 2, step 6). Per class, n*_alpha is the checked
// 128-bit sum of its units; the weighted sum, the symmetry factors and the total are cpp_int, so no
// intermediate can overflow whatever the shape. Every unit of the plan must be present exactly
// once (the caller hands one count per unit, indexed like plan.units).
#include "gridenum/count/stack/reducer.hpp"

#include <stdexcept>

#include "gridenum/count/stack/stacks.hpp"

namespace gridenum {

Reduction reduce(const Catalogue& cat, const Plan& plan, const std::vector<u128>& unit_counts) {
  if (unit_counts.size() != plan.units.size())
    throw std::invalid_argument("reduce: " + std::to_string(unit_counts.size()) + " unit counts for " +
                                std::to_string(plan.units.size()) + " units");
  Reduction r;
  r.n_star.assign(cat.classes.size(), 0);
  for (std::size_t i = 0; i < plan.units.size(); ++i) {
    const auto& u = plan.units[i];
    if (u.cls >= cat.classes.size()) throw std::invalid_argument("reduce: unit of an unknown class");
    r.n_star[u.cls] = checked_add(r.n_star[u.cls], unit_counts[i]);
  }
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

}  // namespace gridenum
