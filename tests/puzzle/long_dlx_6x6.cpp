// The 6x6 grid count by Dancing Links on 3x2 boxes, every grid one by one (about 30 s; the slow
// tier does 2x3, slow_dlx_6x6.cpp, and the fast tier counts the 3x2 grids with their first row
// fixed, test_dlx.cpp): moved from the slow tier to keep CI inside its budget.
#include "dlx_all_grids.hpp"

namespace {

TEST(DlxLong, AllSixBySixGridsThreeByTwoBoxes) { gridenum::test_support::all_grids_by_dlx({3, 2}, 28200960u); }

}  // namespace
