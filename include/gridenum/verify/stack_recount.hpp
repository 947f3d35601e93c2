// A second count of f(g) (symmetry/fixed_grids.hpp) for the symmetries of 2 x m grids -- and of
// m x 2 grids, seen transposed -- sharing no code with the counting kernels of src/symmetry
// (the 10x10 figure differs from the published one, so every class that fixes grids gets a
// recount by separate code).
//
// The idea (the side-2 count's, count/side2/side2.hpp, with the symmetry imposed). In the 2 x m view a
// grid is two stacks of m columns; row r's left half holds an m-set L_r of the N = 2m digits,
// the other row of its box holds the complement, and the right half holds the complement of L_r.
// Let g send cell (r, c) to (rho(r), tau(c)) with tau keeping each stack. A grid with
// X(g(cell)) = pi(X(cell)) has L_{rho(r)} = pi(L_r) for every row, and each stack, given the
// row sets, is filled independently with the same rule inside it. So for one pi
//
//     N(g, pi) = sum over row-set choices L with L_{rho r} = pi L_r of A(L) * B(L^c),
//
// A and B the fillings of the left and right stack (each column holds every digit once, row r
// exactly its set) with the rule imposed. Relabelling acts freely, and the relabellings that
// commute with pi (the centraliser C(pi)) carry solutions for pi to solutions for pi, so
// f(g) = sum over the cycle types t of pi of N(g, pi_t) / |C(pi_t)|, each quotient exact.
//
// When g swaps the stacks (tau sends the left columns to the right ones), row r's left half lands
// in the right half of row rho(r), so the rule on sets is L_{rho r} = complement of pi L_r; the
// right stack is the image of the left one, and a left stack extends to a solution exactly when
// it obeys g^2 (which keeps the stacks) with pi^2. Then N(g, pi) = sum over L of A_{g^2}(L).
//
// Work saved, in two places:
//   choices  the centraliser acts on the choices L and keeps A * B, so the free bands' sets are
//            taken one band at a time up to the stabiliser of the sets chosen before (orbit
//            representatives, weighted by orbit size; determined bands follow along);
//   stacks   a stack is filled one rho-orbit of rows at a time (filling the orbit's first row
//            fixes the whole orbit through the rule), merging partial fillings with the same
//            used-digit masks of the m columns (a dictionary keyed by the masks).
// Measured (AMD EPYC 2.6 GHz, 2 threads, under load): 10x10 classes 731..736 and 766 take 3..14 s
// each, 941..946 30..50 s, 1081 nine minutes; the plain backtracking this replaced (no merging,
// no stabiliser chain) took 4.5 to 7 minutes for 731 and 766. Costly: relabellings with many
// fixed points (a centraliser of up to N! elements to reduce by) and stack swaps whose g^2 is the
// identity (plain fillings of very many signature orbits, e.g. 1023: not finished in 8 minutes).
#pragma once

#include <cstdint>
#include <vector>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/shape.hpp"
#include "gridenum/symmetry/permutation.hpp"
#include "gridenum/symmetry/symmetry_group.hpp"

namespace gridenum {

// Largest m taken (a stack's column masks, m x 2m bits, must fit a 64-bit key).
constexpr int kStackRecountMaxHalf = 5;

struct StackRecount {
  u128 grids = 0;                    // f(g), restricted to the relabelling types asked for
  std::vector<u128> per_type;        // N(g, pi_t) / |C(pi_t)| for each type asked, in order
  std::uint64_t choices = 0;         // row-set choices counted (orbit representatives)
  double seconds = 0;
};

// True when g is an untransposed, non-identity element of the group of a 2 x m or m x 2 shape,
// 2 <= m <= kStackRecountMaxHalf.
bool stack_recount_applies(Shape s, const GeometricSymmetry& g);

// The recount over the given cycle types of pi (each a partition of N; types that fix nothing
// add 0; the identity type costs most: its centraliser is all of S_N). threads = 0: all cores.
// Throws std::invalid_argument unless stack_recount_applies, or
// for a type that is not a partition of N; Interrupted on a stop request (core/stop.hpp), which it
// polls at every merged state of a stack.
StackRecount stack_recount(Shape s, const GeometricSymmetry& g, const std::vector<CycleType>& types,
                           int threads = 0);

}  // namespace gridenum
