// A validator written from the rules' coordinates, independently of the Model (test_model.cpp
// explains why): rows, columns, boxes by (r / R, c / C), the two diagonals, the four windows at
// rows/columns 2-4 and 6-8 (1-based), the region string, the cage sums.
#pragma once

#include <gtest/gtest.h>

#include <random>
#include <utility>
#include <vector>

#include "gridenum/puzzle/model.hpp"
#include "gridenum/puzzle/puzzle_io.hpp"

namespace gridenum::testing {

// The rules of one puzzle, as the data files state them.
struct Rules {
  int n = 9, R = 3, C = 3;  // box R x C (ignored with regions)
  bool x = false, windoku = false;
  std::vector<int> region;  // jigsaw: region id per cell, else empty
  std::vector<Cage> cages;
};

// Every group of cells that must hold distinct digits, from coordinates alone.
inline std::vector<std::vector<int>> groups(const Rules& r) {
  const int n = r.n;
  std::vector<std::vector<int>> g;
  for (int i = 0; i < n; ++i) {
    std::vector<int> row, col;
    for (int j = 0; j < n; ++j) {
      row.push_back(i * n + j);
      col.push_back(j * n + i);
    }
    g.push_back(row);
    g.push_back(col);
  }
  if (!r.region.empty()) {
    std::vector<std::vector<int>> reg(n);
    for (int c = 0; c < n * n; ++c) reg[r.region[c]].push_back(c);
    g.insert(g.end(), reg.begin(), reg.end());
  } else {
    std::vector<std::vector<int>> box(n);
    for (int c = 0; c < n * n; ++c) box[(c / n / r.R) * (n / r.C) + (c % n) / r.C].push_back(c);
    g.insert(g.end(), box.begin(), box.end());
  }
  if (r.x) {
    std::vector<int> d1, d2;
    for (int i = 0; i < n; ++i) {
      d1.push_back(i * n + i);
      d2.push_back(i * n + n - 1 - i);
    }
    g.push_back(d1);
    g.push_back(d2);
  }
  if (r.windoku)
    for (int top : {1, 5})
      for (int left : {1, 5}) {
        std::vector<int> w;
        for (int i = top; i < top + 3; ++i)
          for (int j = left; j < left + 3; ++j) w.push_back(i * 9 + j);
        g.push_back(w);
      }
  for (const auto& cage : r.cages) g.push_back(cage.cells);
  return g;
}

inline bool valid_by_definition(const Rules& r, const std::vector<int>& grid) {
  for (int d : grid)
    if (d < 1 || d > r.n) return false;
  for (const auto& g : groups(r)) {
    std::vector<bool> seen(r.n + 1, false);
    for (int c : g) {
      if (seen[grid[c]]) return false;
      seen[grid[c]] = true;
    }
  }
  for (const auto& cage : r.cages) {
    int sum = 0;
    for (int c : cage.cells) sum += grid[c];
    if (sum != cage.sum) return false;
  }
  return true;
}

// The rules of a puzzle read from a collection, restated independently of its Model.
inline Rules rules_of(const Puzzle& p) {
  Rules r;
  r.n = p.model.n;
  r.R = p.model.box.rows;
  r.C = p.model.box.cols;
  r.x = p.model.rules & kRuleX;
  r.windoku = p.model.rules & kRuleWindoku;
  r.region = p.model.region;
  r.cages = p.model.cages;
  return r;
}

// Both verdicts on a grid, its neighbours by one swap and one changed digit. A puzzle's givens
// are dropped from the model: the solution grids are what is judged, under the rules alone.
inline void agree_around(const Puzzle& p, const std::vector<int>& solution, std::mt19937& rng, int& invalid_seen) {
  const Rules rules = rules_of(p);
  const Model m = make_model(p.model.box, p.model.rules, {}, p.model.region, p.model.cages);
  ASSERT_TRUE(valid_by_definition(rules, solution)) << "a listed solution breaks the rules, line " << p.line;
  ASSERT_TRUE(satisfies(m, solution)) << "line " << p.line;
  const int cells = m.cells();
  std::uniform_int_distribution<int> cell(0, cells - 1), digit(1, m.n);
  for (int k = 0; k < 8; ++k) {
    std::vector<int> g = solution;
    if (k % 2 == 0) std::swap(g[cell(rng)], g[cell(rng)]);
    else g[cell(rng)] = digit(rng);
    const bool truth = valid_by_definition(rules, g);
    invalid_seen += !truth;
    EXPECT_EQ(satisfies(m, g), truth) << "line " << p.line << ", variant " << k;
  }
}

}  // namespace gridenum::testing
