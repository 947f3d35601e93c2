// `gridenum resume DIR`: continue a stopped or killed job; units in its journal are not
// recomputed. Threads and kernel may differ from the first session (they never change a count).
// An estimate job (DIR/estimate.json) resumes the same way, batch by batch (jobs/estimate_job.hpp),
// and a symmetry job (DIR/symmetry.json) class by class (jobs/symmetry_job.hpp).
#include "command.hpp"
#include "job_cli.hpp"
#include "options.hpp"

namespace gridenum::cli {
namespace {

struct ResumeArgs {
  std::string dir;
  int threads = -1;
  std::string kernel;
  std::string table_cache;
  std::string memory_limit;
  bool json = false;
  bool total_only = false;
};

const RegisterCommand register_resume(11, [](CLI::App& root) {
  auto a = std::make_shared<ResumeArgs>();
  auto* cmd = root.add_subcommand("resume", "Continue a stopped or killed counting, estimate or symmetry job");
  cmd->add_option("DIR", a->dir, "The job's directory (made by gridenum count --job-dir DIR)")->required();
  add_threads_option(cmd, a->threads, "Worker threads for this session (default: the job's config)");
  cmd->add_option("--kernel", a->kernel, "Kernel for this session: partition or backtrack (default: the job's config)");
  cmd->add_option("--table-cache", a->table_cache,
                  "Three-band jobs (4x3, 3x4): the F table cache's directory for this session (default: the job's config)")
      ->type_name("DIR");
  cmd->add_option("--memory-limit", a->memory_limit,
                  "The most memory this session's large tables may hold: auto or a size such as 20G (default: the "
                  "job's config; see gridenum count --help)");
  add_result_output_options(cmd, a->json, a->total_only);
  cmd->footer(
      "Exit: 0 done; 2 DIR holds no job or a bad config; 3 runtime error (job locked, damaged journal, fingerprint\n"
      "mismatch, I/O error); 130 stopped by SIGINT/SIGTERM.");
  cmd->callback([a, cmd] {
    // An estimate job (jobs/estimate_job.hpp): only --threads and --json apply to it.
    if (is_estimate_job(a->dir)) {
      for (const char* count_only : {"--kernel", "--table-cache", "--memory-limit", "--total-only"})
        if (cmd->get_option(count_only)->count() > 0)
          throw CLI::ValidationError(count_only, std::string(count_only) + " applies to counting jobs; " + a->dir +
                                                     " is an estimate job (leave it out)");
      EstimateJobRequest req;
      req.dir = a->dir;
      req.resume = true;
      if (a->threads >= 0) req.threads = a->threads;
      req.handle_signals = true;
      req.command = "gridenum resume";
      print_estimate_job(run_estimate_job(req), req.dir, a->json);
      return;
    }
    // A symmetry job (jobs/symmetry_job.hpp): likewise.
    if (is_symmetry_job(a->dir)) {
      for (const char* count_only : {"--kernel", "--table-cache", "--memory-limit", "--total-only"})
        if (cmd->get_option(count_only)->count() > 0)
          throw CLI::ValidationError(count_only, std::string(count_only) + " applies to counting jobs; " + a->dir +
                                                     " is a symmetry job (leave it out)");
      SymmetryJobRequest req;
      req.dir = a->dir;
      req.resume = true;
      if (a->threads >= 0) req.threads = a->threads;
      req.handle_signals = true;
      req.command = "gridenum resume";
      print_symmetry_job(run_symmetry_job(req), req.dir, a->json);
      return;
    }
    JobRequest req;
    req.dir = a->dir;
    req.resume = true;
    if (a->threads >= 0) req.threads = a->threads;
    if (cmd->get_option("--table-cache")->count() > 0) {
      if (a->table_cache.empty()) throw CLI::ValidationError("--table-cache", "an empty name; give the cache's directory");
      req.table_cache_dir = a->table_cache;
    }
    if (cmd->get_option("--memory-limit")->count() > 0) req.memory_limit = parse_memory_limit_option(a->memory_limit);
    if (!a->kernel.empty()) {
      Kernel k;
      if (!parse_kernel(a->kernel, k))
        throw CLI::ValidationError("--kernel", "expected partition or backtrack, got '" + a->kernel + "'");
      req.kernel = k;
    }
    req.handle_signals = true;
    req.command = "gridenum resume";
    run_job_cli(req, result_output(a->json, a->total_only));
  });
});

}  // namespace
}  // namespace gridenum::cli
