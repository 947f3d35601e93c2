// Choosing a job's work by its method (work.hpp).
#include "gridenum/jobs/work.hpp"

#include <algorithm>
#include <numeric>
#include <random>

#include "gridenum/jobs/job_errors.hpp"
#include "work_methods.hpp"

namespace gridenum {

std::vector<std::uint32_t> JobWork::sample_order(std::uint64_t seed) {
  std::vector<std::uint32_t> order(header().units);
  std::iota(order.begin(), order.end(), 0u);
  std::mt19937_64 rng(seed);
  std::shuffle(order.begin(), order.end(), rng);
  return order;
}

std::unique_ptr<JobWork> plan_job_work(const JobConfig& cfg, const std::filesystem::path& dir, const PlanSource& source) {
  if (auto why = job_method_error(cfg.shape, cfg.method)) throw JobInputError(*why);
  const JobMethod method = resolve_method(cfg.shape, cfg.method);
  if (method == JobMethod::Stack) return make_stack_work(cfg, dir, source);
  if (method == JobMethod::ThreeBand) return make_three_band_work(cfg);
  return make_side2_work(cfg, method);
}

}  // namespace gridenum
