// The 9x9 minlex form by band tables (docs/grid-tools.md, "9x9 by band tables").
//
// The idea. The form's first 27 cells are its top band, so the form's top band is the smallest
// top band any element of G can produce, and it is chosen first: an image's top band is fixed by
// the orientation t, the source band, the order of its three rows (a, b, c) and the column
// permutation sigma in W = S3 wr S3 (1,296 elements: stacks, columns inside stacks); the
// relabelling is forced by the first row reading 1..9. Write the band with row a relabelled to
// 0 1 .. 8 (its *normalised* form): rows b and c are then permutations beta, gamma of the columns
// (beta(j) = the column of a holding b's digit in column j), and sigma sends (beta, gamma) to
//
//     (sigma^-1 beta sigma, sigma^-1 gamma sigma)        (conjugation: the relabelling follows sigma)
//
// So the smallest image of one (t, band, row order) is the smallest member of a W-orbit of the
// 2,612,736 normalised bands (56 ways to share the digits out among the boxes, 6^6 orders inside
// them). The orbits are computed once: every normalised band gets its orbit's rank in
// lexicographic order of the orbits' smallest members and one tau in W taking it there, and each
// orbit keeps the stabiliser of its smallest member. A grid then needs 36 table lookups (18
// without the transposition) to find its form's top band, and for each (t, band, rows) reaching
// it and each tau taking it there (tau0 composed with the stabiliser) the rest of the form is
// forced, as in the search (canon.cpp): the six other rows relabelled, sorted inside their band,
// the two bands by their first row. Every such element is distinct, so their number among those
// reaching the minimum is |Aut|.
//
// Where it comes from: the band-first canonicalisers of the Sudoku Players' Forum (minlex bands
// looked up, then the rest by sorting); the tables here are this project's own, built from the
// group's action, not read from a list.
//
// Data layout (built once, read-only, shared by all threads):
//
//   orbit_rank[index]  uint16, index = pattern x 6^6 + orders of b (3 boxes) x 6^3 + orders of c
//   to_min[index]      uint16, an element tau of W (its index below) with tau . band = the minimum
//   orbits[rank]       the smallest member (rows b, c) and its stabiliser in W (element indices)
//   W[i]               sigma as 9 source columns; i = stack order x 216 + column orders x 36, 6, 1
//
// Measured (docs/grid-tools.md, "Speed"; bench/bench_grid_canon, Zen 4, one thread): the tables
// take about 0.1 s to build; then 1.77 us a grid against 39.3 us for the search in the same run
// (1.58 us without the transposition: half the lookups save only a tenth, so the lookups are not
// the whole cost). The 36 lookups are prefetched together: each may miss the cache in 10 MB.
#include "canon_detail.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

namespace gridenum::detail {

namespace {

using Cols = std::array<std::uint8_t, 9>;

constexpr std::array<std::array<std::uint8_t, 3>, 6> kS3{{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};

// The index of a permutation of {0, 1, 2} given as the ranks (x, y) of its first two entries.
constexpr int s3_index(int x, int y) { return x * 2 + (y > x ? y - 1 : y); }
static_assert(s3_index(0, 1) == 0 && s3_index(0, 2) == 1 && s3_index(1, 0) == 2 && s3_index(1, 2) == 3 &&
              s3_index(2, 0) == 4 && s3_index(2, 1) == 5);

// The rank (0..5) of the order of three distinct values against their sorted order.
int order_rank(int x, int y, int z) {
  const int rx = (x > y) + (x > z), ry = (y > x) + (y > z);
  return s3_index(rx, ry);
}

// W = S3 wr S3 acting on the 9 columns: new column j comes from source column sigma[j].
struct ColumnGroup {
  static constexpr int kOrder = 1296;
  std::array<Cols, kOrder> perm{}, inv{};

  ColumnGroup() {
    for (int i = 0; i < kOrder; ++i) {
      const auto& p = kS3[static_cast<std::size_t>(i / 216)];
      const int q[3] = {i / 36 % 6, i / 6 % 6, i % 6};
      for (int slot = 0; slot < 3; ++slot)
        for (int k = 0; k < 3; ++k)
          perm[static_cast<std::size_t>(i)][static_cast<std::size_t>(3 * slot + k)] =
              static_cast<std::uint8_t>(3 * p[static_cast<std::size_t>(slot)] + kS3[static_cast<std::size_t>(q[slot])][static_cast<std::size_t>(k)]);
      for (int j = 0; j < 9; ++j) inv[static_cast<std::size_t>(i)][perm[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)]] = static_cast<std::uint8_t>(j);
      assert(index(perm[static_cast<std::size_t>(i)]) == i);
    }
  }

  // The index of a column permutation that keeps stacks together (an element of W).
  static int index(const Cols& s) {
    const int p = s3_index(s[0] / 3, s[3] / 3);
    int i = p * 216;
    for (int slot = 0; slot < 3; ++slot) {
      const int a = s[static_cast<std::size_t>(3 * slot)] % 3, b = s[static_cast<std::size_t>(3 * slot + 1)] % 3;
      i += s3_index(a, b) * (slot == 0 ? 36 : slot == 1 ? 6 : 1);
    }
    return i;
  }
};

// A normalised band: row a reads 0 1 .. 8; b and c are its other rows, as permutations of the
// columns (0-based digits = columns of a).
struct Band {
  Cols b{}, c{};
};

std::uint64_t row_key(const Cols& r) {
  std::uint64_t k = 0;
  for (std::uint8_t v : r) k = k * 9 + v;
  return k;
}
constexpr std::uint64_t kRowKeys = 387420489;  // 9^9
std::uint64_t band_key(const Band& x) { return row_key(x.b) * kRowKeys + row_key(x.c); }

// sigma . x = (sigma^-1 b sigma, sigma^-1 c sigma).
Band conjugate(const ColumnGroup& w, int sigma, const Band& x) {
  const Cols& s = w.perm[static_cast<std::size_t>(sigma)];
  const Cols& si = w.inv[static_cast<std::size_t>(sigma)];
  Band y;
  for (std::size_t j = 0; j < 9; ++j) {
    y.b[j] = si[x.b[s[j]]];
    y.c[j] = si[x.c[s[j]]];
  }
  return y;
}

struct Orbit {
  Band min;
  std::vector<std::uint16_t> stabiliser;  // rho in W with rho . min = min
};

class BandTables {
 public:
  static constexpr std::size_t kBands = 56 * 46656;  // 2,612,736 normalised bands

  BandTables() {
    // The 56 patterns: B_s = the columns (digits) of b in stack s, disjoint from stack s, the
    // three a partition of the columns (c's sets are then forced).
    pattern_of_.fill(-1);
    for (unsigned m0 = 0; m0 < 512; ++m0) {
      if (std::popcount(m0) != 3 || (m0 & 07u)) continue;
      for (unsigned m1 = 0; m1 < 512; ++m1) {
        if (std::popcount(m1) != 3 || (m1 & 070u) || (m0 & m1)) continue;
        const unsigned m2 = 0777u & ~(m0 | m1);
        if (m2 & 0700u) continue;
        pattern_of_[m0 | (m1 << 9)] = static_cast<std::int8_t>(patterns_.size());
        patterns_.push_back({m0, m1, m2});
      }
    }
    if (patterns_.size() != 56) throw std::logic_error("canon_nine: expected 56 band patterns");

    std::vector<std::uint32_t> orbit_of(kBands, std::numeric_limits<std::uint32_t>::max());
    to_min_.assign(kBands, 0);
    std::vector<Orbit> orbits;
    std::vector<std::uint64_t> keys;
    std::array<Band, ColumnGroup::kOrder> images;
    for (std::size_t idx = 0; idx < kBands; ++idx) {
      if (orbit_of[idx] != std::numeric_limits<std::uint32_t>::max()) continue;
      const Band x0 = decode(idx);
      int smin = 0;
      std::uint64_t kmin = std::numeric_limits<std::uint64_t>::max();
      std::array<std::uint64_t, ColumnGroup::kOrder> k;
      for (int s = 0; s < ColumnGroup::kOrder; ++s) {
        images[static_cast<std::size_t>(s)] = conjugate(w_, s, x0);
        k[static_cast<std::size_t>(s)] = band_key(images[static_cast<std::size_t>(s)]);
        if (k[static_cast<std::size_t>(s)] < kmin) kmin = k[static_cast<std::size_t>(s)], smin = s;
      }
      const auto o = static_cast<std::uint32_t>(orbits.size());
      Orbit orbit;
      orbit.min = images[static_cast<std::size_t>(smin)];
      const Cols& sm = w_.perm[static_cast<std::size_t>(smin)];
      const Cols& sminv = w_.inv[static_cast<std::size_t>(smin)];
      for (int s = 0; s < ColumnGroup::kOrder; ++s) {
        const Cols& sp = w_.perm[static_cast<std::size_t>(s)];
        const Cols& spinv = w_.inv[static_cast<std::size_t>(s)];
        if (k[static_cast<std::size_t>(s)] == kmin) {
          // sigma . x0 = min exactly when sigma = smin o rho with rho in the stabiliser.
          Cols rho;
          for (std::size_t j = 0; j < 9; ++j) rho[j] = sminv[sp[j]];
          orbit.stabiliser.push_back(static_cast<std::uint16_t>(ColumnGroup::index(rho)));
        }
        const std::size_t iy = index(images[static_cast<std::size_t>(s)]);
        if (orbit_of[iy] != std::numeric_limits<std::uint32_t>::max()) continue;
        orbit_of[iy] = o;
        // tau . (sigma . x0) = (sigma o tau) . x0 = min for tau = sigma^-1 o smin.
        Cols tau;
        for (std::size_t j = 0; j < 9; ++j) tau[j] = spinv[sm[j]];
        to_min_[iy] = static_cast<std::uint16_t>(ColumnGroup::index(tau));
      }
      assert(orbit_of[idx] == o);
      orbits.push_back(std::move(orbit));
      keys.push_back(kmin);
    }
    if (orbits.size() > std::numeric_limits<std::uint16_t>::max())
      throw std::logic_error("canon_nine: more band orbits than a 16-bit rank holds");
    // Ranks in the order of the orbits' smallest members.
    std::vector<std::uint32_t> by_key(orbits.size());
    for (std::uint32_t i = 0; i < by_key.size(); ++i) by_key[i] = i;
    std::sort(by_key.begin(), by_key.end(), [&](std::uint32_t a, std::uint32_t b) { return keys[a] < keys[b]; });
    std::vector<std::uint16_t> rank_of(orbits.size());
    orbits_.resize(orbits.size());
    for (std::size_t r = 0; r < by_key.size(); ++r) {
      rank_of[by_key[r]] = static_cast<std::uint16_t>(r);
      orbits_[r] = std::move(orbits[by_key[r]]);
    }
    rank_.resize(kBands);
    for (std::size_t i = 0; i < kBands; ++i) rank_[i] = rank_of[orbit_of[i]];
  }

  // The index of a normalised band (see the top).
  std::size_t index(const Band& x) const {
    const unsigned m0 = (1u << x.b[0]) | (1u << x.b[1]) | (1u << x.b[2]);
    const unsigned m1 = (1u << x.b[3]) | (1u << x.b[4]) | (1u << x.b[5]);
    const int p = pattern_of_[m0 | (m1 << 9)];
    assert(p >= 0);
    std::size_t i = static_cast<std::size_t>(p);
    for (std::size_t s = 0; s < 3; ++s) i = i * 6 + static_cast<std::size_t>(order_rank(x.b[3 * s], x.b[3 * s + 1], x.b[3 * s + 2]));
    for (std::size_t s = 0; s < 3; ++s) i = i * 6 + static_cast<std::size_t>(order_rank(x.c[3 * s], x.c[3 * s + 1], x.c[3 * s + 2]));
    return i;
  }

  Band decode(std::size_t idx) const {
    std::array<int, 6> ord;
    for (int k = 5; k >= 0; --k) ord[static_cast<std::size_t>(k)] = static_cast<int>(idx % 6), idx /= 6;
    const auto& pat = patterns_[idx];
    Band x;
    for (std::size_t s = 0; s < 3; ++s) {
      const unsigned mb = pat[s], mc = 0777u & ~(mb | (07u << (3 * s)));
      std::array<std::uint8_t, 3> sb{}, sc{};
      for (unsigned d = 0, nb = 0, nc = 0; d < 9; ++d) {
        if (mb >> d & 1u) sb[nb++] = static_cast<std::uint8_t>(d);
        if (mc >> d & 1u) sc[nc++] = static_cast<std::uint8_t>(d);
      }
      for (std::size_t k = 0; k < 3; ++k) {
        x.b[3 * s + k] = sb[kS3[static_cast<std::size_t>(ord[s])][k]];
        x.c[3 * s + k] = sc[kS3[static_cast<std::size_t>(ord[3 + s])][k]];
      }
    }
    return x;
  }

  const ColumnGroup& w() const { return w_; }
  std::uint16_t rank(std::size_t idx) const { return rank_[idx]; }
  const std::uint16_t* rank_data() const { return rank_.data(); }
  std::uint16_t to_min(std::size_t idx) const { return to_min_[idx]; }
  const Orbit& orbit(std::uint16_t rank) const { return orbits_[rank]; }
  std::size_t orbit_count() const { return orbits_.size(); }

 private:
  ColumnGroup w_;
  std::array<std::int8_t, 1u << 18> pattern_of_{};
  std::vector<std::array<unsigned, 3>> patterns_;
  std::vector<std::uint16_t> rank_, to_min_;
  std::vector<Orbit> orbits_;
};

const BandTables& tables() {
  static const BandTables t;  // built once, serially (no task arena to deadlock in)
  return t;
}

}  // namespace

void minlex_nine(const GridCells& grid, const CanonOptions& opt, MinlexOutcome& out) {
  const BandTables& tb = tables();
  const ColumnGroup& w = tb.w();
  const int orientations = opt.transposition ? 2 : 1;
  // x[t][r][c], 0-based digits; pos[t][r][d] the column of digit d in row r.
  std::uint8_t x[2][9][9];
  std::uint8_t pos[2][9][9];
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c) {
      const auto d = static_cast<std::uint8_t>(grid[static_cast<std::size_t>(r * 9 + c)] - 1);
      x[0][r][c] = d;
      x[1][c][r] = d;
    }
  for (int t = 0; t < orientations; ++t)
    for (int r = 0; r < 9; ++r)
      for (int c = 0; c < 9; ++c) pos[t][r][x[t][r][c]] = static_cast<std::uint8_t>(c);

  // Every (t, band, row order): its normalised band's index, then the ranks (prefetched first).
  struct Choice {
    std::uint8_t t, r0, r1, r2;
    std::size_t idx;
  };
  std::array<Choice, 36> choices;
  int nc = 0;
  for (int t = 0; t < orientations; ++t)
    for (int band = 0; band < 3; ++band)
      for (int i0 = 0; i0 < 3; ++i0)
        for (int i1 = 0; i1 < 3; ++i1) {
          if (i1 == i0) continue;
          const int r0 = 3 * band + i0, r1 = 3 * band + i1, r2 = 3 * band + 3 - i0 - i1;
          Band nb;
          for (std::size_t c = 0; c < 9; ++c) {
            nb.b[c] = pos[t][r0][x[t][r1][c]];
            nb.c[c] = pos[t][r0][x[t][r2][c]];
          }
          Choice& ch = choices[static_cast<std::size_t>(nc++)];
          ch = Choice{static_cast<std::uint8_t>(t), static_cast<std::uint8_t>(r0), static_cast<std::uint8_t>(r1),
                      static_cast<std::uint8_t>(r2), tb.index(nb)};
          __builtin_prefetch(tb.rank_data() + ch.idx);
        }
  std::uint16_t best_rank = std::numeric_limits<std::uint16_t>::max();
  for (int i = 0; i < nc; ++i) best_rank = std::min(best_rank, tb.rank(choices[static_cast<std::size_t>(i)].idx));
  const Orbit& top = tb.orbit(best_rank);

  // The top band of the form, then every (choice, tau) reaching it: the lower rows forced.
  out.best.fill(0);
  for (std::size_t j = 0; j < 9; ++j) {
    out.best[j] = static_cast<std::uint8_t>(j);
    out.best[9 + j] = top.min.b[j];
    out.best[18 + j] = top.min.c[j];
  }
  out.found.clear();
  out.count = 0;
  bool have_lower = false;
  std::array<std::uint32_t, 6> best_lower{};
  for (int i = 0; i < nc; ++i) {
    const Choice& ch = choices[static_cast<std::size_t>(i)];
    if (tb.rank(ch.idx) != best_rank) continue;
    const Cols& tau0 = w.perm[tb.to_min(ch.idx)];
    const int band0 = ch.r0 / 3;
    for (std::uint16_t rho_i : top.stabiliser) {
      const Cols& rho = w.perm[rho_i];
      Cols tau, tau_inv;
      for (std::size_t j = 0; j < 9; ++j) tau[j] = tau0[rho[j]];
      for (std::size_t j = 0; j < 9; ++j) tau_inv[tau[j]] = static_cast<std::uint8_t>(j);
      std::array<std::uint8_t, 9> lab;
      for (std::size_t d = 0; d < 9; ++d) lab[d] = tau_inv[pos[ch.t][ch.r0][d]];
      // The six other rows as keys (row-major base 9: the order of the keys is the rows' order),
      // sorted inside their band, the bands by their first row.
      std::array<std::array<std::pair<std::uint32_t, std::uint8_t>, 3>, 2> lower;
      int nb = 0;
      for (int b = 0; b < 3; ++b) {
        if (b == band0) continue;
        auto& rows = lower[static_cast<std::size_t>(nb++)];
        for (int k = 0; k < 3; ++k) {
          const int r = 3 * b + k;
          std::uint32_t key = 0;
          for (std::size_t j = 0; j < 9; ++j) key = key * 9 + lab[x[ch.t][r][tau[j]]];
          rows[static_cast<std::size_t>(k)] = {key, static_cast<std::uint8_t>(r)};
        }
        std::sort(rows.begin(), rows.end());
      }
      if (lower[1][0].first < lower[0][0].first) std::swap(lower[0], lower[1]);
      std::array<std::uint32_t, 6> keys;
      for (std::size_t k = 0; k < 6; ++k) keys[k] = lower[k / 3][k % 3].first;
      if (have_lower && keys > best_lower) continue;
      if (!have_lower || keys < best_lower) {
        best_lower = keys;
        have_lower = true;
        out.found.clear();
        out.count = 0;
      }
      ++out.count;
      if (opt.keep_maps || out.found.empty()) {
        MinimumElement f;
        f.t = ch.t;
        f.rows[0] = static_cast<std::int8_t>(ch.r0);
        f.rows[1] = static_cast<std::int8_t>(ch.r1);
        f.rows[2] = static_cast<std::int8_t>(ch.r2);
        for (std::size_t k = 0; k < 6; ++k) f.rows[3 + k] = static_cast<std::int8_t>(lower[k / 3][k % 3].second);
        for (std::size_t j = 0; j < 9; ++j) {
          f.cols[j] = static_cast<std::int8_t>(tau[j]);
          f.lab[j] = static_cast<std::int8_t>(lab[j]);
        }
        out.found.push_back(f);
      }
    }
  }
  assert(have_lower && out.count > 0);
  for (std::size_t k = 0; k < 6; ++k) {
    std::uint32_t key = best_lower[k];
    for (int j = 8; j >= 0; --j) out.best[27 + 9 * k + static_cast<std::size_t>(j)] = static_cast<std::uint8_t>(key % 9), key /= 9;
  }
}

}  // namespace gridenum::detail
