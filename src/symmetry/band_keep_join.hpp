// The inner sum of the band-keep kernel (fixed_band_keeps.cpp) for one (S_1, gamma', pi):
//     sum over the second bands' signatures S_2 of A(S_2; rho_2) A(S_3; rho_3),
// S_3 the third band's (the complement), A(S; rho) the bands with signature S fixed by
// phi = (rho, gamma', pi) -- counted here stack cycle by stack cycle and joined, not band by band.
//
// Why. The band counter searches each band whole: for 3x4's class 1162 and its family (gamma'
// pairs the four stacks of the 4x3 view) that is 346^2 = 119,716 second bands per triple, two
// searches each, 8-22 s a triple and tens of CPU-hours a class (docs/symmetry.md, *The
// band-keeping classes' cost*). But a band fixed by phi comes apart along gamma''s cycles on the
// stacks, and so do the second bands (second_bands.hpp): the sum is a matrix product.
//
// The idea. A band with a given signature is a colouring of its digit/column graph by its R rows:
// each column's R digits get the R rows once each (a bijection), each digit's R edges (one per
// stack) get R distinct rows. phi sends edge (d, c) of row r to (pi d, gamma' c) of row rho r. On
// a cycle C = (s, gamma' s, ..) of m stacks, an invariant colouring is its colouring of the first
// stack s, invariant under phi^m (col(pi^m d) = rho^m col(d) there), carried to the others:
// digit d's edge in stack gamma'^i s has row rho^i col(pi^-i d). So C gives each digit a set
// X_C(d) of rows, which must have m of them (distinct in the cycle), and the band is valid
// exactly when those sets partition the R rows digit by digit. With X_C the vector of the sets
// (R bits per digit, packed in 64 bits) and G_C(a, X) the colourings of C's first stack giving
// X for C's choice a of the second band there:
//     A(S_2(a, b)) = sum over X of G_A(a, X) G_B(b, full - X)
// for the cycles split in two sides A and B of about as many stacks each (a side of several
// cycles has their choices' tuples, its colourings combined with the sets disjoint digit by
// digit), and the same for band 3 with its own colourings H. So the inner sum is
//     sum over a, b of [sum_X G_A(a, X) G_B(b, full - X)] [sum_Y H_A(a, Y) H_B(b, full - Y)]:
// both sides' distributions are listed once and indexed by key (side A by full - X), and the
// matrices A_2(a, b) and A_3(a, b) are filled key by key. For the 1162 family a choice has
// 13,824 colourings of its stack and the join touches each matching pair once.
//
// A colouring of one stack is three columns' bijections, (R!)^3 (13,824 for R = 4), enumerated
// column by column; a digit's set is checked (and phi^m's invariance) as soon as the columns it
// needs are placed, so most of them stop after one or two columns.
//
// Bounds: a band's colourings number at most (R!)^N (24^12 < 2^55 for 12 digits), so a row of
// A fits 64 bits; A_2 A_3 and the sum are u128, checked.
#pragma once

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <stdexcept>
#include <unordered_map>
#include <utility>
#include <vector>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/stop.hpp"
#include "band_counter.hpp"
#include "gridenum/symmetry/permutation.hpp"
#include "second_bands.hpp"

namespace gridenum::detail {

class BandKeepJoin {
 public:
  // t1[d * R + b]: band 1's column of digit d in stack b; gamma' on the N = 3R columns; pi on the
  // digits; rho2, rho3 on the R rows of bands 2 and 3.
  BandKeepJoin(int R, const std::vector<int>& t1, const Perm& gamma, const Perm& pi, const Perm& rho2, const Perm& rho3)
      : R_(R), N_(3 * R), t1_(t1), gamma_(gamma), pi_(pi), rho_{rho2, rho3} {
    assert(R_ >= 1 && R_ <= 4 && N_ * R_ <= 64);  // (R!)^N < 2^64 and the sets in one word
    full_ = 0;
    for (int d = 0; d < N_; ++d) full_ |= ((std::uint64_t{1} << R_) - 1) << (R_ * d);
    std::array<std::uint8_t, 4> perm{0, 1, 2, 3};
    do perms_.push_back(perm);
    while (std::next_permutation(perm.begin(), perm.begin() + R_));
    // gamma''s cycles on the stacks, the longest first (side A).
    std::vector<char> seen(static_cast<std::size_t>(R_), 0);
    for (int b = 0; b < R_; ++b) {
      if (seen[static_cast<std::size_t>(b)]) continue;
      Cycle c;
      c.first = b;
      for (int y = b; !seen[static_cast<std::size_t>(y)]; y = gamma_[static_cast<std::size_t>(y * 3)] / 3) {
        seen[static_cast<std::size_t>(y)] = 1;
        c.stacks |= 1u << y;
        ++c.m;
      }
      cycles_.push_back(c);
    }
    std::stable_sort(cycles_.begin(), cycles_.end(), [](const Cycle& a, const Cycle& b) { return a.m > b.m; });
  }

  // The inner sum. Throws StopRequested (core/stop.hpp) between the bands' joins.
  u128 sum() {
    second_bands_ = 0;
    // The sides: the cycles, longest first, each to the side with fewer stacks so far, each side
    // listed whole. (One cycle against the other three where gamma' keeps every stack made side
    // B the cube of a stack's choices: 3x4 class 3047's first triple took over 200 s, against
    // 26 s band by band.)
    std::vector<std::size_t> side_a, side_b;
    int stacks_a = 0, stacks_b = 0;
    for (std::size_t i = 0; i < cycles_.size(); ++i) {
      if (stacks_a <= stacks_b) {
        side_a.push_back(i);
        stacks_a += cycles_[i].m;
      } else {
        side_b.push_back(i);
        stacks_b += cycles_[i].m;
      }
    }
    const Side B = side_of(side_b);
    if (B.choices.empty()) return 0;
    // B's entries for band 2 and band 3, each grouped by its set vector: key -> (choice, count).
    std::array<Index, 2> index;
    for (int band = 0; band < 2; ++band) index[static_cast<std::size_t>(band)] = make_index(B, band);
    const std::size_t n = B.choices.size();
    u128 total = 0;
    std::uint64_t na = 0;
    // Both sides listed and indexed by key (side A by complement key), the matrices A_2 and A_3
    // filled key by key: each side's pairs are read in address order, a key's side-B pairs
    // staying in cache for all its side-A pairs.
    const Side A = side_a.size() == 1 ? side_of(cycles_[side_a[0]]) : side_of(side_a);
    na = A.choices.size();
    std::array<std::vector<std::uint64_t>, 2> M;
    for (int band = 0; band < 2; ++band) {
      throw_if_stop_requested("fixed grids by band keeps");
      const Index ia = make_index(A, band, full_);
      const Index& ib = index[static_cast<std::size_t>(band)];
      std::vector<std::uint64_t>& m = M[static_cast<std::size_t>(band)];
      m.assign(na * n, 0);
      std::size_t j = 0;
      for (std::size_t i = 0; i < ia.keys.size(); ++i) {
        while (j < ib.keys.size() && ib.keys[j] < ia.keys[i]) ++j;
        if (j == ib.keys.size()) break;
        if (ib.keys[j] != ia.keys[i]) continue;
        const Hit* b0 = ib.hits.data() + ib.start[j];
        const Hit* b1 = ib.hits.data() + ib.start[j + 1];
        for (const Hit* a = ia.hits.data() + ia.start[i]; a != ia.hits.data() + ia.start[i + 1]; ++a) {
          std::uint64_t* r = m.data() + std::size_t{a->choice} * n;
          const std::uint64_t g = a->count;
          for (const Hit* h = b0; h != b1; ++h) r[h->choice] += g * h->count;
        }
      }
    }
    for (std::size_t k = 0; k < na * n; ++k)
      if (M[0][k] && M[1][k]) total = checked_add(total, checked_mul(u128{M[0][k]}, u128{M[1][k]}));
    second_bands_ = na * n;
    return total;
  }

  // The second bands the last sum() stood for (the product of the cycles' choices).
  std::uint64_t second_bands() const { return second_bands_; }

 private:
  struct Cycle {
    int first = 0, m = 0;     // the cycle's first stack, its length
    std::uint32_t stacks = 0;  // bit b for each stack in it
  };
  struct Entry {
    std::uint64_t key;    // each digit's set of rows (R bits at R d)
    std::uint64_t count;  // colourings giving it
  };
  using Dist = std::vector<Entry>;         // distinct keys
  using Choice = std::array<Dist, 2>;      // band 2's and band 3's distributions for one choice
  struct Side {
    std::vector<Choice> choices;
  };
  // A side's entries grouped by key: key -> a range of (choice, count) pairs. The pairs are 8
  // bytes, a count of one side's colourings with one key fitting 32 bits (a side has at most two
  // stacks' colourings, 13,824^2 < 2^32): the join streams tens of millions of them a triple.
  struct Hit {
    std::uint32_t choice, count;
  };
  struct Index {
    std::vector<std::uint64_t> keys;    // sorted, distinct
    std::vector<std::uint32_t> start;   // keys[i]'s pairs: hits[start[i] .. start[i + 1])
    std::vector<Hit> hits;
  };

  // Calls visit(choice) for each of the cycle's second-band choices, with its distributions.
  //
  // Where rho_2 = rho_3 a band's colourings depend on its rows only, and the choices' band-3 rows
  // are their band-2 rows again (the second and third columns of a stack trade places: the choice
  // of the other column), so each distribution is counted once and kept, keyed by the rows in the
  // cycle's first stack, the only ones colourings() reads.
  template <class Visit>
  void each_choice(const Cycle& c, Visit&& visit) {
    const bool same = rho_[0] == rho_[1];
    std::unordered_map<std::uint64_t, Dist> seen;
    const auto dist = [&](const SecondBands::Rows& rows, int band) {
      if (!same) return colourings(c, rows, band);
      std::uint64_t key = 0;
      for (int d = 0; d < N_; ++d) key |= std::uint64_t{(rows[static_cast<std::size_t>(d)] >> (3 * c.first)) & 7u} << (3 * d);
      const auto it = seen.find(key);
      if (it != seen.end()) return it->second;
      return seen.emplace(key, colourings(c, rows, 0)).first->second;
    };
    SecondBands(R_, t1_, gamma_, pi_, c.stacks).each([&](const SecondBands::Rows& rows2, const SecondBands::Rows& rows3) {
      Choice ch{dist(rows2, 0), dist(rows3, 1)};
      visit(static_cast<const Choice&>(ch));
    });
  }

  Side side_of(const Cycle& c) {
    Side s;
    each_choice(c, [&](const Choice& ch) { s.choices.push_back(ch); });
    return s;
  }

  // Several cycles' choices combined (every tuple of one choice per cycle); none: the one empty
  // combination.
  Side side_of(const std::vector<std::size_t>& which) {
    Side s;
    s.choices.push_back(Choice{Dist{Entry{0, 1}}, Dist{Entry{0, 1}}});
    for (std::size_t i : which) {
      s = combine(s, side_of(cycles_[i]));
      if (s.choices.empty()) break;
    }
    return s;
  }

  // Every pair of choices, the distributions convolved with the sets disjoint digit by digit.
  Side combine(const Side& x, const Side& y) {
    Side out;
    for (const Choice& a : x.choices)
      for (const Choice& b : y.choices) {
        Choice c;
        for (std::size_t band = 0; band < 2; ++band) {
          std::vector<Entry> v;
          for (const Entry& p : a[band])
            for (const Entry& q : b[band])
              if ((p.key & q.key) == 0) v.push_back({p.key | q.key, p.count * q.count});
          c[band] = compress(v);
        }
        out.choices.push_back(std::move(c));
      }
    return out;
  }

  // The entries with equal keys added up (in no particular order): an open-addressing table of
  // twice the entries' size, kept between calls. (Sorting 13,824 keys per choice took a quarter of
  // the join's time in perf on 3x4 class 1162.)
  Dist compress(const std::vector<Entry>& v) {
    std::size_t cap = 64;
    while (cap < 2 * v.size()) cap *= 2;
    if (table_.size() < cap) table_.assign(cap, Entry{kEmpty, 0});
    const std::size_t mask = cap - 1;
    Dist out;
    for (const Entry& e : v) {
      std::size_t h = static_cast<std::size_t>((e.key * 0x9E3779B97F4A7C15ull) >> 29) & mask;
      while (table_[h].key != kEmpty && table_[h].key != e.key) h = (h + 1) & mask;
      if (table_[h].key == kEmpty) {
        table_[h] = e;
        used_.push_back(h);
      } else {
        table_[h].count += e.count;
      }
    }
    out.reserve(used_.size());
    for (std::size_t h : used_) {
      out.push_back(table_[h]);
      table_[h] = Entry{kEmpty, 0};
    }
    used_.clear();
    return out;
  }

  // flip: the keys complemented (key ^ flip). A side's entries share few keys (3x4: 75,000 to
  // 2.6 million entries an index, 900 to 13,000 keys), so they are grouped through a small
  // open-addressing table and only the distinct keys are sorted. (Sorting the entries themselves
  // took 19-23 % of the 3x4 job's time in perf, on the 1163 family: docs/symmetry.md, *The join's
  // index by hash*.)
  static Index make_index(const Side& s, int band, std::uint64_t flip = 0) {
    std::vector<std::uint64_t> slots(1024, kEmpty);  // the keys, by hash
    std::vector<std::uint32_t> group(1024);           // slot -> the key's group
    std::vector<std::uint64_t> keys;                  // by group: first seen first
    std::vector<std::uint32_t> size;                  // by group: its entries
    std::vector<std::uint32_t> gid;                   // by entry: its group
    const auto slot_of = [&](std::uint64_t key) {
      const std::size_t mask = slots.size() - 1;
      std::size_t h = static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> 29) & mask;
      while (slots[h] != kEmpty && slots[h] != key) h = (h + 1) & mask;
      return h;
    };
    for (const Choice& ch : s.choices)
      for (const Entry& e : ch[static_cast<std::size_t>(band)]) {
        if (e.count > UINT32_MAX) throw std::logic_error("band keeps: a side's colourings with one key overflow 32 bits");
        const std::uint64_t key = e.key ^ flip;
        std::size_t h = slot_of(key);
        if (slots[h] == kEmpty) {
          if (2 * (keys.size() + 1) > slots.size()) {  // at most half full: grow, and place the keys again
            slots.assign(2 * slots.size(), kEmpty);
            group.assign(slots.size(), 0);
            for (std::uint32_t g = 0; g < keys.size(); ++g) {
              const std::size_t k = slot_of(keys[g]);
              slots[k] = keys[g];
              group[k] = g;
            }
            h = slot_of(key);
          }
          slots[h] = key;
          group[h] = static_cast<std::uint32_t>(keys.size());
          keys.push_back(key);
          size.push_back(0);
        }
        ++size[group[h]];
        gid.push_back(group[h]);
      }
    if (gid.size() > UINT32_MAX) throw std::logic_error("band keeps: a side's entries overflow 32-bit offsets");
    // The groups in key order, and each entry's pair put in its group's range.
    std::vector<std::uint32_t> order(keys.size());
    for (std::uint32_t g = 0; g < order.size(); ++g) order[g] = g;
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return keys[a] < keys[b]; });
    Index ix;
    ix.keys.resize(keys.size());
    ix.start.resize(keys.size() + 1);
    std::vector<std::uint32_t> next(keys.size());  // by group: where its next pair goes
    std::uint32_t at = 0;
    for (std::size_t r = 0; r < order.size(); ++r) {
      ix.keys[r] = keys[order[r]];
      ix.start[r] = at;
      next[order[r]] = at;
      at += size[order[r]];
    }
    ix.start[keys.size()] = at;
    ix.hits.resize(at);
    std::size_t t = 0;
    for (std::uint32_t j = 0; j < s.choices.size(); ++j)
      for (const Entry& e : s.choices[j][static_cast<std::size_t>(band)])
        ix.hits[next[gid[t++]]++] = Hit{j, static_cast<std::uint32_t>(e.count)};
    return ix;
  }

  // The distribution of set vectors X_C over the invariant colourings of cycle C's first stack,
  // for one band (band 0: band 2, band 1: band 3) whose rows (digit -> columns) are given there.
  Dist colourings(const Cycle& c, const SecondBands::Rows& rows, int band) {
    const Perm& rho = rho_[static_cast<std::size_t>(band)];
    const int s = c.first, m = c.m;
    // The first stack's columns, their digits, and each digit's column.
    std::array<std::array<int, 4>, 3> digits{};
    std::array<int, 16> column{};
    for (int j = 0; j < 3; ++j) {
      int k = 0;
      for (int d = 0; d < N_; ++d)
        if (rows[static_cast<std::size_t>(d)] >> (s * 3 + j) & 1u) {
          assert(k < R_);
          digits[static_cast<std::size_t>(j)][static_cast<std::size_t>(k++)] = d;
          column[static_cast<std::size_t>(d)] = j;
        }
      assert(k == R_);
    }
    // Digit d's set: rows rho^i col(pi^-i d), i < m. Its check waits for the last of those
    // columns; phi^m's invariance, col(pi^m d) = rho^m col(d), for both columns. The columns are
    // placed in the order that leaves the fewest checks to the last (then to the middle) one.
    const Perm inv = inverse(pi_);
    struct Check {
      std::uint8_t d = 0, shift = 0;
      std::int8_t inv_of = -1;                         // pi^m d where phi^m moves d
      std::array<std::uint8_t, 4> src{};               // pi^-i d
      std::array<std::array<std::uint8_t, 4>, 4> bit{};  // [i][r]: the bit of row rho^i r
    };
    const Perm rho_m = power(rho, m);
    std::array<std::uint8_t, 4> want{};  // rho^m
    for (int r = 0; r < R_; ++r) want[static_cast<std::size_t>(r)] = static_cast<std::uint8_t>(rho_m[static_cast<std::size_t>(r)]);
    std::vector<Check> checks;
    std::vector<std::uint32_t> needs;  // bit j: the check needs column j
    for (int d = 0; d < N_; ++d) {
      Check ch;
      ch.d = static_cast<std::uint8_t>(d);
      ch.shift = static_cast<std::uint8_t>(R_ * d);
      std::uint32_t need = 0;
      int x = d;
      for (int i = 0; i < m; ++i) {
        const Perm ri = power(rho, i);
        ch.src[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(x);
        for (int r = 0; r < R_; ++r)
          ch.bit[static_cast<std::size_t>(i)][static_cast<std::size_t>(r)] = static_cast<std::uint8_t>(1u << ri[static_cast<std::size_t>(r)]);
        need |= 1u << column[static_cast<std::size_t>(x)];
        x = inv[static_cast<std::size_t>(x)];
      }
      int y = d;
      for (int i = 0; i < m; ++i) y = pi_[static_cast<std::size_t>(y)];
      if (y != d || !is_identity(rho_m)) {
        ch.inv_of = static_cast<std::int8_t>(y);
        need |= 1u << column[static_cast<std::size_t>(y)];
      }
      checks.push_back(ch);
      needs.push_back(need);
    }
    std::array<int, 3> order{0, 1, 2}, best = order;
    std::pair<std::size_t, std::size_t> best_cost{SIZE_MAX, SIZE_MAX};
    do {
      std::size_t last = 0, middle = 0;
      for (std::uint32_t need : needs) {
        last += (need >> order[2]) & 1u;
        middle += !((need >> order[2]) & 1u) && ((need >> order[1]) & 1u);
      }
      if (std::make_pair(last, middle) < best_cost) best_cost = {last, middle}, best = order;
    } while (std::next_permutation(order.begin(), order.end()));
    std::array<std::vector<Check>, 3> at;  // the checks due once the level-th column is placed
    for (std::size_t k = 0; k < checks.size(); ++k) {
      int level = 0;
      for (int l = 0; l < 3; ++l)
        if ((needs[k] >> best[static_cast<std::size_t>(l)]) & 1u) level = l;
      at[static_cast<std::size_t>(level)].push_back(checks[k]);
    }
    std::vector<Entry>& keys = keys_;
    keys.clear();
    std::array<std::uint8_t, 16> col{};
    // Returns false where a check fails; adds the digits' sets to key.
    const auto check = [&](int level, std::uint64_t& key) {
      for (const Check& ch : at[static_cast<std::size_t>(level)]) {
        if (ch.inv_of >= 0 && col[static_cast<std::size_t>(ch.inv_of)] != want[col[ch.d]]) return false;
        std::uint32_t set = 0;
        for (int i = 0; i < m; ++i) set |= ch.bit[static_cast<std::size_t>(i)][col[ch.src[static_cast<std::size_t>(i)]]];
        if (popcount16(static_cast<std::uint16_t>(set)) != m) return false;
        key |= std::uint64_t{set} << ch.shift;
      }
      return true;
    };
    const auto place = [&](int level, const std::array<std::uint8_t, 4>& p) {
      const auto& ds = digits[static_cast<std::size_t>(best[static_cast<std::size_t>(level)])];
      for (int k = 0; k < R_; ++k) col[static_cast<std::size_t>(ds[static_cast<std::size_t>(k)])] = p[static_cast<std::size_t>(k)];
    };
    for (const auto& p0 : perms_) {
      place(0, p0);
      std::uint64_t k0 = 0;
      if (!check(0, k0)) continue;
      for (const auto& p1 : perms_) {
        place(1, p1);
        std::uint64_t k1 = k0;
        if (!check(1, k1)) continue;
        for (const auto& p2 : perms_) {
          place(2, p2);
          std::uint64_t k2 = k1;
          if (check(2, k2)) keys.push_back({k2, 1});
        }
      }
    }
    return compress(keys);
  }

  int R_, N_;
  std::vector<int> t1_;
  Perm gamma_, pi_;
  std::array<Perm, 2> rho_;
  std::uint64_t full_ = 0;
  std::vector<std::array<std::uint8_t, 4>> perms_;  // the R! bijections of a column's digits to rows
  std::vector<Cycle> cycles_;
  std::uint64_t second_bands_ = 0;
  // compress()'s table: the key no set vector has (bits above N R) marks a free slot.
  static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};
  std::vector<Entry> table_;
  std::vector<std::size_t> used_;
  std::vector<Entry> keys_;  // colourings()'s leaves
};

}  // namespace gridenum::detail
