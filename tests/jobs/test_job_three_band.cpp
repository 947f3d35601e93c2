// Three-band jobs: the route of 4x3 / 3x4 runs as a checkpointed job with the same journal, resume,
// shards, merge, status and dry run as the other methods. Checked on 3x3 and on 3x2 (through its
// transpose 2x3), where a job is milliseconds: the totals against the stack method's count of the
// same shape, a code path that shares nothing with the three-band route.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <set>
#include <sstream>

#include "gridenum/count/stack/count.hpp"
#include "gridenum/count/three_band/three_band_run.hpp"
#include "gridenum/jobs/job.hpp"
#include "gridenum/jobs/job_errors.hpp"
#include "gridenum/jobs/journal.hpp"
#include "gridenum/jobs/merge.hpp"
#include "gridenum/jobs/plan_cost.hpp"
#include "gridenum/jobs/status.hpp"
#include "job_fixtures.hpp"

using namespace gridenum;
using namespace gridenum::testing;

namespace {

TEST(JobThreeBand, RunsToTheStackMethodsTotal) {
  TempDir t;
  for (const char* shape : {"3x3", "3x2", "2x3"}) {
    const std::string expected = stack_total(shape);
    const fs::path dir = t / shape;
    const JobOutcome o = run_job(request(dir, method_config(shape, MethodId::ThreeBand)));
    ASSERT_TRUE(o.finished) << dir;
    EXPECT_TRUE(o.result.complete);
    EXPECT_EQ(o.result.total.str(), expected) << shape;
    EXPECT_EQ(o.header.units, o.header.classes);  // one unit per signature class
    EXPECT_EQ(o.units_computed, o.units_total);
    const auto ids = raw_journal_units(dir / "journal");
    EXPECT_EQ(std::set<std::uint32_t>(ids.begin(), ids.end()).size(), o.units_total);
    const auto j = nlohmann::json::parse(slurp(dir / "result.json"));
    EXPECT_EQ(j["total"], expected);
    EXPECT_EQ(j["method"], "three-band");
    EXPECT_TRUE(contains(slurp(dir / "journal"), "kernel=three-band"));
    EXPECT_EQ(load_config(dir / "config.toml").method, MethodId::ThreeBand);
  }
  EXPECT_EQ(stack_total("3x3"), "6670903752021072936960");
}

TEST(JobThreeBand, AutoResolution) {
  EXPECT_EQ(resolve_method(Shape{4, 3}, std::nullopt).id, MethodId::ThreeBand);
  EXPECT_EQ(resolve_method(Shape{3, 4}, std::nullopt).id, MethodId::ThreeBand);
  EXPECT_EQ(resolve_method(Shape{3, 3}, std::nullopt).id, MethodId::BandPair);
  EXPECT_FALSE(method_shape_error(Shape{4, 3}, std::nullopt).has_value());
  EXPECT_FALSE(method_shape_error(Shape{3, 3}, MethodId::ThreeBand).has_value());
  EXPECT_TRUE(method_shape_error(Shape{2, 5}, MethodId::ThreeBand).has_value());
  EXPECT_TRUE(method_shape_error(Shape{5, 3}, MethodId::ThreeBand).has_value());
  EXPECT_TRUE(method_shape_error(Shape{6, 2}, MethodId::ThreeBand).has_value());
  EXPECT_FALSE(count_shape_error(Shape{3, 4}).has_value());
}

// A stop is heard between chunks and inside a chunk's sum (the chunk is then abandoned). Stopped
// at its k-th question for a spread of k -- before anything, inside the first chunk, between and
// inside later ones -- a job keeps only whole classes, and its resumption counts each class once
// and gives the total.
TEST(JobThreeBand, StoppedThenResumedCountsEachClassOnce) {
  bool some_partial = false;
  for (int k : {1, 2, 5, 40, 400, 4000}) {
    SCOPED_TRACE(k);
    TempDir t;
    JobRequest r = request(t / "job", method_config("3x3", MethodId::ThreeBand));
    auto polls = std::make_shared<std::atomic<int>>(0);
    r.stop = [polls, k] { return ++*polls >= k; };
    const JobOutcome first = run_job(r);
    if (first.finished) continue;  // k beyond the questions of a whole run
    EXPECT_LT(first.units_done, first.units_total);
    some_partial = some_partial || first.units_done > 0;
    EXPECT_FALSE(fs::exists(t / "job" / "result.txt"));
    EXPECT_EQ(raw_journal_units(t / "job" / "journal").size(), first.units_done);
    const JobOutcome second = run_job(request(t / "job", {}, true));
    ASSERT_TRUE(second.finished);
    EXPECT_EQ(second.units_done_before, first.units_done);
    EXPECT_EQ(second.units_computed + first.units_done, second.units_total);
    EXPECT_EQ(second.result.total.str(), "6670903752021072936960");
    // Classes read from the journal are marked so in the result.
    if (first.units_done > 0) {
      EXPECT_TRUE(contains(second.result.text, "(journal)")) << second.result.text;
    }
    const auto ids = raw_journal_units(t / "job" / "journal");
    EXPECT_EQ(std::set<std::uint32_t>(ids.begin(), ids.end()).size(), ids.size());
    EXPECT_EQ(ids.size(), second.units_total);
    const JobStatus s = job_status(t / "job");
    EXPECT_EQ(s.units_done, s.units_total);
    // Resuming the finished job counts nothing.
    const JobOutcome third = run_job(request(t / "job", {}, true));
    EXPECT_EQ(third.units_computed, 0u);
    EXPECT_EQ(third.result.total.str(), "6670903752021072936960");
  }
  EXPECT_TRUE(some_partial);  // some k stopped the job after some classes and before the last
}

TEST(JobThreeBand, ShardsMergeToTheTotal) {
  TempDir t;
  std::vector<fs::path> dirs;
  for (std::uint32_t k = 1; k <= 3; ++k) {
    dirs.push_back(t / ("s" + std::to_string(k)));
    const JobOutcome o = run_job(request(dirs.back(), method_config("3x3", MethodId::ThreeBand, Shard{k, 3})));
    ASSERT_TRUE(o.finished);
    EXPECT_FALSE(o.result.complete);
  }
  const MergeResult m = merge_jobs({dirs[2], dirs[0], dirs[1]});
  EXPECT_EQ(m.result.total.str(), "6670903752021072936960");
  // A stack-method shard of the same shape has another fingerprint: refused.
  JobConfig other = method_config("3x3", MethodId::ThreeBand, Shard{3, 3});
  other.method = MethodId::Stack;
  const fs::path o = t / "stack-s3";
  ASSERT_TRUE(run_job(request(o, other)).finished);
  EXPECT_THROW(merge_jobs({dirs[0], dirs[1], o}), JobCheckError);
}

// The F table a job's units come from is journalled (a T record with its SHA-256) before them; a
// later session whose table has another digest is refused, naming both; a merge of shards whose
// journals name different tables is refused; the merged result names the one table.
namespace {
// Rewrites the journal's T records with another digest (their record checksums recomputed).
void forge_table_records(const fs::path& jp, const std::string& digest) {
  std::istringstream in(slurp(jp));
  std::string out, line;
  int forged = 0;
  while (std::getline(in, line)) {
    if (line.rfind("T sha256=", 0) == 0) {
      out += journal_line("T sha256=" + digest);
      ++forged;
    } else {
      out += line + "\n";
    }
  }
  ASSERT_GT(forged, 0);
  spit(jp, out);
}
}  // namespace

TEST(JobThreeBand, TheTableIsJournalledAndAnotherIsRefused) {
  TempDir t;
  // Stopped part-way with some classes journalled: at the k-th poll, for the first k that does it.
  JobOutcome first;
  for (int k : {100, 400, 1000, 4000, 10000}) {
    fs::remove_all(t / "job");
    JobRequest r = request(t / "job", method_config("3x3", MethodId::ThreeBand));
    auto polls = std::make_shared<std::atomic<int>>(0);
    r.stop = [polls, k] { return ++*polls >= k; };
    first = run_job(r);
    if (!first.finished && first.units_done > 0) break;
  }
  ASSERT_FALSE(first.finished);
  ASSERT_GT(first.units_done, 0u);
  const JournalContents j = read_journal(t / "job" / "journal");
  ASSERT_EQ(j.tables.size(), 1u);
  EXPECT_EQ(j.tables[0].sha256, "d191236b8a51e0b80c98f596544f9f3b7d28dc83d0ad8fd345b61ecfbfbccec2");
  EXPECT_LT(j.tables[0].line, j.units.front().line);  // before the units counted with it
  const std::string other(64, 'a');
  forge_table_records(t / "job" / "journal", other);
  try {
    run_job(request(t / "job", {}, true));
    ADD_FAILURE() << "a session with another table was not refused";
  } catch (const JobCheckError& e) {
    EXPECT_TRUE(contains(e.what(), "is not the one this job's earlier units were counted with (SHA-256 " + other)) << e.what();
  }
  forge_table_records(t / "job" / "journal", j.tables[0].sha256);
  const JobOutcome second = run_job(request(t / "job", {}, true));
  ASSERT_TRUE(second.finished);
  EXPECT_EQ(second.result.total.str(), "6670903752021072936960");
  EXPECT_EQ(read_journal(t / "job" / "journal").tables.size(), 2u);  // one per session that counted
}

TEST(JobThreeBand, ShardsOfDifferentTablesAreNotMerged) {
  TempDir t;
  std::vector<fs::path> dirs;
  for (std::uint32_t k = 1; k <= 2; ++k) {
    dirs.push_back(t / ("s" + std::to_string(k)));
    ASSERT_TRUE(run_job(request(dirs.back(), method_config("3x3", MethodId::ThreeBand, Shard{k, 2}))).finished);
  }
  EXPECT_EQ(merge_jobs(dirs).table_sha256, "d191236b8a51e0b80c98f596544f9f3b7d28dc83d0ad8fd345b61ecfbfbccec2");
  forge_table_records(dirs[1] / "journal", std::string(64, 'b'));
  try {
    merge_jobs(dirs);
    ADD_FAILURE() << "shards of two tables were merged";
  } catch (const JobCheckError& e) {
    EXPECT_TRUE(contains(e.what(), "counted from different F tables")) << e.what();
    EXPECT_TRUE(contains(e.what(), std::string(64, 'b'))) << e.what();
  }
}

// The F table cache (count/three_band/three_band_cache.hpp) of a job: by default in the job directory; with
// table_cache_dir in a directory jobs share (the shards of an array), where the second job reads
// what the first wrote; with table_cache = false nowhere. The result says which.
TEST(JobThreeBand, TableCacheInTheJobOrASharedDirectory) {
  TempDir t;
  const JobOutcome own = run_job(request(t / "own", method_config("3x3", MethodId::ThreeBand)));
  ASSERT_TRUE(own.finished);
  EXPECT_TRUE(fs::exists(t / "own" / "three-band-3x3.ftab"));
  EXPECT_TRUE(contains(own.result.text, "F table built and written to " + (t / "own" / "three-band-3x3.ftab").string()));

  JobConfig shared = method_config("3x3", MethodId::ThreeBand, Shard{1, 2});
  shared.table_cache_dir = (t / "tables").string();
  const JobOutcome a = run_job(request(t / "a", shared));
  shared.shard = Shard{2, 2};
  const JobOutcome b = run_job(request(t / "b", shared));
  ASSERT_TRUE(a.finished && b.finished);
  EXPECT_FALSE(fs::exists(t / "a" / "three-band-3x3.ftab"));
  EXPECT_TRUE(fs::exists(t / "tables" / "three-band-3x3.ftab"));
  EXPECT_TRUE(contains(a.result.text, "F table built and written to")) << a.result.text;
  EXPECT_TRUE(contains(b.result.text, "F table read from " + (t / "tables" / "three-band-3x3.ftab").string())) << b.result.text;
  EXPECT_EQ(merge_jobs({t / "a", t / "b"}).result.total.str(), "6670903752021072936960");

  JobConfig none = method_config("3x3", MethodId::ThreeBand);
  none.table_cache = false;
  const JobOutcome n = run_job(request(t / "none", none));
  ASSERT_TRUE(n.finished);
  EXPECT_FALSE(fs::exists(t / "none" / "three-band-3x3.ftab"));
  EXPECT_TRUE(contains(n.result.text, "no table cache"));
  EXPECT_EQ(n.result.total.str(), "6670903752021072936960");
}

TEST(JobThreeBand, DryRunAndCli) {
  const PlanCost c = measure_plan_cost(method_config("3x3", MethodId::ThreeBand), 0.05);
  EXPECT_EQ(c.method, "three-band");
  EXPECT_EQ(c.units, 44u);
  EXPECT_GT(c.sampled_units, 0u);
  EXPECT_TRUE(contains(c.sampling, "prefix-group chunks")) << c.sampling;  // whole chunks, not lone classes
  EXPECT_GT(c.projected_cpu_seconds, 0.0);
  // Shards split prefix groups, so their chunks are smaller: the projection of a shard comes from
  // its own chunks under the fitted chunk model, and M shards cost at least the whole in all.
  const PlanCost w = measure_plan_cost(method_config("3x3", MethodId::ThreeBand), 0.05, 1, PlanTarget{5, 8});
  EXPECT_EQ(w.nodes, 5u);
  EXPECT_EQ(w.node_cores, 8u);
  EXPECT_TRUE(contains(w.shard_model, "chunk cost model")) << w.shard_model;
  EXPECT_TRUE(contains(w.sampling, "G CPU-seconds")) << w.sampling;
  EXPECT_GE(w.max_shard_cpu_seconds * 5, w.projected_cpu_seconds * (1 - 1e-9));
  EXPECT_LE(w.max_shard_cpu_seconds, w.projected_cpu_seconds * (1 + 1e-9));
  EXPECT_DOUBLE_EQ(w.wall_seconds_nodes, w.plan_seconds + w.max_shard_cpu_seconds / 8);
  TempDir t;
  Proc p = run_cli({"count", "--shape", "2x3", "--method", "three-band", "--job-dir", (t / "j").string(), "--json"});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_EQ(nlohmann::json::parse(p.out)["total"], "28200960");
  p = run_cli({"status", (t / "j").string()});
  EXPECT_EQ(p.code, 0) << p.err;
  EXPECT_TRUE(contains(p.out, "three-band")) << p.out;
  p = run_cli({"count", "--shape", "3x3", "--method", "three-band", "--dry-run", "--sample-seconds", "0.05", "--nodes", "3",
               "--node-cores", "8", "--json"});
  ASSERT_EQ(p.code, 0) << p.err;
  const auto plan = nlohmann::json::parse(p.out);
  EXPECT_EQ(plan["nodes"], 3);
  EXPECT_EQ(plan["node_cores"], 8);
  EXPECT_GT(plan["wall_seconds_nodes"].get<double>(), 0.0);
  // The projection's options belong to the dry run.
  p = run_cli({"count", "--shape", "2x2", "--nodes", "3"});
  EXPECT_EQ(p.code, 2);
  EXPECT_TRUE(contains(p.err, "applies to --dry-run only")) << p.err;
  p = run_cli({"count", "--shape", "2x2", "--dry-run", "--node-cores", "0"});
  EXPECT_EQ(p.code, 2);
  EXPECT_TRUE(contains(p.err, "--node-cores")) << p.err;
  // Stack-only options are refused with the three-band route.
  p = run_cli({"count", "--shape", "4x3", "--slices", "4", "--job-dir", (t / "k").string()});
  EXPECT_EQ(p.code, 2);
  EXPECT_TRUE(contains(p.err, "--slices applies to the stack and band-pair methods, not to three-band")) << p.err;
  EXPECT_FALSE(fs::exists(t / "k"));
}

}  // namespace

// Memory stated up front and bounded: a job says what its tables take against its limit before
// counting; a limit below them is refused before any table is built and before the job writes its
// config or journal (so the same directory takes the job again); a resume may set its own limit;
// the dry run says it too, with the peak it measured.
TEST(JobThreeBand, MemoryIsStatedUpFrontAndALimitBelowTheTablesIsRefused) {
  TempDir t;
  const std::string dir = (t / "j").string();
  Proc p = run_cli({"count", "--shape", "3x3", "--method", "three-band", "--job-dir", dir, "--memory-limit", "100K"});
  EXPECT_EQ(p.code, 3) << p.err;
  EXPECT_TRUE(contains(p.err, "the 3x3 three-band tables need 824 KiB, more than the memory limit of 100 KiB")) << p.err;
  EXPECT_TRUE(contains(p.err, "--memory-limit")) << p.err;
  EXPECT_FALSE(fs::exists(t / "j" / "journal"));
  EXPECT_FALSE(fs::exists(t / "j" / "config.toml"));
  // Nothing left behind: not the lock, not the log, not the directory the command made.
  EXPECT_FALSE(fs::exists(t / "j")) << "the refused job left its directory";
  fs::create_directories(t / "mine");  // a directory the user made stays (emptied of the job's files)
  p = run_cli({"count", "--shape", "3x3", "--method", "three-band", "--job-dir", (t / "mine").string(), "--memory-limit", "100K"});
  EXPECT_EQ(p.code, 3) << p.err;
  EXPECT_TRUE(fs::exists(t / "mine"));
  EXPECT_TRUE(fs::is_empty(t / "mine"));
  p = run_cli({"count", "--shape", "3x3", "--method", "three-band", "--job-dir", dir, "--memory-limit", "2M", "--json"});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_EQ(nlohmann::json::parse(p.out)["total"], "6670903752021072936960");
  EXPECT_TRUE(contains(p.err, "memory: the 3x3 three-band tables take 824 KiB (one copy, shared by the")) << p.err;
  EXPECT_TRUE(contains(p.err, "; limit 2 MiB")) << p.err;
  // count's options are the job's config (resume --memory-limit is one session's).
  EXPECT_TRUE(contains(slurp(t / "j" / "config.toml"), "memory_limit = '2097152'")) << slurp(t / "j" / "config.toml");
  p = run_cli({"resume", dir, "--memory-limit", "lots"});
  EXPECT_EQ(p.code, 2) << p.err;
  EXPECT_TRUE(contains(p.err, "--memory-limit")) << p.err;
  p = run_cli({"count", "--shape", "3x3", "--method", "three-band", "--dry-run", "--sample-seconds", "0.05", "--json"});
  ASSERT_EQ(p.code, 0) << p.err;
  const auto plan = nlohmann::json::parse(p.out);
  EXPECT_TRUE(contains(plan["memory_plan"].get<std::string>(), "three-band tables take 824 KiB")) << plan["memory_plan"];
  EXPECT_GT(plan["peak_rss_bytes"].get<std::uint64_t>(), 0u);
  EXPECT_GT(plan["memory_limit_bytes"].get<std::uint64_t>(), 0u);
}

namespace {

// The text status of a job with many classes of one unit each (4x3: 144,578) is a screen of
// class ranges, their sums exact; a job of few classes keeps a line per class.
TEST(JobThreeBand, StatusOfManyClassesIsByRanges) {
  JobStatus s;
  s.config = method_config("4x3", MethodId::ThreeBand);
  s.started = true;
  s.units_total = 1000;
  s.units_done = 130;
  for (std::uint32_t c = 0; c < 1000; ++c) s.classes.push_back({c, c < 130 ? 1u : 0u, 1u});
  const std::string text = format_status(s);
  EXPECT_TRUE(contains(text, "per range of 42 classes")) << text;
  EXPECT_TRUE(contains(text, "classes      1 - 42            42 / 42        done")) << text;
  EXPECT_TRUE(contains(text, "classes    127 - 168            4 / 42")) << text;
  EXPECT_TRUE(contains(text, "classes    967 - 1000           0 / 34")) << text;
  EXPECT_FALSE(contains(text, "class  500")) << text;
  EXPECT_LT(std::count(text.begin(), text.end(), '\n'), 40);
  EXPECT_EQ(to_json(s)["classes"].size(), 1000u);  // the JSON keeps every class
  s.classes.resize(44);
  EXPECT_TRUE(contains(format_status(s), "class   44")) << format_status(s);
  // A three-band journal's shards are blocks (shard.hpp): its units are classes in prefix-group
  // order, and status says units.
  s.header.shard.blocks = 44;
  EXPECT_TRUE(contains(format_status(s), "unit   44")) << format_status(s);
  EXPECT_TRUE(contains(format_status(s), "prefix-group order")) << format_status(s);
  EXPECT_EQ(to_json(s)["classes"][43]["unit"], 44);
}

// Three-band shards are blocks of units in prefix-group order (shard.hpp): each shard holds
// consecutive units, so its classes fall into few groups -- at most the groups of the whole plan
// plus one per cut -- where the mod rule would give every shard a piece of nearly every group.
TEST(JobThreeBand, ShardsAreBlocksOfWholeGroups) {
  TempDir t;
  const std::uint32_t m = 4;
  std::uint64_t shard_groups = 0, units = 0, plan_groups = 0;
  std::set<std::uint32_t> all;
  for (std::uint32_t k = 1; k <= m; ++k) {
    const fs::path dir = t / ("s" + std::to_string(k));
    const JobOutcome o = run_job(request(dir, method_config("3x3", MethodId::ThreeBand, Shard{k, m})));
    ASSERT_TRUE(o.finished);
    units = o.header.units;
    EXPECT_EQ(o.header.shard.blocks, o.header.units);
    EXPECT_TRUE(contains(slurp(dir / "journal"), "shard=" + std::to_string(k) + "/4:blocks "));
    const auto ids = raw_journal_units(dir / "journal");
    ASSERT_FALSE(ids.empty());
    const auto [lo, hi] = std::minmax_element(ids.begin(), ids.end());
    EXPECT_EQ(*hi - *lo + 1, ids.size()) << "shard " << k << " is not a block";
    EXPECT_EQ(*lo, (k - 1) * units / m);
    all.insert(ids.begin(), ids.end());
    const auto j = nlohmann::json::parse(slurp(dir / "result.json"));
    std::set<std::uint64_t> groups;
    for (const auto& c : j["classes"]) groups.insert(c["group"].get<std::uint64_t>());
    shard_groups += groups.size();
  }
  EXPECT_EQ(all.size(), units);
  // The whole plan's groups, from a run of every class.
  plan_groups = run_three_band(Shape{3, 3}, 0, 0, 2).groups;
  EXPECT_GT(plan_groups, 1u);
  EXPECT_LE(shard_groups, plan_groups + m - 1);
}

}  // namespace
