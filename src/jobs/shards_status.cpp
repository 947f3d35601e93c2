// The shards of one job seen together (shards_status.hpp): each read by job_status, checked to
// make up one job by the rules merge applies (merge.cpp), then added up.
#include "gridenum/jobs/shards_status.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <sstream>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/checksum.hpp"
#include "gridenum/count/method.hpp"
#include "gridenum/jobs/job.hpp"
#include "gridenum/jobs/job_errors.hpp"
#include "gridenum/jobs/unit_groups.hpp"

namespace gridenum {

namespace fs = std::filesystem;

namespace {

// The shard a directory is: its journal header's (with the block rule's unit count) once
// started, else its config's.
Shard shard_of(const JobStatus& s) { return s.started ? s.header.shard : s.config.shard; }

// Merge's rules, checked on what status read: one shape and method, one number of shards, and
// for the started shards one fingerprint and plan; no merged result; no shard twice.
void check_one_job(const std::vector<JobStatus>& shards) {
  const JobStatus* first_started = nullptr;
  for (const auto& s : shards) {
    if (s.merged)
      throw JobCheckError("status: " + s.dir.string() +
                          " is a merged result, not a shard: give the shards' directories, or this one alone");
    if (s.started && !first_started) first_started = &s;
  }
  const JobStatus& a = shards.front();
  const CountMethod& ma = resolve_method(a.config.shape, a.config.method);
  for (const auto& s : shards) {
    const CountMethod& ms = resolve_method(s.config.shape, s.config.method);
    if (s.config.shape != a.config.shape || ms.id != ma.id)
      throw JobCheckError(fmt::format("status: {} ({}, method {}) and {} ({}, method {}) are not shards of one job",
                                      a.dir.string(), a.config.shape.str(), ma.name, s.dir.string(), s.config.shape.str(),
                                      ms.name));
    if (shard_of(s).m != shard_of(a).m)
      throw JobCheckError("status: " + a.dir.string() + " is shard " + shard_of(a).str() + " but " + s.dir.string() +
                          " is shard " + shard_of(s).str() + ": different numbers of shards");
    if (!s.started || !first_started) continue;
    const JournalHeader& h0 = first_started->header;
    const JournalHeader& h = s.header;
    if (h.fingerprint != h0.fingerprint || h.units != h0.units || h.classes != h0.classes ||
        h.slices_per_class != h0.slices_per_class)
      throw JobCheckError("status: " + first_started->dir.string() + " and " + s.dir.string() +
                          " are shards of different jobs (fingerprints " + hex16(h0.fingerprint) + " and " +
                          hex16(h.fingerprint) + ")");
  }
  std::map<std::uint32_t, const JobStatus*> by_k;
  for (const auto& s : shards) {
    const auto [it, fresh] = by_k.emplace(shard_of(s).k, &s);
    if (!fresh)
      throw JobCheckError("status: shard " + shard_of(s).str() + " is given twice: " + it->second->dir.string() + " and " +
                          s.dir.string());
  }
}

// Shard K/M as the plan cuts its units: by the block rule when the started shards' headers say so
// (a config's shard is only K/M).
Shard in_plan(Shard k, const ShardsStatus& s) {
  k.blocks = s.blocks;
  return k;
}

// "8.33 CPU-hours", "41.2 CPU-seconds", "0.0123 CPU-seconds" (a small job's shards take milliseconds).
std::string cpu_amount(double seconds) {
  if (seconds >= 3600) return fmt::format("{:.2f} CPU-hours", seconds / 3600);
  return seconds >= 10 ? fmt::format("{:.1f} CPU-seconds", seconds) : fmt::format("{:.3g} CPU-seconds", seconds);
}

// The units of shards not given or not started, costed by the model of every started shard's
// timed batches together, group by group as each shard's own time left is (unit_cost.hpp). The
// groups are the plan's (any started shard's groups.json: they describe one plan), else the
// journal header's default.
void cost_the_unmeasured(ShardsStatus& r, const JobStatus& started) {
  std::vector<Shard> unmeasured;
  for (const auto& m : r.missing) unmeasured.push_back(m.shard);
  for (const auto& s : r.shards)
    if (!s.started) unmeasured.push_back(in_plan(s.config.shard, r));
  for (const Shard& k : unmeasured) r.units_unmeasured += k.size(*r.plan_units);

  std::string why;
  const UnitGroups groups =
      read_unit_groups(JobPaths{started.dir}.groups(), started.header, why).value_or(default_unit_groups(started.header));
  std::vector<CostBatch> batches;
  for (const auto& s : r.shards) {
    if (!s.started) continue;
    const std::vector<CostBatch> b = cost_batches(read_journal(JobPaths{s.dir}.journal()), groups);
    batches.insert(batches.end(), b.begin(), b.end());
  }
  r.pooled = measure_unit_cost(batches, groups);
  if (unmeasured.empty() || !r.pooled.enough()) return;
  double cpu = 0;
  for (const Shard& k : unmeasured) {
    std::vector<std::uint64_t> left(groups.groups.size());
    for (std::size_t i = 0; i < left.size(); ++i)
      left[i] = k.count_below(groups.groups[i].first + groups.groups[i].units) - k.count_below(groups.groups[i].first);
    cpu += time_left(r.pooled, left, 1, 0).cpu_total;
  }
  r.cpu_seconds_unmeasured = cpu;
}

// How the pooled figure is got, in words: UnitCost::basis() speaks of "this journal".
std::string pooled_basis(const UnitCost& c) {
  const std::string how = "CPU = wall time x threads, so the machines and loads they ran on are in it";
  if (c.chunk > 1)
    return fmt::format("a chunk of G units costs {:.3g} + {:.3g} G CPU-seconds, fitted to {} chunks ({})", c.model.a,
                       c.model.b, group_digits(c.batches), how);
  return fmt::format("the mean of {} timed units of each group ({:.3g} CPU-seconds a unit over all; {})",
                     group_digits(c.timed_units), c.mean, how);
}

}  // namespace

ShardsStatus shards_status(const std::vector<fs::path>& dirs) {
  if (dirs.size() < 2) throw JobInputError("status: the shards' overview needs two or more job directories");
  ShardsStatus r;
  for (const auto& d : dirs) r.shards.push_back(job_status(d));
  check_one_job(r.shards);
  std::sort(r.shards.begin(), r.shards.end(), [](const JobStatus& a, const JobStatus& b) { return shard_of(a).k < shard_of(b).k; });
  r.m = shard_of(r.shards.front()).m;

  // The plan, from the first started shard: its units and the rule that cuts them (mod or blocks).
  const JobStatus* started = nullptr;
  for (const auto& s : r.shards)
    if (s.started) {
      started = &s;
      break;
    }
  if (started) {
    r.plan_units = started->header.units;
    r.blocks = started->header.shard.blocks;
    r.fingerprint = started->header.fingerprint;
  }
  std::vector<bool> given(r.m + 1, false);
  for (const auto& s : r.shards) given[shard_of(s).k] = true;
  for (std::uint32_t k = 1; k <= r.m; ++k) {
    if (given[k]) continue;
    ShardsStatus::Missing miss{in_plan(Shard{k, r.m}, r), std::nullopt};
    if (r.plan_units) miss.units = miss.shard.size(*r.plan_units);
    r.missing.push_back(miss);
  }

  // The sums.
  bool left_known = true;
  for (const auto& s : r.shards) {
    r.units_done += s.units_done;
    r.cpu.add(s.cpu);
    if (s.running.held) ++r.running;
    if (!s.started) {
      ++r.not_started;
      continue;
    }
    if (s.finished) ++r.finished;
    else if (s.cpu_seconds_left) r.cpu_seconds_left = r.cpu_seconds_left.value_or(0) + *s.cpu_seconds_left;
    else left_known = false;
  }
  if (!left_known) r.cpu_seconds_left.reset();
  if (started) cost_the_unmeasured(r, *started);
  return r;
}

std::string format_status(const ShardsStatus& s) {
  std::ostringstream o;
  const JobStatus& a = s.shards.front();
  const CountMethod& method = resolve_method(a.config.shape, a.config.method);
  o << fmt::format("shards of one job: {}, method {}, {} shards", a.config.shape.str(), method.name, s.m);
  if (s.fingerprint) o << ", fingerprint " << hex16(s.fingerprint);
  o << "\n";

  // A line per shard, in the order K, the shards not given among them.
  std::size_t wide = 11;  // "(not given)"
  for (const auto& x : s.shards) wide = std::max(wide, x.dir.string().size());
  const auto line = [&](const std::string& shard, const std::string& dir, const std::string& units, const std::string& pct,
                        const std::string& state, const std::string& cpu) {
    std::string text = fmt::format("  {:>7}  {:<{}}  {:>19}  {:>6}  {:<20}  {}", shard, dir, wide, units, pct, state, cpu);
    text.erase(text.find_last_not_of(' ') + 1);
    o << text << "\n";
  };
  line("shard", "directory", "units done / total", "", "state", "CPU recorded; CPU left");
  std::size_t next_missing = 0;
  const auto missing_line = [&](const ShardsStatus::Missing& m) {
    line(m.shard.str(), "(not given)", "- / " + (m.units ? group_digits(*m.units) : std::string("?")), "", "-", "");
  };
  for (const auto& x : s.shards) {
    const Shard k = shard_of(x);
    while (next_missing < s.missing.size() && s.missing[next_missing].shard.k < k.k) missing_line(s.missing[next_missing++]);
    std::string units = "- / -", pct, state, cpu;
    if (!x.started) {
      state = "not started";
      if (s.plan_units) units = "0 / " + group_digits(in_plan(k, s).size(*s.plan_units));
    } else {
      units = group_digits(x.units_done) + " / " + group_digits(x.units_total);
      pct = fmt::format("{:.1f}%", x.units_total ? 100.0 * static_cast<double>(x.units_done) / static_cast<double>(x.units_total) : 100.0);
      state = x.finished ? "finished" : x.running.held ? fmt::format("running (pid {})", x.running.pid) : "stopped";
      if (!x.finished && !x.running.held && x.torn_tail) state += ", torn tail";
      cpu = x.cpu.sessions_measured > 0 ? cpu_amount(x.cpu.seconds) : std::string("not recorded (a gridenum before 2026-12-04)");
      if (x.cpu.sessions_measured > 0 && !x.cpu.complete())
        cpu += fmt::format(" ({} of {} sessions)", x.cpu.sessions_measured, x.cpu.sessions);
      if (!x.finished) cpu += "; " + (x.cpu_seconds_left ? cpu_amount(*x.cpu_seconds_left) + " left" : std::string("too few timed units"));
    }
    line(k.str(), x.dir.string(), units, pct, state, cpu);
  }
  while (next_missing < s.missing.size()) missing_line(s.missing[next_missing++]);

  // The whole plan.
  if (s.plan_units)
    o << fmt::format("units: {} / {} of the plan done ({:.1f}%)", group_digits(s.units_done), group_digits(*s.plan_units),
                     *s.plan_units ? 100.0 * static_cast<double>(s.units_done) / static_cast<double>(*s.plan_units) : 100.0);
  else
    o << "units: none of the given shards has started";
  o << fmt::format("; {} of {} shards given: {} finished, {} running, {} not started\n", s.shards.size(), s.m, s.finished,
                   s.running, s.not_started);
  if (!s.missing.empty()) {
    std::string names;
    for (const auto& m : s.missing) names += (names.empty() ? "" : ", ") + m.shard.str();
    o << "not given: " << names;
    if (s.plan_units) {
      std::uint64_t units = 0;
      for (const auto& m : s.missing) units += m.units.value_or(0);
      o << " (" << group_digits(units) << " units)";
    }
    o << "\n";
  }
  if (s.cpu.sessions_measured > 0) {
    o << "CPU time recorded by the shards' processes: " << cpu_amount(s.cpu.seconds);
    if (!s.cpu.complete())
      o << fmt::format(" ({} of {} sessions; the others recorded none)", s.cpu.sessions_measured, s.cpu.sessions);
    o << "\n";
  }
  const std::size_t unfinished_started = s.shards.size() - s.finished - s.not_started;
  if (unfinished_started > 0)
    o << "CPU time left in the given shards that have started: "
      << (s.cpu_seconds_left ? cpu_amount(*s.cpu_seconds_left) + " (each by its own measured cost, as its status says)"
                             : std::string("not yet known (a shard has too few timed units)"))
      << "\n";
  if (s.units_unmeasured > 0) {
    o << "not yet measured: " << group_digits(s.units_unmeasured) << " units (shards not given or not started)";
    if (s.cpu_seconds_unmeasured)
      o << ", about " << cpu_amount(*s.cpu_seconds_unmeasured) << " by the started shards' journals together: "
        << pooled_basis(s.pooled);
    o << "\n";
  }
  if (s.cpu_seconds_left && s.cpu_seconds_unmeasured)
    o << "CPU time left in all: about " << cpu_amount(*s.cpu_seconds_left + *s.cpu_seconds_unmeasured) << "\n";
  if (s.missing.empty() && s.finished == s.shards.size()) o << "every shard finished: gridenum merge DIR... adds them up\n";
  return o.str();
}

nlohmann::json to_json(const ShardsStatus& s) {
  using nlohmann::json;
  const auto opt = [](const auto& v) { return v ? json(*v) : json(nullptr); };
  json shards = json::array();
  for (const auto& x : s.shards) shards.push_back(to_json(x));
  json missing = json::array();
  for (const auto& m : s.missing) missing.push_back({{"shard", m.shard.str()}, {"units", opt(m.units)}});
  return json{{"shards_of_one_job", true},
              {"m", s.m},
              {"fingerprint", s.fingerprint ? json(hex16(s.fingerprint)) : json(nullptr)},
              {"plan_units", opt(s.plan_units)},
              {"units_done", s.units_done},
              {"given", s.shards.size()},
              {"finished", s.finished},
              {"running", s.running},
              {"not_started", s.not_started},
              {"missing", missing},
              {"cpu_seconds_measured", s.cpu.sessions_measured ? json(s.cpu.seconds) : json(nullptr)},
              {"sessions_cpu_measured", s.cpu.sessions_measured},
              {"sessions", s.cpu.sessions},
              {"cpu_seconds_left", opt(s.cpu_seconds_left)},
              {"units_unmeasured", s.units_unmeasured},
              {"cpu_seconds_unmeasured", opt(s.cpu_seconds_unmeasured)},
              {"pooled_model", s.pooled.enough() && s.pooled.chunk > 1 ? json{{"a", s.pooled.model.a}, {"b", s.pooled.model.b},
                                                                               {"chunks", s.pooled.batches}}
                                                                         : json(nullptr)},
              {"shards", shards}};
}

}  // namespace gridenum
