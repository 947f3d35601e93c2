// `gridenum status DIR` of an estimate job (estimate_job.hpp), from its files alone, while it runs
// or after it stopped: batches and samples done, the estimate and interval of the batches done so
// far (folded in batch order), the latest session's speed, the time left at that speed, whether a
// process runs it now.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "gridenum/jobs/estimate_job.hpp"
#include "gridenum/jobs/job_lock.hpp"

namespace gridenum {

struct EstimateJobStatus {
  std::filesystem::path dir;
  EstimateJobSpec spec;
  bool started = false;                 // the journal exists
  std::uint64_t batches_total = 0, batches_done = 0;  // of the job or shard
  std::uint64_t samples_total = 0, samples_done = 0;
  estimate::RunResult so_far;           // the batches done, folded in batch order
  LockHolder running;
  int sessions = 0;
  int threads_last_session = 0;
  double samples_per_second = 0;        // latest session (0: unknown)
  std::optional<double> eta_seconds;    // samples left at that speed
  bool finished = false;                // result.json exists
  std::optional<std::string> torn_tail;
};

EstimateJobStatus estimate_job_status(const std::filesystem::path& dir);
std::string format_status(const EstimateJobStatus& s);
nlohmann::json to_json(const EstimateJobStatus& s);

}  // namespace gridenum
