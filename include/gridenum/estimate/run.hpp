// A Monte Carlo estimate of the number of grids: many independent samples of one estimator
// (sampler.hpp), in parallel, summarised with an honest error bar (docs/estimate.md).
//
// Reproducible: sample i draws from RandomChooser(seed, i) and nothing else, the samples are cut
// into fixed blocks of 16 consecutive numbers and the blocks into batches of `batch` samples; each
// block's statistics are taken in sample order, a batch's blocks combined in block order, and the
// batches in batch order (Chan, Golub, LeVeque 1979: moments.hpp), so the result is the same bit
// for bit on 1 thread or 64 -- and in an estimate job (jobs/estimate_job.hpp), which journals each
// batch's statistics as it finishes and folds them, resumed or merged from shards, in the same order.
//
// Arithmetic: weights and sums in long double (x87 80-bit: 64-bit significand, up to 1.19e4932);
// the 25x25 count is near 1e308, at the very top of a double, and its weights' squares near 1e620.
// Mean and deviations are kept separately (Welford within a block), never as a difference of large
// sums. A stop request (core/stop.hpp) is heard between samples through the "sampling" phase.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "gridenum/core/shape.hpp"
#include "gridenum/estimate/moments.hpp"
#include "gridenum/estimate/sampler.hpp"

namespace gridenum::estimate {

struct RunOptions {
  Shape shape;
  Method method = Method::sis;
  std::uint64_t samples = 10000;  // >= 2
  std::uint64_t seed = 1;
  int threads = 0;                 // 0: every core (core/threads.hpp)
  // Samples per batch, a multiple of kBlock: the unit of an estimate job's journal, and of the
  // combination order, so the same (seed, samples, batch) gives the same bits as a job or a run.
  std::uint64_t batch = 1024;
};

// Samples per block: a block of the slowest shape (sis on 25x25) still ends well within a second,
// and a stop is heard between any two samples anyway.
inline constexpr std::uint64_t kBlock = 16;

// Batches of a run: ceil(samples / batch); the last may be short.
std::uint64_t batch_count(const RunOptions& o);

// An estimate job's hold on a run (the estimate's UnitHooks, count/unit_hooks.hpp): which batches
// this run does (a shard's), which it knows already (its journal), each new batch as it finishes
// (called on a worker thread, concurrently: journal it), and an extra stop condition polled
// between samples. Empty functions: every batch, none known, nothing to tell, no extra stop.
struct BatchHooks {
  std::function<bool(std::uint64_t)> select;
  std::function<std::optional<Moments>(std::uint64_t)> skip;
  std::function<void(std::uint64_t, const Moments&)> done;
  std::function<bool()> stop;
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
  double samples_per_second = 0;  // samples drawn in this run / seconds (known batches left out)
  std::uint64_t samples_done = 0;   // samples the statistics hold (a shard's: its batches only)
  std::uint64_t samples_drawn = 0;  // drawn in this run (not answered by BatchHooks::skip)
  Moments moments;                  // the statistics, exactly (moments.hpp)
  // The batches' own spread (moments.hpp, BatchSpread); 0 with fewer than 2 batches.
  BatchSpread spread;
  double batch_relative_error = 0;  // 1.96 se from the batch means / mean
  double heaviest_share = 0;        // the heaviest batch's m2 / the whole m2
};

// Why options cannot run (shape, samples >= 2, batch a positive multiple of kBlock), or nullopt.
std::optional<std::string> run_options_error(const RunOptions& options);

// Precondition: run_options_error(options) is nullopt (std::invalid_argument otherwise).
// Throws Interrupted on a stop request (core/stop.hpp) or when hooks.stop() says so; batches
// finished before it have been passed to hooks.done.
RunResult run_estimate(const RunOptions& options, const BatchHooks& hooks = {});

// The figures of a fold of batches (mean, sd, se, interval, cv, ESS, dead ends): what run_estimate
// returns, and what a merge of an estimate job's shards computes from their journals.
// seconds and samples_drawn give the speed; `spread` is the same batches' BatchSpread, folded in
// the same order.
RunResult summarise(const RunOptions& options, const Moments& all, int threads, double seconds,
                    std::uint64_t samples_drawn, const BatchSpread& spread = {});

// Samples needed for a relative error `target` at 95 % (1.96 cv / sqrt(n) = target).
double samples_for(double cv, double target);

}  // namespace gridenum::estimate
