// The band-pair method's plan, unit count and run (band_pair.hpp): the stack method's pipeline
// (count/stack/count.cpp) with the counter's tables in place of the stack list. The stages:
//   catalogue | three-band tables   built side by side (tbb::parallel_invoke in the run's arena)
//   plan                            (class, slice of the box-1 chains), no table
//   pool                            one task per unit (pool.hpp); a unit is one completions_part
//   reducer                         per class n_alpha = sum of its units, / L_stack (checked)
#include "gridenum/count/band_pair/band_pair.hpp"

#include <oneapi/tbb/parallel_invoke.h>

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "gridenum/core/combinatorics.hpp"
#include "gridenum/core/cpu.hpp"
#include "gridenum/core/stop.hpp"
#include "gridenum/core/threads.hpp"
#include "gridenum/core/timing.hpp"
#include "gridenum/count/pool.hpp"

namespace gridenum {

std::optional<std::string> band_pair_shape_error(Shape s) {
  if (auto why = engine_shape_error(s)) return why;
  if (auto why = three_band_shape_error(s)) return *why + " (the band-pair method: 2x3 or 3x3)";
  return std::nullopt;
}

std::uint32_t band_pair_box_chains(Shape s) {
  std::uint64_t n = 0;
  for (int i = 0; i <= s.rows; ++i) {
    const std::uint64_t c = binomial(s.rows, i);
    n += c * c * c;
  }
  return static_cast<std::uint32_t>(n);
}

Plan make_band_pair_plan(const Catalogue& cat, std::uint32_t slices_per_class) {
  if (cat.classes.empty()) throw std::invalid_argument("band-pair plan: empty catalogue");
  const std::uint32_t slices = std::clamp<std::uint32_t>(slices_per_class == 0 ? kBandPairSlices : slices_per_class, 1,
                                                        band_pair_box_chains(cat.shape));
  Plan plan;
  plan.shape = cat.shape;
  plan.slices_per_class = slices;
  plan.units.reserve(cat.classes.size() * slices);
  for (std::uint32_t c = 0; c < cat.classes.size(); ++c)
    for (std::uint32_t k = 0; k < slices; ++k) {
      WorkUnit u;
      u.id = c * slices + k;
      u.cls = c;
      u.begin = k;
      u.end = k + 1;
      plan.units.push_back(u);
    }
  return plan;
}

std::vector<DigitMask> band_column_sets(Shape s, const Band& band) {
  const int n = s.n();
  if (band.size() != static_cast<std::size_t>(s.rows * n)) throw std::invalid_argument("band-pair: a band of the wrong size");
  std::vector<DigitMask> cols(static_cast<std::size_t>(n), 0);
  for (int r = 0; r < s.rows; ++r)
    for (int c = 0; c < n; ++c) {
      const int d = band[static_cast<std::size_t>(r * n + c)];
      if (d < 1 || d > n) throw std::invalid_argument(fmt::format("band-pair: digit {} outside 1..{}", d, n));
      cols[static_cast<std::size_t>(c)] |= DigitMask{1} << (d - 1);
    }
  return cols;
}

u128 band_pair_unit_count(const ThreeBandCounter& counter, const Catalogue& cat, const Plan& plan, const WorkUnit& u) {
  if (u.cls >= cat.classes.size() || u.begin >= plan.slices_per_class)
    throw std::invalid_argument(fmt::format("band-pair: unit {} is not of this plan", u.id));
  return counter.completions_part(band_column_sets(cat.shape, cat.classes[u.cls].representative), u.begin,
                                  plan.slices_per_class);
}

namespace {

CountResult result_head(const BandPairOptions& opt, const ThreeBandCounter& counter, const Plan& plan) {
  CountResult r;
  r.method = MethodId::BandPair;
  r.options.shape = opt.shape;
  r.options.threads = opt.threads;
  r.options.slices_per_class = opt.slices_per_class;
  const ThreeBandStats& st = counter.stats();
  r.band_pairs = BandPairFigures{st.partitions, st.pair_types, st.table_slots, st.table_bytes, band_pair_box_chains(opt.shape)};
  r.units = plan.units.size();
  r.slices_per_class = plan.slices_per_class;
  return r;
}

}  // namespace

CountResult run_band_pair_count(const BandPairOptions& opt, const UnitHooks& hooks) {
  const auto t0 = SteadyClock::now();
  if (auto why = band_pair_shape_error(opt.shape)) throw std::invalid_argument(*why);
  if (opt.plan && (!opt.catalogue || !opt.counter))
    throw std::invalid_argument("band-pair: a given plan needs the catalogue and counter it was made for");
  const ThreadBudget budget(opt.threads);
  // Catalogue and tables, side by side, when not given.
  std::optional<Catalogue> own_cat;
  std::unique_ptr<ThreeBandCounter> own_counter;
  double cat_seconds = 0, table_seconds = 0;
  budget.execute([&] {
    tbb::parallel_invoke(
        [&] {
          if (opt.catalogue) return;
          const auto t = SteadyClock::now();
          own_cat = build_catalogue(opt.shape);
          // The per-entry lists (36,288 small vectors for 9x9) are read by no later stage.
          std::vector<Band>().swap(own_cat->entry_bands);
          std::vector<std::uint32_t>().swap(own_cat->entry_class);
          cat_seconds = seconds_since(t);
        },
        [&] {
          if (opt.counter) return;
          const auto t = SteadyClock::now();
          own_counter = std::make_unique<ThreeBandCounter>(opt.shape, budget.threads());
          table_seconds = seconds_since(t);
        });
  });
  const Catalogue& cat = opt.catalogue ? *opt.catalogue : *own_cat;
  const ThreeBandCounter& counter = opt.counter ? *opt.counter : *own_counter;
  if (cat.shape != opt.shape || counter.shape() != opt.shape)
    throw std::invalid_argument("band-pair: the catalogue or counter given is for another shape");

  auto t = SteadyClock::now();
  std::optional<Plan> own_plan;
  if (!opt.plan) own_plan = make_band_pair_plan(cat, opt.slices_per_class);
  const Plan& plan = opt.plan ? *opt.plan : *own_plan;
  CountResult res = result_head(opt, counter, plan);
  res.threads_used = budget.threads();
  res.isa = to_string(selected_isa());
  res.times.catalogue = cat_seconds;
  res.times.stacks = table_seconds;
  res.times.plan = seconds_since(t);

  t = SteadyClock::now();
  std::vector<u128> counts;
  const std::vector<WorkUnit> todo = units_to_count(plan, hooks, counts, res);
  // The representatives' column sets, once.
  std::vector<std::vector<DigitMask>> tops;
  tops.reserve(cat.classes.size());
  for (const auto& c : cat.classes) tops.push_back(band_column_sets(cat.shape, c.representative));
  const bool complete = count_units(
      [&](const WorkUnit& u) { return counter.completions_part(tops[u.cls], u.begin, plan.slices_per_class); }, {}, todo,
      PoolOptions{res.threads_used},
      [&](const WorkUnit& u, u128 c) {
        counts[u.id] = c;  // one slot per unit: no lock
        if (hooks.done) hooks.done(u.id, c);
      },
      [&hooks] { return stop_now(hooks); });
  res.times.completion = seconds_since(t);
  if (!complete) throw Interrupted("count stopped by " + stop_cause() + " before every work unit was counted");

  t = SteadyClock::now();
  if (res.complete) res.reduction = reduce_completions(cat, plan, counts);
  res.unit_counts = std::move(counts);
  res.catalogue = own_cat ? std::move(*own_cat) : cat;
  res.times.reduce = seconds_since(t);
  res.times.total = seconds_since(t0);
  return res;
}

CountResult band_pair_result_from_counts(const BandPairOptions& opt, std::vector<u128> counts) {
  if (!opt.catalogue || !opt.counter || !opt.plan)
    throw std::invalid_argument("band-pair: a result from unit counts needs the plan, its catalogue and its counter");
  if (counts.size() != opt.plan->units.size()) throw std::invalid_argument("band-pair: one count per unit of the plan");
  CountResult r = result_head(opt, *opt.counter, *opt.plan);
  r.threads_used = resolve_threads(opt.threads);
  r.units_selected = r.units;
  r.complete = true;
  r.counted_here = false;
  r.reduction = reduce_completions(*opt.catalogue, *opt.plan, counts);
  r.unit_counts = std::move(counts);
  r.catalogue = *opt.catalogue;
  return r;
}

}  // namespace gridenum
