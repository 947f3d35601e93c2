// Checkpointed, resumable counting jobs (docs/design.md section 3).
//
// A job is a directory:
//   config.toml       the config used (config.hpp), written before anything else
//   lock              flock of the running process, with its pid (job_lock.hpp)
//   catalogue.cache   the class table, so a resume skips the catalogue stage (catalogue_cache.hpp)
//   journal           one checksummed record per finished unit (journal.hpp)
//   groups.json       the groups the plan's units fall into, for `status` (unit_groups.hpp)
//   job.log           spdlog log of every session
//   result.txt/.json  written atomically when the last unit is in the journal
//
// run_job counts every unit of the job (or of its shard) that the journal does not hold yet:
// the count engine's skip() hook answers finished units from the journal, done() appends a
// record, stop() ends the run early. A ticker thread writes + fdatasyncs the journal every
// checkpoint_seconds and draws progress, so workers never wait for the disk; a kill loses at
// most the units of the last interval, and those are simply counted again.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gridenum/jobs/config.hpp"
#include "gridenum/jobs/job_errors.hpp"
#include "gridenum/jobs/job_lock.hpp"
#include "gridenum/jobs/journal.hpp"
#include "gridenum/jobs/work.hpp"

namespace spdlog {
class logger;
}

namespace gridenum {

struct JobPaths {
  std::filesystem::path dir;
  std::filesystem::path config() const { return dir / "config.toml"; }
  std::filesystem::path journal() const { return dir / "journal"; }
  std::filesystem::path groups() const { return dir / "groups.json"; }
  std::filesystem::path catalogue() const { return dir / "catalogue.cache"; }
  std::filesystem::path log() const { return dir / "job.log"; }
  std::filesystem::path result_text() const { return dir / "result.txt"; }
  std::filesystem::path result_json() const { return dir / "result.json"; }
  std::filesystem::path walks() const { return dir / "walks"; }  // symmetry jobs (walk_store.hpp)
};

struct JobRequest {
  std::filesystem::path dir;
  bool resume = false;               // false: start a job in a new or empty DIR; true: continue DIR's job
  JobConfig config;                  // new jobs only (resume reads DIR/config.toml)
  std::optional<int> threads;        // resume: this session's threads instead of the config's
  std::optional<Kernel> kernel;      // resume: this session's kernel instead of the config's (stack method)
  std::optional<std::string> table_cache_dir;  // resume: this session's F table cache directory
  std::optional<std::uint64_t> memory_limit;   // resume: this session's memory limit (0: auto)
  bool handle_signals = false;       // SIGINT/SIGTERM stop the job (the CLI; not for in-process tests)
  bool console_log = true;           // log to stderr as well as to DIR/job.log
  std::optional<bool> terminal;      // progress bar or log lines; default: isatty(stderr)
  std::function<bool()> stop;        // extra stop condition, polled between units (tests)
  std::string command = "gridenum count";  // written into the lock for `status`
};

struct JobOutcome {
  bool finished = false;             // every unit of the job (or shard) is in the journal
  std::string stopped_by;            // when not finished: "SIGINT", "SIGTERM" or "stop request"
  std::string stopped_during;        // stopped while planning, before any unit: the phase's message
  JobConfig config;                  // the config used in this session (with overrides)
  JournalHeader header;
  std::uint64_t units_total = 0;     // units of this job or shard
  std::uint64_t units_done = 0;      // in the journal at the end of this session
  std::uint64_t units_done_before = 0;  // in the journal when this session started
  std::uint64_t units_computed = 0;  // counted in this session
  MethodResult result;                 // finished: the count (complete unless a shard); its text
                                     // is result.txt
  nlohmann::json json;               // finished: result.json (result.json plus the job's fields)
};

// Runs or resumes a job. Throws ConfigError / JobInputError (bad config, DIR holds no job, or
// already holds one when starting), JobLockedError, JournalError, JobIoError.
JobOutcome run_job(const JobRequest& req);

// DIR for a path that is a job directory DIR or a file in it (DIR/result.json): what `verify result`
// and the other commands that take either are given.
std::filesystem::path job_dir_of(const std::filesystem::path& path);

// The JSON parameter file of an estimate or symmetry job (DIR/estimate.json, DIR/symmetry.json),
// read through open_job_file. `kind` names the job ("estimate", "symmetry"), `start` the command
// that makes one ("gridenum estimate --job-dir"). JobInputError when DIR or the file does not
// exist (saying how such a job starts) or the file is not JSON (job_parameter_error).
nlohmann::json read_job_parameters(const std::filesystem::path& dir, const std::filesystem::path& file,
                                   const std::string& kind, const std::string& start);
// The error for a damaged parameter file: the file, what is wrong, who writes it and what to do.
JobInputError job_parameter_error(const std::filesystem::path& file, const std::string& why, const std::string& start);

// The lines every job's `status` text ends with: whether a process runs it (pid and command) or how
// to continue it, where its result is once finished, a torn journal tail, the sessions so far.
std::string job_state_lines(const std::filesystem::path& dir, const LockHolder& running, bool finished,
                            const std::optional<std::string>& torn_tail, int sessions);

// The job's config (DIR/config.toml). JobInputError when DIR does not exist or holds no job.
JobConfig read_job_config(const std::filesystem::path& dir);

// A result document's provenance, as GIMPS results carry it: program (version and commit), the
// finish time (UTC), host, CPU model, OS kernel, and this process's CPU seconds (user + system,
// every thread): the "job" fields count and estimate jobs share.
nlohmann::json job_provenance();

// JSON text of a job document (result.json, status --json, merge --json), indented, ending in a
// newline. Paths are bytes, JSON is UTF-8: a job directory whose name is not UTF-8 (byte 0xff) made
// nlohmann's dump throw type_error.316 after every unit was counted, so result.json was never
// written. Invalid bytes are written as U+FFFD instead (the file system name is in the text output
// and job.log as it is).
std::string job_json_text(const nlohmann::json& j);

// A spdlog logger writing to DIR/job.log (and stderr when console, with the time on each line
// when console_timestamps: stderr is not a terminal): not registered globally. DIR/job.log is
// opened with open_job_file (no symlink, regular files only).
std::shared_ptr<spdlog::logger> make_job_logger(const std::filesystem::path& dir, bool console,
                                                bool console_timestamps = false);

}  // namespace gridenum
