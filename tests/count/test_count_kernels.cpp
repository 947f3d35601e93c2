// The count's hot loops (src/count/isa/kernels.hpp) against plain sums, at every instruction-set
// level this CPU runs. sweep8 takes a CPU extension at run time where there is one (VNNI in the
// AVX-512 copy), so sweep8_portable, the same sums without it, is checked too: on a CPU with
// VNNI both paths of that copy run here. The popcount products take VPOPCNTDQ, or BITALG with
// VBMI for the byte tables, where the CPU has them; their plain loop is the baseline level's.
#include <gtest/gtest.h>

#include <boost/align/aligned_allocator.hpp>

#include <bit>
#include <cstdint>
#include <random>
#include <vector>

#include "gridenum/core/cpu.hpp"
#include "../../src/count/isa/kernels.hpp"

namespace gridenum {
namespace {

using detail::Run8;

// Runs over `tables` tables of `stride` bytes in groups sharing their a (sizes 1 to 9, so the
// four-at-a-time loop meets every remainder), b drawn at random, a start sum per run.
std::vector<Run8> random_runs(const std::vector<std::uint8_t, boost::alignment::aligned_allocator<std::uint8_t, 64>>& t,
                              std::size_t tables, std::size_t stride, std::mt19937_64& rng) {
  std::vector<Run8> runs;
  for (int size = 1; size <= 9; ++size)
    for (int rep = 0; rep < 3; ++rep) {
      const std::uint8_t* a = t.data() + rng() % tables * stride;
      for (int i = 0; i < size; ++i) runs.push_back({a, t.data() + rng() % tables * stride, 1, rng() % 1000});
    }
  return runs;
}

TEST(CountKernels, Sweep8EqualsPlainSumsAtEveryLevel) {
  constexpr std::size_t kTables = 40, kStride = 3136 + 64 - 3136 % 64;
  std::mt19937_64 rng(20261202);
  std::vector<std::uint8_t, boost::alignment::aligned_allocator<std::uint8_t, 64>> t(kTables * kStride);
  for (auto& x : t) x = rng() % 4 == 0 ? 0 : static_cast<std::uint8_t>(rng() % 64);  // entries <= 64, as 9x9's
  for (Isa isa : supported_isas()) {
    const auto& k = detail::count_kernels(isa);
    for (auto sweep : {k.sweep8, k.sweep8_portable})
      // Lengths of whole 64-byte chunks below, at and past one block of 512 (the last block then
      // shorter), 9x9's 3,136, and lengths that are not whole chunks.
      for (std::size_t len : {64, 128, 192, 256, 320, 384, 448, 512, 576, 1024, 3136, 100, 1000}) {
        std::vector<Run8> runs = random_runs(t, kTables, kStride, rng);
        std::vector<std::uint64_t> want(runs.size());
        for (std::size_t i = 0; i < runs.size(); ++i) {
          want[i] = runs[i].sum;
          for (std::size_t c = 0; c < len; ++c) want[i] += std::uint64_t{runs[i].a[c]} * runs[i].b[c];
        }
        sweep(runs.data(), runs.size(), len);
        for (std::size_t i = 0; i < runs.size(); ++i)
          ASSERT_EQ(runs[i].sum, want[i]) << to_string(isa) << (sweep == k.sweep8 ? " sweep8" : " portable")
                                          << " len " << len << " run " << i;
      }
  }
}

// g[c1 * n2 + c2] = popcount(xs[c1] & ys[c2]), into 16-bit and byte tables, for row lengths
// around the byte-plane kernel's 8-word groups and its 64-lane limit (and past it).
TEST(CountKernels, PopcountProductsEqualPlainPopcountsAtEveryLevel) {
  std::mt19937_64 rng(7);
  for (Isa isa : supported_isas()) {
    const auto& k = detail::count_kernels(isa);
    for (std::size_t n2 : {1, 7, 8, 9, 55, 56, 63, 64, 65, 100})
      for (std::size_t n1 : {1, 3, 56}) {
        std::vector<std::uint64_t> xs(n1), ys(n2);
        for (auto& x : xs) x = rng() & rng();
        for (auto& y : ys) y = rng() | (rng() & rng());
        if (n2 == 56) ys[0] = ~std::uint64_t{0}, xs[0] = ~std::uint64_t{0};  // an entry of 64
        std::vector<std::uint8_t> g8(n1 * n2 + 64, 0xAB);  // past the end: must stay untouched
        std::vector<std::uint16_t> g16(n1 * n2);
        k.popcount_products8(xs.data(), n1, ys.data(), n2, g8.data());
        k.popcount_products(xs.data(), n1, ys.data(), n2, g16.data());
        for (std::size_t c1 = 0; c1 < n1; ++c1)
          for (std::size_t c2 = 0; c2 < n2; ++c2) {
            const int want = std::popcount(xs[c1] & ys[c2]);
            ASSERT_EQ(g8[c1 * n2 + c2], want) << to_string(isa) << " bytes " << n1 << " x " << n2 << " at " << c1 << ", " << c2;
            ASSERT_EQ(g16[c1 * n2 + c2], want) << to_string(isa) << " words " << n1 << " x " << n2 << " at " << c1 << ", " << c2;
          }
        for (std::size_t i = n1 * n2; i < g8.size(); ++i) ASSERT_EQ(g8[i], 0xAB) << to_string(isa) << " wrote past the table";
      }
  }
}

// The three-band sum's two kernels against each other and a plain sum: kTileRows rows per
// side turned into tiles by tile_rows (the layout checked entry by entry), then tile_dots for G
// index lists must equal gather_dots summed over the kTileRows row pairs, at every level, with
// entries up to 4x3's largest F / 4! (7,962,624) and rows of 5,775 (4x3's P) and 10 (odd
// lengths: the tile loop has no remainder, the row length is any).
TEST(CountKernels, TileDotsEqualGatherDotsOverTheirRowPairsAtEveryLevel) {
  std::mt19937_64 rng(20261203);
  using Tile = std::vector<std::uint32_t, boost::alignment::aligned_allocator<std::uint32_t, 64>>;
  constexpr std::size_t kT = detail::kTileRows;
  for (Isa isa : supported_isas()) {
    const auto& k = detail::count_kernels(isa);
    for (std::size_t P : {5775, 10})
      for (std::size_t n : {346, 1, 7}) {
        const std::size_t G = 5;
        std::vector<std::vector<std::uint32_t>> rows(2 * kT, std::vector<std::uint32_t>(P));
        for (auto& r : rows)
          for (auto& v : r) v = rng() % 3 == 0 ? 7962624 : static_cast<std::uint32_t>(rng() % 7962625);
        const std::uint32_t* rm[kT];
        const std::uint32_t* rb[kT];
        for (std::size_t l = 0; l < kT; ++l) rm[l] = rows[l].data(), rb[l] = rows[kT + l].data();
        Tile tm(P * kT, 0xDEAD), tb(P * kT, 0xDEAD);
        k.tile_rows(rm, P, tm.data());
        k.tile_rows(rb, P, tb.data());
        for (std::size_t j = 0; j < P; ++j)
          for (std::size_t l = 0; l < kT; ++l) {
            ASSERT_EQ(tm[j * kT + l], rm[l][j]) << to_string(isa) << " tile line " << j << " lane " << l;
            ASSERT_EQ(tb[j * kT + l], rb[l][j]) << to_string(isa) << " tile line " << j << " lane " << l;
          }
        std::vector<std::uint16_t> a(G * n), b(G * n);
        for (auto& x : a) x = static_cast<std::uint16_t>(rng() % P);
        for (auto& x : b) x = static_cast<std::uint16_t>(rng() % P);
        std::vector<std::uint64_t> got(G), want(G, 0), part(G);
        k.tile_dots(tm.data(), tb.data(), a.data(), b.data(), n, G, got.data());
        for (std::size_t l = 0; l < kT; ++l) {
          k.gather_dots(rm[l], rb[l], a.data(), b.data(), n, G, part.data());
          for (std::size_t c = 0; c < G; ++c) want[c] += part[c];
        }
        for (std::size_t c = 0; c < G; ++c) {
          std::uint64_t plain = 0;
          for (std::size_t l = 0; l < kT; ++l)
            for (std::size_t i = 0; i < n; ++i) plain += std::uint64_t{rm[l][a[c * n + i]]} * rb[l][b[c * n + i]];
          ASSERT_EQ(want[c], plain) << to_string(isa) << " gather_dots, list " << c;
          ASSERT_EQ(got[c], plain) << to_string(isa) << " tile_dots, P " << P << ", n " << n << ", list " << c;
        }
      }
  }
}

}  // namespace
}  // namespace gridenum
