// Job status (status.hpp). Units map to classes by id / slices_per_class (plan.hpp), so the
// per-class table needs only the journal header, not the catalogue; the groups come from
// DIR/groups.json (or the header), their cost from the journal's times (unit_cost.hpp).
#include "gridenum/jobs/status.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <ctime>
#include <fstream>
#include <sstream>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/checksum.hpp"
#include "gridenum/core/atomic_file.hpp"
#include "gridenum/core/stored_file.hpp"
#include "gridenum/count/method.hpp"
#include "gridenum/jobs/job.hpp"
#include "gridenum/jobs/progress.hpp"

namespace gridenum {

namespace fs = std::filesystem;

namespace {

// The result.json of a merge --output folder (status used to answer "no job, start one" for it), or
// nullopt when DIR is not one.
std::optional<nlohmann::json> merged_result(const JobPaths& p) {
  std::error_code ec;
  if (fs::exists(p.config(), ec)) return std::nullopt;
  const auto stored = stored_file(p.result_json());  // or result.json.xz (stored_file.hpp)
  if (!stored) return std::nullopt;
  try {
    auto j = nlohmann::json::parse(read_stored_file(*stored));
    if (j.is_object() && j.contains("merged") && j["merged"].is_object()) return j;
  } catch (const std::exception&) {
  }
  return std::nullopt;
}

// The groups of the journal's plan, their progress in the job or shard and their time left
// (unit_cost.hpp). A groups.json that is missing, damaged or of another plan is set aside with a
// warning, for the grouping the journal header gives: status never fails for it.
void progress_of_journal(JobStatus& s, const JournalContents& j, const UnitGroups& groups);

// The last "progress: " line that process `pid` wrote to job.log ("[time] [info] [pid P] progress:
// TEXT"), its TEXT; read from the last 64 KiB only (the log of a long job grows). Empty when none.
std::string latest_progress_line(const fs::path& log, long pid) {
  std::ifstream in(log, std::ios::binary);
  if (!in || pid <= 0) return {};
  in.seekg(0, std::ios::end);
  const std::streamoff size = in.tellg();
  const std::streamoff from = std::max<std::streamoff>(0, size - 65536);
  in.seekg(from);
  std::string tail(static_cast<std::size_t>(size - from), '\0');
  in.read(tail.data(), static_cast<std::streamsize>(tail.size()));
  const std::string mark = fmt::format("[pid {}] progress: ", pid);
  const std::size_t at = tail.rfind(mark);
  if (at == std::string::npos) return {};
  const std::size_t begin = at + mark.size();
  return tail.substr(begin, tail.find('\n', begin) - begin);
}

UnitGroups groups_of(JobStatus& s, const JournalContents& j, const JobPaths& p) {
  std::string why;
  std::optional<UnitGroups> groups = read_unit_groups(p.groups(), j.header, why);
  s.groups_source = p.groups().string();
  if (!groups) {
    groups = default_unit_groups(j.header);
    s.groups_source = "default";
    s.warnings.push_back("groups: " + why + "; using the default groups (" + plural_kind(groups->kind) +
                         "; gridenum resume writes the file)");
  }
  return *groups;
}

void group_progress(JobStatus& s, const JournalContents& j, const UnitGroups& grouping) {
  const UnitGroups* groups = &grouping;
  s.groups_kind = groups->kind;
  s.groups_chunk = groups->chunk;
  const std::vector<CostBatch> batches = cost_batches(j, *groups);
  s.cost = measure_unit_cost(batches, *groups);

  const std::size_t n = groups->groups.size();
  const Shard& shard = j.header.shard;
  std::vector<std::uint64_t> units(n), done(n), left(n);
  for (std::size_t i = 0; i < n; ++i) {
    const UnitGroup& g = groups->groups[i];
    units[i] = shard.count_below(g.first + g.units) - shard.count_below(g.first);
  }
  for (const auto& u : j.units) ++done[group_of(*groups, u.id)];
  for (std::size_t i = 0; i < n; ++i) left[i] = units[i] - std::min(units[i], done[i]);

  // T and, while the job runs, the time its units in flight have had: since the latest session's
  // latest record (0 while that session has none: it is still starting up, which is not modelled).
  s.eta_threads = j.sessions.empty() ? 1 : std::max(j.sessions.back().threads, 1);
  if (s.running.held && !s.finished && !batches.empty() && batches.back().session + 1 == j.sessions.size())
    s.since_latest_record = std::max<double>(0, static_cast<double>(unix_ms() - batches.back().last_ms) / 1000.0);
  std::optional<TimeLeft> t;
  if (s.cost.enough()) {
    t = time_left(s.cost, left, s.eta_threads, s.since_latest_record);
    s.cpu_seconds_left = t->cpu_total;
    s.time_left_seconds = t->seconds;
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (units[i] == 0) continue;  // outside the shard
    GroupProgress g{i, groups->groups[i].first, units[i], done[i], groups->groups[i].label, {}, {}, s.cost.how(i)};
    if (t) g.cpu_seconds_left = t->cpu_seconds[i], g.eta_seconds = t->finished_in[i];
    s.groups.push_back(std::move(g));
  }
}

// The shards a merged result names, each read from its journal where it is kept beside the result
// (the journal reader's checks; a damaged one is named, not fatal: status only describes).
void merged_shards_of(JobStatus& s) {
  const nlohmann::json& journals = (*s.merged)["merged"].value("journals", nlohmann::json::array());
  if (!journals.is_array()) return;
  for (const auto& jr : journals) {
    if (!jr.is_object()) continue;
    JobStatus::MergedShard m;
    m.shard = jr.value("shard", std::string("?"));
    m.dir = jr.value("dir", std::string());
    m.units = jr.value("units", std::uint64_t{0});
    const fs::path d = fs::path(m.dir).is_absolute() ? fs::path(m.dir) : s.dir / m.dir;
    std::error_code ec;
    if (!m.dir.empty() && fs::exists(d / "journal", ec)) {
      m.kept = true;
      try {
        const JournalContents j = read_journal(d / "journal");
        m.sessions = j.sessions.size();
        for (const auto& ss : j.sessions) {
          const std::string t = std::to_string(ss.threads);
          if (("/" + m.threads + "/").find("/" + t + "/") == std::string::npos) m.threads += (m.threads.empty() ? "" : "/") + t;
        }
        if (!j.sessions.empty()) m.first_ms = j.sessions.front().start_ms;
        for (const auto& u : j.units) m.last_ms = std::max(m.last_ms, u.time_ms);
        m.cpu = journal_cpu(j.sessions);
      } catch (const std::exception& e) {
        m.error = e.what();
      }
    }
    s.merged_shards.push_back(std::move(m));
  }
}

}  // namespace

JobStatus job_status(const fs::path& dir) {
  JobStatus s;
  s.dir = dir;
  const JobPaths p{dir};
  if (auto m = merged_result(p)) {
    s.merged = std::move(m);
    s.finished = true;
    if ((*s.merged)["total"].is_string()) s.total = (*s.merged)["total"].get<std::string>();
    if (auto f = parse_hex16((*s.merged)["merged"].value("fingerprint", std::string()))) s.header.fingerprint = *f;
    merged_shards_of(s);
    return s;
  }
  s.config = read_job_config(dir);
  s.running = lock_holder(dir);
  std::error_code ec;
  if (!fs::exists(p.journal(), ec)) return s;
  const JournalContents j = read_journal(p.journal());
  progress_of_journal(s, j, groups_of(s, j, p));
  if (s.running.held && !s.finished) s.latest_progress = latest_progress_line(p.log(), s.running.pid);
  const auto stored = s.finished ? stored_file(p.result_json()) : std::nullopt;  // or result.json.xz
  if (stored) {
    try {
      const auto r = nlohmann::json::parse(read_stored_file(*stored));
      s.result_file = stored->filename().string();
      if (r.contains("total") && r["total"].is_string()) s.total = r["total"].get<std::string>();
      const nlohmann::json& job = r.contains("job") && r["job"].is_object() ? r["job"] : nlohmann::json::object();
      if (job.contains("program") && job["program"].is_string()) s.finished_by = job["program"].get<std::string>();
      if (job.contains("finished_utc") && job["finished_utc"].is_string()) s.finished_utc = job["finished_utc"].get<std::string>();
      if (job.contains("cpu_seconds_last_session") && job["cpu_seconds_last_session"].is_number())
        s.cpu_seconds_last_session = job["cpu_seconds_last_session"].get<double>();
      if (job.contains("units_computed_last_session") && job["units_computed_last_session"].is_number_unsigned())
        s.units_last_session = job["units_computed_last_session"].get<std::uint64_t>();
    } catch (const std::exception&) {  // status describes; verify result judges the file
    }
  }
  return s;
}

std::optional<double> running_job_eta(const JournalContents& j, const UnitGroups& groups) {
  JobStatus s;
  s.running.held = true;
  progress_of_journal(s, j, groups);
  return s.eta_seconds;
}

namespace {

// Everything status says of a journal, with the job's groups; s.running says whether it runs.
void progress_of_journal(JobStatus& s, const JournalContents& j, const UnitGroups& groups) {
  s.started = true;
  s.header = j.header;
  s.torn_tail = j.torn_tail;
  s.warnings.insert(s.warnings.begin(), j.warnings.begin(), j.warnings.end());  // before the groups' own
  s.units_total = j.header.shard.size(j.header.units);
  s.units_done = j.units.size();
  s.sessions = static_cast<int>(j.sessions.size());
  s.engine = j.sessions.empty() ? to_string(s.config.kernel) : j.sessions.back().kernel;
  s.cpu = journal_cpu(j.sessions);

  const std::uint64_t slices = std::max<std::uint32_t>(j.header.slices_per_class, 1);
  s.classes.resize(j.header.classes);
  for (std::uint32_t c = 0; c < s.classes.size(); ++c) s.classes[c].cls = c;
  for (std::uint64_t u = 0; u < j.header.units; ++u)
    if (j.header.shard.contains(u) && u / slices < s.classes.size()) ++s.classes[u / slices].total;
  for (const auto& u : j.units)
    if (u.id / slices < s.classes.size()) ++s.classes[u.id / slices].done;

  // Per session: units and time from its start to its last record.
  std::size_t next = 0;
  double counting_seconds = 0;
  std::uint64_t counted = 0;
  for (std::size_t k = 0; k < j.sessions.size(); ++k) {
    const std::size_t end_line = k + 1 < j.sessions.size() ? j.sessions[k + 1].line : SIZE_MAX;
    std::uint64_t n = 0;
    std::int64_t last = j.sessions[k].start_ms;
    while (next < j.units.size() && j.units[next].line < end_line) {
      if (j.units[next].line > j.sessions[k].line) {
        ++n;
        last = std::max(last, j.units[next].time_ms);
      }
      ++next;
    }
    const double secs = static_cast<double>(last - j.sessions[k].start_ms) / 1000.0;
    if (n > 0 && secs > 0) {
      counting_seconds += secs;
      counted += n;
      if (k + 1 == j.sessions.size()) s.rate_last_session = static_cast<double>(n) / secs;
    }
    s.last_ms = std::max(s.last_ms, last);
  }
  if (!j.sessions.empty()) s.first_ms = j.sessions.front().start_ms;
  if (counting_seconds > 0) s.rate_overall = static_cast<double>(counted) / counting_seconds;
  s.finished = s.units_done == s.units_total;
  group_progress(s, j, groups);
  if (s.running.held && !s.finished && s.time_left_seconds) {
    s.eta_seconds = s.time_left_seconds;
    s.eta_from = "measured cost";
  } else if (s.running.held && !s.finished && s.rate_last_session > 0) {
    s.eta_seconds = static_cast<double>(s.units_total - s.units_done) / s.rate_last_session;
    s.eta_from = "latest session's rate";
  }
}

}  // namespace

namespace {
std::string when(std::int64_t ms) {
  if (ms <= 0) return "-";
  const std::time_t t = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  localtime_r(&t, &tm);
  return fmt::format("{:04}-{:02}-{:02} {:02}:{:02}:{:02}", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
                     tm.tm_min, tm.tm_sec);
}

// A time left: to the hundredth of a second below 1 s, the tenth below 10 s (a small job's groups
// take fractions of one), else as the progress bar says it (12m05s).
std::string time_text(double seconds) {
  if (seconds < 1) return fmt::format("{:.2f}s", seconds);
  if (seconds < 10) return fmt::format("{:.1f}s", seconds);
  return Progress::duration(seconds);
}
std::string time_text(const std::optional<double>& seconds) { return seconds ? time_text(*seconds) : "-"; }

// A finished job's groups in one line -- "44 classes, all done: 1,056 / 1,056 units" -- where
// a line per group said "done" 22 times or more (--json keeps every group).
void format_all_done(std::ostringstream& o, std::uint64_t groups, const std::string& kind, std::uint64_t units) {
  o << fmt::format("{}, all done: {} / {} (gridenum status --json: every {})\n", count_of(groups, kind, plural_kind(kind)),
                   group_digits(units), count_of(units, "unit", "units"), kind);
}

// What the time left is and how it was got, then a line per group -- or, past kStatusGroupLines
// groups (4x3: 349 prefix groups), per range of consecutive groups, the CPU time left summed and
// "finished in" the range's last group's -- so the text stays a screen long (--json: every
// group); then the group(s) in progress: the first unfinished one (groups are counted in unit
// order) and any other that is partly done (threads counting independent units side by side).
// A finished job: the measured cost and its groups in one line.
void format_groups(std::ostringstream& o, const JobStatus& s) {
  constexpr std::size_t kStatusGroupLines = 24, kInProgressNamed = 3;
  const bool running = s.running.held && !s.finished;
  const std::string threads = fmt::format("{} thread{}", s.eta_threads, s.eta_threads == 1 ? "" : "s");
  if (s.finished) {
    o << "measured cost: " << s.cost.basis() << "\n";
    std::uint64_t units = 0;
    for (const auto& g : s.groups) units += g.units;
    return format_all_done(o, s.groups.size(), s.groups_kind, units);
  }
  if (!s.time_left_seconds)
    o << "time left: " << s.cost.basis() << "\n";
  else {
    const std::string since =
        s.since_latest_record > 0 ? ", less the " + time_text(s.since_latest_record) + " since the latest record" : "";
    if (running)
      o << fmt::format("time left: {} on {} ({} of CPU{})\n", time_text(*s.time_left_seconds), threads,
                       time_text(*s.cpu_seconds_left), since);
    else
      o << fmt::format("time left if resumed with {}: {} ({} of CPU), plus the session's start-up\n", threads,
                       time_text(*s.time_left_seconds), time_text(*s.cpu_seconds_left));
    o << "  " << s.cost.basis() << "\n";
  }

  struct Row {
    std::string label;
    std::uint64_t done = 0, units = 0;
    std::optional<double> cpu, eta;
  };
  const std::size_t n = s.groups.size(), per = (n + kStatusGroupLines - 1) / kStatusGroupLines;
  std::vector<Row> rows;
  std::size_t width = 0;
  for (std::size_t from = 0; from < n; from += per) {
    const std::size_t to = std::min(n, from + per);
    Row r;
    r.label = to - from == 1 ? s.groups[from].label
                             : fmt::format("{} {} - {}", plural_kind(s.groups_kind), s.groups[from].group + 1,
                                           s.groups[to - 1].group + 1);
    for (std::size_t i = from; i < to; ++i) {
      r.done += s.groups[i].done;
      r.units += s.groups[i].units;
      if (s.groups[i].cpu_seconds_left) r.cpu = r.cpu.value_or(0) + *s.groups[i].cpu_seconds_left;
      r.eta = s.groups[i].eta_seconds;
    }
    width = std::max(width, r.label.size());
    rows.push_back(std::move(r));
  }
  o << fmt::format("per {} (units done / total{}{}):\n",
                   per == 1 ? s.groups_kind : "range of " + plural_kind(s.groups_kind),
                   running ? ", CPU time left, finished in" : ", CPU time left, time left if resumed with " + threads,
                   per == 1 ? "" : "; gridenum status --json: every " + s.groups_kind);
  for (const Row& r : rows)
    o << fmt::format("  {:<{}}  {:>8} / {:<8}{}\n", r.label, width, group_digits(r.done), group_digits(r.units),
                     r.done == r.units ? "  done" : fmt::format("  {:>9}  {:>9}", time_text(r.cpu), time_text(r.eta)));

  std::vector<const GroupProgress*> open;
  for (const auto& g : s.groups)
    if (g.done < g.units && (open.empty() || g.done > 0)) open.push_back(&g);
  if (open.empty()) return;
  o << (running ? "in progress: " : "next, when resumed: ");
  for (std::size_t k = 0; k < open.size() && k < kInProgressNamed; ++k)
    o << (k ? "; " : "") << fmt::format("{} ({} / {} units done, {} of CPU left)", open[k]->label, group_digits(open[k]->done),
                                        group_digits(open[k]->units), time_text(open[k]->cpu_seconds_left));
  if (open.size() > kInProgressNamed) o << fmt::format("; and {} more partly done", group_digits(open.size() - kInProgressNamed));
  o << "\n";
}
}  // namespace

namespace {
// "3.77 CPU-hours (all 3 sessions)", "41.2 CPU-seconds (2 of 3 sessions; ...)": the CPU time the
// journal's C records give, and over which sessions (a gridenum before 2026-12-04 wrote none).
std::string cpu_text(const JournalCpu& c) {
  const std::string amount = c.seconds >= 3600 ? fmt::format("{:.2f} CPU-hours", c.seconds / 3600)
                                               : fmt::format("{:.1f} CPU-seconds", c.seconds);
  if (c.complete()) return amount + " (" + (c.sessions == 1 ? std::string("1 session") : "all " + std::to_string(c.sessions) + " sessions") + ")";
  return amount + fmt::format(" ({} of {} sessions; the others recorded none)", c.sessions_measured, c.sessions);
}

// "all 3 sessions", "1 session": the sessions a rate is over.
std::string all_sessions(int n) {
  return n == 1 ? "1 session" : "all " + count_of(static_cast<std::uint64_t>(std::max(n, 0)), "session", "sessions");
}
}  // namespace

std::string format_status(const JobStatus& s) {
  std::ostringstream o;
  if (s.merged) {
    const nlohmann::json& m = *s.merged;
    o << "merged result " << s.dir.string() << " (written by gridenum merge --output; not a job: nothing to resume)\n";
    if (m.contains("shape") && m["shape"].is_string()) {
      o << "shape: " << m["shape"].get<std::string>();
      if (m.contains("method") && m["method"].is_string()) o << ", method " << m["method"].get<std::string>();
      o << "\n";
    }
    o << "total: " << (s.total ? group_digits(*s.total) : std::string("-")) << "\n";
    o << "fingerprint " << hex16(s.header.fingerprint) << "\n";
    const nlohmann::json& shards = m["merged"]["shards"];
    if (shards.is_array()) {
      o << "from " << count_of(shards.size(), "shard", "shards") << ":";
      for (const auto& d : shards)
        if (d.is_string()) o << " " << d.get<std::string>();
      o << "\n";
    }
    // The shards' journals the result names (merge --output records them), and whether they are
    // kept beside it, where `verify result` re-reads them.
    if (!s.merged_shards.empty()) {
      std::size_t kept = 0;
      std::uint64_t units = 0;
      for (const auto& x : s.merged_shards) {
        kept += x.kept ? 1 : 0;
        units += x.units;
      }
      o << "units: " << group_digits(units) << " in the shards' journals, " << kept << " of " << s.merged_shards.size()
        << " kept beside the result\n";
    }
    // One line per shard: what its journal says of its run (sessions, threads, first and latest record).
    if (std::any_of(s.merged_shards.begin(), s.merged_shards.end(), [](const auto& x) { return x.kept; })) {
      std::size_t wide = 0;
      for (const auto& x : s.merged_shards) wide = std::max(wide, x.dir.size());
      o << "shards (from their journals):\n";
      for (const auto& x : s.merged_shards) {
        o << fmt::format("  {:>7}  {:<{}}  {:>9} units", x.shard, x.dir, wide, group_digits(x.units));
        if (!x.kept) o << "  journal not kept here";
        else if (!x.error.empty()) o << "  journal unreadable: " << x.error;
        else
          o << fmt::format("  {:>2} session{} ({} resume{}), {} thread{}, {} .. {}", x.sessions, x.sessions == 1 ? " " : "s",
                           x.sessions > 0 ? x.sessions - 1 : 0, x.sessions == 2 ? "" : "s", x.threads,
                           x.threads == "1" ? "" : "s", when(x.first_ms), when(x.last_ms));
        if (x.kept && x.error.empty() && x.cpu.sessions_measured > 0) o << ", CPU " << cpu_text(x.cpu);
        o << "\n";
      }
      // The whole run's measured CPU time: the shards' C records added.
      JournalCpu all;
      for (const auto& x : s.merged_shards)
        if (x.kept && x.error.empty()) all.add(x.cpu);
      if (all.sessions_measured > 0) o << "CPU time of the shards' processes: " << cpu_text(all) << "\n";
    }
    if (m["merged"].contains("table_sha256") && m["merged"]["table_sha256"].is_string())
      o << "F table SHA-256: " << m["merged"]["table_sha256"].get<std::string>() << "\n";
    o << "check it: gridenum verify result " << s.dir.string() << "\n";
    return o.str();
  }
  const CountMethod& method = resolve_method(s.config.shape, s.config.method);
  o << "job " << s.dir.string() << ": " << s.config.shape.str() << ", method " << method.name;
  if (method.options & kOptionKernel) o << ", kernel " << s.engine;
  o << ", shard " << s.config.shard.str();
  if (!s.config.description.empty()) o << " (" << s.config.description << ")";
  o << "\n";
  if (s.running.held)
    o << "running: yes, process " << (s.running.pid ? std::to_string(s.running.pid) : std::string("?"))
      << (s.running.command.empty() ? "" : " (" + s.running.command + ")") << "\n";
  else
    o << "running: no" << (s.finished ? "" : "; continue with: gridenum resume " + s.dir.string()) << "\n";
  if (!s.started) {
    o << "progress: not started (no journal yet)\n";
    return o.str();
  }
  o << fmt::format("units: {} / {} done ({:.1f}%)\n", Progress::grouped(s.units_done), Progress::grouped(s.units_total),
                   s.units_total ? 100.0 * static_cast<double>(s.units_done) / static_cast<double>(s.units_total) : 100.0);
  if (s.rate_last_session > 0)
    o << fmt::format("throughput: {} units/s (latest session), {} units/s ({})\n", Progress::plain_rate(s.rate_last_session),
                     Progress::plain_rate(s.rate_overall), all_sessions(s.sessions));
  else
    o << fmt::format("throughput: the latest session counted no unit; {} units/s ({})\n", Progress::plain_rate(s.rate_overall),
                     all_sessions(s.sessions));
  if (s.eta_seconds) o << "ETA: " << Progress::duration(*s.eta_seconds) << " (" << s.eta_from << ")\n";
  if (!s.latest_progress.empty()) o << "now (job.log): " << s.latest_progress << "\n";
  // The CPU time on the same line: a finished job's status stays a screen's top.
  o << "started " << when(s.first_ms) << ", latest record " << when(s.last_ms);
  if (s.cpu.sessions_measured > 0) o << "; CPU time (user + system of the processes) " << cpu_text(s.cpu);
  o << "\n";
  o << "fingerprint " << hex16(s.header.fingerprint) << "\n";
  if (s.finished) {
    o << "finished";
    if (!s.finished_utc.empty()) {
      std::string t = s.finished_utc;  // 2026-12-01T09:59:00Z -> 2026-12-01 09:59:00 UTC
      if (t.size() == 20 && t[10] == 'T' && t[19] == 'Z') t = t.substr(0, 10) + " " + t.substr(11, 8) + " UTC";
      o << " " << t;
    }
    if (!s.finished_by.empty()) o << " by " << s.finished_by;
    o << (s.total ? ": total " + *s.total : std::string()) << "\n";
    if (!s.result_file.empty()) {  // one line, so that a finished job's status stays a screen's top
      o << "result: " << (s.dir / s.result_file).string()
        << (s.header.shard.m > 1 && !s.total ? " (one shard's: merge the shards with gridenum merge)" : "");
      if (s.cpu_seconds_last_session)
        o << fmt::format("; process CPU of its last session {:.1f} s for {} units (the measured cost below is wall "
                         "time x threads)",
                         *s.cpu_seconds_last_session, group_digits(s.units_last_session));
      o << "\n";
    }
  }
  if (s.torn_tail) o << "note: the last record is incomplete (" << *s.torn_tail << ")\n";
  for (const auto& w : s.warnings) o << "warning: " << w << "\n";
  // A plan whose shards are blocks (the three-band route, shard.hpp) numbers its units in
  // prefix-group order, not class order: its lines are units, and say so.
  const bool by_unit = s.header.shard.blocks != 0;
  const char* one = by_unit ? "unit" : "class";
  if (by_unit) o << "units are the classes in prefix-group order (gridenum count --classes A:B counts a class alone)\n";
  if (!s.groups.empty()) {
    format_groups(o, s);
    return o.str();
  }
  // A status without groups (one built by hand: job_status always has them) shows the classes:
  // up to kDefaultGroupClasses, a line each; more (4x3 has 144,578 classes of one unit each), a
  // line per range of consecutive classes, as the default groups are (unit_groups.hpp), so the
  // text stays a screen long (--json has them all).
  if (s.finished) {
    std::uint64_t units = 0;
    for (const auto& c : s.classes) units += c.total;
    format_all_done(o, s.classes.size(), one, units);
    return o.str();
  }
  if (s.classes.size() <= kDefaultGroupClasses) {
    o << "per " << one << " (units done / total):\n";
    for (const auto& c : s.classes)
      o << fmt::format("  {} {:4}  {:>6} / {:<6}{}\n", one, c.cls + 1, group_digits(c.done), group_digits(c.total),
                       c.done == c.total ? "  done" : "");
    return o.str();
  }
  const std::size_t per = (s.classes.size() + kDefaultGroupRanges - 1) / kDefaultGroupRanges;
  o << fmt::format("per range of {} {} (units done / total of this {}; gridenum status --json: every {}):\n", per,
                   by_unit ? "units" : "classes", s.config.shard.whole() ? "job" : "shard", one);
  for (std::size_t from = 0; from < s.classes.size(); from += per) {
    const std::size_t to = std::min(s.classes.size(), from + per);
    std::uint64_t done = 0, total = 0;
    for (std::size_t i = from; i < to; ++i) done += s.classes[i].done, total += s.classes[i].total;
    o << fmt::format("  {} {:>6} - {:<6}  {:>8} / {:<8}{}\n", by_unit ? "units  " : "classes", s.classes[from].cls + 1,
                     s.classes[to - 1].cls + 1, group_digits(done), group_digits(total), done == total ? "  done" : "");
  }
  return o.str();
}

nlohmann::json to_json(const JobStatus& s) {
  using nlohmann::json;
  if (s.merged)
    return json{{"dir", s.dir.string()},
                {"merged", true},
                {"finished", true},
                {"running", false},
                {"shape", s.merged->value("shape", json(nullptr))},
                {"total", s.total ? json(*s.total) : json(nullptr)},
                {"fingerprint", hex16(s.header.fingerprint)},
                {"shards", (*s.merged)["merged"].value("shards", json::array())},
                {"shard_runs", [&] {
                   json a = json::array();
                   for (const auto& x : s.merged_shards)
                     a.push_back({{"shard", x.shard},
                                  {"dir", x.dir},
                                  {"units", x.units},
                                  {"journal_kept", x.kept},
                                  {"journal_error", x.error.empty() ? json(nullptr) : json(x.error)},
                                  {"sessions", x.kept ? json(x.sessions) : json(nullptr)},
                                  {"threads", x.kept ? json(x.threads) : json(nullptr)},
                                  {"first_ms", x.first_ms},
                                  {"last_ms", x.last_ms},
                                  {"cpu_seconds_measured", x.cpu.sessions_measured ? json(x.cpu.seconds) : json(nullptr)},
                                  {"sessions_cpu_measured", x.kept ? json(x.cpu.sessions_measured) : json(nullptr)}});
                   return a;
                 }()}};
  json classes = json::array();
  const char* one = s.header.shard.blocks != 0 ? "unit" : "class";  // as format_status says
  for (const auto& c : s.classes) classes.push_back({{one, c.cls + 1}, {"done", c.done}, {"total", c.total}});
  const CountMethod& method = resolve_method(s.config.shape, s.config.method);
  json j{{"dir", s.dir.string()},
         {"merged", false},
         {"shape", s.config.shape.str()},
         {"method", method.name},
         // The latest session's kernel for a method that has kernels (the stack method); none for
         // a method that has none (a two-stack job said "partition", the config's unused default).
         {"kernel", method.options & kOptionKernel ? json(s.engine) : json(nullptr)},
         {"shard", s.config.shard.str()},
         {"started", s.started},
         {"running", s.running.held},
         {"pid", s.running.held && s.running.pid ? json(s.running.pid) : json(nullptr)},
         {"units_done", s.units_done},
         {"units_total", s.units_total},
         {"finished", s.finished},
         {"sessions", s.sessions},
         {"rate_last_session", s.rate_last_session},
         {"rate_overall", s.rate_overall},
         {"eta_seconds", s.eta_seconds ? json(*s.eta_seconds) : json(nullptr)},
         {"first_ms", s.first_ms},
         {"last_ms", s.last_ms},
         {"fingerprint", s.started ? json(hex16(s.header.fingerprint)) : json(nullptr)},
         {"total", s.total ? json(*s.total) : json(nullptr)},
         {"result_file", s.result_file.empty() ? json(nullptr) : json(s.result_file)},
         {"finished_by", s.finished_by.empty() ? json(nullptr) : json(s.finished_by)},
         {"finished_utc", s.finished_utc.empty() ? json(nullptr) : json(s.finished_utc)},
         {"cpu_seconds_last_session", s.cpu_seconds_last_session ? json(*s.cpu_seconds_last_session) : json(nullptr)},
         {"units_last_session", s.cpu_seconds_last_session ? json(s.units_last_session) : json(nullptr)},
         {"cpu_seconds_measured", s.cpu.sessions_measured ? json(s.cpu.seconds) : json(nullptr)},
         {"sessions_cpu_measured", s.cpu.sessions_measured},
         {"torn_tail", s.torn_tail ? json(*s.torn_tail) : json(nullptr)},
         {"warnings", s.warnings},
         {"classes", classes}};
  j["eta_from"] = s.eta_seconds ? json(s.eta_from) : json(nullptr);
  j["latest_progress"] = s.latest_progress.empty() ? json(nullptr) : json(s.latest_progress);
  // Groups and time left (unit_cost.hpp): every group of the job or shard, and how the figures
  // were got. Times are null while there are not enough timed units.
  const auto opt = [](const std::optional<double>& v) { return v ? json(*v) : json(nullptr); };
  json groups = json::array();
  for (const auto& g : s.groups)
    groups.push_back({{"group", g.group + 1},
                      {"first_unit", g.first_unit},
                      {"units", g.units},
                      {"done", g.done},
                      {"cpu_seconds_left", opt(g.cpu_seconds_left)},
                      {"eta_seconds", opt(g.eta_seconds)},
                      {"label", g.label},
                      {"estimated", g.estimated}});
  json model = s.groups_chunk > 1 ? json{{"kind", "chunk"}, {"a", s.cost.model.a}, {"b", s.cost.model.b}}
                                  : json{{"kind", "mean"}, {"cpu_seconds_per_unit", s.cost.mean}};
  j["grouping"] = {{"kind", s.groups_kind}, {"chunk", s.groups_chunk}, {"source", s.groups_source}};
  j["estimate"] = {{"enough", s.cost.enough()},
                   {"basis", s.cost.basis()},
                   {"threads", s.eta_threads},
                   {"groups_eta_seconds_are", s.finished        ? "finished"
                                              : s.running.held ? "finished in"
                                                               : "time left if resumed"},
                   {"since_latest_record_seconds", s.since_latest_record},
                   {"cpu_seconds_left", opt(s.cpu_seconds_left)},
                   {"time_left_seconds", opt(s.time_left_seconds)},
                   {"timed_batches", s.cost.batches},
                   {"timed_units", s.cost.timed_units},
                   {"sessions_left_out", s.cost.sessions_left_out},
                   {"model", s.cost.enough() ? model : json(nullptr)}};
  j["groups"] = groups;
  return j;
}

}  // namespace gridenum
