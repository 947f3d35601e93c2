// What a job's units cost, measured from its own journal, and the time its remaining units will
// take: `status` gives its ETA from the measured per-unit cost, per class group.
//
// The journal holds every finished unit's finish time (unix ms) and every session's start and
// threads (journal.hpp); nothing else is recorded, so the cost is read off those times:
//
//  - Batches. Units that finish together were counted together: the three-band route journals a
//    whole chunk of a prefix group (up to 256 classes) at the moment the chunk ends. Within each
//    session, in file order, the records are cut into batches: a new batch when the group changes
//    (unit_groups.hpp), when the batch already holds `chunk` units, or when more than kBatchGapMs
//    passed since the previous record. A batch's wall time runs from the previous batch's end (the
//    session's start, for its first batch) to its first record: the time its units took.
//  - The first batch of every session is left out: its wall time includes the session's start-up
//    (the catalogue, or the three-band route's tables: minutes for 4x3, with no unit counted).
//  - CPU cost = wall time x the session's threads (every method keeps its threads busy on the
//    units: a chunk spread over them, or a unit per thread), so sessions of other thread counts mix.
//  - The model. Units counted in chunks (chunk > 1) cost about a + b G CPU-seconds a chunk of G
//    (plan_cost.hpp, ChunkCostModel): fitted to the batches by least squares, the same fit as the
//    dry run's. Independent units (chunk = 1): the mean CPU cost of a group's timed units, and for
//    a group with none timed the mean over every timed unit. Not enough timed units (none yet):
//    no figure at all, rather than an invented one.
//  - Time left. A group with r units left costs ceil(r / chunk) a + b r (chunks), or r x its mean;
//    groups are counted in unit order, so group i is finished when it and every group before it
//    are: the cumulative CPU cost / T threads (the latest session's), less the time since the
//    latest record when the job is running (the units in flight have had that long), never below 0.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "gridenum/jobs/journal.hpp"
#include "gridenum/jobs/plan_cost.hpp"
#include "gridenum/jobs/unit_groups.hpp"

namespace gridenum {

// Records further apart than this start a new batch (a chunk's records are journaled within a
// millisecond or two of each other; the next chunk takes seconds at least).
inline constexpr std::int64_t kBatchGapMs = 100;

struct CostBatch {
  std::size_t session = 0;      // index among the journal's sessions
  std::size_t group = 0;        // index among the groups
  std::uint64_t units = 0;
  std::int64_t first_ms = 0, last_ms = 0;  // its first record's time, its latest record's
  double wall_seconds = 0;      // first_ms - the previous batch's end (the session's start), >= 0
  int threads = 0;              // the session's
  double cpu_seconds = 0;       // wall_seconds x threads
  bool first_of_session = false;  // left out of the model (start-up)
};

// Index of the group holding `unit` (groups tile the plan, in unit order).
std::size_t group_of(const UnitGroups& groups, std::uint64_t unit);

// The journal's records cut into batches (above), session by session, in file order. Records
// before the first session record (none in a journal gridenum writes) have no threads: skipped.
std::vector<CostBatch> cost_batches(const JournalContents& j, const UnitGroups& groups,
                                    std::int64_t gap_ms = kBatchGapMs);

struct UnitCost {
  std::uint64_t chunk = 1;
  std::size_t sessions_left_out = 0;  // first batches left out (one per session with records)
  std::size_t batches = 0;            // the batches timed (the model's points when chunk > 1)
  std::uint64_t timed_units = 0;      // units in those batches
  ChunkCostModel model;               // chunk > 1: a chunk of G units costs model.seconds(G)
  double mean = 0;                    // chunk = 1: CPU-seconds per timed unit, over all groups
  std::vector<std::uint64_t> group_timed;  // chunk = 1: per group, timed units
  std::vector<double> group_mean;          //            and their mean CPU-seconds (0 when none)

  bool enough() const { return timed_units > 0; }
  // CPU-seconds to count `left` more units of group i (enough() only).
  double cpu_seconds(std::size_t group, std::uint64_t left) const;
  // How group i's figure is got: "model", "mean of 12 timed units of this group", ...
  std::string how(std::size_t group) const;
  // How every figure is got, in a sentence: "model: a chunk of G units costs 31.2 + 2.71 G
  // CPU-seconds, fitted to 57 chunks of this journal ..."; "not enough timed units yet ..."
  std::string basis() const;
};

// The cost measured from the batches (only those not first of their session).
UnitCost measure_unit_cost(const std::vector<CostBatch>& batches, const UnitGroups& groups);

struct TimeLeft {
  std::vector<double> cpu_seconds;  // per group
  std::vector<double> finished_in;  // per group: seconds until it and every group before it are done
  double cpu_total = 0;
  double seconds = 0;               // the whole job's (or shard's): the last group's finished_in
};

// left[i]: units of group i still to count (of the job or shard). threads: T (at least 1);
// elapsed_seconds: since the latest record while running, else 0. c.enough() only.
TimeLeft time_left(const UnitCost& c, const std::vector<std::uint64_t>& left, int threads, double elapsed_seconds);

}  // namespace gridenum
