// NLIP-tight on the five 9x9 puzzles with the slower solver of each, through MPS files (label long:
// about 45 s; the same solves through LP files are slow_mip_nlip.cpp's, and its first test reads
// MPS with the faster solvers).
#include <gtest/gtest.h>

#include "mip_fixtures.hpp"

using namespace gridenum::testing::mipfx;

TEST(MipSolveLong, TightNlipSolvesTheNineByNineVariantsWithTheOtherSolverThroughMps) {
  expect_the_other_solver_solves_nine_by_nine(gm::Format::Mps);
}
