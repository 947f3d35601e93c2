// A run of the three-band route over a class range: see three_band_run.hpp.
#include "gridenum/count/three_band/three_band_run.hpp"

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <map>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "gridenum/core/errors.hpp"
#include "gridenum/core/memory_budget.hpp"
#include "gridenum/core/phase.hpp"
#include "gridenum/count/stack/count.hpp"
#include "gridenum/core/timing.hpp"

namespace gridenum {

Shape three_band_counted_shape(Shape asked) {
  // 3 x C boxes: count the transpose C x 3 (transposing a grid maps R x C boxes to C x R).
  const Shape s = three_band_shape_error(asked) && asked.rows == 3 ? Shape{asked.cols, asked.rows} : asked;
  if (auto why = three_band_shape_error(s)) throw std::invalid_argument(*why + " (or 3 x C, counted as its transpose)");
  return s;
}

std::unique_ptr<ThreeBandState> three_band_state(Shape asked, int threads) {
  auto st = std::make_unique<ThreeBandState>();
  st->counted = three_band_counted_shape(asked);
  st->catalogue = build_signature_catalogue(st->counted, threads);
  return st;
}

std::uint64_t three_band_check_memory(Shape counted, std::uint64_t limit) {
  const std::uint64_t need = three_band_table_bytes(counted);
  if (limit != 0 && need > limit)
    throw std::runtime_error(fmt::format("the {} three-band tables need {}, more than the memory limit of {}: raise the "
                                         "limit (--memory-limit, or memory_limit in the job's config) or count on a "
                                         "machine with more memory",
                                         counted.str(), format_bytes(need), format_bytes(limit)));
  return need;
}

void three_band_build_tables(ThreeBandState& st, int threads) {
  if (st.counter) return;
  three_band_check_memory(st.counted, st.memory_limit);
  const auto t = SteadyClock::now();
  st.counter = three_band_counter_cached(st.counted, threads, st.table_cache, &st.cache_note);
  st.table_seconds = seconds_since(t);
}

std::vector<std::vector<std::uint64_t>> three_band_chunks(ThreeBandState& st, std::uint64_t first, std::uint64_t last,
                                                          const std::function<bool(std::uint32_t)>& select) {
  const auto& cat = *st.catalogue;
  std::vector<std::uint64_t> picked;
  for (std::uint64_t i = first; i <= last; ++i)
    if (!select || select(static_cast<std::uint32_t>(i - 1))) picked.push_back(i);
  // The picked classes' prefix forms, each computed once per state (all of 4x3: about 15 s on
  // one thread); a resumed job with nothing left to count computes none.
  st.forms.resize(cat.classes.size());
  Phase phase(st.counted.str() + " prefix forms", picked.size(), "classes");
  tbb::parallel_for(std::size_t{0}, picked.size(), [&](std::size_t k) {
    phase.step();
    auto& f = st.forms[picked[k] - 1];
    if (f.columns.empty()) f = signature_prefix_form(st.counted, cat.classes[picked[k] - 1].key);
  });
  std::map<SignatureKey, std::vector<std::uint64_t>> by_prefix;
  for (auto i : picked) by_prefix[st.forms[i - 1].prefix].push_back(i);
  std::vector<std::vector<std::uint64_t>> chunks;
  for (const auto& [prefix, members] : by_prefix)
    for (std::size_t from = 0; from < members.size(); from += kThreeBandChunk)
      chunks.emplace_back(members.begin() + static_cast<std::ptrdiff_t>(from),
                          members.begin() + static_cast<std::ptrdiff_t>(std::min(members.size(), from + kThreeBandChunk)));
  return chunks;
}

std::vector<std::vector<std::uint64_t>> three_band_sample_chunks(ThreeBandState& st, const std::vector<std::size_t>& sizes) {
  const auto chunks = three_band_chunks(st, 1, st.catalogue->classes.size());
  std::vector<std::vector<std::uint64_t>> groups;  // whole groups, in prefix key order
  for (const auto& ch : chunks) {
    if (groups.empty() || st.forms[ch[0] - 1].prefix != st.forms[groups.back()[0] - 1].prefix) groups.emplace_back();
    groups.back().insert(groups.back().end(), ch.begin(), ch.end());
  }
  std::vector<std::vector<std::uint64_t>> sample;
  for (std::size_t G : sizes) {
    const std::vector<std::uint64_t>* best = nullptr;
    for (const auto& g : groups)
      if (g.size() >= G && (!best || g.size() < best->size())) best = &g;
    if (!best)
      best = &*std::max_element(groups.begin(), groups.end(), [](const auto& x, const auto& y) { return x.size() < y.size(); });
    const std::size_t take = std::min({G, best->size(), kThreeBandChunk});
    sample.emplace_back(best->begin(), best->begin() + static_cast<std::ptrdiff_t>(take));
  }
  return sample;
}

namespace {

ThreeBandClassCount class_row(Shape s, const SignatureCatalogue& cat, std::uint64_t i) {
  const auto& c = cat.classes[i - 1];
  ThreeBandClassCount out;
  out.index = i;
  out.key = c.key;
  out.columns = signature_string(s, signature_columns(s, c.key));
  out.size = c.size;
  return out;
}

void finish(ThreeBandRun& r) {
  std::sort(r.classes.begin(), r.classes.end(), [](const auto& a, const auto& b) { return a.index < b.index; });
  r.complete = r.first == 1 && r.last == r.catalogue_classes && r.classes.size() == r.catalogue_classes;
  if (r.complete) {
    r.total = 0;
    for (const auto& c : r.classes) r.total += BigInt(c.size) * to_big(c.count);
  }
}

}  // namespace

ThreeBandRun run_three_band(Shape asked, std::uint64_t first, std::uint64_t last, int threads, const UnitHooks& hooks,
                            ThreeBandState* state) {
  const auto t0 = SteadyClock::now();
  ThreeBandRun r;
  r.shape = asked;
  r.counted = three_band_counted_shape(asked);
  const Shape s = r.counted;
  tbb::task_arena arena(threads > 0 ? threads : tbb::task_arena::automatic);
  r.threads_used = arena.max_concurrency();
  bool stopped = false;
  arena.execute([&] {
    auto t = SteadyClock::now();
    std::unique_ptr<ThreeBandState> own;
    if (!state) {
      own = three_band_state(asked, threads);
      state = own.get();
      r.catalogue_seconds = seconds_since(t);
    }
    if (state->counted != s) throw std::invalid_argument("three-band run: the state given is not the one of " + asked.str());
    const auto& cat = *state->catalogue;
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
    // Classes a journal already holds cost nothing; the others are counted by chunks of one
    // prefix group (their first R-1 boxes shared, three_band.hpp), one chunk at a time spread
    // over the threads. A class's printed time is its chunk's wall time / the chunk's classes.
    std::vector<std::uint64_t> todo_mark(last - first + 1, 0);
    for (std::uint64_t i = first; i <= last; ++i) {
      const auto id = static_cast<std::uint32_t>(i - 1);
      if (hooks.select && !hooks.select(id)) continue;
      if (hooks.skip)
        if (const auto known = hooks.skip(id)) {
          auto row = class_row(s, cat, i);
          row.count = *known;
          r.classes.push_back(row);
          continue;
        }
      todo_mark[i - first] = 1;
    }
    const auto chunks = three_band_chunks(*state, first, last, [&](std::uint32_t id) { return todo_mark[id + 1 - first] != 0; });
    std::map<SignatureKey, std::uint64_t> group_of;
    std::map<std::uint64_t, std::uint64_t> group_size;
    for (const auto& ch : chunks) {
      const auto g = group_of.emplace(state->forms[ch[0] - 1].prefix, group_of.size() + 1).first->second;
      group_size[g] += ch.size();
    }
    r.groups = group_of.size();
    if (!chunks.empty() && !state->counter) {
      three_band_build_tables(*state, threads);
      r.table_seconds = state->table_seconds;
    }
    if (state->counter) {
      r.table_stats = state->counter->stats();
      r.table_source = state->cache_note.str();
      r.table_sha256 = state->cache_note.sha256;
      // Named before any unit is counted with it (a job journals it, unit_hooks.hpp).
      if (!chunks.empty() && hooks.table) hooks.table(r.table_sha256);
    }
    t = SteadyClock::now();
    for (const auto& ch : chunks) {
      if (stop_now(hooks)) {
        stopped = true;
        break;
      }
      std::vector<std::vector<DigitMask>> tops;
      for (auto i : ch) tops.push_back(state->forms[i - 1].columns);
      const auto tc = SteadyClock::now();
      // A stop request is also heard inside the chunk (a chunk of 4x3 is minutes): the chunk is
      // then abandoned, none of its classes reach done(), and the journal holds what it held.
      const auto maybe = state->counter->completions(tops, [&hooks] { return stop_now(hooks); });
      if (!maybe) {
        stopped = true;
        break;
      }
      const auto& counts = *maybe;
      const double share = seconds_since(tc) / static_cast<double>(ch.size());
      const auto g = group_of.at(state->forms[ch[0] - 1].prefix);
      for (std::size_t m = 0; m < ch.size(); ++m) {
        auto row = class_row(s, cat, ch[m]);
        row.counted = true;
        row.fillings = state->counter->band_fillings(signature_columns(s, cat.classes[ch[m] - 1].key));
        row.completions = counts[m];
        row.count = checked_mul(u128{row.fillings}, row.completions);
        row.group = g;
        row.group_size = group_size[g];
        row.seconds = share;
        if (hooks.done) hooks.done(static_cast<std::uint32_t>(ch[m] - 1), row.count);
        r.classes.push_back(row);
        ++r.counted_here;
      }
    }
    r.classes_seconds = seconds_since(t);
  });
  if (stopped) throw Interrupted("three-band count stopped by " + stop_cause());
  finish(r);
  r.total_seconds = seconds_since(t0);
  return r;
}

ThreeBandRun three_band_result_from_counts(Shape asked, const SignatureCatalogue& cat, const std::vector<u128>& counts,
                                           int threads) {
  ThreeBandRun r;
  r.shape = asked;
  r.counted = three_band_counted_shape(asked);
  if (cat.shape != r.counted || counts.size() != cat.classes.size())
    throw std::invalid_argument("three-band result: the counts are not one per class of " + r.counted.str());
  r.threads_used = threads;
  r.catalogue_classes = cat.classes.size();
  r.catalogue_stats = cat.stats;
  r.first = 1;
  r.last = cat.classes.size();
  for (std::uint64_t i = 1; i <= cat.classes.size(); ++i) {
    auto row = class_row(r.counted, cat, i);
    row.count = counts[i - 1];
    r.classes.push_back(row);
  }
  finish(r);
  return r;
}

namespace {
// Per-class rows in the text up to this many classes (a whole 4x3 count's 144,578 would be 17 MB
// of text on a terminal); the JSON lists every class, whatever their number, so that a job's or a
// merge's result.json is a certificate `verify result` checks as a whole (every count summed again,
// a sample recounted by the signature method) without the shards' journals.
constexpr std::size_t kListedClasses = 1000;
}  // namespace

std::string format_text(const ThreeBandRun& r) {
  std::ostringstream o;
  o << fmt::format("gridenum count: {}x{} grids, boxes {}, three-band route (band signatures), {} thread{}\n", r.shape.n(),
                   r.shape.n(), r.shape.str(), r.threads_used, r.threads_used == 1 ? "" : "s");
  if (r.counted != r.shape)
    o << fmt::format("counted through the transpose {} (same number of grids); classes and columns below are {}'s\n",
                     r.counted.str(), r.counted.str());
  o << "\n";
  o << fmt::format("top-band signature classes   {}\n", group_digits(r.catalogue_classes));
  if (r.table_stats.partitions)
    o << fmt::format("box partitions / pair types  {} / {}\n", group_digits(r.table_stats.partitions),
                     group_digits(r.table_stats.pair_types))
      << fmt::format("F table                      {} slots, {} orbits, {} colouring counts, {:.1f} MB of tables\n",
                     group_digits(std::to_string(r.table_stats.table_slots)), group_digits(std::to_string(r.table_stats.orbits)),
                     group_digits(r.table_stats.colourings), r.table_stats.table_bytes / 1e6)
      << fmt::format("F table source               {}\n", r.table_source)
      << fmt::format("F table SHA-256              {}\n", r.table_sha256);
  o << fmt::format("classes                      {}:{}, {} counted here in {} prefix group{} (classes sharing their first {} "
                   "boxes), {} from a journal\n\n",
                   r.first, r.last, group_digits(r.counted_here), group_digits(r.groups), r.groups == 1 ? "" : "s",
                   r.counted.rows - 1, group_digits(r.classes.size() - r.counted_here));
  if (r.classes.size() <= kListedClasses) {
    const std::size_t width = r.classes.empty() ? 10 : r.classes[0].columns.size();
    o << fmt::format("  {:>7}  {:<{}}  {:>20}  {:>12}  {:>26}  {:>6}  {:>9}\n", "class", "representative (column sets)", width,
                     "size", "F", "completions", "group", "seconds");
    for (const auto& c : r.classes) {
      if (c.counted)
        o << fmt::format("  {:>7}  {}  {:>20}  {:>12}  {:>26}  {:>6}  {:>9.3f}\n", c.index, c.columns, c.size, c.fillings,
                         to_string(c.completions), c.group, c.seconds);
      else
        o << fmt::format("  {:>7}  {}  {:>20}  F x completions = {} (journal)\n", c.index, c.columns, c.size, to_string(c.count));
    }
  } else {
    o << fmt::format("({} classes: every class's row is in the JSON result (result.json of a job or a merge, or --json); "
                     "gridenum count --classes A:B prints any range here)\n",
                     group_digits(r.classes.size()));
  }
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
  for (const auto& c : r.classes) {
    json row{{"index", c.index}, {"representative", c.columns}, {"size", c.size}, {"count", to_string(c.count)},
             {"counted", c.counted}};
    if (c.counted) {
      row["fillings"] = c.fillings;
      row["completions"] = to_string(c.completions);
      row["group"] = c.group;
      row["group_size"] = c.group_size;
      row["seconds"] = c.seconds;
    }
    classes.push_back(std::move(row));
  }
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
           {"bytes", r.table_stats.table_bytes},
           {"source", r.table_source},
           {"sha256", r.table_sha256}}},
         {"range", {{"first", r.first}, {"last", r.last}}},
         {"groups", r.groups},
         {"counted_here", r.counted_here},
         {"classes_listed", true},  // every class (documents before 2026-12-02: up to 1,000)
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
