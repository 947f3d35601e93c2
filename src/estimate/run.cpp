// run_estimate (run.hpp): the blocks of the batches to draw in a oneTBB arena, each batch folded
// from its blocks in block order as soon as its last block ends (so that a job journals it at
// once), the batches folded in batch order at the end of each round.
#include "gridenum/estimate/run.hpp"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <vector>

#include "gridenum/core/phase.hpp"
#include "gridenum/core/stop.hpp"
#include "gridenum/core/threads.hpp"
#include "gridenum/core/timing.hpp"

namespace gridenum::estimate {

namespace {

// Blocks per round, about: the per-block results of one round are held, then folded in order.
// A round holds whole batches (at least one).
constexpr std::uint64_t kRoundBlocks = 4096;

}  // namespace

std::uint64_t batch_count(const RunOptions& o) { return o.batch == 0 ? 0 : (o.samples + o.batch - 1) / o.batch; }

std::optional<std::string> run_options_error(const RunOptions& o) {
  if (const auto why = sampler_shape_error(o.shape)) return why;
  if (o.samples < 2) return "at least 2 samples";
  if (o.batch == 0 || o.batch % kBlock != 0)
    return "the batch (" + std::to_string(o.batch) + " samples) must be a positive multiple of " + std::to_string(kBlock) +
           " (the block of samples whose statistics are taken in order)";
  return std::nullopt;
}

RunResult summarise(const RunOptions& o, const Moments& all, int threads, double seconds, std::uint64_t drawn,
                    const BatchSpread& spread) {
  RunResult res;
  res.spread = spread;
  res.options = o;
  res.threads = threads;
  res.moments = all;
  res.samples_done = all.n;
  res.samples_drawn = drawn;
  res.seconds = seconds;
  res.dead_ends = all.zeros;
  if (all.n >= 2) {
    const auto n = static_cast<long double>(all.n);
    res.mean = all.mean;
    res.sd = std::sqrt(all.m2 / (n - 1));
    res.se = res.sd / std::sqrt(n);
    res.ci_low = res.mean - 1.96L * res.se;
    res.ci_high = res.mean + 1.96L * res.se;
    if (res.mean > 0) {
      res.relative_error = static_cast<double>(1.96L * res.se / res.mean);
      res.cv = static_cast<double>(res.sd / res.mean);
      // sum w = n mean, sum w^2 = m2 + n mean^2.
      res.ess = static_cast<double>(n * res.mean * res.mean / (all.m2 / n + res.mean * res.mean));
      if (spread.batches >= 2) {
        const auto b = static_cast<long double>(spread.batches), total = static_cast<long double>(spread.n);
        res.batch_relative_error = static_cast<double>(1.96L * std::sqrt(spread.between / ((b - 1) * total)) / res.mean);
      }
    }
    if (spread.batches >= 2 && all.m2 > 0) res.heaviest_share = static_cast<double>(spread.heaviest_m2 / all.m2);
  }
  res.samples_per_second = seconds > 0 ? static_cast<double>(drawn) / seconds : 0;
  return res;
}

RunResult run_estimate(const RunOptions& o, const BatchHooks& hooks) {
  if (const auto why = run_options_error(o)) throw std::invalid_argument("run_estimate: " + *why);
  const int threads = resolve_threads(o.threads);
  const auto start = SteadyClock::now();
  const std::uint64_t batches = batch_count(o), blocks_per_batch = o.batch / kBlock;
  const auto selected = [&](std::uint64_t b) { return !hooks.select || hooks.select(b); };
  const auto batch_size = [&](std::uint64_t b) { return std::min(o.batch, o.samples - b * o.batch); };
  // The samples this run draws: the selected batches that the hooks do not know (a first pass
  // that stores nothing: a plain run of 10^12 samples has 10^9 batches).
  std::uint64_t to_draw = o.samples;
  if (hooks.select || hooks.skip) {
    to_draw = 0;
    for (std::uint64_t b = 0; b < batches; ++b)
      if (selected(b) && !(hooks.skip && hooks.skip(b))) to_draw += batch_size(b);
  }
  Phase phase("sampling " + o.shape.str() + " (" + std::string(to_string(o.method)) + ")", to_draw, "samples");
  tbb::enumerable_thread_specific<Sampler> samplers([&] { return Sampler(o.shape, o.method); });
  tbb::task_arena arena(threads);
  Moments all;
  BatchSpread spread;
  const std::uint64_t round_batches = std::max<std::uint64_t>(1, kRoundBlocks / blocks_per_batch);
  struct Job {  // one block to draw: its batch (in the round) and its first sample
    std::uint64_t batch, lo, hi;
  };
  std::vector<Job> jobs;
  std::vector<Moments> block_moments, batch_moments;
  std::vector<std::optional<Moments>> known;  // the round's batches that the hooks know
  for (std::uint64_t first = 0; first < batches; first += round_batches) {
    const std::uint64_t count = std::min(round_batches, batches - first);
    known.assign(count, std::nullopt);
    for (std::uint64_t b = 0; b < count; ++b)
      if (hooks.skip && selected(first + b)) known[b] = hooks.skip(first + b);
    jobs.clear();
    std::vector<std::uint64_t> first_job(count + 1, 0);
    for (std::uint64_t b = 0; b < count; ++b) {
      first_job[b] = jobs.size();
      const std::uint64_t id = first + b;
      if (!selected(id) || known[b]) continue;
      const std::uint64_t end = std::min((id + 1) * o.batch, o.samples);
      for (std::uint64_t lo = id * o.batch; lo < end; lo += kBlock) jobs.push_back({b, lo, std::min(lo + kBlock, end)});
    }
    first_job[count] = jobs.size();
    block_moments.assign(jobs.size(), Moments{});
    batch_moments.assign(count, Moments{});
    const auto left = std::make_unique<std::atomic<std::uint64_t>[]>(count);
    for (std::uint64_t b = 0; b < count; ++b) left[b].store(first_job[b + 1] - first_job[b]);
    arena.execute([&] {
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, jobs.size(), 1), [&](const tbb::blocked_range<std::size_t>& r) {
        Sampler& sampler = samplers.local();
        for (std::size_t j = r.begin(); j != r.end(); ++j) {
          const Job& job = jobs[j];
          Moments m;
          for (std::uint64_t i = job.lo; i < job.hi; ++i) {
            phase.check();
            if (hooks.stop && hooks.stop()) throw Interrupted("sampling stopped by a stop request");
            RandomChooser chooser(o.seed, i);
            m.add(sampler.sample(chooser));
          }
          block_moments[j] = m;
          phase.step(job.hi - job.lo);
          // The batch's last block: fold its blocks in block order (acq_rel: every block's result
          // is seen by the thread that folds).
          if (left[job.batch].fetch_sub(1, std::memory_order_acq_rel) == 1) {
            Moments batch;
            for (std::uint64_t k = first_job[job.batch]; k < first_job[job.batch + 1]; ++k) batch.merge(block_moments[k]);
            batch_moments[job.batch] = batch;
            if (hooks.done) hooks.done(first + job.batch, batch);
          }
        }
      });
    });
    for (std::uint64_t b = 0; b < count; ++b) {
      const std::uint64_t id = first + b;
      if (!selected(id)) continue;
      const Moments& m = known[b] ? *known[b] : batch_moments[b];
      all.merge(m);
      spread.add(id, m);
    }
  }
  std::uint64_t cell_rows = 0;
  for (const Sampler& s : samplers) cell_rows += s.cell_rows();
  RunResult res = summarise(o, all, threads, seconds_since(start), to_draw, spread);
  res.cell_rows = cell_rows;
  return res;
}

double samples_for(double cv, double target) {
  const double r = 1.96 * cv / target;
  return r * r;
}

}  // namespace gridenum::estimate
