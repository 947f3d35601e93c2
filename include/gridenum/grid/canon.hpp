// Canonical forms, equivalence and automorphisms of one Sudoku grid (docs/grid-tools.md).
//
// The group. For R x C boxes (N = R*C digits; C bands of R rows, R stacks of C columns, as
// core/shape.hpp and symmetry/symmetry_group.hpp say) G is the geometric group of
// symmetry_group.hpp -- band and row-in-band permutations, stack and column-in-stack
// permutations, and the transposition when R = C -- times the N! relabellings of the digits.
// An element is a GridElement: its cells move as symmetry_group.hpp's GeometricSymmetry says
// (cell_image), and the digit in a cell is relabelled by `digits`.
//
// The canonical form is the field's "minlex" form (docs/grid-tools.md, "Convention"): among
// all images of the grid under the geometric group, each relabelled so that its digits read
// 1, 2, 3, .. in order of first appearance in row-major order, the lexicographically smallest
// row-major string. Its first row is always 1 2 .. N. It is a real minimum over the group (the
// tests check it against a plain minimum over all of G on every 4x4 grid), found by a pruned
// search (canon.cpp), not a hash.
//
// Grids here are N*N digits 1..N in row-major order (as Model::givens). The functions take any
// valid grid of the shape (every row, column and box holding each digit once) and throw
// std::invalid_argument for anything else (a precondition: the CLI's reader, grid_io.hpp, checks
// user input first and throws InputError).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gridenum/core/shape.hpp"
#include "gridenum/symmetry/permutation.hpp"
#include "gridenum/symmetry/symmetry_group.hpp"

namespace gridenum {

using GridCells = std::vector<int>;  // N*N digits 1..N, row-major

// An element of G (with relabelling): the image Y of X has Y(cell_image(geo, c)) = digits[X(c)-1]+1.
struct GridElement {
  GeometricSymmetry geo;
  Perm digits;  // digit d (0-based d-1) -> digits[d-1] (0-based)
};

// The image of a grid under an element.
GridCells apply_element(Shape s, const GridElement& g, const GridCells& grid);
// h after g.
GridElement compose_elements(Shape s, const GridElement& h, const GridElement& g);
GridElement inverse_element(Shape s, const GridElement& g);
bool is_identity_element(const GridElement& g);

// True when `grid` is a valid grid of the shape (N*N digits 1..N; rows, columns, boxes).
bool is_valid_grid(Shape s, const GridCells& grid);
// The grid with rows and columns exchanged: a grid of shape C x R.
GridCells transpose_grid(Shape s, const GridCells& grid);

// Shapes the grid tools take: boxes of at least 2 x 2 cells and N from 4 to 12 (2x2 .. 6x2).
bool is_grid_tool_shape(Shape s);

struct CanonOptions {
  bool transposition = true;  // include the transposition (ignored unless R = C)
  bool keep_maps = false;     // keep every element that maps the grid onto its form
  // 9x9: the band-table canonicaliser (canon_nine.cpp, ~40x faster); false: the pruned search
  // every shape uses (canon.cpp), kept as its independent check. Same form, same elements.
  bool band_tables = true;
};

struct CanonResult {
  GridCells form;                  // the minlex form
  GridElement to_form;             // one element g with g(grid) = form
  std::vector<GridElement> maps;   // with keep_maps: every such element (to_form first)
  std::uint64_t automorphisms = 0;  // how many elements map the grid onto its form = |Aut(grid)|
  bool transposition = false;      // whether the group held the transposition
};

// The minlex form of a valid grid. |Aut(grid)| comes with it: the elements attaining the
// minimum are exactly to_form composed with the automorphisms.
CanonResult canonical_form(Shape s, const GridCells& grid, const CanonOptions& opt = {});

// The form as one line of symbols (1..9, A.. for 10..): "123456789456789123789...".
std::string grid_string(const GridCells& grid);

// The order of the geometric part of G: |W_r| |W_c| = (R!)^C C! (C!)^R R!, times 2 with the
// transposition (R = C only). |G| with relabelling is that times N! (over 2^64 for 2x6).
std::uint64_t geometric_order(Shape s, bool transposition);

struct Automorphisms {
  std::uint64_t order = 0;                // |Aut(grid)|
  std::vector<GridElement> elements;      // every automorphism (the identity first)
  std::vector<GridElement> generators;    // a small generating set (empty for the trivial group)
};
// The stabiliser of the grid in G: { to_form^-1 h : h(grid) = form }.
Automorphisms automorphisms(Shape s, const GridCells& grid, bool transposition = true);

// True when b is an image of a under G (with transposition when R = C and `transposition`).
bool equivalent(Shape s, const GridCells& a, const GridCells& b, bool transposition = true);
// For R != C, transposition is not in G: whether a is equivalent to the transpose of b, when
// that transpose is itself a grid of shape s (else false). For R = C the same as equivalent
// with transposition.
bool equivalent_to_transpose(Shape s, const GridCells& a, const GridCells& b);

// An element in words: "rows (1 2)(4 6), columns id, transposed, digits (1 2)".
std::string element_text(const GridElement& g);

}  // namespace gridenum
