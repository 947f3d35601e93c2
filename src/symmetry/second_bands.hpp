// The second band's signatures for one (S_1, gamma', pi) of the band-keep sum
// (fixed_band_keeps.cpp): invariant under (gamma', pi), missing band 1 column by column, every
// column of band 2 and of band 3 (the third column of each stack) holding R digits.
//
// The idea. The signature is a column t_2(d, b) in stack b for each digit d and stack b, other
// than t_1(d, b). Invariance ties the pairs (d, b) in orbits under (pi, gamma' on the stacks):
// choosing t_2 for an orbit's first pair (d, b) gives the rest, t_2(pi^i d, gamma'^i b) =
// gamma'^i t_2(d, b), and needs gamma'^L (L the orbit's length) to fix the chosen column. The
// choice is a search orbit by orbit, stack by stack, that stops where a column of band 2 or band
// 3 would get more than R digits; band 3 takes the third column of each pair.
//
// An orbit stays inside one cycle of gamma' on the stacks, and a column's count only sees its own
// stack, so the signatures are a product over those cycles of each cycle's own choices: the
// stack mask restricts the search to some of the stacks (a union of cycles), which is how the
// stack-cycle join (band_keep_join.hpp) lists each cycle's choices on its own.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "gridenum/symmetry/permutation.hpp"

namespace gridenum::detail {

class SecondBands {
 public:
  using Rows = std::array<std::uint16_t, 16>;  // digit -> its columns (the band counter's rows)

  // t1[d * R + b]: the column (0..N-1) of stack b holding digit d in band 1. stacks: bit b for
  // each stack searched (a union of gamma''s cycles on the stacks); the rows visited have
  // columns in those stacks only.
  SecondBands(int R, const std::vector<int>& t1, const Perm& gamma, const Perm& pi, std::uint32_t stacks = ~0u)
      : R_(R), N_(3 * R) {
    const int N = N_;
    std::vector<char> seen(static_cast<std::size_t>(N * R), 0);
    for (int d = 0; d < N; ++d)
      for (int b = 0; b < R; ++b) {
        if (seen[static_cast<std::size_t>(d * R + b)] || !(stacks >> b & 1u)) continue;
        Orbit o;
        int x = d, y = b;
        do {
          seen[static_cast<std::size_t>(x * R + y)] = 1;
          o.cells.push_back({x, y});
          x = pi[static_cast<std::size_t>(x)];
          y = gamma[static_cast<std::size_t>(y * 3)] / 3;
        } while (x != d || y != b);
        // The choices for (d, b): a column of stack b other than t1's, fixed by gamma'^L; each gives
        // every pair of the orbit its band-2 column and its band-3 column (the third of the stack).
        for (int j = 0; j < 3; ++j) {
          const int c = b * 3 + j;
          if (c == t1[static_cast<std::size_t>(d * R + b)]) continue;
          int img = c;
          for (std::size_t i = 0; i < o.cells.size(); ++i) img = gamma[static_cast<std::size_t>(img)];
          if (img != c) continue;
          Choice ch;
          int col = c;
          for (const auto& [xd, yb] : o.cells) {
            const int first = t1[static_cast<std::size_t>(xd * R + yb)];
            const int third = yb * 3 + 3 - (first % 3) - (col % 3);  // the stack's columns 0, 1, 2 sum to 3
            ch.put.push_back({xd, col, third});
            col = gamma[static_cast<std::size_t>(col)];
          }
          o.choices.push_back(std::move(ch));
        }
        if (o.choices.empty()) {
          none_ = true;
          return;
        }
        orbits_.push_back(std::move(o));
      }
    // Stack by stack: a stack's columns fill up, and are checked, together.
    std::stable_sort(orbits_.begin(), orbits_.end(), [](const Orbit& a, const Orbit& b) { return a.cells[0].second < b.cells[0].second; });
  }

  // Calls visit(rows2, rows3) for every second band whose columns all get at most R digits, the
  // third's too -- so exactly R: a stack's 3R pairs fill its three columns.
  template <class Visit>
  void each(Visit&& visit) {
    if (none_) return;
    cnt2_.fill(0);
    cnt3_.fill(0);
    rows2_.fill(0);
    rows3_.fill(0);
    choose(0, visit);
  }

 private:
  struct Choice {
    std::vector<std::array<int, 3>> put;  // (digit, band-2 column, band-3 column) for each pair
  };
  struct Orbit {
    std::vector<std::pair<int, int>> cells;  // (digit, stack), the first the one chosen for
    std::vector<Choice> choices;
  };
  template <class Visit>
  void choose(std::size_t i, Visit& visit) {
    if (i == orbits_.size()) {
      visit(static_cast<const Rows&>(rows2_), static_cast<const Rows&>(rows3_));
      return;
    }
    for (const Choice& ch : orbits_[i].choices) {
      bool fits = true;
      for (const auto& p : ch.put) {
        fits = ++cnt2_[static_cast<std::size_t>(p[1])] <= R_ && fits;
        fits = ++cnt3_[static_cast<std::size_t>(p[2])] <= R_ && fits;
      }
      if (fits) {
        for (const auto& p : ch.put) {
          rows2_[static_cast<std::size_t>(p[0])] |= static_cast<std::uint16_t>(1u << p[1]);
          rows3_[static_cast<std::size_t>(p[0])] |= static_cast<std::uint16_t>(1u << p[2]);
        }
        choose(i + 1, visit);
        for (const auto& p : ch.put) {
          rows2_[static_cast<std::size_t>(p[0])] &= static_cast<std::uint16_t>(~(1u << p[1]));
          rows3_[static_cast<std::size_t>(p[0])] &= static_cast<std::uint16_t>(~(1u << p[2]));
        }
      }
      for (const auto& p : ch.put) {
        --cnt2_[static_cast<std::size_t>(p[1])];
        --cnt3_[static_cast<std::size_t>(p[2])];
      }
    }
  }

  int R_, N_;
  bool none_ = false;
  std::vector<Orbit> orbits_;
  std::array<int, 16> cnt2_{}, cnt3_{};
  Rows rows2_{}, rows3_{};
};

}  // namespace gridenum::detail
