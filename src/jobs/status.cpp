// Job status (status.hpp). Units map to classes by id / slices_per_class (plan.hpp), so the
// per-class table needs only the journal header, not the catalogue.
#include "gridenum/jobs/status.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <ctime>
#include <sstream>

#include "gridenum/core/checksum.hpp"
#include "gridenum/jobs/atomic_file.hpp"
#include "gridenum/jobs/job.hpp"
#include "gridenum/jobs/progress.hpp"

namespace gridenum {

namespace fs = std::filesystem;

namespace {

// The result.json of a merge --output folder (issue 13 item 20: status used to answer "no job,
// start one"), or nullopt when DIR is not one.
std::optional<nlohmann::json> merged_result(const JobPaths& p) {
  std::error_code ec;
  if (fs::exists(p.config(), ec) || !fs::exists(p.result_json(), ec)) return std::nullopt;
  try {
    auto j = nlohmann::json::parse(read_whole_file(p.result_json()));
    if (j.is_object() && j.contains("merged") && j["merged"].is_object()) return j;
  } catch (const std::exception&) {
  }
  return std::nullopt;
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
    return s;
  }
  s.config = read_job_config(dir);
  s.running = lock_holder(dir);
  std::error_code ec;
  if (!fs::exists(p.journal(), ec)) return s;
  const JournalContents j = read_journal(p.journal());
  s.started = true;
  s.header = j.header;
  s.torn_tail = j.torn_tail;
  s.warnings = j.warnings;
  s.units_total = j.header.shard.size(j.header.units);
  s.units_done = j.units.size();
  s.sessions = static_cast<int>(j.sessions.size());

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
  if (s.running.held && !s.finished && s.rate_last_session > 0)
    s.eta_seconds = static_cast<double>(s.units_total - s.units_done) / s.rate_last_session;
  if (s.finished && fs::exists(p.result_json(), ec)) {
    try {
      const auto r = nlohmann::json::parse(read_whole_file(p.result_json()));
      if (r.contains("total") && r["total"].is_string()) s.total = r["total"].get<std::string>();
    } catch (const std::exception&) {
    }
  }
  return s;
}

namespace {
std::string when(std::int64_t ms) {
  if (ms <= 0) return "-";
  const std::time_t t = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  localtime_r(&t, &tm);
  return fmt::format("{:04}-{:02}-{:02} {:02}:{:02}:{:02}", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
                     tm.tm_min, tm.tm_sec);
}
}  // namespace

std::string format_status(const JobStatus& s) {
  std::ostringstream o;
  if (s.merged) {
    const nlohmann::json& m = *s.merged;
    o << "merged result " << s.dir.string() << " (written by gridenum merge --output; not a job: nothing to resume)\n";
    if (m.contains("shape") && m["shape"].is_string()) o << "shape: " << m["shape"].get<std::string>() << "\n";
    o << "total: " << (s.total ? *s.total : std::string("-")) << "\n";
    o << "fingerprint " << hex16(s.header.fingerprint) << "\n";
    const nlohmann::json& shards = m["merged"]["shards"];
    if (shards.is_array()) {
      o << "from " << shards.size() << " shard" << (shards.size() == 1 ? "" : "s") << ":";
      for (const auto& d : shards)
        if (d.is_string()) o << " " << d.get<std::string>();
      o << "\n";
    }
    return o.str();
  }
  const JobMethod method = resolve_method(s.config.shape, s.config.method);
  o << "job " << s.dir.string() << ": " << s.config.shape.str() << ", method " << to_string(method);
  if (method == JobMethod::Stack) o << ", kernel " << to_string(s.config.kernel);
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
    o << fmt::format("throughput: {} units/s (latest session), {} units/s (all {} sessions)\n",
                     Progress::plain_rate(s.rate_last_session), Progress::plain_rate(s.rate_overall), s.sessions);
  else
    o << fmt::format("throughput: the latest session counted no unit; {} units/s (all {} sessions)\n",
                     Progress::plain_rate(s.rate_overall), s.sessions);
  if (s.eta_seconds) o << "ETA: " << Progress::duration(*s.eta_seconds) << "\n";
  o << "started " << when(s.first_ms) << ", latest record " << when(s.last_ms) << "\n";
  o << "fingerprint " << hex16(s.header.fingerprint) << "\n";
  if (s.finished) o << "finished" << (s.total ? ": total " + *s.total : std::string()) << "\n";
  if (s.torn_tail) o << "note: the last record is incomplete (" << *s.torn_tail << ")\n";
  for (const auto& w : s.warnings) o << "warning: " << w << "\n";
  // Up to kStatusClassLines classes, a line each; more (4x3 has 144,578 classes of one unit each),
  // a line per range of consecutive classes, so the text stays a screen long (--json has them all).
  // A plan whose shards are blocks (the three-band route, shard.hpp) numbers its units in
  // prefix-group order, not class order: its lines are units, and say so.
  constexpr std::size_t kStatusClassLines = 64, kStatusRanges = 24;
  const bool by_unit = s.header.shard.blocks != 0;
  const char* one = by_unit ? "unit" : "class";
  if (by_unit) o << "units are the classes in prefix-group order (gridenum count --classes A:B counts a class alone)\n";
  if (s.classes.size() <= kStatusClassLines) {
    o << "per " << one << " (units done / total):\n";
    for (const auto& c : s.classes)
      o << fmt::format("  {} {:4}  {:6} / {:<6}{}\n", one, c.cls + 1, c.done, c.total, c.done == c.total ? "  done" : "");
    return o.str();
  }
  const std::size_t per = (s.classes.size() + kStatusRanges - 1) / kStatusRanges;
  o << fmt::format("per range of {} {} (units done / total of this {}; gridenum status --json: every {}):\n", per,
                   by_unit ? "units" : "classes", s.config.shard.whole() ? "job" : "shard", one);
  for (std::size_t from = 0; from < s.classes.size(); from += per) {
    const std::size_t to = std::min(s.classes.size(), from + per);
    std::uint64_t done = 0, total = 0;
    for (std::size_t i = from; i < to; ++i) done += s.classes[i].done, total += s.classes[i].total;
    o << fmt::format("  {} {:>6} - {:<6}  {:8} / {:<8}{}\n", by_unit ? "units  " : "classes", s.classes[from].cls + 1,
                     s.classes[to - 1].cls + 1, done, total, done == total ? "  done" : "");
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
                {"shards", (*s.merged)["merged"].value("shards", json::array())}};
  json classes = json::array();
  const char* one = s.header.shard.blocks != 0 ? "unit" : "class";  // as format_status says
  for (const auto& c : s.classes) classes.push_back({{one, c.cls + 1}, {"done", c.done}, {"total", c.total}});
  json j{{"dir", s.dir.string()},
         {"merged", false},
         {"shape", s.config.shape.str()},
         {"method", to_string(resolve_method(s.config.shape, s.config.method))},
         {"kernel", to_string(s.config.kernel)},
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
         {"torn_tail", s.torn_tail ? json(*s.torn_tail) : json(nullptr)},
         {"warnings", s.warnings},
         {"classes", classes}};
  return j;
}

}  // namespace gridenum
