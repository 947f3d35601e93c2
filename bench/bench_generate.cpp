// Puzzle generation throughput: puzzles per second per rule set and size, one thread
// (generate_puzzle on successive indices of one seed, so every run makes the same puzzles), and in
// batch on 1 and 2 threads (generate_batch, the CLI's path). Counters: the mean givens and the mean
// search nodes of the difficulty hint, so a speed-up that makes easier puzzles shows. Recorded
// results: docs/puzzles.md ("Generating puzzles").
//
//   ./build/bench/bench_generate --benchmark_min_time=1   (seconds per benchmark)
#include <benchmark/benchmark.h>

#include <cstdint>

#include "gridenum/puzzle/generate.hpp"

namespace {
using namespace gridenum;

GenerateOptions make(Shape box, unsigned rules, bool minimal, Symmetry s = Symmetry::None) {
  GenerateOptions o;
  o.box = box;
  o.rules = rules;
  o.minimal = minimal;
  o.symmetry = s;
  return o;
}

constexpr std::uint64_t kSeed = 2026;

void single(benchmark::State& state, GenerateOptions opt) {
  std::uint64_t index = 0, givens = 0, nodes = 0;
  for (auto _ : state) {
    const GeneratedPuzzle g = generate_puzzle(opt, kSeed, index++);
    givens += static_cast<std::uint64_t>(g.givens);
    nodes += g.stats.nodes;
    benchmark::DoNotOptimize(g.model.givens.data());
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["givens"] = benchmark::Counter(static_cast<double>(givens), benchmark::Counter::kAvgIterations);
  state.counters["hint_nodes"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kAvgIterations);
}

// A batch of `count` puzzles on state.range(0) threads (wall time).
void batch(benchmark::State& state, GenerateOptions opt, std::uint64_t count) {
  std::uint64_t first = 0, made = 0;
  for (auto _ : state) {
    generate_batch(opt, kSeed, first, count, static_cast<int>(state.range(0)), [&](const GeneratedPuzzle&) { ++made; });
    first += count;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(made));
  state.counters["threads"] = static_cast<double>(state.range(0));
}

const unsigned X = kRuleX, W = kRuleWindoku, J = kRuleJigsaw, K = kRuleKiller;

// Classic and its variants, 9x9.
BENCHMARK_CAPTURE(single, classic9, make({3, 3}, 0, false))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(single, classic9_minimal, make({3, 3}, 0, true))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(single, classic9_rotational_minimal, make({3, 3}, 0, true, Symmetry::Rotational))
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(single, x9_minimal, make({3, 3}, X, true))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(single, windoku9_minimal, make({3, 3}, W, true))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(single, jigsaw9, make({1, 9}, J, false))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(single, jigsaw9_minimal, make({1, 9}, J, true))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(single, killer9, make({3, 3}, K, false))->Unit(benchmark::kMillisecond);
// Smaller and larger grids.
BENCHMARK_CAPTURE(single, classic4_minimal, make({2, 2}, 0, true))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(single, classic6_minimal, make({2, 3}, 0, true))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(single, killer6_minimal, make({2, 3}, K, true))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(single, classic12_minimal, make({3, 4}, 0, true))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(single, classic16, make({4, 4}, 0, false))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(single, classic16_minimal, make({4, 4}, 0, true))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(single, x16, make({4, 4}, X, false))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(single, jigsaw16, make({1, 16}, J, false))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(single, killer16, make({4, 4}, K, false))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(single, classic25, make({5, 5}, 0, false))->Unit(benchmark::kMillisecond)->Iterations(3);

// The CLI's path: batches on 1 and 2 threads.
BENCHMARK_CAPTURE(batch, classic9_minimal, make({3, 3}, 0, true), 200)
    ->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(batch, killer9, make({3, 3}, K, false), 40)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace
