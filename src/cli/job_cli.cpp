// Shared CLI plumbing of the job commands (job_cli.hpp).
#include "job_cli.hpp"

#include <cstdio>
#include <iostream>

#include "command.hpp"
#include "gridenum/core/arith.hpp"

namespace gridenum::cli {

void add_result_output_options(CLI::App* cmd, bool& json, bool& total_only) {
  auto* j = cmd->add_flag("--json", json, "Print the result as one JSON document (every figure)");
  cmd->add_flag("--total-only", total_only,
                "Print only the total, its digits on one line (the JSON's \"total\"); a shard has none")
      ->excludes(j);
}

ResultOutput result_output(bool json, bool total_only) {
  return json ? ResultOutput::Json : total_only ? ResultOutput::TotalOnly : ResultOutput::Text;
}

void print_result(const MethodResult& r, const nlohmann::json& json, ResultOutput out) {
  switch (out) {
    case ResultOutput::Json:
      std::cout << job_json_text(json);
      return;
    case ResultOutput::Text:
      std::cout << r.text;
      return;
    case ResultOutput::TotalOnly:
      if (!r.complete) {
        std::fprintf(stderr, "gridenum: error: --total-only: this result has no total (a shard or a partial run: "
                             "gridenum merge --total-only DIR... adds the shards up); its figures: leave out "
                             "--total-only\n");
        throw Exit{2};
      }
      std::cout << r.total.str() << "\n";
      return;
  }
}

void run_job_cli(const JobRequest& req, ResultOutput output) {
  JobOutcome out;
  out = run_job(req);
  if (!out.finished && !out.stopped_during.empty()) {
    std::fprintf(stderr, "gridenum: %s before any unit was counted; continue with: gridenum resume %s\n",
                 out.stopped_during.c_str(), req.dir.c_str());
    throw Exit{130};
  }
  if (!out.finished) {
    std::fprintf(stderr, "gridenum: interrupted by %s: %s of %s are in the journal %s; continue with: gridenum resume %s\n",
                 out.stopped_by.c_str(), group_digits(out.units_done).c_str(),
                 count_of(out.units_total, "unit", "units").c_str(), JobPaths{req.dir}.journal().c_str(), req.dir.c_str());
    throw Exit{130};
  }
  print_result(out.result, out.json, output);
}

void print_estimate_job(const EstimateJobOutcome& out, const std::filesystem::path& dir, bool json) {
  if (!out.finished) {
    std::fprintf(stderr, "gridenum: interrupted by %s: %s of %s are in the journal %s; continue with: gridenum resume %s\n",
                 out.stopped_by.c_str(), group_digits(out.batches_done).c_str(),
                 count_of(out.batches_total, "batch", "batches").c_str(), JobPaths{dir}.journal().c_str(), dir.c_str());
    throw Exit{130};
  }
  if (json) std::cout << job_json_text(out.json);
  else std::cout << out.text;
}

void print_symmetry_job(const SymmetryJobOutcome& out, const std::filesystem::path& dir, bool json) {
  if (!out.finished) {
    std::fprintf(stderr, "gridenum: interrupted by %s: %s of %s are in the journal %s; continue with: gridenum resume %s\n",
                 out.stopped_by.c_str(), group_digits(out.classes_done).c_str(),
                 count_of(out.classes_total, "class", "classes").c_str(), JobPaths{dir}.journal().c_str(), dir.c_str());
    throw Exit{130};
  }
  if (json) std::cout << job_json_text(out.json);
  else std::cout << out.text;
}

}  // namespace gridenum::cli
