// The work of a job: its method's plan (count/method.hpp), made from the job's config.
//
// Every method the job layer runs has the same shape: a plan of numbered units fixed before any
// unit runs, a fingerprint of that plan (the journal header), a run over the units that the
// journal steers (skip the finished ones, record each new one, stop on request, restrict to a
// shard), and a result rebuilt from every unit's count -- by a run, or by `gridenum merge` from
// the shards' journals. MethodPlan is that shape; job.cpp (sessions, lock, journal, ticker,
// signals), plain_run.cpp, merge.cpp, status.cpp and plan_cost.cpp only talk to it, and the
// registry (count/method.hpp) is the only place that knows which methods there are.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>

#include "gridenum/count/method.hpp"
#include "gridenum/jobs/config.hpp"

namespace gridenum {

// Where a plan may come from. The stack method's catalogue cache is a speed-up, never an authority
// (a crafted, checksum-valid cache once gave a new job a wrong total): a new job builds its
// catalogue (use_cache = false), and a cache read for an existing job must give the fingerprint of
// the job's journal, else it is rebuilt.
struct PlanSource {
  bool use_cache = true;
  std::optional<std::uint64_t> journal_fingerprint;  // the journal's, when it exists
  bool write_cache = false;  // save a rebuilt cache at once (status, merge: no journal thread)
};

// The method settings of a config run in job directory `dir` (empty: a plain run, no caches in a
// directory): the memory limit resolved (memory_limit_bytes), the table cache in the job
// directory unless the config names another, the catalogue cache at DIR/catalogue.bin.
MethodSettings method_settings(const JobConfig& cfg, const std::filesystem::path& dir, const PlanSource& source);

// The plan of a config: its method resolved (count/method.hpp: InputError when it does not take
// the shape) and its plan built.
std::unique_ptr<MethodPlan> plan_job_work(const JobConfig& cfg, const std::filesystem::path& dir, const PlanSource& source);

}  // namespace gridenum
