// The degrees k_r and the rigorous bounds of estimate/bounds.hpp, against grids the samplers
// draw and against the exact counts (published values appear here only, never in the library).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "gridenum/estimate/bounds.hpp"
#include "gridenum/estimate/permanent.hpp"
#include "gridenum/estimate/sampler.hpp"

using namespace gridenum;
using namespace gridenum::estimate;

namespace {

// log10 of a decimal integer written with or without thousands separators.
double log10_of_decimal(std::string text) {
  text.erase(std::remove(text.begin(), text.end(), ','), text.end());
  const std::size_t keep = std::min<std::size_t>(text.size(), 17);
  return std::log10(std::stod(text.substr(0, keep))) + static_cast<double>(text.size() - keep);
}

// Column c's allowed digits in row r of grid g (row-major, rows above r filled).
std::vector<DigitMask> allowed_in_row(Shape s, const std::vector<int>& g, int r) {
  const int n = s.n();
  std::vector<DigitMask> allowed(n, s.all_digits());
  for (int r2 = 0; r2 < r; ++r2)
    for (int c2 = 0; c2 < n; ++c2) {
      const DigitMask bit = DigitMask{1} << g[r2 * n + c2];
      for (int c = 0; c < n; ++c)
        if (c == c2 || s.box_of(r, c) == s.box_of(r2, c2)) allowed[c] &= ~bit;
    }
  return allowed;
}

}  // namespace

// k_r = (R - i)(C - b) closes the sum N - r - i(C - 1 - b) for every row.
TEST(EstimateBounds, DegreeClosedForm) {
  for (int R = 2; R <= 6; ++R)
    for (int C = 2; C * R <= 32; ++C)
      for (int r = 0; r < R * C; ++r)
        EXPECT_EQ(row_degree(Shape{R, C}, r), (R - r % R) * (C - r / R)) << R << "x" << C << " row " << r;
}

// On prefixes of grids the samplers complete: every digit is allowed in exactly k_r columns of row r;
// in band 0 every column allows exactly k_r digits too (a regular bipartite graph), and its permanent
// lies between the regular graph's lower bound and Bregman's bound. From band 1 on the column side
// is not regular -- some prefix shows a column with a different count -- which is why the lower
// bound uses band 0 only (docs/estimate.md, "Bounds").
TEST(EstimateBounds, RowDegreesOnRandomPrefixes) {
  for (Shape s : {Shape{2, 2}, Shape{2, 3}, Shape{3, 2}, Shape{3, 3}, Shape{2, 4}, Shape{4, 2}, Shape{3, 4}, Shape{4, 3}}) {
    Sampler sampler(s, Method::sis);
    const int n = s.n();
    int grids = 0;
    bool irregular_column_seen = false;
    for (std::uint64_t i = 0; grids < 30 && i < 3000; ++i) {
      RandomChooser ch(11, i);
      if (sampler.sample(ch) == 0) continue;
      ++grids;
      const std::vector<int> g(sampler.grid().begin(), sampler.grid().end());
      for (int r = 0; r < n; ++r) {
        const int k = row_degree(s, r);
        const auto allowed = allowed_in_row(s, g, r);
        for (int d = 0; d < n; ++d) {
          int columns = 0;
          for (int c = 0; c < n; ++c) columns += allowed[c] >> d & 1;
          ASSERT_EQ(columns, k) << s.str() << " row " << r << " digit " << d;
        }
        for (int c = 0; c < n; ++c) {
          const int digits = std::popcount(allowed[c]);
          if (r < s.rows) {
            ASSERT_EQ(digits, k) << s.str() << " row " << r << " column " << c;
          } else if (digits != k) {
            irregular_column_seen = true;
          }
        }
        const double log_perm = std::log10(static_cast<double>(permanent(allowed)));
        EXPECT_LE(log_perm, log10_bregman(n, k) + 1e-9) << s.str() << " row " << r;
        if (r < s.rows) {
          EXPECT_GE(log_perm, log10_regular_lower(n, k) - 1e-9) << s.str() << " row " << r;
        }
      }
    }
    EXPECT_EQ(grids, 30) << s.str();
    if (s.n() >= 9) {
      EXPECT_TRUE(irregular_column_seen) << s.str();
    }
  }
}

// lower <= exact <= upper for every shape whose count is known: 2x2 .. 3x3 (the stack method, also
// `gridenum count`), 2x5 (`gridenum count --shape 2x5`), 4x3 and 2x6 (published: Pettersen, and
// this project's results/ runs). Transposed shapes have the same count.
TEST(EstimateBounds, ExactCountsLieBetweenTheBounds) {
  struct Known {
    Shape shape;
    const char* count;
  };
  const std::vector<Known> known = {
      {{2, 2}, "288"},
      {{2, 3}, "28,200,960"},
      {{2, 4}, "29,136,487,207,403,520"},
      {{3, 3}, "6,670,903,752,021,072,936,960"},
      {{2, 5}, "1,903,816,047,972,624,930,994,913,280,000"},
      {{4, 3}, "81,171,437,193,104,932,746,936,103,027,318,645,818,654,720,000"},
      {{2, 6}, "38,296,278,920,738,107,863,746,324,732,012,492,486,187,417,600,000"},
  };
  for (const Known& k : known)
    for (Shape s : {k.shape, Shape{k.shape.cols, k.shape.rows}}) {
      const CountBounds b = count_bounds(s);
      const double exact = log10_of_decimal(k.count);
      EXPECT_LT(b.log10_lower, exact) << s.str();
      EXPECT_GT(b.log10_upper, exact) << s.str();
      EXPECT_LT(b.log10_lower, b.log10_upper) << s.str();
    }
  // 4x4 by hand: band 0 has at least 4! * 2 fillings (row 1: a 2-regular graph, at least 2! matchings;
  // in fact 4), times (R!)^(C-1) = 2 row orders of band 1: 96 of the 288 grids.
  EXPECT_NEAR(count_bounds(Shape{2, 2}).log10_lower, std::log10(96.0), 1e-9);
}
