// Every shape the grid tools take, 8x8 to 12x12 (2x4 .. 6x2): the minlex form is invariant under
// random elements of G, idempotent, and reached by the element returned; two random grids are
// equivalent exactly when their forms agree (no brute force here: the 4x4 and 6x6 tests,
// test_canon.cpp, check the form against the plain minimum).
#include <gtest/gtest.h>

#include "grid_checks.hpp"

using namespace gridenum;
using namespace gridenum::testing;

namespace {

void check_invariance(Shape s, int grids, std::uint64_t seed0) {
  std::mt19937_64 rng(seed0);
  for (int i = 0; i < grids; ++i) {
    const GridCells x = random_grid(s, seed0 + static_cast<std::uint64_t>(i));
    ASSERT_TRUE(is_valid_grid(s, x));
    const CanonResult c = canonical_form(s, x);
    ASSERT_EQ(apply_element(s, c.to_form, x), c.form) << s.str();
    for (int k = 0; k < 2; ++k) {
      const GridCells y = apply_element(s, random_element(s, rng), x);
      ASSERT_EQ(canonical_form(s, y).form, c.form) << s.str() << " " << grid_string(x);
    }
    ASSERT_EQ(canonical_form(s, c.form).form, c.form) << s.str();
  }
}

}  // namespace

TEST(GridShapes, EightByEight) {
  check_invariance(Shape{2, 4}, 10, 1);
  check_invariance(Shape{4, 2}, 10, 2);
}

TEST(GridShapes, TenByTen) {
  check_invariance(Shape{2, 5}, 5, 3);
  check_invariance(Shape{5, 2}, 5, 4);
}

TEST(GridShapes, TwelveByTwelve) {
  check_invariance(Shape{3, 4}, 2, 5);
  check_invariance(Shape{4, 3}, 2, 6);
  check_invariance(Shape{2, 6}, 1, 7);
  check_invariance(Shape{6, 2}, 1, 8);
}
