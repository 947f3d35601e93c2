// Thread sizing (threads.hpp).
#include "gridenum/core/threads.hpp"

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>

namespace gridenum {

int resolve_threads(int requested) {
  const int limit =
      static_cast<int>(tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism));
  if (requested > 0) return std::min(requested, limit);
  return std::min(tbb::info::default_concurrency(), limit);
}

struct ThreadBudget::Cap {
  tbb::global_control control;
  tbb::task_arena arena;
};

ThreadBudget::ThreadBudget(int requested)
    : threads_(resolve_threads(requested)),
      cap_(new Cap{tbb::global_control(tbb::global_control::max_allowed_parallelism,
                                       static_cast<std::size_t>(threads_)),
                   tbb::task_arena(threads_)}) {}

ThreadBudget::~ThreadBudget() = default;

void ThreadBudget::execute(const std::function<void()>& work) const { cap_->arena.execute(work); }

}  // namespace gridenum
