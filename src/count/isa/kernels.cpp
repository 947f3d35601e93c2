// The count's hot loops (kernels.hpp), compiled once per level: GRIDENUM_ISA_NAME is baseline,
// avx2 or avx512, and the compiler flags of this copy are that level's (-march=x86-64,
// x86-64-v3, x86-64-v4; CMakeLists.txt). Each copy defines kernels_<level>.
//
// sweep8, the dot products of byte tables. Measured on 9x9 (1 thread, BM_Completion9x9):
//   the compiler's own vectorisation of the byte loop widens to 32 bits first: ~3x slower than
//   pmaddubsw + pmaddwd, hence the intrinsics;
//   AVX-512: the same two instructions on 64 bytes (figures of each level: docs/performance.md);
//   AVX-512 VNNI's vpdpbusd (one instruction for pmaddubsw + pmaddwd + paddd) in the one-run-at-
//   a-time loop: no gain (9x9 process, 2 x 40 runs each alternated, AMD EPYC family 26 model 2:
//   93.7 / 91.2 ms without, 93.7 / 93.5 ms with): that loop waits on its two loads per step.
// What paid (2026-12-02): consecutive runs share their first table (the patterns are sorted
// by their first band's row sets: 98.8 % of a 9x9 count's runs have the a of the run before),
// so a group of runs with one a loads a's block once and four runs at a time step through it
// together, one load of b per multiply-add instead of two loads. Then the arithmetic counts and
// vpdpbusd pays. Measured on AMD EPYC family 25 model 17 (Zen 4), one thread, a synthetic unit
// shaped like a 9x9 one (12 groups of 80 runs, 560 tables of 3,136 bytes, 7 blocks),
// /work-style micro-benchmark kept as bench_count's BM_Sweep8, best of 400 sweeps:
//     one run at a time (pmaddubsw)           65 us
//     shared a, pmaddubsw + pmaddwd           44 - 54 us
//     shared a, vpdpbusd, one run at a time   36 - 49 us
//     shared a, vpdpbusd, 4 runs at a time    36 us  (the b loads from L2 are the bound now)
//   Blocks of 256 or 1024 bytes instead of 512: no better.
// The blocks: a unit's runs touch a few hundred tables of T bytes; one pass per run would stream
// two tables from L3 per dot product (6 GB for the 9x9 count). So the range is cut into blocks of
// 512 bytes, small enough that every table a unit touches stays in L2 across its runs, and the
// runs are swept once per block (measured on 9x9, 1 thread: 2.4x faster than unblocked). The
// groups of equal a are found once per call, not once per block (scanning the runs again for
// each of the 7 blocks was 4 % of a 1-thread 9x9 count's CPU time).
#include "kernels.hpp"

#include <algorithm>
#include <cassert>

#include <bit>
#include <vector>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "band_colourings.hpp"

#ifndef GRIDENUM_ISA_NAME
#error "compile kernels.cpp through CMake: GRIDENUM_ISA_NAME names the level"
#endif

namespace gridenum::detail {

namespace {

std::int32_t dot8(const std::uint8_t* a, const std::uint8_t* b, std::size_t n) {
  std::size_t c = 0;
  std::int32_t sum = 0;
#if defined(__AVX512BW__)
  __m512i acc = _mm512_setzero_si512();
  const __m512i ones = _mm512_set1_epi16(1);
  for (; c + 64 <= n; c += 64) {
    const __m512i x = _mm512_loadu_si512(a + c);
    const __m512i y = _mm512_loadu_si512(b + c);
    acc = _mm512_add_epi32(acc, _mm512_madd_epi16(_mm512_maddubs_epi16(x, y), ones));
  }
  sum = _mm512_reduce_add_epi32(acc);
#elif defined(__AVX2__)
  __m256i acc = _mm256_setzero_si256();
  const __m256i ones = _mm256_set1_epi16(1);
  for (; c + 32 <= n; c += 32) {
    const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + c));
    const __m256i y = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + c));
    acc = _mm256_add_epi32(acc, _mm256_madd_epi16(_mm256_maddubs_epi16(x, y), ones));
  }
  __m128i s4 = _mm_add_epi32(_mm256_castsi256_si128(acc), _mm256_extracti128_si256(acc, 1));
  s4 = _mm_add_epi32(s4, _mm_shuffle_epi32(s4, 0x4e));
  s4 = _mm_add_epi32(s4, _mm_shuffle_epi32(s4, 0xb1));
  sum = _mm_cvtsi128_si32(s4);
#elif defined(__SSE2__)
  // No pmaddubsw before SSSE3: widen both to 16 bits, then pmaddwd.
  __m128i acc = _mm_setzero_si128();
  const __m128i zero = _mm_setzero_si128();
  for (; c + 16 <= n; c += 16) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a + c));
    const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + c));
    acc = _mm_add_epi32(acc, _mm_madd_epi16(_mm_unpacklo_epi8(x, zero), _mm_unpacklo_epi8(y, zero)));
    acc = _mm_add_epi32(acc, _mm_madd_epi16(_mm_unpackhi_epi8(x, zero), _mm_unpackhi_epi8(y, zero)));
  }
  acc = _mm_add_epi32(acc, _mm_shuffle_epi32(acc, 0x4e));
  acc = _mm_add_epi32(acc, _mm_shuffle_epi32(acc, 0xb1));
  sum = _mm_cvtsi128_si32(acc);
#endif
  for (; c < n; ++c) sum += static_cast<std::int32_t>(a[c]) * b[c];
  return sum;
}

constexpr std::size_t kBlock = 512;  // bytes of each table swept at a time (above)

void sweep8_one_by_one(Run8* runs, std::size_t n_runs, std::size_t len) {
  for (std::size_t t0 = 0; t0 < len; t0 += kBlock) {
    const std::size_t block = std::min(kBlock, len - t0);
    for (std::size_t i = 0; i < n_runs; ++i)
      runs[i].sum += static_cast<std::uint64_t>(dot8(runs[i].a + t0, runs[i].b + t0, block));
  }
}

#if defined(__AVX512BW__)
// The shared-a sweep over one group of runs with the same a, K chunks of 64 bytes from t0:
// M runs at a time, each with its own accumulator, every a chunk loaded once per M runs.
// STEP(acc, x, y) adds the pairwise products of the bytes x (unsigned) and y (signed) to the
// 32-bit lanes of acc; both entries are below 128, so pmaddubsw's pair sums never saturate and
// the two forms below give the same sums. The body is a macro because the VNNI form must be
// spelled inside a function compiled for VNNI (GCC does not inline the intrinsic otherwise).
#define GRIDENUM_SWEEP_GROUP(STEP)                                                              \
  constexpr int M = 4;                                                                          \
  std::size_t i = 0;                                                                            \
  for (; i + M <= n; i += M) {                                                                  \
    __m512i acc[M];                                                                             \
    for (int m = 0; m < M; ++m) acc[m] = _mm512_setzero_si512();                                \
    for (int k = 0; k < K; ++k) {                                                               \
      const __m512i x = _mm512_loadu_si512(a + 64 * k);                                         \
      for (int m = 0; m < M; ++m) acc[m] = STEP(acc[m], x, _mm512_loadu_si512(runs[i + m].b + t0 + 64 * k)); \
    }                                                                                           \
    for (int m = 0; m < M; ++m) runs[i + m].sum += static_cast<std::uint32_t>(_mm512_reduce_add_epi32(acc[m])); \
  }                                                                                             \
  for (; i < n; ++i) {                                                                          \
    __m512i acc = _mm512_setzero_si512();                                                       \
    for (int k = 0; k < K; ++k)                                                                 \
      acc = STEP(acc, _mm512_loadu_si512(a + 64 * k), _mm512_loadu_si512(runs[i].b + t0 + 64 * k)); \
    runs[i].sum += static_cast<std::uint32_t>(_mm512_reduce_add_epi32(acc));                    \
  }

#define GRIDENUM_STEP_BW(acc, x, y) _mm512_add_epi32(acc, _mm512_madd_epi16(_mm512_maddubs_epi16(x, y), ones))
#define GRIDENUM_STEP_VNNI(acc, x, y) _mm512_dpbusd_epi32(acc, x, y)

template <int K>
void sweep_group_bw(Run8* runs, std::size_t n, std::size_t t0) {
  const std::uint8_t* a = runs[0].a + t0;
  const __m512i ones = _mm512_set1_epi16(1);
  GRIDENUM_SWEEP_GROUP(GRIDENUM_STEP_BW)
}

template <int K>
[[gnu::target("avx512vnni")]] void sweep_group_vnni(Run8* runs, std::size_t n, std::size_t t0) {
  const std::uint8_t* a = runs[0].a + t0;
  GRIDENUM_SWEEP_GROUP(GRIDENUM_STEP_VNNI)
}

#undef GRIDENUM_STEP_VNNI
#undef GRIDENUM_STEP_BW
#undef GRIDENUM_SWEEP_GROUP

using GroupSweep = void (*)(Run8*, std::size_t, std::size_t);

// Every run of [runs, runs + n_runs) through `group`, block by block, one group of equal a at a
// time (a length that is not whole chunks of 64 bytes goes one run at a time).
template <template <int> class Pick>
void sweep_shared_a(Run8* runs, std::size_t n_runs, std::size_t len) {
  static_assert(kBlock == 8 * 64, "by_chunks holds 1 to 8 chunks");
  static constexpr GroupSweep by_chunks[9] = {nullptr,     Pick<1>::f, Pick<2>::f, Pick<3>::f, Pick<4>::f,
                                              Pick<5>::f, Pick<6>::f, Pick<7>::f, Pick<8>::f};
  if (len % 64 != 0) return sweep8_one_by_one(runs, n_runs, len);
  thread_local std::vector<std::size_t> group_end;  // per thread: no allocation once grown
  group_end.clear();
  for (std::size_t i = 0; i < n_runs;) {
    std::size_t j = i + 1;
    while (j < n_runs && runs[j].a == runs[i].a) ++j;
    group_end.push_back(j);
    i = j;
  }
  for (std::size_t t0 = 0; t0 < len; t0 += kBlock) {
    const GroupSweep group = by_chunks[std::min(kBlock, len - t0) / 64];
    std::size_t i = 0;
    for (std::size_t j : group_end) {
      group(runs + i, j - i, t0);
      i = j;
    }
  }
}
template <int K>
struct PickBw {
  static constexpr GroupSweep f = &sweep_group_bw<K>;
};
template <int K>
struct PickVnni {
  static constexpr GroupSweep f = &sweep_group_vnni<K>;
};

bool has_vnni() {
  static const bool yes = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512vnni") != 0;
  }();
  return yes;
}
#endif

void sweep8_portable(Run8* runs, std::size_t n_runs, std::size_t len) {
#if defined(__AVX512BW__)
  sweep_shared_a<PickBw>(runs, n_runs, len);
#else
  sweep8_one_by_one(runs, n_runs, len);
#endif
}

void sweep8(Run8* runs, std::size_t n_runs, std::size_t len) {
#if defined(__AVX512BW__)
  if (has_vnni()) return sweep_shared_a<PickVnni>(runs, n_runs, len);
#endif
  sweep8_portable(runs, n_runs, len);
}

// popcount_products: the plain loop, which the compiler vectorises when the level has a vector
// popcount. x86-64-v4 does not: AVX-512 VPOPCNTDQ (Intel Ice Lake, AMD Zen 4 and later) is an
// extension of its own, so the AVX-512 copy also holds a version compiled for it and takes it
// when the CPU has it (a function attribute; the rest of the copy stays plain x86-64-v4).
// Measured on AMD EPYC family 26 model 2 (one 9x9 table, 56 x 56 byte entries, -O3, a
// stand-alone loop of 20,000 tables): 1,560 ns per table at x86-64-v4, 259 ns with VPOPCNTDQ.
template <class T>
[[gnu::always_inline]] inline void products(const std::uint64_t* xs, std::size_t n1, const std::uint64_t* ys,
                                            std::size_t n2, T* g) {
  for (std::size_t c1 = 0; c1 < n1; ++c1) {
    const std::uint64_t x = xs[c1];
    for (std::size_t c2 = 0; c2 < n2; ++c2) *g++ = static_cast<T>(std::popcount(x & ys[c2]));
  }
}

#if defined(__AVX512F__) && defined(__x86_64__)
template <class T>
[[gnu::target("avx512vpopcntdq")]] void products_vpopcnt(const std::uint64_t* xs, std::size_t n1,
                                                         const std::uint64_t* ys, std::size_t n2, T* g) {
  products(xs, n1, ys, n2, g);
}
bool has_vpopcntdq() {
  static const bool yes = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512vpopcntdq") != 0;
  }();
  return yes;
}
#endif

template <class T>
void popcount_products_of(const std::uint64_t* xs, std::size_t n1, const std::uint64_t* ys, std::size_t n2, T* g) {
#if defined(__AVX512F__) && defined(__x86_64__)
  if (has_vpopcntdq()) return products_vpopcnt(xs, n1, ys, n2, g);
#endif
  products(xs, n1, ys, n2, g);
}

void popcount_products(const std::uint64_t* xs, std::size_t n1, const std::uint64_t* ys, std::size_t n2,
                       std::uint16_t* g) {
  popcount_products_of(xs, n1, ys, n2, g);
}

#if defined(__AVX512F__) && defined(__x86_64__)
// The byte tables by byte popcounts (AVX-512 BITALG's vpopcntb, VBMI's vpermb): with the words
// of ys cut into bytes and laid out byte-plane by byte-plane -- Y[k] holds byte k of every
// ys[c2], one c2 per byte lane, 64 lanes --
//
//   popcount(x & ys[c2]) = sum over k < 8 of popcount8(byte k of x & Y[k][c2])
//
// so a whole row of up to 64 entries is 8 x (broadcast byte, and, vpopcntb, add) and one store,
// where the word-wide loop above makes 8 entries per vpopcntq and narrows each lane to a byte on
// the way out. The planes are an 8 x 8 byte transpose of each 8 words (vpermb) and an 8 x 8
// transpose of the 64-bit lanes across the 8 registers. Measured (AMD EPYC family 25 model 17,
// one thread, 100 random 56 x 56 tables, best of 200): 594 ns a table word-wide (vpopcntq),
// 337 ns with the planes built by scalar stores, 273 ns as here.
[[gnu::target("avx512bitalg,avx512vbmi")]] void products8_planes(const std::uint64_t* xs, std::size_t n1,
                                                                 const std::uint64_t* ys, std::size_t n2,
                                                                 std::uint8_t* g) {
  assert(n2 <= 64);
  alignas(64) static constexpr std::uint8_t kByteTranspose[64] = {
      0, 8,  16, 24, 32, 40, 48, 56, 1, 9,  17, 25, 33, 41, 49, 57, 2, 10, 18, 26, 34, 42, 50, 58,
      3, 11, 19, 27, 35, 43, 51, 59, 4, 12, 20, 28, 36, 44, 52, 60, 5, 13, 21, 29, 37, 45, 53, 61,
      6, 14, 22, 30, 38, 46, 54, 62, 7, 15, 23, 31, 39, 47, 55, 63};
  const __m512i byte_transpose = _mm512_load_si512(kByteTranspose);
  // Z[j] lane k = byte k of ys[8j .. 8j+7] (lanes past n2 zero: masked loads read nothing there).
  __m512i z[8];
  for (std::size_t j = 0; j < 8; ++j) {
    const std::size_t lo = 8 * j, have = lo >= n2 ? 0 : std::min<std::size_t>(8, n2 - lo);
    const __m512i words = _mm512_maskz_loadu_epi64(static_cast<__mmask8>((1u << have) - 1), ys + lo);
    z[j] = _mm512_permutexvar_epi8(byte_transpose, words);
  }
  // Y[k] lane j = Z[j] lane k: the 8 x 8 transpose of 64-bit lanes in three rounds.
  __m512i t[8], u[8], y[8];
  // (vpunpck[lh]qdq as two-source permutes: GCC 12 warns inside its own unpack intrinsics.)
  const __m512i evens = _mm512_set_epi64(14, 6, 12, 4, 10, 2, 8, 0), odds = _mm512_set_epi64(15, 7, 13, 5, 11, 3, 9, 1);
  for (int j = 0; j < 8; j += 2) {
    t[j] = _mm512_permutex2var_epi64(z[j], evens, z[j + 1]);
    t[j + 1] = _mm512_permutex2var_epi64(z[j], odds, z[j + 1]);
  }
  const __m512i lo4 = _mm512_set_epi64(13, 12, 5, 4, 9, 8, 1, 0), hi4 = _mm512_set_epi64(15, 14, 7, 6, 11, 10, 3, 2);
  for (int h = 0; h < 8; h += 4) {
    u[h + 0] = _mm512_permutex2var_epi64(t[h + 0], lo4, t[h + 2]);
    u[h + 1] = _mm512_permutex2var_epi64(t[h + 1], lo4, t[h + 3]);
    u[h + 2] = _mm512_permutex2var_epi64(t[h + 0], hi4, t[h + 2]);
    u[h + 3] = _mm512_permutex2var_epi64(t[h + 1], hi4, t[h + 3]);
  }
  const __m512i lo8 = _mm512_set_epi64(11, 10, 9, 8, 3, 2, 1, 0), hi8 = _mm512_set_epi64(15, 14, 13, 12, 7, 6, 5, 4);
  for (int k = 0; k < 4; ++k) {
    y[k] = _mm512_permutex2var_epi64(u[k], lo8, u[k + 4]);
    y[k + 4] = _mm512_permutex2var_epi64(u[k], hi8, u[k + 4]);
  }
  __m512i byte_k[8];
  for (int k = 0; k < 8; ++k) byte_k[k] = _mm512_set1_epi8(static_cast<char>(k));
  const __mmask64 row = n2 == 64 ? ~__mmask64{0} : (__mmask64{1} << n2) - 1;
  for (std::size_t c1 = 0; c1 < n1; ++c1) {
    const __m512i x = _mm512_set1_epi64(static_cast<long long>(xs[c1]));
    __m512i acc = _mm512_setzero_si512();
    for (int k = 0; k < 8; ++k)
      acc = _mm512_add_epi8(acc, _mm512_popcnt_epi8(_mm512_and_si512(y[k], _mm512_shuffle_epi8(x, byte_k[k]))));
    _mm512_mask_storeu_epi8(g + c1 * n2, row, acc);
  }
}
bool has_bitalg_vbmi() {
  static const bool yes = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512bitalg") != 0 && __builtin_cpu_supports("avx512vbmi") != 0;
  }();
  return yes;
}
#endif

void popcount_products8(const std::uint64_t* xs, std::size_t n1, const std::uint64_t* ys, std::size_t n2,
                        std::uint8_t* g) {
#if defined(__AVX512F__) && defined(__x86_64__)
  if (n2 <= 64 && has_bitalg_vbmi()) return products8_planes(xs, n1, ys, n2, g);
#endif
  popcount_products_of(xs, n1, ys, n2, g);
}

// gather_dots: two table loads (one from each row), a 32 x 32 -> 64-bit product, a 64-bit sum.
// The rows (5,775 u32 each for 4x3: 46 KB for the pair) sit in L1/L2 while every top band of the
// group runs over them; the index lists stream. Written as the plain loop: measured on this
// machine (AMD EPYC, 1 thread, two random rows of 5,775 entries, 64 lists of 346 indices;
// /tmp-style micro-benchmark, now bench_three_band's BM_GatherDots), ns per term:
//     plain loop, compiler's code     x86-64 0.58   x86-64-v3 0.50-0.54   x86-64-v4 0.62
//     vpgatherdd (AVX2, 8 lanes)      0.75 - 0.88
//     vpgatherdd (AVX-512, 16 lanes)  0.76 - 0.87  (masked tail)
//     one u32 list of packed (a, b) index pairs instead of two u16 lists: 0.65 - 0.71
// The gathers lose: this CPU's vpgatherdd is about as slow as the loads it replaces, and the
// loop is bound by its four loads per term (two indices, two table entries).
// Tried and lost (2026-12-02, AMD EPYC family 26 model 2, 1 thread, a scratch program over 346
// row pairs of random rows, as the box-3 loop meets them): K row pairs per pass over a band's
// index list, so each index pair is loaded once for K products (2 + 2/K loads a term). ns per
// term at G = 256, K = 1 / 2 / 4 / 8: x86-64-v3 0.64 / 0.79 / 0.94 / 1.03, x86-64-v4 0.67 / 0.78 /
// 0.87 / 0.98, baseline 0.89 / 0.85 / 0.83 / 0.88. K row pairs are K x 46 KB, past L1, and the
// K sums do not vectorise: the table loads, not the index loads, set the pace. BM_GatherDots on
// the same machine: baseline 0.54 - 0.74, AVX2 0.44 - 0.54, AVX-512 0.50 - 0.52 ns (G = 64, 256).
std::uint64_t gather_dot(const std::uint32_t* rm, const std::uint32_t* rb, const std::uint16_t* a, const std::uint16_t* b,
                         std::size_t n) {
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < n; ++i) sum += static_cast<std::uint64_t>(rm[a[i]]) * rb[b[i]];
  return sum;
}

void gather_dots(const std::uint32_t* rm, const std::uint32_t* rb, const std::uint16_t* a, const std::uint16_t* b,
                 std::size_t n, std::size_t groups, std::uint64_t* out) {
  for (std::size_t c = 0; c < groups; ++c) out[c] = gather_dot(rm, rb, a + c * n, b + c * n, n);
}

// tile_rows and tile_dots: the same sums with box 3's row pairs turned on their side, 16 at a
// time (three_band.cpp, part 4, draws the layout). A tile holds, per table column j, the 16
// rows' entries side by side (one 64-byte line), so a band's index pair (a, b) meets 16 row
// pairs with two line loads and 16 products in two vpmuludq: the same terms as 16 gather_dots
// calls, without the gathers. Measured before it was written (2026-12-03, AMD EPYC family 26
// model 2, 1 thread, a scratch program: random rows of a 267 MB table, 346 box-3 chains, G lists
// of 346 index pairs, the transposition included), ns per term, row pairs / tiles:
//     G = 16: 1.10 / 0.68    G = 64: 0.57 / 0.23    G = 256: 0.45 / 0.10   (AVX-512, 16 lanes)
//     G = 16: 1.01 / 0.50    G = 64: 0.50 / 0.18    G = 256: 0.38 / 0.10   (AVX2, 8 lanes)
// of which the transposition (scalar) is about 30 % at G = 256. The inner loop over the 16
// lanes written plainly was compiled to scalar imuls (0.43 ns): hence the intrinsics.
// tile_rows turns 16 x 16 blocks in registers (AVX-512: 16 rows of 16 entries, four rounds of
// unpacks and lane shuffles; AVX2: two 8 x 8 blocks per 16 lines); the last p mod 16 (or 8)
// entries go one by one. BM_TileRows (in cache): see bench_three_band.cpp.
void tile_rows(const std::uint32_t* const* rows, std::size_t p, std::uint32_t* tile) {
  std::size_t j0 = 0;
#if defined(__AVX512F__) && defined(__x86_64__)
  for (; j0 + 16 <= p; j0 += 16) {
    __m512i r[16], t[16];
    for (int l = 0; l < 16; ++l) r[l] = _mm512_loadu_si512(rows[l] + j0);
    for (int l = 0; l < 16; l += 2) {  // lane k: r_l[4k], r_l+1[4k], r_l[4k+1], r_l+1[4k+1] / the next two
      t[l] = _mm512_unpacklo_epi32(r[l], r[l + 1]);
      t[l + 1] = _mm512_unpackhi_epi32(r[l], r[l + 1]);
    }
    for (int l = 0; l < 16; l += 4) {  // r[l + i], i < 4: rows l..l+3 at column 4k + i of lane k
      r[l] = _mm512_unpacklo_epi64(t[l], t[l + 2]);
      r[l + 1] = _mm512_unpackhi_epi64(t[l], t[l + 2]);
      r[l + 2] = _mm512_unpacklo_epi64(t[l + 1], t[l + 3]);
      r[l + 3] = _mm512_unpackhi_epi64(t[l + 1], t[l + 3]);
    }
    for (int i = 0; i < 4; ++i)  // t[i] (t[i + 4]): rows 0-3 and 4-7 at columns i, 8 + i (4 + i, 12 + i)
      for (int h = 0; h < 2; ++h) {
        t[i + 8 * h] = _mm512_shuffle_i32x4(r[i + 8 * h], r[i + 4 + 8 * h], 0x88);
        t[i + 4 + 8 * h] = _mm512_shuffle_i32x4(r[i + 8 * h], r[i + 4 + 8 * h], 0xdd);
      }
    for (int i = 0; i < 8; ++i) {  // column i and 8 + i: rows 0-3, 4-7 from t[i], 8-15 from t[i + 8]
      const int col = (i & 3) + (i >= 4 ? 4 : 0);
      _mm512_store_si512(tile + (j0 + col) * kTileRows, _mm512_shuffle_i32x4(t[i], t[i + 8], 0x88));
      _mm512_store_si512(tile + (j0 + col + 8) * kTileRows, _mm512_shuffle_i32x4(t[i], t[i + 8], 0xdd));
    }
  }
#elif defined(__AVX2__) && defined(__x86_64__)
  for (; j0 + 8 <= p; j0 += 8)
    for (int h = 0; h < 2; ++h) {  // rows 8h .. 8h + 7 into lanes 8h .. 8h + 7 of lines j0 .. j0 + 7
      __m256i r[8], t[8];
      for (int l = 0; l < 8; ++l) r[l] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(rows[8 * h + l] + j0));
      for (int l = 0; l < 8; l += 2) {
        t[l] = _mm256_unpacklo_epi32(r[l], r[l + 1]);
        t[l + 1] = _mm256_unpackhi_epi32(r[l], r[l + 1]);
      }
      for (int l = 0; l < 8; l += 4) {
        r[l] = _mm256_unpacklo_epi64(t[l], t[l + 2]);
        r[l + 1] = _mm256_unpackhi_epi64(t[l], t[l + 2]);
        r[l + 2] = _mm256_unpacklo_epi64(t[l + 1], t[l + 3]);
        r[l + 3] = _mm256_unpackhi_epi64(t[l + 1], t[l + 3]);
      }
      for (int i = 0; i < 4; ++i) {  // r[i]: rows 0-3 at columns i, 4 + i; r[i + 4]: rows 4-7
        _mm256_store_si256(reinterpret_cast<__m256i*>(tile + (j0 + i) * kTileRows + 8 * h), _mm256_permute2x128_si256(r[i], r[i + 4], 0x20));
        _mm256_store_si256(reinterpret_cast<__m256i*>(tile + (j0 + i + 4) * kTileRows + 8 * h), _mm256_permute2x128_si256(r[i], r[i + 4], 0x31));
      }
    }
#endif
  for (std::size_t j = j0; j < p; ++j)
    for (std::size_t l = 0; l < kTileRows; ++l) tile[j * kTileRows + l] = rows[l][j];
}

void tile_dots(const std::uint32_t* ta, const std::uint32_t* tb, const std::uint16_t* a, const std::uint16_t* b,
               std::size_t n, std::size_t groups, std::uint64_t* out) {
  static_assert(kTileRows == 16, "the vector paths below hold a tile line in one zmm or two ymm");
  for (std::size_t c = 0; c < groups; ++c) {
    const std::uint16_t* ac = a + c * n;
    const std::uint16_t* bc = b + c * n;
#if defined(__AVX512F__) && defined(__x86_64__)
    __m512i even = _mm512_setzero_si512(), odd = _mm512_setzero_si512();
    for (std::size_t i = 0; i < n; ++i) {
      const __m512i x = _mm512_load_si512(ta + std::size_t{ac[i]} * kTileRows);
      const __m512i y = _mm512_load_si512(tb + std::size_t{bc[i]} * kTileRows);
      even = _mm512_add_epi64(even, _mm512_mul_epu32(x, y));
      odd = _mm512_add_epi64(odd, _mm512_mul_epu32(_mm512_srli_epi64(x, 32), _mm512_srli_epi64(y, 32)));
    }
    out[c] = static_cast<std::uint64_t>(_mm512_reduce_add_epi64(_mm512_add_epi64(even, odd)));
#elif defined(__AVX2__) && defined(__x86_64__)
    __m256i even = _mm256_setzero_si256(), odd = _mm256_setzero_si256();
    for (std::size_t i = 0; i < n; ++i) {
      const auto* x = reinterpret_cast<const __m256i*>(ta + std::size_t{ac[i]} * kTileRows);
      const auto* y = reinterpret_cast<const __m256i*>(tb + std::size_t{bc[i]} * kTileRows);
      const __m256i x0 = _mm256_load_si256(x), x1 = _mm256_load_si256(x + 1);
      const __m256i y0 = _mm256_load_si256(y), y1 = _mm256_load_si256(y + 1);
      even = _mm256_add_epi64(even, _mm256_add_epi64(_mm256_mul_epu32(x0, y0), _mm256_mul_epu32(x1, y1)));
      odd = _mm256_add_epi64(odd, _mm256_add_epi64(_mm256_mul_epu32(_mm256_srli_epi64(x0, 32), _mm256_srli_epi64(y0, 32)),
                                                   _mm256_mul_epu32(_mm256_srli_epi64(x1, 32), _mm256_srli_epi64(y1, 32))));
    }
    alignas(32) std::uint64_t lanes[4];
    _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), _mm256_add_epi64(even, odd));
    out[c] = lanes[0] + lanes[1] + lanes[2] + lanes[3];
#else
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint32_t* x = ta + std::size_t{ac[i]} * kTileRows;
      const std::uint32_t* y = tb + std::size_t{bc[i]} * kTileRows;
      for (std::size_t l = 0; l < kTileRows; ++l) sum += static_cast<std::uint64_t>(x[l]) * y[l];
    }
    out[c] = sum;
#endif
  }
}

// band_colourings: the count of band_colourings.hpp on a copy of the columns (it edits them as
// it goes). Measured (AMD EPYC, 1 thread, load average ~1.2 on 2 cores; bench_colourings, the
// same 500 random 4x3 / 2,000 3x3 bands per level, median of 3, two interleaved rounds):
//     level      4x3 ms per F   3x3 us per F
//     baseline   4.90 - 5.06    2.20 - 2.27   (the code before it was a kernel: 4.96 - 5.22)
//     avx2       3.70 - 3.75    1.65 - 1.75
//     avx512     3.61 - 3.79    1.66 - 1.76
// 1.34 - 1.35x on 4x3 (the POPCNT instruction for the libgcc call; at most 1.40x was to be had,
// the call's 28.7 % of the profile): a quarter off the colouring counts, which are 3/4 of the
// 4x3 table build, so about a fifth off the build (estimated, not measured).
// F_2's cycles by path ends (core/combinatorics.hpp's two_regular_cycles, shared with the other
// colouring counts) instead of this file's union-find over the digits: bench_colourings
// BM_ThreeBandColourings, ms per 500 4x3 / 2,000 3x3 bands, CPU time, medians of 3, old and new
// interleaved twice (AMD EPYC family 25 model 17, 1 thread, load 2.6 - 3.4 on 2 cores: another
// build at nice 10):
//     level      4x3 old       4x3 new       3x3 old       3x3 new
//     avx512     1819 - 1847   1405 - 1471   3.26 - 3.43   2.43 - 2.44
//     baseline   2430 - 2481   2057 - 2160   4.31 - 4.40   3.51 - 3.54
std::uint64_t band_colourings(const DigitMask* cols, int N, DigitMask all, int r) {
  assert(N >= 1 && N <= 16);
  DigitMask c[16] = {};
  for (int j = 0; j < N; ++j) c[j] = cols[j];
  return BandColourings{N, all}.count(c, r);
}

}  // namespace

#define GRIDENUM_CAT2(a, b) a##b
#define GRIDENUM_CAT(a, b) GRIDENUM_CAT2(a, b)
extern const CountKernels GRIDENUM_CAT(kernels_, GRIDENUM_ISA_NAME);
const CountKernels GRIDENUM_CAT(kernels_, GRIDENUM_ISA_NAME){GRIDENUM_ISA_ENUM, &sweep8, &sweep8_portable, &popcount_products,
                                                                  &popcount_products8, &gather_dots, &tile_rows, &tile_dots,
                                                                  &band_colourings};

}  // namespace gridenum::detail
