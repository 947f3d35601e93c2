// Exact cover by Knuth's Algorithm X with dancing links (docs/design.md section 4).
//
// ExactCover is generic: primary columns must be covered exactly once, secondary columns at
// most once (Knuth's trick: the search never chooses them, but covering them still removes
// clashing rows). The search is Knuth's DLX1 (TAOCP 7.2.2.1, Algorithm X), iterative with an
// explicit stack; it allocates nothing.
//
// Node layout (flat struct of arrays U_, D_, C_, row_, 32-bit indices; rows stored one after
// the other with a spacer node between them, so there are no left/right links):
//
//   node:  0 .. P-1 | P .. Ppad-1 | Ppad .. Ppad+S-1 |  sp  r0 r0 r0 r0  sp  r1 r1 r1  sp ...
//          primary  |  padding    |  secondary       |   row 0 nodes       row 1 nodes
//          headers  |  (unused)   |  headers         |
//
//   * header h: U_/D_ ring through the rows of its column; C_[h] = h; len_[h] = rows left
//     (+ kCovered while the column is covered). Padding headers are never used and keep
//     len_ = kCovered, so the MRV scan runs over len_[0, Ppad) in whole blocks of kBlock.
//   * row node q: U_/D_ in its column's ring, C_[q] = its header, row_[q] = row id. The nodes
//     of a row are contiguous: the right neighbour of q is q+1, the left one q-1.
//   * spacer: C_ < 0; U_ = first node of the row before it, D_ = last node of the row after
//     it, so a walk to the right (or left) that meets a spacer wraps round its own row.
//
// Choosing a column (MRV): the minimum of len_[0, Ppad) by a block-wise scan of the array
// (vectorised by the compiler), stopping at the first block holding a 0 or 1; covered
// columns carry +kCovered, so they never win, and a minimum >= kCovered means every primary
// column is covered (a solution). Ties go to the lowest column.
//
// Measured trade-offs (one core, limit 2; 17-clue / top1465 unless said; this machine is
// shared, so only differences well beyond ~20 % run-to-run noise count; docs/dlx.md):
//   kept  array MRV scan (AVX2) instead of walking the header list: the walk is a chain of
//         dependent loads over ~250 columns per node; 15-19k -> 22-28k/s with the DLX1 layout.
//   kept  scan every column, first of minimum size, instead of stopping at the first of size
//         <= 1 (which passes over a dead end further on): 147 -> 125 nodes per puzzle, top1465
//         830 -> 647; faster on both although each scan is longer.
//   kept  16-bit lengths (16 columns per vector): +2-8 %.
//   kept  one pass keeping the column of each lane's minimum (branch-free argmin) instead of a
//         second pass looking for the first column equal to the minimum: 9x9 the same, 16x16
//         4.9-5.4k -> 8.0-8.2k/s (1024 columns: the second pass was long and mispredicted).
//   kept  unselect_all() copies back the links saved before the givens instead of uncovering
//         them: the uncovering was ~11 % of 17-clue time, the copy is ~3 %.
//   lost  AVX-512 scan of 32-bit lengths: no faster than AVX2 here (and GCC 12 warns inside
//         its intrinsics).
//   lost  16-bit node indices (a 9x9 matrix in 24 KB, inside L1): within the noise (0-5 %),
//         and would cap the matrix at 32767 nodes (a 25x25 grid needs ~80k).
//   lost  unit x digit columns before the cell columns (ties go to the lowest): 17-clue 137
//         nodes per puzzle instead of 125, top1465 764 instead of 647, 16x16 843 instead of 351.
//   lost  branch-free hide (walk each row from its first node, the node in the covered column
//         rewritten in place instead of skipped): 15-25 % slower -- one more dependent load
//         (first node of the row) and one more step per row cost more than the mispredicted
//         spacer branch saved.
//
// solve_dlx (solver.hpp) builds the matrix from a Model: row (cell, digit) covers column
// "cell filled" and "unit u holds digit" for every unit of the cell (primary). A killer cage
// (all-different, fixed sum) is encoded by what digits can fill it, so that the matrix itself
// enforces the sum (full layout: SudokuCover in src/dlx.cpp):
//   Placements  one row per way of writing distinct digits with the cage's sum into its cells
//               (covering "cage k filled" and the unit x digit columns of each write); the
//               cage's cells get no cell rows. For a cage with at most 500 such rows that
//               shares no cell with another cage.
//   DigitSets   otherwise one row per digit set S of the cage (covering "cage k filled" and
//               the secondary "cage k holds d" for each d outside S: the cell rows cover
//               "cage k holds d" too, so choosing S bars the other digits); the cells keep
//               their cell rows, minus digits that are in no set.
//   Bounds      a cage with more than 4,096 digit sets (25x25 grids and larger only): the
//               cell rows cover "cage k holds d" and a search hook refuses a row once the
//               cage can no longer reach its sum (the only encoding before).
// Each solution is one exact cover (the DigitSets row is the set of digits the grid puts in
// the cage), so counts stay exact. Measured on the 251 9x9 puzzles of killer-400.txt (limit 2,
// one core, CPU time, matrix rebuilt for each puzzle and included; 2026-11-23):
//   lost  Bounds for every cage (the old engine): 6 of the 251 finish within 1 s each
//         (`gridenum solve --engine dlx`, one line at a time); lines 22, 41, 161 ran past
//         60 s. (6x6: 1.1k puzzles/s, 7,014 nodes per puzzle.)
//   lost  DigitSets for every cage: 147-184 puzzles/s, 32-41k nodes per puzzle, 0.45-0.79 s
//         on the worst (line 171). The cells see the set only through "cage holds d".
//   lost  Placements for every cage (up to the column limit): 1.08-1.1k/s, 137 nodes: the
//         rows of 5- and 6-cell cages (up to 1,440 and 5,760 per cage) make every cover
//         that meets them long.
//   kept  Placements up to 500 rows per cage, DigitSets beyond: 2.37-2.47k/s, 289 nodes,
//         worst puzzle 25 ms (caps 360, 480, 600 the same; 288: 1.87-1.89k/s, 321 nodes;
//         1,000: 1.99-2.06k/s, 280 nodes; 1,500-5,000: 1.43-1.50k/s, 142 nodes; 100:
//         1.45k/s, 1,588 nodes). The matrix build is 10-20 % of the time (cap 300-5,000).
//   kept  cage columns before the cell columns (ties in the MRV choice go to the lowest):
//         at cap 1,000, 280 nodes per puzzle against 329 after the cells, 453 after the
//         unit columns (1.41k/s).
// Limit, left alone: loosely caged puzzles with many solutions are still far slower than
// propagation. Line 149 with every other cage dropped and 4 givens (3,317 solutions): DLX
// 54-75 s (96M nodes; 4.2 s and 20M nodes with DigitSets only), propagation 0.3-0.6 s
// (254k nodes). A Placements cage hides which digits are left for each of its cells, so
// there is no "one digit left in this cell" step, which propagation's cage-sum pruning
// (candidates per cell) gives: no column of the matrix counts the digits left in a cell.
// Puzzles with several solutions or none, and givens inside cages, are checked against
// brute force and the propagation engine in tests/test_dlx.cpp.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#if defined(__AVX2__)
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "gridenum/puzzle/solver.hpp"

namespace gridenum {

class ExactCover {
 public:
  // Columns 0 .. primary-1 are primary, primary .. primary+secondary-1 secondary.
  ExactCover(int primary, int secondary);

  // Empties the matrix and sets new column counts, keeping the memory for the next rows.
  void reset(int primary, int secondary);
  // Room for `rows` more rows with `nodes` entries in all (an optimisation only).
  void reserve(int rows, int nodes);

  // Adds a row covering `cols` (distinct column ids); returns its id (0, 1, ...).
  int add_row(std::span<const int> cols);
  int rows() const { return static_cast<int>(row_first_.size()); }
  int columns() const { return primary_ + secondary_; }

  // Selects a row before the search (a given); false, changing nothing, if it clashes with
  // a row selected before. unselect_all() undoes every selection and exclusion (by copying
  // back the links saved at the first select or exclude: cheaper than uncovering).
  bool select(int row);
  void unselect_all();
  // Removes a row from the matrix until unselect_all() (a given that the row contradicts,
  // when no row says the given alone: a killer cage placed whole). Only before any select():
  // a row is unlinked from columns that are all still uncovered. Excluding a row twice is
  // the same as once.
  void exclude(int row);

  // The search. Hooks: bool accept(int row) -- may veto a row (and records it if accepted);
  // void undo(int row); bool solution(std::span<const int> rows) -- return true to stop.
  // Returns true when stopped by the hook. The matrix is left as it was found.
  template <class Hooks>
  bool search(Hooks& hooks, SolveStats& stats) {
    const std::size_t depth = static_cast<std::size_t>(rows()) + 1;
    if (x_.size() < depth) {
      x_.resize(depth);
      col_stack_.resize(depth);
      chosen_.resize(depth);
    }
    int* const x = x_.data();
    int* const cs = col_stack_.data();
    int l = 0;
    for (;;) {
      // X2/X3: choose a column, or report a solution.
      int len = 0;
      const int c = choose(len);
      if (c < 0) {
        for (int i = 0; i < l; ++i) chosen_[i] = row_[x[i]];
        if (hooks.solution(std::span<const int>(chosen_.data(), static_cast<std::size_t>(l)))) {
          unwind(hooks, l);
          return true;
        }
      } else {
        ++stats.nodes;
        // Hooks may carry a search budget (solver.hpp): past it, the search unwinds as when the
        // solution hook asks to stop.
        if constexpr (requires { hooks.exhausted(stats.nodes); }) {
          if (hooks.exhausted(stats.nodes)) {
            unwind(hooks, l);
            return true;
          }
        }
        if (len == 0) {
          ++stats.backtracks;
        } else {
          // X4/X5: cover c and try its rows.
          cover(c);
          cs[l] = c;
          x[l] = D_[c];
          if (advance(hooks, x[l], c)) {
            ++l;
            continue;
          }
          uncover(c);
        }
      }
      // X6-X8: backtrack to the next row of a lower level.
      for (;;) {
        if (l == 0) return false;
        --l;
        const int r = x[l];
        unselect_row(r);
        hooks.undo(row_[r]);
        x[l] = D_[r];
        if (advance(hooks, x[l], cs[l])) {
          ++l;
          break;
        }
        uncover(cs[l]);
      }
    }
  }

 private:
  static constexpr int kBlock = 16;          // MRV scan block (int32 lanes)
  static constexpr int kCovered = 1 << 14;   // added to len_ of a covered column
 public:
  static constexpr int kMaxColumnRows = kCovered - 1;  // add_row throws beyond
 private:

  int header(int col) const { return col < primary_ ? col : ppad_ + (col - primary_); }

  // First row at or below node `r` of column c that the hooks accept, covered; false if none.
  template <class Hooks>
  bool advance(Hooks& hooks, int& r, int c) {
    for (; r != c; r = D_[r])
      if (hooks.accept(row_[r])) {
        select_row(r);
        return true;
      }
    return false;
  }

  template <class Hooks>
  void unwind(Hooks& hooks, int l) {
    while (l > 0) {
      --l;
      unselect_row(x_[l]);
      hooks.undo(row_[x_[l]]);
      uncover(col_stack_[l]);
    }
  }

  // The primary column with the fewest rows (the first of them), -1 when every primary column
  // is covered. The whole array is scanned: stopping at the first column of size 1 is
  // cheaper per node but misses a column of size 0 further on (17-clue: 147 nodes per puzzle
  // instead of 125, slower overall).
  int choose(int& best_len) const {
    const std::int16_t* const len = len_.data();
#if defined(__AVX2__)
    if (ppad_ <= 0x10000) return choose_avx2(len, best_len);  // column ids fit 16-bit lanes
#elif defined(__SSE2__)
    if (ppad_ <= 0x8000) return choose_sse2(len, best_len);  // ... signed 16-bit lanes
#endif
    int m = kCovered;  // a min reduction the compiler vectorises with whatever SIMD there is
    for (int c = 0; c < ppad_; ++c) m = len[c] < m ? len[c] : m;
    if (m >= kCovered) return -1;
    int c = 0;
    while (len[c] != m) ++c;
    best_len = m;
    return c;
  }
#if defined(__AVX2__)
  int choose_avx2(const std::int16_t* len, int& best_len) const {
    // Per lane: the smallest length seen and the column holding it (first one: strict <).
    __m256i vmin = _mm256_set1_epi16(kCovered), vidx = _mm256_setzero_si256();
    __m256i idx = _mm256_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m256i step = _mm256_set1_epi16(16);
    for (int b = 0; b < ppad_; b += 16) {
      const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(len + b));
      const __m256i lt = _mm256_cmpgt_epi16(vmin, v);
      vmin = _mm256_min_epi16(vmin, v);
      vidx = _mm256_blendv_epi8(vidx, idx, lt);
      idx = _mm256_add_epi16(idx, step);
    }
    const __m128i m8 = _mm_min_epi16(_mm256_castsi256_si128(vmin), _mm256_extracti128_si256(vmin, 1));
    const int m = _mm_cvtsi128_si32(_mm_minpos_epu16(m8)) & 0xffff;
    if (m >= kCovered) return -1;
    // The smallest column index among the lanes holding the minimum.
    const __m256i cand = _mm256_or_si256(vidx, _mm256_andnot_si256(_mm256_cmpeq_epi16(vmin, _mm256_set1_epi16(static_cast<short>(m))), _mm256_set1_epi16(-1)));
    const __m128i c8 = _mm_min_epu16(_mm256_castsi256_si128(cand), _mm256_extracti128_si256(cand, 1));
    best_len = m;
    return _mm_cvtsi128_si32(_mm_minpos_epu16(c8)) & 0xffff;
  }
#elif defined(__SSE2__)
  // The same with 8 lanes and SSE2 only (the x86-64 baseline).
  static int hmin_epi16(__m128i v) {
    v = _mm_min_epi16(v, _mm_shuffle_epi32(v, 0x4e));
    v = _mm_min_epi16(v, _mm_shuffle_epi32(v, 0xb1));
    v = _mm_min_epi16(v, _mm_srli_epi32(v, 16));
    return static_cast<std::int16_t>(_mm_cvtsi128_si32(v) & 0xffff);
  }
  int choose_sse2(const std::int16_t* len, int& best_len) const {
    __m128i vmin = _mm_set1_epi16(kCovered), vidx = _mm_setzero_si128();
    __m128i idx = _mm_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7);
    const __m128i step = _mm_set1_epi16(8);
    for (int b = 0; b < ppad_; b += 8) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(len + b));
      const __m128i lt = _mm_cmpgt_epi16(vmin, v);
      vmin = _mm_min_epi16(vmin, v);
      vidx = _mm_or_si128(_mm_and_si128(lt, idx), _mm_andnot_si128(lt, vidx));
      idx = _mm_add_epi16(idx, step);
    }
    const int m = hmin_epi16(vmin);
    if (m >= kCovered) return -1;
    const __m128i eq = _mm_cmpeq_epi16(vmin, _mm_set1_epi16(static_cast<short>(m)));
    best_len = m;
    return hmin_epi16(_mm_or_si128(_mm_and_si128(eq, vidx), _mm_andnot_si128(eq, _mm_set1_epi16(0x7fff))));
  }
#endif

  // Removes the rows of column c (other than through c itself) from their other columns.
  void cover(int c) {
    len_[c] += kCovered;
    for (int p = D_[c]; p != c; p = D_[p]) {
      for (int q = p + 1; q != p;) {
        const int h = C_[q];
        if (h < 0) {
          q = U_[q];
          continue;
        }
        const int u = U_[q], d = D_[q];
        D_[u] = d;
        U_[d] = u;
        --len_[h];
        ++q;
      }
    }
  }
  void uncover(int c) {
    for (int p = U_[c]; p != c; p = U_[p]) {
      for (int q = p - 1; q != p;) {
        const int h = C_[q];
        if (h < 0) {
          q = D_[q];
          continue;
        }
        const int u = U_[q], d = D_[q];
        D_[u] = q;
        U_[d] = q;
        ++len_[h];
        --q;
      }
    }
    len_[c] -= kCovered;
  }
  // Covers the other columns of the row of node r (left to right), and undoes it.
  void select_row(int r) {
    for (int q = r + 1; q != r;) {
      const int h = C_[q];
      if (h < 0) {
        q = U_[q];
        continue;
      }
      cover(h);
      ++q;
    }
  }
  void unselect_row(int r) {
    for (int q = r - 1; q != r;) {
      const int h = C_[q];
      if (h < 0) {
        q = D_[q];
        continue;
      }
      uncover(h);
      --q;
    }
  }

  int primary_ = 0, secondary_ = 0, ppad_ = 0;  // ppad_: primary rounded up to kBlock
  std::vector<int> U_, D_, C_, row_;
  std::vector<std::int16_t> len_;     // per header (16 bits: twice the lanes in the scan)
  std::vector<int> row_first_;        // first node of each row
  std::vector<int> x_, col_stack_;    // search stack: current row node, column per level
  std::vector<int> chosen_;           // row ids of a solution
  std::vector<int> selected_;         // rows chosen by select()
  std::vector<int> excluded_;         // rows removed by exclude()
  std::vector<std::uint8_t> row_excluded_;  // per row: removed by exclude()
  std::vector<std::uint8_t> covered_; // per header, by select() only
  // The links and lengths before the first select() or exclude(), copied back by
  // unselect_all(); taken again after add_row().
  std::vector<int> saved_U_, saved_D_;
  std::vector<std::int16_t> saved_len_;
  bool saved_ = false;
  void save_links();  // takes the copy above unless it is current
};

// Like solve_dlx, and calls `on_solution` for every solution found (limit 0: no limit).
SolveResult solve_dlx(const Model& m, std::uint64_t limit, const SolutionCallback& on_solution,
                      const SearchLimits& limits = {});

}  // namespace gridenum
