// What the sessions of the journaled jobs other than counts share (estimate_job.cpp's batches,
// symmetry_job.cpp's classes): the steps of docs/jobs.md in the order that makes a crash at any
// moment safe, written once.
//   0. a new job's directory made (a file in the way refused);
//   1. the signals watched before any thread starts (workers inherit the blocked mask); the
//      directory locked (one process per job), the log opened, a crashed process's temporaries
//      removed, and a new job refused in a directory that holds any job;
//   2. the journal, if there is one, read and checked against the job's header (another
//      fingerprint refused), its torn tail reported (the writer cuts it off before appending);
//   3. the session's checkpoints: the writer with this session's record, the parameter file
//      written with the journal's header in one atomic batch (a journal never exists without its
//      parameters), the second signal's flush, the progress and the ticker thread that writes +
//      fdatasyncs the journal every checkpoint interval;
//   4. the work run under them: a stop (signal or request) ends the checkpoints and is logged
//      with the way to continue; otherwise the caller writes its result after finish().
// Count jobs (job.cpp) do the same steps with more of their own (plans, caches, tables) and keep
// their own session class.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "gridenum/jobs/job.hpp"
#include "gridenum/jobs/job_lock.hpp"
#include "gridenum/jobs/job_signals.hpp"
#include "gridenum/jobs/journal.hpp"
#include "gridenum/jobs/progress.hpp"
#include "gridenum/jobs/ticker.hpp"

namespace spdlog {
class logger;
}

namespace gridenum {

struct JournaledSessionOptions {
  std::filesystem::path dir;
  bool resume = false;
  bool handle_signals = false;
  bool console_log = true;
  bool terminal = false;              // progress bar (true) or log lines
  std::string command;                // written into the lock for `status`
  std::string units;                  // what a unit is, plural, for messages: "batches", "classes"
  std::filesystem::path spec_file;    // the parameter file that makes DIR this kind of job
  std::string new_job_command;        // how such a job starts, for "no job here" messages
  // What a stop keeps of the units in flight, for its message.
  std::string in_flight = "those in flight are done again on resume";
};

class JournaledSession {
 public:
  explicit JournaledSession(JournaledSessionOptions o);
  ~JournaledSession();
  JournaledSession(const JournaledSession&) = delete;
  JournaledSession& operator=(const JournaledSession&) = delete;

  // Step 0 (new jobs): DIR made. JobInputError when a file is in the way, JobIoError when it
  // cannot be made.
  static void make_job_directory(const std::filesystem::path& dir);

  // Steps 1 and 2. Call watch_signals first, before any thread exists. JobLockedError,
  // JobInputError (a new job in a DIR holding one), JournalError (another job's journal).
  void watch_signals();
  void lock_and_read_journal(const PlanHeader& header);

  const std::optional<JournalContents>& prior() const { return prior_; }
  spdlog::logger& log() { return *log_; }
  const std::filesystem::path& dir() const { return o_.dir; }
  int signal_received() const { return signals_ ? signals_->received() : 0; }

  // Steps 3 and 4: one session's checkpoints, alive while the work runs.
  class Checkpoints {
   public:
    // kernel and threads: the session record's; spec_text: the parameter file's text, written
    // with a new journal; total, done_before, progress_seconds: the progress; checkpoint_seconds:
    // the journal's write + fsync interval.
    Checkpoints(JournaledSession& s, const std::string& kernel, int threads, const std::string& spec_text, std::uint64_t total,
                std::uint64_t done_before, double progress_seconds, double checkpoint_seconds);
    ~Checkpoints();
    JournalWriter& journal() { return journal_; }
    const JournalSession& session() const { return session_; }  // this session's record
    Progress& progress() { return progress_; }
    // True when a journal write failed: the work must stop (poll it with the stop request).
    bool failed() const { return ticker_.failed(); }
    // Runs the work; on a stop, ends the checkpoints, logs who stopped it and how to continue
    // (`done` units of `total` in the journal) and returns who stopped it ("SIGINT", "SIGTERM",
    // "stop request"); nullopt when the work ran to its end (then call finish()).
    std::optional<std::string> run(const std::function<void()>& work, const std::function<std::uint64_t()>& done);
    // Ends the checkpoints: ticker stopped, bar ended, last flush (the journal holds every unit on
    // disk before any result file exists). Idempotent. Returns the units counted this session.
    std::uint64_t finish();

   private:
    // Declaration order is construction order: the session record and the parameter file are
    // queued (`queued_`) before the ticker's thread exists, since its first flush creates the
    // journal.
    bool queue_first_records(const std::string& spec_text);
    JournaledSession& s_;
    JournalSession session_;
    JournalWriter journal_;
    bool queued_;
    FlushJournalOnSecondSignal emergency_;
    Progress progress_;
    Ticker ticker_;
    bool finished_ = false;
  };

 private:
  const JournaledSessionOptions o_;
  std::shared_ptr<spdlog::logger> log_;
  std::atomic<Progress*> bar_{nullptr};
  std::unique_ptr<JobSignals> signals_;
  std::optional<JobLock> lock_;
  std::optional<JournalContents> prior_;
  std::optional<std::uint64_t> append_at_;
  PlanHeader header_;
};

}  // namespace gridenum
