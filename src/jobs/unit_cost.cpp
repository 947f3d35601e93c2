// A job's measured unit cost and time left (unit_cost.hpp).
#include "gridenum/jobs/unit_cost.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <utility>

#include "gridenum/jobs/progress.hpp"

namespace gridenum {

std::size_t group_of(const UnitGroups& g, std::uint64_t unit) {
  const auto it = std::upper_bound(g.groups.begin(), g.groups.end(), unit,
                                   [](std::uint64_t u, const UnitGroup& x) { return u < x.first; });
  return it == g.groups.begin() ? 0 : static_cast<std::size_t>(it - g.groups.begin()) - 1;
}

std::vector<CostBatch> cost_batches(const JournalContents& j, const UnitGroups& g, std::int64_t gap_ms) {
  std::vector<CostBatch> out;
  const std::uint64_t chunk = std::max<std::uint64_t>(g.chunk, 1);
  std::size_t next = 0;
  for (std::size_t k = 0; k < j.sessions.size(); ++k) {
    const JournalSession& s = j.sessions[k];
    const std::size_t end_line = k + 1 < j.sessions.size() ? j.sessions[k + 1].line : SIZE_MAX;
    while (next < j.units.size() && j.units[next].line < s.line) ++next;  // before any session
    std::int64_t end_ms = s.start_ms, previous = s.start_ms;
    bool open = false, first = true;
    CostBatch b;
    const auto close = [&] {
      if (!open) return;
      out.push_back(b);
      end_ms = b.last_ms;
      open = false;
      first = false;
    };
    for (; next < j.units.size() && j.units[next].line < end_line; ++next) {
      const JournalUnit& u = j.units[next];
      const std::size_t gi = group_of(g, u.id);
      if (open && (gi != b.group || b.units >= chunk || u.time_ms - previous > gap_ms)) close();
      if (!open) {
        b = CostBatch{};
        b.session = k;
        b.group = gi;
        b.first_ms = b.last_ms = u.time_ms;
        b.wall_seconds = static_cast<double>(std::max<std::int64_t>(0, u.time_ms - end_ms)) / 1000.0;
        b.threads = std::max(s.threads, 1);
        b.cpu_seconds = b.wall_seconds * b.threads;
        b.first_of_session = first;
        open = true;
      }
      ++b.units;
      b.last_ms = std::max(b.last_ms, u.time_ms);
      previous = u.time_ms;
    }
    close();
  }
  return out;
}

UnitCost measure_unit_cost(const std::vector<CostBatch>& batches, const UnitGroups& g) {
  UnitCost c;
  c.chunk = std::max<std::uint64_t>(g.chunk, 1);
  c.group_timed.assign(g.groups.size(), 0);
  c.group_mean.assign(g.groups.size(), 0.0);
  std::vector<std::pair<double, double>> points;  // (units G, CPU-seconds)
  double cpu = 0;
  for (const auto& b : batches) {
    if (b.first_of_session) {
      ++c.sessions_left_out;
      continue;
    }
    ++c.batches;
    c.timed_units += b.units;
    cpu += b.cpu_seconds;
    points.emplace_back(static_cast<double>(b.units), b.cpu_seconds);
    if (b.group < g.groups.size()) {
      c.group_timed[b.group] += b.units;
      c.group_mean[b.group] += b.cpu_seconds;  // a sum until divided below
    }
  }
  for (std::size_t i = 0; i < g.groups.size(); ++i)
    if (c.group_timed[i]) c.group_mean[i] /= static_cast<double>(c.group_timed[i]);
  if (c.timed_units) c.mean = cpu / static_cast<double>(c.timed_units);
  if (c.chunk > 1) c.model = ChunkCostModel::fit(points);
  return c;
}

double UnitCost::cpu_seconds(std::size_t group, std::uint64_t left) const {
  if (left == 0) return 0;
  if (chunk > 1) return static_cast<double>((left + chunk - 1) / chunk) * model.a + model.b * static_cast<double>(left);
  const bool own = group < group_timed.size() && group_timed[group] > 0;
  return static_cast<double>(left) * (own ? group_mean[group] : mean);
}

std::string UnitCost::how(std::size_t group) const {
  if (!enough()) return "not enough timed units yet";
  if (chunk > 1) return "model";
  if (group < group_timed.size() && group_timed[group] > 0)
    return fmt::format("mean of {} timed unit{} of this group", Progress::grouped(group_timed[group]),
                       group_timed[group] == 1 ? "" : "s");
  return fmt::format("mean of all {} timed unit{} (none of this group yet)", Progress::grouped(timed_units),
                     timed_units == 1 ? "" : "s");
}

std::string UnitCost::basis() const {
  const char* one = chunk > 1 ? "chunk" : "unit";
  if (!enough())
    return fmt::format("not enough timed units yet (a session's first {} holds its start-up and is not timed)", one);
  const bool many = sessions_left_out != 1;
  const std::string how = "CPU = wall time x threads" +
                          (sessions_left_out == 0 ? std::string()
                                                  : fmt::format("; {} session{} first {}{} left out: start-up",
                                                                sessions_left_out, many ? "s'" : "'s", one, many ? "s" : ""));
  if (chunk > 1)
    return fmt::format("model: a chunk of G units costs {:.3g} + {:.3g} G CPU-seconds, fitted to {} chunk{} of this "
                       "journal ({})",
                       model.a, model.b, Progress::grouped(batches), batches == 1 ? "" : "s", how);
  return fmt::format("mean of {} timed unit{}, per group ({:.3g} CPU-seconds per unit over all, for a group with none "
                     "timed; {})",
                     Progress::grouped(timed_units), timed_units == 1 ? "" : "s", mean, how);
}

TimeLeft time_left(const UnitCost& c, const std::vector<std::uint64_t>& left, int threads, double elapsed_seconds) {
  TimeLeft t;
  const double per = 1.0 / std::max(threads, 1);
  for (std::size_t i = 0; i < left.size(); ++i) {
    const double cpu = c.cpu_seconds(i, left[i]);
    t.cpu_seconds.push_back(cpu);
    t.cpu_total += cpu;
    t.finished_in.push_back(std::max(0.0, t.cpu_total * per - elapsed_seconds));
  }
  t.seconds = t.finished_in.empty() ? 0 : t.finished_in.back();
  return t;
}

}  // namespace gridenum
