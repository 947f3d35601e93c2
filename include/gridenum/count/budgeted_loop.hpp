// Units counted in parallel under one memory budget (core/memory_budget.hpp): the side-2 route's
// loop over classes (count/side2/side2.cpp, count/side2/side2_range.cpp), whose per-class memory is known
// only once a class's state tables are filled (2x6: a few MB to 4.2 GiB).
//
// The idea. Every unit is one oneTBB task on the caller's arena, as before, and every table a
// unit allocates is reserved from one MemoryBudget first. A unit refused memory while others
// hold theirs is not an error: it unwinds (its tables are freed), is set aside, and is counted
// again after the parallel pass, alone, with the whole budget and every thread of the arena
// (the footprint counter then runs its two halves side by side). Only a unit that does not fit
// alone ends the run, with UnitTooLarge naming it. So the peak stays under the limit, a node's
// threads are not sized by its worst class, and two hard classes meeting on a small machine cost
// a recount, not the job.
//
// Why not wait for memory instead of unwinding: two units each holding half the budget and each
// waiting for more would wait for ever; a refused unit that unwinds frees its part at once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/memory_budget.hpp"

namespace gridenum {

// A unit that the budget refused even alone: its index and what the budget said.
class UnitTooLarge : public std::runtime_error {
 public:
  UnitTooLarge(std::size_t unit, const MemoryBudgetExceeded& why);
  std::size_t unit;
  MemoryBudgetExceeded why;
};

struct BudgetedLoopStats {
  std::uint64_t counted = 0;    // units counted (done() called)
  std::uint64_t deferred = 0;   // of those, counted alone after the parallel pass
  std::uint64_t peak_bytes = 0; // the budget's peak reservation
  std::uint64_t limit = 0;      // the budget's limit (0: none)
};

struct BudgetedLoop {
  std::size_t units = 0;
  std::uint64_t memory_limit = 0;                          // bytes; 0: no limit
  std::function<bool(std::size_t)> want;                   // count this unit? (default: all)
  std::function<u128(std::size_t, MemoryBudget&)> count;   // the unit's count; may throw MemoryBudgetExceeded
  std::function<void(std::size_t, u128, double)> done;     // unit, count, wall seconds (from workers)
  std::function<bool()> stop;                              // polled before each unit starts
};

// Runs the loop on the calling thread's arena. Returns false when stop() said so (the units in
// progress finish and reach done() first), true when every wanted unit was counted. Throws
// UnitTooLarge, or whatever count() throws otherwise.
bool run_budgeted(const BudgetedLoop& loop, BudgetedLoopStats* stats = nullptr);

// "state tables: 4.2 GiB at most together (limit 20.7 GiB); 2 classes counted alone after the
// others", and the same as JSON (limit_bytes null when there is none).
std::string memory_line(const BudgetedLoopStats& s);
nlohmann::json to_json(const BudgetedLoopStats& s);

}  // namespace gridenum
