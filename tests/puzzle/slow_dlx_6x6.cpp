// The 6x6 grid count by Dancing Links, every grid one by one (about 30 s): an exact-cover path
// that shares nothing with the count engine, checked against the engine's total and against the
// published count (Pettersen 2005), on 2x3 boxes. The other box shape, 3x2 -- a transpose, but
// the engine and the exact-cover matrix treat it as a different shape -- is enumerated whole in
// the long tier (long_dlx_6x6.cpp; it moved there to keep CI inside its budget), and by its grids
// with the first row fixed in the fast tier (test_dlx.cpp, Dlx.Counts4x4And6x6).
#include "dlx_all_grids.hpp"

namespace {

TEST(DlxSlow, AllSixBySixGridsTwoByThreeBoxes) { gridenum::test_support::all_grids_by_dlx({2, 3}, 28200960u); }

}  // namespace
