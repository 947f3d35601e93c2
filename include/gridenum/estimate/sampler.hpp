// One random path through the grid's cells, and its weight: the unbiased estimators of the
// number of N x N grids (docs/estimate.md).
//
//   knuth  Knuth's random-path estimator ("Estimating the efficiency of backtrack programs",
//          Math. Comp. 29, 1975): cells in row-major order, each digit drawn uniformly among the
//          cell's candidates (row, column, box); weight = product of the candidate counts, 0 at a
//          dead end (a cell with no candidate).
//   sis    sequential importance sampling row by row: the ways to fill row r given the rows above
//          are perm(A_r) (permanent.hpp); the row is drawn uniformly among them, weight = product
//          of the permanents, 0 when a row has none. A row whose DP would pass RowMatcher's state
//          limit (only for N > 20: from band 1 on, where every column differs) is filled cell by
//          cell instead, each cell's digit drawn among the digits that still leave the row's open
//          cells a perfect matching. Which digits those are comes from one perfect matching M of the
//          open cells (Kuhn's augmenting paths) and the classical alternating-cycle test: digit M(y)
//          fits cell c in some perfect matching iff it is allowed in c and column y reaches c in the
//          graph "x -> y when x may take M(y)" (y = c included). No dead end inside a row, unlike
//          knuth's cells: tried plain cells first, and 25x25 gave weight 0 on every sample. Among
//          the feasible digits, d is drawn with probability proportional to an integer Q_d (2^40
//          times Bregman's estimate of the open cells' fillings after d, relative to the best digit,
//          at least 1), weight x sum Q / Q_d: the draw is exact, the weight a long double ratio.
//          Measured: one sample's cv on 16x16 with every row done so 4.3 against 9.6 for a uniform
//          feasible digit (docs/estimate.md, "What was tried").
// Both are unbiased for the same reason: a grid is reached with probability p > 0 and then weighs
// exactly 1/p, and a dead end weighs 0, so E[weight] = sum over grids of p * 1/p = the count.
//
// Layout: the grid state is three arrays of N digit masks (bit d: digit d used), reset per sample:
//   col_[c]  digits in column c so far      box_[b]  digits in box b so far
//   allowed_[c] = ~(col_[c] | box_[box of (r, c)]): column c's candidates for row r
// plus grid_ (row-major digits, -1 unfilled) for the tests.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "gridenum/core/shape.hpp"
#include "gridenum/estimate/chooser.hpp"
#include "gridenum/estimate/permanent.hpp"

namespace gridenum::estimate {

//   cells  sis with a state limit of kCellsMaxBits: the rows whose permanent DP is small (every row
//          up to 12 digits, so there cells is sis; the first band's rows of 15x15 and 16x16, whose
//          columns fall into a few classes; row 1 of 25x25) exactly, every other row by the
//          weighted feasible cells above.
//          Samples 50 to 150 times cheaper than sis's on 15x15 and 16x16 for a cv 2.3 to 3 times
//          larger, so a given precision comes 7 to 19 times sooner (docs/estimate.md, "cells
//          against sis").
enum class Method { knuth, sis, cells };

std::string_view to_string(Method m);
std::optional<Method> parse_method(std::string_view text);

// The shapes the estimators take: R, C >= 2 and N = R*C <= 32 (core/shape.hpp's digit masks);
// nullopt when `s` is one, else why not.
std::optional<std::string> sampler_shape_error(Shape s);

// Per-thread scratch: construct once, call sample() for each path. A sample depends only on the
// chooser's draws, never on an earlier sample.
class Sampler {
 public:
  // cells caps max_bits at kCellsMaxBits.
  static constexpr int kCellsMaxBits = 12;
  Sampler(Shape shape, Method method, int max_bits = RowMatcher::kDefaultMaxBits);
  // The weight of one path: 0 at a dead end. Exact integer products rounded to long double (64-bit
  // significand, range to 1e4932: a 32 x 32 grid's weights stay far inside it).
  long double sample(Chooser& chooser);
  // The last path's grid, row-major, digits 0..N-1, -1 where a dead end left it unfilled.
  std::span<const int> grid() const { return grid_; }
  // Rows filled cell by cell because the DP would pass the state limit (sis), over all samples.
  std::uint64_t cell_rows() const { return cell_rows_; }
  Shape shape() const { return shape_; }

 private:
  bool fill_row_by_cells(Chooser& chooser, long double& weight);
  bool fill_row_by_feasible_cells(Chooser& chooser, long double& weight);
  bool augment(int x, DigitMask digits, DigitMask& visited);
  Shape shape_;
  Method method_;
  int n_, max_bits_;
  std::uint64_t cell_rows_ = 0;
  std::vector<DigitMask> col_, box_, allowed_;
  std::vector<int> grid_, row_digits_;
  std::vector<int> digit_col_, col_digit_;  // a perfect matching of the row's cells still open
  std::vector<std::uint32_t> out_;          // feasible-cells step: column x -> columns whose digit x takes
  std::vector<int> deg_;
  std::vector<double> score_, log_g_;
  std::vector<u128> cell_weights_;
  RowMatcher matcher_;
};

}  // namespace gridenum::estimate
