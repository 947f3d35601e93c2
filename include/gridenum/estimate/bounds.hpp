// Rigorous bounds on the number of N x N grids with R x C boxes, for every shape
// (docs/estimate.md, "Bounds": the derivations).
//
// Row r (0-based) lies in band b = r / R at position i = r mod R. Given any valid rows above it,
// every digit is allowed in exactly
//   k_r = N - r - i (C - 1 - b) = (R - i)(C - b)
// columns of row r (row_degree): the digit is in r columns already, and in the i boxes of the current
// band where it stands above row r it also rules out the other columns of those boxes, except the
// b + 1 columns of each such stack where it stands already (once per band above and once in this band).
// The column side is not regular once b >= 1 (a column's allowed digits vary with the rows above),
// and a prefix can have no completion there; in band 0 both sides are regular: k = N - iC.
//
// Upper bound: Bregman's theorem (1973; Minc's conjecture): a 0/1 matrix with row sums k has
//   perm <= (k!)^(N/k), so   count <= prod_r (k_r!)^(N/k_r).
// Lower bound: band 0 is a sequence of k-regular bipartite graphs (k = N - iC), every prefix of it
// extends, and each row has at least max(Schrijver 1998 ((k-1)^(k-1)/k^(k-2))^N,
// van der Waerden by Egorychev/Falikman 1981 N! (k/N)^N, M. Hall 1948 k!) fillings. Every valid band 0
// extends to whole grids: band b's row i can be band 0's row pi_b(i) with the columns of each stack s
// permuted by sigma_{b,s}, where pi_b is any row order and, for each stack, (sigma_{b,s})_b is a
// Latin square of order C whose first row (band 0) is the identity. Different choices give different
// grids, so
//   count >= F_0 * (R!)^(C-1) * (prod_{u=1}^{C-1} u!)^R,   F_0 >= prod_{i<R} lower(N, N - iC),
// and the same with R and C swapped (the transposed grids are as many); the larger is taken.
#pragma once

#include "gridenum/core/shape.hpp"

namespace gridenum::estimate {

// k_r above; precondition 0 <= r < N (std::invalid_argument).
int row_degree(Shape s, int r);

// log10 of Bregman's bound (k!)^(n/k) on perm of an n x n 0/1 matrix with row sums k >= 1.
double log10_bregman(int n, int k);
// log10 of the largest of the three lower bounds on perm of a k-regular n x n bipartite graph
// (k = n: n! exactly).
double log10_regular_lower(int n, int k);

struct CountBounds {
  double log10_lower = 0;
  double log10_upper = 0;
};
// Precondition: R, C >= 2 (std::invalid_argument).
CountBounds count_bounds(Shape s);

}  // namespace gridenum::estimate
