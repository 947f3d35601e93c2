// `gridenum merge DIR...` of an estimate job's shards (estimate_job.hpp): refused, naming the
// directories (JobCheckError), unless they are exactly one job's M finished shards -- one
// fingerprint, one M, each K once, every batch of each shard in its journal. The batches are then
// folded in batch order, as one run folds them: the merged estimate is the unsharded one, bit for
// bit.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "gridenum/jobs/estimate_job.hpp"

namespace gridenum {

struct EstimateMergeResult {
  EstimateJobSpec spec;              // shard 1's (the shard field aside, every shard's)
  PlanHeader header;                 // shard 1's
  std::vector<std::filesystem::path> dirs;  // in shard order
  estimate::RunResult result;
  std::string text;                  // the result document (estimate_result_document)
  nlohmann::json json;
};

EstimateMergeResult merge_estimate_jobs(const std::vector<std::filesystem::path>& dirs);

}  // namespace gridenum
