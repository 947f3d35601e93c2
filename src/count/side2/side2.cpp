// The side-2 count's driver (side2.hpp): shapes and configurations, the dispatch to a route's
// class generator and F counter, the reduction, the parallel run and its text / JSON output.
// No counting here: each route's classes and F come from its own files (two_stack_*.cpp,
// two_band_*.cpp); this file only adds up weight x F and weight x F^2.
#include "gridenum/count/side2/side2.hpp"

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "gridenum/core/memory.hpp"
#include "gridenum/core/timing.hpp"
#include "gridenum/count/stack/count.hpp"
#include "gridenum/core/threads.hpp"
#include "gridenum/count/side2/two_band.hpp"
#include "gridenum/count/side2/two_stack.hpp"
#include "gridenum/count/side2/two_stack_split.hpp"

namespace gridenum {

int side2_half(Shape s) {
  if (s.rows == 2 && s.cols >= 2) return s.cols;
  if (s.cols == 2 && s.rows >= 2) return s.rows;
  return 0;
}

MethodId side2_native_route(Shape s) { return s.rows == 2 ? MethodId::TwoStack : MethodId::TwoBand; }

std::optional<std::string> side2_shape_error(Shape s) {
  const int m = side2_half(s);
  if (m == 0)
    return "the two-stack and two-band routes count boxes with a side of 2 (2xm or mx2), got " + s.str();
  if (m > kSide2MaxOrbitHalf)
    return "the two-stack route's class generator goes up to 2x" + std::to_string(kSide2MaxOrbitHalf) + " and " +
           std::to_string(kSide2MaxOrbitHalf) + "x2 (12 digits), got " + s.str();
  return std::nullopt;
}

std::optional<std::string> side2_route_error(Shape s, MethodId route) {
  if (auto why = side2_shape_error(s)) return why;
  if (route == MethodId::TwoBand && side2_half(s) > kSide2MaxClassHalf)
    return "the two-band route's class generator goes up to 2x" + std::to_string(kSide2MaxClassHalf) + " and " +
           std::to_string(kSide2MaxClassHalf) + "x2 (10 digits), got " + s.str() + "; " + s.str() +
           " is counted by the two-stack route (method two-stack, the default; " +
           (s.rows == 2 ? "its own orientation" : "through the transpose") + ")";
  return std::nullopt;
}

bool is_valid_config(const Side2Config& c) {
  if (c.m < 1 || c.m > kSide2MaxHalf) return false;
  const unsigned all = (1u << (2 * c.m)) - 1;
  for (int k = 0; k < c.m; ++k)
    if ((c.sets[k] & ~all) || std::popcount(static_cast<unsigned>(c.sets[k])) != c.m) return false;
  for (int k = c.m; k < kSide2MaxHalf; ++k)
    if (c.sets[k]) return false;
  return true;
}

std::string config_string(const Side2Config& c) {
  static const char* digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVW";
  std::string s;
  for (int k = 0; k < c.m; ++k) {
    if (k) s.push_back(' ');
    for (int d = 0; d < 2 * c.m; ++d)
      if (c.sets[k] >> d & 1) s.push_back(digits[d + 1]);
  }
  return s;
}

std::optional<Side2Config> parse_config_string(std::string_view text, int m) {
  if (m < 1 || m > kSide2MaxHalf) return std::nullopt;
  Side2Config c;
  c.m = m;
  int k = 0;
  bool in_set = false;
  for (char ch : text) {
    if (ch == ' ') {
      if (in_set) ++k;
      in_set = false;
      continue;
    }
    int d = -1;
    if (ch >= '1' && ch <= '9') d = ch - '1';
    else if (ch >= 'A' && ch <= 'W') d = ch - 'A' + 9;
    if (d < 0 || d >= 2 * m || k >= m || (c.sets[k] >> d & 1)) return std::nullopt;
    c.sets[k] = static_cast<std::uint16_t>(c.sets[k] | 1u << d);
    in_set = true;
  }
  if (in_set) ++k;
  if (k != m || !is_valid_config(c)) return std::nullopt;
  return c;
}

Side2Classes side2_classes(MethodId route, int m, int threads) {
  // Two-stack: the listing generator up to kSide2MaxClassHalf (its class order is the one jobs
  // and journals of 2x5 / 5x2 already use), the orbit generator beyond (m = 6).
  if (route == MethodId::TwoStack)
    return m > kSide2MaxClassHalf ? TwoStackOrbitClasses(m, threads).table() : TwoStackClasses(m, threads).table();
  return TwoBandClasses(m, threads).table();
}

u128 side2_fillings(MethodId route, const Side2Config& c, MemoryBudget* budget) {
  // Two-stack: the footprint counter (two_stack_split.hpp; 2x6 needs it), whose halves run side
  // by side when the caller's arena has threads to spare, its tables reserved from the budget.
  // The matching-removal counter (two_stack_fillings) stays as its cross-check in `verify` and
  // the tests. Two-band (m <= 5, megabytes) does not use the budget.
  return route == MethodId::TwoStack ? two_stack_fillings_split(c, nullptr, 0, budget) : two_band_fillings(c);
}

Side2Reduction side2_reduce(const Side2Classes& classes, const std::vector<u128>& F) {
  if (F.size() != classes.classes.size())
    throw std::invalid_argument("side-2 reduce: " + std::to_string(F.size()) + " counts for " +
                                std::to_string(classes.classes.size()) + " classes");
  Side2Reduction r;
  r.first_moment = 0;
  r.total = 0;
  for (std::size_t i = 0; i < F.size(); ++i) {
    const std::uint64_t w = classes.classes[i].weight;
    r.weight_sum += w;
    const BigInt f = to_big(F[i]);
    r.first_moment += f * w;
    r.total += f * f * w;
  }
  return r;
}

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
    loop.stop = hooks.stop;
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
  if (stopped) throw Interrupted("side-2 count stopped by request");
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
    o << fmt::format("  hyperoctahedral group B_{} order       {}\n", m, r.classes.group_order);
  } else {
    o << fmt::format("  box-partition tuple nodes             {}\n", group_digits(std::to_string(r.classes.enumerated)));
  }
  o << fmt::format("  classes                               {}\n\n", r.classes.classes.size());
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
