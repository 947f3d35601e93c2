// `verify result` of a symmetry job (verify/symmetry_job_verify.hpp) on 2x3 jobs made in-process:
// a finished job passes with every counted class counted again; a journal record changed (with a
// valid checksum) fails Burnside's checks, the document and the recount; a result.txt changed fails
// its SHA-256; a job stopped part-way is checked as far as it goes; the count's options are refused.
#include <gtest/gtest.h>

#include <fstream>

#include "gridenum/jobs/journal.hpp"
#include "gridenum/jobs/symmetry_job.hpp"
#include "gridenum/symmetry/symmetry_group.hpp"
#include "gridenum/verify/symmetry_job_verify.hpp"
#include "job_fixtures.hpp"
#include "verify_sections.hpp"

using namespace gridenum;
using namespace gridenum::testing;
using namespace gridenum::test_support;

namespace {

SymmetryJobRequest job_2x3(const fs::path& dir) {
  SymmetryJobRequest r;
  r.dir = dir;
  r.spec.run.shape = Shape{2, 3};
  r.spec.run.threads = 1;
  r.spec.checkpoint_seconds = 0.02;
  r.console_log = false;
  r.terminal = false;
  return r;
}

VerifyResultOptions every_class() {
  VerifyResultOptions o;
  o.double_check = 1;
  o.seed = 7;
  o.threads = 1;
  return o;
}

}  // namespace

TEST(SymmetryJobVerify, AFinishedJobPassesWithEveryClassCountedAgain) {
  TempDir t;
  ASSERT_TRUE(run_symmetry_job(job_2x3(t / "job")).finished);
  EXPECT_TRUE(is_symmetry_result(t / "job"));
  EXPECT_TRUE(is_symmetry_result(t / "job" / "result.json"));
  const VerifyReport r = verify_symmetry_job(t / "job", every_class());
  EXPECT_TRUE(r.pass()) << r.verdict() << (r.problems.empty() ? "" : r.problems[0]);
  EXPECT_FALSE(r.sampled);
  ASSERT_EQ(r.sections.size(), 4u);
  // Every class besides the identity that the relabelling filter passes: the 31 that fix 6x6 grids
  // and 4 that fix none.
  EXPECT_EQ(r.sections[3].lines.size(), 35u);
}

TEST(SymmetryJobVerify, AChangedRecordOrTextFails) {
  TempDir t;
  ASSERT_TRUE(run_symmetry_job(job_2x3(t / "job")).finished);
  // Class 5's record rewritten from 18 to 19 fixed grids, its checksum made valid.
  const fs::path jpath = t / "job" / "journal";
  std::string text = slurp(jpath), out;
  std::size_t at = 0;
  bool changed = false;
  for (std::size_t nl; (nl = text.find('\n', at)) != std::string::npos; at = nl + 1) {
    std::string line = text.substr(at, nl - at);
    if (line.rfind("U 4 18 ", 0) == 0) {
      const std::string body = line.substr(0, line.rfind(' '));
      line = journal_line("U 4 19" + body.substr(6));
      line.pop_back();
      changed = true;
    }
    out += line + "\n";
  }
  ASSERT_TRUE(changed);
  spit(jpath, out);
  const VerifyReport r = verify_symmetry_job(t / "job", every_class());
  EXPECT_FALSE(r.pass());
  EXPECT_TRUE(has_problem(r, "Burnside")) << r.problems.size();
  // A class named there is not counted again, and the report says why (not "no relabelling fits").
  VerifyResultOptions named;
  named.threads = 1;
  named.classes = {{5, 5}};
  const VerifyReport n = verify_symmetry_job(t / "job", named);
  EXPECT_FALSE(n.pass());
  bool said = false;
  for (const auto& line : n.info) said = said || line.find("class 5 (named): not counted again, since Burnside's checks") == 0;
  EXPECT_TRUE(said);

  TempDir u;
  ASSERT_TRUE(run_symmetry_job(job_2x3(u / "job")).finished);
  spit(u / "job" / "result.txt", slurp(u / "job" / "result.txt") + " ");
  const VerifyReport s = verify_symmetry_job(u / "job", every_class());
  EXPECT_FALSE(s.pass());
  EXPECT_TRUE(has_problem(s, "SHA-256")) << (s.problems.empty() ? "" : s.problems[0]);
}

TEST(SymmetryJobVerify, APartWayJobIsCheckedAsFarAsItGoes) {
  TempDir t;
  auto req = job_2x3(t / "job");
  auto polls = std::make_shared<int>(0);
  req.stop = [polls] { return ++*polls > 40; };
  ASSERT_FALSE(run_symmetry_job(req).finished);
  const VerifyReport r = verify_symmetry_job(t / "job", every_class());
  EXPECT_TRUE(r.pass()) << (r.problems.empty() ? "" : r.problems[0]);
  EXPECT_EQ(r.sections.size(), 3u);  // no result document to check yet
  bool said = false;
  for (const auto& line : r.info) said = said || line.find("not finished") != std::string::npos;
  EXPECT_TRUE(said);

  VerifyResultOptions shard = every_class();
  shard.units = [](std::uint64_t) { return true; };
  EXPECT_THROW(verify_symmetry_job(t / "job", shard), VerifyInputError);
  VerifyResultOptions kernel = every_class();
  kernel.kernel = Kernel::Partition;
  EXPECT_THROW(verify_symmetry_job(t / "job", kernel), VerifyInputError);
}

// --classes: only the named classes are counted again (no random ones unless asked), each
// announced through progress as it starts and ends; a class no relabelling fits is said so in the
// report, not counted; a class outside the job's is refused before any work.
TEST(SymmetryJobVerify, NamedClassesAreCountedAgainAndOnlyThem) {
  TempDir t;
  ASSERT_TRUE(run_symmetry_job(job_2x3(t / "job")).finished);
  VerifyResultOptions o;
  o.threads = 1;
  o.classes = {{5, 5}};
  std::vector<std::string> heard;
  o.progress = [&](const std::string& line) { heard.push_back(line); };
  const VerifyReport r = verify_symmetry_job(t / "job", o);
  EXPECT_TRUE(r.pass()) << (r.problems.empty() ? "" : r.problems[0]);
  ASSERT_EQ(r.sections.size(), 4u);
  ASSERT_EQ(r.sections[3].lines.size(), 1u);
  EXPECT_EQ(r.sections[3].lines[0].item.rfind("class 5 ", 0), 0u) << r.sections[3].lines[0].item;
  EXPECT_EQ(r.sections[3].lines[0].left, "18");
  ASSERT_EQ(heard.size(), 2u);
  EXPECT_NE(heard[1].find("equal to the journal"), std::string::npos) << heard[1];
  EXPECT_TRUE(r.sampled);

  // With --sample 3 beside it: three drawn and class 5, or two more when the draw had it.
  o.sample = 3;
  o.seed = 11;
  const VerifyReport both = verify_symmetry_job(t / "job", o);
  EXPECT_TRUE(both.pass());
  EXPECT_GE(both.sections[3].lines.size(), 3u);
  EXPECT_LE(both.sections[3].lines.size(), 4u);

  // Every class named: the 35 the filter passes counted again, the identity and those the filter
  // rejects said so in the report; a class past the table refused.
  VerifyResultOptions all;
  all.threads = 1;
  const auto classes = static_cast<std::uint64_t>(build_symmetry_group(Shape{2, 3}, false).classes.size());
  all.classes = {{1, classes + 1}};
  EXPECT_THROW(verify_symmetry_job(t / "job", all), VerifyInputError);
  all.classes = {{1, classes}};
  const VerifyReport every = verify_symmetry_job(t / "job", all);
  EXPECT_TRUE(every.pass());
  EXPECT_FALSE(every.sampled);
  EXPECT_EQ(every.sections[3].lines.size(), 35u);
  std::size_t identity = 0, filtered = 0;
  for (const auto& line : every.info) {
    identity += line.find("the identity") != std::string::npos;
    filtered += line.find("no relabelling fits it") != std::string::npos;
  }
  EXPECT_EQ(identity, 1u);
  EXPECT_GT(filtered, 0u);
}

TEST(SymmetryJobVerify, ANamedClassOutsideTheJobIsRefused) {
  TempDir t;
  auto req = job_2x3(t / "job");
  req.spec.classes = {2, 5};
  ASSERT_TRUE(run_symmetry_job(req).finished);
  VerifyResultOptions o;
  o.threads = 1;
  o.classes = {{5, 5}};
  EXPECT_TRUE(verify_symmetry_job(t / "job", o).pass());
  o.classes = {{3, 3}};
  try {
    verify_symmetry_job(t / "job", o);
    ADD_FAILURE() << "class 3 is not one of the job's";
  } catch (const VerifyInputError& e) {
    EXPECT_NE(std::string(e.what()).find("class 3 is not one of this job's classes"), std::string::npos) << e.what();
  }
}
