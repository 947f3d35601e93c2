// Brute-force orbit census of small grids (see grid_census.hpp). Deliberately plain: every step
// is the definition, so that agreement with Burnside's count is evidence.
#include "gridenum/verify/grid_census.hpp"

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <array>
#include <cassert>
#include <functional>
#include <numeric>
#include <stdexcept>
#include <string>

#include "gridenum/core/timing.hpp"
#include "gridenum/core/threads.hpp"

namespace gridenum {

namespace {

constexpr int kMaxN = 6;

void check_census_shape(Shape s) {
  if (s.rows < 2 || s.cols < 2 || s.n() > kMaxN)
    throw std::invalid_argument("grid census: boxes of at least 2 x 2 cells and at most " + std::to_string(kMaxN) +
                                " digits (2x2, 2x3, 3x2), got " + s.str());
}

// Cells of box 1 in reading order.
std::vector<int> box1_cells(Shape s) {
  std::vector<int> out;
  for (int i = 0; i < s.rows; ++i)
    for (int j = 0; j < s.cols; ++j) out.push_back(i * s.n() + j);
  return out;
}

// Every arrangement of k blocks of m lines: block b's line i goes to order[b]*m + inner[b][i].
std::vector<std::vector<int>> line_moves(int m, int k) {
  std::vector<std::vector<int>> out;
  std::vector<int> order(static_cast<std::size_t>(k));
  std::iota(order.begin(), order.end(), 0);
  std::vector<std::vector<int>> inner(static_cast<std::size_t>(k), std::vector<int>(static_cast<std::size_t>(m)));
  std::function<void(int)> rec = [&](int b) {
    if (b == k) {
      std::vector<int> map(static_cast<std::size_t>(m * k));
      for (int x = 0; x < k; ++x)
        for (int i = 0; i < m; ++i)
          map[static_cast<std::size_t>(x * m + i)] = order[static_cast<std::size_t>(x)] * m + inner[static_cast<std::size_t>(x)][static_cast<std::size_t>(i)];
      out.push_back(std::move(map));
      return;
    }
    auto& in = inner[static_cast<std::size_t>(b)];
    std::iota(in.begin(), in.end(), 0);
    do rec(b + 1);
    while (std::next_permutation(in.begin(), in.end()));
  };
  do rec(0);
  while (std::next_permutation(order.begin(), order.end()));
  return out;
}

}  // namespace

std::vector<CensusGrid> box1_fixed_grids(Shape s) {
  check_census_shape(s);
  const int N = s.n(), R = s.rows, C = s.cols;
  CensusGrid g(static_cast<std::size_t>(N * N), 0xff);
  std::vector<unsigned> row(static_cast<std::size_t>(N), 0), col(row), box(row);
  auto put = [&](int cell, int d, bool on) {
    const int r = cell / N, c = cell % N, b = (r / R) * R + c / C;
    const unsigned m = 1u << d;
    row[static_cast<std::size_t>(r)] ^= m, col[static_cast<std::size_t>(c)] ^= m, box[static_cast<std::size_t>(b)] ^= m;
    g[static_cast<std::size_t>(cell)] = on ? static_cast<std::uint8_t>(d) : 0xff;
  };
  const auto b1 = box1_cells(s);
  for (std::size_t k = 0; k < b1.size(); ++k) put(b1[k], static_cast<int>(k), true);
  std::vector<CensusGrid> out;
  std::function<void(int)> dfs = [&](int cell) {
    while (cell < N * N && g[static_cast<std::size_t>(cell)] != 0xff) ++cell;
    if (cell == N * N) {
      out.push_back(g);
      return;
    }
    const int r = cell / N, c = cell % N, b = (r / R) * R + c / C;
    const unsigned used = row[static_cast<std::size_t>(r)] | col[static_cast<std::size_t>(c)] | box[static_cast<std::size_t>(b)];
    for (int d = 0; d < N; ++d) {
      if (used >> d & 1u) continue;
      put(cell, d, true);
      dfs(cell + 1);
      put(cell, d, false);
    }
  };
  dfs(0);
  return out;
}

std::vector<std::vector<int>> geometric_cell_permutations(Shape s, bool transposition) {
  check_census_shape(s);
  if (transposition && s.rows != s.cols)
    throw std::invalid_argument("grid census: transposition is a symmetry only for square boxes, not " + s.str());
  const int N = s.n();
  // Rows: C bands of R rows; columns: R stacks of C columns.
  const auto rows = line_moves(s.rows, s.cols), cols = line_moves(s.cols, s.rows);
  std::vector<std::vector<int>> out;
  for (int t = 0; t < (transposition ? 2 : 1); ++t)
    for (const auto& rm : rows)
      for (const auto& cm : cols) {
        std::vector<int> p(static_cast<std::size_t>(N * N));
        for (int r = 0; r < N; ++r)
          for (int c = 0; c < N; ++c) {
            const int r2 = t ? c : r, c2 = t ? r : c;  // transpose first, then move lines
            p[static_cast<std::size_t>(r * N + c)] = rm[static_cast<std::size_t>(r2)] * N + cm[static_cast<std::size_t>(c2)];
          }
        out.push_back(std::move(p));
      }
  return out;
}

std::uint64_t brute_fixed_grids(Shape s, const std::vector<CensusGrid>& grids, const std::vector<int>& cells) {
  const int NN = s.cells();
  if (static_cast<int>(cells.size()) != NN) throw std::invalid_argument("brute_fixed_grids: wrong cell permutation size");
  std::uint64_t fixed = 0;
  for (const CensusGrid& x : grids) {
    // Y = g(X): Y(cells[c]) = X(c). Fixed up to relabelling: Y(j) = pi(X(j)) for one pi.
    std::array<int, 32> pi;
    pi.fill(-1);
    bool ok = true;
    for (int c = 0; c < NN && ok; ++c) {
      const int j = cells[static_cast<std::size_t>(c)];
      int& p = pi[x[static_cast<std::size_t>(j)]];
      const int y = x[static_cast<std::size_t>(c)];
      if (p < 0) p = y;
      else ok = p == y;
    }
    if (ok) ++fixed;
  }
  return fixed;
}

GridCensus census_grids(Shape s, bool transposition, int threads) {
  const auto t0 = SteadyClock::now();
  GridCensus res;
  res.shape = s;
  res.transposition = transposition;
  const std::vector<CensusGrid> grids = box1_fixed_grids(s);
  const auto perms = geometric_cell_permutations(s, transposition);
  res.grids = grids.size();
  res.group_order = perms.size();
  const int NN = s.cells();
  // Y = g(X) read through the inverse: Y(j) = X(inv[j]).
  std::vector<std::vector<std::uint8_t>> inv(perms.size(), std::vector<std::uint8_t>(static_cast<std::size_t>(NN)));
  for (std::size_t k = 0; k < perms.size(); ++k)
    for (int c = 0; c < NN; ++c) inv[k][static_cast<std::size_t>(perms[k][static_cast<std::size_t>(c)])] = static_cast<std::uint8_t>(c);
  const auto b1 = box1_cells(s);

  // Forms as byte strings: sorting vectors of bytes trips a GCC 12 -Wstringop-overread false
  // positive inside std::lexicographical_compare.
  std::vector<std::string> forms(grids.size());
  tbb::task_arena arena(resolve_threads(threads));
  arena.execute([&] {
    tbb::parallel_for(std::size_t{0}, grids.size(), [&](std::size_t i) {
      const CensusGrid& x = grids[i];
      CensusGrid best = x;  // the identity's image: X itself, already box-1-fixed
      std::array<std::uint8_t, 32> relabel{};
      for (const auto& in : inv) {
        // norm(Y): relabel Y so that box 1 reads 0..N-1.
        for (std::size_t k = 0; k < b1.size(); ++k) relabel[x[in[static_cast<std::size_t>(b1[k])]]] = static_cast<std::uint8_t>(k);
        // Lexicographic comparison with the best so far, cell by cell; stop at the first difference.
        int j = 0;
        for (; j < NN; ++j) {
          const std::uint8_t y = relabel[x[in[static_cast<std::size_t>(j)]]];
          if (y != best[static_cast<std::size_t>(j)]) break;
        }
        if (j == NN || relabel[x[in[static_cast<std::size_t>(j)]]] > best[static_cast<std::size_t>(j)]) continue;
        for (; j < NN; ++j) best[static_cast<std::size_t>(j)] = relabel[x[in[static_cast<std::size_t>(j)]]];
      }
      forms[i].assign(best.begin(), best.end());
    });
  });
  std::sort(forms.begin(), forms.end());
  for (std::size_t i = 0; i < forms.size();) {
    std::size_t j = i;
    while (j < forms.size() && forms[j] == forms[i]) ++j;
    const std::uint64_t grids_in_orbit = j - i;
    if (res.group_order % grids_in_orbit != 0)
      throw std::logic_error("grid census: an orbit's size does not divide the group's order");
    ++res.automorphism_orders[res.group_order / grids_in_orbit];
    i = j;
  }
  res.orbits = static_cast<std::uint64_t>(std::unique(forms.begin(), forms.end()) - forms.begin());
  res.seconds = seconds_since(t0);
  return res;
}

}  // namespace gridenum
