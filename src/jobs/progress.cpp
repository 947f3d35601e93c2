// Progress bar / progress log lines (progress.hpp). The rate is this session's average (units
// differ in cost, so a short window would make the ETA jump around). The ETA is the job's model
// (set_eta: jobs/eta.hpp, the figure `status` gives) when the job has set one, else units left /
// rate (a plain count, which has no journal to measure; status falls back to the same).
//
// The bar is fitted to the terminal's width, asked for at every redraw (a window resized
// mid-run, or 50 columns, made every redraw wrap onto a new line): TIOCGWINSZ on stderr, else
// $COLUMNS, else 80. Before the first unit ends there is no rate to speak of, so the summary
// says "measuring" instead of "0 units/s, ETA ?". Rates are plain numbers with thousands
// separators ("1,820 units/s"), not printf's %g ("1.82e+03").
#include "gridenum/jobs/progress.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "gridenum/core/phase.hpp"
#include "gridenum/core/timing.hpp"

namespace gridenum {

Progress::Progress(std::uint64_t total, std::uint64_t done_before, bool terminal, double log_seconds,
                   std::shared_ptr<spdlog::logger> log)
    : total_(total), done_before_(done_before), terminal_(terminal), log_seconds_(log_seconds), log_(std::move(log)),
      start_(Clock::now()), last_log_(start_) {}

double Progress::elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

void Progress::set_eta(std::optional<double> seconds_left) {
  std::lock_guard lock(eta_mu_);
  eta_ = seconds_left;
  eta_at_ = Clock::now();
}

double Progress::rate() const {
  const double s = std::chrono::duration<double>(Clock::now() - start_).count();
  return s > 0 ? static_cast<double>(computed()) / s : 0.0;
}

std::string Progress::duration(double seconds) { return short_duration(seconds); }

std::string Progress::grouped(std::uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string Progress::plain_rate(double r) {
  if (!(r >= 0) || !std::isfinite(r)) return "?";
  if (r >= 1000) return grouped(static_cast<std::uint64_t>(std::llround(r)));
  if (r >= 10) return fmt::format("{:.1f}", r);
  if (r >= 0.001) return fmt::format("{:.3f}", r);
  return "<0.001";
}

std::string Progress::summary() const {
  const std::uint64_t d = done();
  const std::string head = fmt::format("{}/{} units ({:.1f}%)", grouped(d), grouped(total_),
                                       total_ ? 100.0 * static_cast<double>(d) / static_cast<double>(total_) : 100.0);
  const std::string since = duration(elapsed()) + " elapsed";
  if (computed() == 0) {
    if (const auto phase = current_phase()) return head + "; " + describe(*phase);
    return head + ", measuring, " + since;
  }
  const double r = rate();
  std::optional<double> left;
  {
    std::lock_guard lock(eta_mu_);
    if (eta_) left = std::max(0.0, *eta_ - std::chrono::duration<double>(Clock::now() - eta_at_).count());
  }
  if (!left && r > 0) left = static_cast<double>(total_ - std::min(d, total_)) / r;
  return head + fmt::format(", {} units/s, {}, ETA {}", plain_rate(r), since, left ? duration(*left) : "?");
}

int Progress::terminal_columns() {
  winsize w{};
  if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_col > 0) return w.ws_col;
  if (const char* c = std::getenv("COLUMNS")) {
    char* end = nullptr;
    const long v = std::strtol(c, &end, 10);
    if (end != c && *end == '\0' && v > 0 && v < 10000) return static_cast<int>(v);
  }
  return 80;
}

std::string Progress::bar_line(int columns) const {
  // "[####....] summary", at most columns - 1 characters (the last column would wrap on some
  // terminals): the bar shrinks first (30 down to 10), then the summary is cut.
  const std::string text = summary();
  const int room = columns - 1;
  const int width = std::clamp(room - static_cast<int>(text.size()) - 3, 10, 30);
  const std::uint64_t d = done();
  const int fill = total_ ? static_cast<int>(static_cast<double>(width) * static_cast<double>(std::min(d, total_)) /
                                             static_cast<double>(total_))
                          : width;
  std::string bar(static_cast<std::size_t>(fill), '#');
  bar.resize(static_cast<std::size_t>(width), '.');
  std::string line = "[" + bar + "] " + text;
  if (room > 0 && line.size() > static_cast<std::size_t>(room)) line.resize(static_cast<std::size_t>(room));
  return line;
}

void Progress::draw_locked() {
  const std::string line = bar_line(terminal_columns());
  std::fprintf(stderr, "\r\033[K%s", line.c_str());
  std::fflush(stderr);
  drawn_ = true;
}

void Progress::tick() {
  if (terminal_) {
    std::lock_guard lock(draw_mu_);
    draw_locked();
  }
  // The log line is written on a terminal too: the job's console sink is then at "warn", so it
  // reaches job.log only, where `status` finds the latest one (status.hpp, latest_progress).
  const auto now = Clock::now();
  if (std::chrono::duration<double>(now - last_log_).count() >= log_seconds_) {
    last_log_ = now;
    if (log_) log_->info("progress: {}", summary());
  }
}

void Progress::above_bar(const std::function<void()>& print) {
  std::lock_guard lock(draw_mu_);
  const bool was = terminal_ && drawn_;
  if (was) {
    std::fputs("\r\033[K", stderr);
    std::fflush(stderr);
  }
  print();
  if (was) draw_locked();
}

void Progress::finish() {
  std::lock_guard lock(draw_mu_);
  if (terminal_ && drawn_) {
    draw_locked();
    std::fputc('\n', stderr);
    std::fflush(stderr);
    drawn_ = false;
  }
}

}  // namespace gridenum
