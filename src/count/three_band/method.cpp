// The three-band route (docs/methods/three_band.md) as a counting method (method.hpp): one unit per top-band signature class, its
// count F x completions (at most 128 bits, checked), reduced as sum size x count
// (three_band_run.hpp). Units run through the classes in prefix-group order (by prefix key, then
// class index): unit u is class order[u] + 1, and a shard is a block of consecutive units
// (shard.hpp), so it holds whole groups but at its two ends. The order is part of the plan's
// fingerprint (fingerprint.hpp); the engine's hooks speak class indices and are translated here. The catalogue is the plan (rebuilt by every session:
// 5 s for 4x3, and its fingerprint must match the journal's before a count is reused). The
// tables (5 minutes and 1.4 GB for 4x3) are built by the first session run that has a class
// to count, and kept for the next runs of the same process (a dry run's rounds); status and
// merge never build them. They are read from the table cache (three_band_cache.hpp) when it
// holds a good copy -- by default in the job directory, or config's table_cache_dir (a directory
// the shards of an array share) -- and written there after a build: a resumed session or a
// second shard starts counting within seconds instead of minutes.
//
// Units run by chunks of one prefix group (the classes sharing their first R-1 boxes, counted
// together: three_band.hpp), so a chunk's classes reach the journal together (a chunk of 4x3 is
// 1 - 10 minutes on 2 threads). A stop request is heard inside a chunk too, within about a
// second: the chunk in progress is abandoned and its classes are counted again on resumption.
#include <algorithm>
#include <random>
#include <utility>

#include <oneapi/tbb/task_arena.h>

#include <fmt/format.h>

#include "gridenum/core/timing.hpp"
#include "gridenum/count/fingerprint.hpp"
#include "gridenum/count/method.hpp"
#include "gridenum/count/shard.hpp"
#include "gridenum/count/three_band/three_band_run.hpp"
#include "../methods.hpp"

namespace gridenum {

namespace {

class ThreeBandPlan final : public MethodPlan {
 public:
  // A memory limit below the tables is refused first, before the catalogue (4x3: 5 s) and the
  // forms (15 CPU-seconds) are made for nothing.
  explicit ThreeBandPlan(const MethodSettings& cfg)
      : shape_(cfg.shape),
        state_((three_band_check_memory(three_band_counted_shape(cfg.shape), cfg.memory_limit),
                three_band_state(cfg.shape, cfg.threads))) {
    // Every class's prefix form (4x3: 15 CPU-seconds), then the classes group by group.
    const std::uint64_t n = state_->catalogue->classes.size();
    for (const auto& ch : three_band_chunks(*state_, 1, n))
      for (auto i : ch) order_.push_back(static_cast<std::uint32_t>(i - 1));
    unit_of_.assign(n, 0);
    for (std::uint32_t u = 0; u < order_.size(); ++u) unit_of_[order_[u]] = u;
    header_ = three_band_journal_header(shape_, *state_->catalogue, order_, cfg.shard);
    state_->table_cache = cfg.table_cache;
    state_->memory_limit = cfg.memory_limit;
  }
  const PlanHeader& header() const override { return header_; }
  std::string engine() const override { return "three-band"; }

  MethodResult run(int threads, const UnitHooks& hooks) override {
    // The engine's ids are class indices - 1; the plan's are units.
    UnitHooks h;
    if (hooks.select) h.select = [&](std::uint32_t c) { return hooks.select(unit_of_[c]); };
    if (hooks.skip) h.skip = [&](std::uint32_t c) { return hooks.skip(unit_of_[c]); };
    if (hooks.done) h.done = [&](std::uint32_t c, u128 v) { hooks.done(unit_of_[c], v); };
    h.stop = hooks.stop;
    h.table = hooks.table;
    const ThreeBandRun r = run_three_band(shape_, 0, 0, threads, h, state_.get());
    return method_result(r, r.total);
  }

  MethodResult from_counts(std::vector<u128> counts, int threads) override {
    if (counts.size() != order_.size()) throw std::invalid_argument("three-band work: one count per unit");
    std::vector<u128> by_class(counts.size());
    for (std::size_t u = 0; u < counts.size(); ++u) by_class[order_[u]] = counts[u];
    const ThreeBandRun r = three_band_result_from_counts(shape_, *state_->catalogue, by_class, threads);
    return method_result(r, r.total);
  }

  void prepare(int threads) override { three_band_build_tables(*state_, threads); }

  // The tables are known before they are built (three_band_table_bytes) and shared by the
  // threads; each thread adds its chunk's per-class lists (about 2.8 KB a class, 256 a chunk)
  // and, for 4x3, its two tiles (2 x 5,775 x 64 bytes: three_band.cpp, part 4).
  std::string memory_plan(std::uint64_t limit, int threads) const override {
    const std::uint64_t need = three_band_check_memory(state_->counted, limit);
    return fmt::format("memory: the {} three-band tables take {} (one copy, shared by the {} thread{}), plus about 2 MiB "
                       "per thread; limit {}",
                       state_->counted.str(), format_bytes(need), threads, threads == 1 ? "" : "s",
                       limit ? format_bytes(limit) : std::string("none"));
  }

  // The prefix groups in unit order (units run group by group, three_band_chunks), each named by
  // its number and its first class: the classes sharing their first R-1 boxes with that class.
  UnitGroups unit_groups() const override {
    UnitGroups g;
    g.fingerprint = header_.fingerprint;
    g.kind = "prefix group";
    g.chunk = kThreeBandChunk;
    const int kept = state_->counted.rows - 1;
    const std::string boxes = kept == 1 ? "box 1" : fmt::format("boxes 1-{}", kept);
    for (std::uint64_t u = 0; u < order_.size(); ++u) {
      const SignatureKey prefix = state_->forms[order_[u]].prefix;
      if (u > 0 && prefix == state_->forms[order_[u - 1]].prefix) {
        ++g.groups.back().units;
        continue;
      }
      g.groups.push_back(
          {u, 1, fmt::format("prefix group {} ({} of class {})", g.groups.size() + 1, boxes, order_[u] + 1)});
    }
    return g;
  }

  // Whole chunks (a class's cost depends on its chunk's size: about 90 s + 1.7 s per class on 2
  // threads for 4x3), in a random order, each timed on one thread over every 16th of its box-1
  // chains and scaled, and the first sampled chunk's first class timed alone. The chunk cost
  // model a + b G (a: the shared row pairs, from DRAM; b: one class's dot products) is fitted to
  // those points by least squares, and the projection is the model summed over the plan's
  // chunks -- as a shard's is (shard_cpu_seconds): a shard is a block of whole groups, cut at its
  // two ends, so M shards pay about M - 1 extra chunks in all. The sampled sums are thrown away.
  bool estimate_cost(double budget_seconds, std::uint64_t seed, PlanCost& c) override {
    constexpr std::size_t kStride = 16;
    three_band_build_tables(*state_, 0);
    auto chunks = three_band_chunks(*state_, 1, state_->catalogue->classes.size());
    std::mt19937_64 rng(seed);
    std::shuffle(chunks.begin(), chunks.end(), rng);
    const Shape s = state_->counted;
    const std::size_t stride = s.rows == 4 ? kStride : 1;
    std::vector<std::pair<double, double>> points;  // (classes G, one-thread seconds)
    tbb::task_arena one(1);
    const auto t0 = SteadyClock::now();
    auto time = [&](const std::vector<std::uint64_t>& classes) {
      std::vector<std::vector<DigitMask>> tops;
      for (auto i : classes) tops.push_back(state_->forms[i - 1].columns);
      double t = 0;
      one.execute([&] { t = state_->counter->estimate_seconds(tops, stride); });
      points.emplace_back(static_cast<double>(classes.size()), t);
    };
    std::size_t sampled_chunks = 0;
    for (const auto& ch : chunks) {
      time(ch);
      ++sampled_chunks;
      c.sampled_units += ch.size();
      if (sampled_chunks == 1 && ch.size() > 1) time({ch[0]});
      if (seconds_since(t0) >= budget_seconds) break;
    }
    c.sample_seconds = seconds_since(t0);
    model_ = ChunkCostModel::fit(points);
    c.projected_cpu_seconds = model_seconds(chunks);
    c.seconds_per_unit = c.projected_cpu_seconds / static_cast<double>(c.units);
    c.sampling = fmt::format("{} of {} prefix-group chunks at random and one class alone, each timed on 1 thread{}; a chunk "
                             "of G classes costs {:.3g} + {:.3g} G CPU-seconds (least squares)",
                             sampled_chunks, chunks.size(),
                             stride > 1 ? fmt::format(" over every {}th box-1 chain and scaled", stride) : "", model_.a,
                             model_.b);
    return true;
  }

  std::vector<double> shard_cpu_seconds(const PlanCost& /*c*/, std::uint32_t m, std::string& model) override {
    std::vector<double> out;
    const std::uint64_t n = state_->catalogue->classes.size();
    for (std::uint32_t k = 1; k <= m && k <= n; ++k) {
      const Shard sh{k, m, n};  // the block rule, as the journal header sets it
      out.push_back(
          model_seconds(three_band_chunks(*state_, 1, n, [&](std::uint32_t id) { return sh.contains(unit_of_[id]); })));
    }
    model = fmt::format("each shard's own prefix-group chunks (a block of whole groups, at most {} classes a chunk) x the "
                        "chunk cost model",
                        kThreeBandChunk);
    return out;
  }

 private:
  double model_seconds(const std::vector<std::vector<std::uint64_t>>& chunks) const {
    double sum = 0;
    for (const auto& ch : chunks) sum += model_.seconds(static_cast<double>(ch.size()));
    return sum;
  }

  Shape shape_;
  std::unique_ptr<ThreeBandState> state_;
  std::vector<std::uint32_t> order_;    // order_[unit] = class index - 1
  std::vector<std::uint32_t> unit_of_;  // the inverse
  PlanHeader header_;
  ChunkCostModel model_;  // the chunk cost model of the last estimate (one-thread seconds)
};

}  // namespace

const CountMethod& three_band_method() {
  static const CountMethod m{
      .id = MethodId::ThreeBand,
      .name = "three-band",
      .summary = "boxes R x 3 with R <= 4 and their transposes: top-band signature classes, counted by prefix groups",
      .doc = "docs/methods/three_band.md",
      .options = kOptionTableCache | kOptionMemoryLimit,
      .auto_rank = 4,
      .classes_rank = 1,
      .shape_error = [](Shape s) -> std::optional<std::string> {
        if (!three_band_shape_error(s) || !three_band_shape_error(Shape{s.cols, s.rows})) return std::nullopt;
        return *three_band_shape_error(s) + " (or 3 x C, counted as its transpose)";
      },
      .plan = [](const MethodSettings& s) -> std::unique_ptr<MethodPlan> { return std::make_unique<ThreeBandPlan>(s); },
      .run_once = {},
      .run_classes =
          [](const MethodSettings& s, ClassRange range) {
            auto state = three_band_state(s.shape, s.threads);
            state->table_cache = s.table_cache;
            state->memory_limit = s.memory_limit;
            const ThreeBandRun r = run_three_band(s.shape, range.first, range.last, s.threads, {}, state.get());
            return method_result(r, r.total);
          },
      .classes_shape_error = {},
  };
  return m;
}

}  // namespace gridenum
