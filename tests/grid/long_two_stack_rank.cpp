// The 10x10 sampler's marginals on 6,000 grids (two_stack_sample_checks.hpp): the check the slow
// tier ran until the slow label neared its budget (66 s in CI); the slow tier keeps it on 2,000
// grids of another seed (slow_two_stack_rank.cpp). Same seed, 1010, as before the move.
#include <gtest/gtest.h>

#include "two_stack_sample_checks.hpp"

using namespace gridenum::testing;

TEST(TwoStackRankLong, SampleMarginals) { check_two_stack_sample_marginals(6000, 1010); }
