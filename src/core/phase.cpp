// Long phases: the registry of running phases and their text (phase.hpp).
//
// The running phases are kept in start order in one list under a mutex: a phase starts and ends
// a few times per run, while step() -- called from the workers, often -- touches only its own
// atomics and the stop flag. current_phase() copies the last (innermost) entry under the lock.
#include "gridenum/core/phase.hpp"

#include <algorithm>
#include <exception>
#include <mutex>
#include <vector>

#include <fmt/format.h>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/stop.hpp"

namespace gridenum {

namespace {

struct Registry {
  std::mutex mu;
  std::vector<const Phase*> running;  // start order; the innermost last
  std::uint64_t serial = 0;
  std::function<void(const PhaseView&)> on_end;
};

Registry& registry() {
  static Registry r;  // never destroyed before a static Phase could end: phases live on stacks
  return r;
}

}  // namespace

Phase::Phase(std::string name, std::uint64_t total, std::string unit)
    : name_(std::move(name)), unit_(std::move(unit)), total_(total), start_(SteadyClock::now()),
      uncaught_(std::uncaught_exceptions()) {
  Registry& r = registry();
  std::lock_guard lock(r.mu);
  serial_ = ++r.serial;
  r.running.push_back(this);
}

Phase::~Phase() {
  Registry& r = registry();
  std::lock_guard lock(r.mu);
  r.running.erase(std::remove(r.running.begin(), r.running.end(), this), r.running.end());
  if (!r.on_end) return;
  PhaseView v = view();
  v.unwound = std::uncaught_exceptions() > uncaught_;
  r.on_end(v);
}

void Phase::step(std::uint64_t n) {
  done_.fetch_add(n, std::memory_order_relaxed);
  check();
}

void Phase::check() const { throw_if_stop_requested(name_); }

void Phase::set_detail(std::string detail) {
  std::lock_guard lock(detail_mu_);
  detail_ = std::move(detail);
}

PhaseView Phase::view() const {
  std::lock_guard lock(detail_mu_);
  return {name_, unit_, done_.load(std::memory_order_relaxed), total_.load(std::memory_order_relaxed), elapsed(),
          serial_, false, detail_};
}

std::optional<PhaseView> current_phase() {
  Registry& r = registry();
  std::lock_guard lock(r.mu);
  if (r.running.empty()) return std::nullopt;
  return r.running.back()->view();
}

void set_phase_end_listener(std::function<void(const PhaseView&)> on_end) {
  Registry& r = registry();
  std::lock_guard lock(r.mu);
  r.on_end = std::move(on_end);
}

std::string describe(const PhaseView& v) {
  const std::string unit = v.unit.empty() ? "steps" : v.unit;
  std::string text;
  if (v.total > 0) {
    const std::uint64_t done = std::min(v.done, v.total);
    const double part = static_cast<double>(done) / static_cast<double>(v.total);
    text = fmt::format("{}: {:.0f}% ({} of {} {}), {}", v.name, 100 * part, group_digits(std::to_string(done)),
                       group_digits(std::to_string(v.total)), unit, short_duration(v.elapsed));
    if (part >= 0.05 && v.elapsed >= 2 && done < v.total)
      text += ", about " + short_duration(v.elapsed * (1 - part) / part) + " left";
  } else {
    text = v.done > 0 ? fmt::format("{}: {} {}, {}", v.name, group_digits(std::to_string(v.done)), unit,
                                    short_duration(v.elapsed))
                      : fmt::format("{}: {}", v.name, short_duration(v.elapsed));
  }
  if (!v.detail.empty()) text += "; " + v.detail;
  return text;
}

}  // namespace gridenum
