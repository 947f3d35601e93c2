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
