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
#include <benchmark/benchmark.h>

#include <oneapi/tbb/task_arena.h>

#include <map>
#include <memory>

#include "gridenum/count/three_band/band_signatures.hpp"
#include "gridenum/count/three_band/three_band.hpp"

using namespace gridenum;

namespace {

struct FourByThree {
  Shape s{4, 3};
  std::vector<std::vector<DigitMask>> largest_group;  // prefix forms, in catalogue order
  std::unique_ptr<ThreeBandCounter> counter;

  FourByThree() {
    const auto cat = build_signature_catalogue(s, 2);
    std::map<SignatureKey, std::vector<std::vector<DigitMask>>> groups;
    for (const auto& c : cat.classes) {
      auto f = signature_prefix_form(s, c.key);
      groups[f.prefix].push_back(std::move(f.columns));
    }
    for (auto& [k, g] : groups)
      if (g.size() > largest_group.size()) largest_group = g;
    counter = std::make_unique<ThreeBandCounter>(s, 2);
  }
};

FourByThree& data() {
  static FourByThree d;
  return d;
}

void BM_FourByThreeChunk(benchmark::State& st) {
  auto& d = data();
  const auto G = static_cast<std::size_t>(st.range(0));
  const std::vector<std::vector<DigitMask>> tops(d.largest_group.begin(), d.largest_group.begin() + static_cast<std::ptrdiff_t>(G));
  tbb::task_arena arena(static_cast<int>(st.range(1)));
  double estimate = 0;
  for (auto _ : st) {
    arena.execute([&] { estimate = d.counter->estimate_seconds(tops, 16); });
    st.SetIterationTime(estimate);
  }
  st.counters["classes"] = static_cast<double>(G);
  st.counters["threads"] = static_cast<double>(st.range(1));
  st.counters["s_per_class"] = estimate / static_cast<double>(G);
}

}  // namespace

BENCHMARK(BM_FourByThreeChunk)
    ->ArgNames({"G", "threads"})
    ->Args({1, 2})
    ->Args({16, 2})
    ->Args({128, 1})
    ->Args({128, 2})
    ->Args({256, 1})
    ->Args({256, 2})
    ->UseManualTime()
    ->Iterations(1)
    ->Unit(benchmark::kSecond);
