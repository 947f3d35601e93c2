// Progress of a running job. On a terminal: a live bar on stderr with units done, rate and ETA,
// redrawn a few times a second on one line. Otherwise (a log file, a batch system): a plain log
// line every progress_seconds, which stays readable in a file where a bar would be noise.
//
// Workers only bump an atomic counter (unit_done); drawing happens on the job's ticker thread.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

namespace spdlog {
class logger;
}

namespace gridenum {

class Progress {
 public:
  // total: units of this job (or shard); done_before: already in the journal at the start.
  Progress(std::uint64_t total, std::uint64_t done_before, bool terminal, double log_seconds,
           std::shared_ptr<spdlog::logger> log);

  void unit_done() { computed_.fetch_add(1, std::memory_order_relaxed); }
  // Called periodically: redraws the bar (terminal) or logs a line when one is due.
  void tick();
  // Ends the bar line (terminal) so that later messages start on a fresh line.
  void finish();
  bool terminal() const { return terminal_; }

  std::uint64_t done() const { return done_before_ + computed_.load(std::memory_order_relaxed); }
  std::uint64_t computed() const { return computed_.load(std::memory_order_relaxed); }
  double rate() const;  // units per second in this session
  // "512/1056 units (48.5%), 12.3 units/s, ETA 44s"
  std::string summary() const;

  // 44s, 12m05s, 3h02m, 2d04h
  static std::string duration(double seconds);

 private:
  using Clock = std::chrono::steady_clock;
  std::uint64_t total_, done_before_;
  bool terminal_;
  double log_seconds_;
  std::shared_ptr<spdlog::logger> log_;
  std::atomic<std::uint64_t> computed_{0};
  Clock::time_point start_, last_log_;
  bool drawn_ = false;
};

}  // namespace gridenum
