// The job fingerprint (fingerprint.hpp): FNV-1a over a canonical text of the plan's inputs and
// the raw stack list (650 kB for 9x9, under a millisecond; 10 MB for 2x4, ~10 ms).
#include "gridenum/fingerprint.hpp"

#include <string_view>

#include "gridenum/checksum.hpp"
#include "gridenum/count.hpp"

namespace gridenum {

std::uint64_t plan_fingerprint(const Catalogue& cat, const StackList& stacks, const Plan& plan) {
  std::string text = "gridenum plan v1\nshape=" + cat.shape.str() + "\nunits=" + std::to_string(plan.units.size()) +
                     "\nslices=" + std::to_string(plan.slices_per_class) +
                     "\nstack_fillings=" + std::to_string(stacks.size()) + "\nclasses=" + std::to_string(cat.classes.size()) +
                     "\n";
  for (const auto& c : cat.classes) text += band_string(c.representative) + ":" + std::to_string(c.size) + "\n";
  std::uint64_t h = fnv1a64(text);
  h = fnv1a64(std::string_view(reinterpret_cast<const char*>(stacks.cells.data()), stacks.cells.size()), h);
  return h;
}

JournalHeader journal_header_for(const Catalogue& cat, const StackList& stacks, const Plan& plan, Shard shard) {
  JournalHeader h;
  h.fingerprint = plan_fingerprint(cat, stacks, plan);
  h.shard = shard;
  h.units = plan.units.size();
  h.classes = cat.classes.size();
  h.slices_per_class = plan.slices_per_class;
  return h;
}

}  // namespace gridenum
