// The minlex canonical form by a pruned search (docs/grid-tools.md, "Algorithm").
//
// The idea. An image of X under G is fixed by three choices: the orientation t (X or its
// transpose, R = C only), the source row of every new row, and the source column of every new
// column (the permutation sigma); the relabelling is then forced, because the form's first row
// reads 1 2 .. N: the digit in new column j of the first row becomes j. So the label of digit d
// is sigma^-1(position of d in the first row), and each choice of (t, first row r0, second row
// r1) leaves the column permutation to be found:
//
//   new row 2, column j:  sigma^-1( pi( sigma(j) ) ),  pi(c) = the column of row r0 holding X(r1, c)
//
// Row 2 is the first row that varies, so sigma is built position by position j = 0, 1, ..
// comparing row 2's prefix with the best form's row 2 and cutting the branch as soon as it is
// larger. A value is forced when its column pi(sigma(j)) is not placed yet: the smallest free
// position it may take (the first free position of its stack's slot, or of the next empty slot)
// is the only one that keeps row 2 smallest, so it is placed there without branching. Branching
// is left to positions whose own source column is open: which stack opens a slot, which column
// of the slot's stack comes next. This is the column analogue of the relabelling by first
// appearance, and the pruning of the minlex canonicalisers of the Sudoku Players' Forum (row by
// row, the lexicographic comparison deciding early).
//
// Once sigma is complete every row is fixed as a string, and the best arrangement of the rows is
// forced too: rows are distinct strings (two equal rows would share a digit in every column), so
// band 0 is r0, r1 then its other rows in increasing order, and the other bands each in
// increasing order, sorted by their first row. The full candidate is compared row by row with
// the best, and every element reaching the minimum is counted: each leaf is one distinct element
// of G (t, r0, r1 and sigma differ), so the count is |Aut(X)| (orbit-stabiliser).
//
// Data layout of the hot path (N <= 12, 0-based digits and lines):
//
//   x_[t][r*N + c]      the grid in orientation t (t = 1: transposed), one byte a cell
//   pos_[t][r][d]       the column of digit d in row r of orientation t
//   PartialSigma (copied on every branch, 4 x 12 bytes + 1 int):
//     src[j]            position j <- source column (-1: open)
//     at[c]             source column c -> its position (-1: not placed)
//     slot_stack[s]     slot s (positions s*C ..) holds source stack slot_stack[s] (-1: none)
//     stack_slot[S]     the inverse; slots 0 .. slots-1 are the ones holding a stack
//   cur_[j]             row 2's values on the current branch
//   best_[r*N + c]      the best form so far (0-based labels)
#include "gridenum/grid/canon.hpp"

#include "canon_detail.hpp"

#include "gridenum/core/arith.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <cstring>
#include <map>
#include <numeric>
#include <random>
#include <stdexcept>
#include <tuple>

namespace gridenum {

namespace {

using detail::kMaxSide;
using detail::LineBytes;
using detail::MinimumElement;

void require_grid(Shape s, const GridCells& grid) {
  if (!is_grid_tool_shape(s))
    throw std::invalid_argument("grid tools: boxes of at least 2 x 2 cells and 4 to 12 digits, got " + s.str());
  if (!is_valid_grid(s, grid)) throw std::invalid_argument("grid tools: not a valid " + s.str() + " grid");
}

struct PartialSigma {
  LineBytes src, at, slot_stack, stack_slot;
  int slots = 0;
};

class MinlexSearch {
 public:
  MinlexSearch(Shape s, const GridCells& grid, const CanonOptions& opt)
      : n_(s.n()), R_(s.rows), C_(s.cols), keep_(opt.keep_maps),
        orientations_(opt.transposition && s.rows == s.cols ? 2 : 1) {
    for (int r = 0; r < n_; ++r)
      for (int c = 0; c < n_; ++c) {
        const auto d = static_cast<std::uint8_t>(grid[static_cast<std::size_t>(r * n_ + c)] - 1);
        x_[0][r * n_ + c] = d;
        x_[1][c * n_ + r] = d;
      }
    for (int t = 0; t < orientations_; ++t)
      for (int r = 0; r < n_; ++r)
        for (int c = 0; c < n_; ++c) pos_[t][r][x_[t][r * n_ + c]] = static_cast<std::int8_t>(c);
  }

  void run() {
    for (t_ = 0; t_ < orientations_; ++t_)
      for (r0_ = 0; r0_ < n_; ++r0_) {
        const int band = r0_ / R_;
        for (r1_ = band * R_; r1_ < band * R_ + R_; ++r1_) {
          if (r1_ == r0_) continue;
          for (int c = 0; c < n_; ++c) pi_[static_cast<std::size_t>(c)] = pos_[t_][r0_][x_[t_][r1_ * n_ + c]];
          PartialSigma st;
          st.src.fill(-1), st.at.fill(-1), st.slot_stack.fill(-1), st.stack_slot.fill(-1);
          if (R_ == 2) {
            // Two stacks: slot 0 opens with either one, slot 1 holds the other (see search_two).
            for (int stack = 0; stack < 2; ++stack) {
              PartialSigma s2 = st;
              s2.slot_stack[0] = static_cast<std::int8_t>(stack), s2.stack_slot[static_cast<std::size_t>(stack)] = 0;
              s2.slot_stack[1] = static_cast<std::int8_t>(1 - stack), s2.stack_slot[static_cast<std::size_t>(1 - stack)] = 1;
              s2.slots = 2;
              search_two(s2, 0);
            }
          } else {
            search(st, 0);
          }
        }
      }
  }

  std::array<std::uint8_t, kMaxSide * kMaxSide> best_{};
  bool have_best_ = false;
  std::vector<MinimumElement> found_;
  std::uint64_t count_ = 0;

 private:
  // Places source column `col` at the smallest free position it may take (see the top).
  void place(PartialSigma& st, int col) const {
    const int stack = col / C_;
    if (st.stack_slot[static_cast<std::size_t>(stack)] < 0) {
      const int slot = st.slots++;
      st.slot_stack[static_cast<std::size_t>(slot)] = static_cast<std::int8_t>(stack);
      st.stack_slot[static_cast<std::size_t>(stack)] = static_cast<std::int8_t>(slot);
    }
    const int slot = st.stack_slot[static_cast<std::size_t>(stack)];
    int p = slot * C_;
    while (st.src[static_cast<std::size_t>(p)] >= 0) ++p;
    assert(p < slot * C_ + C_);
    st.src[static_cast<std::size_t>(p)] = static_cast<std::int8_t>(col);
    st.at[static_cast<std::size_t>(col)] = static_cast<std::int8_t>(p);
  }

  // Position j's source column is set in st: row 2's value there, the prefix compared with the
  // best form's row 2 (cut when larger), then the next position.
  void step(PartialSigma st, int j) {
    const int target = pi_[static_cast<std::size_t>(st.src[static_cast<std::size_t>(j)])];
    if (st.at[static_cast<std::size_t>(target)] < 0) place(st, target);
    cur_[static_cast<std::size_t>(j)] = static_cast<std::uint8_t>(st.at[static_cast<std::size_t>(target)]);
    if (have_best_) {
      const std::uint8_t* b = best_.data() + n_;
      for (int i = 0; i <= j; ++i)
        if (cur_[static_cast<std::size_t>(i)] != b[i]) {
          if (cur_[static_cast<std::size_t>(i)] > b[i]) return;
          break;
        }
    }
    search(st, j + 1);
  }

  void search(const PartialSigma& st, int j) {
    if (j == n_) {
      leaf(st);
      return;
    }
    if (st.src[static_cast<std::size_t>(j)] >= 0) {
      step(st, j);
      return;
    }
    const int slot = j / C_;
    if (st.slot_stack[static_cast<std::size_t>(slot)] < 0) {
      // The slot opens here (it is the next empty one): any unplaced stack, any of its columns.
      assert(slot == st.slots && j == slot * C_);
      for (int stack = 0; stack < R_; ++stack) {
        if (st.stack_slot[static_cast<std::size_t>(stack)] >= 0) continue;
        for (int c = stack * C_; c < stack * C_ + C_; ++c) {
          PartialSigma s2 = st;
          s2.slot_stack[static_cast<std::size_t>(slot)] = static_cast<std::int8_t>(stack);
          s2.stack_slot[static_cast<std::size_t>(stack)] = static_cast<std::int8_t>(slot);
          s2.slots = slot + 1;
          s2.src[static_cast<std::size_t>(j)] = static_cast<std::int8_t>(c);
          s2.at[static_cast<std::size_t>(c)] = static_cast<std::int8_t>(j);
          step(s2, j);
        }
      }
      return;
    }
    const int stack = st.slot_stack[static_cast<std::size_t>(slot)];
    for (int c = stack * C_; c < stack * C_ + C_; ++c) {
      if (st.at[static_cast<std::size_t>(c)] >= 0) continue;
      PartialSigma s2 = st;
      s2.src[static_cast<std::size_t>(j)] = static_cast<std::int8_t>(c);
      s2.at[static_cast<std::size_t>(c)] = static_cast<std::int8_t>(j);
      step(s2, j);
    }
  }

  // Two stacks (R = 2): every column of slot 0 sends row 2 to the other stack, so row 2's first C
  // values are C, C+1, .., 2C-1 whatever the order of slot 0, and its column k of slot 1 is
  // forced to pi(sigma(k)). The search above would try all C! orders of slot 0 before comparing
  // anything (2x6: 1440 branches per pair of rows). So here slot 0 is chosen while row 2's second
  // half is compared: its value at C+k is the slot-0 position of tau(sigma(k)), tau = pi o pi (a
  // permutation of slot 0's stack), placed greedily when open exactly as in step().
  void search_two(const PartialSigma& st, int k) {
    if (k == C_) {
      PartialSigma full = st;
      for (int i = 0; i < C_; ++i) {
        const int col = pi_[static_cast<std::size_t>(full.src[static_cast<std::size_t>(i)])];
        full.src[static_cast<std::size_t>(C_ + i)] = static_cast<std::int8_t>(col);
        full.at[static_cast<std::size_t>(col)] = static_cast<std::int8_t>(C_ + i);
      }
      leaf(full);
      return;
    }
    if (st.src[static_cast<std::size_t>(k)] >= 0) {
      step_two(st, k);
      return;
    }
    const int stack = st.slot_stack[0];
    for (int c = stack * C_; c < stack * C_ + C_; ++c) {
      if (st.at[static_cast<std::size_t>(c)] >= 0) continue;
      PartialSigma s2 = st;
      s2.src[static_cast<std::size_t>(k)] = static_cast<std::int8_t>(c);
      s2.at[static_cast<std::size_t>(c)] = static_cast<std::int8_t>(k);
      step_two(s2, k);
    }
  }

  void step_two(PartialSigma st, int k) {
    const int target = pi_[static_cast<std::size_t>(pi_[static_cast<std::size_t>(st.src[static_cast<std::size_t>(k)])])];
    if (st.at[static_cast<std::size_t>(target)] < 0) {
      int p = 0;
      while (st.src[static_cast<std::size_t>(p)] >= 0) ++p;
      assert(p < C_);
      st.src[static_cast<std::size_t>(p)] = static_cast<std::int8_t>(target);
      st.at[static_cast<std::size_t>(target)] = static_cast<std::int8_t>(p);
    }
    cur_[static_cast<std::size_t>(C_ + k)] = static_cast<std::uint8_t>(st.at[static_cast<std::size_t>(target)]);
    if (have_best_) {
      const std::uint8_t* b = best_.data() + n_;
      for (int i = C_; i <= C_ + k; ++i)
        if (cur_[static_cast<std::size_t>(i)] != b[i]) {
          if (cur_[static_cast<std::size_t>(i)] > b[i]) return;
          break;
        }
    }
    search_two(st, k + 1);
  }

  // sigma complete: relabel every row, arrange the rows (forced, see the top), compare.
  void leaf(const PartialSigma& st) {
    const int n = n_;
    std::array<std::uint8_t, kMaxSide> lab{};
    for (int d = 0; d < n; ++d)
      lab[static_cast<std::size_t>(d)] = static_cast<std::uint8_t>(st.at[static_cast<std::size_t>(pos_[t_][r0_][d])]);
    std::array<std::uint8_t, kMaxSide * kMaxSide> z;  // z[r*N + j]: source row r, relabelled, columns moved
    for (int r = 0; r < n; ++r)
      for (int j = 0; j < n; ++j)
        z[static_cast<std::size_t>(r * n + j)] =
            lab[x_[t_][r * n + st.src[static_cast<std::size_t>(j)]]];
    auto less_row = [&](int a, int b) { return std::memcmp(&z[static_cast<std::size_t>(a * n)], &z[static_cast<std::size_t>(b * n)], static_cast<std::size_t>(n)) < 0; };
    LineBytes order{};
    int k = 0;
    const int band0 = r0_ / R_;
    order[static_cast<std::size_t>(k++)] = static_cast<std::int8_t>(r0_);
    order[static_cast<std::size_t>(k++)] = static_cast<std::int8_t>(r1_);
    for (int r = band0 * R_; r < band0 * R_ + R_; ++r)
      if (r != r0_ && r != r1_) order[static_cast<std::size_t>(k++)] = static_cast<std::int8_t>(r);
    std::sort(order.begin() + 2, order.begin() + R_, less_row);
    // The other bands: rows sorted inside each, bands by their first row.
    std::array<LineBytes, kMaxSide> bands{};
    std::array<int, kMaxSide> band_ids{};
    int nb = 0;
    for (int b = 0; b < C_; ++b) {
      if (b == band0) continue;
      LineBytes& rows = bands[static_cast<std::size_t>(b)];
      for (int i = 0; i < R_; ++i) rows[static_cast<std::size_t>(i)] = static_cast<std::int8_t>(b * R_ + i);
      std::sort(rows.begin(), rows.begin() + R_, less_row);
      band_ids[static_cast<std::size_t>(nb++)] = b;
    }
    std::sort(band_ids.begin(), band_ids.begin() + nb,
              [&](int a, int b) { return less_row(bands[static_cast<std::size_t>(a)][0], bands[static_cast<std::size_t>(b)][0]); });
    for (int i = 0; i < nb; ++i)
      for (int r = 0; r < R_; ++r) order[static_cast<std::size_t>(k++)] = bands[static_cast<std::size_t>(band_ids[static_cast<std::size_t>(i)])][static_cast<std::size_t>(r)];
    assert(k == n);
    // Row by row against the best: larger -> done; smaller -> the new best from this row on.
    int cmp = have_best_ ? 0 : -1;
    for (int i = 0; i < n && cmp == 0; ++i) {
      cmp = std::memcmp(&z[static_cast<std::size_t>(order[static_cast<std::size_t>(i)] * n)], &best_[static_cast<std::size_t>(i * n)], static_cast<std::size_t>(n));
      if (cmp > 0) return;
    }
    if (cmp < 0) {
      for (int i = 0; i < n; ++i)
        std::memcpy(&best_[static_cast<std::size_t>(i * n)], &z[static_cast<std::size_t>(order[static_cast<std::size_t>(i)] * n)], static_cast<std::size_t>(n));
      have_best_ = true;
      found_.clear();
      count_ = 0;
    }
    ++count_;
    if (keep_ || found_.empty()) {
      MinimumElement f;
      f.t = t_;
      f.rows = order;
      f.cols = st.src;
      for (int d = 0; d < n; ++d) f.lab[static_cast<std::size_t>(d)] = static_cast<std::int8_t>(lab[static_cast<std::size_t>(d)]);
      found_.push_back(f);
    }
  }

  int n_, R_, C_;
  bool keep_;
  int orientations_;
  std::uint8_t x_[2][kMaxSide * kMaxSide] = {};
  std::int8_t pos_[2][kMaxSide][kMaxSide] = {};
  int t_ = 0, r0_ = 0, r1_ = 0;
  std::array<std::int8_t, kMaxSide> pi_{};
  std::array<std::uint8_t, kMaxSide> cur_{};
};

// A MinimumElement as an element in symmetry_group.hpp's convention: new row i comes from source row
// rows[i], so the element sends row rows[i] to i (the inverse), and likewise for columns.
GridElement to_element(int n, const MinimumElement& f) {
  GridElement g;
  g.geo.rows.assign(static_cast<std::size_t>(n), 0);
  g.geo.cols.assign(static_cast<std::size_t>(n), 0);
  g.digits.assign(static_cast<std::size_t>(n), 0);
  for (int i = 0; i < n; ++i) {
    g.geo.rows[static_cast<std::size_t>(f.rows[static_cast<std::size_t>(i)])] = i;
    g.geo.cols[static_cast<std::size_t>(f.cols[static_cast<std::size_t>(i)])] = i;
    g.digits[static_cast<std::size_t>(i)] = f.lab[static_cast<std::size_t>(i)];
  }
  g.geo.transpose = f.t == 1;
  return g;
}

}  // namespace

bool is_grid_tool_shape(Shape s) { return s.rows >= 2 && s.cols >= 2 && s.n() >= 4 && s.n() <= kMaxSide; }

bool is_valid_grid(Shape s, const GridCells& grid) {
  const int n = s.n();
  if (static_cast<int>(grid.size()) != n * n) return false;
  std::vector<DigitMask> row(static_cast<std::size_t>(n), 0), col(row), box(row);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const int d = grid[static_cast<std::size_t>(r * n + c)];
      if (d < 1 || d > n) return false;
      const DigitMask m = DigitMask{1} << (d - 1);
      row[static_cast<std::size_t>(r)] |= m;
      col[static_cast<std::size_t>(c)] |= m;
      box[static_cast<std::size_t>(s.box_of(r, c))] |= m;
    }
  for (int i = 0; i < n; ++i)
    if (row[static_cast<std::size_t>(i)] != s.all_digits() || col[static_cast<std::size_t>(i)] != s.all_digits() ||
        box[static_cast<std::size_t>(i)] != s.all_digits())
      return false;
  return true;
}

GridCells transpose_grid(Shape s, const GridCells& grid) {
  const int n = s.n();
  if (static_cast<int>(grid.size()) != n * n) throw std::invalid_argument("transpose_grid: wrong grid size");
  GridCells t(grid.size());
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) t[static_cast<std::size_t>(c * n + r)] = grid[static_cast<std::size_t>(r * n + c)];
  return t;
}

GridCells apply_element(Shape s, const GridElement& g, const GridCells& grid) {
  const int n = s.n();
  if (static_cast<int>(grid.size()) != n * n || static_cast<int>(g.digits.size()) != n || !in_group(s, g.geo))
    throw std::invalid_argument("apply_element: an element of the " + s.str() + " group and a grid of its size");
  GridCells y(grid.size());
  for (int c = 0; c < n * n; ++c)
    y[static_cast<std::size_t>(cell_image(s, g.geo, c))] = g.digits[static_cast<std::size_t>(grid[static_cast<std::size_t>(c)] - 1)] + 1;
  return y;
}

GridElement compose_elements(Shape s, const GridElement& h, const GridElement& g) {
  return GridElement{compose(s, h.geo, g.geo), compose(h.digits, g.digits)};
}

// (a, b) -> (a^-1, b^-1); (a, b)t sends (r, c) to (a[c], b[r]), so its inverse is (b^-1, a^-1)t.
GridElement inverse_element(Shape, const GridElement& g) {
  GridElement inv;
  inv.geo.transpose = g.geo.transpose;
  if (g.geo.transpose) {
    inv.geo.rows = inverse(g.geo.cols);
    inv.geo.cols = inverse(g.geo.rows);
  } else {
    inv.geo.rows = inverse(g.geo.rows);
    inv.geo.cols = inverse(g.geo.cols);
  }
  inv.digits = inverse(g.digits);
  return inv;
}

bool is_identity_element(const GridElement& g) { return g.geo.is_identity() && is_identity(g.digits); }

std::uint64_t geometric_order(Shape s, bool transposition) {
  const int R = s.rows, C = s.cols;
  std::uint64_t order = factorial_u64(C) * factorial_u64(R);  // band and stack permutations
  for (int i = 0; i < C; ++i) order *= factorial_u64(R);        // rows inside each band
  for (int i = 0; i < R; ++i) order *= factorial_u64(C);        // columns inside each stack
  return transposition && R == C ? 2 * order : order;
}

CanonResult canonical_form(Shape s, const GridCells& grid, const CanonOptions& opt) {
  require_grid(s, grid);
  detail::MinlexOutcome work;
  if (s.rows == 3 && s.cols == 3 && opt.band_tables) {
    detail::minlex_nine(grid, opt, work);
  } else {
    MinlexSearch search(s, grid, opt);
    search.run();
    assert(search.have_best_ && !search.found_.empty());
    work.best = search.best_;
    work.found = std::move(search.found_);
    work.count = search.count_;
  }
  const int n = s.n();
  CanonResult r;
  r.form.resize(static_cast<std::size_t>(n * n));
  for (int i = 0; i < n * n; ++i) r.form[static_cast<std::size_t>(i)] = work.best[static_cast<std::size_t>(i)] + 1;
  r.to_form = to_element(n, work.found.front());
  if (opt.keep_maps)
    for (const MinimumElement& f : work.found) r.maps.push_back(to_element(n, f));
  r.automorphisms = work.count;
  r.transposition = opt.transposition && s.rows == s.cols;
  return r;
}

std::string grid_string(const GridCells& grid) {
  std::string out;
  out.reserve(grid.size());
  for (int d : grid) out += d <= 9 ? static_cast<char>('0' + d) : static_cast<char>('A' + d - 10);
  return out;
}

// Generators: greedily, in a fixed pseudo-random order, every element not yet in the group the
// kept ones generate (as permutation.hpp's generating_set, on elements of G: the closure is
// keyed by the geometric part, which fixes the relabelling for a given grid).
Automorphisms automorphisms(Shape s, const GridCells& grid, bool transposition) {
  CanonOptions opt;
  opt.transposition = transposition;
  opt.keep_maps = true;
  const CanonResult c = canonical_form(s, grid, opt);
  Automorphisms a;
  a.order = c.automorphisms;
  const GridElement back = inverse_element(s, c.to_form);
  for (const GridElement& h : c.maps) a.elements.push_back(compose_elements(s, back, h));
  assert(is_identity_element(a.elements.front()));
  using Key = std::tuple<bool, Perm, Perm>;
  auto key = [](const GridElement& g) { return Key{g.geo.transpose, g.geo.rows, g.geo.cols}; };
  std::map<Key, std::size_t> generated{{key(a.elements.front()), 0}};
  std::vector<GridElement> members{a.elements.front()};
  std::vector<std::size_t> order(a.elements.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::mt19937_64 rng(0x5eed5eedULL);
  std::shuffle(order.begin(), order.end(), rng);
  for (std::size_t idx : order) {
    if (members.size() == a.elements.size()) break;
    const GridElement& e = a.elements[idx];
    if (generated.count(key(e))) continue;
    a.generators.push_back(e);
    for (std::size_t i = 0; i < members.size(); ++i)
      for (const GridElement& g : a.generators) {
        GridElement x = compose_elements(s, g, members[i]);
        if (generated.emplace(key(x), members.size()).second) members.push_back(std::move(x));
      }
  }
  if (members.size() != a.elements.size()) throw std::logic_error("automorphisms: the stabiliser is not closed");
  return a;
}

bool equivalent(Shape s, const GridCells& a, const GridCells& b, bool transposition) {
  CanonOptions opt;
  opt.transposition = transposition;
  return canonical_form(s, a, opt).form == canonical_form(s, b, opt).form;
}

bool equivalent_to_transpose(Shape s, const GridCells& a, const GridCells& b) {
  require_grid(s, b);
  const GridCells tb = transpose_grid(s, b);
  if (!is_valid_grid(s, tb)) return false;
  return equivalent(s, a, tb, true);
}

std::string element_text(const GridElement& g) {
  return fmt::format("rows {}, columns {}{}, digits {}", cycle_string(g.geo.rows), cycle_string(g.geo.cols),
                     g.geo.transpose ? ", transposed first" : "", cycle_string(g.digits));
}

}  // namespace gridenum
