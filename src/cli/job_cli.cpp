// Shared CLI plumbing of the job commands (job_cli.hpp).
#include "job_cli.hpp"

#include <cstdio>
#include <iostream>

#include "command.hpp"
#include "gridenum/core/arith.hpp"

namespace gridenum::cli {

void run_job_cli(const JobRequest& req, bool json) {
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
  if (json) std::cout << job_json_text(out.json);
  else std::cout << out.result.text;
}

}  // namespace gridenum::cli
