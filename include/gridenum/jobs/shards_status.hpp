// `gridenum status DIR DIR ...`: the shards of one counting job seen together -- the view a
// sharded run needs before `merge` (the 4x3 count runs as 8 shards over many sessions and
// machines; a cluster array as 64): which shards are given, finished, running, not started or
// not given at all, the units done of the whole plan, the CPU time the shards' processes
// recorded, and the CPU time the given unfinished shards still need by their own measured cost.
//
// Each shard is read by job_status (status.hpp), so every figure here is one that shard's own
// status gives; this file only checks that the directories make up one job (merge's rules:
// one fingerprint and plan, one number of shards, no shard twice) and adds them up. Shards not
// given, and given shards not started, have no measured cost of their own: their part of each
// group of units is costed by the model the started shards' journals give together, the way each
// shard's own time left is got (unit_cost.hpp), so a shard of many small prefix groups (4x3's
// shard 8) is costed by its chunks, not by a mean a unit.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gridenum/count/shard.hpp"
#include "gridenum/jobs/journal.hpp"
#include "gridenum/jobs/status.hpp"
#include "gridenum/jobs/unit_cost.hpp"

namespace gridenum {

struct ShardsStatus {
  std::vector<JobStatus> shards;  // as given, sorted by K
  std::uint32_t m = 0;            // shards of the job
  std::optional<std::uint64_t> plan_units;  // the whole plan's units (nullopt: no shard started)
  std::uint64_t blocks = 0;                 // the block rule's units, 0 for the mod rule (shard.hpp)
  std::uint64_t fingerprint = 0;            // the started shards' (0: none started)
  struct Missing {
    Shard shard;
    std::optional<std::uint64_t> units;  // nullopt while no given shard has started
  };
  std::vector<Missing> missing;   // K/M not among the directories
  std::uint64_t units_done = 0;   // over the given shards
  std::size_t finished = 0, running = 0, not_started = 0;
  JournalCpu cpu;                 // the given shards' C records added (journal.hpp)
  // The given unfinished shards' CPU time left by their own measured cost (status.hpp), summed;
  // nullopt when one of them has too few timed units to say.
  std::optional<double> cpu_seconds_left;
  // The units no shard's own measured cost covers (shards not given, given shards not started),
  // costed by the model of every started shard's timed batches together (unit_cost.hpp: pooled,
  // so a chunk of G units costs a + b G CPU-seconds over all the machines and loads they ran on),
  // summed shard by shard over its part of each group; nullopt when none are timed yet.
  std::uint64_t units_unmeasured = 0;
  UnitCost pooled;
  std::optional<double> cpu_seconds_unmeasured;
};

// Throws JobCheckError (exit 1) when the directories are not shards of one job, name a merged
// result, or give a shard twice; JobInputError (exit 2) when one holds no job; JournalError
// (exit 3) for a damaged journal. Needs at least two directories.
ShardsStatus shards_status(const std::vector<std::filesystem::path>& dirs);
std::string format_status(const ShardsStatus& s);
nlohmann::json to_json(const ShardsStatus& s);

}  // namespace gridenum
