// A side-2 run over a range of classes (side2_range.hpp). No counting here: the class table comes
// from side2_classes() (the orbit generator for m = 6), F from side2_fillings(); this file picks
// the range, runs it in parallel and prints it. Kept apart from side2.cpp's whole-count driver,
// whose class numbering and jobs it must not change.
#include "gridenum/count/side2/side2_range.hpp"

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "gridenum/core/timing.hpp"
#include "gridenum/count/stack/count.hpp"
#include "gridenum/core/threads.hpp"

namespace gridenum {

std::optional<std::string> side2_range_shape_error(Shape s) {
  const int m = side2_half(s);
  if (m == 0) return "the side-2 routes count boxes with a side of 2 (2xm or mx2), got " + s.str();
  if (m > kSide2MaxOrbitHalf)
    return fmt::format("the side-2 class tables go up to 2x{0} and {0}x2 (12 digits), got {1}", kSide2MaxOrbitHalf, s.str());
  return std::nullopt;
}

Side2RangeResult run_side2_range(Shape s, MethodId route, std::uint64_t first, std::uint64_t last, int threads,
                                 std::uint64_t memory_limit) {
  if (auto why = side2_range_shape_error(s)) throw std::invalid_argument(*why);
  const auto t0 = SteadyClock::now();
  const int m = side2_half(s);
  Side2RangeResult r;
  r.shape = s;
  r.route = route;
  r.table_route = m > kSide2MaxClassHalf ? MethodId::TwoStack : route;
  r.transposed = side2_native_route(s) != route && s.rows != s.cols;
  r.threads_used = resolve_threads(threads);
  tbb::task_arena arena(r.threads_used);
  arena.execute([&] {
    const Side2Classes table = side2_classes(r.table_route, m, r.threads_used);
    r.table_seconds = seconds_since(t0);
    r.table_classes = table.classes.size();
    r.configurations = table.configurations;
    r.enumerated = table.enumerated;
    r.group_order = table.group_order;
    if (first == 0 && last == 0) first = 1, last = r.table_classes;  // every class
    if (first < 1 || first > last || last > r.table_classes)
      throw std::invalid_argument(fmt::format("class range {}:{} is outside 1..{} (the {} classes of {})", first, last,
                                              r.table_classes, r.table_classes, s.str()));
    r.first = first;
    r.last = last;
    r.classes.resize(last - first + 1);
    for (std::uint64_t i = first; i <= last; ++i) {
      auto& c = r.classes[i - first];
      c.index = i;
      c.representative = table.classes[i - 1].representative;
      c.weight = table.classes[i - 1].weight;
    }
    const auto t1 = SteadyClock::now();
    // One task per class (grain 1): at m = 6 a class is milliseconds to minutes; under the memory
    // budget, a class refused memory beside the others counted alone after them (budgeted_loop.hpp).
    BudgetedLoop loop;
    loop.units = r.classes.size();
    loop.memory_limit = memory_limit;
    loop.count = [&](std::size_t i, MemoryBudget& budget) {
      return side2_fillings(route, r.classes[i].representative, &budget);
    };
    loop.done = [&](std::size_t i, u128 f, double seconds) {
      r.classes[i].F = f;
      r.classes[i].seconds = seconds;
    };
    try {
      run_budgeted(loop, &r.memory);
    } catch (const UnitTooLarge& e) {
      throw Side2MemoryError(s, r.classes[e.unit].index, e.why);
    }
    r.fillings_seconds = seconds_since(t1);
    r.complete = first == 1 && last == r.table_classes;
    if (r.complete) {
      std::vector<u128> F;
      for (const auto& c : r.classes) F.push_back(c.F);
      r.reduction = side2_reduce(table, F);
      if (r.reduction.weight_sum != r.configurations)
        throw std::logic_error("side-2 class range: weights do not sum to C(N,m)^m");
    }
  });
  r.total_seconds = seconds_since(t0);
  return r;
}

namespace {

std::string generator_name(const Side2RangeResult& r) {
  if (r.table_route == MethodId::TwoBand) return "two-band (box-partition orbits)";
  return side2_half(r.shape) > kSide2MaxClassHalf ? "two-stack orbits (column-by-column augmentation)"
                                                  : "two-stack (type histograms listed)";
}

}  // namespace

std::string format_text(const Side2RangeResult& r) {
  std::ostringstream o;
  const int m = side2_half(r.shape), n = 2 * m;
  o << fmt::format("gridenum count: {}x{} grids, boxes {}, classes {}:{} of {}, {} thread{}\n", r.shape.n(), r.shape.n(),
                   r.shape.str(), r.first, r.last, r.table_classes, r.threads_used, r.threads_used == 1 ? "" : "s");
  o << fmt::format("F by route {}{}; class table by {}\n", to_string(r.route),
                   r.transposed ? fmt::format(" (counts the transposed shape {}, same total)",
                                              r.route == MethodId::TwoStack ? Shape{2, m}.str() : Shape{m, 2}.str())
                                : std::string(),
                   generator_name(r));
  o << fmt::format("configurations C({},{})^{} = {}, classes {}\n\n", n, m, m, group_digits(std::to_string(r.configurations)),
                   r.table_classes);
  const int rep_w = m * (m + 1) - 1;
  o << fmt::format("  {:>5}  {:<{}}  {:>15}  {:>28}  {:>9}\n", "class", "sets S_1..S_m", rep_w, "weight", "F", "seconds");
  for (const auto& c : r.classes)
    o << fmt::format("  {:>5}  {:<{}}  {:>15}  {:>28}  {:>9.3f}\n", c.index, config_string(c.representative), rep_w, c.weight,
                     to_string(c.F), c.seconds);
  if (r.complete) {
    o << fmt::format("\nsum of weights {}\n", group_digits(std::to_string(r.reduction.weight_sum)));
    o << fmt::format("total = sum weight x F^2 = {}\n", r.reduction.total.str());
  } else {
    o << "\npart of the classes: no total (the range is not every class)\n";
  }
  o << fmt::format("times (s): class table {:.3f}, F {:.3f}, total {:.3f}\n", r.table_seconds, r.fillings_seconds,
                   r.total_seconds);
  o << memory_line(r.memory) << "\n";
  return o.str();
}

nlohmann::json to_json(const Side2RangeResult& r) {
  using nlohmann::json;
  json classes = json::array();
  for (const auto& c : r.classes)
    classes.push_back({{"index", c.index},
                       {"representative", config_string(c.representative)},
                       {"weight", c.weight},
                       {"F", to_string(c.F)},
                       {"seconds", c.seconds}});
  json out{{"shape", r.shape.str()},
           {"n", r.shape.n()},
           {"method", to_string(r.route)},
           {"class_generator", generator_name(r)},
           {"transposed", r.transposed},
           {"threads", r.threads_used},
           {"first", r.first},
           {"last", r.last},
           {"catalogue",
            {{"configurations", r.configurations},
             {"enumerated", r.enumerated},
             {"group_order", r.group_order},
             {"classes", r.table_classes}}},
           {"classes", classes},
           {"complete", r.complete},
           {"times", {{"classes", r.table_seconds}, {"fillings", r.fillings_seconds}, {"total", r.total_seconds}}},
           {"state_tables", to_json(r.memory)}};
  out["weight_sum"] = r.complete ? json(r.reduction.weight_sum) : json(nullptr);
  out["total"] = r.complete ? json(r.reduction.total.str()) : json(nullptr);
  return out;
}

}  // namespace gridenum
