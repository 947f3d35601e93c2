// Stage 4: the task pool. oneTBB work-stealing over work units: every unit is one task,
// units are independent, results go to the caller's callback (no shared accumulator, no
// lock on the hot path), so both cores -- or 64 -- stay busy to the last unit.
#pragma once

#include <functional>
#include <vector>

#include "gridenum/core/threads.hpp"  // resolve_threads: the pool's size
#include "gridenum/count/stack/completion.hpp"

namespace gridenum {

struct PoolOptions {
  int threads = 0;  // 0: all cores
};

// Counts every unit of `units` with `counter`, calling done(unit, count) once per unit from
// the worker that computed it (the callback must be thread-safe). stop() is polled before
// each unit starts; once it returns true no further unit starts and count_units returns
// false after the in-flight units have finished (their done() is still called).
// Returns true when every unit was counted.
bool count_units(const CompletionCounter& counter, const std::vector<WorkUnit>& units,
                 const PoolOptions& opt, const std::function<void(const WorkUnit&, u128)>& done,
                 const std::function<bool()>& stop = {});

// The same pool for any unit counter: count(unit) from many threads at once (thread-safe), and
// release(class) once the last unit of a class is done (may be empty). The band-pair method's
// completions (count/band_pair/) run here.
bool count_units(const std::function<u128(const WorkUnit&)>& count, const std::function<void(std::uint32_t)>& release,
                 const std::vector<WorkUnit>& units, const PoolOptions& opt,
                 const std::function<void(const WorkUnit&, u128)>& done, const std::function<bool()>& stop = {});

}  // namespace gridenum
