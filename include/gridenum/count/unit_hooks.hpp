// How a caller steers a method's run over its units (method.hpp): one set of hooks for every
// method and every engine, by unit id. The job layer (jobs/job.hpp) fills them from its journal;
// a plain count leaves them empty.
//
//   select(unit)   the units of this run (a shard); the others are neither counted nor reduced,
//                  and the result is then incomplete. Default: all.
//   skip(unit)     a count already known (the journal's), so the unit is not counted again.
//   done(unit, n)  a unit just counted; called once per unit, from any worker thread.
//   stop()         polled between units (and by some engines inside one, from worker threads, so
//                  it must be thread-safe); when it returns true the run ends early and throws
//                  Interrupted (core/stop.hpp), the units already done having reached done().
//                  A process-wide stop request (stop.hpp) ends the run the same way, with or
//                  without this hook.
//   table(sha256)  a method that counts from a precomputed table (three-band's F table) names it
//                  by its SHA-256 once it has it, before counting any unit with it; the job
//                  journals it and refuses a table other than the one its earlier units used
//                  (by throwing from the hook).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/stop.hpp"

namespace gridenum {

struct UnitHooks {
  std::function<bool(std::uint32_t)> select;
  std::function<std::optional<u128>(std::uint32_t)> skip;
  std::function<void(std::uint32_t, u128)> done;
  std::function<bool()> stop;
  std::function<void(const std::string&)> table;
};

// Whether a run steered by h must stop now: the process's stop request (stop.hpp) or h.stop.
// Engines poll this, never h.stop alone, so a run without hooks still hears Ctrl-C.
inline bool stop_now(const UnitHooks& h) { return stop_requested() || (h.stop && h.stop()); }

}  // namespace gridenum
