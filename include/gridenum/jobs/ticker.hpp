// The journal's writer thread of a job (job.cpp's count jobs and estimate_job.cpp's estimates):
// it writes + fdatasyncs the journal every checkpoint interval and draws the progress, so that
// neither costs the workers (docs/jobs.md). Moved out of job.cpp unchanged so that both kinds of
// job checkpoint the same way.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "gridenum/core/stop.hpp"

#include "gridenum/core/stop_signals.hpp"
#include "gridenum/jobs/journal.hpp"
#include "gridenum/jobs/progress.hpp"

namespace gridenum {

// Writes the journal and draws progress on its own thread, so that neither costs the workers.
class Ticker {
 public:
  // `first` runs on the ticker thread before the journal's first write (the files that must
  // exist before the journal does).
  // `every_while` runs on the ticker thread about every kEtaSeconds (the progress line's ETA).
  Ticker(JournalWriter& journal, Progress& progress, double checkpoint_seconds, std::function<void()> first,
         std::function<void()> every_while = {})
      : journal_(journal), progress_(progress), checkpoint_(checkpoint_seconds), first_(std::move(first)),
        every_while_(std::move(every_while)) {
    thread_ = std::thread([this] { loop(); });
  }
  ~Ticker() { stop(); }
  void stop() {
    {
      std::lock_guard lock(mu_);
      quit_ = true;
    }
    cv_.notify_all();
    if (thread_.joinable()) thread_.join();
  }
  // After stop(): runs the first step if the thread never got to it (a run shorter than the
  // thread's start-up), so the files that must precede the journal still do.
  void run_first_if_pending() {
    if (first_ && !failed_) {
      auto f = std::move(first_);
      first_ = nullptr;
      f();
    }
  }
  // The end of a session's checkpoints: the thread stopped, the bar line ended, then
  // `after_bar` (the console log's level restored), a failed journal write rethrown, the first
  // step run if the thread never got to it, and the last flush.
  void finish(const std::function<void()>& after_bar) {
    stop();
    progress_.finish();
    after_bar();
    if (failed()) std::rethrow_exception(error());
    run_first_if_pending();
    journal_.flush(/*session_end=*/true);  // with the session's C record (journal.hpp)
  }
  // Set when a journal write failed: the job must stop, and this is why.
  bool failed() const { return failed_.load(); }
  std::exception_ptr error() const { return error_; }

 private:
  void loop() {
    using Clock = std::chrono::steady_clock;
    const auto draw = std::chrono::milliseconds(progress_.terminal() ? 200 : 500);
    auto next_flush = Clock::now();  // first flush at once: creates the journal and its session record
    std::unique_lock lock(mu_);
    while (!quit_) {
      const auto now = Clock::now();
      if (now >= next_flush && !failed_) {
        lock.unlock();
        try {
          if (first_) {
            first_();
            first_ = nullptr;
          }
          journal_.flush();
        } catch (...) {
          error_ = std::current_exception();
          failed_.store(true);
        }
        lock.lock();
        next_flush = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(checkpoint_));
      }
      if (every_while_ && Clock::now() >= next_every_) {
        lock.unlock();
        every_while_();
        lock.lock();
        next_every_ = Clock::now() + std::chrono::seconds(kEtaSeconds);
      }
      progress_.tick();
      cv_.wait_until(lock, std::min(next_flush, Clock::now() + draw), [this] { return quit_; });
    }
  }
  static constexpr int kEtaSeconds = 5;
  JournalWriter& journal_;
  Progress& progress_;
  double checkpoint_;
  std::function<void()> first_;
  std::function<void()> every_while_;
  std::chrono::steady_clock::time_point next_every_{};
  std::mutex mu_;
  std::condition_variable cv_;
  bool quit_ = false;
  std::atomic<bool> failed_{false};
  std::exception_ptr error_;
  std::thread thread_;
};

// A session's work under its checkpoints (count and estimate jobs alike): runs `work`; when it is
// stopped (Interrupted: a signal or a stop request, core/stop.hpp), `finish` ends the checkpoints
// and the stop's message is returned; any other error ends them as far as it can and is rethrown;
// nullopt: the work ran to its end and the caller finishes the checkpoints.
template <class Work, class Finish>
std::optional<std::string> run_until_stopped(Work&& work, Finish&& finish) {
  try {
    work();
  } catch (const Interrupted& e) {
    finish();
    return std::string(e.what());
  } catch (...) {
    try {
      finish();
    } catch (...) {  // the first error is the one to report
    }
    throw;
  }
  return std::nullopt;
}

// Who stopped a session: the signal JobSignals received, else a caller's stop request.
inline std::string stopped_by(int signal) { return signal ? StopSignals::name(signal) : "stop request"; }

}  // namespace gridenum
