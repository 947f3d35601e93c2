// merge_estimate_jobs (estimate_merge.hpp): every check first, then one fold in batch order.
#include <algorithm>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/checksum.hpp"
#include "gridenum/core/digest.hpp"
#include "gridenum/jobs/estimate_merge.hpp"
#include "gridenum/jobs/job.hpp"
#include "gridenum/jobs/job_errors.hpp"

namespace gridenum {

namespace fs = std::filesystem;

EstimateMergeResult merge_estimate_jobs(const std::vector<fs::path>& dirs) {
  if (dirs.empty()) throw JobInputError("merge: no directories given");
  struct Shard_ {
    fs::path dir;
    EstimateJobSpec spec;
    PlanHeader header;
    JournalContents journal;
  };
  std::vector<Shard_> shards;
  for (const fs::path& d : dirs) {
    Shard_ s{d, read_estimate_spec(d), {}, {}};
    s.header = estimate_job_header(s.spec);
    const fs::path journal = JobPaths{d}.journal();
    std::error_code ec;
    if (!fs::exists(journal, ec))
      throw JobCheckError("merge: " + d.string() + " has not started (no journal): run it, then merge");
    s.journal = read_journal(journal);
    check_journal_matches(s.journal, journal, s.header);
    shards.push_back(std::move(s));
  }
  const Shard_& first = shards.front();
  for (const Shard_& s : shards) {
    if (s.header.fingerprint != first.header.fingerprint)
      throw JobCheckError("merge: " + s.dir.string() + " (fingerprint " + hex16(s.header.fingerprint) +
                          ") and " + first.dir.string() + " (fingerprint " + hex16(first.header.fingerprint) +
                          ") are shards of different estimate jobs (shape, method, samples, seed or batch differ)");
    if (s.spec.shard.m != first.spec.shard.m)
      throw JobCheckError("merge: " + s.dir.string() + " is shard " + s.spec.shard.str() + " but " + first.dir.string() +
                          " is shard " + first.spec.shard.str() + ": one job's shards share M");
  }
  const std::uint32_t m = first.spec.shard.m;
  std::sort(shards.begin(), shards.end(), [](const Shard_& a, const Shard_& b) { return a.spec.shard.k < b.spec.shard.k; });
  for (std::size_t i = 0; i < shards.size(); ++i)
    if (i > 0 && shards[i].spec.shard.k == shards[i - 1].spec.shard.k)
      throw JobCheckError("merge: shard " + shards[i].spec.shard.str() + " is given twice: " + shards[i - 1].dir.string() +
                          " and " + shards[i].dir.string());
  if (shards.size() != m) {
    std::string missing;
    std::size_t at = 0;
    for (std::uint32_t k = 1; k <= m; ++k) {
      if (at < shards.size() && shards[at].spec.shard.k == k) ++at;
      else missing += (missing.empty() ? "" : ", ") + std::to_string(k) + "/" + std::to_string(m);
    }
    throw JobCheckError("merge: shard" + std::string(m - shards.size() == 1 ? " " : "s ") + missing +
                        " of the estimate job missing: give all " + std::to_string(m) + " shard directories");
  }
  EstimateMergeResult out;
  out.spec = first.spec;
  out.spec.shard = Shard{};
  out.header = first.header;
  std::vector<std::optional<estimate::Moments>> all(first.header.units);
  double seconds = 0;
  for (const Shard_& s : shards) {
    const std::uint64_t want = s.header.shard.size(s.header.units);
    if (s.journal.batches.size() != want)
      throw JobCheckError("merge: shard " + s.spec.shard.str() + " (" + s.dir.string() + ") is not finished: " +
                          group_digits(s.journal.batches.size()) + " of " + count_of(want, "batch", "batches") +
                          " in its journal; continue it with gridenum resume " + s.dir.string());
    const auto batches = journal_batches(s.journal, JobPaths{s.dir}.journal());
    for (std::uint64_t b = 0; b < batches.size(); ++b)
      if (batches[b]) all[b] = batches[b];
    seconds += journal_sampling_seconds(s.journal);
    out.dirs.push_back(s.dir);
  }
  // The fold of a run (run.hpp): every batch known, none drawn.
  estimate::BatchHooks replay;
  replay.skip = [&all](std::uint64_t id) {
    if (!all[id]) throw std::logic_error("merge: batch " + std::to_string(id) + " is in no shard");
    return all[id];
  };
  estimate::RunOptions o = out.spec.run;
  o.threads = 1;
  out.result = estimate::run_estimate(o, replay);
  // The speed: samples over the shards' summed sampling time (shards run side by side on a
  // cluster; the sum is the job's wall time on one machine running them in turn).
  out.result.seconds = seconds;
  out.result.samples_per_second = seconds > 0 ? static_cast<double>(out.result.samples_done) / seconds : 0;
  out.result.threads = first.spec.run.threads;
  estimate_result_document(out.result, true, Shard{}, out.text, out.json);
  return out;
}

MergedEstimateFiles merged_estimate_files(const EstimateMergeResult& m, const std::vector<std::string>& shard_names) {
  if (shard_names.size() != m.dirs.size()) throw std::logic_error("merged_estimate_files: one name per shard");
  MergedEstimateFiles f;
  f.text = "merged " + count_of(m.dirs.size(), "shard", "shards") + " of estimate job " + hex16(m.header.fingerprint) + ":";
  nlohmann::json shards = nlohmann::json::array();
  for (const std::string& name : shard_names) {
    f.text += " " + name;
    shards.push_back(name);
  }
  f.text += "\n" + m.text;
  f.json = m.json;
  f.json["merged"] = {{"fingerprint", hex16(m.header.fingerprint)}, {"shards", shards}};
  f.json["result_txt_sha256"] = sha256_hex(f.text);
  return f;
}

}  // namespace gridenum
