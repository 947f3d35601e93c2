// Stage 4: the task pool (docs/design.md section 3). One oneTBB task per work unit in a task_arena
// of the requested size; work stealing keeps every core busy until the last unit. Results leave
// through the caller's callback, one slot per unit, so no lock or shared accumulator sits on
// the hot path. A per-class countdown frees a class's kernel tables once its last unit is done,
// so memory stays at a few classes' worth whatever the number of classes.
#include "gridenum/count/pool.hpp"

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <memory>

#include "gridenum/core/stop.hpp"

namespace gridenum {

bool count_units(const CompletionCounter& counter, const std::vector<WorkUnit>& units,
                 const PoolOptions& opt, const std::function<void(const WorkUnit&, u128)>& done,
                 const std::function<bool()>& stop) {
  return count_units([&counter](const WorkUnit& u) { return counter.count(u); },
                     [&counter](std::uint32_t cls) { counter.release(cls); }, units, opt, done, stop);
}

bool count_units(const std::function<u128(const WorkUnit&)>& count, const std::function<void(std::uint32_t)>& release,
                 const std::vector<WorkUnit>& units, const PoolOptions& opt,
                 const std::function<void(const WorkUnit&, u128)>& done, const std::function<bool()>& stop) {
  const int threads = resolve_threads(opt.threads);
  std::map<std::uint32_t, std::size_t> per_class;
  for (const auto& u : units) ++per_class[u.cls];
  std::uint32_t max_cls = per_class.empty() ? 0 : per_class.rbegin()->first;
  auto left = std::make_unique<std::atomic<std::size_t>[]>(max_cls + 1);
  for (auto& [c, n] : per_class) left[c].store(n);

  std::atomic<bool> stopped{false};
  tbb::task_arena arena(threads);
  arena.execute([&] {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, units.size(), 1),
                      [&](const tbb::blocked_range<std::size_t>& range) {
                        for (std::size_t i = range.begin(); i != range.end(); ++i) {
                          if (stopped.load(std::memory_order_relaxed)) return;
                          if (stop && stop()) {
                            stopped.store(true);
                            return;
                          }
                          const WorkUnit& u = units[i];
                          const u128 c = count(u);
                          throw_if_cancelled("a unit's count");  // may be partial (stop.hpp)
                          done(u, c);
                          if (left[u.cls].fetch_sub(1) == 1 && release) release(u.cls);
                        }
                      });
  });
  return !stopped.load();
}

}  // namespace gridenum
