// `gridenum symmetry` and `gridenum verify symmetry` end to end, as a user runs them: the text
// table and the JSON document carry the group order, the classes, the fixing classes, the
// total, the answer, the threads and the stage times; usage errors exit 2 with a message naming
// the option; the verify prints PASS and exits 0.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "cli_run.hpp"

using namespace gridenum::testing;

TEST(SymmetryCli, TextAndJson) {
  const Proc t = run_cli({"symmetry", "--shape", "2x2", "--threads", "1"});
  ASSERT_EQ(t.code, 0) << t.err;
  for (const char* want : {"128 symmetries", "conjugacy classes: 20", "essentially different grids: 2", "threads: 1",
                           "transpose", "grids (stack count): 288"})
    EXPECT_TRUE(contains(t.out, want)) << want << "\n" << t.out;

  const Proc j = run_cli({"symmetry", "--shape", "2x3", "--json"});
  ASSERT_EQ(j.code, 0) << j.err;
  const auto doc = nlohmann::json::parse(j.out);
  EXPECT_EQ(doc["essentially_different"], "49");
  EXPECT_EQ(doc["group_order"], 3456);
  EXPECT_EQ(doc["transposition"], false);
  EXPECT_EQ(doc["class_table"].size(), 90u);
  // The kernels that can count each class (a second count picks from them): none listed for the
  // identity, line orbits first for every other; 2x3 has two stacks, so signatures for all but the
  // identity.
  EXPECT_FALSE(doc["class_table"][0].contains("kernels"));
  for (std::size_t i = 1; i < doc["class_table"].size(); ++i) {
    const auto& k = doc["class_table"][i]["kernels"];
    ASSERT_GE(k.size(), 2u) << i;
    EXPECT_EQ(k[0], "line-orbits") << i;
    EXPECT_EQ(k[1], "signatures") << i;
  }
  EXPECT_TRUE(doc["times"].contains("grid_count"));
  EXPECT_GE(doc["threads"].get<int>(), 1);
}

TEST(SymmetryCli, NoTransposeAndMethods) {
  const Proc a = run_cli({"symmetry", "--shape", "2x2", "--no-transpose", "--json"});
  ASSERT_EQ(a.code, 0) << a.err;
  const auto doc = nlohmann::json::parse(a.out);
  EXPECT_EQ(doc["group_order"], 64);
  EXPECT_EQ(doc["transposition"], false);
  for (const char* m : {"line-orbits", "signatures"}) {
    const Proc p = run_cli({"symmetry", "--shape", "3x2", "--method", m});
    EXPECT_EQ(p.code, 0) << m << p.err;
    EXPECT_TRUE(contains(p.out, "essentially different grids: 49")) << m;
  }
}

TEST(SymmetryCli, UsageErrors) {
  Proc p = run_cli({"symmetry", "--shape", "3x4"});
  EXPECT_EQ(p.code, 2);
  EXPECT_TRUE(contains(p.err, "--shape")) << p.err;
  EXPECT_TRUE(contains(p.err, "--classes 2:3315")) << p.err;
  // Without the identity, 3x4's classes are counted (line orbits).
  p = run_cli({"symmetry", "--shape", "3x4", "--classes", "132,136", "--json"});
  EXPECT_EQ(p.code, 0) << p.err;
  const auto j = nlohmann::json::parse(p.out);
  std::size_t counted = 0;
  for (const auto& c : j["class_table"]) counted += c["counted"].get<bool>() ? 1 : 0;
  EXPECT_EQ(counted, 2u);
  p = run_cli({"symmetry", "--shape", "nine"});
  EXPECT_EQ(p.code, 2);
  EXPECT_TRUE(contains(p.err, "RxC")) << p.err;
  p = run_cli({"symmetry", "--shape", "3x3", "--method", "signatures"});
  EXPECT_EQ(p.code, 2);
  EXPECT_TRUE(contains(p.err, "--method")) << p.err;
  p = run_cli({"symmetry", "--method", "guess"});
  EXPECT_EQ(p.code, 2);
  p = run_cli({"symmetry", "--help"});
  EXPECT_EQ(p.code, 0);
  EXPECT_TRUE(contains(p.out, "Burnside")) << p.out;
  EXPECT_TRUE(contains(p.out, "--no-transpose")) << p.out;
}

TEST(SymmetryCli, VerifyPasses) {
  Proc p = run_cli({"verify", "symmetry", "--shape", "2x2"});
  EXPECT_EQ(p.code, 0) << p.out << p.err;
  EXPECT_TRUE(contains(p.out, "PASS")) << p.out;
  EXPECT_TRUE(contains(p.out, "figures compared, all agree")) << p.out;  // the summary
  p = run_cli({"verify", "symmetry", "--shape", "2x2", "--verbose"});
  EXPECT_EQ(p.code, 0) << p.out << p.err;
  EXPECT_TRUE(contains(p.out, "essentially different grids")) << p.out;  // every figure
  p = run_cli({"verify", "symmetry", "--shape", "2x2", "--json"});
  EXPECT_EQ(p.code, 0) << p.out << p.err;
  EXPECT_TRUE(contains(p.out, "\"essentially different grids\"")) << p.out;
  // Larger shapes are recounted class by class (minutes for 2x4: the long tier's), so the refusals
  // here are a shape Burnside does not take and a class that does not exist.
  p = run_cli({"verify", "symmetry", "--shape", "4x3"});
  EXPECT_EQ(p.code, 2);
  EXPECT_TRUE(contains(p.err, "essentially different 4x3 grids need the identity's term")) << p.err;
  p = run_cli({"verify", "symmetry", "--shape", "2x4", "--classes", "0"});
  EXPECT_EQ(p.code, 2);
  EXPECT_TRUE(contains(p.err, "0 is not a class of 2x4")) << p.err;
}

// Only the shapes whose figure the docs record as disagreeing with the published one (10x10) get
// a note (symmetry/burnside.hpp, published_figure_note; the 10x10 run itself is the slow tier's,
// tests/symmetry/slow_burnside_10x10.cpp): 6x6 has none, in text or JSON.
TEST(SymmetryCli, NoNoteWhereTheDocsRecordNoDisagreement) {
  const Proc t = run_cli({"symmetry", "--shape", "2x3"});
  ASSERT_EQ(t.code, 0) << t.err;
  EXPECT_FALSE(contains(t.out, "note:")) << t.out;
  const Proc j = run_cli({"symmetry", "--shape", "2x3", "--json"});
  ASSERT_EQ(j.code, 0) << j.err;
  EXPECT_TRUE(nlohmann::json::parse(j.out).at("note").is_null()) << j.out;
}

// As a job (--job-dir): the same figure, the result files with the run's provenance, status with
// the classes done, resume of a finished job showing the same document; --classes without a job
// prints those classes and no figure; a symmetry job given to merge, or a class out of range, is a
// usage error naming it.
TEST(SymmetryCli, JobStatusResumeAndClasses) {
  TempDir t;
  const std::string dir = (t / "sym").string();
  const Proc run = run_cli({"symmetry", "--shape", "2x3", "--job-dir", dir, "--threads", "1"});
  ASSERT_EQ(run.code, 0) << run.err;
  EXPECT_TRUE(contains(run.out, "essentially different grids: 49")) << run.out;
  EXPECT_TRUE(contains(slurp(t / "sym" / "result.txt"), "essentially different grids: 49"));
  const auto result = nlohmann::json::parse(slurp(t / "sym" / "result.json"));
  EXPECT_EQ(result["essentially_different"], "49");
  EXPECT_EQ(result["job"]["kind"], "symmetry");
  EXPECT_TRUE(result["job"].contains("program")) << result["job"].dump();

  const Proc st = run_cli({"status", dir, "--json"});
  ASSERT_EQ(st.code, 0) << st.err;
  const auto status = nlohmann::json::parse(st.out);
  EXPECT_EQ(status["kind"], "symmetry");
  EXPECT_EQ(status["classes_done"], 90);
  EXPECT_EQ(status["classes_total"], 90);
  EXPECT_EQ(status["left"].size(), 0u);
  EXPECT_EQ(status["fixing"].size(), 32u);  // the identity and the 31 other classes that fix 6x6 grids
  EXPECT_EQ(status["finished"], true);

  const Proc again = run_cli({"resume", dir, "--json"});
  ASSERT_EQ(again.code, 0) << again.err;
  EXPECT_EQ(nlohmann::json::parse(again.out), result);

  const Proc merge = run_cli({"merge", dir});
  EXPECT_EQ(merge.code, 2) << merge.err;
  EXPECT_TRUE(contains(merge.err, "symmetry job")) << merge.err;
  const Proc kernel = run_cli({"resume", dir, "--kernel", "partition"});
  EXPECT_EQ(kernel.code, 2) << kernel.err;
  EXPECT_TRUE(contains(kernel.err, "--kernel")) << kernel.err;

  const Proc part = run_cli({"symmetry", "--shape", "2x3", "--classes", "5,1"});
  ASSERT_EQ(part.code, 0) << part.err;
  EXPECT_TRUE(contains(part.out, "this run counted 2 of them")) << part.out;
  EXPECT_TRUE(contains(part.out, "not computed")) << part.out;
  EXPECT_TRUE(contains(part.out, "39,168")) << part.out;  // the identity: 28,200,960 / 6!
  const Proc bad = run_cli({"symmetry", "--shape", "2x3", "--classes", "91"});
  EXPECT_EQ(bad.code, 2) << bad.err;
  EXPECT_TRUE(contains(bad.err, "91")) << bad.err;
}

// 12x12 with 2x6 boxes: the identity's term is the 2x6 count, so a run must leave class 1 out
// (the message says how); a class counted from that count's band table is refused by number; the
// other classes are counted, by class number or range, in one run or as a job.
TEST(SymmetryCli, TwelveDigitClassesWithoutTheIdentity) {
  Proc p = run_cli({"symmetry", "--shape", "2x6"});
  EXPECT_EQ(p.code, 2) << p.err;
  EXPECT_TRUE(contains(p.err, "--classes 2:5005")) << p.err;
  p = run_cli({"symmetry", "--shape", "6x2", "--classes", "1,4941"});
  EXPECT_EQ(p.code, 2) << p.err;
  p = run_cli({"symmetry", "--shape", "2x6", "--classes", "4940"});  // "stacks (1 2)"
  EXPECT_EQ(p.code, 2) << p.err;
  EXPECT_TRUE(contains(p.err, "classes 4940 of 2x6")) << p.err;
  p = run_cli({"symmetry", "--shape", "2x6", "--classes", "4941:4942,2", "--threads", "1"});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_TRUE(contains(p.out, "this run counted 3 of them")) << p.out;
  EXPECT_TRUE(contains(p.out, "238,878,720,000")) << p.out;  // class 4941, as line orbits gives it too
  p = run_cli({"symmetry", "--shape", "2x6", "--classes", "5:3"});
  EXPECT_EQ(p.code, 2) << p.err;
  EXPECT_TRUE(contains(p.err, "A:B")) << p.err;

  TempDir t;
  const std::string dir = (t / "sym12").string();
  p = run_cli({"symmetry", "--shape", "2x6", "--classes", "4941:4942", "--job-dir", dir, "--threads", "1", "--json"});
  ASSERT_EQ(p.code, 0) << p.err;
  const auto doc = nlohmann::json::parse(p.out);
  EXPECT_EQ(doc["class_table"][4940]["fixed"], "238878720000");
  EXPECT_EQ(doc["grids"], nullptr);
  EXPECT_TRUE(contains(slurp(t / "sym12" / "job.log"), "classes 4941:4942")) << slurp(t / "sym12" / "job.log");
}

// --grid-counts refused before anything is counted: a count of another shape, a path that holds
// no result, and --grid-counts with --job-dir. The whole path, with a real count and a forged one,
// is slow_symmetry_cli.cpp's (two-stack) and tests/verify/test_grid_counts.cpp's (three-band).
TEST(SymmetryCli, GridCountsRefusals) {
  TempDir t;
  Proc p = run_cli({"count", "--shape", "2x3", "--job-dir", (t / "count23").string(), "--threads", "1"});
  ASSERT_EQ(p.code, 0) << p.err;
  p = run_cli({"symmetry", "--shape", "2x4", "--grid-counts", (t / "count23").string()});
  EXPECT_EQ(p.code, 2) << p.err;
  EXPECT_TRUE(contains(p.err, "a count of 2x3 grids, not of 2x4 or its transpose")) << p.err;
  p = run_cli({"symmetry", "--shape", "2x6", "--grid-counts", (t / "nothing").string()});
  EXPECT_EQ(p.code, 2) << p.err;
  EXPECT_TRUE(contains(p.err, "--grid-counts")) << p.err;
  EXPECT_TRUE(contains(p.err, "nothing")) << p.err;
  p = run_cli({"symmetry", "--shape", "2x5", "--grid-counts", (t / "nothing").string(), "--job-dir", (t / "sym").string()});
  EXPECT_EQ(p.code, 2) << p.err;
  EXPECT_TRUE(contains(p.err, "excludes")) << p.err;
}

// --known-from DIR: the classes a symmetry job has journaled are taken as known (the run's Burnside
// checks cover them) and the rest counted, so a job of some classes joins a run of the others (the
// 12x12 figure: the 2x6 job's classes with --grid-counts' identity and F(S) classes). A job of
// another shape or group, or no job, is refused.
TEST(SymmetryCli, KnownFromAJobOfSomeClasses) {
  TempDir t;
  const std::string dir = (t / "part").string();
  Proc p = run_cli({"symmetry", "--shape", "2x3", "--classes", "2:40", "--job-dir", dir, "--threads", "1"});
  ASSERT_EQ(p.code, 0) << p.err;
  p = run_cli({"symmetry", "--shape", "2x3", "--known-from", dir, "--threads", "1", "--json"});
  ASSERT_EQ(p.code, 0) << p.err;
  const auto doc = nlohmann::json::parse(p.out);
  EXPECT_EQ(doc["essentially_different"], "49");
  std::size_t from_job = 0;
  for (const auto& c : doc["class_table"]) from_job += c["from_journal"].get<bool>();
  EXPECT_EQ(from_job, 39u);  // classes 2..40
  p = run_cli({"symmetry", "--shape", "2x3", "--known-from", dir, "--threads", "1"});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_TRUE(contains(p.out, "39 of them from the job's journal")) << p.out;
  EXPECT_TRUE(contains(p.out, "essentially different grids: 49")) << p.out;

  p = run_cli({"symmetry", "--shape", "3x2", "--known-from", dir});
  EXPECT_EQ(p.code, 2) << p.err;
  EXPECT_TRUE(contains(p.err, "a symmetry job of 2x3, not of this run's 3x2")) << p.err;
  p = run_cli({"symmetry", "--shape", "2x3", "--known-from", (t / "nothing").string()});
  EXPECT_NE(p.code, 0) << p.err;
  EXPECT_TRUE(contains(p.err, "nothing")) << p.err;
  p = run_cli({"symmetry", "--shape", "2x3", "--known-from", dir, "--job-dir", (t / "other").string()});
  EXPECT_EQ(p.code, 2) << p.err;
}

// --identity-total N: the identity's term from a given grid count (a published total, for 3x4 and
// 4x3 whose count has not been run here), labelled as given; Burnside's divisibility by |G| is then
// a check of that total (a total off by 6! fails it), a number that is not a multiple of N! or not
// a number is refused, and so is a job (a given total is not counted, and a journal holds counts).
TEST(SymmetryCli, IdentityTotalGiven) {
  Proc p = run_cli({"symmetry", "--shape", "2x3", "--identity-total", "28,200,960", "--threads", "1", "--json"});
  ASSERT_EQ(p.code, 0) << p.err;
  auto doc = nlohmann::json::parse(p.out);
  EXPECT_EQ(doc["essentially_different"], "49");
  EXPECT_EQ(doc["total_route"], "given");
  EXPECT_EQ(doc["grids"], "28200960");
  EXPECT_EQ(doc["class_table"][0]["fixed"], "39168");  // 28,200,960 / 6!
  p = run_cli({"symmetry", "--shape", "2x3", "--identity-total", "28200960", "--threads", "1"});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_TRUE(contains(p.out, "grids (given with --identity-total, not counted by this run): 28,200,960")) << p.out;
  EXPECT_TRUE(contains(p.out, "the figure holds if that total does")) << p.out;
  EXPECT_FALSE(contains(p.out, "stack count")) << p.out;

  p = run_cli({"symmetry", "--shape", "2x3", "--identity-total", "28201680", "--threads", "1"});  // + 6!
  EXPECT_EQ(p.code, 1) << p.err;
  EXPECT_TRUE(contains(p.err, "not divisible by the group order 3456")) << p.err;
  EXPECT_TRUE(contains(p.err, "--identity-total, 28201680")) << p.err;
  p = run_cli({"symmetry", "--shape", "2x3", "--identity-total", "28200961"});
  EXPECT_EQ(p.code, 2) << p.err;
  EXPECT_TRUE(contains(p.err, "not a count of 2x3 grids")) << p.err;
  for (const char* bad : {"2.8e7", ",288", "288,", "-288", "lots"}) {
    p = run_cli({"symmetry", "--shape", "2x2", "--identity-total", bad});
    EXPECT_EQ(p.code, 2) << bad << ": " << p.err;
    EXPECT_TRUE(contains(p.err, "--identity-total")) << bad << ": " << p.err;
  }
  TempDir t;
  p = run_cli({"symmetry", "--shape", "2x2", "--identity-total", "288", "--job-dir", (t / "sym").string()});
  EXPECT_EQ(p.code, 2) << p.err;
  EXPECT_TRUE(contains(p.err, "--known-from DIR --identity-total N")) << p.err;
  EXPECT_FALSE(std::filesystem::exists(t / "sym"));

  // 3x4: class 1 is taken with a given total (refused without one); Pettersen and Silver's
  // 12x12 total (4x3 boxes, 2006) / 12!.
  p = run_cli({"symmetry", "--shape", "3x4", "--classes", "1"});
  EXPECT_EQ(p.code, 2) << p.err;
  p = run_cli({"symmetry", "--shape", "3x4", "--classes", "1", "--json", "--identity-total",
               "81171437193104932746936103027318645818654720000"});
  ASSERT_EQ(p.code, 0) << p.err;
  doc = nlohmann::json::parse(p.out);
  EXPECT_EQ(doc["class_table"][0]["fixed"], "169459636863644991471711374298788659200");
  EXPECT_EQ(doc["class_table"].size(), 3315u);
  EXPECT_EQ(doc["essentially_different"], nullptr);  // one class of 3,315
}

// --estimate PATHS: the classes' fixed grids estimated by cell-search paths, beside a job's counts
// with --known-from: every class within 4 standard errors (exit 0), the JSON names each class's
// estimate, se, z and verdict; without --classes, or as a job, it is refused (exit 2).
TEST(SymmetryCli, EstimateBesideAJobsCounts) {
  TempDir t;
  const std::string dir = (t / "part").string();
  Proc p = run_cli({"symmetry", "--shape", "2x3", "--classes", "2:40", "--job-dir", dir, "--threads", "1"});
  ASSERT_EQ(p.code, 0) << p.err;
  p = run_cli({"symmetry", "--shape", "2x3", "--classes", "2:40", "--estimate", "2000", "--strata", "1", "--known-from",
               dir, "--threads", "2", "--json"});
  ASSERT_EQ(p.code, 0) << p.err;
  const auto doc = nlohmann::json::parse(p.out);
  EXPECT_EQ(doc["consistent"], true);
  ASSERT_EQ(doc["classes"].size(), 39u);
  std::size_t sampled = 0;
  for (const auto& c : doc["classes"]) {
    EXPECT_EQ(c["verdict"], "consistent") << c.dump();
    EXPECT_LE(std::abs(c["z"].get<double>()), 4.0) << c.dump();
    // Box 0 clashing with g at the root, or a tree ending above the strata: exact, no path drawn.
    if (c["strata"].get<std::uint64_t>() > 0) {
      EXPECT_GE(c["paths"].get<std::uint64_t>(), 2000u) << c.dump();
    }
    sampled += c["se"].get<double>() > 0;
  }
  EXPECT_GT(sampled, 0u);  // some class's estimate came with an error, not from the whole tree
  p = run_cli({"symmetry", "--shape", "2x3", "--classes", "2:40", "--estimate", "2000", "--known-from", dir});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_TRUE(contains(p.out, "39 of 39 classes within 4 standard errors of the job's count")) << p.out;

  p = run_cli({"symmetry", "--shape", "2x3", "--estimate", "2000"});
  EXPECT_EQ(p.code, 2) << p.err;
  EXPECT_TRUE(contains(p.err, "--classes")) << p.err;
  p = run_cli({"symmetry", "--shape", "2x3", "--classes", "2", "--estimate", "2000", "--job-dir", (t / "x").string()});
  EXPECT_EQ(p.code, 2) << p.err;
}
