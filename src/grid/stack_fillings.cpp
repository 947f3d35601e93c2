// The fillings of one stack numbered row by row (grid/stack_fillings.hpp; the derivation and the
// measurements are in docs/grid-tools.md, "10x10: rank through the two stacks").
//
// The data: a state is a tuple of C digit masks (10 bits each, C <= 5): the first half's
// footprints, or the second half's column sets. Its key packs the masks sorted (columns are
// interchangeable) into 50 bits and the position p above them:
//
//   key = p << 56 | m_(0) << 40 | m_(1) << 30 | m_(2) << 20 | m_(3) << 10 | m_(4),   m_(0) >= .. >= m_(4)
//
// The second half is counted forward from the last row over sorted tuples, as the footprint
// counter counts its halves (two_stack_split.cpp, part 2): a tuple's entry is the number of
// labelled fillings whose column sets sort to it, so one labelled tuple X has entry / |orbit of
// X| fillings (the orbit under column permutations has C! / prod mult! members, mult the
// multiplicities of equal sets; the division is exact, and asserted).
//
// Contracts (std::invalid_argument, std::out_of_range) guard what a caller passes in: row sets that
// are not a stack's, cells that are not a filling, an index past the count. Assertions guard what
// the memo promises (every footprint the descent meets was counted by the constructor), as
// everywhere in the project (docs/architecture.md).
#include "gridenum/grid/stack_fillings.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cassert>
#include <functional>
#include <stdexcept>
#include <utility>
#include <vector>

#include "gridenum/core/combinatorics.hpp"

namespace gridenum {

StackFillings::StackFillings(const std::uint16_t* row_sets, int c, const std::uint8_t* first) : c_(c), rows_(2 * c) {
  if (c < 2 || c > kMaxC) throw std::invalid_argument(fmt::format("StackFillings: 2 to {} columns, got {}", kMaxC, c));
  std::array<int, 16> rows_of{};
  for (int v = 0; v < rows_; ++v) {
    if (row_sets[v] >> rows_ != 0 || std::popcount(static_cast<unsigned>(row_sets[v])) != c)
      throw std::invalid_argument(fmt::format("StackFillings: row {} must hold {} of the digits 0 .. {}", v, c, rows_ - 1));
    for (unsigned m = row_sets[v]; m != 0; m &= m - 1) ++rows_of[static_cast<std::size_t>(std::countr_zero(m))];
  }
  for (int d = 0; d < rows_; ++d)
    if (rows_of[static_cast<std::size_t>(d)] != c)
      throw std::invalid_argument(fmt::format("StackFillings: digit {} is in {} rows, not {}", d, rows_of[static_cast<std::size_t>(d)], c));
  choose_order(row_sets);
  unsigned seen = 0;
  for (int i = 0; i < c; ++i) {
    const int d = first[i];
    if (d >= rows_ || (sets_[0] >> d & 1) == 0 || (seen >> d & 1) != 0)
      throw std::invalid_argument(fmt::format("StackFillings: row 0's digits must be its set's, each once (column {}, digit {})", i, d));
    seen |= 1u << d;
    first_[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(d);
  }
  for (int p = rows_ - 1; p >= 0; --p) open_[static_cast<std::size_t>(p)] = static_cast<std::uint16_t>(open_[static_cast<std::size_t>(p + 1)] | sets_[static_cast<std::size_t>(p)]);
  // The second half, from the last row up to position C: every tuple of column sets its rows can
  // fill, with the labelled fillings of its orbit.
  std::vector<std::pair<Masks, u128>> level = {{Masks{}, 1}};
  for (int p = rows_ - 1; p >= c_; --p) {
    std::pmr::unordered_map<std::uint64_t, std::pair<Masks, u128>, WordHash> next(&arena_);
    for (const auto& entry : level) {
      const Masks& sets = entry.first;  // not structured bindings: clang before 16 cannot capture them
      const u128 ways = entry.second;
      for_each_arrangement(p, sets, [&](const std::uint8_t* digits) {
        Masks to = sets;
        for (int i = 0; i < c_ && i < kMaxC; ++i) to[static_cast<std::size_t>(i)] = static_cast<std::uint16_t>(to[static_cast<std::size_t>(i)] | 1u << digits[i]);
        to = sorted(to);
        auto& slot = next[key(p, to)];
        slot.first = to;
        slot.second = checked_add(slot.second, ways);
        return true;
      });
    }
    level.clear();
    for (const auto& [k, entry] : next) {
      ways_.emplace(k, entry.second);
      level.push_back(entry);
    }
  }
  root_ = place(0, Masks{}, first_.data());
  count_ = first_half(1, root_);
}

// The row order (part 3 of two_stack_split.cpp's header): the states after a set P of rows number
// roughly prod over the digits d of C(C, j_d) / C!, j_d = d's rows in P, widest in the middle. The
// first half holds row 0 and one row of every other box (a box's two rows hold complementary
// sets, so every digit is then in j_d of the C rows, and C of the N digits at most can be closed);
// of the 2^(C-1) choices the one with the smallest product for the first half is taken (the first
// such in the order of the choice's bits), the rows by box in each half. It depends on the row
// sets alone, so rank and unrank number the fillings of a stack in the same order.
void StackFillings::choose_order(const std::uint16_t* row_sets) {
  std::uint64_t best = UINT64_MAX;
  unsigned best_choice = 0;
  for (unsigned choice = 0; choice < (1u << (c_ - 1)); ++choice) {
    std::array<int, 16> j{};
    for (int k = 0; k < c_; ++k) {
      const int v = 2 * k + (k > 0 ? static_cast<int>(choice >> (k - 1) & 1) : 0);
      for (unsigned m = row_sets[v]; m != 0; m &= m - 1) ++j[static_cast<std::size_t>(std::countr_zero(m))];
    }
    std::uint64_t product = 1;
    for (int d = 0; d < rows_; ++d) product *= binomial(c_, j[static_cast<std::size_t>(d)]);
    if (product < best) {
      best = product;
      best_choice = choice;
    }
  }
  for (int k = 0; k < c_; ++k) {
    const int top = 2 * k + (k > 0 ? static_cast<int>(best_choice >> (k - 1) & 1) : 0);
    order_[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(top);
    order_[static_cast<std::size_t>(c_ + k)] = static_cast<std::uint8_t>(top ^ 1);
  }
  for (int p = 0; p < rows_; ++p) sets_[static_cast<std::size_t>(p)] = row_sets[order_[static_cast<std::size_t>(p)]];
}

StackFillings::Masks StackFillings::place(int p, const Masks& footprints, const std::uint8_t* digits) const {
  Masks out{};
  const std::uint16_t open = open_[static_cast<std::size_t>(p + 1)];
  for (int i = 0; i < c_ && i < kMaxC; ++i)
    out[static_cast<std::size_t>(i)] = static_cast<std::uint16_t>((footprints[static_cast<std::size_t>(i)] | 1u << digits[i]) & open);
  return out;
}

// The five masks in decreasing order by a sorting network of nine comparators (Knuth, TAOCP vol.
// 3, 5.3.4: the fewest for five; checked on all 5^5 inputs of the values 0..4): std::sort took 7%
// of a 10x10 rank. The masks past column C - 1 are 0 and sort last.
StackFillings::Masks StackFillings::sorted(Masks m) {
  static_assert(kMaxC == 5);
  const auto cmp = [&m](int i, int j) {
    const std::uint16_t a = m[static_cast<std::size_t>(i)], b = m[static_cast<std::size_t>(j)];
    m[static_cast<std::size_t>(i)] = std::max(a, b);
    m[static_cast<std::size_t>(j)] = std::min(a, b);
  };
  cmp(0, 1), cmp(3, 4), cmp(2, 4), cmp(2, 3), cmp(0, 3), cmp(0, 2), cmp(1, 4), cmp(1, 3), cmp(1, 2);
  return m;
}

std::uint64_t StackFillings::key(int p, const Masks& masks) const {
  const Masks sorted = StackFillings::sorted(masks);
  std::uint64_t k = static_cast<std::uint64_t>(p) << 56;
  for (int i = 0; i < kMaxC; ++i) k |= static_cast<std::uint64_t>(sorted[static_cast<std::size_t>(i)]) << (10 * (kMaxC - 1 - i));
  return k;
}

// Column by column, the row's digits not yet used and not in the column's mask, in increasing
// order: the arrangements come out in lexicographic order.
template <class F>
void StackFillings::for_each_arrangement(int p, const Masks& taken, F&& f) const {
  std::uint8_t digits[kMaxC] = {};
  const auto rec = [&](const auto& self, int i, unsigned left) -> bool {
    if (i >= c_ || i >= kMaxC) return f(static_cast<const std::uint8_t*>(digits));
    for (unsigned o = left & ~static_cast<unsigned>(taken[static_cast<std::size_t>(i)]); o != 0; o &= o - 1) {
      const int d = std::countr_zero(o);
      digits[i] = static_cast<std::uint8_t>(d);
      if (!self(self, i + 1, left & ~(1u << d))) return false;
    }
    return true;
  };
  rec(rec, 0, sets_[static_cast<std::size_t>(p)]);
}

u128 StackFillings::second_half(int p, const Masks& sets) const {
  const Masks in_order = sorted(sets);
  const auto it = ways_.find(key(p, in_order));
  if (it == ways_.end()) return 0;  // no way to fill these column sets
  // The orbit of a labelled tuple: C! / prod over runs of equal sets of (run length)!.
  u128 orbit = factorial_u64(c_);
  for (int i = 0; i < c_ && i < kMaxC;) {
    int j = i;
    while (j < c_ && j < kMaxC && in_order[static_cast<std::size_t>(j)] == in_order[static_cast<std::size_t>(i)]) ++j;
    orbit /= factorial_u64(j - i);
    i = j;
  }
  assert(it->second % orbit == 0);
  return it->second / orbit;
}

// From the footprints T before position p, the rows from p on must give column i exactly the
// open digits it lacks: open_[p] \ T_i.
u128 StackFillings::completions(int p, const Masks& footprints) const {
  if (p == rows_) return 1;
  if (p < c_) {
    const auto it = memo_.find(key(p, footprints));
    assert(it != memo_.end());
    return it->second;
  }
  Masks lacks{};
  for (int i = 0; i < c_ && i < kMaxC; ++i)
    lacks[static_cast<std::size_t>(i)] = static_cast<std::uint16_t>(open_[static_cast<std::size_t>(p)] & ~footprints[static_cast<std::size_t>(i)]);
  return second_half(p, lacks);
}

u128 StackFillings::first_half(int p, const Masks& footprints) {
  const std::uint64_t k = key(p, footprints);
  if (const auto it = memo_.find(k); it != memo_.end()) return it->second;
  u128 sum = 0;
  for_each_arrangement(p, footprints, [&](const std::uint8_t* digits) {
    const Masks next = place(p, footprints, digits);
    sum = checked_add(sum, p + 1 < c_ ? first_half(p + 1, next) : completions(p + 1, next));
    return true;
  });
  memo_.emplace(k, sum);
  return sum;
}

u128 StackFillings::rank(const std::uint8_t* cells) const {
  if (!std::equal(first_.begin(), first_.begin() + c_, cells))
    throw std::invalid_argument("StackFillings::rank: row 0 is not the stack's fixed first row");
  Masks footprints = root_;
  u128 index = 0;
  for (int p = 1; p < rows_; ++p) {
    const int v = order_[static_cast<std::size_t>(p)];
    const std::uint8_t* row = cells + static_cast<std::ptrdiff_t>(v) * c_;
    unsigned used = 0;
    for (int i = 0; i < c_; ++i) {
      const int d = row[i];
      if (d >= rows_ || (sets_[static_cast<std::size_t>(p)] >> d & 1) == 0 || (used >> d & 1) != 0 ||
          (footprints[static_cast<std::size_t>(i)] >> d & 1) != 0)
        throw std::invalid_argument(fmt::format("StackFillings::rank: row {} is not an arrangement of its set that fits the rows "
                                                "before it (column {}, digit {})",
                                                v, i, d));
      used |= 1u << d;
    }
    for_each_arrangement(p, footprints, [&](const std::uint8_t* digits) {
      if (std::equal(digits, digits + c_, row)) return false;
      index = checked_add(index, completions(p + 1, place(p, footprints, digits)));
      return true;
    });
    footprints = place(p, footprints, row);
  }
  return index;
}

void StackFillings::unrank(u128 index, std::uint8_t* cells) const {
  if (index >= count_)
    throw std::out_of_range(fmt::format("StackFillings::unrank: index {} is out of range: the stack has {} fillings with its first row, 0 .. {}",
                                        to_string(index), to_string(count_), to_string(count_ - 1)));
  std::copy(first_.begin(), first_.begin() + c_, cells);
  Masks footprints = root_;
  for (int p = 1; p < rows_; ++p) {
    std::uint8_t* row = cells + static_cast<std::ptrdiff_t>(order_[static_cast<std::size_t>(p)]) * c_;
    bool found = false;
    for_each_arrangement(p, footprints, [&](const std::uint8_t* digits) {
      const u128 w = completions(p + 1, place(p, footprints, digits));
      if (index < w) {
        std::copy(digits, digits + c_, row);
        found = true;
        return false;
      }
      index -= w;
      return true;
    });
    if (!found) throw std::logic_error("StackFillings::unrank: the footprint counts do not add up");
    footprints = place(p, footprints, row);
  }
  if (index != 0) throw std::logic_error("StackFillings::unrank: the footprint counts do not add up");
}

}  // namespace gridenum
