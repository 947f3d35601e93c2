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

// The merged result's two files, as `gridenum merge` prints and writes them: the estimate
// document headed by "merged N shards of estimate job FINGERPRINT: SHARD...", and its JSON with
// "merged" {fingerprint, shards} and the text's SHA-256. `shard_names` are the shard directories
// as the user named them (one per m.dirs, in shard order), recorded as they are: `verify result`
// of the merge reads them back and makes the same files again.
struct MergedEstimateFiles {
  std::string text;
  nlohmann::json json;
};
MergedEstimateFiles merged_estimate_files(const EstimateMergeResult& m, const std::vector<std::string>& shard_names);

}  // namespace gridenum
