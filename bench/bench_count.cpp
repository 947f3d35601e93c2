// Count-engine benchmarks: the whole 9x9 pipeline at 1 and 2 threads, and each stage alone so a
// regression can be pinned to its stage. Wall time is what a user waits for, so every benchmark
// reports real time. Recorded results, machine and command: docs/performance.md.
//
//   ./bench/bench_count --benchmark_min_time=2 --benchmark_repetitions=5
//                       --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <boost/align/aligned_allocator.hpp>

#include <chrono>
#include <filesystem>
#include <random>
#include <vector>
#include <mutex>
#include <string>
#include <unistd.h>

#include "gridenum/core/threads.hpp"
#include "gridenum/count/band_pair/band_pair.hpp"
#include "gridenum/count/stack/catalogue.hpp"
#include "gridenum/count/stack/completion.hpp"
#include "gridenum/count/stack/count.hpp"
#include "gridenum/jobs/job.hpp"
#include "gridenum/count/stack/plan.hpp"
#include "gridenum/count/pool.hpp"
#include "gridenum/count/stack/stacks.hpp"
#include "../src/count/isa/kernels.hpp"

namespace {
using namespace gridenum;

// The full pipeline as `gridenum count` runs it; range(0) = threads.
void BM_Count9x9(benchmark::State& state) {
  CountOptions opt;
  opt.threads = static_cast<int>(state.range(0));
  for (auto _ : state) {
    const CountResult r = run_count(opt);
    benchmark::DoNotOptimize(r.reduction.total);
  }
}
BENCHMARK(BM_Count9x9)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

// The same count as a checkpointed job (the checkpointing overhead, target < 5 %),
// measured as an A/B pair: each iteration runs the plain count and then the job, so drift of
// the machine (other tenants, clock) hits both alike -- separate benchmarks of the two moved by
// +-5 % between runs, as much as the effect. The job runs in a new directory each iteration, so
// config, catalogue cache, journal (fdatasync'd every checkpoint_seconds and at the end), log
// and both result files are all written; the directory is removed outside the timings.
// Reported: the job's time (as the benchmark's time), the plain count's, and overhead_pct =
// 100 * (sum of job times / sum of plain times - 1).
void BM_CountJob9x9(benchmark::State& state) {
  using Clock = std::chrono::steady_clock;
  const std::filesystem::path root =
      std::filesystem::temp_directory_path() / ("gridenum-bench-job-" + std::to_string(::getpid()));
  std::filesystem::remove_all(root);
  const int threads = static_cast<int>(state.range(0));
  double plain_s = 0, job_s = 0;
  int run = 0;
  for (auto _ : state) {
    CountOptions opt;
    opt.threads = threads;
    auto t0 = Clock::now();
    BigInt total;
    {
      const CountResult r = run_count(opt);
      total = r.reduction.total;
    }  // its catalogue and stack list freed inside the timing, as the job's are
    plain_s += std::chrono::duration<double>(Clock::now() - t0).count();

    JobRequest req;
    req.dir = root / std::to_string(run++);
    req.config.threads = threads;
    req.console_log = false;
    req.terminal = false;
    t0 = Clock::now();
    const JobOutcome o = run_job(req);
    const double job = std::chrono::duration<double>(Clock::now() - t0).count();
    job_s += job;
    state.SetIterationTime(job);
    if (!o.finished || o.result.total != total) state.SkipWithError("the job did not finish");
    std::filesystem::remove_all(req.dir);
  }
  std::filesystem::remove_all(root);
  const double n = static_cast<double>(state.iterations());
  state.counters["plain_ms"] = 1e3 * plain_s / n;
  state.counters["job_ms"] = 1e3 * job_s / n;
  state.counters["overhead_pct"] = 100.0 * (job_s / plain_s - 1.0);
}
BENCHMARK(BM_CountJob9x9)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseManualTime();

// Stage 1 alone (a oneTBB loop over row-0 prefixes, then over the entries); range(0) = threads,
// a ThreadBudget as a count has (core/threads.hpp).
void BM_Catalogue9x9(benchmark::State& state) {
  const ThreadBudget budget(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    budget.execute([] {
      const Catalogue c = build_catalogue(Shape{3, 3});
      benchmark::DoNotOptimize(c.classes.size());
    });
  }
}
BENCHMARK(BM_Catalogue9x9)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

// The ordered stack fillings (the search serial, their patterns a parallel loop); range(0) = threads.
void BM_StackList9x9(benchmark::State& state) {
  const ThreadBudget budget(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    budget.execute([] {
      const StackList s = build_stack_list(Shape{3, 3});
      benchmark::DoNotOptimize(s.size());
    });
  }
}
BENCHMARK(BM_StackList9x9)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

// The completion stage (tables + hot loop) over every unit, catalogue and stacks prebuilt;
// a fresh counter each iteration so the per-class tables are rebuilt as in a real run.
void BM_Completion9x9(benchmark::State& state) {
  static const Catalogue cat = build_catalogue(Shape{3, 3});
  static const StackList stacks = build_stack_list(Shape{3, 3});
  static const Plan plan = make_plan(cat, stacks);
  const ThreadBudget budget(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    budget.execute([&] {
      CompletionCounter counter(cat, stacks, Kernel::Partition);
      u128 sum = 0;
      std::mutex m;
      count_units(counter, plan.units, PoolOptions{budget.threads()}, [&](const WorkUnit& u, u128 n) {
        std::lock_guard lock(m);
        sum += n * cat.classes[u.cls].size;
      });
      benchmark::DoNotOptimize(sum);
    });
  }
}
BENCHMARK(BM_Completion9x9)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

// The band-pair method (the main job for 9x9, count/band_pair/band_pair.hpp), whole and by stage;
// range(0) = threads. Its stages: the catalogue (BM_Catalogue9x9 above) with the tables beside
// it, the completions over the 44 units, the reduction (BM_BandPairReduce9x9).
void BM_BandPairCount9x9(benchmark::State& state) {
  BandPairOptions opt;
  opt.threads = static_cast<int>(state.range(0));
  for (auto _ : state) {
    const CountResult r = run_band_pair_count(opt);
    benchmark::DoNotOptimize(r.reduction.total);
  }
}
BENCHMARK(BM_BandPairCount9x9)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

// The three-band counter's tables for 3x3 (box partitions, relabellings, F).
void BM_BandPairTables9x9(benchmark::State& state) {
  const int threads = static_cast<int>(state.range(0));
  for (auto _ : state) {
    const ThreeBandCounter c(Shape{3, 3}, threads);
    benchmark::DoNotOptimize(c.stats().table_slots);
  }
}
BENCHMARK(BM_BandPairTables9x9)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

// The completions of every unit (one per class), catalogue and tables prebuilt.
void BM_BandPairCompletion9x9(benchmark::State& state) {
  static const Catalogue cat = build_catalogue(Shape{3, 3});
  static const ThreeBandCounter counter(Shape{3, 3}, 2);
  static const Plan plan = make_band_pair_plan(cat, 0);
  const ThreadBudget budget(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    budget.execute([&] {
      std::vector<u128> counts(plan.units.size());
      count_units([&](const WorkUnit& u) { return band_pair_unit_count(counter, cat, plan, u); }, {}, plan.units,
                  PoolOptions{budget.threads()}, [&](const WorkUnit& u, u128 n) { counts[u.id] = n; });
      benchmark::DoNotOptimize(counts.data());
    });
  }
}
BENCHMARK(BM_BandPairCompletion9x9)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

// The reduction of the 44 classes' counts (exact arithmetic).
void BM_BandPairReduce9x9(benchmark::State& state) {
  static const Catalogue cat = build_catalogue(Shape{3, 3});
  static const ThreeBandCounter counter(Shape{3, 3}, 2);
  static const Plan plan = make_band_pair_plan(cat, 0);
  static const std::vector<u128> counts = [] {
    std::vector<u128> c;
    for (const WorkUnit& u : plan.units) c.push_back(band_pair_unit_count(counter, cat, plan, u));
    return c;
  }();
  for (auto _ : state) {
    const Reduction r = reduce_completions(cat, plan, counts);
    benchmark::DoNotOptimize(r.total);
  }
}
BENCHMARK(BM_BandPairReduce9x9)->Unit(benchmark::kMicrosecond);

// The completion stage's dot products alone (src/count/isa/kernels.cpp, sweep8) on a synthetic
// unit shaped like a 9x9 one: 12 groups of 80 runs sharing their first table, second tables drawn
// from 560 tables of 3,136 bytes (entries below 64, a third zero), swept as the partition kernel
// sweeps them (blocks of 512 bytes inside the kernel). range(0): 0 = sweep8 as the count runs it
// (VNNI where the CPU has it), 1 = sweep8_portable (the same without the extension). The fastest
// pass is the figure to compare (docs/performance.md):
// `--benchmark_filter=BM_Sweep8 --benchmark_repetitions=9`.
void BM_Sweep8(benchmark::State& state) {
  constexpr std::size_t kT = 3136, kStride = 3136 + 64 - 3136 % 64, kTables = 600;
  static const auto tables = [] {
    std::vector<std::uint8_t, boost::alignment::aligned_allocator<std::uint8_t, 64>> t(kTables * kStride, 0);
    std::mt19937 rng(1);
    for (std::size_t k = 0; k < kTables; ++k)
      for (std::size_t c = 0; c < kT; ++c) t[k * kStride + c] = rng() % 3 == 0 ? 0 : rng() % 64;
    return t;
  }();
  std::mt19937 rng(2);
  std::vector<detail::Run8> runs;
  for (int g = 0; g < 12; ++g) {
    const std::uint8_t* a = tables.data() + rng() % 40 * kStride;
    for (int i = 0; i < 80; ++i) runs.push_back({a, tables.data() + (40 + rng() % 560) * kStride, 1, 0});
  }
  const auto& k = detail::count_kernels(selected_isa());
  const auto sweep = state.range(0) == 0 ? k.sweep8 : k.sweep8_portable;
  for (auto _ : state) {
    for (auto& r : runs) r.sum = 0;
    sweep(runs.data(), runs.size(), kT);
    benchmark::DoNotOptimize(runs.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * runs.size()));
}
BENCHMARK(BM_Sweep8)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

// Other shapes through the same code path; range(0) x range(1) = R x C, 2 threads.
void BM_CountShape(benchmark::State& state) {
  CountOptions opt;
  opt.shape = Shape{static_cast<int>(state.range(0)), static_cast<int>(state.range(1))};
  opt.threads = 2;
  for (auto _ : state) {
    const CountResult r = run_count(opt);
    benchmark::DoNotOptimize(r.reduction.total);
  }
}
BENCHMARK(BM_CountShape)->Args({2, 3})->Args({2, 4})->Args({4, 2})->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
