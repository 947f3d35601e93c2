// f(g) by a plain cell search (fixed_kernels.hpp): the recount kernel that shares nothing with
// the others.
//
// The idea. A grid X is fixed by g when some relabelling pi has X(g c) = pi(X(c)) for every
// cell c. Relabelling acts freely on grids and maps fixed grids to fixed grids (tau X is fixed
// with tau pi tau^-1), so f(g), the fixed grids up to relabelling, is the number of fixed grids
// whose box 0 reads 0 1 .. N-1 in reading order. This kernel lists them one by one: a
// depth-first search over cells, each cell taking a digit its row, column and box do not hold,
// with pi built on the fly as a partial permutation. Every assignment is propagated along g:
//
//   X(c) = v, pi(v) known      ->  X(g c) must be pi(v)        (assigned, or checked)
//   X(c) = v, X(g c) = w known ->  pi(v) = w                   (a new link, or checked)
//   X(g^-1 c) = u known        ->  pi(u) = v                   (the same, seen from behind)
//   a new link pi(u) = w       ->  every cell holding u or w is looked at again
//
// and a cell waiting on a known neighbour along g may only take a digit that keeps pi a
// permutation. The next cell is the empty one with the fewest such digits. A leaf is a complete
// grid, every edge (c, g c) checked when its second end was filled, so pi is a permutation of
// the N digits and the grid is fixed: each leaf is one grid and f is their number.
//
// Why it exists. The symmetry jobs count a class once, by line orbits (fixed_line_orbits.cpp)
// or a band kernel (fixed_band_*.cpp), and a class is checked when a kernel that shares no
// counting code with the job's agrees (scripts/symmetry-recount.sh, docs/symmetry.md). On 3x4
// the band kernels take more than ten minutes on line-orbit classes whose f is small (class
// 407: 16,896 grids) because they sum over the whole three-band catalogue whatever g fixes,
// and line orbits' memo does not close on the heavy band swaps. A search that meets each fixed
// grid once costs about f times a small constant, so it is the independent count of every class
// with f up to about 1e9 -- the method Russell and Jarvis (2006) used for 9x9, and the one the
// outside check of the 2x5 table used. It uses nothing but g's cell permutation: not the
// relabelling types of fixed_grids.cpp's step 1, not the line or band structures, no memo.
// It is never Auto's pick (line orbits with its memo is far faster wherever both close).
//
// Not the cell recount of `verify symmetry --recount` (src/verify/cell_recount.cpp), which takes
// its candidate relabellings from a walk over all N! permutations (pi^M = q on row 0) and
// memoises row by row: that walk and memo stop at 10 digits. Here pi is never enumerated, only
// extended by the cells as they are filled, which is what takes the search to 12.
//
// Layout: cells in reading order, r*N + c; digits 0..N-1 as bits of 16-bit masks (used digits
// of each row, column and box; pi's domain and image); the empty cells as a 144-bit set, so the
// choice of the next cell visits only those. One State per thread, changed in place and undone
// from a trail.
#include <oneapi/tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <stdexcept>
#include <vector>

#include "fixed_kernels.hpp"
#include "gridenum/core/stop.hpp"

namespace gridenum::detail {
namespace {

constexpr int kMaxN = 12;
constexpr int kMaxCells = kMaxN * kMaxN;

// The shape and g, built once per count and shared (read-only) by every thread.
struct CellGeometry {
  int n = 0, cells = 0;
  std::uint16_t all = 0;
  std::array<std::uint8_t, kMaxCells> row{}, col{}, box{};
  std::array<std::uint8_t, kMaxCells> next{}, prev{};  // g c and g^-1 c
};

// Digits in a 12-bit mask, a table: the library is built for any x86-64, where std::popcount is
// a libgcc call (15 % of the search's time before the table).
constexpr std::array<std::uint8_t, 1 << kMaxN> kBits = [] {
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
};

// One search over one State, changed in place: every change goes on a trail and a branch is
// undone back to its mark (copying the State for each branch was 30 % of the time).
class CellSearch {
 public:
  CellSearch(const CellGeometry& geo, const State& start) : geo_(geo), s_(start) {}

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
  // `leaves`).
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
      if (assign(c, std::countr_zero(m)) && propagate()) frontier(depth - 1, out, leaves);
      undo(mark);
    }
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
  // is filled but its link in pi is not yet known, keeping pi a permutation.
  std::uint16_t allowed(int c) const {
    std::uint16_t m = geo_.all & ~(s_.row_used[geo_.row[c]] | s_.col_used[geo_.col[c]] | s_.box_used[geo_.box[c]]);
    if (s_.x[geo_.prev[c]] >= 0) m &= ~s_.img;  // X(c) will be pi(X(g^-1 c)), a new image
    if (s_.x[geo_.next[c]] >= 0) m &= ~s_.dom;  // pi(X(c)) will be X(g c), a new link
    return m;
  }

  static std::uint16_t bit(int v) { return static_cast<std::uint16_t>(1u << v); }

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

}  // namespace

u128 count_by_cell_search(Shape s, const GeometricSymmetry& g, KernelStats& stats) {
  if (s.n() > kMaxN) throw std::invalid_argument("fixed grids by cell search: at most 12 digits");
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

  CellSearch search(geo, State{});
  if (!search.root()) return 0;

  // Split the tree into enough subtrees for the threads to share (each a oneTBB task), going one
  // branching deeper until there are at least 256 or the tree ends above that depth.
  std::vector<State> subtrees;
  std::uint64_t shallow = 0;
  for (int depth = 1; depth <= geo.cells; ++depth) {
    subtrees.clear();
    shallow = 0;
    search.frontier(depth, subtrees, shallow);
    if (subtrees.size() >= 256 || subtrees.empty()) break;
  }
  std::vector<std::uint64_t> got(subtrees.size(), 0), nodes(subtrees.size(), 0);
  tbb::parallel_for(std::size_t{0}, subtrees.size(), [&](std::size_t i) {
    CellSearch own(geo, subtrees[i]);
    got[i] = own.count();
    nodes[i] = own.nodes();
  });
  u128 total = shallow;
  for (std::size_t i = 0; i < subtrees.size(); ++i) {
    total = checked_add(total, u128{got[i]});
    stats.searched += nodes[i];
  }
  stats.relabellings = subtrees.size();
  return total;
}

}  // namespace gridenum::detail
