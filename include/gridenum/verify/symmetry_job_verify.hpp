// `gridenum verify result DIR` for a symmetry job (jobs/symmetry_job.hpp; docs/jobs.md, "Symmetry
// jobs"): what a job directory of Burnside classes lets anyone check with the binary, finished or
// part-way (a run of the 12-digit classes is published as it goes).
//
//   1. the journal: this job's fingerprint, each class once, only the job's classes;
//   2. Burnside's checks on the journal's counts, run again (symmetry/burnside.hpp): a class no
//      relabelling fits must have f = 0; Burnside on every cyclic subgroup whose every power is in
//      the journal; for a finished job of every class, the weighted sum divisible by |G|;
//   3. a finished job: the document made again from the journal -- every class's f and the figure
//      -- equal to result.json's, and result.txt the text result.json records (its SHA-256);
//   4. classes counted again from scratch, by the kernel choice the job names (--sample K classes
//      among those the relabelling filter passes, --double-check SHARE of them, the classes
//      --classes names; two at random when none of these is given, the seed printed): each equal
//      to its journal record. Naming cheap classes is how a 12x12 job is checked in minutes: two
//      random classes of 3x4 can be band-keeping classes of CPU-hours.
// What 4 does not show: that the kernel is right. The kernels are checked against each other and
// against brute force by the tests (tests/symmetry/, tests/verify/), and for 10 digits class by
// class by `gridenum verify symmetry --recount`, which shares no code with them.
#pragma once

#include <filesystem>

#include "gridenum/verify/verify.hpp"

namespace gridenum {

// Whether `path` is a symmetry job's directory or the result.json inside one.
bool is_symmetry_result(const std::filesystem::path& path);

// The check above. opt.sample / opt.double_check / opt.seed / opt.classes choose the classes
// counted again, opt.threads counts them, opt.progress hears of each; opt.units and opt.kernel do
// not apply (VerifyInputError), nor a named class outside the job's. VerifyInputError when the
// job's files cannot be read.
VerifyReport verify_symmetry_job(const std::filesystem::path& path, const VerifyResultOptions& opt);

}  // namespace gridenum
