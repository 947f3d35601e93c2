// Loading a finished count for `gridenum verify result`: a result file, or a job directory's
// result.json together with its journal, read through the journal's own checks.
#pragma once

#include <string>

#include "gridenum/count/result_doc.hpp"
#include "gridenum/count/shard.hpp"

namespace gridenum {

// A result file, or a job directory holding result.json (and its journal, read too). Throws
// JobInputError, naming the file; an unfinished job or a shard is an input error saying what
// to do (resume it; merge the shards and verify the merged result).
ResultDoc load_result(const std::string& path);

// The shard K/M of a document's job, by the rule that job's plan shards by (shard.hpp): blocks
// of consecutive units for the three-band route (one unit per class), every M-th unit for the
// others. What `verify result --shard K/M` recounts.
Shard result_shard(const ResultDoc& doc, Shard asked);

}  // namespace gridenum
