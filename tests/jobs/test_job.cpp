// Jobs end to end: run, stop and resume in-process and through the real binary; status; the
// catalogue cache; shards and merge (and merge's refusals); and each corruption case with its
// documented outcome through the CLI: torn tail, flipped byte, duplicate records, wrong
// fingerprint, missing or unreadable directory, full disk, lock held, SIGINT/SIGTERM. The jobs here
// are the stack method's, named (auto takes the band-pair method for 2x3 and 3x3): their units --
// 1,056 for 9x9, slices of the stack list -- are what these mechanics are checked on. The
// band-pair method's jobs: tests/cli/test_methods_registry_cli.cpp and tests/verify/test_verify.cpp.
#include <gtest/gtest.h>

#include <sys/resource.h>

#include <atomic>
#include <chrono>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include "gridenum/core/checksum.hpp"
#include "gridenum/count/stack/catalogue_cache.hpp"
#include "gridenum/count/fingerprint.hpp"
#include "gridenum/jobs/job.hpp"
#include "gridenum/jobs/job_errors.hpp"
#include "gridenum/jobs/job_lock.hpp"
#include "gridenum/jobs/journal.hpp"
#include "gridenum/jobs/merge.hpp"
#include "gridenum/jobs/status.hpp"
#include "job_fixtures.hpp"

using namespace gridenum;
using namespace gridenum::testing;

namespace {

const std::string k9x9 = "6670903752021072936960";

JobConfig config(const char* shape, std::uint32_t slices = 0, Shard shard = {}, Kernel kernel = Kernel::Partition) {
  JobConfig c;
  c.shape = *Shape::parse(shape);
  c.method = MethodId::Stack;  // named: auto takes band-pair for 2x3 and 3x3
  c.slices_per_class = slices;
  c.shard = shard;
  c.kernel = kernel;
  c.threads = 2;
  c.checkpoint_seconds = 0.05;
  return c;
}

// Stops after `n` polls of the stop hook (about n units started).
std::function<bool()> stop_after(int n) {
  auto polls = std::make_shared<std::atomic<int>>(0);
  return [polls, n] { return ++*polls > n; };
}

TEST(Job, RunsToTheTotalAndWritesItsFiles) {
  TempDir t;
  const JobOutcome o = run_job(request(t / "job", config("2x3")));
  ASSERT_TRUE(o.finished);
  EXPECT_EQ(o.result.total.str(), k2x3);
  EXPECT_EQ(o.units_computed, o.units_total);
  for (const char* f : {"config.toml", "lock", "catalogue.cache", "journal", "job.log", "result.txt", "result.json"})
    EXPECT_TRUE(fs::exists(t / "job" / f)) << f;
  // The config kept is the one given.
  JobConfig kept = config("2x3");
  kept.method = MethodId::Stack;
  EXPECT_EQ(load_config(t / "job" / "config.toml"), kept);
  EXPECT_TRUE(contains(slurp(t / "job" / "result.txt"), k2x3));
  const auto j = nlohmann::json::parse(slurp(t / "job" / "result.json"));
  EXPECT_EQ(j["total"], k2x3);
  EXPECT_EQ(j["job"]["shard"], "1/1");
  expect_each_unit_once(t / "job", o.units_total);
  EXPECT_TRUE(contains(slurp(t / "job" / "job.log"), "done: total " + k2x3));
  const JobStatus s = job_status(t / "job");
  EXPECT_TRUE(s.finished);
  EXPECT_FALSE(s.running.held);
  EXPECT_EQ(s.total, k2x3);
  // The session's CPU time is journalled (C records) and status adds it up.
  const auto sessions = read_journal(t / "job" / "journal").sessions;
  ASSERT_EQ(sessions.size(), 1u);
  ASSERT_TRUE(sessions[0].cpu_ms);
  EXPECT_GE(*sessions[0].cpu_ms, 0);
  EXPECT_EQ(s.cpu.sessions_measured, 1u);
  EXPECT_TRUE(s.cpu.complete());
  EXPECT_TRUE(contains(format_status(s), "; CPU time (user + system of the processes) ")) << format_status(s);
  EXPECT_TRUE(contains(format_status(s), "CPU-seconds (1 session)")) << format_status(s);
  EXPECT_TRUE(to_json(s)["cpu_seconds_measured"].is_number());
  EXPECT_EQ(to_json(s)["sessions_cpu_measured"], 1);
}

// Stopped part way (as by Ctrl-C), resumed with another thread count and the kernel named as a
// session override (the same one: 9x9 by the backtracking kernel takes hours): the same total,
// every unit journaled exactly once, two sessions.
TEST(Job, StopThenResumeCountsEveryUnitOnce) {
  TempDir t;
  JobRequest r = request(t / "job", config("3x3"));
  r.stop = stop_after(300);
  const JobOutcome first = run_job(r);
  ASSERT_FALSE(first.finished);
  EXPECT_EQ(first.stopped_by, "stop request");
  EXPECT_GE(first.units_done, 300u);
  EXPECT_LT(first.units_done, 1056u);
  const JobStatus s = job_status(t / "job");
  EXPECT_EQ(s.units_done, first.units_done);
  EXPECT_EQ(s.units_total, 1056u);
  EXPECT_FALSE(s.finished);
  EXPECT_FALSE(s.running.held);
  EXPECT_GT(s.rate_last_session, 0);
  EXPECT_EQ(s.classes.size(), 44u);
  std::uint64_t per_class = 0;
  for (const auto& c : s.classes) per_class += c.done;
  EXPECT_EQ(per_class, s.units_done);
  EXPECT_TRUE(contains(format_status(s), "gridenum resume"));

  JobRequest again = request(t / "job", {}, true);
  again.threads = 1;
  again.kernel = Kernel::Partition;
  const JobOutcome second = run_job(again);
  ASSERT_TRUE(second.finished);
  EXPECT_EQ(second.result.total.str(), k9x9);
  EXPECT_EQ(second.units_done_before, first.units_done);
  EXPECT_EQ(second.units_computed, 1056u - first.units_done);
  EXPECT_EQ(second.result.threads_used, 1);
  expect_each_unit_once(t / "job", 1056);
  EXPECT_EQ(read_journal(t / "job" / "journal").sessions.size(), 2u);
}

TEST(Job, ResumeWithTheOtherKernel) {
  TempDir t;
  JobRequest r = request(t / "job", config("2x3", 30, {}, Kernel::Backtrack));
  r.stop = stop_after(40);
  ASSERT_FALSE(run_job(r).finished);
  JobRequest again = request(t / "job", {}, true);
  again.kernel = Kernel::Partition;
  const JobOutcome o = run_job(again);
  ASSERT_TRUE(o.finished);
  EXPECT_EQ(o.result.total.str(), k2x3);
  const auto sessions = read_journal(t / "job" / "journal").sessions;
  ASSERT_EQ(sessions.size(), 2u);
  EXPECT_EQ(sessions[0].kernel, "backtrack");
  EXPECT_EQ(sessions[1].kernel, "partition");
  // status names the kernel the latest session ran with, not the one the job was started with.
  const JobStatus st = job_status(t / "job");
  EXPECT_EQ(st.engine, "partition");
  EXPECT_TRUE(contains(format_status(st), "2x3, method stack, kernel partition,")) << format_status(st);
  EXPECT_EQ(to_json(st)["kernel"], "partition");
}

TEST(Job, StartingWhereAJobIsOrResumingWhereNoneIsRefused) {
  TempDir t;
  ASSERT_TRUE(run_job(request(t / "job", config("2x2"))).finished);
  try {
    run_job(request(t / "job", config("2x2")));
    FAIL();
  } catch (const JobInputError& e) {
    EXPECT_TRUE(contains(e.what(), "already holds a job")) << e.what();
  }
  try {
    run_job(request(t / "nothing", {}, true));
    FAIL();
  } catch (const JobInputError& e) {
    EXPECT_TRUE(contains(e.what(), "does not exist")) << e.what();
  }
  fs::create_directories(t / "empty");
  try {
    run_job(request(t / "empty", {}, true));
    FAIL();
  } catch (const JobInputError& e) {
    EXPECT_TRUE(contains(e.what(), "no config.toml")) << e.what();
  }
  // Resuming a finished job recounts nothing and gives the result again.
  const JobOutcome o = run_job(request(t / "job", {}, true));
  EXPECT_TRUE(o.finished);
  EXPECT_EQ(o.units_computed, 0u);
  EXPECT_EQ(o.result.total.str(), "288");
}

TEST(Job, CatalogueCacheIsUsedAndADamagedOneRebuilt) {
  TempDir t;
  JobRequest r = request(t / "job", config("3x3"));
  r.stop = stop_after(100);
  ASSERT_FALSE(run_job(r).finished);
  std::string why;
  ASSERT_TRUE(load_catalogue_cache(t / "job" / "catalogue.cache", Shape{3, 3}, &why)) << why;
  std::string cache = slurp(t / "job" / "catalogue.cache");
  cache[cache.find('\n') + 3] ^= 1;  // a digit of class 1's representative
  spit(t / "job" / "catalogue.cache", cache);
  EXPECT_FALSE(load_catalogue_cache(t / "job" / "catalogue.cache", Shape{3, 3}, &why));
  EXPECT_EQ(why, "bad checksum");
  const JobOutcome o = run_job(request(t / "job", {}, true));
  ASSERT_TRUE(o.finished);
  EXPECT_EQ(o.result.total.str(), k9x9);
  EXPECT_TRUE(contains(slurp(t / "job" / "job.log"), "catalogue cache not used (bad checksum)"));
  EXPECT_TRUE(load_catalogue_cache(t / "job" / "catalogue.cache", Shape{3, 3}, &why)) << why;
  EXPECT_FALSE(load_catalogue_cache(t / "job" / "catalogue.cache", Shape{2, 3}, &why));
}

// A crafted cache: class 1 and class 2's sizes swapped (their sum, and so every cheap invariant,
// unchanged) and the checksum recomputed, as anyone can (FNV-1a is not keyed).
std::string forged_cache(const std::string& cache) {
  std::vector<std::string> lines = lines_of(cache);
  const auto size_of = [](const std::string& l) { return l.substr(l.rfind(' ') + 1); };
  const auto with_size = [](const std::string& l, const std::string& z) { return l.substr(0, l.rfind(' ') + 1) + z; };
  const std::string a = size_of(lines[1]), b = size_of(lines[2]);
  EXPECT_NE(a, b);
  lines[1] = with_size(lines[1], b);
  lines[2] = with_size(lines[2], a);
  std::string body;
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) body += lines[i] + "\n";
  return body + "check " + hex16(fnv1a64(body)) + "\n";
}

TEST(Job, ACraftedCatalogueCacheNeverChangesTheTotal) {
  TempDir t;
  JobRequest r = request(t / "job", config("3x3"));
  r.stop = stop_after(100);
  ASSERT_FALSE(run_job(r).finished);
  const std::string forged = forged_cache(slurp(t / "job" / "catalogue.cache"));
  std::string why;
  // A new job: any cache already in the directory is ignored.
  fs::create_directories(t / "new");
  spit(t / "new" / "catalogue.cache", forged);
  ASSERT_TRUE(load_catalogue_cache(t / "new" / "catalogue.cache", Shape{3, 3}, &why)) << why;  // checksum-valid
  const JobOutcome fresh = run_job(request(t / "new", config("3x3")));
  ASSERT_TRUE(fresh.finished);
  EXPECT_EQ(fresh.result.total.str(), k9x9);
  // Resume: the cache must give the journal's fingerprint, else the catalogue is rebuilt.
  spit(t / "job" / "catalogue.cache", forged);
  const JobOutcome o = run_job(request(t / "job", {}, true));
  ASSERT_TRUE(o.finished);
  EXPECT_EQ(o.result.total.str(), k9x9);
  EXPECT_TRUE(contains(slurp(t / "job" / "job.log"), "it does not give the journal's fingerprint"));
}

// The fingerprint covers what each unit id means: the same catalogue and stack list with one unit's
// slice bounds moved by one give another fingerprint.
TEST(Job, FingerprintCoversEveryUnitsRange) {
  const Catalogue cat = build_catalogue(Shape{3, 3});
  const StackList stacks = build_stack_list(Shape{3, 3});
  const Plan plan = make_plan(cat, stacks, 0);
  const std::uint64_t base = plan_fingerprint(cat, stacks, plan);
  EXPECT_EQ(plan_fingerprint(cat, stacks, make_plan(cat, stacks, 0)), base);
  Plan moved = plan;
  ASSERT_GT(moved.units.size(), 2u);
  moved.units[0].end += 1;
  moved.units[1].begin += 1;
  EXPECT_NE(plan_fingerprint(cat, stacks, moved), base);
  Plan relabelled = plan;
  std::swap(relabelled.units[0].cls, relabelled.units.back().cls);
  EXPECT_NE(plan_fingerprint(cat, stacks, relabelled), base);
}

TEST(Merge, ThreeShardsEqualOneRun) {
  TempDir t;
  const JobOutcome whole = run_job(request(t / "whole", config("3x3", 10)));
  ASSERT_TRUE(whole.finished);
  std::vector<fs::path> dirs;
  for (std::uint32_t k = 1; k <= 3; ++k) {
    dirs.push_back(t / ("shard" + std::to_string(k)));
    const JobOutcome o = run_job(request(dirs.back(), config("3x3", 10, Shard{k, 3})));
    ASSERT_TRUE(o.finished);
    EXPECT_FALSE(o.result.complete);
    EXPECT_EQ(o.units_total, Shard({k, 3}).size(440));
    EXPECT_TRUE(o.json["total"].is_null());
  }
  const MergeResult m = merge_jobs({dirs[2], dirs[0], dirs[1]});
  EXPECT_EQ(m.result.total, whole.result.total);
  EXPECT_EQ(m.result.total.str(), k9x9);
  EXPECT_EQ(m.result.json["classes"], whole.result.json["classes"]);  // n_alpha of every class
  EXPECT_EQ(m.dirs.front(), dirs[0]);
  // The run's measured cost: each shard's one session recorded its CPU time.
  EXPECT_EQ(m.cpu.sessions, 3u);
  EXPECT_EQ(m.cpu.sessions_measured, 3u);
  for (const auto& sj : m.journals) EXPECT_EQ(sj.cpu.sessions_measured, 1u);
  // A whole job merges as its own single shard.
  EXPECT_EQ(merge_jobs({t / "whole"}).result.total.str(), k9x9);
  // Through the CLI, with --output.
  Proc p = run_cli({"merge", dirs[0].string(), dirs[1].string(), dirs[2].string(), "--output", (t / "merged").string()});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_TRUE(contains(p.out, "merged 3 shards"));
  EXPECT_TRUE(contains(p.out, k9x9));
  // The merge counted nothing itself: it names no kernel, threads or stage times.
  EXPECT_TRUE(contains(p.out, "gridenum merge: 9x9 grids, boxes 3x3, unit counts read from the shards' journals")) << p.out;
  EXPECT_FALSE(contains(p.out, "times (s)")) << p.out;
  const auto mj = nlohmann::json::parse(slurp(t / "merged" / "result.json"));
  EXPECT_EQ(mj["total"], k9x9);
  EXPECT_TRUE(mj["threads"].is_null());
  EXPECT_TRUE(mj["times"].is_null());
  EXPECT_TRUE(contains(p.out, "the shards' processes used ")) << p.out;
  EXPECT_TRUE(contains(p.out, "(3 of their 3 sessions recorded it)")) << p.out;
  EXPECT_TRUE(mj["merged"]["cpu_seconds_measured"].is_number());
  EXPECT_EQ(mj["merged"]["sessions_cpu_measured"], 3);
  ASSERT_EQ(mj["merged"]["journals"].size(), 3u);
  EXPECT_EQ(mj["merged"]["journals"][0]["sessions_cpu_measured"], 1);
  // status of the merged result: per shard and in all.
  const std::string st = format_status(job_status(t / "merged"));
  EXPECT_TRUE(contains(st, "CPU time of the shards' processes: ")) << st;
  EXPECT_TRUE(contains(st, "(all 3 sessions)")) << st;
}

std::string merge_error(const std::vector<fs::path>& dirs) {
  try {
    merge_jobs(dirs);
  } catch (const JobCheckError& e) {
    return e.what();
  }
  return "no error";
}

TEST(Merge, RefusesMissingDuplicatedUnfinishedAndForeignShards) {
  TempDir t;
  std::vector<fs::path> d;
  for (std::uint32_t k = 1; k <= 3; ++k) {
    d.push_back(t / ("s" + std::to_string(k)));
    ASSERT_TRUE(run_job(request(d.back(), config("2x3", 20, Shard{k, 3}))).finished);
  }
  EXPECT_TRUE(contains(merge_error({d[0], d[1]}), "missing shard(s) 3/3")) << merge_error({d[0], d[1]});
  EXPECT_TRUE(contains(merge_error({d[0], d[1], d[1]}), "shard 2/3 is given twice")) << merge_error({d[0], d[1], d[1]});
  fs::copy(d[1], t / "copy", fs::copy_options::recursive);
  EXPECT_TRUE(contains(merge_error({d[0], d[1], t / "copy", d[2]}), "shard 2/3 is given twice"));
  // Another job: another slicing, so another fingerprint.
  ASSERT_TRUE(run_job(request(t / "other", config("2x3", 21, Shard{3, 3}))).finished);
  EXPECT_TRUE(contains(merge_error({d[0], d[1], t / "other"}), "are shards of different jobs"))
      << merge_error({d[0], d[1], t / "other"});
  // Same job, other number of shards.
  ASSERT_TRUE(run_job(request(t / "of4", config("2x3", 20, Shard{3, 4}))).finished);
  EXPECT_TRUE(contains(merge_error({d[0], d[1], t / "of4"}), "different numbers of shards"));
  // An unfinished shard.
  JobRequest r = request(t / "part", config("2x3", 20, Shard{3, 3}));
  r.stop = stop_after(5);
  ASSERT_FALSE(run_job(r).finished);
  const std::string e = merge_error({d[0], d[1], t / "part"});
  EXPECT_TRUE(contains(e, "shard 3/3 in " + (t / "part").string() + " is not finished")) << e;
  // CLI: refusals exit 1, a directory without a job exits 2.
  Proc p = run_cli({"merge", d[0].string(), d[1].string()});
  EXPECT_EQ(p.code, 1);
  EXPECT_TRUE(contains(p.err, "missing shard")) << p.err;
  p = run_cli({"merge", d[0].string(), d[1].string(), (t / "nope").string()});
  EXPECT_EQ(p.code, 2);
  EXPECT_TRUE(contains(p.err, "does not exist")) << p.err;
  EXPECT_EQ(merge_jobs(d).result.total.str(), k2x3);
}

// ---- through the binary ----

TEST(JobCli, CountStatusResume) {
  TempDir t;
  const std::string dir = (t / "job").string();
  Proc p = run_cli({"count", "--method", "stack", "--shape", "2x3", "--threads", "2", "--job-dir", dir});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_TRUE(contains(p.out, "total                   " + k2x3));
  EXPECT_TRUE(contains(p.err, "starting job " + dir)) << p.err;
  p = run_cli({"status", dir, "--json"});
  ASSERT_EQ(p.code, 0) << p.err;
  const auto s = nlohmann::json::parse(p.out);
  EXPECT_EQ(s["finished"], true);
  EXPECT_EQ(s["running"], false);
  EXPECT_EQ(s["units_done"], s["units_total"]);
  EXPECT_EQ(s["total"], k2x3);
  p = run_cli({"status", dir});
  EXPECT_TRUE(contains(p.out, "running: no"));
  EXPECT_TRUE(contains(p.out, "\nfinished ")) << p.out;  // when and by which binary, from result.json
  EXPECT_TRUE(contains(p.out, " UTC by gridenum ")) << p.out;
  EXPECT_TRUE(contains(p.out, "): total " + k2x3)) << p.out;
  EXPECT_TRUE(contains(p.out, "; process CPU of its last session ")) << p.out;
  p = run_cli({"resume", dir, "--json"});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_EQ(nlohmann::json::parse(p.out)["total"], k2x3);
  p = run_cli({"count", "--method", "stack", "--shape", "2x3", "--job-dir", dir});
  EXPECT_EQ(p.code, 2);
  EXPECT_TRUE(contains(p.err, "already holds a job")) << p.err;
}

// A forged record, end to end through the binary: a journal record re-checksummed with the
// journal's (unkeyed) FNV-1a makes `resume` print a wrong 9x9 total, and a shard's makes `merge`
// print a wrong 6x6 one. The checksum cannot see either; `verify result` recomputes the whole count
// by the signature method and FAILs (exit 1), naming the class.
void forge_unit(const fs::path& journal, std::uint64_t id) {
  std::string text = slurp(journal);
  const std::string key = "\nU " + std::to_string(id) + " ";
  const std::size_t at = text.find(key);
  ASSERT_NE(at, std::string::npos) << journal;
  const std::size_t end = text.find('\n', at + 1);
  std::istringstream rec(text.substr(at + 1, end - at - 1));
  std::string tag, uid, count, ms;
  rec >> tag >> uid >> count >> ms;
  text.replace(at + 1, end - at, journal_line("U " + uid + " " + std::to_string(std::stoull(count) + 12) + " " + ms));
  spit(journal, text);
}

TEST(JobCli, ForgedRecordsGiveWrongTotalsThatVerifyFails) {
  TempDir t;
  const std::string dir = (t / "job").string();
  ASSERT_EQ(run_cli({"count", "--method", "stack", "--threads", "2", "--job-dir", dir}).code, 0);
  ASSERT_EQ(run_cli({"verify", "result", dir}).code, 0);
  forge_unit(t / "job" / "journal", 100);  // class 5 (24 slices per class)
  fs::remove(t / "job" / "result.json");
  fs::remove(t / "job" / "result.txt");
  Proc p = run_cli({"resume", dir, "--json"});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_NE(nlohmann::json::parse(p.out)["total"], k9x9);  // the journal is believed
  p = run_cli({"verify", "result", dir, "--sample", "20", "--seed", "4"});
  EXPECT_EQ(p.code, 1) << p.out;
  EXPECT_TRUE(contains(p.out, "class 5 n: document ")) << p.out;
  EXPECT_TRUE(contains(p.out, "but signature " + k9x9)) << p.out;
  EXPECT_TRUE(contains(p.out, "FAIL")) << p.out;

  // Through one shard of a 2x3 job, merged with --output.
  for (const char* k : {"1/2", "2/2"})
    ASSERT_EQ(run_cli({"count", "--method", "stack", "--shape", "2x3", "--threads", "1", "--shard", k, "--job-dir",
                       (t / (std::string("s") + k[0])).string()}).code, 0);
  forge_unit(t / "s2" / "journal", 3);  // unit 3 belongs to shard 2/2
  p = run_cli({"merge", (t / "s1").string(), (t / "s2").string(), "--output", (t / "merged").string(), "--json"});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_NE(nlohmann::json::parse(p.out)["total"], k2x3);
  p = run_cli({"verify", "result", (t / "merged" / "result.json").string(), "--json"});
  EXPECT_EQ(p.code, 1) << p.out;
  const auto v = nlohmann::json::parse(p.out);
  EXPECT_EQ(v["pass"], false);
  EXPECT_EQ(v["verdict"].get<std::string>().rfind("FAIL", 0), 0u);
  // The shard that came from elsewhere, recounted unit by unit: the forged unit is named.
  p = run_cli({"verify", "result", (t / "merged" / "result.json").string(), "--shard", "2/2", "--recompute", "sample"});
  EXPECT_EQ(p.code, 1) << p.out;
  EXPECT_TRUE(contains(p.out, "unit 3 (class 1): document ")) << p.out;
  p = run_cli({"verify", "result", (t / "merged" / "result.json").string(), "--shard", "1/2", "--recompute", "sample"});
  EXPECT_EQ(p.code, 0) << p.out;  // shard 1's units are honest; only the sample was recomputed
  EXPECT_TRUE(contains(p.out, "PASS (sampled: 120 of 240 units of shard 1/2")) << p.out;
}

TEST(JobCli, LockedJobIsRefusedNamingTheHolder) {
  TempDir t;
  const std::string dir = (t / "job").string();
  ASSERT_EQ(run_cli({"count", "--shape", "2x2", "--job-dir", dir}).code, 0);
  const JobLock held = JobLock::acquire(dir, "the test");
  Proc p = run_cli({"resume", dir});
  EXPECT_EQ(p.code, 3);
  EXPECT_TRUE(contains(p.err, "locked by process " + std::to_string(::getpid()) + " (the test)")) << p.err;
  p = run_cli({"status", dir});
  EXPECT_EQ(p.code, 0);
  EXPECT_TRUE(contains(p.out, "running: yes, process " + std::to_string(::getpid()))) << p.out;
}

TEST(JobCli, MissingOrUnreadableDirectory) {
  TempDir t;
  Proc p = run_cli({"resume", (t / "missing").string()});
  EXPECT_EQ(p.code, 2);
  EXPECT_TRUE(contains(p.err, "no job in " + (t / "missing").string() + ": the directory does not exist")) << p.err;
  EXPECT_EQ(run_cli({"status", (t / "missing").string()}).code, 2);
  spit(t / "file", "x");
  p = run_cli({"resume", (t / "file").string()});
  EXPECT_EQ(p.code, 2);
  EXPECT_TRUE(contains(p.err, "not a directory")) << p.err;
  p = run_cli({"count", "--shape", "2x2", "--job-dir", (t / "file").string()});
  EXPECT_EQ(p.code, 2);

  // Unreadable: a job directory with no permissions for the user running gridenum. Root reads
  // everything, so as root the child drops to nobody first.
  const std::string dir = (t / "job").string();
  ASSERT_EQ(run_cli({"count", "--shape", "2x2", "--job-dir", dir}).code, 0);
  fs::permissions(t.path, fs::perms::others_exec, fs::perm_options::add);
  fs::permissions(dir, fs::perms::none);
  const auto as_other = [] {
    if (::geteuid() == 0) {
      if (::setgid(65534) != 0 || ::setuid(65534) != 0) ::_exit(126);
    }
  };
  // The other user must be able to run the binary at all. The build folder may sit under a
  // folder only its owner can search (a clone in `mktemp -d`, which makes 0700 folders), where
  // the exec would fail (127) for that reason, not gridenum's: so nobody runs a copy of the
  // binary in t, which it can search.
  const fs::path bin = t / "gridenum";
  fs::copy_file(GRIDENUM_BINARY, bin);
  fs::permissions(bin, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                           fs::perms::others_read | fs::perms::others_exec);
  const Proc probe = run_cli({"--version"}, as_other, bin.string());
  ASSERT_EQ(probe.code, 0) << "user nobody cannot run " << bin << " (exit " << probe.code << ") " << probe.err;
  p = run_cli({"resume", dir}, as_other, bin.string());
  EXPECT_EQ(p.code, 3) << p.err;
  EXPECT_TRUE(contains(p.err, "Permission denied")) << p.err;
  EXPECT_TRUE(contains(p.err, dir)) << p.err;
  p = run_cli({"status", dir}, as_other, bin.string());
  EXPECT_EQ(p.code, 3) << p.err;
  fs::permissions(dir, fs::perms::owner_all);
}

// A finished job whose journal the test then damages; returns the directory.
fs::path finished_job(const TempDir& t, const std::string& name) {
  const fs::path dir = t / name;
  const Proc p = run_cli({"count", "--method", "stack", "--shape", "2x3", "--slices", "20", "--job-dir", dir.string()});
  EXPECT_EQ(p.code, 0) << p.err;
  fs::remove(dir / "result.txt");
  fs::remove(dir / "result.json");
  return dir;
}

// Byte offset of the start of 1-based line `n`.
std::size_t line_start(const std::string& s, int n) {
  std::size_t at = 0;
  for (int i = 1; i < n; ++i) at = s.find('\n', at) + 1;
  return at;
}

namespace {
// Writes `journal` back with its last record, which must be of `kind` ("U ", "C "), cut short by
// `bytes` (a process killed while writing it), and resumes the job.
Proc resume_after_torn_record(const fs::path& dir, std::string journal, const std::string& kind, std::size_t bytes) {
  EXPECT_EQ(journal.substr(journal.rfind('\n', journal.size() - 2) + 1, 2), kind);
  journal.resize(journal.size() - bytes);
  spit(dir / "journal", journal);
  return run_cli({"resume", dir.string()});
}
}  // namespace

TEST(JobCli, TornTailIsDroppedAndTheUnitRecounted) {
  TempDir t;
  const fs::path dir = finished_job(t, "job");
  const auto units = raw_journal_units(dir / "journal").size();
  // The session's CPU time records after the last unit first (a killed process wrote none yet),
  // then the last unit's record cut in half.
  Proc p = resume_after_torn_record(dir, without_trailing_cpu_records(slurp(dir / "journal")), "U ", 20);
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_TRUE(contains(p.err, "is incomplete: a torn write, dropped; its unit is counted again")) << p.err;
  EXPECT_TRUE(contains(p.err, "1 unit counted in this session")) << p.err;
  EXPECT_TRUE(contains(p.out, k2x3));
  expect_each_unit_once(dir, units);
}

// A torn CPU time record (the process killed while writing the session's last one): dropped, no
// unit counted again, the total the same.
TEST(JobCli, TornCpuTimeRecordLosesNoUnit) {
  TempDir t;
  const fs::path dir = finished_job(t, "job");
  Proc p = resume_after_torn_record(dir, slurp(dir / "journal"), "C ", 10);
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_TRUE(contains(p.err, "a torn write, dropped (a CPU time record: no unit is lost)")) << p.err;
  EXPECT_TRUE(contains(p.err, "0 units counted in this session")) << p.err;
  EXPECT_TRUE(contains(p.out, k2x3));
}

TEST(JobCli, FlippedByteStopsWithFileAndLine) {
  TempDir t;
  const fs::path dir = finished_job(t, "job");
  std::string s = slurp(dir / "journal");
  const std::size_t at = line_start(s, 10);
  s[at + 2] = s[at + 2] == '7' ? '8' : '7';  // the unit id of line 10
  spit(dir / "journal", s);
  Proc p = run_cli({"resume", dir.string()});
  EXPECT_EQ(p.code, 3);
  EXPECT_TRUE(contains(p.err, "journal " + (dir / "journal").string() + ", line 10: bad checksum")) << p.err;
  EXPECT_FALSE(fs::exists(dir / "result.txt"));
  p = run_cli({"status", dir.string()});
  EXPECT_EQ(p.code, 3);
  EXPECT_TRUE(contains(p.err, "line 10: bad checksum")) << p.err;
}

TEST(JobCli, DuplicateRecords) {
  TempDir t;
  const fs::path dir = finished_job(t, "job");
  const std::string s = slurp(dir / "journal");
  const std::string line5 = s.substr(line_start(s, 5), line_start(s, 6) - line_start(s, 5));
  // The same record again: harmless, counted once, with a warning.
  spit(dir / "journal", s + line5);
  Proc p = run_cli({"resume", dir.string()});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_TRUE(contains(p.err, "recorded again (first on line 5) with the same count; counted once")) << p.err;
  EXPECT_TRUE(contains(p.out, k2x3));
  // The same unit with another count (and a valid checksum): an error naming both lines.
  std::istringstream fields(line5);
  std::string type, id, count, ms;
  fields >> type >> id >> count >> ms;
  spit(dir / "journal", s + journal_line("U " + id + " " + std::to_string(std::stoull(count) + 1) + " " + ms) + line5);
  p = run_cli({"resume", dir.string()});
  EXPECT_EQ(p.code, 3);
  EXPECT_TRUE(contains(p.err, "recorded again with count " + std::to_string(std::stoull(count) + 1) + ", but line 5 has " + count))
      << p.err;
}

TEST(JobCli, WrongFingerprintStops) {
  TempDir t;
  const fs::path dir = finished_job(t, "job");
  // The config edited under the journal: another slicing.
  std::string c = slurp(dir / "config.toml");
  c.replace(c.find("slices_per_class = 20"), 21, "slices_per_class = 21");
  spit(dir / "config.toml", c);
  Proc p = run_cli({"resume", dir.string()});
  EXPECT_EQ(p.code, 3);
  EXPECT_TRUE(contains(p.err, "journal " + (dir / "journal").string() + ", line 1: fingerprint")) << p.err;
  EXPECT_TRUE(contains(p.err, "belongs to another job")) << p.err;
  // Another job's journal copied in.
  const fs::path other = finished_job(t, "other");
  c.replace(c.find("slices_per_class = 21"), 21, "slices_per_class = 20");
  spit(dir / "config.toml", c);
  ASSERT_EQ(run_cli({"count", "--shape", "3x2", "--job-dir", (t / "third").string()}).code, 0);
  fs::copy_file(t / "third" / "journal", dir / "journal", fs::copy_options::overwrite_existing);
  p = run_cli({"resume", dir.string()});
  EXPECT_EQ(p.code, 3);
  EXPECT_TRUE(contains(p.err, "belongs to another job")) << p.err;
  (void)other;
}

// A full disk (a file size limit in the child, as `ulimit -f` sets it; gridenum itself ignores
// the SIGXFSZ that would otherwise kill it, so the write fails with EFBIG): the job stops with an
// error naming the file and how to continue; finished units are kept; resume gives the right total.
TEST(JobCli, FullDiskStopsCleanlyAndResumes) {
  TempDir t;
  const std::string dir = (t / "job").string();
  Proc p = run_cli({"count", "--method", "stack", "--slices", "100", "--threads", "2", "--job-dir", dir}, [] {
    ::signal(SIGXFSZ, SIG_DFL);
    rlimit lim{8192, 8192};
    ::setrlimit(RLIMIT_FSIZE, &lim);
  });
  EXPECT_EQ(p.code, 3) << p.err;
  EXPECT_TRUE(contains(p.err, "File too large")) << p.err;
  EXPECT_TRUE(contains(p.err, (t / "job" / "journal").string())) << p.err;
  EXPECT_TRUE(contains(p.err, "gridenum resume " + dir)) << p.err;
  EXPECT_FALSE(fs::exists(t / "job" / "result.txt"));
  const JournalContents j = read_journal(t / "job" / "journal");
  EXPECT_GT(j.units.size(), 0u);
  p = run_cli({"resume", dir});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_TRUE(contains(p.out, k9x9));
  expect_each_unit_once(t / "job", 4400);
}

// SIGINT and SIGTERM on a real job (kStoppable9x9Config, job_fixtures.hpp: every session below is
// stopped with work left and the last one runs long enough to log progress): exit 130 with a
// clear message, the journal flushed and clean, resume finishes with the partition kernel's
// counts, unit for unit. Progress log lines appear when stderr is not a terminal.
TEST(JobCli, SignalsStopCleanlyAndResumeFinishes) {
  TempDir t;
  const fs::path dir = t / "job";
  spit(t / "job.toml", kStoppable9x9Config);
  const fs::path out = t / "out", err = t / "err";
  pid_t pid = spawn_cli({"count", "--config", (t / "job.toml").string(), "--job-dir", dir.string()}, out, err);
  ASSERT_TRUE(wait_for_units(dir / "journal", 20, 60));
  // status while it runs: the running process, throughput and an ETA.
  const Proc st = run_cli({"status", dir.string(), "--json"});
  ASSERT_EQ(st.code, 0) << st.err;
  const auto sj = nlohmann::json::parse(st.out);
  EXPECT_EQ(sj["running"], true);
  EXPECT_EQ(sj["pid"], pid);
  EXPECT_EQ(sj["units_total"], 998);
  EXPECT_GT(sj["rate_last_session"].get<double>(), 0);
  EXPECT_TRUE(sj["eta_seconds"].is_number()) << st.out;
  ::kill(pid, SIGINT);
  Proc p = wait_cli(pid, out, err);
  EXPECT_EQ(p.code, 130) << p.err;
  EXPECT_TRUE(contains(p.err, "interrupted by SIGINT")) << p.err;
  EXPECT_TRUE(contains(p.err, "continue with: gridenum resume " + dir.string())) << p.err;
  JournalContents j = read_journal(dir / "journal");
  EXPECT_FALSE(j.torn_tail);
  const std::size_t after_int = j.units.size();
  EXPECT_LT(after_int, 998u);

  pid = spawn_cli({"resume", dir.string()}, out, err);
  ASSERT_TRUE(wait_for_units(dir / "journal", after_int + 20, 60));
  ::kill(pid, SIGTERM);
  p = wait_cli(pid, out, err);
  EXPECT_EQ(p.code, 130) << p.err;
  EXPECT_TRUE(contains(p.err, "interrupted by SIGTERM")) << p.err;
  j = read_journal(dir / "journal");
  EXPECT_FALSE(j.torn_tail);
  EXPECT_GT(j.units.size(), after_int);

  // Two Ctrl-C in a row: the second stops at once (units in progress dropped), still exit 130.
  pid = spawn_cli({"resume", dir.string()}, out, err);
  ASSERT_TRUE(wait_for_units(dir / "journal", j.units.size() + 10, 60));
  ::kill(pid, SIGINT);
  ::kill(pid, SIGINT);
  p = wait_cli(pid, out, err);
  EXPECT_EQ(p.code, 130) << p.err;
  EXPECT_NO_THROW(read_journal(dir / "journal"));

  p = run_cli({"resume", dir.string()});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_TRUE(contains(p.err, "progress: ")) << p.err;
  EXPECT_TRUE(contains(p.out, "partial run: 998 of 1,596,672 work units counted")) << p.out;
  expect_each_unit_once(dir, kStoppable9x9Units);
  const auto ref = stoppable_9x9_reference();
  j = read_journal(dir / "journal");
  ASSERT_EQ(j.units.size(), ref.size());
  for (const auto& u : j.units) EXPECT_EQ(u.count, ref.at(u.id)) << "unit " << u.id;
  EXPECT_EQ(j.sessions.size(), 4u);
}

}  // namespace
