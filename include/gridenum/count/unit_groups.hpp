// The groups a plan's units fall into (what `gridenum status` reports per group: units done,
// rate and ETA). A method describes its own (MethodPlan::unit_groups, method.hpp); the job layer
// writes them to DIR/groups.json (jobs/unit_groups.hpp says why and how).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "gridenum/count/plan_header.hpp"

namespace gridenum {

struct UnitGroup {
  std::uint64_t first = 0;  // first unit id
  std::uint64_t units = 0;  // units first .. first + units - 1 (of the whole plan, every shard)
  std::string label;        // "prefix group 17 (boxes 1-3 of class 112)", "classes 1 - 42"
};

struct UnitGroups {
  std::uint64_t fingerprint = 0;  // the plan's (journal header)
  std::string kind;               // one group is a: "prefix group", "class", "range of classes"
  std::uint64_t chunk = 1;        // units of one group counted together at most; 1: units independent
  std::vector<UnitGroup> groups;  // in unit order, tiling [0, units of the plan)
  std::uint64_t units() const { return groups.empty() ? 0 : groups.back().first + groups.back().units; }
};

// At most this many classes get a group each in the default grouping; more are cut into
// kDefaultGroupRanges ranges of consecutive classes (what `status` showed per class before groups).
inline constexpr std::uint64_t kDefaultGroupClasses = 64, kDefaultGroupRanges = 24;

// The grouping a journal header alone gives: classes of slices_per_class units each, a group per
// class up to kDefaultGroupClasses classes, else kDefaultGroupRanges ranges of classes; chunk 1.
// When the header's shards are blocks (the three-band route, shard.hpp) units are not in class
// order, and the groups say units ("unit 7", "units 1 - 42") instead of classes.
UnitGroups default_unit_groups(const PlanHeader& h);

// "prefix groups" for "prefix group", "ranges of classes" for "range of classes".
std::string plural_kind(std::string_view kind);

}  // namespace gridenum
