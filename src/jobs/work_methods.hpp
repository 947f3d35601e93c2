// The JobWork of each method (work_stack.cpp, work_side2.cpp, work_three_band.cpp), chosen by plan_job_work (work.cpp).
#pragma once

#include <filesystem>
#include <memory>

#include "gridenum/jobs/work.hpp"

namespace gridenum {

// A method's result as a job's (CountResult, Side2Result: both have complete, reduction.total,
// threads_used, format_text and to_json).
template <class Result>
WorkResult work_result(const Result& r) {
  WorkResult w;
  w.complete = r.complete;
  if (r.complete) w.total = r.reduction.total;
  w.threads_used = r.threads_used;
  w.text = format_text(r);
  w.json = to_json(r);
  return w;
}

std::unique_ptr<JobWork> make_stack_work(const JobConfig& cfg, const std::filesystem::path& dir, const PlanSource& source);
std::unique_ptr<JobWork> make_side2_work(const JobConfig& cfg, JobMethod method);
std::unique_ptr<JobWork> make_three_band_work(const JobConfig& cfg, const std::filesystem::path& dir);

}  // namespace gridenum
