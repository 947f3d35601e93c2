// `gridenum verify result DIR` for a finished estimate job (jobs/estimate_job.hpp; docs/estimate.md,
// "Checking an estimate job"): the certificate of a published estimate is its job directory, and
// everything in it can be checked by anyone with the binary.
//
// An estimate is not a count that a second method could reproduce; what makes it checkable is
// that it is a deterministic function of its parameters: sample i draws from (seed, i) alone, and
// the statistics are folded in a fixed order (estimate/run.hpp). So the check is
//   1. the journal: every batch of the job (or shard) present once, each with the number of
//      samples the batch size gives;
//   2. the fold: the journal's batch statistics folded again in batch order give result.json's
//      exact statistics (count, mean and M2 in C99 hexadecimal), and every printed figure -- the
//      estimate, standard error, interval, dead ends, samples and the rigorous bounds -- follows
//      from them again (estimate/report.hpp);
//   3. result.txt is the text result.json records (its SHA-256);
//   4. batches drawn again: the chosen batches sampled from scratch with the job's seed, each
//      batch's statistics equal to the journal's bit for bit (--sample K batches, --double-check
//      SHARE of them; by default 2 at random, the seed printed). All of them (--double-check 1)
//      costs what the job cost.
// A forged journal record fails 4 when its batch is drawn and 2 unless the result was recomputed
// from it; a forged result fails 2 or 3. What is not checked: that the estimator is unbiased --
// that is the coverage test's (tests/estimate/) and the derivation's (docs/estimate.md).
#pragma once

#include <filesystem>

#include "gridenum/verify/verify.hpp"

namespace gridenum {

// Whether `path` is an estimate job's directory or the result.json inside one, or the output of
// `gridenum merge --output DIR` of an estimate job's shards (DIR or DIR/result.json).
bool is_estimate_result(const std::filesystem::path& path);

// The check above. opt.sample / opt.double_check / opt.seed choose the batches drawn again
// (opt.units and opt.kernel do not apply: VerifyInputError for opt.units); opt.threads draws them.
// VerifyInputError when the job is not finished or its files cannot be read.
VerifyReport verify_estimate_job(const std::filesystem::path& path, const VerifyResultOptions& opt);

// A merged estimate (jobs/estimate_merge.hpp) is checked through its shards:
//   1. each shard directory the merge recorded, found again (as recorded, from the current
//      directory; else its last name beside the merged directory), checked as a job (above:
//      journal, fold, files, batches drawn again -- opt applies to each shard);
//   2. the shards merged again, with the merge's own checks (one job, every shard once, each
//      finished), and the merged files made again: every figure of result.json and the SHA-256 of
//      the text equal to the document's;
//   3. result.txt against result.json (its SHA-256) and against the text made again.
// VerifyInputError when a shard cannot be found or read, or the merge refuses the shards.
VerifyReport verify_estimate_merge(const std::filesystem::path& path, const VerifyResultOptions& opt);

// verify_estimate_job or verify_estimate_merge, as `path` is a job or a merge.
VerifyReport verify_estimate_result(const std::filesystem::path& path, const VerifyResultOptions& opt);

}  // namespace gridenum
