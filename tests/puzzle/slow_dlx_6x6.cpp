// The 6x6 grid count by Dancing Links, every grid one by one (about 30 s per box shape): an
// exact-cover path that shares nothing with the count engine, checked against the engine's
// total for the same shape and against the published count (Pettersen 2005). Both box shapes
// of 6x6, 2x3 and 3x2, are enumerated: they are transposes, but the engine and the exact-cover
// matrix treat them as different shapes.
#include <gtest/gtest.h>

#include "gridenum/count/stack/count.hpp"
#include "gridenum/puzzle/dlx.hpp"
#include "gridenum/puzzle/model.hpp"

namespace {

void all_grids_by_dlx(gridenum::Shape shape) {
  const std::uint64_t by_dlx = gridenum::solve_dlx(gridenum::make_model(shape, 0, {}), 0).count;
  gridenum::CountOptions o;
  o.shape = shape;
  o.threads = 1;
  const gridenum::CountResult engine = gridenum::run_count(o);
  // Compared as a predicate: printing a cpp_int in a failure message trips a GCC 12 false
  // -Wrestrict inside Boost's string conversion.
  EXPECT_TRUE(engine.reduction.total == gridenum::BigInt(by_dlx)) << shape.str() << ": DLX " << by_dlx;
  EXPECT_EQ(by_dlx, 28200960u) << shape.str();
}

TEST(DlxSlow, AllSixBySixGridsTwoByThreeBoxes) { all_grids_by_dlx({2, 3}); }
TEST(DlxSlow, AllSixBySixGridsThreeByTwoBoxes) { all_grids_by_dlx({3, 2}); }

}  // namespace
