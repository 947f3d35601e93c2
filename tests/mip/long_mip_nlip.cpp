// NLIP-tight on the five 9x9 puzzles with the slower solver of each, through MPS and LP files
// (label long: about 45 s and 38 s; the LP half was slow_mip_nlip.cpp's until 2026-12-01), where
// slow_mip_nlip.cpp reads both formats with the faster solver of each.
#include <gtest/gtest.h>

#include "mip_fixtures.hpp"

using namespace gridenum::testing::mipfx;

TEST(MipSolveLong, TightNlipSolvesTheNineByNineVariantsWithTheOtherSolverThroughMps) {
  expect_the_other_solver_solves_nine_by_nine(gm::Format::Mps);
}

TEST(MipSolveLong, TightNlipSolvesTheNineByNineVariantsWithTheOtherSolver) {
  expect_the_other_solver_solves_nine_by_nine(gm::Format::Lp);
}
