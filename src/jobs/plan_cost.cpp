// Measuring a plan's cost (plan_cost.hpp).
#include "gridenum/core/threads.hpp"
#include "gridenum/core/memory_budget.hpp"
#include "gridenum/core/memory.hpp"
#include "gridenum/jobs/plan_cost.hpp"

#include <algorithm>
#include <cassert>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <unordered_set>
#include <vector>

#include <fmt/format.h>

#include "gridenum/core/timing.hpp"
#include "gridenum/jobs/work.hpp"

namespace gridenum {

namespace {

// Wall time on this machine with T threads and on M nodes of K cores, from the measured CPU
// time (plan_cost.hpp says what is assumed).
void project(PlanCost& c, MethodPlan& work, PlanTarget target, int threads) {
  c.threads_here = threads > 0 ? threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  c.wall_seconds_here = c.plan_seconds + c.projected_cpu_seconds / c.threads_here;
  c.nodes = target.nodes;
  c.node_cores = target.node_cores;
  std::vector<double> shards = work.shard_cpu_seconds(c, target.nodes, c.shard_model);
  if (shards.empty()) {
    const Shard probe{1, target.nodes};  // shard 1 holds the most units (units mod M, the rule of these methods)
    shards.push_back(static_cast<double>(probe.size(c.units)) * c.seconds_per_unit);
    c.shard_model = "the units of the largest shard x the mean seconds per unit";
  }
  c.max_shard_cpu_seconds = *std::max_element(shards.begin(), shards.end());
  c.wall_seconds_nodes = c.plan_seconds + c.max_shard_cpu_seconds / target.node_cores;
}

}  // namespace

PlanCost measure_plan_cost(const JobConfig& config, double budget_seconds, std::uint64_t seed, PlanTarget target) {
  if (target.nodes == 0 || target.node_cores == 0 || target.nodes > kMaxPlanNodes)
    throw std::invalid_argument("plan target: expected 1 to " + std::to_string(kMaxPlanNodes) +
                                " nodes of at least one core each");
  JobConfig cfg = config;
  cfg.shard = Shard{};            // the whole job
  cfg.catalogue_cache = false;    // nothing is written
  PlanSource source;
  source.use_cache = false;
  PlanCost c;
  c.shape = cfg.shape;
  c.method = resolve_method(cfg.shape, cfg.method).name;
  const auto t0 = SteadyClock::now();
  const std::unique_ptr<MethodPlan> work = plan_job_work(cfg, {}, source);
  c.memory_limit = memory_limit_bytes(cfg);
  c.memory_plan = work->memory_plan(c.memory_limit, resolve_threads(cfg.threads));
  work->prepare(cfg.threads);
  c.plan_seconds = seconds_since(t0);
  c.units = work->header().units;
  assert(c.units > 0);
  if (work->estimate_cost(budget_seconds, seed, c)) {
    project(c, *work, target, cfg.threads);
    c.peak_rss_bytes = static_cast<std::uint64_t>(peak_rss_kib()) * 1024;
    return c;
  }

  // A fixed random order of the unit ids; rounds take the next 1, 2, 4, ... of them.
  std::vector<std::uint32_t> order(c.units);
  std::iota(order.begin(), order.end(), 0u);
  std::mt19937_64 rng(seed);
  std::shuffle(order.begin(), order.end(), rng);
  std::size_t next = 0, round = 1;
  while (next < order.size() && (c.sampled_units == 0 || c.sample_seconds < budget_seconds)) {
    const std::size_t take = std::min(round, order.size() - next);
    const std::unordered_set<std::uint32_t> pick(order.begin() + static_cast<std::ptrdiff_t>(next),
                                                 order.begin() + static_cast<std::ptrdiff_t>(next + take));
    std::uint64_t counted = 0;
    UnitHooks hooks;
    hooks.select = [&](std::uint32_t id) { return pick.count(id) > 0; };
    hooks.skip = [](std::uint32_t) { return std::optional<u128>{}; };
    hooks.done = [&](std::uint32_t, u128) { ++counted; };
    hooks.stop = [] { return false; };
    const auto t = SteadyClock::now();
    work->run(1, hooks);
    c.sample_seconds += seconds_since(t);
    assert(counted == take);  // every picked unit ran, nothing else did
    c.sampled_units += counted;
    next += take;
    round *= 2;
  }
  c.seconds_per_unit = c.sample_seconds / static_cast<double>(c.sampled_units);
  c.projected_cpu_seconds = c.sampled_units == c.units ? c.sample_seconds : c.seconds_per_unit * static_cast<double>(c.units);
  project(c, *work, target, cfg.threads);
  c.peak_rss_bytes = static_cast<std::uint64_t>(peak_rss_kib()) * 1024;
  return c;
}

nlohmann::ordered_json to_json(const PlanCost& c) {
  return {{"shape", c.shape.str()},
          {"method", c.method},
          {"units", c.units},
          {"plan_seconds", c.plan_seconds},
          {"sampled_units", c.sampled_units},
          {"sample_seconds", c.sample_seconds},
          {"seconds_per_unit", c.seconds_per_unit},
          {"projected_cpu_seconds", c.projected_cpu_seconds},
          {"sampling", c.sampling.empty() ? "whole units at random" : c.sampling},
          {"threads", 1},
          {"threads_here", c.threads_here},
          {"wall_seconds_here", c.wall_seconds_here},
          {"nodes", c.nodes},
          {"node_cores", c.node_cores},
          {"max_shard_cpu_seconds", c.max_shard_cpu_seconds},
          {"wall_seconds_nodes", c.wall_seconds_nodes},
          {"shard_model", c.shard_model},
          {"memory_limit_bytes", c.memory_limit},
          {"memory_plan", c.memory_plan},
          {"peak_rss_bytes", c.peak_rss_bytes}};
}

static std::string format_duration(double seconds) {
  if (seconds < 120) return fmt::format("{:.1f} s", seconds);
  if (seconds < 2 * 3600) return fmt::format("{:.1f} min", seconds / 60);
  if (seconds < 3 * 86400) return fmt::format("{:.1f} h", seconds / 3600);
  return fmt::format("{:.1f} days", seconds / 86400);
}

std::string format_text(const PlanCost& c) {
  return fmt::format(
      "plan: {} boxes, method {}, {} units (built in {:.3f} s)\n"
      "sampled: {} of {} units at random in {:.3f} s on 1 thread ({:.6f} s per unit)\n"
      "projected: {:.1f} CPU-seconds for the whole count ({:.1f} CPU-hours){}\n{}",
      c.shape.str(), c.method, group_digits(c.units), c.plan_seconds, group_digits(c.sampled_units), group_digits(c.units),
      c.sample_seconds, c.seconds_per_unit,
      c.projected_cpu_seconds, c.projected_cpu_seconds / 3600, c.sampled_units == c.units && c.sampling.empty() ? " (every unit was counted: measured, not projected)" : "",
      c.sampling.empty() ? "" : "sampling: " + c.sampling + "\n") +
         fmt::format(
             "wall time here, {} threads: {} (planning {} + the CPU time / {})\n"
             "wall time on {} node{} of {} cores ({} shard{}, --shard K/{}): {} (the dearest shard: {} of CPU time / {} "
             "threads, + planning as measured here)\n"
             "shards: {}; threads assumed to scale linearly (measured 1.97-1.99x on 2 threads, docs/performance.md)\n"
             "{}\npeak memory of this dry run (plan and sample, 1 thread): {}\n",
             c.threads_here, format_duration(c.wall_seconds_here), format_duration(c.plan_seconds), c.threads_here, c.nodes,
             c.nodes == 1 ? "" : "s", c.node_cores, c.nodes, c.nodes == 1 ? "" : "s", c.nodes,
             format_duration(c.wall_seconds_nodes), format_duration(c.max_shard_cpu_seconds), c.node_cores, c.shard_model,
             c.memory_plan, format_bytes(c.peak_rss_bytes));
}

}  // namespace gridenum
