// Every grid of a shape one by one by Dancing Links (puzzle/dlx.hpp), an exact-cover path that
// shares nothing with the count engine, checked against the engine's total for the same shape and
// against the published count (tests/puzzle/slow_dlx_6x6.cpp, long_dlx_6x6.cpp).
#pragma once

#include <gtest/gtest.h>

#include <cstdint>

#include "gridenum/count/stack/count.hpp"
#include "gridenum/puzzle/dlx.hpp"
#include "gridenum/puzzle/model.hpp"

namespace gridenum::test_support {

inline void all_grids_by_dlx(Shape shape, std::uint64_t published) {
  const std::uint64_t by_dlx = solve_dlx(make_model(shape, 0, {}), 0).count;
  CountOptions o;
  o.shape = shape;
  o.threads = 1;
  const CountResult engine = run_count(o);
  // Compared as a predicate: printing a cpp_int in a failure message trips a GCC 12 false
  // -Wrestrict inside Boost's string conversion.
  EXPECT_TRUE(engine.reduction.total == BigInt(by_dlx)) << shape.str() << ": DLX " << by_dlx;
  EXPECT_EQ(by_dlx, published) << shape.str();
}

}  // namespace gridenum::test_support
