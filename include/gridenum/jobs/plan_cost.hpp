// What a count will cost, measured before it runs (jobs/slurm-submit.sh once asked 8 tasks x 8 CPUs
// x 24 h of a cluster for a job of 0.1 s). `gridenum count --dry-run` builds the plan a job would
// run (every unit of every shard) and counts a random sample of its units on one thread, timing
// them; the projection is the measured mean time per unit times the number of units. It is a
// measurement on this machine, under its current load: the launcher multiplies it by a safety
// factor before asking a scheduler for time.
//
// The sample grows by doubling (1, 2, 4, ... units, in a fixed shuffled order) until the time
// spent reaches the budget or every unit has been counted; in the latter case the "projection"
// is the whole job's measured time. Unit costs differ (a class with many stack fillings costs
// more), so the sample is drawn at random over the whole plan rather than taken from its start,
// which would favour the classes of one kind. A method may measure its own way instead
// (JobWork::estimate_cost): the three-band route times whole prefix-group chunks on a fraction of
// their box-1 chains, because a class timed alone costs ten times its share of a chunk.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "gridenum/jobs/config.hpp"

namespace gridenum {

struct PlanCost {
  Shape shape;
  std::string method;             // resolved: stack, two-stack, two-band
  std::uint64_t units = 0;        // in the whole plan
  double plan_seconds = 0;        // building the plan (catalogue, classes), once per task
  std::uint64_t sampled_units = 0;
  double sample_seconds = 0;      // counting the sampled units, one thread
  double seconds_per_unit = 0;    // sample_seconds / sampled_units
  double projected_cpu_seconds = 0;  // seconds_per_unit * units (exact time when all were sampled)
  std::string sampling;           // how the method sampled, when not by timing whole units (else empty)

  // Wall-time projections, linear in threads (the methods scale 1.97-1.99x on 2 threads; a
  // memory-bound method may scale less on a big node: docs/performance.md says which). The planning
  // (plan_seconds, measured here) is added once, as measured: an upper bound on a bigger node.
  int threads_here = 0;               // T: the config's threads (this machine's cores when 0)
  double wall_seconds_here = 0;       // plan_seconds + projected_cpu_seconds / T
  std::uint32_t nodes = 1;            // M: shards, one per node (a Slurm array of M tasks)
  std::uint32_t node_cores = 64;      // K: threads per node
  double max_shard_cpu_seconds = 0;   // the dearest of the M shards (by the plan's rule, shard.hpp)
  double wall_seconds_nodes = 0;      // plan_seconds + max_shard_cpu_seconds / K
  std::string shard_model;            // how a shard's cost was projected

  // Memory, stated up front: what the method will hold against this machine's limit
  // (JobWork::memory_plan), and the process's peak resident set after the plan and the sample (the
  // tables, and the sampled units' own memory: for 2x6 the state tables of its classes).
  std::uint64_t memory_limit = 0;     // config.hpp memory_limit_bytes
  std::string memory_plan;
  std::uint64_t peak_rss_bytes = 0;
};

// The cost of a chunk of G units counted together (the three-band route's prefix-group chunks,
// work_three_band.cpp): a + b G CPU-seconds, a the work the chunk's units share (4x3: the row
// pairs' DRAM traffic), b one unit's own. Fitted by the dry run to chunks timed on one thread, and
// by `status` to the chunks a job's journal has timed (unit_cost.hpp): one fit for both, so the
// two figures mean the same thing.
struct ChunkCostModel {
  double a = 0, b = 0;
  double seconds(double g) const { return a + b * g; }
  // Least squares of t = a + b G over the (G, t) points; a line through the origin at the mean
  // rate (a = 0, b = sum t / sum G) when every point has the same G, or when the fit says a < 0
  // or b < 0 (noise on a small shape). No points (or no units): a = b = 0.
  static ChunkCostModel fit(const std::vector<std::pair<double, double>>& points);
};

// Where a dry run projects the whole count to, beside this machine: M nodes of K cores.
struct PlanTarget {
  std::uint32_t nodes = 1;
  std::uint32_t node_cores = 64;
};
inline constexpr std::uint32_t kMaxPlanNodes = 100000;

// Builds cfg's plan (its shard setting ignored: the whole job) and measures it. `budget` bounds
// the sampling time in seconds (at least one unit is counted); `seed` fixes the sample.
// `target`: the cluster of the projection (std::invalid_argument for 0 nodes or cores, or more
// than kMaxPlanNodes nodes).
PlanCost measure_plan_cost(const JobConfig& cfg, double budget_seconds = 1.0, std::uint64_t seed = 1,
                           PlanTarget target = {});

nlohmann::ordered_json to_json(const PlanCost& c);
std::string format_text(const PlanCost& c);

}  // namespace gridenum
