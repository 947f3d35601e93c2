// The budgeted loop (budgeted_loop.hpp): a parallel pass, then the set-aside units one at a time.
#include "gridenum/count/budgeted_loop.hpp"

#include <oneapi/tbb/concurrent_vector.h>
#include <oneapi/tbb/parallel_for.h>

#include <algorithm>
#include <atomic>

#include <fmt/format.h>

#include "gridenum/core/stop.hpp"
#include "gridenum/core/timing.hpp"

namespace gridenum {

UnitTooLarge::UnitTooLarge(std::size_t u, const MemoryBudgetExceeded& w)
    : std::runtime_error(fmt::format("unit {} does not fit in the memory limit of {} even counted alone ({} held "
                                     "when {} more were asked for)",
                                     u, format_bytes(w.limit), format_bytes(w.held), format_bytes(w.wanted))),
      unit(u),
      why(w) {}

bool run_budgeted(const BudgetedLoop& loop, BudgetedLoopStats* stats) {
  MemoryBudget budget(loop.memory_limit);
  std::atomic<bool> stopped{false};
  std::atomic<std::uint64_t> counted{0};
  tbb::concurrent_vector<std::size_t> deferred;
  auto stop_now = [&] {
    if (stopped.load(std::memory_order_relaxed)) return true;
    if (loop.stop && loop.stop()) stopped.store(true, std::memory_order_relaxed);
    return stopped.load(std::memory_order_relaxed);
  };
  auto one = [&](std::size_t i) {
    const auto t = SteadyClock::now();
    const u128 v = loop.count(i, budget);
    throw_if_cancelled("a unit's count");  // cut short by another unit's exception (stop.hpp)
    counted.fetch_add(1, std::memory_order_relaxed);
    if (loop.done) loop.done(i, v, seconds_since(t));
  };
  // Pass 1: one task per unit (grain 1, simple partitioner: units differ by orders of magnitude
  // and the heavy ones must not queue behind each other on one thread).
  tbb::parallel_for(
      tbb::blocked_range<std::size_t>(0, loop.units, 1),
      [&](const tbb::blocked_range<std::size_t>& range) {
        for (std::size_t i = range.begin(); i < range.end(); ++i) {
          if (loop.want && !loop.want(i)) continue;
          if (stop_now()) return;
          try {
            one(i);
          } catch (const MemoryBudgetExceeded&) {
            deferred.push_back(i);  // its tables are freed by now (the exception unwound them)
          }
        }
      },
      tbb::simple_partitioner());
  // Pass 2: the set-aside units in order, each alone with the whole budget.
  std::vector<std::size_t> later(deferred.begin(), deferred.end());
  std::sort(later.begin(), later.end());
  for (const std::size_t i : later) {
    if (stop_now()) break;
    if (budget.held() != 0) throw std::logic_error("budgeted loop: memory still reserved after the parallel pass");
    try {
      one(i);
    } catch (const MemoryBudgetExceeded& e) {
      throw UnitTooLarge(i, e);
    }
  }
  if (stats) {
    stats->counted = counted.load();
    stats->deferred = later.size();
    stats->peak_bytes = budget.peak();
    stats->limit = budget.limit();
  }
  return !stopped.load();
}

std::string memory_line(const BudgetedLoopStats& s) {
  std::string out = "state tables: " + format_bytes(s.peak_bytes) + " at most together (limit " +
                    (s.limit ? format_bytes(s.limit) : std::string("none")) + ")";
  if (s.deferred)
    out += fmt::format("; {} class{} counted alone after the others", s.deferred, s.deferred == 1 ? "" : "es");
  return out;
}

nlohmann::json to_json(const BudgetedLoopStats& s) {
  return {{"peak_bytes", s.peak_bytes},
          {"limit_bytes", s.limit ? nlohmann::json(s.limit) : nlohmann::json(nullptr)},
          {"counted_alone", s.deferred}};
}

}  // namespace gridenum
