// The count pipeline in one call (docs/design.md section 3) and its text / JSON rendering.
#include "gridenum/count/stack/count.hpp"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "gridenum/core/threads.hpp"
#include "gridenum/core/timing.hpp"
#include "gridenum/count/pool.hpp"

namespace gridenum {

namespace {
std::string big(const BigInt& v) { return v.str(); }
}  // namespace

std::vector<WorkUnit> units_to_count(const Plan& plan, const UnitHooks& hooks, std::vector<u128>& counts, CountResult& res) {
  counts.assign(plan.units.size(), 0);
  std::vector<WorkUnit> todo;
  for (std::size_t i = 0; i < plan.units.size(); ++i) {
    const WorkUnit& u = plan.units[i];
    if (u.id != i) throw std::logic_error("plan: unit ids are not their positions");
    if (hooks.select && !hooks.select(u.id)) {
      res.complete = false;
      continue;
    }
    ++res.units_selected;
    std::optional<u128> known = hooks.skip ? hooks.skip(u.id) : std::nullopt;
    if (known) counts[i] = *known;
    else todo.push_back(u);
  }
  return todo;
}

CountResult run_count(const CountOptions& opt, const UnitHooks& hooks) {
  const auto t0 = SteadyClock::now();
  CountResult res;
  res.options = opt;
  const ThreadBudget budget(opt.threads);  // the cap, and the arena of the counter's table set-up
  res.threads_used = budget.threads();

  auto t = SteadyClock::now();
  res.catalogue = opt.catalogue ? *opt.catalogue : build_catalogue(opt.shape);
  if (res.catalogue.shape != opt.shape) throw std::invalid_argument("count: cached catalogue is for another shape");
  res.times.catalogue = seconds_since(t);

  t = SteadyClock::now();
  StackList built_stacks;
  if (!opt.stacks) built_stacks = build_stack_list(opt.shape);
  const StackList& stacks = opt.stacks ? *opt.stacks : built_stacks;
  if (stacks.shape != opt.shape) throw std::invalid_argument("count: given stack list is for another shape");
  res.stack_fillings = stacks.size();
  res.stack_patterns = stacks.patterns.size();
  res.times.stacks = seconds_since(t);

  t = SteadyClock::now();
  Plan made_plan;
  if (!opt.plan) made_plan = make_plan(res.catalogue, stacks, opt.slices_per_class);
  const Plan& plan = opt.plan ? *opt.plan : made_plan;
  if (opt.plan && (!opt.catalogue || !opt.stacks))
    throw std::invalid_argument("count: a given plan needs the catalogue and stack list it was made of");
  res.units = plan.units.size();
  res.slices_per_class = plan.slices_per_class;
  res.times.plan = seconds_since(t);

  t = SteadyClock::now();
  std::vector<u128> counts;
  const std::vector<WorkUnit> todo = units_to_count(plan, hooks, counts, res);
  // The counter's tables are built with parallel loops: in the budget's arena, so that no other
  // arena (oneTBB's default one, sized by the machine) asks for workers.
  std::optional<CompletionCounter> built_counter;
  budget.execute([&] { built_counter.emplace(res.catalogue, stacks, opt.kernel, opt.isa, opt.stack_tables); });
  const CompletionCounter& counter = *built_counter;
  res.isa = opt.kernel == Kernel::Partition ? to_string(counter.isa()) : "scalar";
  const bool complete = count_units(
      counter, todo, PoolOptions{res.threads_used},
      [&](const WorkUnit& u, u128 c) {
        counts[u.id] = c;  // one slot per unit: no lock
        if (hooks.done) hooks.done(u.id, c);
      },
      [&hooks] { return stop_now(hooks); });
  res.times.completion = seconds_since(t);
  if (!complete) throw Interrupted("count stopped by " + stop_cause() + " before every work unit was counted");

  t = SteadyClock::now();
  if (res.complete) res.reduction = reduce(res.catalogue, plan, counts);
  res.unit_counts = std::move(counts);
  res.times.reduce = seconds_since(t);
  res.times.total = seconds_since(t0);
  return res;
}

CountResult count_result_from_counts(const CountOptions& opt, std::vector<u128> counts) {
  if (!opt.catalogue || !opt.stacks || !opt.plan)
    throw std::invalid_argument("count: a result from unit counts needs the plan, its catalogue and its stack list");
  if (counts.size() != opt.plan->units.size()) throw std::invalid_argument("count: one count per unit of the plan");
  CountResult r;
  r.options = opt;
  r.options.catalogue = nullptr;  // the result keeps its own copy (below)
  r.options.stacks = nullptr;
  r.options.plan = nullptr;
  r.threads_used = resolve_threads(opt.threads);
  r.stack_fillings = opt.stacks->size();
  r.stack_patterns = opt.stacks->patterns.size();
  r.units = opt.plan->units.size();
  r.units_selected = r.units;
  r.complete = true;
  r.counted_here = false;
  r.slices_per_class = opt.plan->slices_per_class;
  r.reduction = reduce(*opt.catalogue, *opt.plan, counts);
  r.unit_counts = std::move(counts);
  r.catalogue = *opt.catalogue;
  return r;
}

std::string format_text(const CountResult& r) {
  const Catalogue& c = r.catalogue;
  const Reduction& red = r.reduction;
  std::ostringstream o;
  const Shape s = c.shape;
  const bool band_pair = r.method == MethodId::BandPair;
  if (r.counted_here)
    o << "gridenum count: " << s.n() << "x" << s.n() << " grids, boxes " << s.str()
      << (band_pair ? ", completions by band pairs" : ", kernel " + to_string(r.options.kernel)) << " (" << r.isa << "), "
      << r.threads_used << " thread" << (r.threads_used == 1 ? "" : "s") << "\n\n";
  else
    o << "gridenum merge: " << s.n() << "x" << s.n() << " grids, boxes " << s.str()
      << ", unit counts read from the shards' journals\n\n";
  o << "catalogue\n";
  o << "  top-band fillings with B1 fixed (F)   " << group_digits(std::to_string(c.band_fillings)) << "\n";
  o << "  lexicographic catalogue entries       " << group_digits(std::to_string(c.entries)) << "  (F / "
    << band_symmetry_factor(s) << ")\n";
  o << "  column structures                     " << group_digits(std::to_string(c.structures)) << "\n";
  o << "  equivalence classes                   " << group_digits(c.classes.size()) << "\n";
  if (band_pair) {
    const BandPairFigures& b = r.band_pairs;
    o << "band pairs (middle and bottom bands by their column sets)\n";
    o << "  box partitions                        " << group_digits(b.partitions) << "\n";
    o << "  pair types                            " << b.pair_types << "\n";
    o << "  F table slots                         " << group_digits(std::to_string(b.table_slots)) << "\n";
    o << "  chains of a box                       " << b.box1_chains << "\n";
    o << "  work units                            " << group_digits(r.units) << "  (" << r.slices_per_class
      << (r.slices_per_class == 1 ? " slice" : " slices") << " of the box-1 chains per class)\n\n";
  } else {
    o << "stacks\n";
    o << "  ordered stack fillings                " << group_digits(std::to_string(r.stack_fillings)) << "  (x "
      << stack_symmetry_factor(s) << " each)\n";
    o << "  distinct stack patterns               " << group_digits(std::to_string(r.stack_patterns)) << "\n";
    o << "  work units                            " << group_digits(r.units) << "\n\n";
  }
  if (!r.complete) {
    // A shard: its units only, no total (gridenum merge reduces the shards).
    o << "partial run: " << group_digits(r.units_selected) << " of " << group_digits(r.units) << " work units counted; no total\n";
    return o.str();
  }
  o << "classes (n_alpha = completions of the representative band)\n";
  const int rep_w = s.rows * s.n();
  o << fmt::format("  {:>5}  {:<{}}  {:>8}  {}\n", "class", "representative band", rep_w, "|C|", "n_alpha");
  std::uint64_t sizes = 0;
  for (std::size_t a = 0; a < c.classes.size(); ++a) {
    sizes += c.classes[a].size;
    o << fmt::format("  {:>5}  {}  {:>8}  {}\n", a + 1, band_string(c.classes[a].representative), c.classes[a].size,
                     big(red.n[a]));
  }
  o << "  sum of class sizes: " << group_digits(std::to_string(sizes)) << "\n\n";
  o << "sum |C| n*              " << big(red.weighted_sum) << "\n";
  o << "canonical grids         " << big(red.canonical_grids) << "  (B1 fixed; x " << red.band_factor << " x "
    << red.stack_factor << ")\n";
  o << "total                   " << big(red.total) << "  (x " << s.n() << "!)\n";
  o << "                        " << group_digits(big(red.total)) << "\n";
  if (!r.counted_here) return o.str();
  o << "\n";
  o << fmt::format("times (s): catalogue {:.4f}, {} {:.4f}, plan {:.4f}, completion {:.4f}, reduce {:.4f}, total {:.4f}\n",
                   r.times.catalogue, band_pair ? "tables" : "stacks", r.times.stacks, r.times.plan, r.times.completion,
                   r.times.reduce, r.times.total);
  return o.str();
}

nlohmann::json to_json(const CountResult& r) {
  using nlohmann::json;
  const Catalogue& c = r.catalogue;
  const Reduction& red = r.reduction;
  json classes = json::array();
  json units = json::array();
  if (r.complete) {  // a shard (partial run) has no per-class n; its units live in the job journal
    for (std::size_t a = 0; a < c.classes.size(); ++a)
      classes.push_back({{"index", a + 1},
                         {"representative", band_string(c.classes[a].representative)},
                         {"size", c.classes[a].size},
                         {"n_star", to_string(red.n_star[a])},
                         {"n", big(red.n[a])}});
    const std::uint32_t slices = std::max<std::uint32_t>(r.slices_per_class, 1);
    for (std::size_t u = 0; u < r.unit_counts.size(); ++u)
      units.push_back({{"id", u}, {"class", u / slices + 1}, {"count", to_string(r.unit_counts[u])}});
  }
  json j = json{{"shape", c.shape.str()},
              {"n", c.shape.n()},
              {"method", to_string(r.method)},
              {"kernel", r.counted_here && r.method == MethodId::Stack ? json(to_string(r.options.kernel)) : json(nullptr)},
              {"isa", r.counted_here ? json(r.isa) : json(nullptr)},
              {"threads", r.counted_here ? json(r.threads_used) : json(nullptr)},
              {"catalogue",
               {{"band_fillings", c.band_fillings},
                {"entries", c.entries},
                {"structures", c.structures},
                {"classes", c.classes.size()},
                {"band_factor", band_symmetry_factor(c.shape)}}},
              {"stacks", r.method == MethodId::BandPair
                             ? json{{"stack_factor", stack_symmetry_factor(c.shape)}}
                             : json{{"ordered_fillings", r.stack_fillings}, {"patterns", r.stack_patterns},
                                    {"stack_factor", stack_symmetry_factor(c.shape)}}},
              {"units", r.units},
              {"slices_per_class", r.slices_per_class},
              {"units_selected", r.units_selected},
              {"complete", r.complete},
              {"unit_counts", units},
              {"classes", classes},
              {"weighted_sum", r.complete ? json(big(red.weighted_sum)) : json(nullptr)},
              {"canonical_grids", r.complete ? json(big(red.canonical_grids)) : json(nullptr)},
              {"relabel_factor", r.complete ? json(big(red.relabel_factor)) : json(nullptr)},
              {"total", r.complete ? json(big(red.total)) : json(nullptr)},
              {"times", !r.counted_here ? json(nullptr) : json{{"catalogue", r.times.catalogue},
                {r.method == MethodId::BandPair ? "tables" : "stacks", r.times.stacks},
                {"plan", r.times.plan},
                {"completion", r.times.completion},
                {"reduce", r.times.reduce},
                {"total", r.times.total}}}};
  if (r.method == MethodId::BandPair)
    j["band_pairs"] = json{{"partitions", r.band_pairs.partitions}, {"pair_types", r.band_pairs.pair_types},
                           {"table_slots", r.band_pairs.table_slots}, {"table_bytes", r.band_pairs.table_bytes},
                           {"box_chains", r.band_pairs.box1_chains}};
  return j;
}

}  // namespace gridenum
