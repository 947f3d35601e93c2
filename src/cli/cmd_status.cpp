// `gridenum status DIR [--json]`: units done / total, throughput, time left from the measured
// per-unit cost, per group of units (jobs/status.hpp), and whether a process runs the job now; for
// an estimate job, batches and samples done, the estimate so far and the time left
// (jobs/estimate_status.hpp); for a symmetry job, the classes done and left (jobs/symmetry_job.hpp).
// `gridenum status DIR DIR ...`: the shards of one counting job together (jobs/shards_status.hpp).
// Exit: 0; 1 the directories are not shards of one job; 2 DIR holds no job; 3 damaged journal or
// unreadable files.
#include <iostream>

#include "command.hpp"
#include "job_cli.hpp"
#include "gridenum/jobs/estimate_status.hpp"
#include "gridenum/jobs/job_errors.hpp"
#include "gridenum/jobs/shards_status.hpp"
#include "gridenum/jobs/status.hpp"
#include "gridenum/jobs/symmetry_job.hpp"

namespace gridenum::cli {
namespace {

struct StatusArgs {
  std::vector<std::string> dirs;
  bool json = false;
};

const RegisterCommand register_status(12, [](CLI::App& root) {
  auto a = std::make_shared<StatusArgs>();
  auto* cmd = root.add_subcommand("status", "Progress of a counting job: units, throughput, time left per group of units, running?");
  cmd->add_option("DIR", a->dirs,
                  "The job's directory (gridenum count --job-dir DIR), or a merged result's (merge --output DIR); "
                  "several: the shards of one counting job, seen together (units of the whole plan, shards not "
                  "given, CPU time recorded and left)")
      ->required();
  cmd->add_flag("--json", a->json, "Print the status as one JSON document");
  cmd->footer("Exit: 0 ok; 1 the directories are not shards of one job; 2 DIR holds no job; 3 damaged journal or "
              "unreadable files.");
  cmd->callback([a] {
    if (a->dirs.size() > 1) {  // jobs/shards_status.hpp
      std::vector<std::filesystem::path> dirs(a->dirs.begin(), a->dirs.end());
      for (const auto& d : dirs)
        if (is_estimate_job(d) || is_symmetry_job(d))
          throw JobInputError("status: " + d.string() +
                              " is an estimate or symmetry job: several directories are the shards of one counting "
                              "job; give such a job's directory alone");
      const ShardsStatus s = shards_status(dirs);
      if (a->json) std::cout << job_json_text(to_json(s));
      else std::cout << format_status(s);
      return;
    }
    const std::string& dir = a->dirs.front();
    if (is_estimate_job(dir)) {  // jobs/estimate_status.hpp
      const EstimateJobStatus s = estimate_job_status(dir);
      if (a->json) std::cout << job_json_text(to_json(s));
      else std::cout << format_status(s);
      return;
    }
    if (is_symmetry_job(dir)) {  // jobs/symmetry_job.hpp
      const SymmetryJobStatus s = symmetry_job_status(dir);
      if (a->json) std::cout << job_json_text(to_json(s));
      else std::cout << format_status(s);
      return;
    }
    const JobStatus s = job_status(dir);
    if (a->json) std::cout << job_json_text(to_json(s));
    else std::cout << format_status(s);
  });
});

}  // namespace
}  // namespace gridenum::cli
