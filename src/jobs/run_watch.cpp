// The watch over a long run (run_watch.hpp): a drawing thread polling the running phase, the
// stop signals, and the end-of-phase listener; with a deferred start, the poll that starts them.
//
// Locks: the drawer never holds mu_ while it asks current_phase() (the phases' lock), and the
// end-of-phase listener runs under the phases' lock and takes mu_; so the two locks are always
// taken in the order phases -> mu_, never the other way round.
#include "gridenum/jobs/run_watch.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <stdexcept>

#include <fmt/chrono.h>
#include <fmt/format.h>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/stop.hpp"
#include "gridenum/core/timing.hpp"
#include "gridenum/jobs/progress.hpp"

namespace gridenum {

namespace {

// "gridenum [2026-11-27 14:14:36] [info] text": the job log's console form (job.cpp).
void stderr_line(const std::string& text) {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  localtime_r(&now, &tm);
  std::fprintf(stderr, "gridenum [%s] [info] %s\n", fmt::format("{:%Y-%m-%d %H:%M:%S}", tm).c_str(), text.c_str());
  std::fflush(stderr);
}

// "4x3 F tables: done in 4m10s (33,350,625 slots)"; a phase unwound by a stop or an error:
// "...: stopped after 1m02s (37%: 12,345,678 of 33,350,625 slots)".
std::string finished_text(const PhaseView& v) {
  const std::string unit = v.unit.empty() ? "steps" : v.unit;
  if (v.unwound) {
    std::string what = v.name + ": stopped after " + short_duration(v.elapsed);
    if (v.total > 0)
      what += fmt::format(" ({:.0f}%: {} of {} {})", 100.0 * static_cast<double>(std::min(v.done, v.total)) / static_cast<double>(v.total),
                          group_digits(std::to_string(v.done)), group_digits(std::to_string(v.total)), unit);
    return what;
  }
  std::string what = v.name + ": done in " + short_duration(v.elapsed);
  if (v.done > 0) what += fmt::format(" ({} {})", group_digits(std::to_string(v.done)), unit);
  return what;
}

// The deferred watch the polls reach (one at a time: a contract of the constructor).
std::atomic<RunWatch*> g_deferred{nullptr};

void poll_deferred() noexcept {
  if (RunWatch* w = g_deferred.load(std::memory_order_acquire)) w->poll();
}

}  // namespace

RunWatch::RunWatch(RunWatchOptions opt) : opt_(std::move(opt)) {
  if (!opt_.log) opt_.log = stderr_line;
  const bool deferred = opt_.start_after_seconds > 0;
  if (deferred && (opt_.start_after_seconds > 0.5 || g_deferred.load() != nullptr))
    throw std::logic_error("RunWatch: a deferred start is at most 0.5 s, and one deferred watch at a time");
  if (opt_.handle_signals)
    signals_ = std::make_unique<StopSignals>(
        [this](int sig) {
          if (!opt_.announce_stop) return;
          std::lock_guard lock(mu_);
          clear_line_locked();
          std::fprintf(stderr, "gridenum: %s: stopping (%s again stops at once)\n", StopSignals::name(sig),
                       sig == SIGINT ? "Ctrl-C" : "a second signal");
          std::fflush(stderr);
        },
        [this](int sig) {
          if (opt_.before_exit) opt_.before_exit();
          std::fprintf(stderr, "\ngridenum: %s again: stopped at once; %s\n", StopSignals::name(sig),
                       opt_.second_signal_note.c_str());
          std::_Exit(130);
        },
        /*start_now=*/!deferred);
  set_phase_end_listener([this](const PhaseView& v) { on_phase_end(v); });
  if (!deferred) {
    start_threads();
    return;
  }
  g_deferred.store(this, std::memory_order_release);
  set_stop_poll_listener(poll_deferred);
}

void RunWatch::start_threads() {
  std::lock_guard lock(mu_);
  if (started_.load() || quit_) return;
  if (signals_) signals_->start();
  drawer_ = std::thread([this] { loop(); });
  started_.store(true, std::memory_order_release);
}

void RunWatch::poll() noexcept {
  if (started_.load(std::memory_order_acquire)) return;
  if (seconds_since(created_) < opt_.start_after_seconds) return;
  try {
    start_threads();
  } catch (...) {  // no thread to be had: the run goes on without a drawing, its signals pending
  }
}

RunWatch::~RunWatch() {
  if (g_deferred.load() == this) {  // the work has ended: no poll can still be on its way here
    set_stop_poll_listener(nullptr);
    g_deferred.store(nullptr);
  }
  stop_drawing();
  set_phase_end_listener({});
  signals_.reset();
}

void RunWatch::show_units(Progress* units) { units_.store(units); }

void RunWatch::stop_drawing() {
  {
    std::lock_guard lock(mu_);
    if (quit_) return;
    quit_ = true;
  }
  cv_.notify_all();
  if (drawer_.joinable()) drawer_.join();
  std::lock_guard lock(mu_);
  if (line_drawn_) {  // a phase still running (an exception on its way): keep its line
    std::fputc('\n', stderr);
    std::fflush(stderr);
    line_drawn_ = false;
  }
}

void RunWatch::loop() {
  std::unique_lock lock(mu_);
  while (!quit_) {
    lock.unlock();
    const std::optional<PhaseView> phase = current_phase();
    Progress* units = units_.load();
    lock.lock();
    if (quit_) break;
    if (phase && opt_.terminal) {
      if (phase->elapsed >= 0.5) draw_phase_locked(*phase);
    } else if (phase) {
      if (phase->serial != shown_serial_) {
        if (phase->elapsed >= opt_.first_line_seconds) {
          shown_serial_ = phase->serial;
          next_log_at_ = phase->elapsed + opt_.log_seconds;
          emit_line(describe(*phase));
        }
      } else if (phase->elapsed >= next_log_at_) {
        next_log_at_ += opt_.log_seconds;
        emit_line(describe(*phase));
      }
    } else if (units && opt_.terminal) {
      line_drawn_ = false;  // the bar draws its own line (and finishes it: Progress::finish)
      units->tick();
    }
    cv_.wait_for(lock, std::chrono::milliseconds(200), [this] { return quit_; });
  }
}

void RunWatch::draw_phase_locked(const PhaseView& v) {
  std::string line = describe(v);
  const auto room = static_cast<std::size_t>(std::max(Progress::terminal_columns() - 1, 10));
  if (line.size() > room) line.resize(room);
  std::fprintf(stderr, "\r\033[K%s", line.c_str());
  std::fflush(stderr);
  line_drawn_ = true;
  shown_serial_ = v.serial;
}

void RunWatch::clear_line_locked() {
  if (!line_drawn_) return;
  std::fputs("\r\033[K", stderr);
  std::fflush(stderr);
  line_drawn_ = false;
}

void RunWatch::on_phase_end(const PhaseView& v) {
  std::lock_guard lock(mu_);
  if (v.serial != shown_serial_) return;  // never shown: it stays silent
  shown_serial_ = 0;
  if (opt_.terminal) {
    std::fprintf(stderr, "\r\033[K%s\n", finished_text(v).c_str());
    std::fflush(stderr);
    line_drawn_ = false;
  } else {
    emit_line(finished_text(v));
  }
}

void RunWatch::emit_line(const std::string& text) { opt_.log(text); }

}  // namespace gridenum
