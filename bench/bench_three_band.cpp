// The three-band route on 4x3 (count/three_band/three_band.hpp): seconds per class of a chunk of G classes
// counted together, on 1 and 2 threads. Setup (once per process): the catalogue, the prefix
// forms and the F tables, about 5 minutes on 2 threads and 1.4 GB. Each benchmark times the
// first G classes of the largest prefix group over every 16th box-1 chain and scales up
// (ThreeBandCounter::estimate_seconds: the sum is linear in the box-1 chains), so one run takes
// minutes, not hours; the figure is the manual time, the estimated wall time of the whole chunk,
// and the counter s_per_class.
//
//   build/bench/bench_three_band --benchmark_counters_tabular=true
//
// Recorded (AMD EPYC 2.6 GHz, 2 cores, idle, 2026-11-24; tables 5 min, whole run 7.7 min):
//   G    threads   est. chunk wall s   s per class
//   1    2          30.9               30.86    (the full sum measured: 29.8 - 34.5)
//   16   2         106                  6.64
//   128  1         585                  4.57
//   128  2         295                  2.31    (the full sum measured: 2.42)
//   256  1        1016                  3.97
//   256  2         516                  2.01    (the full sum measured: 2.07)
// 2 threads against 1: 1.98x at G = 128, 1.97x at G = 256.
//
// BM_GatherDots times the innermost sum alone (no tables built: seconds): the gather_dots kernel
// of every instruction-set level this CPU runs, over two random rows of 5,775 entries (in cache, as
// a row pair is while its group runs over it) and G lists of 346 index pairs; seconds per term
// (src/count/isa/kernels.cpp has the figures and what was tried against it).
//
//   build/bench/bench_three_band --benchmark_filter=GatherDots
#include <benchmark/benchmark.h>

#include <boost/align/aligned_allocator.hpp>

#include <oneapi/tbb/task_arena.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <random>
#include <vector>

#include "gridenum/count/three_band/band_signatures.hpp"
#include "gridenum/count/three_band/three_band.hpp"
#include "gridenum/count/three_band/three_band_run.hpp"
#include "../src/count/isa/kernels.hpp"

using namespace gridenum;

namespace {

struct FourByThree {
  Shape s{4, 3};
  std::unique_ptr<ThreeBandState> state;
  std::map<std::size_t, std::vector<std::vector<DigitMask>>> chunks;  // G -> the sample chunk's prefix forms

  FourByThree() {
    state = three_band_state(s, 2);
    // GRIDENUM_BENCH_TABLE_CACHE=DIR: read the F table from DIR's cache (or build and write it).
    if (const char* dir = std::getenv("GRIDENUM_BENCH_TABLE_CACHE")) state->table_cache = dir;
    const std::vector<std::size_t> sizes{1, 16, 64, 128, 256};
    const auto sample = three_band_sample_chunks(*state, sizes);
    for (std::size_t k = 0; k < sizes.size(); ++k) {
      std::string classes;
      for (auto i : sample[k]) {
        chunks[sizes[k]].push_back(state->forms[i - 1].columns);
        if (!classes.empty()) classes += ',';
        classes += std::to_string(i);
      }
      std::fprintf(stderr, "sample chunk G = %zu: classes %s\n", sizes[k], classes.c_str());
    }
    three_band_build_tables(*state, 2);
  }
  const std::vector<std::vector<DigitMask>>& chunk(std::size_t G) const { return chunks.at(G); }
  ThreeBandCounter& counter() const { return *state->counter; }
};

FourByThree& data() {
  static FourByThree d;
  return d;
}

void BM_FourByThreeChunk(benchmark::State& st) {
  auto& d = data();
  const auto G = static_cast<std::size_t>(st.range(0));
  const std::vector<std::vector<DigitMask>> tops = d.chunk(G);
  tbb::task_arena arena(static_cast<int>(st.range(1)));
  const ThreeBandSum kind = st.range(2) == 0 ? ThreeBandSum::RowPairs : ThreeBandSum::Tiles;
  d.counter().set_sum(kind);
  double estimate = 0;
  for (auto _ : st) {
    arena.execute([&] { estimate = d.counter().estimate_seconds(tops, 16); });
    st.SetIterationTime(estimate);
  }
  st.SetLabel(kind == ThreeBandSum::RowPairs ? "row pairs" : "tiles");
  st.counters["classes"] = static_cast<double>(G);
  st.counters["threads"] = static_cast<double>(st.range(1));
  st.counters["s_per_class"] = estimate / static_cast<double>(G);
}

// The innermost sum at instruction-set level range(0) (0 baseline, 1 AVX2, 2 AVX-512; a level this
// CPU lacks is skipped) for G = range(1) lists of 346 index pairs into two rows of 5,775 values
// below 2^23 (4x3's largest F / 4! is 7,962,624).
void BM_GatherDots(benchmark::State& st) {
  const Isa isa = st.range(0) == 0 ? Isa::Baseline : st.range(0) == 1 ? Isa::Avx2 : Isa::Avx512;
  if (!isa_supported(isa)) {
    st.SkipWithError("this CPU lacks the level");
    return;
  }
  constexpr std::size_t kP = 5775, kTerms = 346;
  const auto G = static_cast<std::size_t>(st.range(1));
  std::mt19937_64 rng(2026);
  std::vector<std::uint32_t> rm(kP), rb(kP);
  for (auto& v : rm) v = static_cast<std::uint32_t>(rng() % 7962625);
  for (auto& v : rb) v = static_cast<std::uint32_t>(rng() % 7962625);
  std::vector<std::uint16_t> a(G * kTerms), b(G * kTerms);
  for (auto& v : a) v = static_cast<std::uint16_t>(rng() % kP);
  for (auto& v : b) v = static_cast<std::uint16_t>(rng() % kP);
  std::vector<std::uint64_t> out(G);
  const auto& kernels = detail::count_kernels(isa);
  for (auto _ : st) {
    kernels.gather_dots(rm.data(), rb.data(), a.data(), b.data(), kTerms, G, out.data());
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  st.SetLabel(to_string(isa));
  st.counters["s_per_term"] =
      benchmark::Counter(static_cast<double>(G * kTerms), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

// The tile kernel at level range(0) for G = range(1) lists of 346 index pairs into two tiles of
// 5,775 lines (16 row pairs each; in L2, as a tile pair is while its group runs over it); seconds
// per term (16 per index pair), comparable with BM_GatherDots's. The tiles are filled by the
// level's tile_rows from 16 random rows each, timed apart as BM_TileRows. The indices are drawn
// from the first `lines` lines of each tile (all 5,775 by default): BM_TileDotsFootprint reads
// fewer, to show what the tile pair's 740 KB cost on a core whose L2 is smaller (Zen 3: 512 KB;
// docs/methods/three_band.md, *Tiles on a 512 KB L2*).
struct Tiles {
  static constexpr std::size_t kP = 5775, kTerms = 346;
  std::vector<std::uint32_t> rows;
  std::vector<std::uint32_t, boost::alignment::aligned_allocator<std::uint32_t, 64>> tm, tb;
  std::vector<std::uint16_t> a, b;
  explicit Tiles(std::size_t G, std::size_t lines = kP)
      : rows(2 * detail::kTileRows * kP), tm(kP * detail::kTileRows), tb(kP * detail::kTileRows), a(G * kTerms), b(G * kTerms) {
    std::mt19937_64 rng(2026);
    for (auto& v : rows) v = static_cast<std::uint32_t>(rng() % 7962625);
    for (auto& v : a) v = static_cast<std::uint16_t>(rng() % lines);
    for (auto& v : b) v = static_cast<std::uint16_t>(rng() % lines);
  }
  void fill(const detail::CountKernels& k) {
    const std::uint32_t* rm[detail::kTileRows];
    const std::uint32_t* rb[detail::kTileRows];
    for (std::size_t l = 0; l < detail::kTileRows; ++l) {
      rm[l] = rows.data() + l * kP;
      rb[l] = rows.data() + (detail::kTileRows + l) * kP;
    }
    k.tile_rows(rm, kP, tm.data());
    k.tile_rows(rb, kP, tb.data());
  }
};

void BM_TileDots(benchmark::State& st) {
  const Isa isa = st.range(0) == 0 ? Isa::Baseline : st.range(0) == 1 ? Isa::Avx2 : Isa::Avx512;
  if (!isa_supported(isa)) {
    st.SkipWithError("this CPU lacks the level");
    return;
  }
  const auto G = static_cast<std::size_t>(st.range(1));
  Tiles t(G, static_cast<std::size_t>(st.range(2)));
  const auto& kernels = detail::count_kernels(isa);
  t.fill(kernels);
  std::vector<std::uint64_t> out(G);
  for (auto _ : st) {
    kernels.tile_dots(t.tm.data(), t.tb.data(), t.a.data(), t.b.data(), Tiles::kTerms, G, out.data());
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  st.SetLabel(to_string(isa));
  st.counters["s_per_term"] = benchmark::Counter(static_cast<double>(G * Tiles::kTerms * detail::kTileRows),
                                                 benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

// Turning 16 rows of 5,775 entries on their side (two per tile pair); seconds per entry.
void BM_TileRows(benchmark::State& st) {
  const Isa isa = st.range(0) == 0 ? Isa::Baseline : st.range(0) == 1 ? Isa::Avx2 : Isa::Avx512;
  if (!isa_supported(isa)) {
    st.SkipWithError("this CPU lacks the level");
    return;
  }
  Tiles t(1);
  const auto& kernels = detail::count_kernels(isa);
  for (auto _ : st) {
    t.fill(kernels);
    benchmark::ClobberMemory();
  }
  st.SetLabel(to_string(isa));
  st.counters["s_per_entry"] = benchmark::Counter(static_cast<double>(2 * Tiles::kP * detail::kTileRows),
                                                  benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

}  // namespace

BENCHMARK(BM_TileRows)->ArgNames({"isa"})->DenseRange(0, 2);
BENCHMARK(BM_GatherDots)->ArgNames({"isa", "G"})->ArgsProduct({{0, 1, 2}, {64, 256}});

BENCHMARK(BM_TileDots)->ArgNames({"isa", "G", "lines"})->ArgsProduct({{0, 1, 2}, {64, 256}, {Tiles::kP}});
// The same at G = 256 with the indices confined to the first 5,775 (all), 2,888 or 1,444 lines of
// each tile: a tile pair's footprint of 740, 370 or 185 KB.
BENCHMARK(BM_TileDots)->Name("BM_TileDotsFootprint")->ArgNames({"isa", "G", "lines"})->ArgsProduct({{1, 2}, {256}, {5775, 2888, 1444}});

BENCHMARK(BM_FourByThreeChunk)
    ->ArgNames({"G", "threads", "tiles"})
    ->ArgsProduct({{1, 16, 64, 128, 256}, {1, 2}, {0, 1}})
    ->UseManualTime()
    ->Iterations(1)
    ->Unit(benchmark::kSecond);
