// A Monte Carlo estimate of the number of grids: many independent samples of one estimator
// (sampler.hpp), in parallel, summarised with an honest error bar (docs/estimate.md).
//
// Reproducible: sample i draws from RandomChooser(seed, i) and nothing else, the samples are cut
// into fixed blocks of consecutive numbers, each block's statistics are taken in sample order and the
// blocks are combined in block order (Chan, Golub, LeVeque 1979: mean and sum of squared deviations),
// so the result is the same bit for bit on 1 thread or 64.
//
// Arithmetic: weights and sums in long double (x87 80-bit: 64-bit significand, up to 1.19e4932);
// the 25x25 count is near 1e308, at the very top of a double, and its weights' squares near 1e620.
// Mean and deviations are kept separately (Welford within a block), never as a difference of large
// sums. A stop request (core/stop.hpp) is heard between samples through the "sampling" phase.
#pragma once

#include <cstdint>

#include "gridenum/core/shape.hpp"
#include "gridenum/estimate/sampler.hpp"

namespace gridenum::estimate {

struct RunOptions {
  Shape shape;
  Method method = Method::sis;
  std::uint64_t samples = 10000;  // >= 2
  std::uint64_t seed = 1;
  int threads = 0;                 // 0: every core (core/threads.hpp)
};

struct RunResult {
  RunOptions options;
  int threads = 0;               // threads that ran
  long double mean = 0;          // the estimate: mean of the weights
  long double sd = 0;            // sample standard deviation of the weights (n - 1)
  long double se = 0;            // standard error sd / sqrt(n)
  long double ci_low = 0, ci_high = 0;  // mean -+ 1.96 se (normal interval)
  double relative_error = 0;     // 1.96 se / mean (half-width of the interval over the estimate)
  double cv = 0;                 // sd / mean: relative error of one sample
  double ess = 0;                // effective sample size (sum w)^2 / sum w^2
  std::uint64_t dead_ends = 0;   // samples of weight 0
  std::uint64_t cell_rows = 0;   // sis rows filled cell by cell (RowMatcher's state limit)
  double seconds = 0;
  double samples_per_second = 0;
};

// Precondition: a shape sampler_shape_error accepts and samples >= 2 (std::invalid_argument).
// Throws Interrupted on a stop request.
RunResult run_estimate(const RunOptions& options);

// Samples needed for a relative error `target` at 95 % (1.96 cv / sqrt(n) = target).
double samples_for(double cv, double target);

}  // namespace gridenum::estimate
