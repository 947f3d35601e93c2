// `gridenum verify symmetry`: the essentially-different count of symmetry/burnside.hpp checked
// against the brute-force census of grid_census.hpp, on grids small enough to list (4x4, 6x6).
// Figures side by side:
//
//   figures      group order (class sizes added up / elements listed by the census), grids with
//                box 1 fixed (count engine total / N! / listed by the census), essentially
//                different grids (Burnside / distinct canonical forms);
//   class sizes  every conjugacy class: its size (centraliser formula) / the census's elements
//                sorted into classes by class_index (so every element is met in exactly one
//                class, and classes are what conjugation keeps);
//   fixed grids  every class: f of its representative by the counting kernels (fixed_grids.hpp)
//                / by brute force over the listed grids.
#pragma once

#include "gridenum/core/shape.hpp"
#include "gridenum/verify/verify.hpp"

namespace gridenum {

// Throws VerifyInputError for shapes the census cannot list (N > 6) and for transposition with
// R != C (it is then silently not part of the group elsewhere; here it is asked for by name).
VerifyReport verify_symmetry(Shape s, bool transposition, int threads);

}  // namespace gridenum
