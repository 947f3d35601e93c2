// `verify result` of a symmetry job (verify/symmetry_job_verify.hpp) on 2x3 jobs made in-process:
// a finished job passes with every counted class counted again; a journal record changed (with a
// valid checksum) fails Burnside's checks, the document and the recount; a result.txt changed fails
// its SHA-256; a job stopped part-way is checked as far as it goes; the count's options are refused.
#include <gtest/gtest.h>

#include <fstream>

#include "gridenum/jobs/journal.hpp"
#include "gridenum/jobs/symmetry_job.hpp"
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
