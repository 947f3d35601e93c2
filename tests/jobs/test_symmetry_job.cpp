// Symmetry jobs (jobs/symmetry_job.hpp) in-process on 2x2, 2x3 and 3x2: the job's document is the
// plain run's class for class; a job stopped after some classes and resumed counts only the
// others and gives the same figure; a finished job resumed counts and writes nothing; a --classes
// job holds those classes only and no figure; a journal of another shape or with a class outside
// the list is refused; a journaled f that breaks Burnside's checks is a CheckError, never a
// figure; a damaged symmetry.json is refused naming the file; status counts the classes left.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "gridenum/core/errors.hpp"
#include "gridenum/core/stop.hpp"
#include "gridenum/core/timing.hpp"
#include "gridenum/jobs/job_errors.hpp"
#include "gridenum/jobs/journal.hpp"
#include "gridenum/jobs/symmetry_job.hpp"
#include "gridenum/symmetry/fixed_grids.hpp"
#include "gridenum/symmetry/symmetry_group.hpp"
#include "job_fixtures.hpp"

using namespace gridenum;
using namespace gridenum::testing;

namespace {

SymmetryJobRequest symmetry_request(const fs::path& dir, const char* shape, std::vector<std::uint32_t> classes = {}) {
  SymmetryJobRequest r;
  r.dir = dir;
  r.spec.run.shape = *Shape::parse(shape);
  r.spec.run.threads = 2;
  r.spec.classes = std::move(classes);
  r.spec.checkpoint_seconds = 0.02;
  r.console_log = false;
  r.terminal = false;
  return r;
}

SymmetryJobRequest symmetry_resumption(const fs::path& dir, int threads = 1) {
  SymmetryJobRequest r;
  r.dir = dir;
  r.resume = true;
  r.threads = threads;
  r.console_log = false;
  r.terminal = false;
  return r;
}

void expect_same_classes(const BurnsideResult& a, const BurnsideResult& b) {
  ASSERT_EQ(a.terms.size(), b.terms.size());
  for (std::size_t i = 0; i < a.terms.size(); ++i) {
    EXPECT_EQ(a.terms[i].fixed.grids, b.terms[i].fixed.grids) << "class " << i + 1;
    EXPECT_EQ(a.terms[i].fixed.method, b.terms[i].fixed.method) << "class " << i + 1;
    EXPECT_EQ(a.terms[i].counted, b.terms[i].counted) << "class " << i + 1;
  }
  EXPECT_EQ(a.weighted_sum, b.weighted_sum);
  EXPECT_EQ(a.essentially_different, b.essentially_different);
}

std::string file_text(const fs::path& p) {
  std::ifstream in(p);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

// Every class journaled once; the document is the plain run's, with the job's provenance.
TEST(SymmetryJob, EqualsThePlainRunClassForClass) {
  for (const char* shape : {"2x2", "2x3", "3x2"}) {
    TempDir t;
    const SymmetryJobOutcome job = run_symmetry_job(symmetry_request(t / "job", shape));
    ASSERT_TRUE(job.finished) << shape;
    BurnsideOptions o;
    o.shape = *Shape::parse(shape);
    const BurnsideResult plain = run_burnside(o);
    expect_same_classes(job.result, plain);
    EXPECT_EQ(job.classes_total, plain.terms.size());
    EXPECT_EQ(job.classes_computed, plain.terms.size());
    const JournalContents j = read_journal(t / "job" / "journal");
    EXPECT_EQ(j.units.size(), plain.terms.size()) << shape;
    for (const JournalUnit& u : j.units) EXPECT_EQ(u.count, plain.terms[u.id].fixed.grids) << shape << " class " << u.id + 1;
    const auto doc = nlohmann::json::parse(file_text(t / "job" / "result.json"));
    EXPECT_EQ(doc["essentially_different"], plain.essentially_different.str());
    EXPECT_EQ(doc["job"]["kind"], "symmetry");
    EXPECT_TRUE(doc["job"].contains("cpu_model")) << doc["job"].dump();
    EXPECT_EQ(file_text(t / "job" / "result.txt"), job.text);
  }
}

// Stopped after 30 classes (the request's stop, polled between classes), resumed on one thread:
// the journaled classes are not counted again and the figure is the uninterrupted run's.
TEST(SymmetryJob, StoppedAndResumedCountsOnlyTheRest) {
  TempDir t;
  auto req = symmetry_request(t / "job", "2x3");
  req.spec.run.threads = 1;
  auto polls = std::make_shared<int>(0);
  req.stop = [polls] { return ++*polls > 30; };
  const SymmetryJobOutcome first = run_symmetry_job(req);
  ASSERT_FALSE(first.finished);
  EXPECT_EQ(first.stopped_by, "stop request");
  EXPECT_GE(first.classes_done, 30u);
  EXPECT_LT(first.classes_done, 90u);
  EXPECT_FALSE(fs::exists(t / "job" / "result.json"));

  const SymmetryJobStatus mid = symmetry_job_status(t / "job");
  EXPECT_EQ(mid.classes_done, first.classes_done);
  EXPECT_EQ(mid.left.size(), 90u - first.classes_done);
  EXPECT_FALSE(mid.finished);

  const SymmetryJobOutcome second = run_symmetry_job(symmetry_resumption(t / "job"));
  ASSERT_TRUE(second.finished);
  EXPECT_EQ(second.classes_done_before, first.classes_done);
  EXPECT_EQ(second.classes_computed, 90u - first.classes_done);
  std::size_t known = 0;
  for (const auto& term : second.result.terms) known += term.known ? 1 : 0;
  EXPECT_EQ(known, first.classes_done);
  BurnsideOptions o;
  o.shape = *Shape::parse("2x3");
  expect_same_classes(second.result, run_burnside(o));
  EXPECT_EQ(read_journal(t / "job" / "journal").units.size(), 90u);

  // Finished: a third session counts nothing, records no session and shows the stored document.
  const std::string journal_before = file_text(t / "job" / "journal");
  const std::string json_before = file_text(t / "job" / "result.json");
  const SymmetryJobOutcome third = run_symmetry_job(symmetry_resumption(t / "job", 2));
  ASSERT_TRUE(third.finished);
  EXPECT_EQ(third.classes_computed, 0u);
  EXPECT_EQ(file_text(t / "job" / "journal"), journal_before);
  EXPECT_EQ(file_text(t / "job" / "result.json"), json_before);
  EXPECT_EQ(third.text, file_text(t / "job" / "result.txt"));
  EXPECT_TRUE(symmetry_job_status(t / "job").finished);
}

// A class stopped part-way resumes from its parts: the journal's P records of an unfinished class
// (journal.hpp) are taken back and only the other parts counted. 9x9 class 45 by line orbits, 146
// orbits of relabellings in up to 64 parts: half of them journaled as a stopped session would have
// left them, status shows them, the resumed job counts the other half (a P record each, none
// again), journals the class, and its f is the plain count's.
TEST(SymmetryJob, AStoppedClassResumesFromItsParts) {
  const Shape nine{3, 3};
  const SymmetryGroup grp = build_symmetry_group(nine, true);
  ASSERT_EQ(grp.classes[44].text, "bands (1 2 3); stacks (1 2 3)");
  std::vector<std::pair<std::string, u128>> parts;
  std::mutex mu;
  FixedOptions o;
  o.parts.done = [&](const std::string& key, u128 c) {
    std::lock_guard lock(mu);
    parts.emplace_back(key, c);
  };
  const u128 f = count_fixed_grids(nine, grp.classes[44].rep, o).grids;
  ASSERT_GE(parts.size(), 32u);
  std::sort(parts.begin(), parts.end());
  const std::uint64_t given = (parts.size() + 1) / 2;

  TempDir t;
  auto req = symmetry_request(t / "job", "3x3", {45});
  req.stop = [] { return true; };  // journal header and session only
  run_symmetry_job(req);
  // The parts 10 s apart but the third, 70 s after the second: the pace is the median gap, 10 s.
  std::string records;
  std::int64_t at = 1700000000000;
  for (std::size_t k = 0; k < parts.size(); k += 2) {
    at += k == 4 ? 70000 : 10000;
    records += journal_line("P 44 " + parts[k].first + " " + to_string(parts[k].second) + " " + std::to_string(at));
  }
  std::ofstream(t / "job" / "journal", std::ios::app) << records;
  const SymmetryJobStatus mid = symmetry_job_status(t / "job");
  ASSERT_EQ(mid.parts.size(), 1u);
  EXPECT_EQ(mid.parts[0].number, 45u);
  EXPECT_EQ(mid.parts[0].finished, given);
  ASSERT_EQ(mid.parts[0].families.size(), 1u);
  EXPECT_EQ(mid.parts[0].families[0].family, "lo.");
  EXPECT_EQ(mid.parts[0].families[0].done, given);
  EXPECT_EQ(mid.parts[0].families[0].buckets, 64u);
  ASSERT_TRUE(mid.parts[0].seconds_per_part);
  EXPECT_EQ(*mid.parts[0].seconds_per_part, 10.0);
  const std::string text = format_status(mid);
  EXPECT_TRUE(contains(text, fmt::format("class 45: {} finished parts in the journal (the class resumes from them): "
                                         "{} of the 64 buckets of family lo.",
                                         given, given)))
      << text;
  EXPECT_TRUE(contains(text, fmt::format("lately 10s a part; the {} buckets left of the families begun, at that pace: about {}",
                                         64 - given, short_duration(10.0 * static_cast<double>(64 - given)))))
      << text;
  const auto js = to_json(mid)["parts"][0];
  EXPECT_EQ(js["finished_parts"], given);
  EXPECT_EQ(js["families"][0]["buckets_done"], given);
  EXPECT_EQ(js["seconds_per_part_lately"], 10.0);

  const SymmetryJobOutcome resumed = run_symmetry_job(symmetry_resumption(t / "job", 2));
  ASSERT_TRUE(resumed.finished);
  EXPECT_EQ(resumed.result.terms[44].fixed.grids, f);
  EXPECT_EQ(f, 323928u);
  const JournalContents j = read_journal(t / "job" / "journal");
  EXPECT_TRUE(j.warnings.empty()) << j.warnings.front();  // no part journaled twice
  ASSERT_EQ(j.parts.size(), parts.size());
  ASSERT_EQ(j.units.size(), 1u);
  EXPECT_EQ(j.units[0].id, 44u);
  EXPECT_EQ(j.units[0].count, f);
  EXPECT_TRUE(symmetry_job_status(t / "job").parts.empty());  // the class is done: its parts are history
}

// Band counts (P records keyed "band.", FixedParts::known_band) belong to a family, not to the
// class that journaled them: status counts each key once, the same count journaled by two classes
// is taken, and two classes that disagree on one are refused, naming both lines.
TEST(SymmetryJob, BandCountsAreSharedAndMustAgree) {
  TempDir t;
  auto req = symmetry_request(t / "job", "2x3", {2, 5});
  req.stop = [] { return true; };  // journal header and session only
  run_symmetry_job(req);
  const std::string key = "band.0123456789abcdef0123456789abcdef";
  std::ofstream(t / "job" / "journal", std::ios::app)
      << journal_line("P 1 " + key + " 7 1700000000000") << journal_line("P 4 " + key + " 7 1700000000001");
  const SymmetryJobStatus st = symmetry_job_status(t / "job");
  EXPECT_EQ(st.bands_kept, 1u);
  EXPECT_TRUE(st.parts.empty());  // a band count is not a part of its class
  EXPECT_TRUE(format_status(st).find("1 kept band count in the journal") != std::string::npos) << format_status(st);
  EXPECT_EQ(to_json(st)["band_counts_kept"], 1);
  const SymmetryJobOutcome done = run_symmetry_job(symmetry_resumption(t / "job", 1));
  ASSERT_TRUE(done.finished);  // 2x3's families are small: the kept count is not asked for

  TempDir u;
  auto req2 = symmetry_request(u / "job", "2x3", {2, 5});
  req2.stop = [] { return true; };
  run_symmetry_job(req2);
  const std::size_t before = journal_lines(u / "job" / "journal");  // header, session, its CPU time
  std::ofstream(u / "job" / "journal", std::ios::app)
      << journal_line("P 1 " + key + " 7 1700000000000") << journal_line("P 4 " + key + " 8 1700000000001");
  try {
    run_symmetry_job(symmetry_resumption(u / "job", 1));
    ADD_FAILURE() << "two counts of one band were taken";
  } catch (const JournalError& e) {
    const std::string what = e.what();
    EXPECT_TRUE(what.find("line " + std::to_string(before + 2) + ": band count " + key + " is 8, but line " +
                          std::to_string(before + 1) + " has 7") != std::string::npos)
        << what;
  }
}

// A --classes job counts those classes and gives no figure; a record of another class in its
// journal is refused, and a journal of another shape is refused by its fingerprint.
TEST(SymmetryJob, AClassListJobAndForeignJournals) {
  TempDir t;
  const SymmetryJobOutcome part = run_symmetry_job(symmetry_request(t / "part", "2x3", {1, 5, 90}));
  ASSERT_TRUE(part.finished);
  EXPECT_EQ(part.classes_total, 3u);
  EXPECT_FALSE(part.result.complete);
  EXPECT_EQ(part.result.essentially_different, 0);
  EXPECT_EQ(part.json["essentially_different"], nullptr);
  EXPECT_EQ(part.result.terms[4].fixed.grids, 18u);  // class 5's f, as the whole run gives it
  EXPECT_TRUE(part.text.find("not computed") != std::string::npos) << part.text;
  EXPECT_EQ(read_journal(t / "part" / "journal").units.size(), 3u);

  // Class 7's record appended with a valid checksum: not one of the job's classes.
  std::ofstream(t / "part" / "journal", std::ios::app) << journal_line("U 6 0 1700000000000");
  try {
    run_symmetry_job(symmetry_resumption(t / "part"));
    FAIL() << "a class outside the list was accepted";
  } catch (const JournalError& e) {
    EXPECT_TRUE(std::string(e.what()).find("class 7") != std::string::npos) << e.what();
  }

  // A 2x3 journal under a 3x2 job: another fingerprint.
  TempDir u;
  ASSERT_TRUE(run_symmetry_job(symmetry_request(u / "a", "2x3")).finished);
  auto other = symmetry_request(u / "b", "3x2");
  fs::create_directories(u / "b");
  fs::copy_file(u / "a" / "journal", u / "b" / "journal");
  EXPECT_THROW(run_symmetry_job(other), JobInputError);  // a new job refuses a DIR holding a journal
  fs::copy_file(u / "a" / "symmetry.json", u / "c.json");
  {
    std::string spec = file_text(u / "c.json");
    spec.replace(spec.find("\"2x3\""), 5, "\"3x2\"");
    fs::create_directories(u / "c");
    std::ofstream(u / "c" / "symmetry.json") << spec;
    fs::copy_file(u / "a" / "journal", u / "c" / "journal");
  }
  try {
    run_symmetry_job(symmetry_resumption(u / "c"));
    FAIL() << "another shape's journal was accepted";
  } catch (const JournalError& e) {
    EXPECT_TRUE(std::string(e.what()).find("fingerprint") != std::string::npos) << e.what();
  }
}

// A journaled f that is wrong never becomes a figure: one class's f off by one breaks the
// divisibility of the weighted sum by |G| (CheckError), and a class that fixes no grid given a
// count is refused outright. Nothing but the journal is written.
TEST(SymmetryJob, AWrongJournaledCountIsACheckError) {
  TempDir t;
  auto req = symmetry_request(t / "job", "2x3");
  req.stop = [] { return true; };  // journal header and session only
  run_symmetry_job(req);
  const BurnsideResult plain = [] {
    BurnsideOptions o;
    o.shape = *Shape::parse("2x3");
    return run_burnside(o);
  }();
  std::string records;
  for (std::size_t i = 0; i < plain.terms.size(); ++i) {
    const u128 f = plain.terms[i].fixed.grids + (i == 4 ? 1 : 0);  // class 5: 18 -> 19
    records += journal_line("U " + std::to_string(i) + " " + to_string(f) + " 1700000000000");
  }
  std::ofstream(t / "job" / "journal", std::ios::app) << records;
  EXPECT_THROW(run_symmetry_job(symmetry_resumption(t / "job")), CheckError);
  EXPECT_FALSE(fs::exists(t / "job" / "result.json"));

  TempDir u;
  auto req2 = symmetry_request(u / "job", "2x3");
  req2.stop = [] { return true; };
  run_symmetry_job(req2);
  std::size_t filtered = 0;
  while (plain.terms[filtered].identity || plain.terms[filtered].fixed.method != FixedMethod::Filter) ++filtered;
  std::ofstream(u / "job" / "journal", std::ios::app)
      << journal_line("U " + std::to_string(filtered) + " 3 1700000000000");
  try {
    run_symmetry_job(symmetry_resumption(u / "job"));
    FAIL() << "a count for a class that fixes no grid was accepted";
  } catch (const CheckError& e) {
    EXPECT_TRUE(std::string(e.what()).find("fixes no grid") != std::string::npos) << e.what();
  }
}

// Bad input: a class number outside the group, a damaged symmetry.json, a directory without a job.
TEST(SymmetryJob, BadInputIsRefusedSayingWhat) {
  TempDir t;
  try {
    run_symmetry_job(symmetry_request(t / "job", "2x3", {91}));
    FAIL();
  } catch (const JobInputError& e) {
    EXPECT_TRUE(std::string(e.what()).find("91") != std::string::npos) << e.what();
  }
  EXPECT_FALSE(fs::exists(t / "job"));  // refused before the directory is made
  ASSERT_TRUE(run_symmetry_job(symmetry_request(t / "ok", "2x2")).finished);
  std::ofstream(t / "ok" / "symmetry.json") << "{\"kind\": \"gridenum symmetry job\", \"version\": 1}";
  try {
    run_symmetry_job(symmetry_resumption(t / "ok"));
    FAIL();
  } catch (const JobInputError& e) {
    EXPECT_TRUE(std::string(e.what()).find("symmetry.json") != std::string::npos) << e.what();
    EXPECT_TRUE(std::string(e.what()).find("shape") != std::string::npos) << e.what();
  }
  fs::create_directories(t / "empty");
  EXPECT_THROW(run_symmetry_job(symmetry_resumption(t / "empty")), JobInputError);
  EXPECT_FALSE(is_symmetry_job(t / "empty"));
}
