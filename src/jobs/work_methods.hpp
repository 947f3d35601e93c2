// The JobWork of each method (work_stack.cpp, work_side2.cpp), chosen by plan_job_work (work.cpp).
#pragma once

#include <filesystem>
#include <memory>

#include "gridenum/jobs/work.hpp"

namespace gridenum {

std::unique_ptr<JobWork> make_stack_work(const JobConfig& cfg, const std::filesystem::path& dir, const PlanSource& source);
std::unique_ptr<JobWork> make_side2_work(const JobConfig& cfg, JobMethod method);

}  // namespace gridenum
