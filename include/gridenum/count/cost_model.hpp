// What a count will cost, as a dry run measures it (jobs/plan_cost.hpp says how): the figures a
// method's plan fills when it measures itself (MethodPlan::estimate_cost, method.hpp), and the
// chunk cost model of a method whose units are counted together in chunks.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "gridenum/core/shape.hpp"

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
  // (MethodPlan::memory_plan), and the process's peak resident set after the plan and the sample (the
  // tables, and the sampled units' own memory: for 2x6 the state tables of its classes).
  std::uint64_t memory_limit = 0;     // config.hpp memory_limit_bytes
  std::string memory_plan;
  std::uint64_t peak_rss_bytes = 0;
};

// The cost of a chunk of G units counted together (the three-band route's prefix-group chunks,
// three_band/method.cpp): a + b G CPU-seconds, a the work the chunk's units share (4x3: the row
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

}  // namespace gridenum
