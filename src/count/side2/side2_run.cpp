// The side-2 routes' driver (side2_run.hpp): the parallel run over a route's classes and its text
// / JSON output. No counting here: F comes from side2_fillings (side2.hpp), the total from
// side2_reduce.
#include "gridenum/count/side2/side2_run.hpp"

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "gridenum/core/memory.hpp"
#include "gridenum/core/threads.hpp"
#include "gridenum/core/timing.hpp"
#include "gridenum/count/budgeted_loop.hpp"

namespace gridenum {

namespace {

void reduce_into(Side2Result& r) {
  const auto t = SteadyClock::now();
  r.reduction = side2_reduce(r.classes, r.F);
  if (r.reduction.weight_sum != r.classes.configurations)
    throw std::logic_error("side-2 count: class weights sum to " + std::to_string(r.reduction.weight_sum) + ", not C(N,m)^m = " +
                           std::to_string(r.classes.configurations));
  r.times.reduce = seconds_since(t);
}

Side2Result result_frame(Shape shape, MethodId route) {
  if (auto why = side2_route_error(shape, route)) throw std::invalid_argument(*why);
  Side2Result r;
  r.shape = shape;
  r.route = route;
  r.transposed = side2_native_route(shape) != route && shape.rows != shape.cols;
  return r;
}

}  // namespace

Side2MemoryError::Side2MemoryError(Shape shape, std::uint64_t class_index, const MemoryBudgetExceeded& why)
    : std::runtime_error(fmt::format("{} class {} does not fit in the memory limit of {} even counted alone (its state "
                                     "tables held {} when {} more were asked for): raise the limit (--memory-limit, or "
                                     "memory_limit in the job's config) or count on a machine with more memory",
                                     shape.str(), class_index, format_bytes(why.limit), format_bytes(why.held),
                                     format_bytes(why.wanted))) {}

// One task per class under the memory budget (budgeted_loop.hpp: a class refused memory beside
// the others is counted alone after them); each writes its own slot of F, so the loop needs no
// lock. The hooks make it a job's engine: skipped classes cost nothing, and a stop request lets
// the classes in progress finish (their F reach done()) before Interrupted.
Side2Result run_side2_count(const Side2Options& opt, const UnitHooks& hooks) {
  const auto t0 = SteadyClock::now();
  Side2Result r = result_frame(opt.shape, opt.route);
  r.threads_used = resolve_threads(opt.threads);
  const int m = side2_half(opt.shape);
  bool stopped = false;
  tbb::task_arena arena(r.threads_used);
  arena.execute([&] {
    auto t = SteadyClock::now();
    if (opt.classes) {
      if (opt.classes->m != m || opt.classes->route != opt.route)
        throw std::invalid_argument("side-2 count: the class table given is not the one of " + opt.shape.str() + " by " +
                                    to_string(opt.route));
      r.classes = *opt.classes;
    } else {
      r.classes = side2_classes(opt.route, m, r.threads_used);
    }
    r.times.classes = opt.classes ? 0.0 : seconds_since(t);
    t = SteadyClock::now();
    const std::size_t K = r.classes.classes.size();
    r.F.assign(K, 0);
    r.selected.assign(K, 1);
    if (hooks.select)
      for (std::size_t i = 0; i < K; ++i) r.selected[i] = hooks.select(static_cast<std::uint32_t>(i)) ? 1 : 0;
    BudgetedLoop loop;
    loop.units = K;
    loop.memory_limit = opt.memory_limit;
    loop.want = [&](std::size_t i) {
      if (!r.selected[i]) return false;
      if (hooks.skip)
        if (const auto known = hooks.skip(static_cast<std::uint32_t>(i))) {
          r.F[i] = *known;
          return false;
        }
      return true;
    };
    loop.count = [&](std::size_t i, MemoryBudget& budget) {
      return side2_fillings(opt.route, r.classes.classes[i].representative, &budget);
    };
    loop.done = [&](std::size_t i, u128 f, double) {
      r.F[i] = f;
      if (hooks.done) hooks.done(static_cast<std::uint32_t>(i), f);
    };
    loop.stop = [&hooks] { return stop_now(hooks); };
    BudgetedLoopStats ls;
    try {
      stopped = !run_budgeted(loop, &ls);
    } catch (const UnitTooLarge& e) {
      throw Side2MemoryError(opt.shape, e.unit + 1, e.why);
    }
    r.counted_here = ls.counted;
    r.memory = ls;
    r.times.fillings = seconds_since(t);
  });
  if (stopped) throw Interrupted("side-2 count stopped by " + stop_cause());
  r.complete = std::all_of(r.selected.begin(), r.selected.end(), [](char c) { return c != 0; });
  if (r.complete) reduce_into(r);
  r.times.total = seconds_since(t0);
  r.peak_rss_kib = peak_rss_kib();
  return r;
}

Side2Result side2_result_from_counts(Shape shape, MethodId route, Side2Classes classes, std::vector<u128> F) {
  Side2Result r = result_frame(shape, route);
  if (classes.m != side2_half(shape) || classes.route != route)
    throw std::invalid_argument("side-2 result: the class table is not the one of " + shape.str() + " by " + to_string(route));
  r.classes = std::move(classes);
  r.F = std::move(F);
  r.selected.assign(r.F.size(), 1);
  r.counted = false;
  reduce_into(r);
  r.peak_rss_kib = peak_rss_kib();
  return r;
}

namespace {

Shape native_shape(const Side2Result& r) {
  const int m = side2_half(r.shape);
  return r.route == MethodId::TwoStack ? Shape{2, m} : Shape{m, 2};
}

std::string route_line(const Side2Result& r) {
  const Shape nat = native_shape(r);
  const int m = r.classes.m, n = 2 * m;
  std::string what = r.route == MethodId::TwoStack
                         ? fmt::format("row sets of the two {}x{} stacks, stack fillings column by column", n, m)
                         : fmt::format("column sets of the two {}x{} bands, band fillings two rows at a time", m, n);
  std::string s = fmt::format("route {} ({})", to_string(r.route), what);
  if (r.transposed) s += fmt::format("; counts the transposed shape {} (same total)", nat.str());
  return s;
}

std::string set_name(MethodId r) { return r == MethodId::TwoStack ? "top-row sets S_1..S_m" : "left-column sets S_1..S_m"; }

}  // namespace

std::string format_text(const Side2Result& r) {
  std::ostringstream o;
  const Shape s = r.shape;
  const int m = r.classes.m, n = 2 * m;
  const std::string what = r.route == MethodId::TwoStack ? "stack" : "band";
  o << fmt::format("gridenum count: {}x{} grids, boxes {}, {} thread{}\n", s.n(), s.n(), s.str(), r.threads_used,
                   r.threads_used == 1 ? "" : "s");
  o << route_line(r) << "\n\n";
  o << "classes\n";
  o << fmt::format("  configurations C({},{})^{}              {}\n", n, m, m, group_digits(std::to_string(r.classes.configurations)));
  if (r.route == MethodId::TwoStack) {
    o << fmt::format("  type histograms listed                {}\n", group_digits(std::to_string(r.classes.enumerated)));
    o << fmt::format("  hyperoctahedral group B_{} order       {}\n", m, group_digits(r.classes.group_order));
  } else {
    o << fmt::format("  box-partition tuple nodes             {}\n", group_digits(std::to_string(r.classes.enumerated)));
  }
  o << fmt::format("  classes                               {}\n\n", group_digits(r.classes.classes.size()));
  o << fmt::format("class table (F = fillings of one {} with the representative's sets)\n", what);
  const int rep_w = std::max<int>(m * (m + 1) - 1, static_cast<int>(set_name(r.route).size()));
  o << fmt::format("  {:>5}  {:<{}}  {:>15}  {}\n", "class", set_name(r.route), rep_w, "weight", "F");
  for (std::size_t i = 0; i < r.classes.classes.size(); ++i) {
    const auto& c = r.classes.classes[i];
    const bool have = i < r.selected.size() && r.selected[i];
    o << fmt::format("  {:>5}  {:<{}}  {:>15}  {}\n", i + 1, config_string(c.representative), rep_w, c.weight,
                     have ? to_string(r.F[i]) : std::string("-  (another shard)"));
  }
  if (!r.complete) {
    const auto n_sel = std::count(r.selected.begin(), r.selected.end(), char{1});
    o << fmt::format("\nshard: F of {} of the {} classes ({} computed in this run); no total until the shards are merged "
                     "(gridenum merge)\n\n",
                     n_sel, r.classes.classes.size(), r.counted_here);
  } else {
    o << fmt::format("  sum of weights: {}\n\n", group_digits(std::to_string(r.reduction.weight_sum)));
    o << fmt::format("sum weight x F          {}  (fillings of one {}, all choices together)\n", r.reduction.first_moment.str(),
                     what);
    o << fmt::format("total = sum weight x F^2\n");
    o << fmt::format("                        {}\n", r.reduction.total.str());
    o << fmt::format("                        {}\n\n", group_digits(r.reduction.total.str()));
  }
  if (r.counted)
    o << fmt::format("times (s): classes {:.4f}, fillings {:.4f}, reduce {:.4f}, total {:.4f}\n", r.times.classes,
                     r.times.fillings, r.times.reduce, r.times.total);
  else
    o << "F read from the shards' journals (no counting in this run)\n";
  o << fmt::format("peak memory: {:.1f} MiB\n", static_cast<double>(r.peak_rss_kib) / 1024.0);
  if (r.counted && r.counted_here > 0) o << memory_line(r.memory) << "\n";
  return o.str();
}

nlohmann::json to_json(const Side2Result& r) {
  using nlohmann::json;
  json classes = json::array();
  for (std::size_t i = 0; i < r.classes.classes.size(); ++i) {
    const auto& c = r.classes.classes[i];
    const bool have = i < r.selected.size() && r.selected[i];
    classes.push_back({{"index", i + 1},
                       {"representative", config_string(c.representative)},
                       {"weight", c.weight},
                       {"F", have ? json(to_string(r.F[i])) : json(nullptr)}});
  }
  json out{{"shape", r.shape.str()},
              {"n", r.shape.n()},
              {"method", to_string(r.route)},
              {"route_shape", native_shape(r).str()},
              {"transposed", r.transposed},
              {"threads", r.threads_used},
              {"catalogue",
               {{"configurations", r.classes.configurations},
                {"enumerated", r.classes.enumerated},
                {"group_order", r.classes.group_order},
                {"classes", r.classes.classes.size()}}},
              {"classes", classes},
              {"complete", r.complete},
              {"counted_here", r.counted_here},
              {"formula", "total = sum over classes of weight x F^2"},
              {"peak_rss_kib", r.peak_rss_kib},
              {"state_tables", to_json(r.memory)}};
  // A shard's part (complete = false) has no total; a result read from journals no times: the
  // keys are there, null, as in the stack method's JSON.
  out["weight_sum"] = r.complete ? json(r.reduction.weight_sum) : json(nullptr);
  out["first_moment"] = r.complete ? json(r.reduction.first_moment.str()) : json(nullptr);
  out["total"] = r.complete ? json(r.reduction.total.str()) : json(nullptr);
  out["times"] = r.counted ? json{{"classes", r.times.classes}, {"fillings", r.times.fillings}, {"reduce", r.times.reduce},
                                  {"total", r.times.total}}
                           : json(nullptr);
  return out;
}

}  // namespace gridenum
