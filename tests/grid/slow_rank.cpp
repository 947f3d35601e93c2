// Rank and unrank on 6x6 past the fast tier's first row 1..N (test_rank.cpp): every grid with one
// of 24 first rows spread over the 720 (permutation indices 0, 30, .., 690 and the last, 719),
// both shapes: each block of ranks is hit exactly once and unrank inverts rank. Every first row:
// long_rank.cpp.
#include <gtest/gtest.h>

#include "rank_checks.hpp"

using namespace gridenum;
using namespace gridenum::testing;

TEST(RankSlow, SixBySixSpreadFirstRows) {
  for (Shape s : {Shape{2, 3}, Shape{3, 2}}) {
    for (int index = 30; index <= 720; index += 30) {
      const int at = index == 720 ? 719 : index;
      check_first_row_block(s, permutation_of_index(6, static_cast<u128>(at)));
    }
  }
}
