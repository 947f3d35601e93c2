// The 6x6 grid count by Dancing Links, every grid one by one (about 30 s a shape): an exact-cover
// path that shares nothing with the count engine, checked against the engine's total and against
// the published count (Pettersen 2005), on both box shapes -- 3x2 is a transpose of 2x3, but the
// engine and the exact-cover matrix treat it as a different shape. Both moved here from the slow
// tier to keep CI inside its budget (3x2 on 2026-11-27; 2x3 on 2026-11-30, 43 s of the slow
// label); the fast tier counts the grids of both shapes with their first row fixed, times 6!
// (test_dlx.cpp, Dlx.Counts4x4And6x6): the same solver and count path on a sixth of a percent of
// the grids.
#include "dlx_all_grids.hpp"

namespace {

TEST(DlxLong, AllSixBySixGridsTwoByThreeBoxes) { gridenum::test_support::all_grids_by_dlx({2, 3}, 28200960u); }

TEST(DlxLong, AllSixBySixGridsThreeByTwoBoxes) { gridenum::test_support::all_grids_by_dlx({3, 2}, 28200960u); }

}  // namespace
