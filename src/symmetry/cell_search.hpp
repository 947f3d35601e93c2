// The cell-search tree of f(g) (fixed_cell_search.cpp has the idea): the shape and g as cell
// tables, one search State, and the search that walks it -- shared by the exact count
// (count_by_cell_search, fixed_cell_search.cpp) and Knuth's estimate of the same tree
// (fixed_cell_estimate.cpp), so that the estimate samples the tree the count enumerates, pruned
// only of subtrees without a grid (BasicCellSearch's kSampler). Library-internal.
//
// Layout: cells in reading order, r*N + c; digits 0..N-1 as bits of 16-bit masks (used digits
// of each row, column and box; pi's domain and image); the empty cells as a 144-bit set, so the
// choice of the next cell visits only those. One State per thread, changed in place and undone
// from a trail.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <vector>

#include "gridenum/core/shape.hpp"
#include "gridenum/core/stop.hpp"
#include "gridenum/estimate/chooser.hpp"
#include "gridenum/symmetry/symmetry_group.hpp"

namespace gridenum::detail::cells {

inline constexpr int kMaxN = 12;
inline constexpr int kMaxCells = kMaxN * kMaxN;

// The shape and g, built once per count and shared (read-only) by every thread.
struct CellGeometry {
  int n = 0, cells = 0;
  std::uint16_t all = 0;
  std::array<std::uint8_t, kMaxCells> row{}, col{}, box{};
  std::array<std::uint8_t, kMaxCells> next{}, prev{};  // g c and g^-1 c
};

// Digits in a 12-bit mask, a table: the library is built for any x86-64, where std::popcount is
// a libgcc call (15 % of the search's time before the table).
inline constexpr std::array<std::uint8_t, 1 << kMaxN> kBits = [] {
  std::array<std::uint8_t, 1 << kMaxN> t{};
  for (std::size_t m = 1; m < t.size(); ++m) t[m] = static_cast<std::uint8_t>(t[m >> 1] + (m & 1));
  return t;
}();

struct State {
  std::array<std::int8_t, kMaxCells> x;  // digit of each cell, -1 empty
  std::array<std::uint64_t, 3> empty{};  // bit c % 64 of word c / 64: cell c is empty
  std::array<std::uint16_t, kMaxN> row_used{}, col_used{}, box_used{};
  std::array<std::int8_t, kMaxN> pi, inv;  // the relabelling so far, -1 unknown
  std::uint16_t dom = 0, img = 0;          // digits v with pi(v) known; digits w with pi^-1(w) known
  std::uint16_t fixed = 0;                 // digits v with pi(v) = v known
};

// One search over one State, changed in place: every change goes on a trail and a branch is
// undone back to its mark (copying the State for each branch was 30 % of the time).
//
// kSampler: the tree Knuth's estimate walks (CellSampler), where a cell g fixes may take only a
// digit pi may fix, in the choice of cell and in viable(). The count (CellSearch) leaves that rule
// out: there it cut 3x4 class 468's nodes by 2.5 % and made the count 1.7 times slower (7.0 s ->
// 13.1 s of user time, one thread, the two binaries alternated); in the sampler it is what keeps
// class 2338's paths alive (+-0.35 % at 95 % with it, +-15 % with the rule in viable() alone).
// Either way a digit it drops would fail at once in propagation, so both trees have the same leaves.
template <bool kSampler>
class BasicCellSearch {
 public:
  BasicCellSearch(const CellGeometry& geo, const State& start) : geo_(geo), s_(start) {}

  // Box 0 reads 0 .. N-1, propagated; false when g allows no grid with that box.
  bool root() {
    s_ = State{};
    s_.x.fill(-1);
    for (int c = 0; c < geo_.cells; ++c) s_.empty[static_cast<std::size_t>(c / 64)] |= std::uint64_t{1} << (c % 64);
    s_.pi.fill(-1);
    s_.inv.fill(-1);
    int d = 0;  // every cell of box 0 first, then their consequences
    for (int c = 0; c < geo_.cells; ++c)
      if (geo_.box[c] == 0 && !assign(c, d++)) return fail();
    const bool ok = propagate();
    trail_.clear();  // the root is never undone
    return ok;
  }

  const State& state() const { return s_; }

  // The grids below the current state; polls for a stop every 2^16 nodes.
  std::uint64_t count() {
    if ((++nodes_ & 0xffff) == 0) throw_if_stop_requested("fixed grids by cell search");
    const auto [c, mask] = choose();
    if (c < 0) return 1;
    std::uint64_t total = 0;
    const std::size_t mark = trail_.size();
    for (std::uint16_t m = mask; m; m &= m - 1) {
      if (assign(c, std::countr_zero(m)) && propagate()) total += count();
      undo(mark);
    }
    return total;
  }

  // The states `depth` branchings below the current one (grids met on the way are added to
  // `leaves`); a child failing viable() has no grid below and is left out.
  void frontier(int depth, std::vector<State>& out, std::uint64_t& leaves) {
    const auto [c, mask] = choose();
    if (c < 0) {
      ++leaves;
      return;
    }
    if (mask == 0) return;
    if (depth == 0) {
      out.push_back(s_);
      return;
    }
    const std::size_t mark = trail_.size();
    for (std::uint16_t m = mask; m; m &= m - 1) {
      if (assign(c, std::countr_zero(m)) && propagate() && viable()) frontier(depth - 1, out, leaves);
      undo(mark);
    }
  }

  // One path of Knuth's estimator (1975) from the current state: at each branching the children
  // are the digits whose assignment survives propagation and viable() (a look-ahead of one level,
  // so that a child already dead is never drawn); `chooser` takes one of the k uniformly and the
  // weight is multiplied by k. A leaf returns the product, a node with no child 0. E[weight] is the
  // number of leaves below, exactly (fixed_cell_estimate.cpp); the state is restored before
  // returning.
  long double sample(estimate::Chooser& chooser) {
    const std::size_t start = trail_.size();
    long double weight = 1;
    for (;;) {
      if ((++nodes_ & 0xffff) == 0) throw_if_stop_requested("fixed grids estimated by cell search");
      const auto [c, mask] = choose();
      if (c < 0) break;
      std::array<std::uint8_t, kMaxN> live{};
      unsigned k = 0;
      const std::size_t mark = trail_.size();
      for (std::uint16_t m = mask; m; m &= m - 1) {
        const int v = std::countr_zero(m);
        if (assign(c, v) && propagate() && viable()) live[k++] = static_cast<std::uint8_t>(v);
        undo(mark);
      }
      if (k == 0) {
        weight = 0;
        break;
      }
      const bool ok = assign(c, live[k == 1 ? 0 : chooser.uniform(k)]) && propagate();
      assert(ok);  // the same assignment and propagation as the trial above
      (void)ok;
      weight *= static_cast<long double>(k);
    }
    undo(start);
    return weight;
  }

  std::uint64_t nodes() const { return nodes_; }

 private:
  // The empty cell to branch on and its digits: one with at most one digit at once (cell -1
  // when the grid is full; mask 0 is a dead end); else, among the cells next to a filled one
  // along g, the one with the fewest digits -- its digit fixes a new value of pi, which then
  // fills every cell of that digit's orbits (without this preference class 407 of 3x4 did not
  // finish in 300 s; with it, 0.09 s); else the cell with the fewest digits.
  std::pair<int, std::uint16_t> choose() const {
    int best = -1;
    std::uint16_t best_mask = 0;
    int best_score = 4 * kMaxN;
    for (int w = 0; w < 3; ++w)
      for (std::uint64_t e = s_.empty[static_cast<std::size_t>(w)]; e; e &= e - 1) {
        const int c = 64 * w + std::countr_zero(e);
        const std::uint16_t m = allowed(c);
        const int k = kBits[m];
        if (k <= 1) return {c, m};
        const bool linked = s_.x[geo_.prev[c]] >= 0 || s_.x[geo_.next[c]] >= 0;
        const int score = linked ? k : k + 2 * kMaxN;
        if (score < best_score) best = c, best_mask = m, best_score = score;
      }
    return {best, best_mask};
  }

  // Digits empty cell c may take: free in its row, column and box, and, where a neighbour along g
  // is filled but its link in pi is not yet known, keeping pi a permutation; in the sampler, a
  // cell g fixes holds a digit pi may fix (pi(v) = v known, or v not yet linked either way).
  std::uint16_t allowed(int c) const {
    std::uint16_t m = geo_.all & ~(s_.row_used[geo_.row[c]] | s_.col_used[geo_.col[c]] | s_.box_used[geo_.box[c]]);
    if constexpr (kSampler)
      if (geo_.next[c] == c) return m & static_cast<std::uint16_t>(~(s_.dom | s_.img) | s_.fixed);
    if (s_.x[geo_.prev[c]] >= 0) m &= ~s_.img;  // X(c) will be pi(X(g^-1 c)), a new image
    if (s_.x[geo_.next[c]] >= 0) m &= ~s_.dom;  // pi(X(c)) will be X(g c), a new link
    return m;
  }

  static std::uint16_t bit(int v) { return static_cast<std::uint16_t>(1u << v); }

  // The look-ahead beyond propagation: every empty cell still has a digit, and every row, column
  // and box still has a place for each digit it lacks. A child failing it has no leaf below, so
  // dropping it leaves the number of leaves, and the estimator's mean, as they are; it only keeps
  // paths out of subtrees that are dead already. (In the sampler, where g fixes cells, a
  // relabelling chosen early that cannot fix the digits they need is caught here at once: 3x4
  // class 2338.) The count uses it only to split its tree (frontier).
  bool viable() const {
    std::array<std::uint16_t, kMaxN> rows{}, cols{}, boxes{};
    for (int w = 0; w < 3; ++w)
      for (std::uint64_t e = s_.empty[static_cast<std::size_t>(w)]; e; e &= e - 1) {
        const int c = 64 * w + std::countr_zero(e);
        const std::uint16_t m = allowed(c);
        if (m == 0) return false;
        rows[geo_.row[c]] |= m;
        cols[geo_.col[c]] |= m;
        boxes[geo_.box[c]] |= m;
      }
    for (int u = 0; u < geo_.n; ++u)
      if ((rows[u] | s_.row_used[u]) != geo_.all || (cols[u] | s_.col_used[u]) != geo_.all ||
          (boxes[u] | s_.box_used[u]) != geo_.all)
        return false;
    return true;
  }

  bool assign(int c, int v) {
    assert(s_.x[c] < 0);
    const std::uint16_t b = bit(v);
    if ((s_.row_used[geo_.row[c]] | s_.col_used[geo_.col[c]] | s_.box_used[geo_.box[c]]) & b) return false;
    s_.x[c] = static_cast<std::int8_t>(v);
    s_.empty[static_cast<std::size_t>(c / 64)] &= ~(std::uint64_t{1} << (c % 64));
    s_.row_used[geo_.row[c]] |= b;
    s_.col_used[geo_.col[c]] |= b;
    s_.box_used[geo_.box[c]] |= b;
    trail_.push_back(static_cast<std::uint16_t>(c));
    push(c);
    return true;
  }

  bool link(int u, int w) {
    assert(s_.pi[u] < 0);
    if (s_.inv[w] >= 0) return false;
    s_.pi[u] = static_cast<std::int8_t>(w);
    s_.inv[w] = static_cast<std::int8_t>(u);
    s_.dom |= bit(u);
    s_.img |= bit(w);
    if (u == w) s_.fixed |= bit(u);
    trail_.push_back(static_cast<std::uint16_t>(kLinkMark + u));
    for (int e = 0; e < geo_.cells; ++e)
      if (s_.x[e] == u || s_.x[e] == w) push(e);
    return true;
  }

  void undo(std::size_t mark) {
    while (trail_.size() > mark) {
      const int t = trail_.back();
      trail_.pop_back();
      if (t >= kLinkMark) {
        const int u = t - kLinkMark, w = s_.pi[u];
        s_.pi[u] = s_.inv[w] = -1;
        s_.dom &= static_cast<std::uint16_t>(~bit(u));
        s_.img &= static_cast<std::uint16_t>(~bit(w));
        s_.fixed &= static_cast<std::uint16_t>(~bit(u));
      } else {
        const std::uint16_t b = static_cast<std::uint16_t>(~bit(s_.x[t]));
        s_.row_used[geo_.row[t]] &= b;
        s_.col_used[geo_.col[t]] &= b;
        s_.box_used[geo_.box[t]] &= b;
        s_.x[t] = -1;
        s_.empty[static_cast<std::size_t>(t / 64)] |= std::uint64_t{1} << (t % 64);
      }
    }
  }

  // The checks and consequences of every cell pushed since the last call (the table above).
  bool propagate() {
    while (top_ > 0) {
      const int c = queue_[static_cast<std::size_t>(--top_)];
      const int v = s_.x[c];
      const int d = geo_.next[c], b = geo_.prev[c];
      if (s_.pi[v] >= 0) {
        if (s_.x[d] >= 0) {
          if (s_.x[d] != s_.pi[v]) return fail();
        } else if (!assign(d, s_.pi[v])) {
          return fail();
        }
      } else if (s_.x[d] >= 0 && !link(v, s_.x[d])) {
        return fail();
      }
      if (s_.x[b] >= 0) {
        const int u = s_.x[b];
        if (s_.pi[u] >= 0) {
          if (s_.pi[u] != v) return fail();
        } else if (!link(u, v)) {
          return fail();
        }
      } else if (s_.inv[v] >= 0 && !assign(b, s_.inv[v])) {
        return fail();
      }
    }
    return true;
  }

  bool fail() {
    top_ = 0;
    return false;
  }

  void push(int c) {
    // Each cell is pushed once when filled and at most twice for each of the N links, so the
    // queue never holds more than cells + 2 * N * N entries.
    assert(top_ < static_cast<int>(queue_.size()));
    queue_[static_cast<std::size_t>(top_++)] = static_cast<std::uint8_t>(c);
  }

  static constexpr int kLinkMark = 256;  // a trail entry: a cell (< 256) or kLinkMark + u, pi(u) set

  const CellGeometry& geo_;
  State s_;
  std::vector<std::uint16_t> trail_;
  std::array<std::uint8_t, kMaxCells + 2 * kMaxN * kMaxN> queue_{};
  int top_ = 0;
  std::uint64_t nodes_ = 0;
};

using CellSearch = BasicCellSearch<false>;  // the count (fixed_cell_search.cpp)
using CellSampler = BasicCellSearch<true>;  // Knuth's estimate (fixed_cell_estimate.cpp)

// The cell tables of shape s and g.
inline CellGeometry cell_geometry(Shape s, const GeometricSymmetry& g) {
  CellGeometry geo;
  geo.n = s.n();
  geo.cells = s.cells();
  geo.all = static_cast<std::uint16_t>((1u << geo.n) - 1);
  const Perm p = cell_permutation(s, g);
  for (int c = 0; c < geo.cells; ++c) {
    const int r = c / geo.n, k = c % geo.n;
    geo.row[c] = static_cast<std::uint8_t>(r);
    geo.col[c] = static_cast<std::uint8_t>(k);
    geo.box[c] = static_cast<std::uint8_t>(s.box_of(r, k));
    geo.next[c] = static_cast<std::uint8_t>(p[c]);
    geo.prev[p[c]] = static_cast<std::uint8_t>(c);
  }
  return geo;
}

}  // namespace gridenum::detail::cells
