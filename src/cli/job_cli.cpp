// Shared CLI plumbing of the job commands (job_cli.hpp).
#include "job_cli.hpp"

#include <cstdio>
#include <iostream>

#include "command.hpp"
#include "gridenum/jobs/job_errors.hpp"

namespace gridenum::cli {

void with_job_errors(const std::function<void()>& fn) {
  auto fail = [](const std::exception& e, int code) {
    std::fprintf(stderr, "gridenum: error: %s\n", e.what());
    throw Exit{code};
  };
  try {
    fn();
  } catch (const JobInputError& e) {
    fail(e, 2);
  } catch (const JobCheckError& e) {
    fail(e, 1);
  } catch (const JobIoError& e) {
    fail(e, 3);
  } catch (const JournalError& e) {
    fail(e, 3);
  } catch (const JobLockedError& e) {
    fail(e, 3);
  }
}

void run_job_cli(const JobRequest& req, bool json) {
  JobOutcome out;
  with_job_errors([&] { out = run_job(req); });
  if (!out.finished) {
    std::fprintf(stderr,
                 "gridenum: interrupted by %s: %llu of %llu units are in the journal %s; continue with: gridenum resume "
                 "%s\n",
                 out.stopped_by.c_str(), static_cast<unsigned long long>(out.units_done),
                 static_cast<unsigned long long>(out.units_total), JobPaths{req.dir}.journal().c_str(), req.dir.c_str());
    throw Exit{130};
  }
  if (json) std::cout << out.json.dump(2) << "\n";
  else std::cout << out.text;
}

}  // namespace gridenum::cli
