// The cell recount of f(g) (cell_recount.hpp): candidates pi from a walk over every digit
// permutation, then a search over cells in reading order with whole cell orbits placed at once,
// memoised row by row. Uses nothing from src/symmetry but the element's description (in_group,
// cell_permutation).
#include "gridenum/verify/cell_recount.hpp"

#include <oneapi/tbb/combinable.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <array>
#include <cassert>
#include <numeric>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "gridenum/core/stop.hpp"
#include "gridenum/core/threads.hpp"
#include "gridenum/core/timing.hpp"

namespace gridenum {

namespace {

using Mask = std::uint16_t;

// The grid as cells 0..N*N-1 (r*N + c), the element as their permutation sigma, and the box of
// every cell (boxes of R rows and C columns, numbered in reading order).
struct Board {
  int n = 0;
  std::vector<int> sigma;
  std::vector<int> box;
};

Board make_board(Shape s, const GeometricSymmetry& g) {
  Board b;
  b.n = s.n();
  b.sigma = cell_permutation(s, g);
  b.box.resize(static_cast<std::size_t>(b.n * b.n));
  for (int r = 0; r < b.n; ++r)
    for (int c = 0; c < b.n; ++c)
      b.box[static_cast<std::size_t>(r * b.n + c)] = (r / s.rows) * (b.n / s.cols) + c / s.cols;
  return b;
}

// pi^M = q: M the length of row 0's orbit among the lines (g maps lines onto lines, so the
// orbit returns to row 0 when cells 0 and 1 are both back in it), q what g^M does to row 0.
// Every permutation of the digits is tried: the candidates, in lexicographic order.
std::vector<std::vector<int>> candidates(const Board& b) {
  const int n = b.n;
  std::vector<int> at(static_cast<std::size_t>(n));
  std::iota(at.begin(), at.end(), 0);
  int m = 0;
  do {
    for (int& x : at) x = b.sigma[static_cast<std::size_t>(x)];
    ++m;
  } while (!(at[0] < n && at[1] < n));
  assert(std::all_of(at.begin(), at.end(), [n](int x) { return x < n; }));  // the whole row came back
  std::vector<std::vector<int>> out;
  std::vector<int> p(static_cast<std::size_t>(n));
  std::iota(p.begin(), p.end(), 0);
  do {
    bool ok = true;
    for (int c = 0; c < n && ok; ++c) {
      int x = c;
      for (int k = 0; k < m; ++k) x = p[static_cast<std::size_t>(x)];
      ok = x == at[static_cast<std::size_t>(c)];
    }
    if (ok) out.push_back(p);
  } while (std::next_permutation(p.begin(), p.end()));
  return out;
}

// The search for one pi. place() puts a digit in a cell and its images in the cell's whole
// orbit (or nothing, on a clash); count_below(r) counts the fillings of rows r.. with the memo.
class CellSearch {
 public:
  CellSearch(const Board& b, const std::vector<int>& pi)
      : b_(b), pi_(pi), cell_(static_cast<std::size_t>(b.n * b.n), -1), memo_(static_cast<std::size_t>(b.n + 1)) {}

  u128 count() {
    // Row 0 reads 0 1 .. N-1 (the relabelling broken); its cells' orbits may fill more of it.
    for (int c = 0; c < b_.n; ++c) {
      const int here = cell_[static_cast<std::size_t>(c)];
      if (here == -1 ? !place(c, c) : here != c) return 0;
    }
    return count_below(1);
  }

  std::uint64_t states() const {
    std::uint64_t s = 0;
    for (const auto& m : memo_) s += m.size();
    return s;
  }

 private:
  bool free_at(int cell, int d) const {
    const Mask bit = static_cast<Mask>(1u << d);
    return !((row_[cell / b_.n] | col_[cell % b_.n] | box_[b_.box[static_cast<std::size_t>(cell)]]) & bit);
  }

  void set(int cell, int d) {
    const Mask bit = static_cast<Mask>(1u << d);
    cell_[static_cast<std::size_t>(cell)] = static_cast<std::int8_t>(d);
    row_[cell / b_.n] |= bit;
    col_[cell % b_.n] |= bit;
    box_[b_.box[static_cast<std::size_t>(cell)]] |= bit;
    trail_.push_back(cell);
  }

  void undo(std::size_t to) {
    while (trail_.size() > to) {
      const int cell = trail_.back();
      trail_.pop_back();
      const Mask bit = static_cast<Mask>(1u << cell_[static_cast<std::size_t>(cell)]);
      cell_[static_cast<std::size_t>(cell)] = -1;
      row_[cell / b_.n] &= static_cast<Mask>(~bit);
      col_[cell % b_.n] &= static_cast<Mask>(~bit);
      box_[b_.box[static_cast<std::size_t>(cell)]] &= static_cast<Mask>(~bit);
    }
  }

  // d at `cell`, pi(d) at sigma(cell), pi^2(d) at sigma^2(cell), ..., until the orbit closes,
  // which it must on d itself. False, with nothing placed, on any clash.
  bool place(int cell, int d) {
    const std::size_t start = trail_.size();
    int at = cell, v = d;
    do {
      const int here = cell_[static_cast<std::size_t>(at)];
      if (here == -1) {
        if (!free_at(at, v)) { undo(start); return false; }
        set(at, v);
      } else if (here != v) {
        undo(start);
        return false;
      }
      at = b_.sigma[static_cast<std::size_t>(at)];
      v = pi_[static_cast<std::size_t>(v)];
    } while (at != cell);
    if (v != d) { undo(start); return false; }
    return true;
  }

  // What rows r.. can still hold: the columns' and boxes' digits so far and every cell of rows
  // r.. that an orbit has filled already (the rows' own digits follow from those cells).
  std::string key(int r) const {
    std::string k;
    k.reserve(static_cast<std::size_t>(4 * b_.n + (b_.n - r) * b_.n));
    for (int i = 0; i < b_.n; ++i)
      for (Mask m : {col_[i], box_[i]}) {
        k.push_back(static_cast<char>(m & 0xff));
        k.push_back(static_cast<char>(m >> 8));
      }
    for (int cell = r * b_.n; cell < b_.n * b_.n; ++cell) k.push_back(static_cast<char>(cell_[static_cast<std::size_t>(cell)]));
    return k;
  }

  u128 count_below(int r) {
    if (r == b_.n) return 1;
    if (stop_requested()) throw_if_stop_requested("fixed grids by the cell recount");
    std::string k = key(r);
    auto& memo = memo_[static_cast<std::size_t>(r)];
    if (const auto it = memo.find(k); it != memo.end()) return it->second;
    const u128 ways = fill(r, 0);
    memo.emplace(std::move(k), ways);
    return ways;
  }

  u128 fill(int r, int c) {
    while (c < b_.n && cell_[static_cast<std::size_t>(r * b_.n + c)] != -1) ++c;
    if (c == b_.n) return count_below(r + 1);
    const int cell = r * b_.n + c;
    u128 ways = 0;
    for (int d = 0; d < b_.n; ++d) {
      if (!free_at(cell, d)) continue;
      const std::size_t save = trail_.size();
      if (!place(cell, d)) continue;
      ways += fill(r, c + 1);
      undo(save);
    }
    return ways;
  }

  const Board& b_;
  const std::vector<int>& pi_;
  std::vector<std::int8_t> cell_;
  std::array<Mask, 16> row_{}, col_{}, box_{};
  std::vector<int> trail_;
  std::vector<std::unordered_map<std::string, u128>> memo_;
};

void check_element(Shape s, const GeometricSymmetry& g) {
  if (s.n() > 10) throw std::invalid_argument("cell recount: at most 10 digits (" + s.str() + " has " + std::to_string(s.n()) + ")");
  if (!in_group(s, g)) throw std::invalid_argument("cell recount: the element is not a symmetry of " + s.str() + " grids");
  if (g.is_identity())
    throw std::invalid_argument("cell recount: the identity fixes every grid; its term is the count engine's total / N!");
}

}  // namespace

std::uint64_t cell_recount_candidates(Shape s, const GeometricSymmetry& g) {
  check_element(s, g);
  return candidates(make_board(s, g)).size();
}

CellRecount cell_recount(Shape s, const GeometricSymmetry& g, int threads) {
  check_element(s, g);
  const auto t0 = SteadyClock::now();
  const Board b = make_board(s, g);
  const auto pis = candidates(b);
  tbb::combinable<u128> sum([] { return u128{0}; });
  tbb::combinable<std::uint64_t> states([] { return std::uint64_t{0}; });
  tbb::task_arena arena(resolve_threads(threads));
  arena.execute([&] {
    tbb::parallel_for(std::size_t{0}, pis.size(), [&](std::size_t i) {
      CellSearch search(b, pis[i]);
      sum.local() += search.count();
      states.local() += search.states();
    }, tbb::simple_partitioner());
  });
  CellRecount res;
  res.grids = sum.combine([](u128 x, u128 y) { return x + y; });
  res.states = states.combine([](std::uint64_t x, std::uint64_t y) { return x + y; });
  res.relabellings = pis.size();
  res.seconds = seconds_since(t0);
  return res;
}

}  // namespace gridenum
