// A job's method plan (work.hpp).
#include "gridenum/jobs/work.hpp"

#include "gridenum/jobs/job.hpp"

namespace gridenum {

MethodSettings method_settings(const JobConfig& cfg, const std::filesystem::path& dir, const PlanSource& source) {
  MethodSettings s;
  s.shape = cfg.shape;
  s.threads = cfg.threads;
  s.kernel = cfg.kernel;
  s.slices_per_class = cfg.slices_per_class;
  s.memory_limit = memory_limit_bytes(cfg);
  if (cfg.table_cache) s.table_cache = cfg.table_cache_dir.empty() ? dir : std::filesystem::path(cfg.table_cache_dir);
  s.shard = cfg.shard;
  if (cfg.catalogue_cache && !dir.empty()) s.catalogue_cache = JobPaths{dir}.catalogue();
  s.use_catalogue_cache = source.use_cache;
  s.write_catalogue_cache = source.write_cache;
  s.journal_fingerprint = source.journal_fingerprint;
  return s;
}

std::unique_ptr<MethodPlan> plan_job_work(const JobConfig& cfg, const std::filesystem::path& dir, const PlanSource& source) {
  return resolve_method(cfg.shape, cfg.method).plan(method_settings(cfg, dir, source));
}

}  // namespace gridenum
