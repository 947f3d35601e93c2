// Both estimators are unbiased on 4x4 (2x2 boxes), shown by walking their whole sampling tree:
// the sum over every path of (its probability) x (its weight) is the mean of the estimator, and it
// must be 288, the number of 4x4 grids, exactly (rational arithmetic, no sampling).
#include <gtest/gtest.h>

#include <boost/multiprecision/cpp_int.hpp>

#include <set>
#include <vector>

#include "gridenum/estimate/sampler.hpp"
#include "tree_walk.hpp"

using namespace gridenum;
using namespace gridenum::estimate;
using test_support::Fraction;
using test_support::TreeWalk;

namespace {

struct TreeSums {
  Fraction mean = 0, total_probability = 0;
  std::set<std::vector<int>> grids;
  std::size_t paths = 0;
};

TreeSums walk_tree(Method method, int max_bits = RowMatcher::kDefaultMaxBits) {
  Sampler sampler(Shape{2, 2}, method, max_bits);
  TreeWalk walk;
  TreeSums s;
  do {
    walk.start();
    const long double w = sampler.sample(walk);
    s.total_probability += walk.probability();
    if (max_bits > 0) {
      // Integer weights (products of candidate counts and permanents), exact in long double here.
      const auto wi = static_cast<std::uint64_t>(w);
      EXPECT_EQ(static_cast<long double>(wi), w);
      s.mean += walk.probability() * Fraction(wi);
      if (w > 0) {
        EXPECT_EQ(walk.probability() * Fraction(wi), Fraction(1));  // a grid weighs 1 / its probability
      }
    } else if (w > 0) {
      // Weighted feasible cells: the draw is exact (integer weights), the weight the long double
      // product of sum Q / Q_d, so probability x weight is 1 up to the rounding of a few divisions.
      const auto p = static_cast<long double>(walk.probability());
      EXPECT_NEAR(static_cast<double>(p * w), 1.0, 1e-15);
      s.mean += 1;  // the path's term probability x weight, 1 by the check above
    }
    if (w > 0) s.grids.emplace(sampler.grid().begin(), sampler.grid().end());
    ++s.paths;
  } while (walk.advance());
  return s;
}

}  // namespace

TEST(EstimateUnbiased, KnuthMeanIsTheCountOn4x4) {
  const TreeSums s = walk_tree(Method::knuth);
  EXPECT_EQ(s.total_probability, Fraction(1));
  EXPECT_EQ(s.mean, Fraction(288));
  EXPECT_EQ(s.grids.size(), 288u);
  EXPECT_GT(s.paths, 288u);  // knuth meets dead ends on 4x4
}

TEST(EstimateUnbiased, SisMeanIsTheCountOn4x4) {
  const TreeSums s = walk_tree(Method::sis);
  EXPECT_EQ(s.total_probability, Fraction(1));
  EXPECT_EQ(s.mean, Fraction(288));
  EXPECT_EQ(s.grids.size(), 288u);
}

// sis with a state limit of 0 bits fills every row by its weighted feasible cells (the 25x25 path):
// every grid reached, each weighing 1 / its probability (up to rounding), so the mean is the count;
// no path ends inside a row, so it has fewer paths than knuth.
TEST(EstimateUnbiased, SisByFeasibleCellsMeanIsTheCountOn4x4) {
  const TreeSums s = walk_tree(Method::sis, 0);
  EXPECT_EQ(s.total_probability, Fraction(1));
  EXPECT_EQ(s.mean, Fraction(288));
  EXPECT_EQ(s.grids.size(), 288u);
  EXPECT_LT(s.paths, walk_tree(Method::knuth).paths);
}

// cells is sis up to 12 digits (every row's DP is under its 12-bit limit there): the same weights,
// draw for draw. On 16x16 it fills the first band's rows by their permanents and every later row
// cell by cell, where sis takes the permanent of every row.
TEST(EstimateUnbiased, CellsIsSisUpToTwelveDigitsAndRowsByCellsBeyond) {
  for (Shape shape : {Shape{3, 3}, Shape{4, 3}, Shape{2, 6}}) {
    Sampler sis(shape, Method::sis), cells(shape, Method::cells);
    for (std::uint64_t i = 0; i < 100; ++i) {
      RandomChooser a(9, i), b(9, i);
      EXPECT_EQ(sis.sample(a), cells.sample(b)) << shape.str() << " sample " << i;
    }
    EXPECT_EQ(cells.cell_rows(), 0u) << shape.str();
  }
  Sampler sis(Shape{4, 4}, Method::sis), cells(Shape{4, 4}, Method::cells);
  std::uint64_t reached_band_2 = 0;
  for (std::uint64_t i = 0; i < 100; ++i) {
    RandomChooser a(9, i), b(9, i);
    if (i < 8) sis.sample(a);  // 16x16 sis samples cost 10 ms each
    const std::uint64_t before = cells.cell_rows();
    const long double w = cells.sample(b);
    // Rows are written when done, in order: k rows done, then a dead end at row k (w = 0) or none.
    int k = 0;
    while (k < 16 && cells.grid()[static_cast<std::size_t>(k) * 16] >= 0) ++k;
    EXPECT_EQ(w > 0, k == 16) << "sample " << i;
    reached_band_2 += k >= 4;
    const std::uint64_t by_cells = k == 16 ? 12 : (k >= 4 ? static_cast<std::uint64_t>(k - 4 + 1) : 0);
    EXPECT_EQ(cells.cell_rows() - before, by_cells) << "sample " << i << ", " << k << " rows done";
  }
  EXPECT_EQ(sis.cell_rows(), 0u);
  EXPECT_GT(reached_band_2, 0u);
}

// Each grid a sample returns is a valid grid (rows, columns, boxes hold every digit once). Knuth's
// paths on 9x9 end at a dead end more than 99 % of the time, hence 3,000 paths.
TEST(EstimateUnbiased, SampledGridsAreValid) {
  for (int max_bits : {RowMatcher::kDefaultMaxBits, 0})
  for (Method method : {Method::knuth, Method::sis, Method::cells})
    for (Shape shape : {Shape{2, 3}, Shape{3, 2}, Shape{3, 3}, Shape{2, 4}}) {
      Sampler sampler(shape, method, max_bits);
      const int n = shape.n();
      int complete = 0;
      for (std::uint64_t i = 0; i < 3000; ++i) {
        RandomChooser ch(5, i);
        if (sampler.sample(ch) == 0) continue;
        ++complete;
        const auto g = sampler.grid();
        std::vector<DigitMask> row(n), col(n), box(n);
        for (int r = 0; r < n; ++r)
          for (int c = 0; c < n; ++c) {
            const DigitMask bit = DigitMask{1} << g[r * n + c];
            row[r] |= bit;
            col[c] |= bit;
            box[shape.box_of(r, c)] |= bit;
          }
        for (int x = 0; x < n; ++x) {
          EXPECT_EQ(row[x], shape.all_digits());
          EXPECT_EQ(col[x], shape.all_digits());
          EXPECT_EQ(box[x], shape.all_digits());
        }
      }
      EXPECT_GT(complete, 0) << to_string(method) << " " << shape.str();
    }
}
