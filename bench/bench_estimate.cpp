// Samples per second of the Monte Carlo estimators (docs/estimate.md, "Measurements"), one thread,
// per method and shape: one Sampler, sample i drawn from RandomChooser(1, i) as run_estimate does.
//
//   ./bench/bench_estimate
//   ./bench/bench_estimate --benchmark_filter='Sis/4/4'
//
// Counters: samples_per_s (the figure docs/estimate.md quotes) and completed (the share of paths
// that reached a whole grid; the rest dead-ended with weight 0).
#include <benchmark/benchmark.h>

#include <cstdint>

#include "gridenum/estimate/sampler.hpp"

namespace {
using namespace gridenum;
using namespace gridenum::estimate;

void run_sampler(benchmark::State& state, Method method) {
  const Shape shape{static_cast<int>(state.range(0)), static_cast<int>(state.range(1))};
  Sampler sampler(shape, method);
  std::uint64_t i = 0, complete = 0;
  for (auto _ : state) {
    RandomChooser chooser(1, i++);
    const long double w = sampler.sample(chooser);
    complete += w > 0;
    benchmark::DoNotOptimize(w);
  }
  state.counters["samples_per_s"] = benchmark::Counter(static_cast<double>(i), benchmark::Counter::kIsRate);
  state.counters["completed"] = static_cast<double>(complete) / static_cast<double>(i);
  state.SetLabel(shape.str());
}

void BM_Knuth(benchmark::State& state) { run_sampler(state, Method::knuth); }
void BM_Sis(benchmark::State& state) { run_sampler(state, Method::sis); }

BENCHMARK(BM_Knuth)->Args({3, 3})->Args({4, 3})->Args({4, 4})->Args({5, 5});
BENCHMARK(BM_Sis)->Args({3, 3})->Args({4, 3})->Args({5, 3})->Args({3, 5})->Args({4, 4})->Args({5, 5})->Unit(benchmark::kMillisecond);

}  // namespace
