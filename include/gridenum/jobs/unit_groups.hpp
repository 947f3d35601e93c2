// The file of a plan's unit groups (count/unit_groups.hpp), for `gridenum status` (units done, rate and ETA from the
// measured per-unit cost, per class group).
//
// Units of one plan do not cost the same, and how they differ is the method's business: the
// three-band route counts a prefix group's classes (units) together in chunks of at most 256, a
// chunk of G costing about a + b G, so a unit of a small group costs ten times one of a large
// group; the side-2 route's first classes cost seconds each, its last ones milliseconds. Status
// measures the cost per group from the journal and sums what is left group by group, so it needs
// the groups: the method describes them (MethodPlan::unit_groups), the job writes them to
// DIR/groups.json, and status reads that file -- so status needs no plan, no catalogue and no
// tables, as before.
//
// The file is a description, never an authority: it carries the plan's fingerprint (the journal
// header's) and must tile the plan's units exactly; one that is missing (a job started before
// this file existed), damaged or of another plan is set aside, and status falls back to the
// default grouping from the journal header alone (with a warning). Nothing else reads it: counts,
// the fingerprint, merge and resume never depend on it.
//
//   {"format": "gridenum-unit-groups", "version": 1, "fingerprint": "<hex16>", "units": U,
//    "kind": "prefix group", "chunk": 256,
//    "groups": [{"first_unit": 0, "units": 12, "label": "prefix group 1 (...)"}, ...]}
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gridenum/count/unit_groups.hpp"
#include "gridenum/jobs/journal.hpp"

namespace gridenum {

// The JSON document (format above), indented, ending in a newline.
std::string unit_groups_json_text(const UnitGroups& g);

// Parses and checks a document against the plan of `h`: format and version, the fingerprint and
// unit count of h, a kind, a chunk >= 1, and groups (unsigned integers, a label each, at least
// one unit each) tiling 0 .. h.units - 1 in order. Throws std::invalid_argument saying what is
// wrong.
UnitGroups parse_unit_groups(std::string_view text, const JournalHeader& h);

// DIR/groups.json of the plan of h, or nullopt with `why` set (missing, unreadable, damaged, of
// another plan: never an error; the caller falls back to default_unit_groups).
std::optional<UnitGroups> read_unit_groups(const std::filesystem::path& path, const JournalHeader& h, std::string& why);

}  // namespace gridenum
