// Algorithm X with dancing links, and the Sudoku-to-exact-cover translation (dlx.hpp).
#include "gridenum/puzzle/dlx.hpp"

#include <algorithm>
#include <cassert>
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
  excluded_.clear();
  row_excluded_.clear();
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
  row_excluded_.push_back(0);
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
  save_links();
  for (int q = first; C_[q] >= 0; ++q) covered_[C_[q]] = 1;
  cover(C_[first]);
  select_row(first);
  selected_.push_back(row);
  return true;
}

// The links before the first select() or exclude() of a puzzle; add_row() makes the copy
// stale (saved_ = false), so a matrix rebuilt in place is copied again.
void ExactCover::save_links() {
  if (!selected_.empty() || !excluded_.empty() || saved_) return;
  saved_U_ = U_;
  saved_D_ = D_;
  saved_len_ = len_;
  saved_ = true;
}

// Unlinks each node of the row from its column (the row's own links are kept, as in hide),
// so no column offers it any more. Only on a matrix without selected rows: then every column
// is uncovered and its length counts exactly the rows linked in it.
void ExactCover::exclude(int row) {
  if (!selected_.empty()) throw std::logic_error("exact cover: exclude() after select()");
  if (row < 0 || row >= rows()) throw std::out_of_range("exact cover row out of range");
  if (row_excluded_[row]) return;
  save_links();
  for (int q = row_first_[row]; C_[q] >= 0; ++q) {
    const int u = U_[q], d = D_[q];
    D_[u] = d;
    U_[d] = u;
    --len_[C_[q]];
  }
  row_excluded_[row] = 1;
  excluded_.push_back(row);
}

void ExactCover::unselect_all() {
  if (selected_.empty() && excluded_.empty()) return;
  for (int row : selected_)
    for (int q = row_first_[row]; C_[q] >= 0; ++q) covered_[C_[q]] = 0;
  selected_.clear();
  for (int row : excluded_) row_excluded_[row] = 0;
  excluded_.clear();
  std::copy(saved_U_.begin(), saved_U_.end(), U_.begin());
  std::copy(saved_D_.begin(), saved_D_.end(), D_.begin());
  std::copy(saved_len_.begin(), saved_len_.end(), len_.begin());
}

// ---------------------------------------------------------------------------------------
// Sudoku as exact cover. The matrix depends only on the rules (units and cages), so it is
// built once per thread and rule set and reused: givens are select()ed (or exclude() the
// rows of their cage that disagree), and unselect_all() copies the saved links back. Each
// thread keeps the last few rule sets (a batch that alternates between a few variants does
// not rebuild); a miss rebuilds the least recently used one in place, reusing its memory
// (jigsaw and killer collections have new regions or cages every line).
namespace {

// Placements are used for a cage with at most this many (9x9 killer-400, limit 2, one core:
// caps 360..600 were equally fast, 288 25 % slower, 1000 15 % slower, no cap 2x slower --
// measurements in dlx.hpp). In 9x9 a cage of up to 4 cells always qualifies (at most
// 12 sets x 4! = 288), one of 5 cells when it has at most 4 digit sets.
constexpr std::size_t kMaxPlacements = 500;

// A cage with more digit sets than this is checked by sum bounds in the hooks instead. Only
// 25x25 and larger grids come near (most sets for one size and sum: 12 in 9x9, 526 in 16x16,
// 4,370 for 6 cells in 25x25); the secondary "cage k holds d" columns then hold at most
// kMaxDigitSets + n rows, far below ExactCover::kMaxColumnRows.
constexpr std::size_t kMaxDigitSets = 4096;

// The sets of `size` distinct digits 1..n summing to `sum` (bit d-1 = digit d), found by
// choosing the digits in increasing order and cutting a branch as soon as the digits left
// can no longer reach the rest of the sum; false when there are more than `cap`.
bool digit_sets(int n, int size, int sum, std::size_t cap, std::vector<std::uint32_t>& out) {
  out.clear();
  bool within = true;
  auto extend = [&](auto&& self, int next, int left, int rest, std::uint32_t set) -> void {
    if (left == 0) {
      if (rest != 0) return;
      if (out.size() == cap) within = false;
      else out.push_back(set);
      return;
    }
    // The `left` digits still to choose come from next..n: their sum lies in [lo, hi].
    const int hi = left * n - left * (left - 1) / 2;
    if (rest > hi) return;
    for (int d = next; d <= n && within; ++d) {
      const int lo = left * d + left * (left - 1) / 2;
      if (rest < lo) break;  // a larger first digit only raises the least sum
      self(self, d + 1, left - 1, rest - d, set | 1u << (d - 1));
    }
  };
  extend(extend, 1, size, sum, 0);
  return within;
}

// s! capped at cap + 1 (placement counts are only compared with a cap).
std::size_t capped_factorial(int s, std::size_t cap) {
  std::size_t f = 1;
  for (int i = 2; i <= s && f <= cap; ++i) f *= static_cast<std::size_t>(i);
  return std::min(f, cap + 1);
}

// The matrix of one rule set. Killer cages are encoded in one of three ways (the choice and
// its measurements: dlx.hpp):
//   Placements  one row per way of writing distinct digits with the cage's sum into its
//               cells; the row covers the primary column "cage k filled" and "unit u holds d"
//               for each of its (cell, d). The cage's cells have no cell rows and no cell
//               columns. Only for a cage that shares no cell with another cage and whose
//               placements are few (kMaxPlacements).
//   DigitSets   one row per digit set S of the cage (distinct digits with the cage's sum),
//               covering the primary "cage k filled" and the secondary "cage k holds d" for
//               every d NOT in S; the cell rows (c, d) cover "cage k holds d" too. Chosen
//               set S thus blocks every digit outside S, the cage's cells hold distinct
//               digits of S -- all of S, as there are |S| cells -- so the sum is right. Cell
//               rows whose digit is in no set of the cage are left out.
//   Bounds      (too many digit sets) the cell rows cover the secondary "cage k holds d";
//               the hooks refuse a row once the cage can no longer reach its sum.
// A grid is a solution exactly when it is an exact cover (one set of rows per grid: cell
// rows and Placements rows are read off the grid, a DigitSets row is the cage's digit set),
// so every solution is counted once.
//
// Column layout (ties in the MRV choice go to the lowest column; cage columns first won:
// 9x9 killer 280 nodes per puzzle instead of 329 after the cells, 453 after the units):
//
//   primary:   | cage k filled (Placements, DigitSets) | cell c filled (cells outside
//              | Placements cages) | unit u holds digit d: unit_col0 + u * n + d - 1 |
//   secondary: | cage k holds digit d (DigitSets, Bounds): cage_digit_col[k] + d - 1 |
//
// Rows, in this order (place_start/place: the cell * n + digit - 1 that each row writes):
//
//   cell row (c, d)       c, every "unit of c holds d", every "cage of c holds d"   1 write
//   Placements row        cage k, "unit holds d" for each (cell, d) it writes     |k| writes
//   DigitSets row (k, S)  cage k, "cage k holds d" for each d not in S              0 writes
//
// Classic and the other variants have no cages: cell rows only, row id = c * n + d - 1.
struct SudokuCover {
  enum class CageCode : std::uint8_t { Placements, DigitSets, Bounds };

  int n = 0;
  bool built = false;
  // The rule set, flat: unit u is unit_cells[unit_start[u] .. unit_start[u+1]), same for cages.
  std::vector<int> unit_start, unit_cells, cage_start, cage_cells, cage_sum;
  std::vector<int> unit_of_start, unit_of;  // units of each cell (CSR)
  std::vector<int> cage_of_start, cage_of;  // cages containing each cell (CSR)
  // Each cage's encoding and digit sets (empty for Bounds, and for a cage that repeats a cell).
  std::vector<CageCode> code;
  std::vector<std::vector<std::uint32_t>> sets;
  std::vector<std::uint32_t> set_union;  // the digits in some set of the cage (DigitSets)
  // Column ids (-1: none): cell_col per cell, cage_col and cage_digit_col (the first of n) per
  // cage, unit u x digit d at unit_col0 + u * n + d - 1.
  std::vector<int> cell_col, cage_col, cage_digit_col;
  int unit_col0 = 0;
  // Rows: what row r writes, place[place_start[r] .. place_start[r+1]) as cell * n + digit - 1;
  // the cell row of each cell * n + digit - 1 (-1: none); the rows of Placements cage k,
  // [cage_row_start[k], cage_row_end[k]) (empty for the other cages).
  std::vector<int> place_start, place, cell_row, cage_row_start, cage_row_end;
  std::vector<int> placed_by;                 // the Placements cage of each cell, -1
  std::vector<int> bound_of_start, bound_of;  // Bounds cages of each cell (CSR): the hooks
  bool has_placements = false, has_bounds = false;
  std::vector<int> mark;                      // scratch per cell (repeats_a_cell)
  ExactCover x{0, 0};

  int cage_size(int k) const { return cage_start[k + 1] - cage_start[k]; }
  int cages() const { return static_cast<int>(cage_sum.size()); }
  int units() const { return static_cast<int>(unit_start.size()) - 1; }

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
    copy_rules(m);
    classify_cages();
    lay_out_columns();
    place_start.assign(1, 0);
    place.clear();
    add_cell_rows();
    add_placement_rows();
    add_digit_set_rows();
    assert(static_cast<int>(place_start.size()) == x.rows() + 1);
    built = true;
  }

  // The rule set in flat arrays (matches() compares against them), and the per-cell indexes.
  void copy_rules(const Model& m) {
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
    invert(unit_start, unit_cells, cells, unit_of_start, unit_of);
    invert(cage_start, cage_cells, cells, cage_of_start, cage_of);
  }

  // True when cage k lists a cell twice (it can never hold distinct digits: no solution;
  // make_model refuses it, but a Model can be assembled by hand; satisfies() rejects every
  // grid). `mark` holds k + 1 per cell seen.
  bool repeats_a_cell(int k) {
    bool repeats = false;
    for (int i = cage_start[k]; i < cage_start[k + 1]; ++i) {
      repeats = repeats || mark[cage_cells[i]] == k + 1;
      mark[cage_cells[i]] = k + 1;
    }
    return repeats;
  }
  // True when a cell of cage k is in another cage too (make_model refuses it; a Model
  // assembled by hand may have it).
  bool shares_a_cell(int k) const {
    for (int i = cage_start[k]; i < cage_start[k + 1]; ++i) {
      const int c = cage_cells[i];
      if (cage_of_start[c + 1] - cage_of_start[c] != 1) return true;
    }
    return false;
  }

  // Picks each cage's encoding. Placements also needs every column to stay within
  // ExactCover::kMaxColumnRows: `load` bounds the rows of each unit x digit column (at most n
  // cell rows, plus the Placements rows of the cages taken so far), and a cage that would
  // overflow one falls back to DigitSets.
  void classify_cages() {
    const int nk = cages();
    code.assign(nk, CageCode::DigitSets);
    sets.resize(nk);  // resize + clear keeps each set list's memory for the next build
    for (auto& s : sets) s.clear();
    mark.assign(static_cast<std::size_t>(n) * n, 0);
    std::vector<int> load(static_cast<std::size_t>(units()) * n, n);
    for (int k = 0; k < nk; ++k) {
      if (repeats_a_cell(k)) continue;  // DigitSets with no set: the cage column stays empty
      if (!digit_sets(n, cage_size(k), cage_sum[k], kMaxDigitSets, sets[k])) {
        code[k] = CageCode::Bounds;
        sets[k].clear();
        continue;
      }
      const std::size_t per_set = capped_factorial(cage_size(k), kMaxPlacements);
      if (shares_a_cell(k) || sets[k].size() * per_set > kMaxPlacements) continue;
      if (take_placement_load(k, load)) code[k] = CageCode::Placements;
    }
    set_union.assign(nk, 0);
    for (int k = 0; k < nk; ++k)
      for (std::uint32_t set : sets[k]) set_union[k] |= set;
  }

  // Adds the unit x digit rows that cage k's Placements rows would bring to `load`; false,
  // leaving `load` as it was, when a column would pass ExactCover::kMaxColumnRows. Digit d
  // sits in a given cell of the cage in (sets holding d) x (size-1)! placements.
  bool take_placement_load(int k, std::vector<int>& load) const {
    const int s = cage_size(k);
    std::vector<int> per_digit(n, 0);
    const int orders = static_cast<int>(capped_factorial(s - 1, kMaxPlacements));
    for (std::uint32_t set : sets[k])
      for (int d = 0; d < n; ++d)
        if (set >> d & 1) per_digit[d] += orders;
    bool fits = true;
    for (int i = cage_start[k]; i < cage_start[k + 1]; ++i)
      for (int j = unit_of_start[cage_cells[i]]; j < unit_of_start[cage_cells[i] + 1]; ++j)
        for (int d = 0; d < n; ++d) {
          int& l = load[static_cast<std::size_t>(unit_of[j]) * n + d];
          l += per_digit[d];
          fits = fits && l <= ExactCover::kMaxColumnRows;
        }
    if (!fits)
      for (int i = cage_start[k]; i < cage_start[k + 1]; ++i)
        for (int j = unit_of_start[cage_cells[i]]; j < unit_of_start[cage_cells[i] + 1]; ++j)
          for (int d = 0; d < n; ++d) load[static_cast<std::size_t>(unit_of[j]) * n + d] -= per_digit[d];
    return fits;
  }

  // Column ids in the order drawn above (ties in the MRV choice go to the lowest column).
  void lay_out_columns() {
    const int cells = n * n, nk = cages();
    placed_by.assign(cells, -1);
    has_placements = false;
    for (int k = 0; k < nk; ++k)
      if (code[k] == CageCode::Placements) {
        has_placements = true;
        for (int i = cage_start[k]; i < cage_start[k + 1]; ++i) placed_by[cage_cells[i]] = k;
      }
    int next = 0;
    cage_col.assign(nk, -1);
    for (int k = 0; k < nk; ++k)
      if (code[k] != CageCode::Bounds) cage_col[k] = next++;
    cell_col.assign(cells, -1);
    for (int c = 0; c < cells; ++c)
      if (placed_by[c] < 0) cell_col[c] = next++;
    unit_col0 = next;
    next += units() * n;
    const int primary = next;
    cage_digit_col.assign(nk, -1);
    has_bounds = false;
    for (int k = 0; k < nk; ++k)
      if (code[k] != CageCode::Placements) {
        cage_digit_col[k] = next;
        next += n;
        has_bounds = has_bounds || code[k] == CageCode::Bounds;
      }
    x.reset(primary, next - primary);
    index_bounds();
  }

  // The Bounds cages of each cell (CSR), read by the hooks.
  void index_bounds() {
    const int cells = n * n;
    bound_of_start.assign(static_cast<std::size_t>(cells) + 1, 0);
    bound_of.clear();
    for (int c = 0; c < cells; ++c) {
      for (int i = cage_of_start[c]; i < cage_of_start[c + 1]; ++i)
        if (code[cage_of[i]] == CageCode::Bounds) bound_of.push_back(cage_of[i]);
      bound_of_start[c + 1] = static_cast<int>(bound_of.size());
    }
  }

  // The digits (bit d-1) allowed in cell c: those in some set of each DigitSets cage of c.
  std::uint32_t allowed(int c) const {
    std::uint32_t digits = ~std::uint32_t{0};
    for (int i = cage_of_start[c]; i < cage_of_start[c + 1]; ++i)
      if (code[cage_of[i]] == CageCode::DigitSets) digits &= set_union[cage_of[i]];
    return digits;
  }

  int add_row(const std::vector<int>& cols, std::span<const int> writes) {
    const int r = x.add_row(cols);
    place.insert(place.end(), writes.begin(), writes.end());
    place_start.push_back(static_cast<int>(place.size()));
    assert(static_cast<int>(place_start.size()) == x.rows() + 1);
    return r;
  }

  // Row (c, d) for each cell outside Placements cages and allowed digit: covers the cell,
  // "unit u holds d" for each unit of c and "cage k holds d" for each other cage of c. The
  // columns of (c, d) are base[i] + d for the bases of c (one per unit and cage): computed
  // once per cell, as jigsaw and killer collections rebuild the matrix for every puzzle.
  void add_cell_rows() {
    const int cells = n * n, digits = n;
    cell_row.assign(static_cast<std::size_t>(cells) * n, -1);
    x.reserve(cells * n, cells * n + static_cast<int>(unit_of.size() + cage_of.size()) * n);
    place_start.reserve(static_cast<std::size_t>(cells) * n + 1);
    place.reserve(static_cast<std::size_t>(cells) * n);
    std::vector<int> base, cols;
    for (int c = 0; c < cells; ++c) {
      if (cell_col[c] < 0) continue;
      base.clear();
      for (int i = unit_of_start[c]; i < unit_of_start[c + 1]; ++i) base.push_back(unit_col0 + unit_of[i] * digits - 1);
      for (int i = cage_of_start[c]; i < cage_of_start[c + 1]; ++i) base.push_back(cage_digit_col[cage_of[i]] - 1);
      cols.resize(base.size() + 1);
      cols[0] = cell_col[c];
      const std::uint32_t ok = allowed(c);
      for (int d = 1; d <= digits; ++d) {
        if (!(ok >> (d - 1) & 1)) continue;
        for (std::size_t i = 0; i < base.size(); ++i) cols[i + 1] = base[i] + d;
        const int w = c * digits + d - 1;
        cell_row[w] = add_row(cols, std::span<const int>(&w, 1));
      }
    }
  }

  // For each Placements cage, each digit set in every order (next_permutation from the
  // ascending order): one row covering the cage column and the unit x digit columns.
  void add_placement_rows() {
    const int nk = cages();
    cage_row_start.assign(nk, 0);
    cage_row_end.assign(nk, 0);
    std::vector<int> cols, digits, writes;
    for (int k = 0; k < nk; ++k) {
      cage_row_start[k] = cage_row_end[k] = x.rows();
      if (code[k] != CageCode::Placements) continue;
      for (std::uint32_t set : sets[k]) {
        digits.clear();
        for (int d = 1; d <= n; ++d)
          if (set >> (d - 1) & 1) digits.push_back(d);
        assert(static_cast<int>(digits.size()) == cage_size(k));
        do {
          cols.assign(1, cage_col[k]);
          writes.clear();
          for (int i = 0; i < cage_size(k); ++i) {
            const int c = cage_cells[cage_start[k] + i], d = digits[i];
            for (int j = unit_of_start[c]; j < unit_of_start[c + 1]; ++j) cols.push_back(unit_col0 + unit_of[j] * n + d - 1);
            writes.push_back(c * n + d - 1);
          }
          add_row(cols, writes);
        } while (std::next_permutation(digits.begin(), digits.end()));
      }
      cage_row_end[k] = x.rows();
      assert(static_cast<std::size_t>(cage_row_end[k] - cage_row_start[k]) ==
             sets[k].size() * capped_factorial(cage_size(k), kMaxPlacements));
    }
  }

  // For each DigitSets cage and digit set S: the cage column and "cage k holds d", d not in S.
  void add_digit_set_rows() {
    std::vector<int> cols;
    for (int k = 0; k < cages(); ++k) {
      if (code[k] != CageCode::DigitSets) continue;
      for (std::uint32_t set : sets[k]) {
        cols.assign(1, cage_col[k]);
        for (int d = 1; d <= n; ++d)
          if (!(set >> (d - 1) & 1)) cols.push_back(cage_digit_col[k] + d - 1);
        add_row(cols, {});
      }
    }
  }

  // Puzzle-time: the rows of Placements cage k that do not write digit g into cell c.
  void exclude_disagreeing(int k, int c, int g) {
    const int at = static_cast<int>(std::find(cage_cells.begin() + cage_start[k], cage_cells.begin() + cage_start[k + 1], c) -
                                    (cage_cells.begin() + cage_start[k]));
    assert(at < cage_size(k));
    for (int r = cage_row_start[k]; r < cage_row_end[k]; ++r)
      if (place[place_start[r] + at] != c * n + g - 1) x.exclude(r);
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

// Records solutions; accepts every row (no Bounds cages).
struct PlainHooks {
  const SudokuCover& sc;
  std::uint64_t limit;
  const SolutionCallback* hook;
  SolveResult& res;
  const std::vector<int>& givens;
  SearchBudget* budget;  // the node and time limits (solver.hpp)
  std::vector<int> grid;

  bool exhausted(std::uint64_t nodes) { return budget->exhausted(nodes); }
  bool accept(int) { return true; }
  void undo(int) {}
  bool solution(std::span<const int> rows) {
    ++res.count;
    if (res.count == 1 || hook) {
      if (givens.empty())
        grid.assign(static_cast<std::size_t>(sc.n) * sc.n, 0);
      else
        grid = givens;
      for (int r : rows)
        for (int i = sc.place_start[r]; i < sc.place_start[r + 1]; ++i) grid[sc.place[i] / sc.n] = sc.place[i] % sc.n + 1;
      if (res.count == 1) res.solution = grid;
      if (hook && (*hook)(grid)) return true;
    }
    return limit != 0 && res.count >= limit;
  }
};

// Cage-sum bookkeeping for the Bounds cages: a row is refused when it writes a digit into a
// Bounds cage that could then no longer reach its sum with distinct digits in the cells left.
// Only cell rows touch Bounds cages (Placements cages share no cell), one write each.
struct BoundsHooks : PlainHooks {
  std::vector<int> sum, filled;

  bool accept(int row) {
    // Placements rows write into cells of no Bounds cage, DigitSets rows write nothing.
    if (sc.place_start[row + 1] - sc.place_start[row] != 1) return true;
    const int w = sc.place[sc.place_start[row]], n = sc.n, c = w / n, d = w % n + 1;
    for (int i = sc.bound_of_start[c]; i < sc.bound_of_start[c + 1]; ++i) {
      const int k = sc.bound_of[i];
      const int left = sc.cage_size(k) - filled[k] - 1;
      const int rem = sc.cage_sum[k] - sum[k] - d;
      // Distinct digits of `left` cells sum to anything in [1+..+left, n+..+(n-left+1)].
      if (rem < left * (left + 1) / 2 || rem > left * (2 * n - left + 1) / 2) {
        for (int j = sc.bound_of_start[c]; j < i; ++j) {
          sum[sc.bound_of[j]] -= d;
          --filled[sc.bound_of[j]];
        }
        return false;
      }
      sum[k] += d;
      ++filled[k];
    }
    return true;
  }
  void undo(int row) {
    if (sc.place_start[row + 1] - sc.place_start[row] != 1) return;
    const int w = sc.place[sc.place_start[row]], n = sc.n, c = w / n, d = w % n + 1;
    for (int i = sc.bound_of_start[c]; i < sc.bound_of_start[c + 1]; ++i) {
      sum[sc.bound_of[i]] -= d;
      --filled[sc.bound_of[i]];
    }
  }
};

// Givens. A given in a Placements cage removes the cage's rows that write another digit into
// its cell (exclude(): all of them before the first select()); any other given selects its
// cell row, vetted by the hooks. False when the givens already rule out every solution.
template <class Hooks>
bool place_givens(SudokuCover& sc, const std::vector<int>& givens, Hooks& h) {
  const int n = sc.n;
  if (givens.empty()) return true;
  if (sc.has_placements)
    for (int c = 0; c < n * n; ++c)
      if (givens[c] != 0 && sc.placed_by[c] >= 0) sc.exclude_disagreeing(sc.placed_by[c], c, givens[c]);
  for (int c = 0; c < n * n; ++c) {
    const int g = givens[c];
    if (g == 0 || sc.placed_by[c] >= 0) continue;
    const int row = sc.cell_row[c * n + g - 1];
    if (row < 0 || !h.accept(row)) return false;  // no row: g is in no digit set of c's cage
    if (!sc.x.select(row)) {
      h.undo(row);
      return false;
    }
  }
  return true;
}

template <class Hooks>
void run_with(SudokuCover& sc, const Model& m, Hooks& h, SolveResult& res) {
  if (place_givens(sc, m.givens, h)) sc.x.search(h, res.stats);
  sc.x.unselect_all();
}

SolveResult run(const Model& m, std::uint64_t limit, const SolutionCallback* hook, const SearchLimits& limits) {
  SudokuCover& sc = cover_for(m);
  SolveResult res;
  SearchBudget budget(limits);
  if (!sc.has_bounds) {
    PlainHooks h{sc, limit, hook, res, m.givens, &budget, {}};
    run_with(sc, m, h, res);
  } else {
    BoundsHooks h{{sc, limit, hook, res, m.givens, &budget, {}}, std::vector<int>(sc.cages(), 0),
                  std::vector<int>(sc.cages(), 0)};
    run_with(sc, m, h, res);
  }
  budget.report(res);
  return res;
}

}  // namespace

SolveResult solve_dlx(const Model& m, std::uint64_t limit, const SearchLimits& limits) {
  return run(m, limit, nullptr, limits);
}

SolveResult solve_dlx(const Model& m, std::uint64_t limit, const SolutionCallback& on_solution, const SearchLimits& limits) {
  return run(m, limit, on_solution ? &on_solution : nullptr, limits);
}

}  // namespace gridenum
