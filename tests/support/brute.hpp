// Test-only reference code: brute-force completion counting and the band operations of the
// class merge, written directly on digit arrays. It shares nothing with src/ except the Band
// and Shape types, so the engine is checked against an independent path.
#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

#include "gridenum/count/stack/catalogue.hpp"

namespace testref {

using gridenum::Band;
using gridenum::Shape;

// Completions of a top band to a full grid, cell by cell over the N-R lower rows.
inline std::uint64_t brute_completions(Shape s, const Band& band) {
  const int N = s.n(), R = s.rows, C = s.cols;
  std::vector<int> grid(N * N, 0);
  for (int i = 0; i < R * N; ++i) grid[i] = band[i];
  std::vector<unsigned> row(N, 0), col(N, 0), box(N, 0);
  auto boxof = [&](int r, int c) { return (r / R) * R + c / C; };
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < N; ++c) {
      const unsigned m = 1u << (band[r * N + c] - 1);
      row[r] |= m, col[c] |= m, box[boxof(r, c)] |= m;
    }
  std::uint64_t count = 0;
  auto dfs = [&](auto&& self, int cell) -> void {
    if (cell == N * N) {
      ++count;
      return;
    }
    const int r = cell / N, c = cell % N, b = boxof(r, c);
    for (int d = 0; d < N; ++d) {
      const unsigned m = 1u << d;
      if ((row[r] | col[c] | box[b]) & m) continue;
      row[r] |= m, col[c] |= m, box[b] |= m;
      self(self, cell + 1);
      row[r] &= ~m, col[c] &= ~m, box[b] &= ~m;
    }
  };
  dfs(dfs, R * N);
  return count;
}

// Relabel so that B1 reads 1..N in reading order.
inline Band canonical_b1(Shape s, Band band) {
  const int N = s.n(), C = s.cols;
  std::vector<int> map(N + 1, 0);
  for (int r = 0; r < s.rows; ++r)
    for (int j = 0; j < C; ++j) map[band[r * N + j]] = r * C + j + 1;
  for (auto& d : band) d = static_cast<std::uint8_t>(map[d]);
  return band;
}

// Operation 1: relabel by a digit permutation (perm[d-1] is the new digit of d).
inline Band relabel(Shape s, Band band, const std::vector<int>& perm) {
  for (auto& d : band) d = static_cast<std::uint8_t>(perm[d - 1]);
  return band;
}

// Operation 2: permute the columns inside box k.
inline Band permute_columns(Shape s, Band band, int k, const std::vector<int>& order) {
  const int N = s.n(), C = s.cols;
  const Band copy = band;
  for (int r = 0; r < s.rows; ++r)
    for (int j = 0; j < C; ++j) band[r * N + k * C + j] = copy[r * N + k * C + order[j]];
  return band;
}

// Operation 3: permute the boxes of the band (order[k] is the box placed at k).
inline Band permute_boxes(Shape s, Band band, const std::vector<int>& order) {
  const int N = s.n(), C = s.cols;
  const Band copy = band;
  for (int r = 0; r < s.rows; ++r)
    for (int k = 0; k < s.rows; ++k)
      for (int j = 0; j < C; ++j) band[r * N + k * C + j] = copy[r * N + order[k] * C + j];
  return band;
}

// Operation 4: a cell swap inside columns that keeps the band valid: in columns c1 != c2 and
// rows r1 != r2 holding a,b / b,a, exchange both pairs. Returns false when none exists.
inline bool find_cell_swap(Shape s, const Band& band, std::mt19937& rng, Band& out) {
  const int N = s.n();
  std::vector<std::array<int, 4>> swaps;
  for (int r1 = 0; r1 < s.rows; ++r1)
    for (int r2 = r1 + 1; r2 < s.rows; ++r2)
      for (int c1 = 0; c1 < N; ++c1)
        for (int c2 = c1 + 1; c2 < N; ++c2)
          if (band[r1 * N + c1] == band[r2 * N + c2] && band[r2 * N + c1] == band[r1 * N + c2])
            swaps.push_back({r1, r2, c1, c2});
  if (swaps.empty()) return false;
  const auto [r1, r2, c1, c2] = swaps[rng() % swaps.size()];
  out = band;
  std::swap(out[r1 * N + c1], out[r2 * N + c1]);
  std::swap(out[r1 * N + c2], out[r2 * N + c2]);
  return true;
}

inline std::vector<int> random_perm(int n, std::mt19937& rng) {
  std::vector<int> p(n);
  std::iota(p.begin(), p.end(), 0);
  std::shuffle(p.begin(), p.end(), rng);
  return p;
}

// Every valid band with B1 canonical, by brute force (small shapes only).
inline std::vector<Band> all_canonical_bands(Shape s) {
  const int N = s.n(), R = s.rows, C = s.cols;
  Band band(R * N, 0);
  for (int r = 0; r < R; ++r)
    for (int j = 0; j < C; ++j) band[r * N + j] = static_cast<std::uint8_t>(r * C + j + 1);
  std::vector<Band> out;
  auto dfs = [&](auto&& self, int i) -> void {
    if (i == R * N) {
      out.push_back(band);
      return;
    }
    const int r = i / N, c = i % N;
    if (c < C) return self(self, i + 1);
    for (int d = 1; d <= N; ++d) {
      bool ok = true;
      for (int cc = 0; cc < c && ok; ++cc) ok = band[r * N + cc] != d;
      for (int rr = 0; rr < R && ok; ++rr)
        for (int cc = (c / C) * C; cc < (c / C + 1) * C && ok; ++cc)
          ok = (rr * N + cc >= i) || band[rr * N + cc] != d;
      if (!ok) continue;
      band[i] = static_cast<std::uint8_t>(d);
      self(self, i + 1);
      band[i] = 0;
    }
  };
  dfs(dfs, 0);
  return out;
}

}  // namespace testref
