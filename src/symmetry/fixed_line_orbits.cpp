// f(g) by orbits of lines with the first row fixed (fixed_grids.hpp, step 2).
//
// The idea. Fix row 0 of X to 0 1 .. N-1 (relabelling acts freely, so this counts every grid
// up to relabelling once). Let M be the length of row 0's orbit among the 2N lines under g
// (rows and columns; a transposed g sends rows to columns) and q the column permutation g^M
// induces on row 0: X(0, q(c)) = pi^M(X(0, c)) = pi^M(c), so pi^M = q. The candidates for pi
// are the M-th roots of q (permutation.hpp), of the cycle types step 1 allows.
//
// Given pi, every cell orbit O of g takes one digit v at its first cell, and then
// pi^j(v) at g^j(first cell); v must satisfy pi^|O|(v) = v. The cells of the lines in one orbit
// of lines are determined together by the lines' first member, so the grid is filled one orbit
// of lines at a time (the orbit of row 0 first, fixed by the normalisation; then the other
// orbits by their first line), each step choosing digits for the cell orbits met for the first
// time. What the rest of the grid can still be depends only on which digits each line and box
// already holds, so the count is memoised on that (Russell and Jarvis 2006 counted such grids
// by search with the symmetry imposed; the memo is what makes the 4.5e8 fixed grids of the
// largest 9x9 class a few hundred thousand states instead of a search over each grid).
//
// The state, one bit per (unit, digit): rows 0..N-1, then columns, then boxes, 3*N*N bits,
// at most 300 for N = 10, in five 64-bit words (12 digits: 432 bits in seven, BitsOf<7>):
//
//     word:  [ 0 ............. 1 .............. 2 ........... 3 ............. 4 ]
//     bits:  [ row 0 digits | row 1 | ... | col 0 | ... | box 0 | ... | box N-1 | 0 pad ]
//            unit u, digit d  ->  bit u*N + d
//
// A choice "cell orbit O takes digit v" is precomputed as the mask of its 3|O| bits (none
// twice, or the choice is invalid), so placing it is one test and one OR over five words.
//
// Roots conjugate under the column parts v of the symmetries h = (u, v) that commute with g
// and fix row 0 give the same count (relabel hX by v), so each orbit of roots is counted once
// and weighted by its size. For untransposed g those v are the column moves that commute with
// g's column part. On 9x9's 180-degree turn (155,492,352 fixed grids) q has 2,620 roots of the
// allowed type; the first version searched every one (3.26M memo entries, ~100 s); the root
// orbits number 27 (103,283 memo entries, about 1 s on one core).
#include <oneapi/tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <functional>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <unordered_map>

#include "fixed_kernels.hpp"
#include "gridenum/core/stop.hpp"
#include "gridenum/core/combinatorics.hpp"
#include "gridenum/core/errors.hpp"

namespace gridenum::detail {
namespace {

// kWords 64-bit words hold 3*N*N bits: five for up to 10 digits (300 bits), seven for 12 (432).
template <int kWords>
struct BitsOf {
  std::array<std::uint64_t, kWords> w{};
  bool operator==(const BitsOf&) const = default;
  bool disjoint(const BitsOf& o) const {
    std::uint64_t x = 0;
    for (int i = 0; i < kWords; ++i) x |= w[static_cast<std::size_t>(i)] & o.w[static_cast<std::size_t>(i)];
    return x == 0;
  }
  void add(const BitsOf& o) {
    for (int i = 0; i < kWords; ++i) w[static_cast<std::size_t>(i)] |= o.w[static_cast<std::size_t>(i)];
  }
  void remove(const BitsOf& o) {
    for (int i = 0; i < kWords; ++i) w[static_cast<std::size_t>(i)] &= ~o.w[static_cast<std::size_t>(i)];
  }
  // Sets a bit; false if it was set already.
  bool set(int bit) {
    std::uint64_t& word = w[static_cast<std::size_t>(bit >> 6)];
    const std::uint64_t m = std::uint64_t{1} << (bit & 63);
    if (word & m) return false;
    word |= m;
    return true;
  }
};

struct BitsHash {
  template <int W>
  std::size_t operator()(const BitsOf<W>& b) const {
    std::uint64_t h = 0x243F6A8885A308D3ull;
    for (auto x : b.w) {
      h ^= x;
      h *= 0x9E3779B97F4A7C15ull;
      h ^= h >> 31;
    }
    return static_cast<std::size_t>(h);
  }
};

// Everything about g on the grid that does not depend on pi.
struct Layout {
  Shape shape;
  int n = 0;
  Perm cellperm;
  std::vector<std::vector<int>> orbits;  // cell orbits: first cell, then its images
  std::vector<int> level_of_orbit;       // 0: the orbit of row 0 (fixed by the normalisation)
  std::vector<std::vector<int>> levels;  // cell orbits chosen at each level >= 1, row-major order
  int M = 0;                              // row 0's orbit length among the lines
  Perm q;                                 // g^M on row 0: X(0, q(c)) = pi^M(c)
};

// Line of a cell's image: a row r -> line r, a column c -> line N + c.
int line_image(Shape s, const GeometricSymmetry& g, int line) {
  const int n = s.n();
  if (line < n) {  // row `line`: its cells (line, c)
    const int a = cell_image(s, g, line * n), b = cell_image(s, g, line * n + 1);
    return a / n == b / n ? a / n : n + a % n;
  }
  const int c = line - n;
  const int a = cell_image(s, g, c), b = cell_image(s, g, n + c);
  return a / n == b / n ? a / n : n + a % n;
}

Layout make_layout(Shape s, const GeometricSymmetry& g) {
  Layout L;
  L.shape = s;
  L.n = s.n();
  const int n = L.n;
  L.cellperm = cell_permutation(s, g);
  // Orbits of lines, numbered in the order they are filled: row 0's first, then by smallest line.
  Perm lineperm(static_cast<std::size_t>(2 * n));
  for (int l = 0; l < 2 * n; ++l) lineperm[static_cast<std::size_t>(l)] = line_image(s, g, l);
  assert(is_permutation(lineperm));
  std::vector<int> line_order(static_cast<std::size_t>(2 * n), -1);
  int next = 0;
  for (int l = 0; l < 2 * n; ++l) {  // line 0 is row 0, so its orbit gets order 0
    if (line_order[static_cast<std::size_t>(l)] >= 0) continue;
    for (int x = l; line_order[static_cast<std::size_t>(x)] < 0; x = lineperm[static_cast<std::size_t>(x)])
      line_order[static_cast<std::size_t>(x)] = next;
    ++next;
  }
  L.M = 1;
  for (int x = lineperm[0]; x != 0; x = lineperm[static_cast<std::size_t>(x)]) ++L.M;
  const Perm gm = power(L.cellperm, L.M);
  L.q.resize(static_cast<std::size_t>(n));
  for (int c = 0; c < n; ++c) {
    const int img = gm[static_cast<std::size_t>(c)];
    assert(img / n == 0);
    L.q[static_cast<std::size_t>(c)] = img % n;
  }
  // Cell orbits and the level at which each is first met.
  std::vector<char> seen(static_cast<std::size_t>(s.cells()), 0);
  std::vector<int> level_of_line_order(static_cast<std::size_t>(next), -1);
  for (int c = 0; c < s.cells(); ++c) {
    if (seen[static_cast<std::size_t>(c)]) continue;
    std::vector<int> orb;
    for (int x = c; !seen[static_cast<std::size_t>(x)]; x = L.cellperm[static_cast<std::size_t>(x)]) {
      seen[static_cast<std::size_t>(x)] = 1;
      orb.push_back(x);
    }
    int first = 2 * n;
    for (int x : orb)
      first = std::min({first, line_order[static_cast<std::size_t>(x / n)], line_order[static_cast<std::size_t>(n + x % n)]});
    L.orbits.push_back(std::move(orb));
    L.level_of_orbit.push_back(first);
  }
  // Line orbits that meet no new cell orbit are skipped: renumber levels densely.
  std::vector<int> used_orders;
  for (int lv : L.level_of_orbit) used_orders.push_back(lv);
  std::sort(used_orders.begin(), used_orders.end());
  used_orders.erase(std::unique(used_orders.begin(), used_orders.end()), used_orders.end());
  assert(!used_orders.empty() && used_orders[0] == 0);
  L.levels.assign(used_orders.size(), {});
  for (std::size_t o = 0; o < L.orbits.size(); ++o) {
    const int lv = static_cast<int>(std::lower_bound(used_orders.begin(), used_orders.end(), L.level_of_orbit[o]) -
                                    used_orders.begin());
    L.level_of_orbit[o] = lv;
    L.levels[static_cast<std::size_t>(lv)].push_back(static_cast<int>(o));
  }
  return L;
}

// pi^0 .. pi^(order of pi - 1), so pi^j is [j % order].
std::vector<Perm> powers(const Perm& pi) {
  std::vector<Perm> p{identity_perm(static_cast<int>(pi.size()))};
  for (Perm x = pi; !is_identity(x); x = compose(pi, x)) p.push_back(x);
  return p;
}

// The bits of "orbit o takes digit v at its first cell", or nullopt when it cannot
// (pi^|o|(v) != v, or two of its cells would put one digit twice in a unit).
template <class Bits>
std::optional<Bits> orbit_mask(const Layout& L, const std::vector<Perm>& pipow, int o, int v) {
  const auto& orb = L.orbits[static_cast<std::size_t>(o)];
  const int n = L.n;
  if (pipow[orb.size() % pipow.size()][static_cast<std::size_t>(v)] != v) return std::nullopt;
  Bits b;
  for (std::size_t j = 0; j < orb.size(); ++j) {
    const int cell = orb[j], r = cell / n, c = cell % n;
    const int d = pipow[j % pipow.size()][static_cast<std::size_t>(v)];
    const int box = L.shape.box_of(r, c);
    if (!b.set(r * n + d) || !b.set((n + c) * n + d) || !b.set((2 * n + box) * n + d)) return std::nullopt;
  }
  return b;
}

// The state bits of "cell c holds digit d" -- its row's, column's and box's -- for every cell and
// digit: [(c * N + d) * 3 + unit]. Built once per class for the root enumeration below, which
// places level-0 orbits cell by cell from it.
inline std::vector<std::uint16_t> cell_digit_bits(const Layout& L) {
  const int n = L.n;
  std::vector<std::uint16_t> t(static_cast<std::size_t>(n * n * n * 3));
  for (int cell = 0; cell < n * n; ++cell) {
    const int r = cell / n, c = cell % n, box = L.shape.box_of(r, c);
    for (int d = 0; d < n; ++d) {
      const auto at = static_cast<std::size_t>((cell * n + d) * 3);
      t[at] = static_cast<std::uint16_t>(r * n + d);
      t[at + 1] = static_cast<std::uint16_t>((n + c) * n + d);
      t[at + 2] = static_cast<std::uint16_t>((2 * n + box) * n + d);
    }
  }
  return t;
}

// Adds to st the orbit o whose digits lie on one cycle y of pi (pi(y[s]) = y[s + 1]): its first
// cell takes y[pv], its j-th cell y[(pv + j) % |y|] -- the bits of orbit_mask(L, powers(pi), o,
// y[pv]), without the powers of pi: what the root enumeration below tests cycle by cycle. False
// (st then part-changed: the caller drops it) when pi^|o|(v) != v, or a cell's digit is already
// in its row, column or box -- st's or one of the orbit's own earlier cells'.
template <class Bits>
bool add_orbit_on_cycle(const Layout& L, const std::vector<std::uint16_t>& cell_bits, int o, const std::vector<int>& y,
                        std::size_t pv, Bits& st) {
  const auto& orb = L.orbits[static_cast<std::size_t>(o)];
  const int n = L.n;
  const std::size_t len = y.size();
  if (orb.size() % len != 0) return false;  // pi^|o|(v) != v
  std::size_t at = pv;
  for (const int cell : orb) {
    const std::uint16_t* b = &cell_bits[static_cast<std::size_t>((cell * n + y[at]) * 3)];
    if (!st.set(b[0]) || !st.set(b[1]) || !st.set(b[2])) return false;
    if (++at == len) at = 0;
  }
  return true;
}

// Level 0: the orbit of row 0, its digits given by X(0, c) = c. False when they clash.
template <class Bits>
bool place_row0_orbit(const Layout& L, const Perm& pi, Bits& st) {
  const std::vector<Perm> pipow = powers(pi);
  for (int o : L.levels[0]) {
    const auto& orb = L.orbits[static_cast<std::size_t>(o)];
    std::size_t j = 0;
    while (orb[j] >= L.n) ++j;  // a cell of row 0: every level-0 orbit meets row 0
    assert(j < orb.size());
    // Digit at the orbit's first cell: pi^j(v) = X(row-0 cell) = its column.
    const int v = inverse(pipow[j % pipow.size()])[static_cast<std::size_t>(orb[j])];
    const auto m = orbit_mask<Bits>(L, pipow, o, v);
    if (!m || !st.disjoint(*m)) return false;
    st.add(*m);
  }
  return true;
}

// The count for one pi.
//
// The memo has a ceiling (FixedOptions::line_memo_states): once it holds more states than that,
// the largest level's map is dropped and filled again as the search goes on. The memo is a cache
// of counts that depend on the state alone, so dropping any part of it changes the time, never
// the count. Without it, a class whose memo does not close -- 3x4's classes that keep their rows
// in place, where a level's state is close to a whole partial grid -- grew by about 110 MB a
// CPU-minute (class 1134, 0.85 GB in six minutes) and would have filled the machine
// (docs/symmetry.md, *The 141 classes left, and a ceiling on the line-orbit memo*).
template <class Bits>
class RootCounter {
 public:
  RootCounter(const Layout& L, const Perm& pi, std::size_t memo_ceiling)
      : L_(L), pipow_(powers(pi)), ceiling_(memo_ceiling) {
    options_.resize(L.orbits.size());
    for (std::size_t o = 0; o < L.orbits.size(); ++o)
      if (L.level_of_orbit[o] > 0)
        for (int v = 0; v < L.n; ++v)
          if (auto m = orbit_mask<Bits>(L, pipow_, static_cast<int>(o), v)) options_[o].push_back(*m);
    memo_.resize(L.levels.size());
  }

  // states: memo entries made (the memo's final size when it never reached its ceiling);
  // drops: how many times a level's map was dropped at the ceiling.
  u128 count(const Bits& start, std::uint64_t& states, std::uint64_t& drops) {
    Bits st = start;
    const u128 r = level(1, st);
    states += made_;
    drops += drops_;
    return r;
  }

 private:
  u128 level(std::size_t k, Bits& st) {
    if (k == L_.levels.size()) return 1;
    if (auto it = memo_[k].find(st); it != memo_[k].end()) return it->second;
    const u128 r = fill(k, 0, st);  // may drop maps, memo_[k] among them: no iterator is held across it
    memo_[k].emplace(st, r);
    ++made_;
    if (++held_ > ceiling_) drop_largest();
    // A stop request (core/stop.hpp) is heard at every memo miss (a relaxed load; every 256th
    // left a 2x5 Burnside run deaf for 5 s).
    if (stop_requested()) throw_if_stop_requested("fixed grids by line orbits");
    return r;
  }

  void drop_largest() {
    auto largest = std::max_element(memo_.begin(), memo_.end(),
                                    [](const auto& a, const auto& b) { return a.size() < b.size(); });
    assert(largest->size() <= held_);
    held_ -= largest->size();
    std::unordered_map<Bits, u128, BitsHash>().swap(*largest);  // its buckets freed too
    ++drops_;
  }

  u128 fill(std::size_t k, std::size_t i, Bits& st) {
    const auto& lv = L_.levels[k];
    if (i == lv.size()) return level(k + 1, st);
    u128 total = 0;
    for (const Bits& m : options_[static_cast<std::size_t>(lv[i])]) {
      if (!st.disjoint(m)) continue;
      st.add(m);
      total += fill(k, i + 1, st);
      st.remove(m);
    }
    return total;
  }

  const Layout& L_;
  std::vector<Perm> pipow_;  // pi^0 .. pi^(order of pi - 1)
  std::vector<std::vector<Bits>> options_;
  std::vector<std::unordered_map<Bits, u128, BitsHash>> memo_;
  std::size_t ceiling_;      // states held at most (then the largest level's map is dropped)
  std::size_t held_ = 0;     // states held in every level's map
  std::uint64_t made_ = 0, drops_ = 0;
};

// Every grid for one pi, one by one: the counter's search without its memo (a census needs the
// grids themselves, fixed_kernels.hpp enumerate_by_line_orbits). The digits of each cell orbit
// are kept beside its bits; a complete choice is written out as the grid.
template <class Bits>
class RootEnumerator {
 public:
  RootEnumerator(const Layout& L, const Perm& pi) : L_(L), pipow_(powers(pi)), digit_(L.orbits.size(), -1) {
    options_.resize(L.orbits.size());
    for (std::size_t o = 0; o < L.orbits.size(); ++o) {
      if (L.level_of_orbit[o] > 0) {
        for (int v = 0; v < L.n; ++v)
          if (auto m = orbit_mask<Bits>(L, pipow_, static_cast<int>(o), v)) options_[o].push_back({*m, v});
        continue;
      }
      const auto& orb = L.orbits[o];  // level 0: the digit X(row-0 cell) = its column forces v
      std::size_t j = 0;
      while (orb[j] >= L.n) ++j;
      digit_[o] = inverse(pipow_[j % pipow_.size()])[static_cast<std::size_t>(orb[j])];
    }
    grid_.assign(static_cast<std::size_t>(L.n * L.n), 0);
  }

  // The first choice of level 1 (orbit levels[1][0]) fixed to its option `first`, or every one
  // (first < 0); visit each grid. Returns the grids visited.
  std::uint64_t run(const Bits& start, int first, const std::function<void(const std::vector<std::uint8_t>&)>& visit) {
    visit_ = &visit;
    visited_ = 0;
    Bits st = start;
    if (L_.levels.size() == 1) {
      leaf();
    } else if (first < 0) {
      fill(1, 0, st);
    } else {
      const int o = L_.levels[1][0];
      const auto& [m, v] = options_[static_cast<std::size_t>(o)][static_cast<std::size_t>(first)];
      if (st.disjoint(m)) {
        st.add(m);
        digit_[static_cast<std::size_t>(o)] = v;
        fill(1, 1, st);
      }
    }
    return visited_;
  }

  std::size_t first_options() const {
    return L_.levels.size() > 1 ? options_[static_cast<std::size_t>(L_.levels[1][0])].size() : 1;
  }

 private:
  void fill(std::size_t k, std::size_t i, Bits& st) {
    if (k == L_.levels.size()) {
      leaf();
      return;
    }
    const auto& lv = L_.levels[k];
    if (i == lv.size()) {
      fill(k + 1, 0, st);
      return;
    }
    const int o = lv[i];
    for (const auto& [m, v] : options_[static_cast<std::size_t>(o)]) {
      if (!st.disjoint(m)) continue;
      st.add(m);
      digit_[static_cast<std::size_t>(o)] = v;
      fill(k, i + 1, st);
      st.remove(m);
    }
  }

  void leaf() {
    for (std::size_t o = 0; o < L_.orbits.size(); ++o) {
      const auto& orb = L_.orbits[o];
      for (std::size_t j = 0; j < orb.size(); ++j)
        grid_[static_cast<std::size_t>(orb[j])] =
            static_cast<std::uint8_t>(pipow_[j % pipow_.size()][static_cast<std::size_t>(digit_[o])]);
    }
    (*visit_)(grid_);
    if ((++visited_ & 0xfff) == 0) throw_if_stop_requested("fixed grids by line orbits (enumeration)");
  }

  const Layout& L_;
  std::vector<Perm> pipow_;
  std::vector<std::vector<std::pair<Bits, int>>> options_;
  std::vector<int> digit_;  // per cell orbit: the digit at its first cell
  std::vector<std::uint8_t> grid_;
  const std::function<void(const std::vector<std::uint8_t>&)>* visit_ = nullptr;
  std::uint64_t visited_ = 0;
};

// The column parts v of symmetries (u, v) commuting with g with u(0) = 0 (see the top).
std::vector<Perm> root_symmetries(Shape s, const GeometricSymmetry& g) {
  std::vector<Perm> out;
  if (!g.transpose) {
    for_each_wreath_element(s.cols, s.rows, [&](const Perm& v) {
      if (compose(v, g.cols) == compose(g.cols, v)) out.push_back(v);
    });
    return out;
  }
  // g = (a, b)t: (u, v) commutes with g iff u a = a v and v b = b u (R = C: W_r = W_c).
  const Perm ainv = inverse(g.rows);
  for_each_wreath_element(s.rows, s.cols, [&](const Perm& u) {
    if (u[0] != 0) return;
    const Perm v = compose(ainv, compose(u, g.rows));
    if (in_wreath(s.cols, s.rows, v) && compose(v, g.cols) == compose(g.cols, u)) out.push_back(v);
  });
  return out;
}


}  // namespace

// The roots of q of an allowed type whose row-0 orbits do not clash, in orbits under the root
// symmetries: what both the count and the enumeration below start from.
template <class Bits>
struct RootOrbits {
  Layout L;
  std::vector<Perm> roots;
  std::vector<Bits> starts;          // the state after the row-0 orbits, per root
  std::vector<std::uint32_t> reps;   // one root per orbit
  std::vector<std::uint64_t> weight;  // per representative: its orbit's size
  std::vector<std::uint64_t> least;   // per representative: its orbit's smallest packed root
};

template <class Bits>
RootOrbits<Bits> root_orbits(Shape s, const GeometricSymmetry& g, const std::vector<CycleType>& types,
                             KernelStats& stats) {
  RootOrbits<Bits> out{make_layout(s, g), {}, {}, {}, {}, {}};
  const Layout& L = out.L;
  std::vector<Perm>& roots = out.roots;
  std::vector<Bits>& starts = out.starts;

  // Roots of q of an allowed type, indexed.
  // Roots whose row-0 orbit clashes count 0 and are dropped here (most of them, in the
  // classes that fix no grid). Clashing is preserved by the root symmetries below, so the
  // orbits of the survivors are whole orbits.
  std::unordered_map<std::uint64_t, std::uint32_t> index;
  //
  // The row-0 orbits are placed cycle by cycle as the roots are built: a level-0 orbit's digits
  // all lie on the cycle of pi through its anchor (its first row-0 cell, whose digit is its column),
  // so once that cycle is placed the orbit's bits are known, and a clash prunes every root
  // containing the cycles so far. Before, every root was built whole and then placed: 3x4's
  // class 2 listed its roots for more than half an hour (perf: all of it in the listing and
  // place_row0_orbit's allocations). The state after each cycle is kept per depth.
  // The roots are many at 12 digits (2x6 class 2: 99 s of them, all clashing, before the stop
  // was polled here), so a stop is heard every 4,096 cycles placed. Each orbit goes into the
  // state cell by cell from cell_digit_bits: 3x4 classes 2, 4 and 35, 76 s -> 26 s each with
  // for_each_root's own buffers (docs/symmetry.md, *Roots listed faster*).
  std::vector<std::vector<std::pair<int, std::size_t>>> anchored(static_cast<std::size_t>(L.n));  // column -> (orbit, j)
  for (int o : L.levels[0]) {
    const auto& orb = L.orbits[static_cast<std::size_t>(o)];
    std::size_t j = 0;
    while (orb[j] >= L.n) ++j;  // a cell of row 0: every level-0 orbit meets row 0
    anchored[static_cast<std::size_t>(orb[j])].emplace_back(o, j);
  }
  std::vector<Bits> state_at(static_cast<std::size_t>(L.n) + 1);  // before the depth-th cycle
  int placed = 0;                                                 // depth after the last cycle placed
  std::uint64_t cycles_tried = 0;
  const std::vector<std::uint16_t> cell_bits = cell_digit_bits(L);
  const auto place = [&](const std::vector<int>& y, int depth) {
    if ((++cycles_tried & 0xfff) == 0) throw_if_stop_requested("fixed grids by line orbits (relabellings)");
    Bits st = state_at[static_cast<std::size_t>(depth)];
    const std::size_t len = y.size();
    for (std::size_t p = 0; p < len; ++p)
      for (const auto& [o, j] : anchored[static_cast<std::size_t>(y[p])])
        if (!add_orbit_on_cycle(L, cell_bits, o, y, (p + len - j % len) % len, st)) return false;
    state_at[static_cast<std::size_t>(depth) + 1] = st;
    placed = depth + 1;
    return true;
  };
  for_each_root(L.q, L.M, place, [&](const Perm& r) {
    ++stats.relabellings;
    if (std::find(types.begin(), types.end(), cycle_type(r)) == types.end()) return;
    const Bits& st = state_at[static_cast<std::size_t>(placed)];
#ifndef NDEBUG
    Bits whole;  // the cycle-by-cycle state is the whole root's placement
    assert(place_row0_orbit(L, r, whole) && whole == st);
#endif
    index.emplace(pack(r), static_cast<std::uint32_t>(roots.size()));
    roots.push_back(r);
    starts.push_back(st);
  });
  if (roots.empty()) return out;

  // Orbits of roots under conjugation by the root symmetries (their generators suffice), by
  // union-find (core/combinatorics.hpp).
  std::vector<std::uint32_t> orbit_parent(roots.size());
  std::iota(orbit_parent.begin(), orbit_parent.end(), 0u);
  for (const Perm& v : generating_set(root_symmetries(s, g))) {
    const Perm vinv = inverse(v);
    for (std::size_t i = 0; i < roots.size(); ++i) {
      if ((i & 0xfff) == 0xfff) throw_if_stop_requested("fixed grids by line orbits (root orbits)");
      // Conjugating a surviving root by v gives a surviving root (see above); a miss would
      // mean the orbits are wrong, so it is checked in every build.
      const auto it = index.find(pack(compose(v, compose(roots[i], vinv))));
      if (it == index.end()) throw CheckError("line orbits: a root symmetry left the set of surviving roots");
      disjoint_unite(orbit_parent, static_cast<std::uint32_t>(i), it->second);
    }
  }
  std::vector<std::uint32_t>& reps = out.reps;
  std::vector<std::uint64_t>& weight = out.weight;
  std::vector<std::uint64_t>& least = out.least;  // per orbit: its smallest packed root
  weight.assign(roots.size(), 0);
  least.assign(roots.size(), ~std::uint64_t{0});
  for (std::size_t i = 0; i < roots.size(); ++i) {
    const auto r = disjoint_find(orbit_parent, static_cast<std::uint32_t>(i));
    if (weight[r]++ == 0) reps.push_back(r);
    least[r] = std::min(least[r], pack(roots[i]));
  }
  stats.searched += reps.size();
  return out;
}

template <class Bits>
u128 count_by_line_orbits_with(Shape s, const GeometricSymmetry& g, const std::vector<CycleType>& types,
                               KernelStats& stats, const FixedParts* parts, std::size_t memo_ceiling) {
  const RootOrbits<Bits> ro = root_orbits<Bits>(s, g, types, stats);
  if (ro.roots.empty()) return 0;
  const Layout& L = ro.L;
  const auto& roots = ro.roots;
  const auto& starts = ro.starts;
  const auto& reps = ro.reps;
  const auto& weight = ro.weight;
  const auto& least = ro.least;

  // Each orbit's share, the representative's count times the orbit's size, in parts named by the
  // orbit's smallest packed root (sum_in_parts, fixed_kernels.hpp).
  std::vector<std::uint64_t> states(reps.size(), 0), drops(reps.size(), 0);
  const u128 total = sum_in_parts(
      reps.size(), [&](std::size_t i) { return least[reps[i]]; }, "lo.", parts, [&](std::size_t i) {
        RootCounter<Bits> rc(L, roots[reps[i]], memo_ceiling);
        return checked_mul(rc.count(starts[reps[i]], states[i], drops[i]), weight[reps[i]]);
      });
  for (const std::uint64_t x : states) stats.states += x;
  for (const std::uint64_t x : drops) stats.memo_drops += x;
  return total;
}

template <class Bits>
FixedListing enumerate_by_line_orbits_with(Shape s, const GeometricSymmetry& g, const std::vector<CycleType>& types,
                                            const std::function<void(const std::vector<std::uint8_t>&)>& visit) {
  KernelStats stats;
  const RootOrbits<Bits> ro = root_orbits<Bits>(s, g, types, stats);
  // Work items: (representative, option of level 1's first orbit), so that a class with a few
  // orbits of roots (9x9's 180-degree turn: 27) still spreads over the threads.
  std::vector<std::pair<std::uint32_t, int>> items;
  for (const std::uint32_t r : ro.reps) {
    const RootEnumerator<Bits> e(ro.L, ro.roots[r]);
    for (std::size_t k = 0; k < e.first_options(); ++k) items.emplace_back(r, ro.L.levels.size() > 1 ? static_cast<int>(k) : -1);
  }
  std::vector<std::uint64_t> got(items.size(), 0);
  tbb::parallel_for(std::size_t{0}, items.size(), [&](std::size_t i) {
    RootEnumerator<Bits> e(ro.L, ro.roots[items[i].first]);
    got[i] = e.run(ro.starts[items[i].first], items[i].second, visit);
  }, tbb::simple_partitioner());
  FixedListing out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    out.visited += got[i];
    out.weighted = checked_add(out.weighted, checked_mul(u128{got[i]}, u128{ro.weight[items[i].first]}));
  }
  return out;
}

FixedListing enumerate_by_line_orbits(Shape s, const GeometricSymmetry& g, const std::vector<CycleType>& types,
                                       const std::function<void(const std::vector<std::uint8_t>&)>& visit) {
  if (s.n() > 12) throw std::invalid_argument("line orbits: at most 12 digits");
  return s.n() <= 10 ? enumerate_by_line_orbits_with<BitsOf<5>>(s, g, types, visit)
                     : enumerate_by_line_orbits_with<BitsOf<7>>(s, g, types, visit);
}

u128 count_by_line_orbits(Shape s, const GeometricSymmetry& g, const std::vector<CycleType>& types,
                          KernelStats& stats, const FixedParts* parts, std::size_t memo_ceiling) {
  if (s.n() > 12) throw std::invalid_argument("line orbits: at most 12 digits");
  if (memo_ceiling == 0) throw std::invalid_argument("line orbits: the memo ceiling must be at least one state");
  return s.n() <= 10 ? count_by_line_orbits_with<BitsOf<5>>(s, g, types, stats, parts, memo_ceiling)
                     : count_by_line_orbits_with<BitsOf<7>>(s, g, types, stats, parts, memo_ceiling);
}

}  // namespace gridenum::detail
