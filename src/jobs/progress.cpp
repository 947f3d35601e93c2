// Progress bar / progress log lines (progress.hpp). The rate is this session's average (units
// differ in cost, so a short window would make the ETA jump around); ETA = units left / rate.
#include "gridenum/jobs/progress.hpp"

#include <spdlog/spdlog.h>

#include <cstdio>

namespace gridenum {

Progress::Progress(std::uint64_t total, std::uint64_t done_before, bool terminal, double log_seconds,
                   std::shared_ptr<spdlog::logger> log)
    : total_(total), done_before_(done_before), terminal_(terminal), log_seconds_(log_seconds), log_(std::move(log)),
      start_(Clock::now()), last_log_(start_) {}

double Progress::rate() const {
  const double s = std::chrono::duration<double>(Clock::now() - start_).count();
  return s > 0 ? static_cast<double>(computed()) / s : 0.0;
}

std::string Progress::duration(double seconds) {
  if (!(seconds >= 0) || seconds > 1e9) return "?";
  const auto s = static_cast<long long>(seconds + 0.5);
  char buf[64];
  if (s < 60) std::snprintf(buf, sizeof buf, "%llds", s);
  else if (s < 3600) std::snprintf(buf, sizeof buf, "%lldm%02llds", s / 60, s % 60);
  else if (s < 86400) std::snprintf(buf, sizeof buf, "%lldh%02lldm", s / 3600, s % 3600 / 60);
  else std::snprintf(buf, sizeof buf, "%lldd%02lldh", s / 86400, s % 86400 / 3600);
  return buf;
}

std::string Progress::summary() const {
  const std::uint64_t d = done();
  const double r = rate();
  char buf[200];
  std::snprintf(buf, sizeof buf, "%llu/%llu units (%.1f%%), %.3g units/s, ETA %s", static_cast<unsigned long long>(d),
                static_cast<unsigned long long>(total_), total_ ? 100.0 * d / total_ : 100.0, r,
                r > 0 ? duration(static_cast<double>(total_ - std::min(d, total_)) / r).c_str() : "?");
  return buf;
}

void Progress::tick() {
  if (terminal_) {
    const std::uint64_t d = done();
    const int width = 30;
    const int fill = total_ ? static_cast<int>(static_cast<double>(width) * d / total_) : width;
    std::string bar(static_cast<std::size_t>(fill), '#');
    bar.resize(width, '.');
    std::fprintf(stderr, "\r\033[K[%s] %s", bar.c_str(), summary().c_str());
    std::fflush(stderr);
    drawn_ = true;
    return;
  }
  const auto now = Clock::now();
  if (std::chrono::duration<double>(now - last_log_).count() >= log_seconds_) {
    last_log_ = now;
    if (log_) log_->info("progress: {}", summary());
  }
}

void Progress::finish() {
  if (terminal_ && drawn_) {
    tick();
    std::fputc('\n', stderr);
    std::fflush(stderr);
    drawn_ = false;
  }
}

}  // namespace gridenum
