// The top-band signature catalogue (docs/design.md section 8): classes of per-column digit-set
// configurations of one band, for any R x C shape small enough (the 12-digit shapes 4x3 and 3x4 are
// the point; 2x2 .. 3x3, 2x4, 4x2 are where it is cross-checked).
//
// A *configuration* gives each of the N columns of a band its digit set: R digits per column,
// and inside each of the R boxes the C column sets partition the N = R*C digits. There are
// (N! / (R!)^C)^R configurations (34,650^4 for 4x3). The number of band fillings with given
// column sets, and the number of completions of a top band, depend only on the configuration's
// *class*: its orbit under relabelling the digits (S_N), permuting the columns inside each box
// ((S_C)^R) and permuting the boxes (S_R). Row permutations inside the band do not change the
// column sets, so they are not part of the group.
//
// The digit-type view (the idea of the two-stack route's histograms, two_stack.hpp, carried to
// any R). Digit d has a *type* x(d) = (x_1 .. x_R) in [C]^R: x_b is the column of box b that holds
// d. A configuration is a map d -> x(d) whose every coordinate takes each of its C values exactly
// R times. Relabelling the digits only permutes the map's domain, so a configuration up to
// relabelling is the *multiset* of N points {x(d)} of the cube [C]^R -- a histogram -- and the
// remaining operations are the wreath product W = S_C wr S_R acting on the cube (a value
// permutation per coordinate, then a permutation of the coordinates), |W| = (C!)^R R!.
// Classes are the W-orbits of such multisets. The class of a multiset h holds
//     |W| / |Stab_W(h)|  x  N! / prod_x h(x)!
// configurations (the orbit of h, times the labelled maps with histogram h).
//
// Generation, box by box (orderly generation by levels). Level k holds the W_k = S_C wr S_k
// orbits of multisets of N points of [C]^k whose coordinates are balanced (each value R times),
// i.e. the classes of the first k boxes of a band. Every level-(k+1) orbit holds a multiset whose
// projection on the first k coordinates is a level-k canonical representative (move the
// projection onto the representative with an element of W_k, extended by the identity on the
// new coordinate), so the level-(k+1) classes are the canonical forms of all balanced ways of
// giving the points of each level-k representative a (k+1)-th coordinate, deduplicated. Level 1
// is the one multiset (R points at each value); level R gives the classes. The new coordinate's
// values are interchangeable too, so only restricted-growth assignments of them are made (C!
// fewer candidates). Measured (one thread, machine under load ~6 on 2 cores):
//     shape   classes per level         candidates canonicalised   time
//     3x3     1, 5, 44                  644                         0.01 s
//     3x4     1, 12, 2,230              71,862                      1.5 s
//     4x3     1, 9, 359, 144,578        985,094                     11.3 s
// Tried and dropped: all value assignments of the new coordinate (no restricted growth): 3x4
// took 26 s for 1,126,420 candidates.
//
// Canonical form (src/count/three_band/band_signatures.cpp). The form of a multiset is the smallest, in
// lexicographic order, of the sorted point codes of its images under W (code of x: x_1 x_2 ..
// x_k read as a base-C number, box 1 most significant), packed into 16 bytes. Instead of all of
// W (31,104 elements for 4x3, 82,944 for 3x4) only the elements that sort the coordinates and
// the values by refined invariants are tried (colour refinement: a value's invariant is the
// multiset of its points' contexts, iterated); the invariants are computed from the multiset
// alone and move with it, so the minimum over the allowed elements is still a function of the
// orbit, and the number of allowed elements reaching the minimum is |Stab_W(h)|.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/shape.hpp"

namespace gridenum {

// Canonical form of a class: the sorted point codes (one byte each, N of them, < C^R), packed so
// that byte i is bits 8*(15-i) .. of the u128 (integer order = lexicographic order).
using SignatureKey = u128;

struct SignatureClass {
  SignatureKey key = 0;          // canonical form
  std::uint64_t size = 0;        // configurations in the class
  std::uint64_t stabiliser = 0;  // |Stab_W(h)| of the canonical multiset
};

struct SignatureCatalogueStats {
  std::vector<std::uint64_t> level_classes;     // classes of the first k boxes, k = 1..R
  std::vector<std::uint64_t> level_candidates;  // extensions canonicalised to reach level k
  std::uint64_t group_order = 0;                // |W| = (C!)^R R!
};

struct SignatureCatalogue {
  Shape shape;
  std::vector<SignatureClass> classes;  // sorted by key (increasing)
  std::uint64_t configurations = 0;     // (N! / (R!)^C)^R, from the formula (not from the sizes)
  SignatureCatalogueStats stats;
  int threads_used = 0;
  double seconds = 0;
};

// Why the catalogue cannot take a shape, or nullopt: needs R >= 2, C >= 2, N <= 16, C^R <= 256
// (a point code in one byte) and fewer than 2^64 configurations.
std::optional<std::string> signature_catalogue_shape_error(Shape s);

// (N! / (R!)^C)^R as an exact integer (any shape with R, C >= 1).
BigInt signature_configurations(Shape s);

// The classes of a shape's top-band configurations (threads = 0: all cores). Checks that the
// sizes sum to the number of configurations (CheckError otherwise); std::invalid_argument for a
// shape signature_catalogue_shape_error refuses.
SignatureCatalogue build_signature_catalogue(Shape s, int threads = 0);

// Canonical form of a configuration given as its N column sets (box by box, C columns each, R
// digits per column, bit d for digit d (0-based)); std::invalid_argument unless each box's sets
// partition the digits. Also returns |Stab_W| when stabiliser != nullptr.
SignatureKey signature_key(Shape s, const std::vector<DigitMask>& columns, std::uint64_t* stabiliser = nullptr);

// Index of the class with this key in the catalogue, or -1.
std::int64_t find_signature_class(const SignatureCatalogue& cat, SignatureKey key);

// The configuration a key stands for: digit i (0-based) takes the i-th smallest point; N masks,
// box by box.
std::vector<DigitMask> signature_columns(Shape s, SignatureKey key);

// A representative of a class whose first R-1 boxes are a canonical configuration of R-1 boxes,
// the class's *prefix*: of the R ways to leave one box out, the one whose R-1 boxes have the
// smallest canonical key (the level R-1 key of the catalogue's generation). Classes with the same
// prefix share their first R-1 boxes exactly, column set for column set, so a completion count
// can share the work of those boxes between them (three_band.hpp, completions of a group).
struct SignaturePrefixForm {
  SignatureKey prefix = 0;          // canonical key of the R-1 kept boxes (k = R-1 coordinates)
  std::vector<DigitMask> columns;   // N masks: a configuration of the class, prefix boxes first
};
SignaturePrefixForm signature_prefix_form(Shape s, SignatureKey key);

// "1234.5678.9ABC|1256.3478.9ABC|..." : the column sets of each box (digits 1..N, A = 10, ...),
// columns separated by '.', boxes by '|'.
std::string signature_string(Shape s, const std::vector<DigitMask>& columns);

}  // namespace gridenum
