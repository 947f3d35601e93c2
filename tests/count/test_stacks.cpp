// Ordered stack fillings: validity, ordering, pattern sorting, and the count identity
// (ordered fillings * L_stack = stack fillings with B1 fixed = top-band fillings of the
// transposed shape, by transposing the grid).
#include <gtest/gtest.h>

#include "gridenum/count/stack/catalogue.hpp"
#include "gridenum/count/stack/stacks.hpp"
#include "param_names.hpp"

using namespace gridenum;

namespace {

class Stacks : public ::testing::TestWithParam<const char*> {};

TEST_P(Stacks, CountMatchesTransposedBandCount) {
  const Shape s = *Shape::parse(GetParam());
  const StackList list = build_stack_list(s);
  const Catalogue transposed = build_catalogue(Shape{s.cols, s.rows});
  EXPECT_EQ(list.size() * stack_symmetry_factor(s), transposed.band_fillings);
}

TEST_P(Stacks, FillingsAreValidOrderedAndSortedByPattern) {
  const Shape s = *Shape::parse(GetParam());
  const int R = s.rows, C = s.cols, N = s.n();
  const StackList list = build_stack_list(s);
  ASSERT_GT(list.size(), 0u);
  ASSERT_EQ(list.box_rows_below, N - R);
  for (std::size_t f = 0; f < list.size(); ++f) {
    const std::uint8_t* x = list.filling(f);
    // Columns complete B1's columns; each lower box holds every digit once.
    for (int j = 0; j < C; ++j) {
      DigitMask col = 0;
      for (int r = 0; r < R; ++r) col |= DigitMask{1} << (r * C + j);
      for (int i = 0; i < N - R; ++i) {
        const DigitMask m = DigitMask{1} << (x[i * C + j] - 1);
        ASSERT_FALSE(col & m);
        col |= m;
      }
      EXPECT_EQ(col, s.all_digits());
    }
    for (int b = 0; b < C - 1; ++b) {
      DigitMask box = 0;
      for (int i = b * R; i < (b + 1) * R; ++i)
        for (int j = 0; j < C; ++j) box |= DigitMask{1} << (x[i * C + j] - 1);
      EXPECT_EQ(box, s.all_digits());
      for (int i = b * R + 1; i < (b + 1) * R; ++i) EXPECT_LT(x[(i - 1) * C], x[i * C]);
      if (b > 0) { EXPECT_LT(x[(b - 1) * R * C], x[b * R * C]); }
    }
    if (f > 0) { EXPECT_LE(list.pattern_of[f - 1], list.pattern_of[f]); }
    ASSERT_LT(list.pattern_of[f], list.patterns.size());
  }
}

INSTANTIATE_TEST_SUITE_P(Shapes, Stacks, ::testing::Values("2x2", "2x3", "3x2", "3x3", "2x4", "4x2"),
                         gridenum::testing::shape_param_name);

TEST(Stacks, NineByNineFigures) {
  const StackList list = build_stack_list(Shape{3, 3});
  EXPECT_EQ(list.size(), 36288u);
  EXPECT_EQ(stack_symmetry_factor(Shape{3, 3}), 72u);
}

}  // namespace
