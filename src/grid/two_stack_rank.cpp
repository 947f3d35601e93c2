// 10x10 rank and unrank through the two stacks (grid/two_stack_rank.hpp; the derivation and the
// measurements are in docs/grid-tools.md, "10x10: rank through the two stacks").
//
// Contracts (std::invalid_argument, std::out_of_range) guard what a caller passes in: a shape the
// ranker does not take, a grid that is not valid, a rank past the range. Assertions guard what the
// tables promise each other (every histogram the descent meets was summed by the start-up, a
// stack's index below its count), as everywhere in the project (docs/architecture.md).
#include "gridenum/grid/two_stack_rank.hpp"

#include <fmt/format.h>
#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>

#include <bit>
#include <cassert>
#include <stdexcept>

#include "gridenum/core/combinatorics.hpp"
#include "gridenum/core/hash.hpp"
#include "gridenum/count/method_id.hpp"
#include "gridenum/count/side2/side2.hpp"
#include "gridenum/grid/stack_fillings.hpp"

namespace gridenum {

namespace two_stack_rank {
namespace {

// The shape, once it is known to be one the ranker takes (checked before anything is built).
Shape checked_shape(Shape s) {
  const int c = s.rows == 2 ? s.cols : s.rows;
  if ((s.rows == 2 || s.cols == 2) && c >= 2 && c <= 5) return s;
  throw std::invalid_argument(fmt::format(
      "TwoStackRanker takes 2 x C and C x 2 box shapes with 2 <= C <= 5 (2x2, 2x3, 3x2, 2x4, 4x2, 2x5, 5x2); got {}", s.str()));
}

// A histogram's key from the digits' types: each digit adds one to its type's 4-bit count (at
// most N = 10 digits, so no count carries into the next).
u128 key_of_types(const std::uint8_t* types, int n) {
  u128 key = 0;
  for (int d = 0; d < n; ++d) key += u128{1} << (4 * types[d]);
  return key;
}

u128 key_of_histogram(const std::array<std::uint8_t, 32>& h) {
  u128 key = 0;
  for (int t = 0; t < 32; ++t) key |= static_cast<u128>(h[static_cast<std::size_t>(t)]) << (4 * t);
  return key;
}

}  // namespace
}  // namespace two_stack_rank

std::size_t TwoStackRanker::KeyHash::operator()(Key k) const {
  return static_cast<std::size_t>(splitmix64(static_cast<std::uint64_t>(k) ^ splitmix64(static_cast<std::uint64_t>(k >> 64))));
}

// ---------------------------------------------------------------------------------------------
// The start-up: F of every class, then the sums over the histograms, level by level.

TwoStackRanker::TwoStackRanker(Shape s) : GridRanker(two_stack_rank::checked_shape(s)) {
  c_ = s.rows == 2 ? s.cols : s.rows;
  transposed_ = s.rows != 2;
  const int n = 2 * c_;
  for (unsigned m = 0; m < (1u << n); ++m)
    if (std::popcount(m) == c_) sets_.push_back(static_cast<std::uint16_t>(m));
  // F of every class by the two-stack count's own generator and counter (count/side2/): the
  // structures' histograms are looked up in its class table.
  const TwoStackClasses classes(c_);
  const auto& list = classes.table().classes;
  class_f_.assign(list.size(), 0);
  oneapi::tbb::parallel_for(oneapi::tbb::blocked_range<std::size_t>(0, list.size(), 1), [&](const oneapi::tbb::blocked_range<std::size_t>& range) {
    for (std::size_t i = range.begin(); i != range.end(); ++i) class_f_[i] = side2_fillings(MethodId::TwoStack, list[i].representative);
  });
  classes_ = &classes;
  // The root: S_0 = {0..C-1} (the first row relabelled to 0..N-1), so C digits of type 1, C of 0.
  std::array<std::uint8_t, 32> root{};
  root[0] = static_cast<std::uint8_t>(c_);
  root[1] = static_cast<std::uint8_t>(c_);
  const u128 t1 = sum_after(0, root);
  classes_ = nullptr;
  class_f_ = {};
  set_normalised_total(t1);
}

// The sum of Q^2 over every choice of the sets after S_j, given the histogram h of the digits'
// types after S_0..S_j (types of j+1 bits). The next set takes a_t of the h[t] digits of each
// type t, sum a_t = C, in prod C(h[t], a_t) ways, all leading to the same histogram: the a_t
// digits become type t + 2^(j+1). Memoised per level; the last level's sum is Q^2 (Q memoised).
u128 TwoStackRanker::sum_after(int j, const std::array<std::uint8_t, 32>& h) {
  const Key key = two_stack_rank::key_of_histogram(h);
  if (j == c_ - 1) {
    auto it = q_.find(key);
    if (it == q_.end()) it = q_.emplace(key, q_of_histogram(h)).first;
    return checked_mul(it->second, it->second);
  }
  auto& table = sums_[static_cast<std::size_t>(j)];
  if (const auto it = table.find(key); it != table.end()) return it->second;
  u128 sum = 0;
  {
    const int types = 1 << (j + 1);
    std::array<std::uint8_t, 32> next = h;
    // Type by type, the number a taken from type t, `left` still to take, `ways` so far.
    const auto choose = [&](const auto& self, int t, int left, u128 ways) -> void {
      if (t == types) {
        if (left == 0) sum = checked_add(sum, checked_mul(ways, sum_after(j + 1, next)));
        return;
      }
      const int have = h[static_cast<std::size_t>(t)];
      for (int a = 0; a <= have && a <= left; ++a) {
        next[static_cast<std::size_t>(t)] = static_cast<std::uint8_t>(have - a);
        next[static_cast<std::size_t>(t + types)] = static_cast<std::uint8_t>(a);
        self(self, t + 1, left - a, checked_mul(ways, static_cast<u128>(binomial(have, a))));
      }
      next[static_cast<std::size_t>(t)] = static_cast<std::uint8_t>(have);
      next[static_cast<std::size_t>(t + types)] = 0;
    };
    choose(choose, 0, c_, 1);
  }
  assert(sum > 0);  // any C digits make a next set, and every structure has fillings (Hall)
  table.emplace(key, sum);
  return sum;
}

// A configuration with histogram h (digits given to the types in increasing order), its class in
// the two-stack count's table, and F / C! (exact: exchanging the stack's columns acts freely on
// its fillings).
u128 TwoStackRanker::q_of_histogram(const std::array<std::uint8_t, 32>& h) const {
  assert(classes_ != nullptr);
  Side2Config config;
  config.m = c_;
  int d = 0;
  for (int t = 0; t < (1 << c_); ++t)
    for (int i = 0; i < h[static_cast<std::size_t>(t)]; ++i, ++d)
      for (int k = 0; k < c_; ++k)
        if ((t >> k & 1) != 0) config.sets[static_cast<std::size_t>(k)] = static_cast<std::uint16_t>(config.sets[static_cast<std::size_t>(k)] | 1u << d);
  assert(d == 2 * c_);
  const u128 f = class_f_[classes_->class_of(config)];
  const auto c_factorial = static_cast<u128>(factorial_u64(c_));
  assert(f > 0 && f % c_factorial == 0);
  return f / c_factorial;
}

std::size_t TwoStackRanker::histograms(int j) const {
  if (j < 0 || j >= c_) throw std::out_of_range(fmt::format("histograms: level {} is not one of 0 .. {}", j, c_ - 1));
  return j == c_ - 1 ? q_.size() : sums_[static_cast<std::size_t>(j)].size();
}

u128 TwoStackRanker::sum_at(int j, Key key) const {
  if (j == c_ - 1) {
    const auto it = q_.find(key);
    assert(it != q_.end());
    return it->second * it->second;
  }
  const auto& table = sums_[static_cast<std::size_t>(j)];
  const auto it = table.find(key);
  assert(it != table.end());
  return it->second;
}

// ---------------------------------------------------------------------------------------------
// The whole rank: relabelling, structure, left stack, right stack.

TwoStackRanker::Cells TwoStackRanker::normalise(const GridCells& grid, std::vector<int>& first) const {
  const Shape s = shape();
  if (!is_valid_grid(s, grid)) throw std::invalid_argument("rank: not a valid " + s.str() + " grid");
  const GridCells base = transposed_ ? transpose_grid(s, grid) : grid;  // now 2 x C boxes
  const int n = s.n();
  first.assign(base.begin(), base.begin() + n);
  std::array<std::uint8_t, kMaxN + 1> label{};
  for (int c = 0; c < n; ++c) label[static_cast<std::size_t>(first[static_cast<std::size_t>(c)])] = static_cast<std::uint8_t>(c);
  Cells g{};
  for (int k = 0; k < n * n; ++k) g[static_cast<std::size_t>(k)] = label[static_cast<std::size_t>(base[static_cast<std::size_t>(k)])];
  return g;
}

// At each level j, every set of C digits below S_j adds the sum after the histogram it would
// make; then S_j's digits take bit j in their types. Every structure before S first differs from
// it at some level, with a smaller set there, so the sum counts exactly the structures before S
// (weighted by Q^2).
u128 TwoStackRanker::structure_prefix(const std::array<std::uint16_t, kMaxC>& sets, Key& whole) const {
  const int n = 2 * c_;
  std::uint8_t types[kMaxN], next[kMaxN];
  for (int d = 0; d < n; ++d) types[d] = static_cast<std::uint8_t>(sets[0] >> d & 1);
  u128 prefix = 0;
  for (int j = 1; j < c_; ++j) {
    for (const std::uint16_t m : sets_) {
      if (m >= sets[static_cast<std::size_t>(j)]) break;
      for (int d = 0; d < n; ++d) next[d] = static_cast<std::uint8_t>(types[d] | (m >> d & 1) << j);
      prefix = checked_add(prefix, sum_at(j, two_stack_rank::key_of_types(next, n)));
    }
    for (int d = 0; d < n; ++d) types[d] = static_cast<std::uint8_t>(types[d] | (sets[static_cast<std::size_t>(j)] >> d & 1) << j);
  }
  whole = two_stack_rank::key_of_types(types, n);
  return prefix;
}

// The two stacks of a normalised grid: row v's digits in the left (right) stack, and their sets.
struct TwoStackRanker::Stacks {
  std::array<std::uint16_t, kMaxN> left_sets{}, right_sets{};
  std::array<std::uint8_t, kMaxN * kMaxC> left{}, right{};  // [v * C + i]: row v, the stack's column i
};

TwoStackRanker::Stacks TwoStackRanker::stacks_of(const Cells& g) const {
  const int n = 2 * c_;
  Stacks s;
  for (int v = 0; v < n; ++v)
    for (int i = 0; i < c_; ++i) {
      const std::uint8_t a = g[static_cast<std::size_t>(v * n + i)], b = g[static_cast<std::size_t>(v * n + c_ + i)];
      s.left_sets[static_cast<std::size_t>(v)] = static_cast<std::uint16_t>(s.left_sets[static_cast<std::size_t>(v)] | 1u << a);
      s.right_sets[static_cast<std::size_t>(v)] = static_cast<std::uint16_t>(s.right_sets[static_cast<std::size_t>(v)] | 1u << b);
      s.left[static_cast<std::size_t>(v * c_ + i)] = a;
      s.right[static_cast<std::size_t>(v * c_ + i)] = b;
    }
  return s;
}

// The footprint counts of a stack must give the class table's Q: two counters of F that share
// no code (the stack's rows one at a time here; the count's split counter behind the table).
void TwoStackRanker::check_count(const StackFillings& stack, u128 q) {
  if (stack.count() != q)
    throw std::logic_error(fmt::format("TwoStackRanker: a stack's footprint count {} is not its class's F / C! = {}", to_string(stack.count()),
                                       to_string(q)));
}

u128 TwoStackRanker::rank(const GridCells& grid) const {
  std::vector<int> first;
  const Cells g = normalise(grid, first);
  const Stacks s = stacks_of(g);
  std::array<std::uint16_t, kMaxC> sets{};
  for (int k = 0; k < c_; ++k) sets[static_cast<std::size_t>(k)] = s.left_sets[static_cast<std::size_t>(2 * k)];
  Key whole = 0;
  const u128 prefix = structure_prefix(sets, whole);
  const auto it = q_.find(whole);
  assert(it != q_.end());
  const u128 q = it->second;
  // Row 0 reads 0 .. N-1: the left stack's first row is 0 .. C-1, the right's C .. 2C-1.
  const StackFillings left(s.left_sets.data(), c_, s.left.data()), right(s.right_sets.data(), c_, s.right.data());
  check_count(left, q);
  check_count(right, q);
  const u128 l = left.rank(s.left.data()), r = right.rank(s.right.data());
  assert(l < q && r < q);
  return permutation_index(first) * normalised_total() + prefix + l * q + r;
}

GridCells TwoStackRanker::unrank(u128 n_rank) const {
  check_rank(n_rank);
  const int n = 2 * c_;
  const std::vector<int> first = permutation_of_index(n, n_rank / normalised_total());
  u128 rest = n_rank % normalised_total();
  // The structure: at each level the first set whose sum the index does not pass.
  std::array<std::uint16_t, kMaxC> sets{};
  sets[0] = static_cast<std::uint16_t>((1u << c_) - 1);
  std::uint8_t types[kMaxN], next[kMaxN];
  for (int d = 0; d < n; ++d) types[d] = static_cast<std::uint8_t>(sets[0] >> d & 1);
  for (int j = 1; j < c_; ++j) {
    bool found = false;
    for (const std::uint16_t m : sets_) {
      for (int d = 0; d < n; ++d) next[d] = static_cast<std::uint8_t>(types[d] | (m >> d & 1) << j);
      const u128 w = sum_at(j, two_stack_rank::key_of_types(next, n));
      if (rest < w) {
        sets[static_cast<std::size_t>(j)] = m;
        found = true;
        break;
      }
      rest -= w;
    }
    if (!found) throw std::logic_error("unrank: the structure sums do not add up");
    std::copy(next, next + n, types);
  }
  const auto it = q_.find(two_stack_rank::key_of_types(types, n));
  assert(it != q_.end());
  const u128 q = it->second;
  const u128 l = rest / q, r = rest % q;
  if (l >= q) throw std::logic_error("unrank: the structure sums do not add up");
  // The stacks' row sets: box k's top row (grid row 2k) S_k on the left and its complement on the
  // right, the bottom row the other way round.
  const auto all = static_cast<std::uint16_t>((1u << n) - 1);
  Stacks s;
  for (int k = 0; k < c_; ++k) {
    const std::uint16_t set = sets[static_cast<std::size_t>(k)];
    s.left_sets[static_cast<std::size_t>(2 * k)] = set;
    s.left_sets[static_cast<std::size_t>(2 * k + 1)] = static_cast<std::uint16_t>(all ^ set);
    s.right_sets[static_cast<std::size_t>(2 * k)] = static_cast<std::uint16_t>(all ^ set);
    s.right_sets[static_cast<std::size_t>(2 * k + 1)] = set;
  }
  for (int i = 0; i < c_; ++i) {
    s.left[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i);
    s.right[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(c_ + i);
  }
  const StackFillings left(s.left_sets.data(), c_, s.left.data()), right(s.right_sets.data(), c_, s.right.data());
  check_count(left, q);
  check_count(right, q);
  left.unrank(l, s.left.data());
  right.unrank(r, s.right.data());
  GridCells base(static_cast<std::size_t>(n * n));
  for (int v = 0; v < n; ++v)
    for (int i = 0; i < c_; ++i) {
      base[static_cast<std::size_t>(v * n + i)] = first[s.left[static_cast<std::size_t>(v * c_ + i)]];
      base[static_cast<std::size_t>(v * n + c_ + i)] = first[s.right[static_cast<std::size_t>(v * c_ + i)]];
    }
  GridCells grid = transposed_ ? transpose_grid(Shape{2, c_}, base) : std::move(base);
  if (!is_valid_grid(shape(), grid)) throw std::logic_error("unrank: the " + shape().str() + " grid built is not valid");
  return grid;
}

}  // namespace gridenum
