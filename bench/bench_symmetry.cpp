// Essentially different grids by Burnside's lemma: the whole 9x9 run (with transposition, 275
// classes) on 1 and 2 threads, and its stages. One iteration each: a run takes seconds.
//
//   ./bench/bench_symmetry
//   ./bench/bench_symmetry --benchmark_filter=Burnside9x9
//   ./bench/bench_symmetry --benchmark_filter=BandSymmetry
//   ./bench/bench_symmetry --benchmark_filter=BandSwap
//
// BM_BandSymmetryClass: one 10x10 class (2x5 boxes) by the signature kernel on one thread, a
// class whose bands keep a symmetry of their own, so most of its time is the band counter
// (fixed_signatures.cpp, BandCounter): class 731, "bands (1 2); bands (3 4); band 5: rows (1 2);
// stack 1: columns (1 2)(3 4); stack 2: columns (1 2)(3 4)" -- the 10-digit relative of the
// heaviest 2x6 classes -- and class 766, the same without the rows of band 5. Counters: f (exact
// in a double below 2^53; checked against line orbits by the tests) and the band-graph states.
//
// Counters: the stage times of the run (grid_count_s: the count engine's total for the
// identity term; fixed_s: every other class; classes_s: building the conjugacy classes), the
// heaviest class's own time, the number of classes that fix at least one grid, and the answer
// (exact in a double below 2^53), so a wrong run is seen; the run itself checks divisibility and
// the cyclic-subgroup sums and throws on a failure. (The answer is not printed through
// cpp_int::str: GCC 12 reports a -Wrestrict false positive inside it, see bench_side2.cpp.)
#include <benchmark/benchmark.h>

#include <oneapi/tbb/task_arena.h>

#include <algorithm>

#include "gridenum/symmetry/burnside.hpp"
#include "gridenum/symmetry/fixed_grids.hpp"
#include "gridenum/symmetry/symmetry_group.hpp"

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

// range(0): the class (1-based, symmetry --json's class table of 2x5 without transposition).
void BM_BandSymmetryClass(benchmark::State& state) {
  const Shape s{2, 5};
  const SymmetryGroup grp = build_symmetry_group(s, false);
  const SymmetryClass& c = grp.classes.at(static_cast<std::size_t>(state.range(0) - 1));
  FixedOptions o;
  o.method = FixedMethod::Signatures;
  tbb::task_arena one(1);
  for (auto _ : state) {
    const FixedCount f = one.execute([&] { return count_fixed_grids(s, c.rep, o); });
    state.counters["f"] = static_cast<double>(f.grids);
    state.counters["band_states"] = static_cast<double>(f.states);
  }
  state.SetLabel(c.text);
}
BENCHMARK(BM_BandSymmetryClass)->ArgName("class")->Arg(731)->Arg(766)->Unit(benchmark::kMillisecond);

// range(0): a 3x4 class (1-based, symmetry --shape 3x4 --json's class table) that swaps two
// stacks and keeps the third, by the band-swap kernel (fixed_band_swaps.cpp) on one thread.
// The 4x3 catalogue the kernel sums over (about 8 s) is built before the first timing, by a
// count of class 3267 on 4x3. Counters: f and the (class, conjugate, pi) triples counted.
void BM_BandSwapClass(benchmark::State& state) {
  const Shape s{3, 4};
  const SymmetryGroup grp = build_symmetry_group(s, false);
  const SymmetryClass& c = grp.classes.at(static_cast<std::size_t>(state.range(0) - 1));
  FixedOptions o;
  o.method = FixedMethod::BandSwaps;
  tbb::task_arena one(1);
  static const bool catalogue_built =
      one.execute([&] { return count_fixed_grids({4, 3}, transposed_view(grp.classes.at(3266).rep), o).grids > 0; });
  benchmark::DoNotOptimize(catalogue_built);
  for (auto _ : state) {
    const FixedCount f = one.execute([&] { return count_fixed_grids(s, c.rep, o); });
    state.counters["f"] = static_cast<double>(f.grids);
    state.counters["triples"] = static_cast<double>(f.states);
  }
  state.SetLabel(c.text);
}
BENCHMARK(BM_BandSwapClass)->ArgName("class")->Arg(3202)->Arg(3267)->Iterations(1)->Unit(benchmark::kSecond);

}  // namespace
