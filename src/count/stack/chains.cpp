// Chain enumeration (see chains.hpp): a depth-first search over the digits, each digit taking
// one of the (K-1)! bijections levels -> other lines, with a capacity counter per (level, line).
// Run once per class and stack (column chains) and once per row pattern (row chains), outside
// the hot loop; 9x9 has 56 chains on either side.
#include "chains.hpp"

#include <algorithm>
#include <cassert>
#include <numeric>

namespace gridenum::detail {

namespace {

struct ChainSearch {
  int n, lines, levels, cap;
  const std::vector<int>& home;
  std::vector<std::vector<std::vector<int>>> bijections;  // per home line: level -> line
  std::vector<int> fill;                                  // level * lines + line -> digits
  std::vector<DigitMask> cur;
  Chains* out;

  ChainSearch(int n_, int lines_, int cap_, const std::vector<int>& home_, Chains* o)
      : n(n_), lines(lines_), levels(lines_ - 1), cap(cap_), home(home_), out(o) {
    bijections.resize(lines);
    for (int h = 0; h < lines; ++h) {
      std::vector<int> others;
      for (int l = 0; l < lines; ++l)
        if (l != h) others.push_back(l);
      do bijections[h].push_back(others);
      while (std::next_permutation(others.begin(), others.end()));
    }
    fill.assign(static_cast<std::size_t>(levels) * lines, 0);
    cur.assign(static_cast<std::size_t>(levels) * lines, 0);
  }

  void dfs(int d) {
    if (d == n) {
      out->masks.insert(out->masks.end(), cur.begin(), cur.end());
      return;
    }
    const DigitMask bit = DigitMask{1} << d;
    for (const auto& bij : bijections[home[d]]) {
      bool ok = true;
      for (int lv = 0; lv < levels && ok; ++lv) ok = fill[lv * lines + bij[lv]] < cap;
      if (!ok) continue;
      for (int lv = 0; lv < levels; ++lv) {
        ++fill[lv * lines + bij[lv]];
        cur[lv * lines + bij[lv]] |= bit;
      }
      dfs(d + 1);
      for (int lv = 0; lv < levels; ++lv) {
        --fill[lv * lines + bij[lv]];
        cur[lv * lines + bij[lv]] &= ~bit;
      }
    }
  }
};

}  // namespace

Chains enumerate_chains(int n, int lines, int cap, const std::vector<int>& home) {
  assert(static_cast<int>(home.size()) == n && lines * cap == n && lines >= 2);
  Chains out;
  out.levels = lines - 1;
  out.lines = lines;
  ChainSearch search(n, lines, cap, home, &out);
  search.dfs(0);
  return out;
}

}  // namespace gridenum::detail
