// Samples per second of the Monte Carlo estimators (docs/estimate.md, "Measurements"), one thread,
// per method and shape: one Sampler, sample i drawn from RandomChooser(1, i) as run_estimate does.
//
//   ./bench/bench_estimate
//   ./bench/bench_estimate --benchmark_filter='Sis/4/4'
//   ./bench/bench_estimate --benchmark_filter='(Sis|Cells)/(5/3|3/5|4/4)' --benchmark_min_time=20
//
// Counters: samples_per_s (the figure docs/estimate.md quotes), completed (the share of paths
// that reached a whole grid; the rest dead-ended with weight 0), and the variance per sample: cv
// (sd / mean of the weights, moments.hpp's fold over the benchmark's samples), cv2, and
// cost_1pct_s = (1.96 cv / 0.01)^2 / samples_per_s, the CPU-seconds of one thread for a relative error
// of 1 % at 95 % (docs/estimate.md, "Cost of a target precision"). The cv of a heavy-tailed weight
// is itself uncertain on few samples: give --benchmark_min_time enough for thousands of samples.
// A method none of whose paths completed has no cv (reported as -1).
//
// The tail, where the sample cv cannot be trusted (docs/estimate.md, "25x25: the tail"): log10w_sd
// is the spread of log10 of the non-zero weights, and cv_lognormal = sqrt(exp(s^2) / completed - 1)
// with s the spread of their natural logarithms, the cv of a weight that is 0 with probability
// 1 - completed and log-normal otherwise -- the cv the sample cv tends to from below when the
// log-weights are normal, which the measured quantiles of 25x25's agree with to the 99.9th
// percentile; cost_1pct_lognormal_s is cost_1pct_s at that cv; log10_mean_lognormal is log10 of
// that model's mean, completed x exp(mean + s^2 / 2) of the logarithms (a model's figure, not
// the unbiased estimate: it is only as good as the log-normal tail beyond the samples seen).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <ctime>
#include <cstdint>

#include "gridenum/estimate/moments.hpp"
#include "gridenum/estimate/sampler.hpp"

namespace {
using namespace gridenum;
using namespace gridenum::estimate;

double thread_cpu_seconds() {
  timespec ts{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

void run_sampler(benchmark::State& state, Method method) {
  const Shape shape{static_cast<int>(state.range(0)), static_cast<int>(state.range(1))};
  Sampler sampler(shape, method);
  std::uint64_t i = 0, complete = 0;
  Moments m, logs;  // logs: natural logarithms of the non-zero weights
  const double start = thread_cpu_seconds();
  for (auto _ : state) {
    RandomChooser chooser(1, i++);
    const long double w = sampler.sample(chooser);
    complete += w > 0;
    m.add(w);
    if (w > 0) logs.add(std::log(w));
    benchmark::DoNotOptimize(w);
  }
  // CPU time of the loop's thread, the fold's cost included (a few ns a sample): on shared cores
  // the figure is what one core gives, as samples_per_s (kIsRate divides by CPU time too).
  const double rate = static_cast<double>(i) / std::max(thread_cpu_seconds() - start, 1e-9);
  state.counters["samples_per_s"] = benchmark::Counter(static_cast<double>(i), benchmark::Counter::kIsRate);
  state.counters["completed"] = static_cast<double>(complete) / static_cast<double>(i);
  const double cv = m.n >= 2 && m.mean > 0 ? static_cast<double>(std::sqrt(m.m2 / static_cast<long double>(m.n - 1)) / m.mean) : -1;
  state.counters["cv"] = cv;
  state.counters["cv2"] = cv >= 0 ? cv * cv : -1;
  state.counters["cost_1pct_s"] = cv >= 0 ? (1.96 * cv / 0.01) * (1.96 * cv / 0.01) / rate : -1;
  const double s2 = logs.n >= 2 ? static_cast<double>(logs.m2 / static_cast<long double>(logs.n - 1)) : -1;
  const double p = static_cast<double>(complete) / static_cast<double>(i);
  const double cv_ln = s2 >= 0 && s2 < 700 ? std::sqrt(std::exp(s2) / p - 1) : -1;
  state.counters["log10w_sd"] = s2 >= 0 ? std::sqrt(s2) / std::log(10.0) : -1;
  state.counters["cv_lognormal"] = cv_ln;
  state.counters["log10_mean_lognormal"] =
      s2 >= 0 ? (std::log(p) + static_cast<double>(logs.mean) + s2 / 2) / std::log(10.0) : -1;
  state.counters["cost_1pct_lognormal_s"] = cv_ln >= 0 ? (1.96 * cv_ln / 0.01) * (1.96 * cv_ln / 0.01) / rate : -1;
  state.SetLabel(shape.str());
}

void BM_Knuth(benchmark::State& state) { run_sampler(state, Method::knuth); }
void BM_Sis(benchmark::State& state) { run_sampler(state, Method::sis); }
void BM_Cells(benchmark::State& state) { run_sampler(state, Method::cells); }

BENCHMARK(BM_Knuth)->Args({3, 3})->Args({4, 3})->Args({4, 4})->Args({5, 5});
// 9x9, 12x12 (4x3) and 16x16 for both methods are the cost table's rows; 15x15 and 25x25 by sis.
BENCHMARK(BM_Sis)->Args({3, 3})->Args({4, 3})->Args({5, 3})->Args({3, 5})->Args({4, 4})->Args({5, 5})->Unit(benchmark::kMillisecond);
// cells is sis up to 12 digits: its rows are the shapes past them (docs/estimate.md, "cells against sis").
BENCHMARK(BM_Cells)->Args({5, 3})->Args({3, 5})->Args({4, 4})->Args({5, 5})->Unit(benchmark::kMillisecond);

}  // namespace
