// Choosing a job's work by its method (work.hpp).
#include "gridenum/jobs/work.hpp"


#include "gridenum/jobs/job_errors.hpp"
#include "work_methods.hpp"

namespace gridenum {

std::unique_ptr<JobWork> plan_job_work(const JobConfig& cfg, const std::filesystem::path& dir, const PlanSource& source) {
  if (auto why = job_method_error(cfg.shape, cfg.method)) throw JobInputError(*why);
  const JobMethod method = resolve_method(cfg.shape, cfg.method);
  if (method == JobMethod::Stack) return make_stack_work(cfg, dir, source);
  if (method == JobMethod::ThreeBand) return make_three_band_work(cfg, dir);
  return make_side2_work(cfg, method);
}

}  // namespace gridenum
