// NLIP-tight on the five 9x9 puzzles with the slower solver of each, through MPS files (label long:
// about 45 s; the same solves through LP files are slow_mip_nlip.cpp's, and its first test reads
// MPS with the faster solvers).
#include <gtest/gtest.h>

#include "mip_fixtures.hpp"

using namespace gridenum::testing::mipfx;

TEST(MipSolveLong, TightNlipSolvesTheNineByNineVariantsWithTheOtherSolverThroughMps) {
  ASSERT_TRUE(have("cbc")) << "install coinor-cbc";
  ASSERT_TRUE(have("glpk")) << "install glpk-utils";
  const auto cases = nine_by_nine();
  ASSERT_EQ(cases.size(), 5u);
  for (int i : {0, 1, 2}) expect_solves(cases[i], "cbc", gm::Formulation::NlipTight, gm::Format::Mps);
  for (int i : {3, 4}) expect_solves(cases[i], "glpk", gm::Formulation::NlipTight, gm::Format::Mps);
}
