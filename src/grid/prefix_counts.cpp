// The completion table of the rank / unrank descent (grid/prefix_counts.hpp; docs/grid-tools.md,
// "Rank and unrank"): counts of the completions of prefixes in reading order, keyed by their
// state up to permutations of the columns inside a stack and of the stacks.
#include "gridenum/grid/prefix_counts.hpp"

#include <cassert>
#include <stdexcept>
#include <utility>

namespace gridenum {

PrefixCounts::PrefixCounts(Shape s) : shape_(s) {
  if (s.n() > CellPrefix::kMaxN || s.rows > 6)
    throw std::invalid_argument("prefix counts: at most 12 digits and 6 stacks, got " + s.str());
  (void)completions(first_row());
}

CellPrefix PrefixCounts::first_row() const {
  CellPrefix p;
  for (int d = 1; d <= shape_.n(); ++d) p = with_digit(p, d);
  return p;
}

unsigned PrefixCounts::open_digits(const CellPrefix& p) const {
  const int n = shape_.n();
  if (p.cells == n * n) return 0;
  const int c = p.cells % n;
  return ((1u << n) - 1) & ~static_cast<unsigned>(p.col[static_cast<std::size_t>(c)] |
                                                  p.box[static_cast<std::size_t>(c / shape_.cols)] | p.row);
}

CellPrefix PrefixCounts::with_digit(const CellPrefix& p, int d) const {
  const int n = shape_.n();
  const int c = p.cells % n;
  const auto m = static_cast<std::uint16_t>(1u << (d - 1));
  assert((open_digits(p) & m) != 0);
  CellPrefix q = p;
  q.col[static_cast<std::size_t>(c)] |= m;
  q.box[static_cast<std::size_t>(c / shape_.cols)] |= m;
  q.row |= m;
  ++q.cells;
  if (q.cells % n == 0) {
    q.row = 0;                                                // a new row
    if ((q.cells / n) % shape_.rows == 0) q.box.fill(0);      // a new band: its boxes are empty
  }
  return q;
}

namespace {
// Insertion sort of a[from, to): the ranges are at most 7 long (std::sort on these partial
// ranges trips GCC 12's -Warray-bounds on its unrolled insertion step, a false positive).
template <class T, std::size_t K>
void sort_range(std::array<T, K>& a, std::size_t from, std::size_t to) {
  for (std::size_t i = from + 1; i < to; ++i)
    for (std::size_t j = i; j > from && a[j] < a[j - 1]; --j) std::swap(a[j], a[j - 1]);
}
}  // namespace

// The key: per stack its box mask, then its columns (mask, and bit 15 when the column is filled
// in the row being filled) sorted; the stacks sorted; then the row's mask and the cell count.
PrefixCounts::Key PrefixCounts::key(const CellPrefix& p) const {
  const int R = shape_.rows, C = shape_.cols, n = shape_.n();
  const int filled_in_row = p.cells % n;
  std::array<std::array<std::uint16_t, 7>, 6> stacks{};
  for (int j = 0; j < R; ++j) {
    auto& st = stacks[static_cast<std::size_t>(j)];
    st[0] = p.box[static_cast<std::size_t>(j)];
    for (int i = 0; i < C; ++i) {
      const int c = j * C + i;
      st[static_cast<std::size_t>(1 + i)] =
          static_cast<std::uint16_t>(p.col[static_cast<std::size_t>(c)] | (c < filled_in_row ? 0x8000u : 0u));
    }
    sort_range(st, 1, static_cast<std::size_t>(1 + C));
  }
  sort_range(stacks, 0, static_cast<std::size_t>(R));
  Key k{};
  std::size_t at = 0;
  for (int j = 0; j < R; ++j)
    for (int i = 0; i <= C; ++i) k[at++] = stacks[static_cast<std::size_t>(j)][static_cast<std::size_t>(i)];
  k[k.size() - 2] = p.row;
  k[k.size() - 1] = static_cast<std::uint16_t>(p.cells);
  return k;
}

std::size_t PrefixCounts::KeyHash::operator()(const Key& k) const {
  std::uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a over the 16-bit words
  for (std::uint16_t w : k) h = (h ^ w) * 0x100000001b3ull;
  return static_cast<std::size_t>(h ^ (h >> 29));
}

u128 PrefixCounts::completions(const CellPrefix& p) const {
  if (p.cells == shape_.cells()) return 1;
  const Key k = key(p);
  if (auto it = table_.find(k); it != table_.end()) return it->second;
  u128 sum = 0;
  for (unsigned open = open_digits(p); open != 0; open &= open - 1)
    sum = checked_add(sum, completions(with_digit(p, __builtin_ctz(open) + 1)));
  table_.emplace(k, sum);
  return sum;
}

}  // namespace gridenum
