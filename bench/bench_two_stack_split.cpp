// F of single 2x6 classes by the footprint counter (count/side2/two_stack_split.hpp), on 1 and 2 threads:
// a fixed spread from the hardest classes found (the first of the 63,199 in the orbit generator's
// order, the most generic) to the most symmetric. Each is one iteration (the hardest take tens of
// seconds). The representatives are written out, so no class table is built.
//
//   ./bench/bench_two_stack_split --benchmark_counters_tabular=true
//
// Counters: transitions (states made by both halves), peak_states (largest table of a half),
// tables_mib (the tables' peak, both halves), join (top states fed to the join). Recorded results
// and the whole-count projection: docs/methods/side2.md, "Twelve digits".
#include <benchmark/benchmark.h>
#include <oneapi/tbb/task_arena.h>

#include <array>
#include <string>

#include "gridenum/count/side2/two_stack_split.hpp"

namespace {
using namespace gridenum;

struct Case {
  const char* name;
  const char* config;
};
// Class numbers: TwoStackOrbitClasses(6) order, as `gridenum count --shape 2x6 --classes K` prints.
constexpr std::array<Case, 6> kCases{{
    {"class 1", "123456 123478 12569A 13579B 13689B 1458AB"},
    {"class 5", "123456 123789 1247AB 1258AC 1348BC 14689A"},  // the slowest of the first 24 (67 s)
    {"class 12002", "123456 123478 12349A 1235BC 126789 1369AB"},
    {"class 3002", "123456 123457 123489 12568A 1357AB 13689C"},
    {"class 45002", "123456 123456 123457 123489 12567A 12589A"},
    {"class 63199", "123456 123456 123456 123456 123456 123456"},
}};

// range(0): the case; range(1): threads.
void BM_TwoStackSplitClass(benchmark::State& state) {
  const Case& cs = kCases[static_cast<std::size_t>(state.range(0))];
  const auto c = parse_config_string(cs.config, 6);
  if (!c) {
    state.SkipWithError("bad configuration");
    return;
  }
  const int threads = static_cast<int>(state.range(1));
  SplitStats st;
  for (auto _ : state) {
    tbb::task_arena arena(threads);
    u128 f = 0;
    arena.execute([&] { f = two_stack_fillings_split(*c, &st, threads); });
    benchmark::DoNotOptimize(f);
  }
  state.SetLabel(cs.name);
  state.counters["transitions"] = static_cast<double>(st.transitions);
  state.counters["peak_states"] = static_cast<double>(st.peak_states);
  state.counters["join"] = static_cast<double>(st.join_states);
  state.counters["tables_mib"] = static_cast<double>(st.peak_bytes) / (1024.0 * 1024.0);
}
BENCHMARK(BM_TwoStackSplitClass)
    ->ArgNames({"case", "threads"})
    ->ArgsProduct({{0, 1, 2, 3, 4, 5}, {1, 2}})
    ->Iterations(1)
    ->Unit(benchmark::kSecond)
    ->UseRealTime();

}  // namespace
