// Algorithm X with dancing links, and the Sudoku-to-exact-cover translation (dlx.hpp).
#include "gridenum/dlx.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>

namespace gridenum {

// ---------------------------------------------------------------------------------------
// The matrix (layout: dlx.hpp). Headers first, then a spacer, then each row followed by a
// spacer.
ExactCover::ExactCover(int primary, int secondary) { reset(primary, secondary); }

void ExactCover::reset(int primary, int secondary) {
  if (primary < 0 || secondary < 0) throw std::invalid_argument("exact cover: negative column count");
  primary_ = primary;
  secondary_ = secondary;
  ppad_ = (primary + kBlock - 1) / kBlock * kBlock;
  const int h = ppad_ + secondary;
  // clear() + resize() keeps the capacity: rebuilding a matrix of the same size allocates nothing.
  for (auto* v : {&U_, &D_, &C_, &row_}) {
    v->clear();
    v->resize(static_cast<std::size_t>(h) + 1);
  }
  len_.assign(h, 0);
  covered_.assign(h, 0);
  for (int c = 0; c < h; ++c) U_[c] = D_[c] = C_[c] = c;
  for (int c = 0; c < h; ++c) row_[c] = -1;
  for (int c = primary; c < ppad_; ++c) len_[c] = kCovered;  // padding: never chosen
  // The first spacer (its U_ is never read).
  U_[h] = D_[h] = 0;
  C_[h] = row_[h] = -1;
  row_first_.clear();
  selected_.clear();
  saved_ = false;
}

void ExactCover::reserve(int rows, int nodes) {
  const std::size_t total = U_.size() + static_cast<std::size_t>(rows) + static_cast<std::size_t>(nodes);
  for (auto* v : {&U_, &D_, &C_, &row_}) v->reserve(total);
  row_first_.reserve(row_first_.size() + static_cast<std::size_t>(rows));
}

int ExactCover::add_row(std::span<const int> cols) {
  if (cols.empty()) throw std::invalid_argument("exact cover: empty row");
  for (int c : cols) {
    if (c < 0 || c >= columns()) throw std::out_of_range("exact cover column out of range");
    if (len_[header(c)] >= kMaxColumnRows) throw std::length_error("exact cover: too many rows in a column");
  }
  const int id = rows();
  const int spacer = static_cast<int>(U_.size()) - 1;
  const int first = spacer + 1, k = static_cast<int>(cols.size());
  row_first_.push_back(first);
  for (int i = 0; i < k; ++i) {
    const int h = header(cols[i]), x = first + i;
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
// built once per thread and rule set and reused: givens are select()ed, and unselect_all()
// copies the saved links back. Each thread keeps the last few rule sets (a batch that
// alternates between a few variants does not rebuild); a miss rebuilds the least recently
// used one in place, reusing its memory (jigsaw collections have new regions every line).
namespace {

struct SudokuCover {
  int n = 0;
  bool built = false;
  // The rule set, flat: unit u is unit_cells[unit_start[u] .. unit_start[u+1]), same for cages.
  std::vector<int> unit_start, unit_cells, cage_start, cage_cells, cage_sum;
  std::vector<int> cage_of_start, cage_of;  // cages containing each cell (CSR)
  ExactCover x{0, 0};

  int cage_size(int k) const { return cage_start[k + 1] - cage_start[k]; }
  int cages() const { return static_cast<int>(cage_sum.size()); }

  bool matches(const Model& m) const {
    if (!built || m.n != n || m.units.size() + 1 != unit_start.size() || m.cages.size() != cage_sum.size()) return false;
    for (std::size_t u = 0; u < m.units.size(); ++u) {
      const auto& c = m.units[u].cells;
      if (static_cast<int>(c.size()) != unit_start[u + 1] - unit_start[u] ||
          !std::equal(c.begin(), c.end(), unit_cells.begin() + unit_start[u]))
        return false;
    }
    for (std::size_t k = 0; k < m.cages.size(); ++k) {
      const auto& c = m.cages[k].cells;
      if (m.cages[k].sum != cage_sum[k] || static_cast<int>(c.size()) != cage_size(static_cast<int>(k)) ||
          !std::equal(c.begin(), c.end(), cage_cells.begin() + cage_start[k]))
        return false;
    }
    return true;
  }

  // CSR "which of the sets (start/cells) contain each cell", for cells 0..cells-1.
  static void invert(const std::vector<int>& start, const std::vector<int>& members, int cells,
                     std::vector<int>& of_start, std::vector<int>& of) {
    of_start.assign(static_cast<std::size_t>(cells) + 1, 0);
    for (int c : members) ++of_start[c + 1];
    for (int c = 0; c < cells; ++c) of_start[c + 1] += of_start[c];
    of.resize(members.size());
    std::vector<int> pos(of_start.begin(), of_start.end() - 1);
    for (std::size_t set = 0; set + 1 < start.size(); ++set)
      for (int i = start[set]; i < start[set + 1]; ++i) of[pos[members[i]]++] = static_cast<int>(set);
  }

  void build(const Model& m) {
    built = false;
    n = m.n;
    const int cells = n * n;
    unit_start.assign(1, 0);
    unit_cells.clear();
    for (const auto& u : m.units) {
      unit_cells.insert(unit_cells.end(), u.cells.begin(), u.cells.end());
      unit_start.push_back(static_cast<int>(unit_cells.size()));
    }
    cage_start.assign(1, 0);
    cage_cells.clear();
    cage_sum.clear();
    for (const auto& k : m.cages) {
      cage_cells.insert(cage_cells.end(), k.cells.begin(), k.cells.end());
      cage_start.push_back(static_cast<int>(cage_cells.size()));
      cage_sum.push_back(k.sum);
    }
    const int nu = static_cast<int>(m.units.size()), nk = cages();
    std::vector<int> unit_of_start, unit_of;
    invert(unit_start, unit_cells, cells, unit_of_start, unit_of);
    invert(cage_start, cage_cells, cells, cage_of_start, cage_of);
    // Columns: cells, then unit x digit (primary); cage x digit (secondary).
    x.reset(cells + nu * n, nk * n);
    x.reserve(cells * n, (cells + static_cast<int>(unit_of.size() + cage_of.size())) * n);
    std::vector<int> cols;
    for (int c = 0; c < cells; ++c)
      for (int d = 0; d < n; ++d) {
        cols.clear();
        cols.push_back(c);
        for (int i = unit_of_start[c]; i < unit_of_start[c + 1]; ++i) cols.push_back(cells + unit_of[i] * n + d);
        for (int i = cage_of_start[c]; i < cage_of_start[c + 1]; ++i) cols.push_back(cells + nu * n + cage_of[i] * n + d);
        x.add_row(cols);  // row id = c * n + d
      }
    built = true;
  }
};

// The per-thread cache of matrices, most recently used first.
SudokuCover& cover_for(const Model& m) {
  constexpr std::size_t kEntries = 4;
  thread_local std::vector<std::unique_ptr<SudokuCover>> cache;
  for (std::size_t i = 0; i < cache.size(); ++i)
    if (cache[i]->matches(m)) {
      std::rotate(cache.begin(), cache.begin() + static_cast<std::ptrdiff_t>(i), cache.begin() + static_cast<std::ptrdiff_t>(i) + 1);
      return *cache[0];
    }
  if (cache.size() < kEntries) cache.push_back(std::make_unique<SudokuCover>());
  std::rotate(cache.begin(), cache.end() - 1, cache.end());
  cache[0]->build(m);
  return *cache[0];
}

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
      const int left = sc.cage_size(k) - filled[k] - 1;
      const int rem = sc.cage_sum[k] - sum[k] - d;
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
      if (ok && !sc.x.select(row)) {
        h.undo(row);
        ok = false;
      }
    }
  if (ok) sc.x.search(h, res.stats);
  sc.x.unselect_all();
}

SolveResult run(const Model& m, std::uint64_t limit, const SolutionCallback* hook) {
  SudokuCover& sc = cover_for(m);
  SolveResult res;
  if (sc.cages() == 0) {
    PlainHooks h{sc, limit, hook, res, m.givens, {}};
    run_with(sc, m, h, res);
  } else {
    KillerHooks h{{sc, limit, hook, res, m.givens, {}}, std::vector<int>(sc.cages(), 0), std::vector<int>(sc.cages(), 0)};
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
