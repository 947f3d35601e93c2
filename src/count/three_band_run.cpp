// A run of the three-band route over a class range: see three_band_run.hpp.
#include "gridenum/count/three_band_run.hpp"

#include <oneapi/tbb/task_arena.h>

#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "gridenum/core/timing.hpp"

namespace gridenum {

ThreeBandRun run_three_band(Shape asked, std::uint64_t first, std::uint64_t last, int threads) {
  // 3 x C boxes: count the transpose C x 3 (transposing a grid maps R x C boxes to C x R).
  const Shape s = three_band_shape_error(asked) && asked.rows == 3 ? Shape{asked.cols, asked.rows} : asked;
  if (auto why = three_band_shape_error(s)) throw std::invalid_argument(*why + " (or 3 x C, counted as its transpose)");
  const auto t0 = SteadyClock::now();
  ThreeBandRun r;
  r.shape = asked;
  r.counted = s;
  tbb::task_arena arena(threads > 0 ? threads : tbb::task_arena::automatic);
  r.threads_used = arena.max_concurrency();
  arena.execute([&] {
    auto t = SteadyClock::now();
    const auto cat = build_signature_catalogue(s, threads);
    r.catalogue_seconds = seconds_since(t);
    r.catalogue_classes = cat.classes.size();
    r.catalogue_stats = cat.stats;
    if (first == 0 && last == 0) {
      first = 1;
      last = cat.classes.size();
    }
    if (first < 1 || first > last || last > cat.classes.size())
      throw std::invalid_argument(fmt::format("classes {}:{} outside 1:{} (the {} signature classes of {})", first, last,
                                              cat.classes.size(), cat.classes.size(), s.str()));
    r.first = first;
    r.last = last;
    t = SteadyClock::now();
    const ThreeBandCounter counter(s, threads);
    r.table_seconds = seconds_since(t);
    r.table_stats = counter.stats();
    t = SteadyClock::now();
    // One class at a time, each spread over the threads (tasks over its box-1 chains): the
    // printed per-class times are then the class's own.
    for (std::uint64_t i = first; i <= last; ++i) {
      const auto& c = cat.classes[i - 1];
      ThreeBandClassCount out;
      out.index = i;
      out.key = c.key;
      const auto cols = signature_columns(s, c.key);
      out.columns = signature_string(s, cols);
      out.size = c.size;
      out.fillings = counter.band_fillings(cols);
      const auto tc = SteadyClock::now();
      out.completions = counter.completions(cols);
      out.seconds = seconds_since(tc);
      r.classes.push_back(out);
    }
    r.classes_seconds = seconds_since(t);
  });
  r.complete = r.first == 1 && r.last == r.catalogue_classes;
  if (r.complete) {
    r.total = 0;
    for (const auto& c : r.classes) r.total += BigInt(c.size) * c.fillings * to_big(c.completions);
  }
  r.total_seconds = seconds_since(t0);
  return r;
}

std::string format_text(const ThreeBandRun& r) {
  std::ostringstream o;
  o << fmt::format("gridenum count: {}x{} grids, boxes {}, three-band route (band signatures), {} thread{}\n", r.shape.n(),
                   r.shape.n(), r.shape.str(), r.threads_used, r.threads_used == 1 ? "" : "s");
  if (r.counted != r.shape)
    o << fmt::format("counted through the transpose {} (same number of grids); classes and columns below are {}'s\n",
                     r.counted.str(), r.counted.str());
  o << "\n";
  o << fmt::format("top-band signature classes   {}\n", r.catalogue_classes);
  o << fmt::format("box partitions / pair types  {} / {}\n", r.table_stats.partitions, r.table_stats.pair_types);
  o << fmt::format("F table                      {} slots, {} orbits, {} colouring counts, {:.1f} MB of tables\n",
                   group_digits(std::to_string(r.table_stats.table_slots)), group_digits(std::to_string(r.table_stats.orbits)),
                   r.table_stats.colourings, r.table_stats.table_bytes / 1e6);
  o << fmt::format("classes counted              {}:{}\n\n", r.first, r.last);
  o << fmt::format("  {:>7}  {:<{}}  {:>20}  {:>12}  {:>26}  {:>9}\n", "class", "representative (column sets)",
                   r.classes.empty() ? 10 : r.classes[0].columns.size(), "size", "F", "completions", "seconds");
  for (const auto& c : r.classes)
    o << fmt::format("  {:>7}  {}  {:>20}  {:>12}  {:>26}  {:>9.3f}\n", c.index, c.columns, c.size, c.fillings,
                     to_string(c.completions), c.seconds);
  if (r.complete) {
    o << "\ntotal (sum of size x F x completions)  " << r.total.str() << "\n";
    o << "                                       " << group_digits(r.total.str()) << "\n";
  } else {
    o << "\n(a subset of the classes: no total)\n";
  }
  o << fmt::format("\ntimes (s): catalogue {:.2f}, tables {:.2f}, classes {:.2f}, total {:.2f}\n", r.catalogue_seconds,
                   r.table_seconds, r.classes_seconds, r.total_seconds);
  return o.str();
}

nlohmann::json to_json(const ThreeBandRun& r) {
  using nlohmann::json;
  json classes = json::array();
  for (const auto& c : r.classes)
    classes.push_back({{"index", c.index},
                       {"representative", c.columns},
                       {"size", c.size},
                       {"fillings", c.fillings},
                       {"completions", to_string(c.completions)},
                       {"seconds", c.seconds}});
  json j{{"shape", r.shape.str()},
         {"counted_as", r.counted.str()},
         {"n", r.shape.n()},
         {"method", "three-band"},
         {"threads", r.threads_used},
         {"catalogue", {{"classes", r.catalogue_classes}, {"group_order", r.catalogue_stats.group_order}}},
         {"table",
          {{"partitions", r.table_stats.partitions},
           {"pair_types", r.table_stats.pair_types},
           {"slots", r.table_stats.table_slots},
           {"orbits", r.table_stats.orbits},
           {"colourings", r.table_stats.colourings},
           {"bytes", r.table_stats.table_bytes}}},
         {"range", {{"first", r.first}, {"last", r.last}}},
         {"classes", classes},
         {"complete", r.complete},
         {"times",
          {{"catalogue", r.catalogue_seconds},
           {"tables", r.table_seconds},
           {"classes", r.classes_seconds},
           {"total", r.total_seconds}}}};
  if (r.complete) j["total"] = r.total.str();
  return j;
}

}  // namespace gridenum
