// Rank and unrank (grid/rank.hpp; the derivation in docs/grid-tools.md, "Rank and unrank"): the
// first row's Lehmer code times the normalised count, plus the normalised grid's lexicographic
// index, found by a descent cell by cell through the completion counts of prefix_counts.hpp;
// 8x8 goes to two_band_rank.cpp, 9x9 to band_stack_rank.cpp, 10x10 to two_stack_rank.cpp.
#include "gridenum/grid/rank.hpp"

#include <fmt/format.h>
#include <oneapi/tbb/task_arena.h>

#include <array>
#include <cassert>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>

#include "gridenum/grid/band_stack_rank.hpp"
#include "gridenum/grid/two_band_rank.hpp"
#include "gridenum/grid/two_stack_rank.hpp"

namespace gridenum {

namespace {
// The prefix descent's shapes, then 8x8 (TwoBandRanker), 9x9 (BandStackRanker) and 10x10
// (TwoStackRanker).
const Shape kPrefixRankShapes[] = {{2, 2}, {2, 3}, {3, 2}};
const Shape kRankShapes[] = {{2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {3, 3}, {2, 5}, {5, 2}};
}

bool is_rank_shape(Shape s) {
  for (Shape t : kRankShapes)
    if (t == s) return true;
  return false;
}

std::string rank_shapes_text() {
  std::string out;
  for (Shape t : kRankShapes) out += (out.empty() ? "" : ", ") + t.str();
  return out;
}

// Lehmer code: the index is sum over positions i of (how many later entries are smaller) * (n-1-i)!.
u128 permutation_index(const std::vector<int>& perm) {
  const int n = static_cast<int>(perm.size());
  u128 index = 0;
  for (int i = 0; i < n; ++i) {
    int smaller = 0;
    for (int j = i + 1; j < n; ++j) smaller += perm[static_cast<std::size_t>(j)] < perm[static_cast<std::size_t>(i)];
    index = index * static_cast<u128>(n - i) + static_cast<u128>(smaller);
  }
  return index;
}

std::vector<int> permutation_of_index(int n, u128 index) {
  std::vector<int> digits(static_cast<std::size_t>(n));  // the Lehmer code, most significant first
  for (int i = n - 1; i >= 0; --i) {
    const auto radix = static_cast<u128>(n - i);
    digits[static_cast<std::size_t>(i)] = static_cast<int>(index % radix);
    index /= radix;
  }
  if (index != 0) throw std::out_of_range("permutation index past n!");
  std::vector<int> left, perm;
  for (int d = 1; d <= n; ++d) left.push_back(d);
  for (int i = 0; i < n; ++i) {
    const auto at = left.begin() + digits[static_cast<std::size_t>(i)];
    perm.push_back(*at);
    left.erase(at);
  }
  return perm;
}

void GridRanker::set_normalised_total(u128 normalised) {
  normalised_ = normalised;
  total_ = checked_mul(normalised, static_cast<u128>(factorial_u64(shape_.n())));
}

void GridRanker::check_rank(u128 n) const {
  if (n >= total_)
    throw std::out_of_range(fmt::format("rank {} is out of range: {} grids have the ranks 0 .. {}", to_string(n), shape_.str(),
                                        to_string(total_ - 1)));
}

namespace {
// The shape, once it is known to be one the descent takes (checked before the table is built).
Shape prefix_rank_shape(Shape s) {
  for (Shape t : kPrefixRankShapes)
    if (t == s) return s;
  throw std::invalid_argument(fmt::format("rank, unrank and sample take the shapes {}; got {}", rank_shapes_text(), s.str()));
}
}  // namespace

PrefixRanker::PrefixRanker(Shape s) : GridRanker(prefix_rank_shape(s)), counts_(s) {
  set_normalised_total(counts_.completions(counts_.first_row()));
}

u128 PrefixRanker::rank(const GridCells& grid) const {
  const Shape s = shape();
  const int n = s.n();
  if (!is_valid_grid(s, grid)) throw std::invalid_argument("rank: not a valid " + s.str() + " grid");
  // The relabelling digit: the first row as a permutation; then the grid relabelled so that its
  // first row reads 1..N (digit grid[c] of row 0 becomes c+1).
  const std::vector<int> first(grid.begin(), grid.begin() + n);
  std::array<int, CellPrefix::kMaxN + 1> label{};
  for (int c = 0; c < n; ++c) label[static_cast<std::size_t>(first[static_cast<std::size_t>(c)])] = c + 1;
  u128 lex = 0;
  CellPrefix p = counts_.first_row();
  for (int cell = n; cell < n * n; ++cell) {
    const int t = label[static_cast<std::size_t>(grid[static_cast<std::size_t>(cell)])];
    // Every digit that fits and is smaller than the grid's adds the completions of its prefix.
    for (unsigned below = counts_.open_digits(p) & ((1u << (t - 1)) - 1); below != 0; below &= below - 1)
      lex += counts_.completions(counts_.with_digit(p, __builtin_ctz(below) + 1));
    p = counts_.with_digit(p, t);
  }
  assert(lex < normalised_total());
  return permutation_index(first) * normalised_total() + lex;
}

GridCells PrefixRanker::unrank(u128 n) const {
  const Shape s = shape();
  const int N = s.n();
  check_rank(n);
  const std::vector<int> first = permutation_of_index(N, n / normalised_total());
  u128 rest = n % normalised_total();
  GridCells grid(static_cast<std::size_t>(N * N));
  for (int c = 0; c < N; ++c) grid[static_cast<std::size_t>(c)] = first[static_cast<std::size_t>(c)];
  CellPrefix p = counts_.first_row();
  for (int cell = N; cell < N * N; ++cell) {
    // The smallest digit whose completions reach past what is left of the index; the last digit
    // that fits needs no look-up (what is left is below its count).
    unsigned open = counts_.open_digits(p);
    int d = 0;
    for (;;) {
      d = __builtin_ctz(open) + 1;
      open &= open - 1;
      if (open == 0) break;
      const u128 c = counts_.completions(counts_.with_digit(p, d));
      if (rest < c) break;
      rest -= c;
    }
    p = counts_.with_digit(p, d);
    grid[static_cast<std::size_t>(cell)] = first[static_cast<std::size_t>(d - 1)];
  }
  if (rest != 0) throw std::logic_error("unrank: the completion counts do not add up");
  return grid;
}

const GridRanker& grid_ranker(Shape s) {
  static std::mutex mutex;
  static std::map<std::pair<int, int>, std::unique_ptr<GridRanker>> rankers;
  const std::lock_guard lock(mutex);
  auto& slot = rankers[{s.rows, s.cols}];
  // Built isolated: the first call may come from a task of the caller's own parallel loop (`grid
  // rank` ranks a batch on oneTBB) and holds the lock while the ranker's own parallel build runs;
  // waiting for that build, this thread must not take another task of the caller's loop, which
  // would ask for the lock again on the same thread (BandStackRanker and TwoBandRanker build in
  // parallel).
  if (!slot)
    oneapi::tbb::this_task_arena::isolate([&] {
      if (s == Shape{3, 3})
        slot = std::make_unique<BandStackRanker>();
      else if (s == Shape{4, 2} || s == Shape{2, 4})
        slot = std::make_unique<TwoBandRanker>(s);
      else if (s == Shape{5, 2} || s == Shape{2, 5})
        slot = std::make_unique<TwoStackRanker>(s);
      else
        slot = std::make_unique<PrefixRanker>(s);
    });
  return *slot;
}

}  // namespace gridenum
