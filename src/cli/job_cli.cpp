// Shared CLI plumbing of the job commands (job_cli.hpp).
#include "job_cli.hpp"

#include <cstdio>
#include <iostream>

#include "command.hpp"

namespace gridenum::cli {

void run_job_cli(const JobRequest& req, bool json) {
  JobOutcome out;
  out = run_job(req);
  if (!out.finished) {
    std::fprintf(stderr,
                 "gridenum: interrupted by %s: %llu of %llu units are in the journal %s; continue with: gridenum resume "
                 "%s\n",
                 out.stopped_by.c_str(), static_cast<unsigned long long>(out.units_done),
                 static_cast<unsigned long long>(out.units_total), JobPaths{req.dir}.journal().c_str(), req.dir.c_str());
    throw Exit{130};
  }
  if (json) std::cout << job_json_text(out.json);
  else std::cout << out.result.text;
}

}  // namespace gridenum::cli
