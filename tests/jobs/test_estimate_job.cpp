// Estimate jobs (jobs/estimate_job.hpp) in-process on 3x3 by sis and 2x3 by knuth, a few hundred
// samples in batches of 32: the job's estimate is the plain run's bit for bit; a job stopped
// through the stop path (core/stop.hpp) and resumed is the uninterrupted one; two shards merged are
// the unsharded run; a journal of another seed or method is refused; bad input is refused with an
// error saying what and where; a torn last batch record is dropped and sampled again.
#include <gtest/gtest.h>

#include <atomic>
#include <csignal>
#include <cstring>
#include <fstream>

#include "gridenum/core/stop.hpp"
#include "gridenum/estimate/run.hpp"
#include "gridenum/jobs/estimate_job.hpp"
#include "gridenum/jobs/estimate_merge.hpp"
#include "gridenum/jobs/estimate_status.hpp"
#include "gridenum/jobs/job_errors.hpp"
#include "job_fixtures.hpp"

using namespace gridenum;
using namespace gridenum::testing;

namespace {

bool same_long_double_bits(long double a, long double b) { return std::memcmp(&a, &b, 10) == 0; }

estimate::RunOptions estimate_options(const char* shape = "3x3", estimate::Method method = estimate::Method::sis,
                             std::uint64_t seed = 11) {
  estimate::RunOptions o;
  o.shape = *Shape::parse(shape);
  o.method = method;
  o.samples = 300;  // 10 batches of 32, the last of 12
  o.seed = seed;
  o.batch = 32;
  o.threads = 2;
  return o;
}

EstimateJobRequest estimate_request(const fs::path& dir, const estimate::RunOptions& o, Shard shard = {}) {
  EstimateJobRequest r;
  r.dir = dir;
  r.spec.run = o;
  r.spec.shard = shard;
  r.spec.checkpoint_seconds = 0.02;
  r.console_log = false;
  r.terminal = false;
  return r;
}

EstimateJobRequest estimate_resumption(const fs::path& dir, int threads = 1) {
  EstimateJobRequest r;
  r.dir = dir;
  r.resume = true;
  r.threads = threads;
  r.console_log = false;
  r.terminal = false;
  return r;
}

void expect_same_fold(const estimate::RunResult& a, const estimate::RunResult& b) {
  EXPECT_EQ(a.moments.n, b.moments.n);
  EXPECT_TRUE(same_long_double_bits(a.moments.mean, b.moments.mean)) << static_cast<double>(a.mean) << " " << static_cast<double>(b.mean);
  EXPECT_TRUE(same_long_double_bits(a.moments.m2, b.moments.m2));
  EXPECT_EQ(a.dead_ends, b.dead_ends);
  EXPECT_TRUE(same_long_double_bits(a.ci_low, b.ci_low));
  EXPECT_TRUE(same_long_double_bits(a.ci_high, b.ci_high));
}

}  // namespace

// The batches' fold is the run's: a job and a plain run of the same seed, samples and batch agree
// bit for bit, and the result document carries the fold exactly.
TEST(EstimateJob, EqualsThePlainRunBitForBit) {
  for (const auto& [shape, method] : {std::pair{"3x3", estimate::Method::sis}, std::pair{"2x3", estimate::Method::knuth}}) {
    TempDir t;
    const auto o = estimate_options(shape, method);
    const estimate::RunResult plain = estimate::run_estimate(o);
    const EstimateJobOutcome job = run_estimate_job(estimate_request(t / "job", o));
    ASSERT_TRUE(job.finished);
    EXPECT_TRUE(job.complete);
    EXPECT_EQ(job.batches_total, 10u);
    expect_same_fold(job.result, plain);
    EXPECT_EQ(job.json["exact_statistics"]["mean_hex"], estimate::hex_long_double(plain.moments.mean));
    EXPECT_EQ(job.json["samples"], 300);
    EXPECT_TRUE(fs::exists(t / "job" / "result.txt"));
    EXPECT_EQ(slurp(t / "job" / "result.txt"), job.text);
    // The batch changes the combination order, and so (in the last bits at most) the result.
    auto other = o;
    other.batch = 64;
    EXPECT_EQ(estimate::run_estimate(other).moments.n, plain.moments.n);
  }
}

// Stopped through the stop path after about 100 samples (a SIGTERM's request_stop, heard between
// samples), then resumed on another thread count: the batches journaled before the stop are kept,
// and the result is the uninterrupted run's, bit for bit.
TEST(EstimateJob, StoppedAndResumedEqualsUninterrupted) {
  TempDir t;
  const auto o = estimate_options();
  const estimate::RunResult plain = estimate::run_estimate(o);
  auto req = estimate_request(t / "job", o);
  auto polls = std::make_shared<std::atomic<int>>(0);
  req.stop = [polls] {
    if (++*polls == 100) request_stop(SIGTERM);
    return false;
  };
  const EstimateJobOutcome stopped = run_estimate_job(req);
  clear_stop_request();
  EXPECT_FALSE(stopped.finished);
  EXPECT_LT(stopped.batches_done, 10u);
  EXPECT_FALSE(fs::exists(t / "job" / "result.json"));
  const EstimateJobStatus mid = estimate_job_status(t / "job");
  EXPECT_EQ(mid.batches_done, stopped.batches_done);
  EXPECT_FALSE(mid.finished);
  const EstimateJobOutcome resumed = run_estimate_job(estimate_resumption(t / "job"));
  ASSERT_TRUE(resumed.finished);
  EXPECT_EQ(resumed.batches_done_before, stopped.batches_done);
  EXPECT_EQ(resumed.batches_computed, 10u - stopped.batches_done);
  expect_same_fold(resumed.result, plain);
  // A finished job resumed shows its stored result and samples nothing.
  const EstimateJobOutcome again = run_estimate_job(estimate_resumption(t / "job"));
  EXPECT_TRUE(again.finished);
  EXPECT_EQ(again.batches_computed, 0u);
  EXPECT_EQ(again.text, resumed.text);
  const EstimateJobStatus done = estimate_job_status(t / "job");
  EXPECT_TRUE(done.finished);
  EXPECT_EQ(done.samples_done, 300u);
  expect_same_fold(done.so_far, plain);
}

// Two shards (batches 0-4 and 5-9) merged: the unsharded run, bit for bit; merge refuses a
// missing shard, a shard given twice and an unfinished one.
TEST(EstimateJob, TwoShardsMergedEqualTheUnshardedRun) {
  TempDir t;
  const auto o = estimate_options();
  const estimate::RunResult plain = estimate::run_estimate(o);
  const auto s1 = run_estimate_job(estimate_request(t / "s1", o, *Shard::parse("1/2")));
  const auto s2 = run_estimate_job(estimate_request(t / "s2", o, *Shard::parse("2/2")));
  ASSERT_TRUE(s1.finished && s2.finished);
  EXPECT_FALSE(s1.complete);
  EXPECT_EQ(s1.batches_total, 5u);
  EXPECT_EQ(s1.result.samples_done + s2.result.samples_done, 300u);
  const EstimateMergeResult m = merge_estimate_jobs({t / "s2", t / "s1"});
  expect_same_fold(m.result, plain);
  EXPECT_EQ(m.json["complete"], true);
  EXPECT_THROW(merge_estimate_jobs({t / "s1"}), JobCheckError);
  EXPECT_THROW(merge_estimate_jobs({t / "s1", t / "s1"}), JobCheckError);
  auto req = estimate_request(t / "s3", o, *Shard::parse("2/2"));
  req.stop = [] { return true; };
  EXPECT_FALSE(run_estimate_job(req).finished);
  EXPECT_THROW(merge_estimate_jobs({t / "s1", t / "s3"}), JobCheckError);
}

// A journal of another job -- another seed, another method -- is refused on resume (fingerprint),
// and nothing is appended to it.
TEST(EstimateJob, ResumeRefusesAnotherJobsJournal) {
  TempDir t;
  auto req = estimate_request(t / "job", estimate_options());
  auto polls = std::make_shared<std::atomic<int>>(0);
  req.stop = [polls] { return ++*polls > 100; };
  ASSERT_FALSE(run_estimate_job(req).finished);
  const std::string journal = slurp(t / "job" / "journal");
  for (const auto& other : {estimate_options("3x3", estimate::Method::sis, 12), estimate_options("3x3", estimate::Method::knuth)}) {
    EstimateJobSpec spec;
    spec.run = other;
    spit(t / "job" / "estimate.json", estimate_spec_text(spec));
    try {
      run_estimate_job(estimate_resumption(t / "job"));
      ADD_FAILURE() << "resumed a journal of another job";
    } catch (const JournalError& e) {
      EXPECT_TRUE(contains(e.what(), "fingerprint")) << e.what();
      EXPECT_TRUE(contains(e.what(), "another job")) << e.what();
    }
    EXPECT_EQ(slurp(t / "job" / "journal"), journal);
  }
}

// Bad input: a batch that is no multiple of 16, more shards than batches, a new job where one is,
// a resume where none is, a damaged estimate.json, a batch record whose statistics do not parse.
TEST(EstimateJob, RefusesBadInput) {
  TempDir t;
  auto o = estimate_options();
  o.batch = 40;
  EXPECT_THROW(run_estimate_job(estimate_request(t / "a", o)), JobInputError);
  o = estimate_options();
  EXPECT_THROW(run_estimate_job(estimate_request(t / "b", o, *Shard::parse("3/11"))), JobInputError);
  ASSERT_TRUE(run_estimate_job(estimate_request(t / "c", o)).finished);
  try {
    run_estimate_job(estimate_request(t / "c", o));
    ADD_FAILURE() << "a second job in one directory";
  } catch (const JobInputError& e) {
    EXPECT_TRUE(contains(e.what(), "already holds a job")) << e.what();
  }
  fs::create_directories(t / "empty");
  EXPECT_THROW(run_estimate_job(estimate_resumption(t / "empty")), JobInputError);
  spit(t / "c" / "estimate.json", "{\"kind\": \"gridenum estimate job\"}");
  try {
    run_estimate_job(estimate_resumption(t / "c"));
    ADD_FAILURE() << "a damaged estimate.json";
  } catch (const JobInputError& e) {
    EXPECT_TRUE(contains(e.what(), "estimate.json")) << e.what();
  }
  // A checksum-valid batch record with nonsense statistics: named by its line.
  ASSERT_TRUE(run_estimate_job(estimate_request(t / "d", o)).finished);
  std::string text = slurp(t / "d" / "journal");
  text += journal_line("B 3 12,zz,0x1p+0,0 1700000000000");
  spit(t / "d" / "journal", text);
  try {
    estimate_job_status(t / "d");
    ADD_FAILURE() << "a malformed batch record";
  } catch (const JournalError& e) {
    EXPECT_TRUE(contains(e.what(), "line")) << e.what();
  }
}

// A torn last record (a kill in the middle of a write) is dropped on resume, its batch sampled
// again, and the result is still the uninterrupted run's.
TEST(EstimateJob, TornLastBatchIsSampledAgain) {
  TempDir t;
  const auto o = estimate_options();
  ASSERT_TRUE(run_estimate_job(estimate_request(t / "job", o)).finished);
  std::string text = slurp(t / "job" / "journal");
  fs::remove(t / "job" / "result.json");
  fs::remove(t / "job" / "result.txt");
  text = without_trailing_cpu_records(text);  // the session's CPU time: written after its batches
  ASSERT_EQ(text.compare(text.rfind('\n', text.size() - 2) + 1, 2, "B "), 0);
  text.resize(text.size() - 7);  // the last batch record loses its checksum's end and newline
  spit(t / "job" / "journal", text);
  const EstimateJobOutcome r = run_estimate_job(estimate_resumption(t / "job", 2));
  ASSERT_TRUE(r.finished);
  EXPECT_EQ(r.batches_computed, 1u);
  expect_same_fold(r.result, estimate::run_estimate(o));
}

// The journal's batch token is exact both ways, and malformed tokens are refused.
TEST(EstimateJob, BatchStatisticsRoundTripExactly) {
  estimate::Moments m;
  for (long double w : {0.0L, 3.25e308L, 1.0L / 3, 7.5e21L, 0.0L}) m.add(w);
  const auto back = estimate::moments_from_record(estimate::to_record(m));
  ASSERT_TRUE(back);
  EXPECT_EQ(back->n, m.n);
  EXPECT_EQ(back->zeros, 2u);
  EXPECT_TRUE(same_long_double_bits(back->mean, m.mean));
  EXPECT_TRUE(same_long_double_bits(back->m2, m.m2));
  for (const char* bad : {"", "5,0x1p+0,0x1p+0", "5,0x1p+0,0x1p+0,6", "0,0x1p+0,0x1p+0,0", "5,x,0x1p+0,0", "5,0x1p+0,-1,0"})
    EXPECT_FALSE(estimate::moments_from_record(bad)) << bad;
}
