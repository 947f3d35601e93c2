// estimate_job_status (estimate_status.hpp): read-only, no lock taken beyond lock_holder's probe.
#include <fmt/format.h>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/timing.hpp"
#include "gridenum/estimate/report.hpp"
#include "gridenum/jobs/estimate_status.hpp"
#include "gridenum/jobs/job.hpp"

namespace gridenum {

namespace fs = std::filesystem;

EstimateJobStatus estimate_job_status(const fs::path& dir) {
  EstimateJobStatus s;
  s.dir = dir;
  s.spec = read_estimate_spec(dir);
  const PlanHeader header = estimate_job_header(s.spec);
  const Shard shard = header.shard;
  s.batches_total = shard.size(header.units);
  for (std::uint64_t b = shard.begin(); b < shard.end(); ++b)
    s.samples_total += std::min(s.spec.run.batch, s.spec.run.samples - b * s.spec.run.batch);
  s.running = lock_holder(dir);
  const JobPaths p{dir};
  std::error_code ec;
  s.finished = fs::exists(p.result_json(), ec);
  estimate::Moments so_far;
  estimate::BatchSpread spread;
  if (fs::exists(p.journal(), ec)) {
    s.started = true;
    const JournalContents j = read_journal(p.journal());
    check_journal_matches(j, p.journal(), header);
    s.torn_tail = j.torn_tail;
    const auto batches = journal_batches(j, p.journal());
    // The batches done, in batch order: the fold a finished job makes (run.hpp).
    for (std::uint64_t id = 0; id < batches.size(); ++id)
      if (batches[id]) {
        so_far.merge(*batches[id]);
        spread.add(id, *batches[id]);
      }
    s.batches_done = j.batches.size();
    s.samples_done = so_far.n;
    s.sessions = static_cast<int>(j.sessions.size());
    if (!j.sessions.empty()) {
      const JournalSession& last = j.sessions.back();
      s.threads_last_session = last.threads;
      std::uint64_t samples = 0;
      std::int64_t last_ms = last.start_ms;
      for (const JournalBatch& b : j.batches)
        if (b.line > last.line) {
          samples += batches[b.id]->n;
          last_ms = std::max(last_ms, b.time_ms);
        }
      if (last_ms > last.start_ms && samples > 0)
        s.samples_per_second = static_cast<double>(samples) * 1000.0 / static_cast<double>(last_ms - last.start_ms);
    }
    if (s.samples_per_second > 0 && s.samples_done < s.samples_total)
      s.eta_seconds = static_cast<double>(s.samples_total - s.samples_done) / s.samples_per_second;
  }
  s.so_far = estimate::summarise(s.spec.run, so_far, s.threads_last_session, 0, 0, spread);
  return s;
}

std::string format_status(const EstimateJobStatus& s) {
  const auto& o = s.spec.run;
  std::string t = fmt::format("estimate job {}: {} on {} ({}x{} grids), {} samples, seed {}, batches of {}, shard {}\n",
                              s.dir.string(), estimate::to_string(o.method), o.shape.str(), o.shape.n(), o.shape.n(),
                              group_digits(o.samples), o.seed, o.batch, s.spec.shard.str());
  if (!s.started) return t + "  not started (no journal yet)\n";
  const double pct = s.samples_total ? 100.0 * static_cast<double>(s.samples_done) / static_cast<double>(s.samples_total) : 0;
  t += fmt::format("  batches: {} / {} done; samples: {} / {} ({:.1f}%)\n", group_digits(s.batches_done),
                   group_digits(s.batches_total), group_digits(s.samples_done), group_digits(s.samples_total), pct);
  if (s.so_far.mean > 0)
    t += fmt::format("  estimate so far: {:.6e}, 95 % interval {:.6e} .. {:.6e} (-+ {:.2f} %), cv {:.3f}, ESS {:.1f}\n",
                     s.so_far.mean, s.so_far.ci_low, s.so_far.ci_high, 100 * s.so_far.relative_error, s.so_far.cv,
                     s.so_far.ess) +
         estimate::batch_lines(s.so_far);
  else if (s.samples_done > 0)
    t += "  estimate so far: none (every sample so far met a dead end)\n";
  if (s.samples_per_second > 0)
    t += fmt::format("  speed: {:.1f} samples/s (latest session, {} thread{})\n", s.samples_per_second,
                     s.threads_last_session, s.threads_last_session == 1 ? "" : "s");
  if (s.eta_seconds)
    t += "  time left: " + short_duration(*s.eta_seconds) + (s.running.held ? "" : " if resumed at that speed") + "\n";
  return t + job_state_lines(s.dir, s.running, s.finished, s.torn_tail, s.sessions);
}

nlohmann::json to_json(const EstimateJobStatus& s) {
  nlohmann::json j{{"dir", s.dir.string()},
                   {"kind", "estimate"},
                   {"shape", s.spec.run.shape.str()},
                   {"method", std::string(estimate::to_string(s.spec.run.method))},
                   {"seed", s.spec.run.seed},
                   {"batch", s.spec.run.batch},
                   {"shard", s.spec.shard.str()},
                   {"started", s.started},
                   {"batches_total", s.batches_total},
                   {"batches_done", s.batches_done},
                   {"samples_total", s.samples_total},
                   {"samples_done", s.samples_done},
                   {"sessions", s.sessions},
                   {"samples_per_second", s.samples_per_second},
                   {"eta_seconds", s.eta_seconds ? nlohmann::json(*s.eta_seconds) : nlohmann::json()},
                   {"running", s.running.held},
                   {"finished", s.finished}};
  if (s.running.held) j["pid"] = s.running.pid;
  if (s.so_far.samples_done >= 2) {
    const nlohmann::json e = estimate::to_json(s.so_far, estimate::count_bounds(s.spec.run.shape));
    for (const char* key :
         {"estimate", "standard_error", "ci95", "relative_error", "cv", "effective_samples", "batch_check", "dead_ends"})
      j["so_far"][key] = e[key];
  }
  return j;
}

}  // namespace gridenum
