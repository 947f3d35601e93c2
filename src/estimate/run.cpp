// run_estimate (run.hpp): blocks of samples in a oneTBB arena, combined in order.
#include "gridenum/estimate/run.hpp"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "gridenum/core/phase.hpp"
#include "gridenum/core/threads.hpp"
#include "gridenum/core/timing.hpp"

namespace gridenum::estimate {

namespace {

// Count, mean and sum of squared deviations of a run of weights.
struct Moments {
  std::uint64_t n = 0;
  long double mean = 0, m2 = 0;
  std::uint64_t zeros = 0;

  void add(long double w) {
    ++n;
    const long double delta = w - mean;
    mean += delta / static_cast<long double>(n);
    m2 += delta * (w - mean);
    if (w == 0) ++zeros;
  }
  void merge(const Moments& o) {
    if (o.n == 0) return;
    if (n == 0) {
      *this = o;
      return;
    }
    const auto na = static_cast<long double>(n), nb = static_cast<long double>(o.n);
    const long double delta = o.mean - mean, total = na + nb;
    mean += delta * nb / total;
    m2 += o.m2 + delta * delta * na * nb / total;
    n += o.n;
    zeros += o.zeros;
  }
};

// 16 samples a block: a block of the slowest shape (sis on 25x25) still ends well within a second,
// and a stop is heard between any two samples anyway (Phase::check).
constexpr std::uint64_t kBlock = 16;
// Blocks per round: the per-block results of one round are held, then folded in order.
constexpr std::uint64_t kRoundBlocks = 4096;

}  // namespace

RunResult run_estimate(const RunOptions& o) {
  if (const auto why = sampler_shape_error(o.shape)) throw std::invalid_argument("run_estimate: " + *why);
  if (o.samples < 2) throw std::invalid_argument("run_estimate: at least 2 samples");
  RunResult res;
  res.options = o;
  res.threads = resolve_threads(o.threads);
  const auto start = SteadyClock::now();
  Phase phase("sampling " + o.shape.str() + " (" + std::string(to_string(o.method)) + ")", o.samples, "samples");
  tbb::enumerable_thread_specific<Sampler> samplers([&] { return Sampler(o.shape, o.method); });
  tbb::task_arena arena(res.threads);
  Moments all;
  const std::uint64_t blocks = (o.samples + kBlock - 1) / kBlock;
  std::vector<Moments> round;
  for (std::uint64_t first = 0; first < blocks; first += kRoundBlocks) {
    const std::uint64_t count = std::min(kRoundBlocks, blocks - first);
    round.assign(count, Moments{});
    arena.execute([&] {
      tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, count, 1), [&](const tbb::blocked_range<std::uint64_t>& range) {
        Sampler& sampler = samplers.local();
        for (std::uint64_t b = range.begin(); b != range.end(); ++b) {
          const std::uint64_t lo = (first + b) * kBlock, hi = std::min(lo + kBlock, o.samples);
          Moments m;
          for (std::uint64_t i = lo; i < hi; ++i) {
            phase.check();
            RandomChooser chooser(o.seed, i);
            m.add(sampler.sample(chooser));
          }
          round[b] = m;
          phase.step(hi - lo);
        }
      });
    });
    for (const Moments& m : round) all.merge(m);
  }
  for (const Sampler& s : samplers) res.cell_rows += s.cell_rows();
  res.seconds = seconds_since(start);
  const auto n = static_cast<long double>(all.n);
  res.mean = all.mean;
  res.sd = std::sqrt(all.m2 / (n - 1));
  res.se = res.sd / std::sqrt(n);
  res.ci_low = res.mean - 1.96L * res.se;
  res.ci_high = res.mean + 1.96L * res.se;
  res.dead_ends = all.zeros;
  if (res.mean > 0) {
    res.relative_error = static_cast<double>(1.96L * res.se / res.mean);
    res.cv = static_cast<double>(res.sd / res.mean);
    // sum w = n mean, sum w^2 = m2 + n mean^2.
    res.ess = static_cast<double>(n * res.mean * res.mean / (all.m2 / n + res.mean * res.mean));
  }
  res.samples_per_second = res.seconds > 0 ? static_cast<double>(all.n) / res.seconds : 0;
  return res;
}

double samples_for(double cv, double target) {
  const double r = 1.96 * cv / target;
  return r * r;
}

}  // namespace gridenum::estimate
