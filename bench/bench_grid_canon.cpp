// Canonical forms per second (grid/canon.hpp), one thread: every shape by the pruned search
// (canon.cpp) and 9x9 also by the band tables (canon_nine.cpp), with and without the
// transposition. The grids are 4,096 exactly uniform samples of the shape (grid/sample.hpp, seed 1;
// shapes the sampler does not take (10x10, 12x12) use the puzzle generator's random grids); the
// band tables are built before the timing (their start-up is in docs/grid-tools.md, "Speed").
//
//   ./bench/bench_grid_canon
//   ./bench/bench_grid_canon --benchmark_filter='3/3'
//
// items/s is grids per second. Recorded in docs/grid-tools.md ("Speed").
#include <benchmark/benchmark.h>

#include <vector>

#include "gridenum/grid/canon.hpp"
#include "gridenum/grid/rank.hpp"
#include "gridenum/grid/sample.hpp"
#include "gridenum/puzzle/generate.hpp"
#include "gridenum/puzzle/model.hpp"
#include "gridenum/puzzle/rng.hpp"

namespace {
using namespace gridenum;

std::vector<GridCells> grids_of(Shape s, int count) {
  std::vector<GridCells> grids;
  if (is_rank_shape(s)) {
    const GridRanker& g = grid_ranker(s);
    for (int i = 0; i < count; ++i) grids.push_back(sample_grid(g, 1, static_cast<std::uint64_t>(i)));
  } else {
    const Model m = make_model(s, kRuleClassic, std::vector<int>(static_cast<std::size_t>(s.cells()), 0));
    for (int i = 0; i < count; ++i) {
      Rng rng(static_cast<std::uint64_t>(i) + 1);
      grids.push_back(random_solution(m, rng));
    }
  }
  return grids;
}

// Arguments: R, C, band tables (9x9 only), transposition.
void BM_Canon(benchmark::State& state) {
  const Shape s{static_cast<int>(state.range(0)), static_cast<int>(state.range(1))};
  CanonOptions opt;
  opt.band_tables = state.range(2) != 0;
  opt.transposition = state.range(3) != 0;
  const std::vector<GridCells> grids = grids_of(s, s.n() >= 10 ? 512 : 4096);
  benchmark::DoNotOptimize(canonical_form(s, grids[0], opt));  // tables built here
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(canonical_form(s, grids[i], opt));
    i = (i + 1) % grids.size();
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel(s.str() + (s.n() == 9 ? (opt.band_tables ? " band tables" : " search") : "") +
                 (s.rows == s.cols && !opt.transposition ? " no transposition" : ""));
}

}  // namespace

BENCHMARK(BM_Canon)
    ->Args({3, 3, 1, 1})
    ->Args({3, 3, 1, 0})
    ->Args({3, 3, 0, 1})
    ->Args({3, 3, 0, 0})
    ->Args({2, 2, 0, 1})
    ->Args({2, 3, 0, 1})
    ->Args({2, 4, 0, 1})
    ->Args({2, 5, 0, 1})
    ->Args({3, 4, 0, 1})
    ->Args({2, 6, 0, 1});
