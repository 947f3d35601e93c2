// Rank, unrank and sample per second on the shapes grid/rank.hpp takes (2x2, 2x3, 3x2 by the
// prefix descent, 4x2 and 2x4 through the two bands, 3x3 through bands and stacks, 2x5 and 5x2
// through the two stacks), one thread, the ranker built before the timing (its start-up is
// BM_RankerStartUp, BM_EightRankerStartUp for 8x8, BM_NineRankerStartUp for 9x9 and
// BM_TenRankerStartUp for 10x10, on the process's threads).
//
//   ./bench/bench_grid_rank
//   ./bench/bench_grid_rank --benchmark_filter=Unrank
//
// The grids ranked are 4,096 samples of the shape (seed 1; 10x10: 256, about 10 ms each to draw);
// items/s is grids per second.
// Recorded in docs/grid-tools.md ("Speed of rank, unrank and sample").
#include <benchmark/benchmark.h>

#include <vector>

#include "gridenum/grid/band_stack_rank.hpp"
#include "gridenum/grid/rank.hpp"
#include "gridenum/grid/sample.hpp"
#include "gridenum/grid/two_band_rank.hpp"
#include "gridenum/grid/two_stack_rank.hpp"

namespace {
using namespace gridenum;

Shape shape_of(const benchmark::State& state) { return {static_cast<int>(state.range(0)), static_cast<int>(state.range(1))}; }
std::uint64_t grids_for(Shape s) { return s.n() >= 10 ? 256 : 4096; }

void BM_Rank(benchmark::State& state) {
  const GridRanker& g = grid_ranker(shape_of(state));
  std::vector<GridCells> grids;
  for (std::uint64_t i = 0; i < grids_for(g.shape()); ++i) grids.push_back(sample_grid(g, 1, i));
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(g.rank(grids[i]));
    i = (i + 1) % grids.size();
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel(g.shape().str());
}

void BM_Unrank(benchmark::State& state) {
  const GridRanker& g = grid_ranker(shape_of(state));
  std::vector<u128> ranks;
  for (std::uint64_t i = 0; i < grids_for(g.shape()); ++i) ranks.push_back(sample_rank(g, 1, i));
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(g.unrank(ranks[i]));
    i = (i + 1) % ranks.size();
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel(g.shape().str());
}

void BM_Sample(benchmark::State& state) {
  const GridRanker& g = grid_ranker(shape_of(state));
  std::uint64_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(sample_grid(g, 2, i++));
  state.SetItemsProcessed(state.iterations());
  state.SetLabel(g.shape().str());
}

// A fresh ranker: the prefix-count table from the first row (what a process pays once per shape).
void BM_RankerStartUp(benchmark::State& state) {
  for (auto _ : state) {
    const PrefixRanker g(shape_of(state));
    state.counters["table_keys"] = static_cast<double>(g.counts().keys());
  }
  state.SetLabel(shape_of(state).str());
}

// A fresh 8x8 ranker: A0 and F of the 160,000 column-set structures (on the threads oneTBB gives
// the process), each thread's matching-removal memo starting empty.
void BM_EightRankerStartUp(benchmark::State& state) {
  for (auto _ : state) {
    const TwoBandRanker g(shape_of(state));
    state.counters["structures"] = static_cast<double>(g.structures());
  }
  state.SetLabel(shape_of(state).str());
}

// A fresh 9x9 ranker: the band tensors, the 44 classes' tables (on the threads oneTBB gives the
// process) and the band offsets.
void BM_NineRankerStartUp(benchmark::State& state) {
  for (auto _ : state) {
    const BandStackRanker g;
    state.counters["classes"] = static_cast<double>(g.classes());
    state.counters["tensors"] = static_cast<double>(g.tensors());
  }
  state.SetLabel("3x3");
}

// A fresh 10x10 ranker: the side-2 count's classes and their F (on the threads oneTBB gives the
// process), then the sums over the digit-type histograms (one thread).
void BM_TenRankerStartUp(benchmark::State& state) {
  for (auto _ : state) {
    const TwoStackRanker g(shape_of(state));
    state.counters["histograms"] = static_cast<double>(g.histograms(4));
  }
  state.SetLabel(shape_of(state).str());
}

void shapes(benchmark::internal::Benchmark* b) {
  b->Args({2, 2})->Args({2, 3})->Args({3, 2})->Args({4, 2})->Args({2, 4})->Args({3, 3})->Args({2, 5})->Args({5, 2});
}
void prefix_shapes(benchmark::internal::Benchmark* b) { b->Args({2, 2})->Args({2, 3})->Args({3, 2}); }

}  // namespace

BENCHMARK(BM_Rank)->Apply(shapes);
BENCHMARK(BM_Unrank)->Apply(shapes);
BENCHMARK(BM_Sample)->Apply(shapes);
BENCHMARK(BM_RankerStartUp)->Apply(prefix_shapes)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_EightRankerStartUp)->Args({4, 2})->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_NineRankerStartUp)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_TenRankerStartUp)->Args({2, 5})->Unit(benchmark::kMillisecond)->UseRealTime();
