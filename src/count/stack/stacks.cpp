// The ordered stack fillings (docs/design.md section 2, step 5; the "B4/B7 trick" of the thesis).
//
// Stack 1 below B1 is N-R rows of C cells: the boxes (b, 0) of the lower bands b = 1..C-1.
// A depth-first search fills it cell by cell in reading order with one mask per column (seeded
// with B1's columns) and one per box. Row order inside a lower band and the order of the lower
// bands do not matter to the rest of the grid, so only *ordered* fillings are kept: the first
// column increases inside each box, and the boxes are ordered by their first entry. Each stands
// for L_stack = (R!)^(C-1) (C-1)! fillings; the invariant is checked against the unordered count
// by tests (stack fillings with B1 fixed = top-band fillings of the transposed shape).
//
// The completion kernel reads a filling only through its *pattern*: per lower band the set of
// its R row digit sets (the rows are what the rest of the band must complete), the bands in any
// order. Fillings are stably sorted by pattern so a slice of the list is a few runs of equal
// patterns.
#include "gridenum/count/stack/stacks.hpp"

#include <oneapi/tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <chrono>
#include <numeric>
#include <stdexcept>

#include "gridenum/core/timing.hpp"
#include "gridenum/count/stack/catalogue.hpp"

namespace gridenum {

namespace {

struct StackSearch {
  Shape s;
  int N, R, C, rows;
  std::vector<std::uint8_t> cur;  // rows x C
  std::vector<DigitMask> col, box;
  std::vector<std::uint8_t>* out;

  StackSearch(Shape sh, std::vector<std::uint8_t>* o)
      : s(sh), N(sh.n()), R(sh.rows), C(sh.cols), rows(sh.n() - sh.rows), out(o) {
    cur.assign(static_cast<std::size_t>(rows) * C, 0);
    col.assign(C, 0);
    box.assign(C - 1, 0);
    for (int r = 0; r < R; ++r)
      for (int j = 0; j < C; ++j) col[j] |= DigitMask{1} << (r * C + j);  // B1 canonical
  }

  void dfs(int idx) {
    if (idx == rows * C) {
      out->insert(out->end(), cur.begin(), cur.end());
      return;
    }
    const int i = idx / C, j = idx % C, b = i / R;
    DigitMask cand = s.all_digits() & ~(col[j] | box[b]);
    if (j == 0) {
      // Ordered fillings: first column increasing inside a box; boxes by their first entry.
      int lower = 0;
      if (i % R != 0) lower = cur[(i - 1) * C];
      else if (b > 0) lower = cur[(i - R) * C];
      cand &= ~((DigitMask{1} << lower) - 1);  // digits > lower (digit d is bit d-1)
    }
    while (cand) {
      const int d0 = std::countr_zero(cand);
      cand &= cand - 1;
      const DigitMask m = DigitMask{1} << d0;
      cur[idx] = static_cast<std::uint8_t>(d0 + 1);
      col[j] |= m;
      box[b] |= m;
      dfs(idx + 1);
      col[j] &= ~m;
      box[b] &= ~m;
    }
    cur[idx] = 0;
  }
};

}  // namespace

std::uint64_t stack_symmetry_factor(Shape s) {
  std::uint64_t rf = 1, f = 1;
  for (int i = 2; i <= s.rows; ++i) rf *= static_cast<std::uint64_t>(i);
  for (int b = 1; b < s.cols; ++b) f *= rf;
  for (int i = 2; i < s.cols; ++i) f *= static_cast<std::uint64_t>(i);
  return f;
}

StackList build_stack_list(Shape s) {
  if (auto why = engine_shape_error(s)) throw std::invalid_argument(*why);
  const auto t0 = SteadyClock::now();
  const int R = s.rows, C = s.cols, rows = s.n() - s.rows;
  const std::size_t stride = static_cast<std::size_t>(rows) * C;
  std::vector<std::uint8_t> raw;
  StackSearch(s, &raw).dfs(0);
  const std::size_t count = raw.size() / stride;

  // Pattern of each filling: per band the sorted row sets, bands sorted. N <= 16 keeps a
  // pattern ((C-1)*R = N-R masks) in a fixed array: no allocation per filling, and the
  // patterns are computed in parallel. Sorting (pattern, filling) pairs gives the stable
  // order by pattern and the pattern ids (in lexicographic order of the patterns). The sort
  // compares one word per pattern: the engine's shapes have N - R <= 7 masks of N <= 9 bits, 63
  // bits at most, packed first mask highest so that numeric order is lexicographic order
  // (measured on 9x9: sorting the arrays themselves was 5 % of a 1-thread count's CPU).
  using Pattern = std::array<std::uint16_t, 16>;
  const int width = (C - 1) * R;
  assert(width * s.n() <= 64);
  auto packed = [&](const Pattern& p) {
    std::uint64_t w = 0;
    for (int i = 0; i < width; ++i) w = (w << s.n()) | p[i];
    return w;
  };
  std::vector<Pattern> pattern(count);
  std::vector<std::pair<std::uint64_t, std::uint32_t>> keyed(count);
  tbb::parallel_for(std::size_t{0}, count, [&](std::size_t f) {
    Pattern p{};
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < C; ++j)
        p[i] |= static_cast<std::uint16_t>(1u << (raw[f * stride + i * C + j] - 1));
    for (int b = 0; b < C - 1; ++b) std::sort(p.begin() + b * R, p.begin() + (b + 1) * R);
    std::array<std::array<std::uint16_t, 16>, 16> bands{};
    for (int b = 0; b < C - 1; ++b) std::copy_n(p.begin() + b * R, R, bands[b].begin());
    std::sort(bands.begin(), bands.begin() + (C - 1));
    for (int b = 0; b < C - 1; ++b) std::copy_n(bands[b].begin(), R, p.begin() + b * R);
    pattern[f] = p;
    keyed[f] = {packed(p), static_cast<std::uint32_t>(f)};
  });
  std::sort(keyed.begin(), keyed.end());  // by pattern, then by filling index: stable
  StackList list;
  list.shape = s;
  list.box_rows_below = rows;
  list.cells.resize(raw.size());
  list.pattern_of.resize(count);
  for (std::size_t k = 0; k < count; ++k) {
    const auto& [key, f] = keyed[k];
    const Pattern& p = pattern[f];
    if (k == 0 || key != keyed[k - 1].first) list.patterns.emplace_back(p.begin(), p.begin() + width);
    std::copy_n(raw.begin() + f * stride, stride, list.cells.begin() + k * stride);
    list.pattern_of[k] = static_cast<std::uint32_t>(list.patterns.size() - 1);
  }
  list.seconds = seconds_since(t0);
  return list;
}

}  // namespace gridenum
