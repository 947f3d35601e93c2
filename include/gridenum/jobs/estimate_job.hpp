// A Monte Carlo estimate as a job (docs/jobs.md, "Estimate jobs"; docs/estimate.md): the samples
// cut into batches of a fixed size, each batch's exact statistics (estimate/moments.hpp: count,
// mean, sum of squared deviations, dead ends, in C99 hexadecimal) journaled as it finishes, so
// that a job stopped or killed resumes where it was, shards take disjoint ranges of batches, and
// the merged shards fold the same numbers in the same order as one run -- the same estimate, bit
// for bit, as `gridenum estimate` without --job-dir with the same seed, samples and batch.
//
// It runs on the count jobs' machinery, not a copy of it: the journal (journal.hpp: header with
// fingerprint and shard, checksummed records, torn-tail rule, its B record), the writer thread
// (ticker.hpp), the lock (job_lock.hpp), the atomic result files and temporaries
// (core/atomic_file.hpp), the log (job.hpp), the shard block rule (count/shard.hpp) and the one
// stop path (core/stop.hpp, stop_signals.hpp). What differs is what a unit is -- a batch of
// samples whose record is statistics rather than a count -- and so its session driver
// (estimate_job.cpp), merge (estimate_merge.hpp) and status (estimate_status.hpp).
//
// A job directory holds estimate.json (the job's parameters, written with the journal's header
// in one atomic batch), journal, lock, job.log and, at the end, result.txt and result.json.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gridenum/count/plan_header.hpp"
#include "gridenum/estimate/run.hpp"
#include "gridenum/jobs/journal.hpp"

namespace gridenum {

// What an estimate job samples (run: shape, method, samples, seed, batch; its threads are the
// first session's) and which shard of its batches it takes (the block rule: consecutive batches).
struct EstimateJobSpec {
  estimate::RunOptions run;
  Shard shard;
  double checkpoint_seconds = 1.0;  // journal write + fsync interval
  double progress_seconds = 10.0;   // progress log-line interval when stderr is not a terminal
};

// DIR/estimate.json: the file that makes DIR an estimate job.
std::filesystem::path estimate_spec_path(const std::filesystem::path& dir);
bool is_estimate_job(const std::filesystem::path& dir);
// Reads and checks DIR/estimate.json. JobInputError when DIR holds no estimate job or the file is
// malformed (naming the file and the key).
EstimateJobSpec read_estimate_spec(const std::filesystem::path& dir);
std::string estimate_spec_text(const EstimateJobSpec& s);
// Why the spec cannot run (estimate::run_options_error, the shard), or nullopt.
std::optional<std::string> estimate_spec_error(const EstimateJobSpec& s);

// The journal header: the fingerprint of everything the result depends on (sampler version,
// shape, method, samples, seed, batch), units = batches, the shard by the block rule.
PlanHeader estimate_job_header(const EstimateJobSpec& s);

// The batches of a journal, decoded, by batch id (nullopt: not in the journal). JournalError
// naming the line for a statistics token that does not parse.
std::vector<std::optional<estimate::Moments>> journal_batches(const JournalContents& j, const std::filesystem::path& path);
// Wall seconds the journal's sessions spent sampling: per session, from its start to its last batch.
double journal_sampling_seconds(const JournalContents& j);

struct EstimateJobRequest {
  std::filesystem::path dir;
  bool resume = false;               // false: a new job in a new or empty DIR; true: continue DIR's
  EstimateJobSpec spec;              // new jobs only (resume reads DIR/estimate.json)
  std::optional<int> threads;        // resume: this session's threads
  bool handle_signals = false;       // SIGINT/SIGTERM stop the job (the CLI; not for in-process tests)
  bool console_log = true;           // log to stderr as well as to DIR/job.log
  std::optional<bool> terminal;      // progress bar or log lines; default: isatty(stderr)
  std::function<bool()> stop;        // extra stop condition, polled between samples (tests)
  std::string command = "gridenum estimate";  // written into the lock for `status`
};

struct EstimateJobOutcome {
  bool finished = false;             // every batch of the job (or shard) is in the journal
  std::string stopped_by;            // when not finished: "SIGINT", "SIGTERM" or "stop request"
  EstimateJobSpec spec;
  PlanHeader header;
  std::uint64_t batches_total = 0;   // of this job or shard
  std::uint64_t batches_done = 0;    // in the journal at the end of this session
  std::uint64_t batches_done_before = 0;
  std::uint64_t batches_computed = 0;
  bool complete = false;             // finished and not a shard
  estimate::RunResult result;        // finished: the estimate (a shard's batches only for a shard)
  std::string text;                  // finished: result.txt
  nlohmann::json json;               // finished: result.json
};

// Runs or resumes an estimate job. Throws JobInputError (bad parameters, DIR holds no estimate job,
// or holds a job when starting), JobLockedError, JournalError (another job's journal: its
// fingerprint), JobIoError.
EstimateJobOutcome run_estimate_job(const EstimateJobRequest& req);

// The result document of a fold of batches: the estimate's text and JSON (estimate/report.hpp)
// with "complete" and, for a shard, a line saying it is one.
void estimate_result_document(const estimate::RunResult& r, bool complete, const Shard& shard, std::string& text,
                              nlohmann::json& json);

}  // namespace gridenum
