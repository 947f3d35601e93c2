// Every 6x6 grid (28,200,960 of each box shape, 2x3 and 3x2) ranked and unranked: the ranks are
// a bijection onto 0 .. total-1 (every first row's block hit exactly once, test_rank.cpp's check)
// and unrank(rank(g)) = g. Minutes (docs/grid-tools.md gives the time): the long tier.
#include <gtest/gtest.h>

#include "rank_checks.hpp"

using namespace gridenum;
using namespace gridenum::testing;

TEST(RankLong, EverySixBySixGrid) {
  for (Shape s : {Shape{2, 3}, Shape{3, 2}})
    for (int index = 0; index < 720; ++index) check_first_row_block(s, permutation_of_index(6, static_cast<u128>(index)));
}
