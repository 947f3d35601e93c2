// The default unit groups of a plan (unit_groups.hpp).
#include "gridenum/count/unit_groups.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace gridenum {

// Unit u belongs to class u / slices (plan.hpp; one unit per class for the per-class methods), so
// the header alone gives class groups. A header whose units are not classes x slices (none that
// gridenum writes) still gets groups tiling its units: the last one runs to the end.
UnitGroups default_unit_groups(const PlanHeader& h) {
  UnitGroups g;
  g.fingerprint = h.fingerprint;
  const bool by_unit = h.shard.blocks != 0;
  const std::uint64_t slices = std::max<std::uint32_t>(h.slices_per_class, 1);
  const std::uint64_t classes = std::min<std::uint64_t>(h.classes, (h.units + slices - 1) / slices);
  const bool ranges = classes > kDefaultGroupClasses;
  const char* one = by_unit ? "unit" : "class";
  g.kind = ranges ? std::string("range of ") + (by_unit ? "units" : "classes") : one;
  const std::uint64_t per = ranges ? (classes + kDefaultGroupRanges - 1) / kDefaultGroupRanges : 1;
  for (std::uint64_t from = 0; from < classes; from += per) {
    const std::uint64_t to = std::min(classes, from + per);
    const std::uint64_t first = from * slices, end = to == classes ? h.units : to * slices;
    g.groups.push_back({first, end - first,
                        ranges ? fmt::format("{} {} - {}", by_unit ? "units" : "classes", from + 1, to)
                               : fmt::format("{} {}", one, from + 1)});
  }
  if (g.groups.empty() && h.units > 0) g.groups.push_back({0, h.units, fmt::format("units 1 - {}", h.units)});
  return g;
}

// The word before " of " (or the last word) takes the plural: "ranges of classes", "prefix groups".
std::string plural_kind(std::string_view kind) {
  const std::size_t of = kind.find(" of ");
  const std::size_t end = of == std::string_view::npos ? kind.size() : of;
  std::string out(kind.substr(0, end));
  out += !out.empty() && out.back() == 's' ? "es" : "s";
  out += kind.substr(end);
  return out;
}

}  // namespace gridenum
