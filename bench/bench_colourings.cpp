// The band colouring count F (band fillings with given column sets) of both methods, over fixed
// random configurations: the three-band route's (three_band_fillings, the count that fills its
// F table) and the signature method's (bands_with_signature, the count that fills its pair-type
// table). A cheap stand-in for the 4x3 table builds (5 to 7 minutes each), whose profile is this
// count; the 4x3 case counts 500 random bands, the others 2,000.
//
// Both counts use the level GRIDENUM_ISA selects (core/cpu.hpp), so the levels are compared by
// running the binary once per level:
//
//   for isa in baseline avx2 avx512; do GRIDENUM_ISA=$isa build/bench/bench_colourings; done
//
// Recorded (AMD EPYC, 2 cores shared, 2026-11-27; CPU time per F, medians of 3 or 5, runs of
// the levels interleaved; src/count/isa/kernels.cpp and src/verify/isa/colourings.cpp have
// the rounds):
//   count                 shape  baseline       avx2           avx512         load
//   three-band            4x3    4.90 - 5.06 ms 3.70 - 3.75 ms 3.61 - 3.79 ms  ~1.2
//   three-band            3x3    2.20 - 2.27 us 1.65 - 1.75 us 1.66 - 1.76 us  ~1.2
//   signature             4x3    5.1 - 6.4 ms   5.1 - 6.0 ms   5.1 - 5.8 ms    1.5 - 1.9
// The three-band count is 1.34 - 1.35x faster with POPCNT (its baseline copy calls libgcc's
// __popcountdi2); the signature count has no popcount and gains about 5 %, inside the noise.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <vector>

#include "gridenum/count/three_band/three_band.hpp"
#include "gridenum/verify/signature.hpp"

using namespace gridenum;

namespace {

// Each box's C columns get a random partition of the N digits into C sets of R (seeded: every
// run and every level counts the same bands).
std::vector<std::vector<DigitMask>> random_bands(Shape s, int count) {
  std::mt19937_64 rng(20261127);
  std::vector<std::vector<DigitMask>> out;
  std::vector<int> perm(s.n());
  for (int k = 0; k < count; ++k) {
    std::vector<DigitMask> cols(s.n(), 0);
    for (int b = 0; b < s.rows; ++b) {
      std::iota(perm.begin(), perm.end(), 0);
      std::shuffle(perm.begin(), perm.end(), rng);
      for (int i = 0; i < s.n(); ++i) cols[b * s.cols + i / s.rows] |= DigitMask{1} << perm[i];
    }
    out.push_back(std::move(cols));
  }
  return out;
}

int bands_for(Shape s) { return s.rows == 4 ? 500 : 2000; }

template <class Count>
void run(benchmark::State& st, Shape s, Count count) {
  const auto bands = random_bands(s, bands_for(s));
  std::uint64_t sum = 0;
  for (auto _ : st)
    for (const auto& b : bands) sum += count(s, b);
  benchmark::DoNotOptimize(sum);
  st.SetItemsProcessed(static_cast<std::int64_t>(st.iterations() * bands.size()));  // F per CPU second
}

void BM_ThreeBandColourings(benchmark::State& st) {
  run(st, Shape{static_cast<int>(st.range(0)), 3}, [](Shape s, const std::vector<DigitMask>& c) { return three_band_fillings(s, c); });
}

void BM_SignatureColourings(benchmark::State& st) {
  run(st, Shape{static_cast<int>(st.range(0)), static_cast<int>(st.range(1))},
      [](Shape s, const std::vector<DigitMask>& c) { return bands_with_signature(s, c); });
}

}  // namespace

BENCHMARK(BM_ThreeBandColourings)->ArgName("R")->Arg(3)->Arg(4)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SignatureColourings)->ArgNames({"R", "C"})->Args({3, 3})->Args({3, 4})->Args({4, 3})->Unit(benchmark::kMillisecond);
