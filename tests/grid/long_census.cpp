// The whole 9x9 census of grids with a non-trivial automorphism (grid/automorphism_census.hpp)
// against the published table (gsf, Sudoku Players' Forum, 2005; repeated in the forum's "Unique
// Sudokus (Russell & Jarvis)" thread): 560,151 of the 5,472,730,538 essentially different grids,
// by |Aut|. The census's own check (orbit by orbit against the class table: 949,129,933,824 pairs,
// Russell and Jarvis's numerator less the identity) holds. About 100 s on 2 threads
// (docs/grid-tools.md, "Automorphism census"); the fast tier checks the same path on 4x4, 6x6 and
// one 9x9 class (test_automorphism_census.cpp).
#include <gtest/gtest.h>

#include <map>

#include "gridenum/grid/automorphism_census.hpp"

using namespace gridenum;

TEST(AutomorphismCensusLong, NineByNinePublishedTable) {
  AutomorphismCensusOptions opt;
  opt.shape = {3, 3};
  opt.threads = 0;
  const AutomorphismCensus c = automorphism_census(opt);
  const std::map<std::uint64_t, std::uint64_t> published{
      {2, 548449}, {3, 7336}, {4, 2826}, {6, 1257}, {8, 29},  {9, 42},   {12, 92},  {18, 85},
      {27, 2},     {36, 15},  {54, 11},  {72, 2},   {108, 3}, {162, 1},  {648, 1}};
  EXPECT_EQ(c.by_order, published);
  EXPECT_EQ(c.orbits, 560151u);
  EXPECT_TRUE(c.check_holds);
  EXPECT_EQ(c.pairs_by_classes, BigInt("949129933824"));
}
