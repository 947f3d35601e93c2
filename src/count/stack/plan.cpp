// Stage 2: the plan. Units are (class, slice) with id = class * slices + slice and slice bounds
// an even split of the ordered stack list, so ids are a pure function of the catalogue and list
// sizes and of slices_per_class: a journal or a shard written by one run matches the next.
//
// Default size: about 1024 units in all. Measured on 9x9 with 2 threads, fewer units (~100)
// leave one core idle at the end behind the slowest class; many more add per-unit overhead (each
// unit re-reads its class tables and starts a pattern run) without better balance. 1024 also
// leaves 16 units per worker for a 64-core machine.
#include "gridenum/count/stack/plan.hpp"

#include <algorithm>
#include <stdexcept>

namespace gridenum {

Plan make_plan(const Catalogue& cat, const StackList& stacks, std::uint32_t slices_per_class) {
  if (cat.shape != stacks.shape) throw std::invalid_argument("plan: catalogue and stack list shapes differ");
  const std::uint64_t fillings = stacks.size();
  const std::uint64_t classes = cat.classes.size();
  if (classes == 0 || fillings == 0) throw std::invalid_argument("plan: empty catalogue or stack list");
  std::uint64_t slices = slices_per_class;
  if (slices == 0) slices = (1024 + classes - 1) / classes;
  slices = std::clamp<std::uint64_t>(slices, 1, fillings);
  if (classes * slices > 0xffffffffull) throw std::invalid_argument("plan: too many work units");
  Plan plan;
  plan.shape = cat.shape;
  plan.slices_per_class = static_cast<std::uint32_t>(slices);
  plan.units.reserve(classes * slices);
  for (std::uint64_t c = 0; c < classes; ++c)
    for (std::uint64_t k = 0; k < slices; ++k) {
      WorkUnit u;
      u.id = static_cast<std::uint32_t>(c * slices + k);
      u.cls = static_cast<std::uint32_t>(c);
      u.begin = fillings * k / slices;
      u.end = fillings * (k + 1) / slices;
      plan.units.push_back(u);
    }
  return plan;
}

}  // namespace gridenum
