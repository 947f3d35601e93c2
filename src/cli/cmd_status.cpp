// `gridenum status DIR [--json]`: units done / total, throughput, time left from the measured
// per-unit cost, per group of units (jobs/status.hpp), and whether a process runs the job now; for
// an estimate job, batches and samples done, the estimate so far and the time left
// (jobs/estimate_status.hpp); for a symmetry job, the classes done and left (jobs/symmetry_job.hpp).
// Exit: 0; 2 DIR holds no job; 3 damaged journal or unreadable files.
#include <iostream>

#include "command.hpp"
#include "job_cli.hpp"
#include "gridenum/jobs/estimate_status.hpp"
#include "gridenum/jobs/status.hpp"
#include "gridenum/jobs/symmetry_job.hpp"

namespace gridenum::cli {
namespace {

struct StatusArgs {
  std::string dir;
  bool json = false;
};

const RegisterCommand register_status(12, [](CLI::App& root) {
  auto a = std::make_shared<StatusArgs>();
  auto* cmd = root.add_subcommand("status", "Progress of a counting job: units, throughput, time left per group of units, running?");
  cmd->add_option("DIR", a->dir, "The job's directory (gridenum count --job-dir DIR), or a merged result's (merge --output DIR)")
      ->required();
  cmd->add_flag("--json", a->json, "Print the status as one JSON document");
  cmd->footer("Exit: 0 ok; 2 DIR holds no job; 3 damaged journal or unreadable files.");
  cmd->callback([a] {
    if (is_estimate_job(a->dir)) {  // jobs/estimate_status.hpp
      const EstimateJobStatus s = estimate_job_status(a->dir);
      if (a->json) std::cout << job_json_text(to_json(s));
      else std::cout << format_status(s);
      return;
    }
    if (is_symmetry_job(a->dir)) {  // jobs/symmetry_job.hpp
      const SymmetryJobStatus s = symmetry_job_status(a->dir);
      if (a->json) std::cout << job_json_text(to_json(s));
      else std::cout << format_status(s);
      return;
    }
    const JobStatus s = job_status(a->dir);
    if (a->json) std::cout << job_json_text(to_json(s));
    else std::cout << format_status(s);
  });
});

}  // namespace
}  // namespace gridenum::cli
