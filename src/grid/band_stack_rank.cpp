// 9x9 rank and unrank through bands and stacks (grid/band_stack_rank.hpp; the derivation and
// the measurements are in docs/grid-tools.md, "9x9: rank through bands and stacks").
//
// Contracts (std::invalid_argument, std::out_of_range) guard what a caller passes in: a grid or
// band that is not valid, an index past the range. Assertions guard what the tables promise each
// other (a lower rank inside its band's completions, a split that exists), as everywhere in the
// project (docs/architecture.md).
#include "gridenum/grid/band_stack_rank.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cassert>
#include <stdexcept>

#include <oneapi/tbb/concurrent_unordered_map.h>
#include <oneapi/tbb/parallel_for.h>

namespace gridenum {

namespace band_stack {
namespace {

constexpr Digits9 kAllDigits = 0x1FF;

// The 6 permutations of 0, 1, 2 in lexicographic order. A column (or box row) in order p holds
// its sorted digits in the order kPerm3[p][0], kPerm3[p][1], kPerm3[p][2].
constexpr std::uint8_t kPerm3[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

// Tables built once: the order p with kPerm3[p] = (a, b, c) (code a*9 + b*3 + c, -1 if not a
// permutation); norm[p0][p], the order p becomes when every row is renamed so that order p0
// becomes 0,1,2 (kPerm3[norm] = kPerm3[p] after the inverse of kPerm3[p0]); and the action of
// the 1,296 stack and column permutations on the 27 cells (i, j, k) of the digit tensor.
struct Tables {
  std::array<int, 27> perm_of_code{};
  std::array<std::array<std::uint8_t, 6>, 6> norm{};
  std::array<std::array<std::uint8_t, 27>, 1296> cell_image{};

  Tables() {
    perm_of_code.fill(-1);
    for (int p = 0; p < 6; ++p) perm_of_code[static_cast<std::size_t>(kPerm3[p][0] * 9 + kPerm3[p][1] * 3 + kPerm3[p][2])] = p;
    for (int p0 = 0; p0 < 6; ++p0) {
      int inverse[3];
      for (int r = 0; r < 3; ++r) inverse[kPerm3[p0][r]] = r;
      for (int p = 0; p < 6; ++p) {
        const int code = kPerm3[p][inverse[0]] * 9 + kPerm3[p][inverse[1]] * 3 + kPerm3[p][inverse[2]];
        norm[static_cast<std::size_t>(p0)][static_cast<std::size_t>(p)] = static_cast<std::uint8_t>(perm_of_code[static_cast<std::size_t>(code)]);
      }
    }
    // Element g = sigma * 216 + phi0 * 36 + phi1 * 6 + phi2: stack s goes to stack
    // kPerm3[sigma][s], its column c to column kPerm3[phi_s][c] there.
    for (int g = 0; g < 1296; ++g) {
      const int sigma = g / 216, phi[3] = {g / 36 % 6, g / 6 % 6, g % 6};
      for (int cell = 0; cell < 27; ++cell) {
        const int c[3] = {cell / 9, cell / 3 % 3, cell % 3};
        int image[3];
        for (int s = 0; s < 3; ++s) image[kPerm3[sigma][s]] = kPerm3[phi[s]][c[s]];
        cell_image[static_cast<std::size_t>(g)][static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(image[0] * 9 + image[1] * 3 + image[2]);
      }
    }
  }
};

const Tables& tables() {
  static const Tables t;
  return t;
}

// The order (0..5) in which `placed` holds the three digits of `sorted`, -1 if it does not.
int order_of(const std::array<std::uint8_t, 3>& sorted, const std::uint8_t placed[3]) {
  int code = 0;
  for (int r = 0; r < 3; ++r) {
    const auto at = std::find(sorted.begin(), sorted.end(), placed[r]);
    if (at == sorted.end()) return -1;
    code = code * 3 + static_cast<int>(at - sorted.begin());
  }
  return tables().perm_of_code[static_cast<std::size_t>(code)];
}

std::array<std::uint8_t, 3> digits_of(Digits9 m) {
  assert(std::popcount(static_cast<unsigned>(m)) == 3);
  std::array<std::uint8_t, 3> out{};
  for (int i = 0; i < 3; ++i) {
    out[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(std::countr_zero(static_cast<unsigned>(m)));
    m = static_cast<Digits9>(m & (m - 1));
  }
  return out;
}

// The digit tensor of nine column sets (three per stack): cell (i, j, k) counts the digits in
// column i of stack 0, column j of stack 1 and column k of stack 2; packed 2 bits a cell, cell 0
// most significant, so that comparing keys compares tensors lexicographically. A band's
// arrangement count, and the completions of a top band, depend on its column sets only through
// this tensor (digits in one cell are interchangeable by a relabelling). Each digit adds one to
// its cell; a cell holds at most 3, so the sum never carries.
std::uint64_t cell_bit(int cell) { return std::uint64_t{1} << (2 * (26 - cell)); }

std::uint64_t tensor_key(const std::array<Digits9, 9>& x) {
  std::array<int, 9> cell{};
  for (int s = 0, weight = 9; s < 3; ++s, weight /= 3)
    for (int i = 0; i < 3; ++i)
      for (unsigned m = x[static_cast<std::size_t>(3 * s + i)]; m != 0; m &= m - 1)
        cell[static_cast<std::size_t>(std::countr_zero(m))] += i * weight;
  std::uint64_t key = 0;
  for (int d = 0; d < 9; ++d) key += cell_bit(cell[static_cast<std::size_t>(d)]);
  return key;
}

int tensor_cell(std::uint64_t key, int cell) { return static_cast<int>(key >> (2 * (26 - cell)) & 3); }

// The cell (i, j, k) of digit d in nine column sets.
int cell_of_digit(const std::array<Digits9, 9>& x, int d) {
  int c[3] = {0, 0, 0};
  for (int s = 0; s < 3; ++s)
    for (int i = 0; i < 3; ++i)
      if (x[static_cast<std::size_t>(3 * s + i)] >> d & 1) c[s] = i;
  return c[0] * 9 + c[1] * 3 + c[2];
}

// Box 1's rows when it reads 0..8, the 56 splits of box 2's rows beside them, and the top band
// a (split, box-2 row orders, box-3 row orders) index names.
const std::vector<std::array<Digits9, 3>>& top_splits() {
  static const auto splits = digit_splits(0x007, 0x038, 0x1C0);
  return splits;
}

constexpr std::uint32_t kBands = 56 * 46656;  // 2,612,736 top bands with box 1 fixed
constexpr std::uint32_t kSplitTriples = 56 * 56 * 56;

}  // namespace
}  // namespace band_stack

using namespace band_stack;

// ---------------------------------------------------------------------------------------------
// Splits.

std::vector<std::array<Digits9, 3>> digit_splits(Digits9 xa, Digits9 xb, Digits9 xc) {
  if (std::popcount(static_cast<unsigned>(xa)) != 3 || std::popcount(static_cast<unsigned>(xb)) != 3 ||
      std::popcount(static_cast<unsigned>(xc)) != 3 || (xa | xb | xc) != kAllDigits)
    throw std::invalid_argument("digit_splits: the three sets must be 3-sets partitioning the nine digits");
  std::vector<std::array<Digits9, 3>> out;
  for (unsigned ma = 0; ma <= kAllDigits; ++ma) {
    if (std::popcount(ma) != 3 || (ma & xa) != 0) continue;
    for (unsigned mb = 0; mb <= kAllDigits; ++mb) {
      if (std::popcount(mb) != 3 || (mb & xb) != 0 || (mb & ma) != 0) continue;
      const unsigned mc = kAllDigits ^ ma ^ mb;
      if ((mc & xc) != 0) continue;
      out.push_back({static_cast<Digits9>(ma), static_cast<Digits9>(mb), static_cast<Digits9>(mc)});
    }
  }
  // Each digit is missing from two of the three sets x and goes to the m of one of them: three
  // digits per pair, i of one pair's to m_a, and sum over i of C(3, i)^3 = 56.
  assert(out.size() == 56);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Arrangements of a band with given column sets.

BandArrangements::BandArrangements(const std::array<Digits9, 9>& columns) : columns_(columns) {
  for (int s = 0; s < 3; ++s) {
    const Digits9 a = columns[static_cast<std::size_t>(3 * s)], b = columns[static_cast<std::size_t>(3 * s + 1)],
                    c = columns[static_cast<std::size_t>(3 * s + 2)];
    if (std::popcount(static_cast<unsigned>(a)) != 3 || std::popcount(static_cast<unsigned>(b)) != 3 ||
        std::popcount(static_cast<unsigned>(c)) != 3 || (a | b | c) != kAllDigits)
      throw std::invalid_argument(fmt::format("BandArrangements: the column sets of stack {} must be 3-sets partitioning the nine digits", s + 1));
  }
  for (int c = 0; c < 9; ++c) sorted_[static_cast<std::size_t>(c)] = digits_of(columns[static_cast<std::size_t>(c)]);
  for (int s = 0; s < 3; ++s)
    for (int a = 0; a < 216; ++a) {
      const int p[3] = {a / 36, a / 6 % 6, a % 6};
      for (int r = 0; r < 3; ++r) {
        Digits9 m = 0;
        for (int i = 0; i < 3; ++i)
          m = static_cast<Digits9>(m | 1u << sorted_[static_cast<std::size_t>(3 * s + i)][kPerm3[p[i]][r]]);
        row_masks_[static_cast<std::size_t>(s)][static_cast<std::size_t>(a)][static_cast<std::size_t>(r)] = m;
      }
    }
  for (int a1 = 0; a1 < 216; ++a1)
    for (int r = 0; r < 3; ++r)
      for (unsigned m = row_masks_[1][static_cast<std::size_t>(a1)][static_cast<std::size_t>(r)]; m != 0; m &= m - 1)
        places_[static_cast<std::size_t>(r)][static_cast<std::size_t>(std::countr_zero(m))][static_cast<std::size_t>(a1 / 64)] |= std::uint64_t{1} << (a1 % 64);
  std::uint32_t sum = 0;
  for (int j = 0; j < 36; ++j) {
    std::uint32_t n = 0;
    for_each_partner(j, [&](int) {
      ++n;
      return true;
    });
    count36_[static_cast<std::size_t>(j)] = n;
    sum += n;
  }
  total_ = 6 * sum;
}

// Stacks 0 and 1 in arrangements a0 and a1 (no row clash) leave each row three digits, which
// stack 2 must hold; it can exactly when each of its columns meets each row's three (a column has
// three digits, so it then meets each in one).
bool BandArrangements::completes(int a0, int a1) const {
  const auto& m0 = row_masks_[0][static_cast<std::size_t>(a0)];
  const auto& m1 = row_masks_[1][static_cast<std::size_t>(a1)];
  for (int r = 0; r < 3; ++r) {
    const unsigned need = kAllDigits ^ (m0[static_cast<std::size_t>(r)] | m1[static_cast<std::size_t>(r)]);
    if ((columns_[6] & need) == 0 || (columns_[7] & need) == 0 || (columns_[8] & need) == 0) return false;
  }
  return true;
}

template <class F>
void BandArrangements::for_each_partner(int a0, F&& f) const {
  A1Set free = {~std::uint64_t{0}, ~std::uint64_t{0}, ~std::uint64_t{0}, (std::uint64_t{1} << (216 - 192)) - 1};
  for (int r = 0; r < 3; ++r)
    for (unsigned m = row_masks_[0][static_cast<std::size_t>(a0)][static_cast<std::size_t>(r)]; m != 0; m &= m - 1) {
      const A1Set& clash = places_[static_cast<std::size_t>(r)][static_cast<std::size_t>(std::countr_zero(m))];
      for (int w = 0; w < 4; ++w) free[static_cast<std::size_t>(w)] &= ~clash[static_cast<std::size_t>(w)];
    }
  for (int w = 0; w < 4; ++w)
    for (std::uint64_t bits = free[static_cast<std::size_t>(w)]; bits != 0; bits &= bits - 1) {
      const int a1 = 64 * w + std::countr_zero(bits);
      if (completes(a0, a1) && !f(a1)) return;
    }
}

std::uint32_t BandArrangements::count_of(int a0) const {
  const auto& norm = tables().norm[static_cast<std::size_t>(a0 / 36)];
  return count36_[static_cast<std::size_t>(norm[static_cast<std::size_t>(a0 / 6 % 6)] * 6 + norm[static_cast<std::size_t>(a0 % 6)])];
}

std::uint32_t BandArrangements::rank(const BandRows& band) const {
  int order[9];
  for (int c = 0; c < 9; ++c) {
    const std::uint8_t placed[3] = {band[static_cast<std::size_t>(c)], band[static_cast<std::size_t>(9 + c)], band[static_cast<std::size_t>(18 + c)]};
    order[c] = order_of(sorted_[static_cast<std::size_t>(c)], placed);
    if (order[c] < 0) throw std::invalid_argument(fmt::format("BandArrangements::rank: column {} does not hold its digit set", c + 1));
  }
  for (int r = 0; r < 3; ++r) {
    unsigned row = 0;
    for (int c = 0; c < 9; ++c) row |= 1u << band[static_cast<std::size_t>(9 * r + c)];
    if (row != kAllDigits) throw std::invalid_argument(fmt::format("BandArrangements::rank: row {} repeats a digit", r + 1));
  }
  const int a0 = order[0] * 36 + order[1] * 6 + order[2], a1 = order[3] * 36 + order[4] * 6 + order[5];
  std::uint32_t index = static_cast<std::uint32_t>(order[0]) * (total_ / 6);
  for (int a = order[0] * 36; a < a0; ++a) index += count_of(a);
  bool found = false;
  for_each_partner(a0, [&](int a) {
    if (a == a1) found = true;
    if (a >= a1) return false;
    ++index;
    return true;
  });
  assert(found && index < total_);
  (void)found;
  return index;
}

BandRows BandArrangements::unrank(std::uint32_t index) const {
  if (index >= total_)
    throw std::out_of_range(fmt::format("BandArrangements::unrank: index {} is past the {} arrangements", index, total_));
  // Rows renamed together keep a band valid, so the 36 arrangements of stack 0 that share
  // column 0's order have total / 6 completions between them.
  const std::uint32_t block = total_ / 6;
  const int p0 = static_cast<int>(index / block);
  std::uint32_t rest = index % block;
  int a0 = p0 * 36;
  for (;; ++a0) {
    const std::uint32_t n = count_of(a0);
    if (rest < n) break;
    rest -= n;
  }
  int a1 = -1;
  for_each_partner(a0, [&](int a) {
    if (rest == 0) {
      a1 = a;
      return false;
    }
    --rest;
    return true;
  });
  assert(a1 >= 0);
  BandRows band{};
  const int order[6] = {a0 / 36, a0 / 6 % 6, a0 % 6, a1 / 36, a1 / 6 % 6, a1 % 6};
  for (int c = 0; c < 6; ++c)
    for (int r = 0; r < 3; ++r)
      band[static_cast<std::size_t>(9 * r + c)] = sorted_[static_cast<std::size_t>(c)][kPerm3[order[c]][r]];
  for (int r = 0; r < 3; ++r) {
    const unsigned need = kAllDigits ^ (row_masks_[0][static_cast<std::size_t>(a0)][static_cast<std::size_t>(r)] |
                                        row_masks_[1][static_cast<std::size_t>(a1)][static_cast<std::size_t>(r)]);
    for (int c = 6; c < 9; ++c)
      band[static_cast<std::size_t>(9 * r + c)] = static_cast<std::uint8_t>(std::countr_zero(columns_[static_cast<std::size_t>(c)] & need));
  }
  return band;
}

// ---------------------------------------------------------------------------------------------
// The top band's index: (split of box 2's rows) * 6^6 + (box 2's row orders) * 216 + (box 3's).

std::uint32_t BandStackRanker::band_index(const BandRows& band) {
  for (int i = 0; i < 9; ++i)
    if (band[static_cast<std::size_t>(i / 3 * 9 + i % 3)] != i) throw std::invalid_argument("band_index: box 1 must read 0..8");
  std::array<Digits9, 3> box2{};
  for (int r = 0; r < 3; ++r)
    for (int c = 3; c < 6; ++c) box2[static_cast<std::size_t>(r)] = static_cast<Digits9>(box2[static_cast<std::size_t>(r)] | 1u << band[static_cast<std::size_t>(9 * r + c)]);
  const auto& splits = top_splits();
  const auto at = std::find(splits.begin(), splits.end(), box2);
  if (at == splits.end()) throw std::invalid_argument("band_index: not a valid band");
  std::uint32_t index = static_cast<std::uint32_t>(at - splits.begin());
  for (int box = 1; box < 3; ++box)
    for (int r = 0; r < 3; ++r) {
      const Digits9 row_set = box == 1 ? box2[static_cast<std::size_t>(r)]
                                         : static_cast<Digits9>(kAllDigits ^ (0x7u << (3 * r)) ^ box2[static_cast<std::size_t>(r)]);
      const std::uint8_t* placed = &band[static_cast<std::size_t>(9 * r + 3 * box)];
      const int p = order_of(digits_of(row_set), placed);
      if (p < 0) throw std::invalid_argument("band_index: not a valid band");
      index = index * 6 + static_cast<std::uint32_t>(p);
    }
  return index;
}

BandRows BandStackRanker::band_of_index(std::uint32_t index) {
  if (index >= kBands) throw std::out_of_range(fmt::format("band_of_index: {} is past the {} bands", index, kBands));
  BandRows band{};
  const auto& split = top_splits()[index / 46656];
  std::uint32_t orders = index % 46656;
  for (int box = 2; box >= 1; --box)
    for (int r = 2; r >= 0; --r) {
      const int p = static_cast<int>(orders % 6);
      orders /= 6;
      const Digits9 row_set = box == 1 ? split[static_cast<std::size_t>(r)]
                                         : static_cast<Digits9>(kAllDigits ^ (0x7u << (3 * r)) ^ split[static_cast<std::size_t>(r)]);
      const auto digits = digits_of(row_set);
      for (int q = 0; q < 3; ++q) band[static_cast<std::size_t>(9 * r + 3 * box + q)] = digits[kPerm3[p][q]];
    }
  for (int i = 0; i < 9; ++i) band[static_cast<std::size_t>(i / 3 * 9 + i % 3)] = static_cast<std::uint8_t>(i);
  return band;
}

// ---------------------------------------------------------------------------------------------
// The tables.

namespace {
// The column digit sets of three rows.
std::array<Digits9, 9> column_sets(const std::uint8_t* rows) {
  std::array<Digits9, 9> x{};
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 9; ++c) x[static_cast<std::size_t>(c)] = static_cast<Digits9>(x[static_cast<std::size_t>(c)] | 1u << rows[9 * r + c]);
  return x;
}

// The least image of a raw tensor under the 1,296 stack and column permutations, and the first
// element reaching it (tau's). Only the (at most 9) non-empty cells move.
std::pair<std::uint64_t, int> canonical_tensor(std::uint64_t key) {
  const Tables& t = tables();
  std::array<std::pair<int, std::uint64_t>, 9> filled{};
  int cells = 0;
  for (int cell = 0; cell < 27; ++cell)
    if (const int n = tensor_cell(key, cell); n > 0) filled[static_cast<std::size_t>(cells++)] = {cell, static_cast<std::uint64_t>(n)};
  std::uint64_t best = ~std::uint64_t{0};
  int best_g = 0;
  for (int g = 0; g < 1296; ++g) {
    const auto& image = t.cell_image[static_cast<std::size_t>(g)];
    std::uint64_t k = 0;
    for (int i = 0; i < cells; ++i)
      k += filled[static_cast<std::size_t>(i)].second * cell_bit(image[static_cast<std::size_t>(filled[static_cast<std::size_t>(i)].first)]);
    if (k < best) best = k, best_g = g;
  }
  return {best, best_g};
}

}  // namespace

// Start-up in three passes: (1) every top band's column-set tensor, its canonical form and so its
// class (44 of them, from 22,620 raw tensors); (2) each class's table of the lower six rows, the
// classes in parallel (oneTBB), with one cache of arrangement counts by tensor; (3) the
// prefix sums over the 2,612,736 band indices.
BandStackRanker::BandStackRanker() : GridRanker(Shape{3, 3}) {
  std::vector<std::uint8_t> class_of_band(kBands);
  std::unordered_map<std::uint64_t, std::uint16_t, TensorKeyHash> class_of_canonical;
  for (std::uint32_t b = 0; b < kBands; ++b) {
    const BandRows band = band_of_index(b);
    const std::uint64_t key = tensor_key(column_sets(band.data()));
    auto it = tensor_class_.find(key);
    if (it == tensor_class_.end()) {
      const auto [canonical, element] = canonical_tensor(key);
      auto [slot, fresh] = class_of_canonical.emplace(canonical, static_cast<std::uint16_t>(classes_.size()));
      if (fresh) {
        // X*: the digits of the canonical tensor given out cell by cell in order.
        LowerClass c;
        int next = 0;
        for (int cell = 0; cell < 27; ++cell)
          for (int n = tensor_cell(canonical, cell); n > 0; --n, ++next) {
            const int ijk[3] = {cell / 9, cell / 3 % 3, cell % 3};
            for (int s = 0; s < 3; ++s)
              c.columns[static_cast<std::size_t>(3 * s + ijk[s])] = static_cast<Digits9>(c.columns[static_cast<std::size_t>(3 * s + ijk[s])] | 1u << next);
          }
        assert(next == 9 && tensor_key(c.columns) == canonical);
        classes_.push_back(std::move(c));
      }
      it = tensor_class_.emplace(key, TensorClass{slot->second, static_cast<std::uint16_t>(element)}).first;
    }
    class_of_band[b] = static_cast<std::uint8_t>(it->second.lower_class);
  }
  if (classes_.size() > 255) throw std::logic_error("BandStackRanker: more column-set classes than a byte holds");

  // Arrangement counts by tensor, shared by the classes (two threads that meet a new tensor at
  // once both count it, and store the same number), with a direct-mapped cache per class in front
  // (a look-up in oneTBB's map cost a third of the start-up; docs/grid-tools.md).
  oneapi::tbb::concurrent_unordered_map<std::uint64_t, std::uint32_t, TensorKeyHash> arrangements;
  oneapi::tbb::parallel_for(std::size_t{0}, classes_.size(), [&](std::size_t index) {
    LowerClass& c = classes_[index];
    constexpr std::size_t kSlots = 1 << 14;
    std::vector<std::pair<std::uint64_t, std::uint32_t>> cache(kSlots, {~std::uint64_t{0}, 0});
    const auto arrangement_count = [&](const std::array<Digits9, 9>& y) {
      const std::uint64_t key = tensor_key(y);
      auto& slot = cache[TensorKeyHash{}(key) & (kSlots - 1)];
      if (slot.first == key) return slot.second;
      const auto it = arrangements.find(key);
      const std::uint32_t n = it != arrangements.end() ? it->second : BandArrangements(y).count();
      if (it == arrangements.end()) arrangements.emplace(key, n);
      slot = {key, n};
      return n;
    };
    for (int s = 0; s < 3; ++s)
      c.splits[static_cast<std::size_t>(s)] = digit_splits(c.columns[static_cast<std::size_t>(3 * s)], c.columns[static_cast<std::size_t>(3 * s + 1)],
                                                           c.columns[static_cast<std::size_t>(3 * s + 2)]);
    // The lower six rows: each stack's split of its column digits between the middle and bottom
    // boxes, then the two bands' arrangements, which are independent.
    c.prefix.assign(kSplitTriples + 1, 0);
    std::uint32_t triple = 0;
    for (const auto& s0 : c.splits[0])
      for (const auto& s1 : c.splits[1])
        for (const auto& s2 : c.splits[2]) {
          std::array<Digits9, 9> mid{}, bot{};
          const std::array<Digits9, 3>* split[3] = {&s0, &s1, &s2};
          for (int col = 0; col < 9; ++col) {
            mid[static_cast<std::size_t>(col)] = (*split[col / 3])[static_cast<std::size_t>(col % 3)];
            bot[static_cast<std::size_t>(col)] = static_cast<Digits9>(kAllDigits ^ c.columns[static_cast<std::size_t>(col)] ^ mid[static_cast<std::size_t>(col)]);
          }
          const std::uint64_t n = std::uint64_t{arrangement_count(mid)} * arrangement_count(bot);
          c.prefix[triple + 1] = c.prefix[triple] + n;
          ++triple;
        }
  });

  offsets_.assign(kBands + 1, 0);
  for (std::uint32_t b = 0; b < kBands; ++b) offsets_[b + 1] = offsets_[b] + classes_[class_of_band[b]].completions();
  set_normalised_total(offsets_.back());
}

std::uint64_t BandStackRanker::band_completions(std::uint32_t band) const {
  if (band >= kBands) throw std::out_of_range(fmt::format("band_completions: {} is past the {} bands", band, kBands));
  return offsets_[band + 1] - offsets_[band];
}

BandStackRanker::Tau BandStackRanker::tau_of(const std::array<Digits9, 9>& columns) const {
  const auto it = tensor_class_.find(tensor_key(columns));
  if (it == tensor_class_.end()) throw std::logic_error("BandStackRanker: a top band's column sets are not in the tables");
  const int g = it->second.element;
  const auto& image = tables().cell_image[static_cast<std::size_t>(g)];
  Tau tau;
  tau.lower = &classes_[it->second.lower_class];
  const int sigma = g / 216, phi[3] = {g / 36 % 6, g / 6 % 6, g % 6};
  for (int s = 0; s < 3; ++s)
    for (int c = 0; c < 3; ++c) tau.column[static_cast<std::size_t>(3 * s + c)] = static_cast<std::uint8_t>(3 * kPerm3[sigma][s] + kPerm3[phi[s]][c]);
  // Digit d of old cell k becomes the next unused digit of new cell image[k] in X*, which gives
  // cell n the digits first[n] .. first[n + 1] - 1.
  const std::uint64_t key = tensor_key(tau.lower->columns);
  std::array<int, 28> first{};
  for (int cell = 0; cell < 27; ++cell) first[static_cast<std::size_t>(cell + 1)] = first[static_cast<std::size_t>(cell)] + tensor_cell(key, cell);
  for (int d = 0; d < 9; ++d) {
    const int cell = image[static_cast<std::size_t>(cell_of_digit(columns, d))];
    tau.digit[static_cast<std::size_t>(d)] = static_cast<std::uint8_t>(first[static_cast<std::size_t>(cell)]++);
  }
  return tau;
}

// ---------------------------------------------------------------------------------------------
// The lower six rows of a completion of X*: (split triple, middle band's arrangement, bottom's).

std::uint64_t BandStackRanker::rank_lower(const LowerClass& c, const std::array<std::uint8_t, 54>& lower) const {
  std::array<Digits9, 9> mid = column_sets(lower.data()), bot = column_sets(lower.data() + 27);
  std::uint32_t triple = 0;
  for (int s = 0; s < 3; ++s) {
    const std::array<Digits9, 3> m = {mid[static_cast<std::size_t>(3 * s)], mid[static_cast<std::size_t>(3 * s + 1)], mid[static_cast<std::size_t>(3 * s + 2)]};
    const auto& splits = c.splits[static_cast<std::size_t>(s)];
    const auto at = std::find(splits.begin(), splits.end(), m);
    assert(at != splits.end());
    triple = triple * 56 + static_cast<std::uint32_t>(at - splits.begin());
  }
  const BandArrangements middle(mid), bottom(bot);
  BandRows rows_mid{}, rows_bot{};
  std::copy(lower.begin(), lower.begin() + 27, rows_mid.begin());
  std::copy(lower.begin() + 27, lower.end(), rows_bot.begin());
  const std::uint64_t index = c.prefix[triple] + std::uint64_t{middle.rank(rows_mid)} * bottom.count() + bottom.rank(rows_bot);
  assert(index < c.prefix[triple + 1]);
  return index;
}

std::array<std::uint8_t, 54> BandStackRanker::unrank_lower(const LowerClass& c, std::uint64_t index) const {
  assert(index < c.completions());
  const auto triple = static_cast<std::uint32_t>(std::upper_bound(c.prefix.begin(), c.prefix.end(), index) - c.prefix.begin() - 1);
  std::uint64_t rest = index - c.prefix[triple];
  const std::uint32_t s[3] = {triple / 3136, triple / 56 % 56, triple % 56};
  std::array<Digits9, 9> mid{}, bot{};
  for (int col = 0; col < 9; ++col) {
    mid[static_cast<std::size_t>(col)] = c.splits[static_cast<std::size_t>(col / 3)][s[col / 3]][static_cast<std::size_t>(col % 3)];
    bot[static_cast<std::size_t>(col)] = static_cast<Digits9>(kAllDigits ^ c.columns[static_cast<std::size_t>(col)] ^ mid[static_cast<std::size_t>(col)]);
  }
  const BandArrangements middle(mid), bottom(bot);
  const BandRows rows_mid = middle.unrank(static_cast<std::uint32_t>(rest / bottom.count()));
  const BandRows rows_bot = bottom.unrank(static_cast<std::uint32_t>(rest % bottom.count()));
  std::array<std::uint8_t, 54> lower{};
  std::copy(rows_mid.begin(), rows_mid.end(), lower.begin());
  std::copy(rows_bot.begin(), rows_bot.end(), lower.begin() + 27);
  return lower;
}

// ---------------------------------------------------------------------------------------------
// The whole rank.

u128 BandStackRanker::rank(const GridCells& grid) const {
  if (!is_valid_grid(shape(), grid)) throw std::invalid_argument("rank: not a valid 3x3 grid");
  // Relabel so that box 1 reads 0..8; box 1's digits in reading order are the relabelling.
  std::vector<int> box1(9);
  std::array<std::uint8_t, 10> label{};
  for (int i = 0; i < 9; ++i) {
    box1[static_cast<std::size_t>(i)] = grid[static_cast<std::size_t>(i / 3 * 9 + i % 3)];
    label[static_cast<std::size_t>(box1[static_cast<std::size_t>(i)])] = static_cast<std::uint8_t>(i);
  }
  std::array<std::uint8_t, 81> g{};
  for (int k = 0; k < 81; ++k) g[static_cast<std::size_t>(k)] = label[static_cast<std::size_t>(grid[static_cast<std::size_t>(k)])];
  BandRows top{};
  std::copy(g.begin(), g.begin() + 27, top.begin());
  const std::uint32_t b = band_index(top);
  const Tau tau = tau_of(column_sets(top.data()));
  std::array<std::uint8_t, 54> lower{};
  for (int r = 0; r < 6; ++r)
    for (int c = 0; c < 9; ++c)
      lower[static_cast<std::size_t>(9 * r + tau.column[static_cast<std::size_t>(c)])] =
          tau.digit[g[static_cast<std::size_t>(27 + 9 * r + c)]];
  const std::uint64_t index = offsets_[b] + rank_lower(*tau.lower, lower);
  assert(index < offsets_[b + 1]);
  return permutation_index(box1) * normalised_total() + index;
}

GridCells BandStackRanker::unrank(u128 n) const {
  check_rank(n);
  const std::vector<int> box1 = permutation_of_index(9, n / normalised_total());
  const auto index = static_cast<std::uint64_t>(n % normalised_total());
  const auto b = static_cast<std::uint32_t>(std::upper_bound(offsets_.begin(), offsets_.end(), index) - offsets_.begin() - 1);
  const BandRows top = band_of_index(b);
  const Tau tau = tau_of(column_sets(top.data()));
  const std::array<std::uint8_t, 54> lower = unrank_lower(*tau.lower, index - offsets_[b]);
  std::array<std::uint8_t, 9> old_digit{};
  for (int d = 0; d < 9; ++d) old_digit[tau.digit[static_cast<std::size_t>(d)]] = static_cast<std::uint8_t>(d);
  GridCells grid(81);
  for (int k = 0; k < 27; ++k) grid[static_cast<std::size_t>(k)] = box1[top[static_cast<std::size_t>(k)]];
  for (int r = 0; r < 6; ++r)
    for (int c = 0; c < 9; ++c)
      grid[static_cast<std::size_t>(27 + 9 * r + c)] =
          box1[old_digit[lower[static_cast<std::size_t>(9 * r + tau.column[static_cast<std::size_t>(c)])]]];
  return grid;
}

}  // namespace gridenum
