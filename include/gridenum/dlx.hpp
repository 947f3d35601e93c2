// Exact cover by Knuth's Algorithm X with dancing links (design.md section 4).
//
// ExactCover is generic: primary columns must be covered exactly once, secondary columns at
// most once (Knuth's trick: they are not in the header list, so the search never chooses
// them, but covering them still removes clashing rows). All nodes live in flat arrays
// (L, R, U, D, column, row) reserved up front, so the search allocates nothing.
//
// solve_dlx (solver.hpp) builds the matrix from a Model: row (cell, digit) covers column
// "cell filled" and "unit u holds digit" for every unit of the cell (primary), plus "cage k
// holds digit" (secondary: at most once). Killer sums are checked during the search by a
// hook that rejects a row when a cage can no longer reach its sum.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "gridenum/propagate.hpp"
#include "gridenum/solver.hpp"

namespace gridenum {

class ExactCover {
 public:
  // Columns 0 .. primary-1 are primary, primary .. primary+secondary-1 secondary.
  ExactCover(int primary, int secondary);

  // Adds a row covering `cols` (distinct column ids); returns its id (0, 1, ...).
  int add_row(std::span<const int> cols);
  int rows() const { return static_cast<int>(row_first_.size()); }
  int columns() const { return ncols_; }

  // Selects a row before the search (a given); false, changing nothing, if it clashes with
  // a row selected before. unselect_all() undoes every selection, in reverse order.
  bool select(int row);
  void unselect_all();

  // The search. Hooks: bool accept(int row) -- may veto a row (and records it if accepted);
  // void undo(int row); bool solution(std::span<const int> rows) -- return true to stop.
  // Returns true when stopped by the hook.
  template <class Hooks>
  bool search(Hooks& hooks, SolveStats& stats) {
    chosen_.resize(static_cast<std::size_t>(rows()) + 1);
    return search_level(hooks, stats, 0);
  }

 private:
  template <class Hooks>
  bool search_level(Hooks& hooks, SolveStats& stats, int depth) {
    if (R_[0] == 0) {
      std::span<const int> sol(chosen_.data(), static_cast<std::size_t>(depth));
      return hooks.solution(sol);
    }
    // Choose the primary column with the fewest rows (MRV); 0 or 1 cannot be beaten.
    int c = R_[0], best = c, bs = size_[c];
    for (; c != 0 && bs > 1; c = R_[c])
      if (size_[c] < bs) {
        bs = size_[c];
        best = c;
      }
    ++stats.nodes;
    if (bs == 0) {
      ++stats.backtracks;
      return false;
    }
    cover(best);
    for (int r = D_[best]; r != best; r = D_[r]) {
      if (!hooks.accept(row_[r])) continue;
      chosen_[depth] = row_[r];
      for (int j = R_[r]; j != r; j = R_[j]) cover(col_[j]);
      const bool stop = search_level(hooks, stats, depth + 1);
      for (int j = L_[r]; j != r; j = L_[j]) uncover(col_[j]);
      hooks.undo(row_[r]);
      if (stop) {
        uncover(best);
        return true;
      }
    }
    uncover(best);
    return false;
  }

  void cover(int c) {
    R_[L_[c]] = R_[c];
    L_[R_[c]] = L_[c];
    for (int i = D_[c]; i != c; i = D_[i])
      for (int j = R_[i]; j != i; j = R_[j]) {
        U_[D_[j]] = U_[j];
        D_[U_[j]] = D_[j];
        --size_[col_[j]];
      }
  }
  void uncover(int c) {
    for (int i = U_[c]; i != c; i = U_[i])
      for (int j = L_[i]; j != i; j = L_[j]) {
        ++size_[col_[j]];
        U_[D_[j]] = j;
        D_[U_[j]] = j;
      }
    R_[L_[c]] = c;
    L_[R_[c]] = c;
  }

  // Node 0 is the root, nodes 1..ncols the column headers (column id + 1), then row nodes.
  int ncols_;
  std::vector<int> L_, R_, U_, D_, col_, row_, size_;
  std::vector<int> row_first_;   // first node of each row
  std::vector<int> chosen_;      // rows on the current search path
  std::vector<int> selected_;    // rows chosen by select()
  std::vector<std::uint8_t> covered_;  // by select() only
};

// Like solve_dlx, and calls `on_solution` for every solution found (limit 0: no limit).
SolveResult solve_dlx(const Model& m, std::uint64_t limit, const SolutionCallback& on_solution);

}  // namespace gridenum
