// Job configs (configs/*.toml, read with toml++). A config says what to count and how:
//
//   shape, method, slices_per_class   what the work units are (they enter the job's fingerprint)
//   shard                          which of them this job runs
//   kernel, threads                how units are computed (never changes a unit's count, so
//                                  they may differ between sessions and shards of one job)
//   checkpoint_seconds, progress_seconds, catalogue_cache   journal and reporting
//   table_cache, table_cache_dir, memory_limit                 the three-band F table, the memory bound
//
// Every key is documented in configs/default.toml. Unknown keys and bad values are errors that
// name the key, the file and the line:column (from toml++'s source regions): a typo in a config
// must never silently fall back to a default for a job that runs for days.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "gridenum/count/method_id.hpp"
#include "gridenum/count/stack/completion.hpp"
#include "gridenum/jobs/job_errors.hpp"
#include "gridenum/core/shape.hpp"
#include "gridenum/count/shard.hpp"

namespace gridenum {

struct JobConfig {
  std::string description;             // free text, shown in status
  Shape shape{3, 3};
  std::optional<MethodId> method;      // nullopt: auto (count/method.hpp: the registry picks by shape)
  Kernel kernel = Kernel::Partition;
  int threads = 0;                     // 0: all cores
  std::uint32_t slices_per_class = 0;  // 0: the plan's default (about 1024 units in all)
  Shard shard;                         // 1/1: the whole job
  double checkpoint_seconds = 1.0;     // journal write + fsync interval
  double progress_seconds = 10.0;      // progress log-line interval when stderr is not a terminal
  bool catalogue_cache = true;         // keep the catalogue in the job directory
  bool table_cache = true;             // keep the three-band F table on disk (three_band_cache.hpp)
  std::string table_cache_dir;         // where; empty: the job directory
  std::uint64_t memory_limit = 0;      // bytes the count's large tables may hold; 0: "auto" (memory_limit_bytes)

  friend bool operator==(const JobConfig&, const JobConfig&) = default;
};

// "FILE:LINE:COLUMN: message"; a JobInputError (exit 2).
struct ConfigError : JobInputError {
  using JobInputError::JobInputError;
};

// The memory limit a run of c uses: c.memory_limit, or when it is 0 ("auto") 90 % of what the
// machine or its cgroup (a Slurm allocation's --mem) gives the process (core/memory_budget.hpp).
std::uint64_t memory_limit_bytes(const JobConfig& c);

// Reads a config file; keys it does not set keep the defaults above.
JobConfig load_config(const std::filesystem::path& file);
// The same from text; `source_name` is used in messages as the file name.
JobConfig parse_config(std::string_view text, const std::string& source_name);

// The config as TOML that parse_config reads back to the same value: the "config used" that a
// job directory keeps.
std::string to_toml(const JobConfig& c);

}  // namespace gridenum
