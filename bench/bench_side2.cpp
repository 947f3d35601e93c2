// Side-2 count benchmarks: the whole 10x10 counts, 2x5 by the two-stack route and 5x2 by the
// two-band route, on 1 and 2 threads, wall time and peak memory; and each route's class generator
// alone. Each count takes tens of seconds, so every benchmark runs one iteration. And the first
// moment by the array count (m = 5, 6), which `verify result` computes for every side-2 document.
//
//   ./bench/bench_side2                                  # all (several minutes)
//   ./bench/bench_side2 --benchmark_filter=TwoStack      # the default route only
//
// peak_rss_mib is the process's peak resident set so far (getrusage), so in one run it can
// only grow from benchmark to benchmark: run a filter per benchmark for each one's own peak.
#include <benchmark/benchmark.h>

#include <string>

#include "gridenum/core/memory.hpp"
#include "gridenum/count/side2/side2_run.hpp"
#include "gridenum/verify/side2_first_moment.hpp"

namespace {
using namespace gridenum;

// range(0): 0 = 2x5 by two-stack, 1 = 5x2 by two-band; range(1): threads.
void BM_Side2Count(benchmark::State& state) {
  Side2Options o;
  o.route = state.range(0) == 0 ? MethodId::TwoStack : MethodId::TwoBand;
  o.shape = state.range(0) == 0 ? Shape{2, 5} : Shape{5, 2};
  o.threads = static_cast<int>(state.range(1));
  const BigInt published("1903816047972624930994913280000");
  for (auto _ : state) {
    const Side2Result r = run_side2_count(o);
    if (r.reduction.total != published) state.SkipWithError("wrong total");
    state.counters["fillings_s"] = r.times.fillings;
    state.counters["classes_s"] = r.times.classes;
  }
  std::string label = o.shape.str();
  label += ' ';
  label += to_string(o.route);
  state.SetLabel(label);
  state.counters["peak_rss_mib"] = static_cast<double>(peak_rss_kib()) / 1024.0;
}
BENCHMARK(BM_Side2Count)
    ->ArgNames({"route", "threads"})
    ->Args({0, 1})
    ->Args({0, 2})
    ->Args({1, 1})
    ->Args({1, 2})
    ->Iterations(1)
    ->Unit(benchmark::kSecond)
    ->UseRealTime();

// The class generators alone (10 digits): type-histogram orbits, box-partition union-find.
void BM_Side2Classes(benchmark::State& state) {
  const MethodId route = state.range(0) == 0 ? MethodId::TwoStack : MethodId::TwoBand;
  for (auto _ : state) benchmark::DoNotOptimize(side2_classes(route, 5, 1).classes.size());
  state.SetLabel(to_string(route));
  state.counters["peak_rss_mib"] = static_cast<double>(peak_rss_kib()) / 1024.0;
}
BENCHMARK(BM_Side2Classes)->Arg(0)->Arg(1)->Iterations(1)->Unit(benchmark::kSecond)->UseRealTime();

// The first moment by the array count (verify result's whole-table check): m = 5 and 6, one thread.
void BM_Side2FirstMoment(benchmark::State& state) {
  const int m = static_cast<int>(state.range(0));
  for (auto _ : state) {
    const Side2FirstMoment r = side2_first_moment(m);
    benchmark::DoNotOptimize(r.first_moment);
    state.counters["states"] = static_cast<double>(r.states);
  }
}
BENCHMARK(BM_Side2FirstMoment)->Arg(5)->Arg(6)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
