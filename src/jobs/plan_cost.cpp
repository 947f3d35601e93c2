// Measuring a plan's cost (plan_cost.hpp).
#include "gridenum/jobs/plan_cost.hpp"

#include <algorithm>
#include <cassert>
#include <numeric>
#include <random>
#include <unordered_set>
#include <vector>

#include <fmt/format.h>

#include "gridenum/core/timing.hpp"
#include "gridenum/jobs/work.hpp"

namespace gridenum {

PlanCost measure_plan_cost(const JobConfig& config, double budget_seconds, std::uint64_t seed) {
  JobConfig cfg = config;
  cfg.shard = Shard{};            // the whole job
  cfg.catalogue_cache = false;    // nothing is written
  PlanSource source;
  source.use_cache = false;
  PlanCost c;
  c.shape = cfg.shape;
  c.method = to_string(resolve_method(cfg.shape, cfg.method));
  const auto t0 = SteadyClock::now();
  const std::unique_ptr<JobWork> work = plan_job_work(cfg, {}, source);
  work->prepare(cfg.threads);
  c.plan_seconds = seconds_since(t0);
  c.units = work->header().units;
  assert(c.units > 0);
  if (work->estimate_cost(budget_seconds, seed, c)) return c;

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
          {"threads", 1}};
}

std::string format_text(const PlanCost& c) {
  return fmt::format(
      "plan: {} boxes, method {}, {} units (built in {:.3f} s)\n"
      "sampled: {} of {} units at random in {:.3f} s on 1 thread ({:.6f} s per unit)\n"
      "projected: {:.1f} CPU-seconds for the whole count ({:.1f} CPU-hours){}\n{}",
      c.shape.str(), c.method, c.units, c.plan_seconds, c.sampled_units, c.units, c.sample_seconds, c.seconds_per_unit,
      c.projected_cpu_seconds, c.projected_cpu_seconds / 3600, c.sampled_units == c.units && c.sampling.empty() ? " (every unit was counted: measured, not projected)" : "",
      c.sampling.empty() ? "" : "sampling: " + c.sampling + "\n");
}

}  // namespace gridenum
