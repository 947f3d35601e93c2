// What the sums over the three-band catalogue share (fixed_band_classes.cpp: bands cycled;
// fixed_band_swaps.cpp: two bands swapped, the third kept). Both sum, over the catalogue's classes
// of band signatures (count/three_band/band_signatures.hpp), a class's size times a mean over
// the conjugates of the element's column permutation gamma in the catalogue's column group
// W = S_C wr S_R: moving a signature's columns by tau in W is the same as counting it with
// tau^-1 gamma tau, so the mean over gamma's conjugates stands for the sum over the class.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/shape.hpp"
#include "gridenum/count/three_band/band_signatures.hpp"
#include "gridenum/symmetry/permutation.hpp"

namespace gridenum::detail {

// The catalogue of a shape, built once a process (4x3: 144,578 classes in about 10 s) and kept.
const SignatureCatalogue& band_catalogue(Shape s);

// The conjugates tau^-1 gamma tau of gamma (a permutation of the N columns) over W (stack moves,
// column moves inside stacks), each once, sorted.
std::vector<Perm> conjugates_in_column_group(Shape s, const Perm& gamma);

// The digit-type view of a signature S (N column masks, stack by stack, C columns a stack, R
// stacks): out[d * R + b] = the column (0..N-1) of stack b that holds digit d.
std::vector<int> digit_columns(Shape s, const std::vector<DigitMask>& S);

// f from a catalogue sum: the sum over classes of |K| x (the terms summed over gamma's conjugates)
// divided by the number of conjugates and by N! (f counts grids up to relabelling). Both
// divisions must be exact: a CheckError names `kernel` where they are not.
u128 catalogue_sum_to_f(u128 total, std::size_t conjugates, int N, const char* kernel);

// A cycle type as a key: the number of cycles of length L in hex digit L - 1 (lengths <= 15,
// at most 15 cycles of a length: N <= 15).
std::uint64_t type_key(const CycleType& t);

// The id that puts a catalogue class into its part (sum_in_parts, fixed_kernels.hpp): a hash of
// its canonical key, so a part names the same classes whatever the order of work.
std::uint64_t catalogue_class_id(SignatureKey key);

}  // namespace gridenum::detail
