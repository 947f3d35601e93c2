// What identifies a method's plan and a shard of it: the header a job's journal starts with
// (jobs/journal.hpp), built by the method's plan (method.hpp) from its fingerprint (fingerprint.hpp).
#pragma once

#include <cstdint>

#include "gridenum/count/shard.hpp"

namespace gridenum {

struct PlanHeader {
  std::uint32_t version = 1;
  std::uint64_t fingerprint = 0;  // fingerprint.hpp: identifies the plan (shape, units ...)
  Shard shard;
  std::uint64_t units = 0;        // units of the whole plan (every shard)
  std::uint64_t classes = 0;
  std::uint32_t slices_per_class = 0;
};

}  // namespace gridenum
