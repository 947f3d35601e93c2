// Stage 2: the plan. A work unit is (class, slice of the ordered stack fillings). Unit ids
// are a pure function of (shape, number of classes, number of stack fillings, slices per
// class): id = class * slices + slice, the slice bounds an even split of the list. So a
// journal written by one run is valid for the next, and shards can be merged.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gridenum/count/stack/catalogue.hpp"
#include "gridenum/count/stack/stacks.hpp"

namespace gridenum {

struct WorkUnit {
  std::uint32_t id = 0;
  std::uint32_t cls = 0;     // class index into Catalogue::classes
  std::uint64_t begin = 0;   // slice [begin, end) of StackList
  std::uint64_t end = 0;
};

struct Plan {
  Shape shape;
  std::uint32_t slices_per_class = 1;
  std::vector<WorkUnit> units;
};

// slices_per_class = 0 picks a default that gives every core many units.
Plan make_plan(const Catalogue& cat, const StackList& stacks, std::uint32_t slices_per_class = 0);

}  // namespace gridenum
