// The 6x6 (2x3 boxes) grid count by Dancing Links, every grid one by one (about 30 s).
#include <gtest/gtest.h>

#include "gridenum/dlx.hpp"

TEST(DlxSlow, AllSixBySixGrids) {
  EXPECT_EQ(gridenum::solve_dlx(gridenum::make_model({2, 3}, 0, {}), 0).count, 28200960u);
}
