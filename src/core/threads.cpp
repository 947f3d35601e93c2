// Thread sizing (threads.hpp).
#include "gridenum/core/threads.hpp"

#include <omp.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/info.h>

#include <algorithm>

namespace gridenum {

int resolve_threads(int requested) {
  const int limit =
      static_cast<int>(tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism));
  if (requested > 0) return std::min(requested, limit);
  return std::min(tbb::info::default_concurrency(), limit);
}

int use_threads(int requested) {
  const int threads = resolve_threads(requested);
  omp_set_num_threads(threads);
  return threads;
}

}  // namespace gridenum
