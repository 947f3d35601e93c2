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
// (MethodPlan::estimate_cost): the three-band route times whole prefix-group chunks on a fraction of
// their box-1 chains, because a class timed alone costs ten times its share of a chunk.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "gridenum/count/cost_model.hpp"
#include "gridenum/jobs/config.hpp"

namespace gridenum {

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
