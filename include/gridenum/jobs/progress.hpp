// Progress of a running job. On a terminal: a live bar on stderr with units done, rate, elapsed
// time and ETA, redrawn a few times a second on one line; before the session's first unit ends,
// the running phase (core/phase.hpp: the tables being built) in place of the rate. Otherwise (a log file, a batch system): a plain log
// line every progress_seconds, which stays readable in a file where a bar would be noise.
//
// Workers only bump an atomic counter (unit_done); drawing happens on the job's ticker thread.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
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
  // Runs `print` (which writes a line to stderr) with the bar line cleared first and redrawn
  // after, so a message (the first Ctrl-C's warning) gets a line of its own above the bar.
  void above_bar(const std::function<void()>& print);
  bool terminal() const { return terminal_; }

  std::uint64_t total() const { return total_; }
  std::uint64_t done() const { return done_before_ + computed_.load(std::memory_order_relaxed); }
  std::uint64_t computed() const { return computed_.load(std::memory_order_relaxed); }
  double rate() const;  // units per second in this session
  double elapsed() const;  // seconds since this session's progress began
  // The ETA from the job's model (jobs/eta.hpp, the one `status` gives), computed now: shown,
  // less the time since, in place of units left / rate. Thread-safe.
  void set_eta(std::optional<double> seconds_left);
  // "512/1,056 units (48.5%), 12.3 units/s, 3m02s elapsed, ETA 44s"; before the first unit of
  // this session ends, "0/1,056 units (0.0%), measuring, 12s elapsed", or the running phase:
  // "0/144,578 units (0.0%); 4x3 F tables: 37% (...)".
  std::string summary() const;
  // The bar line for a terminal `columns` wide: never longer than columns - 1.
  std::string bar_line(int columns) const;

  // 44s, 12m05s, 3h02m, 2d04h
  static std::string duration(double seconds);
  // 1,234,567
  static std::string grouped(std::uint64_t n);
  // A rate as a plain number: "1,820", "45.3", "0.452", "<0.001" (never 1.82e+03).
  static std::string plain_rate(double r);
  // The width of the terminal on stderr: TIOCGWINSZ, else $COLUMNS, else 80.
  static int terminal_columns();

 private:
  using Clock = std::chrono::steady_clock;
  std::uint64_t total_, done_before_;
  bool terminal_;
  double log_seconds_;
  std::shared_ptr<spdlog::logger> log_;
  std::atomic<std::uint64_t> computed_{0};
  Clock::time_point start_, last_log_;
  mutable std::mutex eta_mu_;
  std::optional<double> eta_;  // the model's, at eta_at_
  Clock::time_point eta_at_;
  std::mutex draw_mu_;  // the ticker's redraws against above_bar (the signal watcher's thread)
  bool drawn_ = false;
  void draw_locked();
};

}  // namespace gridenum
