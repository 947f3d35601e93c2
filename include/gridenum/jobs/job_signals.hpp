// SIGINT and SIGTERM of a job session (docs/jobs.md): the count jobs' (job.cpp) and the estimate
// jobs' (estimate_job.cpp) one behaviour, in one place. The first signal is the process's stop
// request (core/stop_signals.hpp: work unwinds at its next poll, finished units stay journaled)
// and its warning is logged on a line of its own above the progress bar; a second signal flushes
// the journal while a writer exists, says where the finished units are and how to continue, and
// exits 130 at once.
#pragma once

#include <atomic>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <string>

#include "gridenum/core/stop_signals.hpp"
#include "gridenum/jobs/journal.hpp"
#include "gridenum/jobs/progress.hpp"

namespace gridenum {

class JobSignals {
 public:
  // warn: logs the first signal's warning (the session's words); bar: the session's progress
  // bar while one is drawn (nullptr otherwise); what: "units" or "batches", for the second
  // signal's message. Construct before any worker thread exists (they inherit the blocked mask).
  JobSignals(const std::filesystem::path& dir, std::string what, std::function<void(int)> warn,
             const std::atomic<Progress*>& bar);
  // While the journal writer exists: what a second signal runs before exiting (a flush).
  void set_flush(std::function<void()> flush);
  void clear_flush() { set_flush(nullptr); }
  // 0, or the first signal received.
  int received() const { return signals_->received(); }

 private:
  std::function<void()> flush_;
  std::mutex flush_mu_;
  std::unique_ptr<StopSignals> signals_;  // last: its watcher thread uses the members above
};

// While it lives, a second signal flushes `journal` before exiting (no-op when signals is null: a
// session that does not handle signals).
class FlushJournalOnSecondSignal {
 public:
  FlushJournalOnSecondSignal(JobSignals* signals, JournalWriter& journal) : signals_(signals) {
    if (signals_)
      signals_->set_flush([&journal] {
        try {
          journal.flush();
        } catch (...) {  // exiting anyway: what was flushed before stays
        }
      });
  }
  ~FlushJournalOnSecondSignal() {
    if (signals_) signals_->clear_flush();
  }
  FlushJournalOnSecondSignal(const FlushJournalOnSecondSignal&) = delete;
  FlushJournalOnSecondSignal& operator=(const FlushJournalOnSecondSignal&) = delete;

 private:
  JobSignals* signals_;
};

}  // namespace gridenum
