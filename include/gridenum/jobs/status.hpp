// `gridenum status DIR`: progress of a job read from its files alone -- config, journal header
// and records, groups.json, lock, result -- so it works while the job runs (no lock taken beyond
// an instant's probe) and after it was killed. The journal's records carry their finish times,
// which gives the throughput of each session and, with the plan's unit groups (unit_groups.hpp),
// the measured cost of a unit in each group and the time left, group by group (unit_cost.hpp):
// when each group will be finished while the job runs, or how long the rest would take if it
// were resumed with the latest session's threads.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gridenum/jobs/config.hpp"
#include "gridenum/jobs/job_lock.hpp"
#include "gridenum/jobs/journal.hpp"
#include "gridenum/jobs/unit_cost.hpp"
#include "gridenum/jobs/unit_groups.hpp"

namespace gridenum {

struct ClassProgress {
  std::uint32_t cls = 0;  // 0-based class index
  std::uint64_t done = 0, total = 0;
};

// One group of units (unit_groups.hpp) as far as the job or shard goes.
struct GroupProgress {
  std::size_t group = 0;               // 0-based, among the plan's groups
  std::uint64_t first_unit = 0;        // the group's first unit in the plan
  std::uint64_t units = 0, done = 0;   // of this job or shard
  std::string label;
  std::optional<double> cpu_seconds_left;  // nullopt: not enough timed units yet
  std::optional<double> eta_seconds;   // finished in (running), or time left if resumed (not)
  std::string estimated;               // how (UnitCost::how)
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
  std::string engine;                // the latest session's (journal.hpp): its kernel or route; the
                                     // config's kernel before any session (a job may be resumed
                                     // with another kernel)
  double rate_last_session = 0;      // units/s of the latest session (0: unknown)
  double rate_overall = 0;           // units/s over the time all sessions spent counting
  std::optional<double> eta_seconds; // while running: the measured cost's time left, else (too few
                                     // timed units) the latest session's rate's
  std::string eta_from;              // "measured cost" or "latest session's rate" (with eta_seconds)
  std::int64_t first_ms = 0, last_ms = 0;  // first session start, latest record
  bool finished = false;
  std::optional<std::string> total;  // from result.json, when finished and not a shard
  // A finished job's result document (result.json or result.json.xz): its file, the binary and
  // time that finished it, and its last session's process CPU (getrusage) and units -- the
  // measure of cost, where the unit records' wall time x threads counts contention and pauses.
  std::string result_file;
  std::string finished_by, finished_utc;
  std::optional<double> cpu_seconds_last_session;
  std::uint64_t units_last_session = 0;
  JournalCpu cpu;  // the CPU time the journal's sessions recorded (journal.hpp, C records)
  std::optional<std::string> torn_tail;    // a torn last record (or one being written now)
  // Groups and time left (unit_cost.hpp); groups overlapping the job's shard only, in unit order.
  std::string groups_kind;           // "prefix group", "class", "range of classes" ...
  std::uint64_t groups_chunk = 1;
  std::string groups_source;         // DIR/groups.json, or "default" (missing or set aside: a warning)
  std::vector<GroupProgress> groups;
  UnitCost cost;
  int eta_threads = 0;               // T: the latest session's threads
  double since_latest_record = 0;    // seconds taken off the time left (running only)
  std::optional<double> cpu_seconds_left, time_left_seconds;  // the job's or shard's (cost.enough())
  std::vector<std::string> warnings;
  // While the job runs: the running session's latest progress line in job.log (the bar's text:
  // units, or before its first unit the phase it is in -- "4x3 F tables: 37% ..., about 3m left"),
  // so a session still building its tables is not a blank; empty otherwise.
  std::string latest_progress;
  // A folder written by `merge --output` (no config, a result.json with "merged"): its
  // result.json, and nothing above but dir, total and the fingerprint is meaningful.
  std::optional<nlohmann::json> merged;
  // A merged result's shards as their journals, where kept beside it, tell their runs: the units,
  // the sessions (a resume is a session after the first), the threads and the first and latest
  // record. A shard whose journal is not kept has only its name and units (from result.json).
  struct MergedShard {
    std::string shard, dir;
    std::uint64_t units = 0;
    bool kept = false;
    std::size_t sessions = 0;
    std::string threads;  // "2", "1/2": every session's, in order of first use
    std::int64_t first_ms = 0, last_ms = 0;
    JournalCpu cpu;       // the CPU time its sessions recorded
    std::string error;    // the journal kept but unreadable: why
  };
  std::vector<MergedShard> merged_shards;
};

// Throws JobInputError when DIR holds no job (nor a merged result), JournalError when the
// journal is damaged.
JobStatus job_status(const std::filesystem::path& dir);
std::string format_status(const JobStatus& s);
// The ETA `status` gives for a job that is running, from its journal as it stands and its plan's
// groups: the running job's progress line shows this figure too (job.cpp), so the two agree --
// one model (unit_cost.hpp), not two.
std::optional<double> running_job_eta(const JournalContents& j, const UnitGroups& groups);
nlohmann::json to_json(const JobStatus& s);

}  // namespace gridenum
