// `gridenum status DIR`: progress of a job read from its files alone -- config, journal header
// and records, lock, result -- so it works while the job runs (no lock taken beyond an instant's
// probe) and after it was killed. The journal's records carry their finish times, which gives
// the throughput of each session and an ETA without any extra state file.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gridenum/jobs/config.hpp"
#include "gridenum/jobs/job_lock.hpp"
#include "gridenum/jobs/journal.hpp"

namespace gridenum {

struct ClassProgress {
  std::uint32_t cls = 0;  // 0-based class index
  std::uint64_t done = 0, total = 0;
};

struct JobStatus {
  std::filesystem::path dir;
  JobConfig config;
  bool started = false;              // the journal exists
  JournalHeader header;
  std::uint64_t units_total = 0;     // units of the job or shard
  std::uint64_t units_done = 0;
  std::vector<ClassProgress> classes;
  LockHolder running;                // who runs the job now, if anyone
  int sessions = 0;
  double rate_last_session = 0;      // units/s of the latest session (0: unknown)
  double rate_overall = 0;           // units/s over the time all sessions spent counting
  std::optional<double> eta_seconds; // while running, from the latest session's rate
  std::int64_t first_ms = 0, last_ms = 0;  // first session start, latest record
  bool finished = false;
  std::optional<std::string> total;  // from result.json, when finished and not a shard
  std::optional<std::string> torn_tail;    // a torn last record (or one being written now)
  std::vector<std::string> warnings;
  // A folder written by `merge --output` (no config, a result.json with "merged"): its
  // result.json, and nothing above but dir, total and the fingerprint is meaningful.
  std::optional<nlohmann::json> merged;
};

// Throws JobInputError when DIR holds no job (nor a merged result), JournalError when the
// journal is damaged.
JobStatus job_status(const std::filesystem::path& dir);
std::string format_status(const JobStatus& s);
nlohmann::json to_json(const JobStatus& s);

}  // namespace gridenum
