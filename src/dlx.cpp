// Algorithm X with dancing links, and the Sudoku-to-exact-cover translation (dlx.hpp).
#include "gridenum/dlx.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>

namespace gridenum {

// ---------------------------------------------------------------------------------------
// The matrix (layout: dlx.hpp). Headers first, then a spacer, then each row followed by a
// spacer.
ExactCover::ExactCover(int primary, int secondary)
    : primary_(primary), secondary_(secondary), ppad_((primary + kBlock - 1) / kBlock * kBlock) {
  if (primary < 0 || secondary < 0) throw std::invalid_argument("exact cover: negative column count");
  const int h = ppad_ + secondary;
  U_.resize(h);
  D_.resize(h);
  C_.resize(h);
  row_.assign(h, -1);
  len_.assign(h, 0);
  covered_.assign(h, 0);
  for (int c = 0; c < h; ++c) U_[c] = D_[c] = C_[c] = c;
  for (int c = primary; c < ppad_; ++c) len_[c] = kCovered;  // padding: never chosen
  // The first spacer (its U_ is never read).
  U_.push_back(0);
  D_.push_back(0);
  C_.push_back(-1);
  row_.push_back(-1);
}

int ExactCover::add_row(std::span<const int> cols) {
  if (cols.empty()) throw std::invalid_argument("exact cover: empty row");
  const int id = rows();
  const int spacer = static_cast<int>(U_.size()) - 1;
  const int first = spacer + 1, k = static_cast<int>(cols.size());
  row_first_.push_back(first);
  for (int i = 0; i < k; ++i) {
    if (cols[i] < 0 || cols[i] >= columns()) throw std::out_of_range("exact cover column out of range");
    const int h0 = cols[i] < primary_ ? cols[i] : ppad_ + (cols[i] - primary_);
    if (len_[h0] >= kMaxColumnRows) throw std::length_error("exact cover: too many rows in a column");
    const int h = cols[i] < primary_ ? cols[i] : ppad_ + (cols[i] - primary_);
    const int x = first + i;
    U_.push_back(U_[h]);
    D_.push_back(h);
    D_[U_[h]] = x;
    U_[h] = x;
    C_.push_back(h);
    row_.push_back(id);
    ++len_[h];
  }
  D_[spacer] = first + k - 1;
  U_.push_back(first);  // the spacer after the row
  D_.push_back(0);
  C_.push_back(-2 - id);
  row_.push_back(-1);
  saved_ = false;
  return id;
}

bool ExactCover::select(int row) {
  const int first = row_first_[row];
  for (int q = first; C_[q] >= 0; ++q)
    if (covered_[C_[q]]) return false;
  if (selected_.empty() && !saved_) {
    saved_U_ = U_;
    saved_D_ = D_;
    saved_len_ = len_;
    saved_ = true;
  }
  for (int q = first; C_[q] >= 0; ++q) covered_[C_[q]] = 1;
  cover(C_[first]);
  select_row(first);
  selected_.push_back(row);
  return true;
}

void ExactCover::unselect_all() {
  if (selected_.empty()) return;
  for (int row : selected_)
    for (int q = row_first_[row]; C_[q] >= 0; ++q) covered_[C_[q]] = 0;
  selected_.clear();
  std::copy(saved_U_.begin(), saved_U_.end(), U_.begin());
  std::copy(saved_D_.begin(), saved_D_.end(), D_.begin());
  std::copy(saved_len_.begin(), saved_len_.end(), len_.begin());
}

// ---------------------------------------------------------------------------------------
// Sudoku as exact cover. The matrix depends only on the rules (units and cages), so it is
// built once per thread and topology and reused: givens are select()ed and unselected after.
namespace {

struct SudokuCover {
  int n = 0;
  std::vector<std::vector<int>> units;
  std::vector<Cage> cages;
  std::vector<int> cage_of_start, cage_of;  // cages containing each cell (CSR)
  std::unique_ptr<ExactCover> x;

  bool matches(const Model& m) const {
    if (m.n != n || m.units.size() != units.size() || m.cages.size() != cages.size()) return false;
    for (std::size_t u = 0; u < units.size(); ++u)
      if (m.units[u].cells != units[u]) return false;
    for (std::size_t k = 0; k < cages.size(); ++k)
      if (m.cages[k].sum != cages[k].sum || m.cages[k].cells != cages[k].cells) return false;
    return true;
  }

  void build(const Model& m) {
    n = m.n;
    const int cells = n * n;
    units.clear();
    for (const auto& u : m.units) units.push_back(u.cells);
    cages = m.cages;
    const int nu = static_cast<int>(units.size()), nk = static_cast<int>(cages.size());
    std::vector<std::vector<int>> unit_of(cells), cage_list(cells);
    for (int u = 0; u < nu; ++u)
      for (int c : units[u]) unit_of[c].push_back(u);
    for (int k = 0; k < nk; ++k)
      for (int c : cages[k].cells) cage_list[c].push_back(k);
    cage_of_start.assign(1, 0);
    cage_of.clear();
    for (int c = 0; c < cells; ++c) {
      cage_of.insert(cage_of.end(), cage_list[c].begin(), cage_list[c].end());
      cage_of_start.push_back(static_cast<int>(cage_of.size()));
    }
    // Columns: cells, then unit x digit (primary); cage x digit (secondary).
    x = std::make_unique<ExactCover>(cells + nu * n, nk * n);
    std::vector<int> cols;
    for (int c = 0; c < cells; ++c)
      for (int d = 0; d < n; ++d) {
        cols.clear();
        cols.push_back(c);
        for (int u : unit_of[c]) cols.push_back(cells + u * n + d);
        for (int k : cage_list[c]) cols.push_back(cells + nu * n + k * n + d);
        x->add_row(cols);  // row id = c * n + d
      }
  }
};

// Records solutions; accepts every row (no cages).
struct PlainHooks {
  const SudokuCover& sc;
  std::uint64_t limit;
  const SolutionCallback* hook;
  SolveResult& res;
  const std::vector<int>& givens;
  std::vector<int> grid;

  bool accept(int) { return true; }
  void undo(int) {}
  bool solution(std::span<const int> rows) {
    ++res.count;
    if (res.count == 1 || hook) {
      if (givens.empty())
        grid.assign(static_cast<std::size_t>(sc.n) * sc.n, 0);
      else
        grid = givens;
      for (int r : rows) grid[r / sc.n] = r % sc.n + 1;
      if (res.count == 1) res.solution = grid;
      if (hook && (*hook)(grid)) return true;
    }
    return limit != 0 && res.count >= limit;
  }
};

// Cage-sum bookkeeping for the search: a row (cell, digit) is refused when a cage of that
// cell could no longer reach its sum with distinct digits in the cells left.
struct KillerHooks : PlainHooks {
  std::vector<int> sum, filled;

  bool accept(int row) {
    const int n = sc.n, c = row / n, d = row % n + 1;
    for (int i = sc.cage_of_start[c]; i < sc.cage_of_start[c + 1]; ++i) {
      const int k = sc.cage_of[i];
      const int left = static_cast<int>(sc.cages[k].cells.size()) - filled[k] - 1;
      const int rem = sc.cages[k].sum - sum[k] - d;
      // Distinct digits of `left` cells sum to anything in [1+..+left, n+..+(n-left+1)].
      if (rem < left * (left + 1) / 2 || rem > left * (2 * n - left + 1) / 2) {
        for (int j = sc.cage_of_start[c]; j < i; ++j) {
          sum[sc.cage_of[j]] -= d;
          --filled[sc.cage_of[j]];
        }
        return false;
      }
      sum[k] += d;
      ++filled[k];
    }
    return true;
  }
  void undo(int row) {
    const int n = sc.n, c = row / n, d = row % n + 1;
    for (int i = sc.cage_of_start[c]; i < sc.cage_of_start[c + 1]; ++i) {
      sum[sc.cage_of[i]] -= d;
      --filled[sc.cage_of[i]];
    }
  }
};

template <class Hooks>
void run_with(SudokuCover& sc, const Model& m, Hooks& h, SolveResult& res) {
  bool ok = true;
  const int n = sc.n;
  if (!m.givens.empty())
    for (int c = 0; c < n * n && ok; ++c) {
      const int g = m.givens[c];
      if (g == 0) continue;
      const int row = c * n + g - 1;
      ok = h.accept(row);
      if (ok && !sc.x->select(row)) {
        h.undo(row);
        ok = false;
      }
    }
  if (ok) sc.x->search(h, res.stats);
  sc.x->unselect_all();
}

SolveResult run(const Model& m, std::uint64_t limit, const SolutionCallback* hook) {
  thread_local SudokuCover sc;
  if (!sc.x || !sc.matches(m)) sc.build(m);
  SolveResult res;
  if (sc.cages.empty()) {
    PlainHooks h{sc, limit, hook, res, m.givens, {}};
    run_with(sc, m, h, res);
  } else {
    KillerHooks h{{sc, limit, hook, res, m.givens, {}}, std::vector<int>(sc.cages.size(), 0), std::vector<int>(sc.cages.size(), 0)};
    run_with(sc, m, h, res);
  }
  return res;
}

}  // namespace

SolveResult solve_dlx(const Model& m, std::uint64_t limit) { return run(m, limit, nullptr); }

SolveResult solve_dlx(const Model& m, std::uint64_t limit, const SolutionCallback& on_solution) {
  return run(m, limit, on_solution ? &on_solution : nullptr);
}

}  // namespace gridenum
