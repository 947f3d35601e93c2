// The geometric symmetry group of R x C Sudoku grids and its conjugacy classes.
//
// For boxes of R rows and C columns (N = R*C) the grid has C bands of R rows and R stacks of
// C columns. The moves that keep every Sudoku grid a Sudoku grid, apart from relabelling, are:
//   rows:    permute the bands, and the rows inside each band   W_r = S_R wr S_C, (R!)^C C!
//   columns: permute the stacks, and the columns inside each    W_c = S_C wr S_R, (C!)^R R!
//   and, when R = C, transposition t.
// Row and column moves commute, so G = W_r x W_c (x <t> when R = C). 9x9: 2 * 1296^2 =
// 3,359,232; 10x10 with 2x5 boxes: 3840 * 28800 = 110,592,000.
//
// Conjugacy classes, without listing the group. In a wreath product S_m wr S_k an element is a
// permutation s of the k blocks and one permutation of the m points inside each block; around
// every cycle of s (length l) the block permutations multiply to a "cycle product" whose
// cycle type is what survives conjugation. A class is a multiset of pairs (l, type of the cycle
// product); its centraliser has order prod over distinct pairs of mult! * (l * z_type)^mult,
// z_type the centraliser order of the type in S_m. The representative puts each cycle product
// on the cycle's first block and the identity on the others. Classes of W_r x W_c are pairs.
// With transposition (R = C, W_r = W_c = W): t swaps the two factors, so untransposed classes
// are unordered pairs {A, B} (size |A||B|, twice that when A != B); a transposed element
// (a, b)t is conjugate to (a', b')t exactly when ab and a'b' are conjugate in W, so there is
// one transposed class per class A of W, of size |W| |A|, with representative (a_A, id)t.
// 9x9: 22 classes of W, 253 + 22 = 275 classes of G (Russell and Jarvis 2006).
//
// Action on cells. An untransposed element (rows, cols) sends cell (r, c) to (rows[r], cols[c]);
// a transposed one sends (r, c) to (rows[c], cols[r]) (transpose first, then move rows and
// columns). A grid X is fixed by g up to relabelling when X(g(cell)) = pi(X(cell)) for every
// cell, for some digit permutation pi.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "gridenum/core/shape.hpp"
#include "gridenum/symmetry/permutation.hpp"

namespace gridenum {

// What survives conjugation in S_m wr S_k: for every cycle of the block permutation, its length
// and the cycle type of its cycle product; sorted. Two elements are conjugate exactly when their
// keys are equal.
using WreathKey = std::vector<std::pair<int, CycleType>>;

// Rows or columns of the grid as k blocks (bands or stacks) of m lines each: line b*m + i.
struct WreathClass {
  Perm rep;               // the representative acting on the k*m lines
  Perm blocks;            // its block permutation (bands or stacks)
  std::uint64_t size = 0;  // elements in the class
  std::string text;       // the representative in words, e.g. "bands (1 2) carrying (1 2 3)"
  WreathKey key;          // the class's invariant (wreath_key of rep)
};

// The conjugacy classes of S_m wr S_k (m points in each of k blocks). `block` and `line` name
// the blocks and lines in the text ("band"/"rows" or "stack"/"columns").
std::vector<WreathClass> wreath_classes(int m, int k, const std::string& block, const std::string& lines);
// Every element of S_m wr S_k as a permutation of the k*m lines ((m!)^k k! of them).
void for_each_wreath_element(int m, int k, const std::function<void(const Perm&)>& visit);
// True when p (on k*m lines) maps blocks to blocks.
bool in_wreath(int m, int k, const Perm& p);
// The conjugacy invariant of p, an element of S_m wr S_k (in_wreath must hold): around each cycle
// (b, s(b), .., s^(l-1)(b)) of the block permutation s, the cycle product is p^l restricted to
// block b (a permutation of its m lines); its cycle type does not depend on the starting block.
WreathKey wreath_key(int m, int k, const Perm& p);

struct GeometricSymmetry {
  Perm rows;               // row r -> rows[r]   (N entries)
  Perm cols;               // column c -> cols[c]
  bool transpose = false;  // transpose first, then move rows and columns
  bool is_identity() const;
};

// The image of cell (r, c) (as r*N + c) and the whole permutation of the N*N cells.
int cell_image(Shape s, const GeometricSymmetry& g, int cell);
Perm cell_permutation(Shape s, const GeometricSymmetry& g);
// g as a symmetry of the transposed shape (C x R): rows and columns trade places. The number of
// grids fixed up to relabelling is the same, so a counter may work in whichever orientation
// suits it.
GeometricSymmetry transposed_view(const GeometricSymmetry& g);
// g2 after g1 (both in the same shape).
GeometricSymmetry compose(Shape s, const GeometricSymmetry& g2, const GeometricSymmetry& g1);
// True when g is an element of the geometric group of shape s (with transposition allowed
// only when R = C).
bool in_group(Shape s, const GeometricSymmetry& g);

struct SymmetryClass {
  GeometricSymmetry rep;
  std::uint64_t size = 0;
  std::string text;    // the representative in words
  int row_class = -1;  // index into SymmetryGroup::row_classes (for a transposed class: the class
                       // of the product of its two parts, see the top)
  int col_class = -1;  // index into col_classes; -1 for a transposed class
};

struct SymmetryGroup {
  Shape shape;
  bool transposition = false;     // transposition included (R = C only)
  std::uint64_t row_order = 0;    // |W_r| = (R!)^C C!
  std::uint64_t col_order = 0;    // |W_c| = (C!)^R R!
  std::uint64_t order = 0;        // |G|
  std::vector<WreathClass> row_classes, col_classes;  // classes of W_r and W_c
  std::vector<SymmetryClass> classes;  // the identity first
};

// Throws std::invalid_argument for transposition with R != C (it is not a symmetry there) and
// for shapes outside 2 <= R, C and N <= 16.
SymmetryGroup build_symmetry_group(Shape s, bool transposition);

// The index in grp.classes of the class holding g (which must be in the group), found from the
// invariants alone: untransposed (a, b) by the classes of a in W_r and b in W_c (an unordered
// pair when transposition is in the group), transposed (a, b)t by the class of a*b in W.
std::size_t class_index(const SymmetryGroup& grp, const GeometricSymmetry& g);
// The order of g (smallest e >= 1 with g^e the identity).
int element_order(Shape s, const GeometricSymmetry& g);

}  // namespace gridenum
