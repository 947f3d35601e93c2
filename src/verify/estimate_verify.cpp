// verify_estimate_job (estimate_verify.hpp): an estimate job's journal, fold, result files and
// batches drawn again. Reads the job through jobs/ (spec, header, journal) and draws through
// estimate/run.hpp, the code that made the job: the check is that the published figures are the
// deterministic function of (shape, method, samples, seed, batch) they claim to be.
#include "gridenum/verify/estimate_verify.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/atomic_file.hpp"
#include "gridenum/core/digest.hpp"
#include "gridenum/estimate/bounds.hpp"
#include "gridenum/estimate/report.hpp"
#include "gridenum/estimate/run.hpp"
#include "gridenum/jobs/estimate_job.hpp"
#include "gridenum/jobs/estimate_merge.hpp"
#include "gridenum/jobs/job.hpp"
#include "gridenum/jobs/job_errors.hpp"
#include "gridenum/jobs/journal.hpp"

namespace gridenum {

namespace fs = std::filesystem;

namespace {

// A figure of result.json as text (strings as they are, numbers as JSON prints them), or a note
// that it is missing.
std::string field(const nlohmann::json& j, const nlohmann::json::json_pointer& at) {
  if (!j.contains(at)) return "(missing)";
  const nlohmann::json& v = j.at(at);
  return v.is_string() ? v.get<std::string>() : v.dump();
}

}  // namespace

namespace {

// The result.json of a merged estimate (it has the estimate's exact statistics and a "merged"
// record), or nullopt. A count's merge has "merged" too, but no exact statistics.
std::optional<nlohmann::json> merged_estimate_json(const fs::path& path) {
  std::error_code ec;
  const fs::path dir = job_dir_of(path);
  if (!fs::is_directory(path, ec) && path.filename() != "result.json") return std::nullopt;
  if (is_estimate_job(dir)) return std::nullopt;
  try {
    nlohmann::json j = nlohmann::json::parse(read_whole_file(JobPaths{dir}.result_json()));
    if (j.is_object() && j.contains("merged") && j["merged"].is_object() && j.contains("exact_statistics")) return j;
  } catch (const std::exception&) {
  }
  return std::nullopt;
}

}  // namespace

bool is_estimate_result(const fs::path& path) {
  std::error_code ec;
  if (merged_estimate_json(path)) return true;
  if (fs::is_directory(path, ec)) return is_estimate_job(path);
  return path.filename() == "result.json" && is_estimate_job(job_dir_of(path));
}

VerifyReport verify_estimate_result(const fs::path& path, const VerifyResultOptions& opt) {
  return merged_estimate_json(path) ? verify_estimate_merge(path, opt) : verify_estimate_job(path, opt);
}

VerifyReport verify_estimate_job(const fs::path& path, const VerifyResultOptions& opt) {
  if (opt.units) throw VerifyInputError("--shard applies to a count's units; an estimate job's batches are checked as a whole");
  if (!(opt.double_check >= 0 && opt.double_check <= 1))
    throw VerifyInputError(fmt::format("--double-check takes a share of the batches in (0, 1], not {}", opt.double_check));
  const fs::path dir = job_dir_of(path);
  const JobPaths p{dir};
  EstimateJobSpec spec;
  JournalContents journal;
  PlanHeader header;
  nlohmann::json result;
  std::string text;
  try {
    spec = read_estimate_spec(dir);
    header = estimate_job_header(spec);
    std::error_code ec;
    if (!fs::exists(p.result_json(), ec))
      throw VerifyInputError(dir.string() + ": the estimate job is not finished (no result.json; `gridenum status " +
                             dir.string() + "` shows where it is, `gridenum resume " + dir.string() + "` finishes it)");
    journal = read_journal(p.journal());
    check_journal_matches(journal, p.journal(), header);
    result = nlohmann::json::parse(read_whole_file(p.result_json()));
    if (fs::exists(p.result_text(), ec)) text = read_whole_file(p.result_text());
  } catch (const JournalError& e) {
    throw VerifyInputError(e.what());
  } catch (const nlohmann::json::exception& e) {
    throw VerifyInputError(p.result_json().string() + ": not a JSON document (" + e.what() + ")");
  }
  const estimate::RunOptions& o = spec.run;
  const Shard shard = header.shard;
  const std::uint64_t total = shard.size(header.units);
  const std::uint64_t seed = resolve_seed(opt.seed);

  VerifyReport r;
  r.title = "gridenum verify result: " + dir.string();
  r.info.push_back(fmt::format("estimate job: {} on {} ({}x{} grids), {} samples, seed {}, batches of {}, shard {} ({})",
                               estimate::to_string(o.method), o.shape.str(), o.shape.n(), o.shape.n(),
                               group_digits(o.samples), o.seed, o.batch, shard.str(), count_of(total, "batch", "batches")));
  if (journal.torn_tail) r.info.push_back("the journal's last line was torn (a kill mid-write); it is not a batch");

  // 1. The journal: every batch of the shard once, with its size's samples.
  const auto batches = journal_batches(journal, p.journal());
  VerifySection js{"the journal's batches", "expected samples", "journal", {}};
  estimate::Moments fold;
  estimate::BatchSpread spread;
  std::uint64_t present = 0;
  for (std::uint64_t b = shard.begin(); b < shard.end(); ++b) {
    const std::uint64_t want = std::min(o.batch, o.samples - b * o.batch);
    const bool have = b < batches.size() && batches[b];
    compare_figures(r, js, fmt::format("batch {}: samples", b), std::to_string(want),
                    have ? std::to_string(batches[b]->n) : std::string("(not in the journal)"));
    if (!have) continue;
    ++present;
    fold.merge(*batches[b]);  // batch order: the fold the job made (run.hpp)
    spread.add(b, *batches[b]);
  }
  for (std::uint64_t b = 0; b < batches.size(); ++b)
    if (batches[b] && !shard.contains(b))
      compare_figures(r, js, fmt::format("batch {}", b), "(not in shard " + shard.str() + ")", "in the journal");
  r.sections.push_back(std::move(js));

  // 2. The fold and every printed figure from it.
  const estimate::RunResult again = estimate::summarise(o, fold, 0, 0, 0, spread);
  const nlohmann::json want = estimate::to_json(again, estimate::count_bounds(o.shape));
  VerifySection fs_{"the estimate from the journal's batches, folded again in batch order", "folded again", "result.json", {}};
  using ptr = nlohmann::json::json_pointer;
  for (const char* at : {"/exact_statistics/n", "/exact_statistics/mean_hex", "/exact_statistics/m2_hex", "/samples",
                         "/estimate", "/standard_error", "/ci95/0", "/ci95/1", "/dead_ends", "/bounds/log10_lower",
                         "/bounds/log10_upper", "/shape", "/method", "/seed", "/batch"})
    compare_figures(r, fs_, std::string(at).substr(1), field(want, ptr(at)), field(result, ptr(at)));
  // The batches' spread, in results written since it was added (2026-12-01; older ones have none).
  if (result.contains("batch_check"))
    for (const char* at : {"/batch_check/batches", "/batch_check/relative_error", "/batch_check/heaviest_batch",
                           "/batch_check/heaviest_share"})
      compare_figures(r, fs_, std::string(at).substr(1), field(want, ptr(at)), field(result, ptr(at)));
  r.sections.push_back(std::move(fs_));

  // 3. result.txt against result.json.
  VerifySection ts{"result.txt against result.json", "result.json", "result.txt", {}};
  compare_figures(r, ts, "SHA-256 of result.txt", field(result, ptr("/result_txt_sha256")),
                  text.empty() ? std::string("(no result.txt)") : sha256_hex(text));
  const std::string printed = field(want, ptr("/estimate"));
  compare_figures(r, ts, "the estimate, in the text", printed,
                  text.find(printed) != std::string::npos ? printed : std::string("(not in the text)"));
  r.sections.push_back(std::move(ts));

  // 4. Batches drawn again from the seed. By default two (a sample, said so in the verdict).
  VerifyResultOptions choose = opt;
  if (choose.sample == 0 && choose.double_check == 0) choose.sample = 2;
  choose.units = [&](std::uint64_t b) { return shard.contains(b); };
  const std::vector<std::uint64_t> chosen = choose_recount(header.units, choose, seed);
  r.info.push_back(fmt::format("batches drawn again: {} of {}, seed {} (--seed {} repeats the choice)", chosen.size(),
                               total, seed, seed));
  std::map<std::uint64_t, estimate::Moments> drawn;
  std::mutex mu;
  estimate::BatchHooks hooks;
  hooks.select = [&](std::uint64_t b) { return std::binary_search(chosen.begin(), chosen.end(), b); };
  hooks.done = [&](std::uint64_t b, const estimate::Moments& m) {
    const std::lock_guard<std::mutex> lock(mu);
    drawn[b] = m;
  };
  estimate::RunOptions ro = o;
  ro.threads = opt.threads;
  const estimate::RunResult redraw = estimate::run_estimate(ro, hooks);
  VerifySection ds{"batches drawn again from the seed", "journal", "drawn again", {}};
  for (std::uint64_t b : chosen) {
    const bool have = b < batches.size() && batches[b];
    const auto it = drawn.find(b);
    compare_figures(r, ds, fmt::format("batch {}", b), have ? estimate::to_record(*batches[b]) : "(not in the journal)",
                    it != drawn.end() ? estimate::to_record(it->second) : std::string("(not drawn)"));
  }
  r.sections.push_back(std::move(ds));
  r.recomputed.push_back(fmt::format("{} of {} batches ({} samples) drawn again from the seed in {:.1f} s",
                                     group_digits(chosen.size()), group_digits(total), group_digits(redraw.samples_drawn),
                                     redraw.seconds));
  r.recomputed.push_back("the estimate, its interval and bounds from the journal's " + count_of(present, "batch", "batches"));
  r.sampled = chosen.size() < total;
  return r;
}

VerifyReport verify_estimate_merge(const fs::path& path, const VerifyResultOptions& opt) {
  const fs::path dir = job_dir_of(path);
  const JobPaths p{dir};
  const std::optional<nlohmann::json> doc = merged_estimate_json(path);
  if (!doc) throw VerifyInputError(p.result_json().string() + ": not the result of `gridenum merge` of an estimate job");
  std::string text;
  std::error_code ec;
  if (fs::exists(p.result_text(), ec)) text = read_whole_file(p.result_text());

  // 1. The shards, found again and checked one by one.
  const nlohmann::json& recorded = (*doc)["merged"].value("shards", nlohmann::json::array());
  if (!recorded.is_array() || recorded.empty())
    throw VerifyInputError(p.result_json().string() + ": the merge records no shard directories (merged.shards)");
  std::vector<std::string> names;
  std::vector<fs::path> shard_dirs;
  for (const nlohmann::json& n : recorded) {
    if (!n.is_string()) throw VerifyInputError(p.result_json().string() + ": merged.shards holds a non-string entry");
    const std::string name = n.get<std::string>();
    const fs::path as_recorded(name);
    const fs::path beside = dir.parent_path() / as_recorded.filename();
    if (is_estimate_job(as_recorded)) shard_dirs.push_back(as_recorded);
    else if (is_estimate_job(beside)) shard_dirs.push_back(beside);
    else
      throw VerifyInputError(fmt::format("shard {} of the merge {}: no estimate job at {} (from the current directory) "
                                         "nor at {} (beside the merge); run verify from the directory the merge was made "
                                         "in, or put the shard directories beside the merged one",
                                         name, dir.string(), as_recorded.string(), beside.string()));
    names.push_back(name);
  }
  VerifyReport r;
  r.title = "gridenum verify result: " + dir.string() + " (a merged estimate)";
  r.info.push_back(fmt::format("merged estimate of {}: {}", count_of(names.size(), "shard", "shards"),
                               field(*doc, nlohmann::json::json_pointer("/merged/fingerprint"))));
  for (std::size_t i = 0; i < shard_dirs.size(); ++i) {
    VerifyReport one = verify_estimate_job(shard_dirs[i], opt);
    const std::string tag = "shard " + shard_dirs[i].string();
    for (std::string& line : one.info) r.info.push_back(tag + ": " + line);
    for (VerifySection& sec : one.sections) {
      sec.title = tag + ": " + sec.title;
      r.sections.push_back(std::move(sec));
    }
    for (std::string& problem : one.problems) r.problems.push_back(tag + ": " + problem);
    for (std::string& line : one.recomputed) r.recomputed.push_back(tag + ": " + line);
    r.sampled = r.sampled || one.sampled;
  }

  // 2. The shards merged again (the merge's own checks refuse what does not belong together),
  //    their files made again under the names the merge recorded.
  EstimateMergeResult again;
  try {
    again = merge_estimate_jobs(shard_dirs);
  } catch (const std::exception& e) {
    throw VerifyInputError(std::string("the recorded shards do not merge again: ") + e.what());
  }
  std::vector<std::string> ordered;  // the recorded names in shard order, as the merge wrote them
  for (const fs::path& d : again.dirs)
    ordered.push_back(names[static_cast<std::size_t>(std::find(shard_dirs.begin(), shard_dirs.end(), d) - shard_dirs.begin())]);
  const MergedEstimateFiles made = merged_estimate_files(again, ordered);
  VerifySection ms{"the merged estimate, made again from the shards' journals", "made again", "result.json", {}};
  using ptr = nlohmann::json::json_pointer;
  for (const char* at : {"/merged/fingerprint", "/exact_statistics/n", "/exact_statistics/mean_hex", "/exact_statistics/m2_hex",
                         "/samples", "/estimate", "/standard_error", "/ci95/0", "/ci95/1", "/dead_ends",
                         "/bounds/log10_lower", "/bounds/log10_upper", "/shape", "/method", "/seed", "/batch",
                         "/result_txt_sha256"})
    compare_figures(r, ms, std::string(at).substr(1), field(made.json, ptr(at)), field(*doc, ptr(at)));
  r.sections.push_back(std::move(ms));

  // 3. result.txt.
  VerifySection ts{"result.txt against result.json and the text made again", "expected", "result.txt", {}};
  const std::string have = text.empty() ? std::string("(no result.txt)") : sha256_hex(text);
  compare_figures(r, ts, "SHA-256 of result.txt (result.json's)", field(*doc, ptr("/result_txt_sha256")), have);
  compare_figures(r, ts, "SHA-256 of result.txt (the text made again)", sha256_hex(made.text), have);
  r.sections.push_back(std::move(ts));
  r.recomputed.push_back("the merged estimate, its interval and bounds, and its text, from the " +
                         count_of(shard_dirs.size(), "shard's journal", "shards' journals"));
  return r;
}

}  // namespace gridenum
