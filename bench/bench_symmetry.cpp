// Essentially different grids by Burnside's lemma: the whole 9x9 run (with transposition, 275
// classes) on 1 and 2 threads, and its stages. One iteration each: a run takes seconds.
//
//   ./bench/bench_symmetry
//   ./bench/bench_symmetry --benchmark_filter=Burnside9x9
//
// Counters: the stage times of the run (grid_count_s: the count engine's total for the
// identity term; fixed_s: every other class; classes_s: building the conjugacy classes), the
// heaviest class's own time, the number of classes that fix at least one grid, and the answer
// (exact in a double below 2^53), so a wrong run is seen; the run itself checks divisibility and
// the cyclic-subgroup sums and throws on a failure. (The answer is not printed through
// cpp_int::str: GCC 12 reports a -Wrestrict false positive inside it, see bench_side2.cpp.)
#include <benchmark/benchmark.h>

#include <algorithm>

#include "gridenum/symmetry/burnside.hpp"

namespace {
using namespace gridenum;

// range(0): threads; range(1): 1 with transposition, 0 without.
void BM_Burnside9x9(benchmark::State& state) {
  BurnsideOptions o;
  o.shape = {3, 3};
  o.threads = static_cast<int>(state.range(0));
  o.transposition = state.range(1) != 0;
  for (auto _ : state) {
    const BurnsideResult r = run_burnside(o);
    state.counters["answer"] = static_cast<double>(r.essentially_different);
    state.counters["grid_count_s"] = r.times.total;
    state.counters["fixed_s"] = r.times.fixed;
    state.counters["classes_s"] = r.times.group;
    double heaviest = 0;
    for (const auto& t : r.terms) heaviest = std::max(heaviest, t.fixed.seconds);
    state.counters["heaviest_class_s"] = heaviest;
    state.counters["fixing_classes"] = static_cast<double>(r.fixing_classes);
  }
  state.SetLabel(o.transposition ? "9x9 with transposition" : "9x9 without transposition");
}
BENCHMARK(BM_Burnside9x9)
    ->ArgNames({"threads", "transpose"})
    ->Args({1, 1})
    ->Args({2, 1})
    ->Args({2, 0})
    ->Iterations(1)
    ->Unit(benchmark::kSecond)
    ->UseRealTime();

// The classes alone (no counting): 275 classes of the 9x9 group from the centraliser formula.
void BM_Classes9x9(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(build_symmetry_group({3, 3}, true).classes.size());
}
BENCHMARK(BM_Classes9x9)->Unit(benchmark::kMillisecond);

}  // namespace
