// `verify result` of an estimate job (verify/estimate_verify.hpp), in-process on 3x3 by sis, 300
// samples in batches of 32 (10 batches):
//  - a finished job and a finished shard pass; every batch drawn again is not "sampled", the
//    default two batches are;
//  - a batch record whose mean is changed by 0.1 % in the journal (checksum recomputed) fails the
//    fold against result.json (a change of one unit in the last place of one batch of ten can
//    vanish in the fold's rounding: only drawing the batch again sees every bit);
//  - a change of one unit in the last place made consistent -- the result files written again
//    from the forged journal by `resume` -- passes the fold and is caught by drawing the batch
//    again, by name;
//  - a printed figure changed in result.json fails, naming it, and so does a changed figure of the
//    batches' spread (batch_check), which results written before it was added do not have;
//  - refusals: an unfinished job, a shard of units; what counts as an estimate result;
//  - a merged estimate (`gridenum merge --output`) passes through its two shards, found as
//    recorded or beside it; a forged figure of the merged result, a forged shard, a missing shard.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_run.hpp"
#include "gridenum/estimate/moments.hpp"
#include "gridenum/estimate/run.hpp"
#include "gridenum/jobs/estimate_job.hpp"
#include "gridenum/jobs/estimate_merge.hpp"
#include "gridenum/jobs/journal.hpp"
#include "gridenum/verify/estimate_verify.hpp"
#include "verify_sections.hpp"

using namespace gridenum;
using namespace gridenum::testing;
using gridenum::test_support::has_problem;

namespace {

EstimateJobRequest small_job(const fs::path& dir, Shard shard = {}) {
  EstimateJobRequest r;
  r.dir = dir;
  r.spec.run.shape = Shape{3, 3};
  r.spec.run.method = estimate::Method::sis;
  r.spec.run.samples = 300;
  r.spec.run.seed = 11;
  r.spec.run.batch = 32;
  r.spec.run.threads = 2;
  r.spec.shard = shard;
  r.spec.checkpoint_seconds = 0.02;
  r.console_log = false;
  r.terminal = false;
  return r;
}

VerifyResultOptions draw_all() {
  VerifyResultOptions o;
  o.double_check = 1;
  o.threads = 2;
  return o;
}

// One batch drawn again, the same one every run.
VerifyResultOptions draw_one() {
  VerifyResultOptions o;
  o.sample = 1;
  o.seed = 1;
  return o;
}

// Batch `id`'s journal record with its mean moved -- by one unit in the last place, or by 0.1 % --
// and the line's checksum made again.
void forge_batch(const fs::path& journal, std::uint64_t id, bool one_ulp) {
  std::string text = slurp(journal), out;
  const std::string key = "B " + std::to_string(id) + " ";
  std::size_t at = 0;
  bool forged = false;
  while (at < text.size()) {
    const std::size_t nl = text.find('\n', at);
    std::string line = text.substr(at, nl - at);
    at = nl + 1;
    if (line.rfind(key, 0) == 0) {
      // "B id stats ms checksum": the body is everything before the checksum.
      const std::size_t s1 = line.find(' ', key.size()), s2 = line.find(' ', s1 + 1);
      estimate::Moments m = *estimate::moments_from_record(line.substr(key.size(), s1 - key.size()));
      m.mean = one_ulp ? std::nextafter(m.mean, HUGE_VALL) : m.mean * 1.001L;
      out += journal_line(key + estimate::to_record(m) + " " + line.substr(s1 + 1, s2 - s1 - 1));
      forged = true;
      continue;
    }
    out += line + "\n";
  }
  ASSERT_TRUE(forged) << "no record of batch " << id;
  spit(journal, out);
}

}  // namespace

TEST(EstimateVerify, AFinishedJobAndAShardPass) {
  const TempDir t;
  ASSERT_TRUE(run_estimate_job(small_job(t / "job")).finished);
  VerifyReport r = verify_estimate_job(t / "job", draw_all());
  EXPECT_TRUE(r.pass()) << format_text(r, true);
  EXPECT_FALSE(r.sampled);
  // Through result.json too, and by default two batches drawn: a sampled PASS.
  VerifyResultOptions d;
  d.seed = 5;
  r = verify_estimate_job(t / "job" / "result.json", d);
  EXPECT_TRUE(r.pass()) << format_text(r, true);
  EXPECT_TRUE(r.sampled);
  ASSERT_EQ(r.sections.size(), 4u);
  EXPECT_EQ(r.sections[0].lines.size(), 10u);  // every batch's samples
  EXPECT_EQ(r.sections[3].lines.size(), 2u);   // two batches drawn again

  ASSERT_TRUE(run_estimate_job(small_job(t / "shard", *Shard::parse("2/2"))).finished);
  r = verify_estimate_job(t / "shard", draw_all());
  EXPECT_TRUE(r.pass()) << format_text(r, true);
  EXPECT_EQ(r.sections[0].lines.size(), 5u);
  EXPECT_EQ(r.sections[3].lines.size(), 5u);
}

TEST(EstimateVerify, AForgedBatchFailsTheFold) {
  const TempDir t;
  ASSERT_TRUE(run_estimate_job(small_job(t / "job")).finished);
  forge_batch(t / "job" / "journal", 2, false);
  const VerifyReport r = verify_estimate_job(t / "job", draw_one());
  EXPECT_FALSE(r.pass());
  EXPECT_TRUE(has_problem(r, "exact_statistics/mean_hex")) << format_text(r, true);
}

TEST(EstimateVerify, AConsistentlyForgedBatchIsCaughtByDrawingItAgain) {
  const TempDir t;
  ASSERT_TRUE(run_estimate_job(small_job(t / "job")).finished);
  forge_batch(t / "job" / "journal", 2, true);
  fs::remove(t / "job" / "result.json");
  fs::remove(t / "job" / "result.txt");
  EstimateJobRequest again = small_job(t / "job");
  again.resume = true;
  ASSERT_TRUE(run_estimate_job(again).finished);  // the result files from the forged journal
  const VerifyReport r = verify_estimate_job(t / "job", draw_all());
  EXPECT_FALSE(r.pass());
  ASSERT_EQ(r.problems.size(), 1u) << format_text(r, true);
  EXPECT_TRUE(has_problem(r, "batch 2:")) << format_text(r, true);
  for (std::size_t s = 0; s < 3; ++s)
    for (const auto& l : r.sections[s].lines) EXPECT_TRUE(l.ok) << r.sections[s].title << ": " << l.item;
}

TEST(EstimateVerify, AForgedFigureInTheResultFails) {
  const TempDir t;
  ASSERT_TRUE(run_estimate_job(small_job(t / "job")).finished);
  const fs::path rj = t / "job" / "result.json";
  nlohmann::json j = nlohmann::json::parse(slurp(rj));
  j["ci95"][1] = "9.999999e+21";
  spit(rj, j.dump(2));
  const VerifyReport r = verify_estimate_job(t / "job", draw_one());
  EXPECT_FALSE(r.pass());
  EXPECT_TRUE(has_problem(r, "ci95/1")) << format_text(r, true);
}

TEST(EstimateVerify, AForgedBatchSpreadFailsAndAnOlderResultWithoutItPasses) {
  const TempDir t;
  ASSERT_TRUE(run_estimate_job(small_job(t / "job")).finished);
  const fs::path rj = t / "job" / "result.json";
  const nlohmann::json stored = nlohmann::json::parse(slurp(rj));
  ASSERT_EQ(stored["batch_check"]["batches"], 10);
  nlohmann::json j = stored;
  j["batch_check"]["heaviest_batch"] = (stored["batch_check"]["heaviest_batch"].get<int>() + 1) % 10;
  spit(rj, j.dump(2));
  VerifyReport r = verify_estimate_job(t / "job", draw_one());
  EXPECT_FALSE(r.pass());
  EXPECT_TRUE(has_problem(r, "batch_check/heaviest_batch")) << format_text(r, true);
  j = stored;
  j["batch_check"]["relative_error"] = stored["batch_check"]["relative_error"].get<double>() * 0.5;
  spit(rj, j.dump(2));
  r = verify_estimate_job(t / "job", draw_one());
  EXPECT_TRUE(has_problem(r, "batch_check/relative_error")) << format_text(r, true);
  j = stored;
  j.erase("batch_check");  // as a result written before 2026-12-01
  spit(rj, j.dump(2));
  r = verify_estimate_job(t / "job", draw_one());
  EXPECT_TRUE(r.pass()) << format_text(r, true);
}

TEST(EstimateVerify, Refusals) {
  const TempDir t;
  EstimateJobRequest stopped = small_job(t / "job");
  stopped.stop = [] { return true; };
  EXPECT_FALSE(run_estimate_job(stopped).finished);
  EXPECT_TRUE(is_estimate_result(t / "job"));
  EXPECT_THROW(verify_estimate_job(t / "job", {}), VerifyInputError);
  VerifyResultOptions units;
  units.units = [](std::uint64_t) { return true; };
  EXPECT_THROW(verify_estimate_job(t / "job", units), VerifyInputError);
  EXPECT_FALSE(is_estimate_result(t.path));
  EXPECT_FALSE(is_estimate_result(t / "nothing.json"));
  // Through the CLI: a finished job passes (exit 0); --shard, --kernel and --recompute, which mean
  // something only for a count, are refused by name (exit 2).
  EstimateJobRequest resumed = small_job(t / "job");
  resumed.resume = true;
  ASSERT_TRUE(run_estimate_job(resumed).finished);
  EXPECT_TRUE(is_estimate_result(t / "job" / "result.json"));
  const Proc ok = run_cli({"verify", "result", (t / "job").string(), "--seed", "3"});
  EXPECT_EQ(ok.code, 0) << ok.err;
  EXPECT_NE(ok.out.find("PASS (sampled: 2 of 10 batches"), std::string::npos) << ok.out;
  for (const std::vector<std::string>& extra : {std::vector<std::string>{"--shard", "1/2"}, {"--kernel", "backtrack"},
                                                 {"--recompute", "full"}}) {
    std::vector<std::string> args{"verify", "result", (t / "job").string()};
    args.insert(args.end(), extra.begin(), extra.end());
    const Proc refused = run_cli(args);
    EXPECT_EQ(refused.code, 2) << extra[0] << ": " << refused.err;
    EXPECT_NE(refused.err.find(extra[0]), std::string::npos) << refused.err;
  }
}

namespace {

// Two shards of small_job in `root` and their merge, made by the CLI from `root` (so the merge
// records the names "s1", "s2"), in root/merged.
void two_shards_merged(const fs::path& root) {
  ASSERT_TRUE(run_estimate_job(small_job(root / "s1", *Shard::parse("1/2"))).finished);
  ASSERT_TRUE(run_estimate_job(small_job(root / "s2", *Shard::parse("2/2"))).finished);
  const Proc merged = run_cli_line("cd " + root.string() + " && {gridenum} merge --output merged s1 s2");
  ASSERT_EQ(merged.code, 0) << merged.err;
}

}  // namespace

TEST(EstimateVerify, AMergedEstimatePassesThroughItsShards) {
  const TempDir t;
  two_shards_merged(t.path);
  ASSERT_TRUE(is_estimate_result(t / "merged"));
  ASSERT_TRUE(is_estimate_result(t / "merged" / "result.json"));
  // Run from elsewhere: the recorded names "s1", "s2" are found beside the merge.
  const VerifyReport r = verify_estimate_result(t / "merged", draw_all());
  EXPECT_TRUE(r.pass()) << format_text(r, true);
  EXPECT_FALSE(r.sampled);
  ASSERT_EQ(r.sections.size(), 2u * 4u + 2u);  // each shard's four, the merge made again, the text
  EXPECT_EQ(r.sections[8].lines.size(), 17u);
  // The merged figures equal the unsharded run's: the merge made again is the same document.
  ASSERT_TRUE(run_estimate_job(small_job(t / "whole")).finished);
  const nlohmann::json whole = nlohmann::json::parse(slurp(t / "whole" / "result.json"));
  const nlohmann::json merged = nlohmann::json::parse(slurp(t / "merged" / "result.json"));
  EXPECT_EQ(whole["estimate"], merged["estimate"]);
  EXPECT_EQ(whole["exact_statistics"]["m2_hex"], merged["exact_statistics"]["m2_hex"]);
  // Through the CLI, from the directory the merge was made in (the names as recorded).
  const Proc ok = run_cli_line("cd " + t.path.string() + " && {gridenum} verify result merged --seed 3");
  EXPECT_EQ(ok.code, 0) << ok.err;
  EXPECT_NE(ok.out.find("(a merged estimate)"), std::string::npos) << ok.out;
}

TEST(EstimateVerify, AMergedEstimateWithAForgedFigureOrShardFails) {
  const TempDir t;
  two_shards_merged(t.path);
  // A figure of the merged result, changed.
  const fs::path rj = t / "merged" / "result.json";
  const std::string honest = slurp(rj);
  nlohmann::json j = nlohmann::json::parse(honest);
  j["standard_error"] = "1.000000e+20";
  spit(rj, j.dump(2));
  VerifyReport r = verify_estimate_result(t / "merged", draw_one());
  EXPECT_FALSE(r.pass());
  EXPECT_TRUE(has_problem(r, "standard_error")) << format_text(r, true);
  spit(rj, honest);
  // The text, changed: its SHA-256 is no longer the document's, nor the text made again's.
  const fs::path rt = t / "merged" / "result.txt";
  spit(rt, slurp(rt) + " ");
  r = verify_estimate_result(t / "merged", draw_one());
  EXPECT_FALSE(r.pass());
  EXPECT_EQ(r.problems.size(), 2u) << format_text(r, true);
  EXPECT_TRUE(has_problem(r, "SHA-256 of result.txt (the text made again)")) << format_text(r, true);
  // A shard's batch forged by 0.1 %: that shard's fold fails, and so does the merge made again.
  two_shards_merged(t / "again");
  forge_batch(t / "again" / "s2" / "journal", 7, false);
  r = verify_estimate_result(t / "again" / "merged", draw_one());
  EXPECT_FALSE(r.pass());
  EXPECT_TRUE(has_problem(r, "shard " + (t / "again" / "s2").string() + ": exact_statistics/mean_hex")) << format_text(r, true);
  EXPECT_TRUE(has_problem(r, "estimate: made again")) << format_text(r, true);
  // A shard that is gone: refused as input (exit 2), naming it and where it was looked for.
  fs::remove_all(t / "again" / "s1");
  EXPECT_THROW(verify_estimate_result(t / "again" / "merged", draw_one()), VerifyInputError);
  const Proc gone = run_cli({"verify", "result", (t / "again" / "merged").string()});
  EXPECT_EQ(gone.code, 2) << gone.err;
  EXPECT_NE(gone.err.find("shard s1 of the merge"), std::string::npos) << gone.err;
}
