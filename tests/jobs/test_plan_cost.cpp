// `gridenum count --dry-run` (plan_cost.hpp): the plan's units are the job's, the sample grows
// until the budget is spent or every unit is counted (then the figure is the measured whole),
// and a sample of some units projects mean x units.
#include <gtest/gtest.h>

#include "gridenum/jobs/plan_cost.hpp"
#include "gridenum/jobs/work.hpp"

using namespace gridenum;

TEST(PlanCost, SmallPlanIsMeasuredWhole) {
  JobConfig cfg;
  cfg.shape = Shape{2, 2};
  const PlanCost c = measure_plan_cost(cfg, 10.0);
  // The same plan a job builds (every shard's units).
  cfg.catalogue_cache = false;
  PlanSource src;
  src.use_cache = false;
  EXPECT_EQ(c.units, plan_job_work(cfg, {}, src)->header().units);
  EXPECT_EQ(c.sampled_units, c.units);
  EXPECT_DOUBLE_EQ(c.projected_cpu_seconds, c.sample_seconds);
  EXPECT_EQ(c.method, "stack");
  const auto j = to_json(c);
  EXPECT_EQ(j["units"], c.units);
  EXPECT_TRUE(j.contains("projected_cpu_seconds"));
}

TEST(PlanCost, ASampleProjectsMeanTimesUnits) {
  JobConfig cfg;
  cfg.shape = Shape{2, 4};
  cfg.shard = Shard::parse("2/3").value();  // ignored: the whole job is measured
  const PlanCost c = measure_plan_cost(cfg, 1e-9);  // a budget spent by the first unit
  EXPECT_EQ(c.sampled_units, 1u);
  EXPECT_GT(c.units, 1000u);
  EXPECT_DOUBLE_EQ(c.seconds_per_unit, c.sample_seconds);
  EXPECT_DOUBLE_EQ(c.projected_cpu_seconds, c.sample_seconds * static_cast<double>(c.units));
}

// The wall-time projections: here with T threads, and on M nodes of K cores as M shards (units
// mod M), each shard's units at the mean cost; a bad target is refused.
TEST(PlanCost, ProjectsWallTimeHereAndOnNodes) {
  JobConfig cfg;
  cfg.shape = Shape{2, 4};
  cfg.threads = 2;
  const PlanCost c = measure_plan_cost(cfg, 1e-9, 1, PlanTarget{7, 16});
  EXPECT_EQ(c.threads_here, 2);
  EXPECT_DOUBLE_EQ(c.wall_seconds_here, c.plan_seconds + c.projected_cpu_seconds / 2);
  EXPECT_EQ(c.nodes, 7u);
  EXPECT_EQ(c.node_cores, 16u);
  const Shard first{1, 7};
  EXPECT_DOUBLE_EQ(c.max_shard_cpu_seconds, static_cast<double>(first.size(c.units)) * c.seconds_per_unit);
  EXPECT_GE(c.max_shard_cpu_seconds * 7, c.projected_cpu_seconds);
  EXPECT_DOUBLE_EQ(c.wall_seconds_nodes, c.plan_seconds + c.max_shard_cpu_seconds / 16);
  EXPECT_FALSE(c.shard_model.empty());
  const auto j = to_json(c);
  for (const char* key : {"threads_here", "wall_seconds_here", "nodes", "node_cores", "max_shard_cpu_seconds",
                          "wall_seconds_nodes", "shard_model"})
    EXPECT_TRUE(j.contains(key)) << key;
  const std::string text = format_text(c);
  EXPECT_NE(text.find("wall time here, 2 threads"), std::string::npos) << text;
  EXPECT_NE(text.find("on 7 nodes of 16 cores"), std::string::npos) << text;
  EXPECT_THROW(measure_plan_cost(cfg, 1e-9, 1, PlanTarget{0, 16}), std::invalid_argument);
  EXPECT_THROW(measure_plan_cost(cfg, 1e-9, 1, PlanTarget{2, 0}), std::invalid_argument);
  EXPECT_THROW(measure_plan_cost(cfg, 1e-9, 1, PlanTarget{kMaxPlanNodes + 1, 4}), std::invalid_argument);
}
