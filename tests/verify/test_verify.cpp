// gridenum verify (verify.hpp): the three checks pass on honest inputs, fail naming the problem
// on tampered results, and the CLI exits 0 / 1 / 2.
#include <gtest/gtest.h>

#include <cstdio>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include "gridenum/core/errors.hpp"
#include "gridenum/count/stack/count.hpp"
#include "gridenum/jobs/job.hpp"
#include "gridenum/jobs/journal.hpp"
#include "gridenum/jobs/merge.hpp"
#include "gridenum/verify/verify.hpp"
#include "gridenum/jobs/result_io.hpp"
#include "job_fixtures.hpp"
#include "verify_sections.hpp"

using namespace gridenum;
using gridenum::test_support::has_problem;

namespace {

std::string problems(const VerifyReport& r) {
  std::string s;
  for (const auto& p : r.problems) s += p + "\n";
  return s;
}

TEST(VerifyClasses, PassOnEveryShape) {
  for (const char* shape : {"2x2", "2x3", "3x2", "3x3", "2x4", "4x2"}) {
    const VerifyReport r = verify_classes(*Shape::parse(shape), 2);
    EXPECT_TRUE(r.pass()) << shape << "\n" << format_text(r);
    const std::string text = format_text(r);
    EXPECT_EQ(text.substr(text.size() - 5), "PASS\n");
  }
  const VerifyReport r = verify_classes(Shape{3, 3}, 2);
  ASSERT_EQ(r.sections.size(), 3u);
  EXPECT_EQ(r.sections[2].lines.size(), 44u);  // one line per class, sizes side by side
  EXPECT_EQ(r.sections[0].lines[0].left, "2612736");
  EXPECT_EQ(r.sections[0].lines[0].right, "2612736");
}

TEST(VerifyClasses, RejectsUnsupportedShapes) {
  EXPECT_THROW(verify_classes(Shape{5, 2}, 1), VerifyInputError);
}

TEST(VerifyCompletions, NineByNineAllClasses) {
  VerifyCompletionsOptions o;
  o.shape = Shape{3, 3};
  o.threads = 2;
  const VerifyReport r = verify_completions(o);
  EXPECT_TRUE(r.pass()) << format_text(r);
  ASSERT_EQ(r.sections.size(), 1u);
  ASSERT_EQ(r.sections[0].lines.size(), 45u);  // 44 classes and the total
  EXPECT_EQ(r.sections[0].lines[44].left, "6670903752021072936960");
  EXPECT_EQ(r.sections[0].lines[44].right, "6670903752021072936960");
}

TEST(VerifyCompletions, ChosenClassesAndMethodOrder) {
  VerifyCompletionsOptions o;
  o.shape = Shape{2, 4};
  o.classes = {2, 5};
  o.method = MethodId::Signature;
  const VerifyReport r = verify_completions(o);
  EXPECT_TRUE(r.pass()) << format_text(r);
  ASSERT_EQ(r.sections[0].lines.size(), 2u);
  EXPECT_EQ(r.sections[0].left_name, "signature");
  EXPECT_EQ(r.sections[0].right_name, "stack");
  o.classes = {6};  // 2x4 has 5 classes
  EXPECT_THROW(verify_completions(o), VerifyInputError);
  o.classes = {0};
  EXPECT_THROW(verify_completions(o), VerifyInputError);
}

// A fresh 9x9 result document, as `gridenum count --json` writes it.
const nlohmann::json& nine_by_nine_json() {
  static const nlohmann::json j = [] {
    CountOptions o;
    o.shape = Shape{3, 3};
    o.threads = 2;
    return to_json(run_count(o));
  }();
  return j;
}

VerifyReport check(const nlohmann::json& j, std::uint32_t sample = 0) {
  VerifyResultOptions o;
  o.sample = sample;
  o.seed = 42;
  o.threads = 2;
  return verify_result(parse_result(j, "test"), o);
}

TEST(VerifyResult, HonestResultPasses) {
  const VerifyReport r = check(nine_by_nine_json(), 8);
  EXPECT_TRUE(r.pass()) << problems(r);
  // The sample section recomputed 8 units.
  ASSERT_FALSE(r.sections.empty());
  EXPECT_EQ(r.sections.back().lines.size(), 8u);
  EXPECT_NE(r.sections.back().title.find("units recomputed from scratch"), std::string::npos);
  // The whole total by the signature method, every class; then the 8 units.
  EXPECT_FALSE(r.sampled);
  EXPECT_EQ(r.verdict(), "PASS");
  ASSERT_EQ(r.recomputed.size(), 2u);
  EXPECT_NE(r.recomputed[0].find("the whole total and the n of all 44 classes, by the signature method"), std::string::npos)
      << r.recomputed[0];
  EXPECT_NE(r.recomputed[1].find("8 of 1,056 units, by the partition kernel"), std::string::npos) << r.recomputed[1];
}

// --classes on a stack document: every unit of the classes named (9x9 class 44: 24 units), besides
// the sample; a class past the catalogue refused.
TEST(VerifyResult, NamedClassesRecountEveryUnitOfThem) {
  VerifyResultOptions o;
  o.recompute = Recompute::Sample;
  o.seed = 5;
  o.threads = 2;
  o.classes = parse_class_list("44");
  const nlohmann::json j = nine_by_nine_json();
  const VerifyReport r = verify_result(parse_result(j, "doc"), o);
  EXPECT_TRUE(r.pass()) << problems(r);
  EXPECT_EQ(r.sections.back().lines.size(), 24u);
  for (const auto& l : r.sections.back().lines) EXPECT_NE(l.item.find("(class 44)"), std::string::npos) << l.item;
  o.classes = parse_class_list("45");
  EXPECT_THROW(verify_result(parse_result(j, "doc"), o), VerifyInputError);
}

// Without the whole recount (--recompute sample), a PASS says "sampled" and how much was
// recomputed; the summary text is short, --verbose has every figure, --json the same report.
TEST(VerifyResult, SampledPassSaysSoAndTheOutputForms) {
  VerifyResultOptions o;
  o.sample = 3;
  o.seed = 9;
  o.threads = 2;
  o.recompute = Recompute::Sample;
  const VerifyReport r = verify_result(parse_result(nine_by_nine_json(), "test"), o);
  EXPECT_TRUE(r.pass()) << problems(r);
  EXPECT_TRUE(r.sampled);
  EXPECT_EQ(r.verdict().rfind("PASS (sampled: 3 of 1,056 units", 0), 0u) << r.verdict();
  const std::string summary = format_text(r), verbose = format_text(r, true);
  EXPECT_NE(summary.find("\n" + r.verdict() + "\n"), std::string::npos) << summary;
  EXPECT_LT(std::count(summary.begin(), summary.end(), '\n'), 30) << summary;
  EXPECT_GT(std::count(verbose.begin(), verbose.end(), '\n'), 150);
  EXPECT_NE(summary.find("per-class sums n*_alpha: unit counts re-summed: 44 figures compared, all agree"), std::string::npos)
      << summary;
  const nlohmann::json j = to_json(r);
  EXPECT_EQ(j["pass"], true);
  EXPECT_EQ(j["sampled"], true);
  EXPECT_EQ(j["verdict"], r.verdict());
  EXPECT_EQ(j["sections"].size(), r.sections.size());
  EXPECT_EQ(j["sections"][0]["lines"].size(), r.sections[0].lines.size());
  // Nothing recounted at all: "0 of 1,056 units".
  o.sample = 0;
  EXPECT_NE(verify_result(parse_result(nine_by_nine_json(), "test"), o).verdict().find("sampled: 0 of 1,056 units"),
            std::string::npos);
  // A failure is FAIL however little was recomputed.
  nlohmann::json bad = nine_by_nine_json();
  bad["unit_counts"].erase(3);
  const VerifyReport f = verify_result(parse_result(bad, "test"), o);
  EXPECT_FALSE(f.pass());
  EXPECT_EQ(f.verdict(), "FAIL (" + std::to_string(f.problems.size()) + " problems)");
  EXPECT_EQ(to_json(f)["pass"], false);
}

TEST(VerifyResult, ChooseRecountIsRepeatableAndHonoursShareAndUnits) {
  VerifyResultOptions o;
  o.double_check = 0.1;
  const auto a = choose_recount(1056, o, 77);
  EXPECT_EQ(a.size(), 106u);  // ceil(105.6)
  EXPECT_EQ(choose_recount(1056, o, 77), a);
  EXPECT_NE(choose_recount(1056, o, 78), a);
  EXPECT_TRUE(std::is_sorted(a.begin(), a.end()));
  EXPECT_EQ(std::adjacent_find(a.begin(), a.end()), a.end());
  o.units = [](std::uint64_t u) { return u % 3 == 2; };
  o.double_check = 1;
  const auto s = choose_recount(10, o, 1);
  EXPECT_EQ(s, (std::vector<std::uint64_t>{2, 5, 8}));
  o.double_check = 0;
  o.sample = 50;
  EXPECT_EQ(choose_recount(10, o, 1).size(), 3u);
  o.units = nullptr;
  o.sample = 0;
  EXPECT_TRUE(choose_recount(10, o, 1).empty());
  o.double_check = 1.5;
  EXPECT_THROW(choose_recount(10, o, 1), VerifyInputError);
}

TEST(VerifyResult, ChangedClassCountFails) {
  nlohmann::json j = nine_by_nine_json();
  j["classes"][6]["n_star"] = (BigInt(j["classes"][6]["n_star"].get<std::string>()) + 1).str();
  const VerifyReport r = check(j);
  EXPECT_FALSE(r.pass());
  EXPECT_TRUE(has_problem(r, "class 7 n*")) << problems(r);
  EXPECT_TRUE(has_problem(r, "total")) << problems(r);
  EXPECT_NE(format_text(r).find("FAIL"), std::string::npos);
}

TEST(VerifyResult, MissingUnitFails) {
  nlohmann::json j = nine_by_nine_json();
  const auto id = j["unit_counts"][17]["id"].get<std::uint64_t>();
  j["unit_counts"].erase(17);
  const VerifyReport r = check(j);
  EXPECT_FALSE(r.pass());
  EXPECT_TRUE(has_problem(r, "unit " + std::to_string(id) + " (class 1) is missing")) << problems(r);
}

TEST(VerifyResult, DuplicatedUnitFails) {
  nlohmann::json j = nine_by_nine_json();
  j["unit_counts"].push_back(j["unit_counts"][500]);
  const auto id = j["unit_counts"][500]["id"].get<std::uint64_t>();
  const VerifyReport r = check(j);
  EXPECT_FALSE(r.pass());
  EXPECT_TRUE(has_problem(r, "unit " + std::to_string(id) + " (class")) << problems(r);
  EXPECT_TRUE(has_problem(r, "appears 2 times")) << problems(r);
}

// A unit count changed together with its class sum and the total: only recounting finds it
// (the units, or the whole count by the other method).
TEST(VerifyResult, ConsistentlyForgedUnitIsCaughtBySampling) {
  nlohmann::json j = nine_by_nine_json();
  const std::size_t units = j["unit_counts"].size();
  for (std::size_t u = 0; u < units; ++u) {  // forge every unit of class 3 by +1, consistently
    if (j["unit_counts"][u]["class"] != 3) continue;
    j["unit_counts"][u]["count"] = (BigInt(j["unit_counts"][u]["count"].get<std::string>()) + 1).str();
    j["classes"][2]["n_star"] = (BigInt(j["classes"][2]["n_star"].get<std::string>()) + 1).str();
  }
  const BigInt n_star(j["classes"][2]["n_star"].get<std::string>());
  const std::uint64_t L = j["stacks"]["stack_factor"];
  j["classes"][2]["n"] = BigInt(n_star * L).str();
  BigInt weighted = 0;
  for (const auto& c : j["classes"]) weighted += BigInt(c["n_star"].get<std::string>()) * c["size"].get<std::uint64_t>();
  j["weighted_sum"] = weighted.str();
  const BigInt canonical = weighted * j["catalogue"]["band_factor"].get<std::uint64_t>() * L;
  j["canonical_grids"] = canonical.str();
  j["total"] = (canonical * BigInt(j["relabel_factor"].get<std::string>())).str();
  VerifyResultOptions o;
  o.threads = 2;
  o.recompute = Recompute::Sample;
  EXPECT_TRUE(verify_result(parse_result(j, "test"), o).pass());  // the arithmetic is consistent
  o.sample = static_cast<std::uint32_t>(units);  // recount everything
  VerifyReport r = verify_result(parse_result(j, "test"), o);
  EXPECT_FALSE(r.pass());
  EXPECT_TRUE(has_problem(r, "(class 3)")) << problems(r);
  // By default the whole count by signatures names the class, with no sample at all.
  r = check(j, 0);
  EXPECT_FALSE(r.pass());
  EXPECT_TRUE(has_problem(r, "class 3 n: document")) << problems(r);
}

TEST(VerifyResult, SignatureDocument) {
  // No units: the class table and the total are checked, samples are whole classes.
  CountOptions o;
  o.shape = Shape{2, 3};
  nlohmann::json j = to_json(run_count(o));
  EXPECT_TRUE(check(j, 3).pass());
  j["method"] = "signature";
  j.erase("unit_counts");
  const VerifyReport r = check(j, 3);
  EXPECT_TRUE(r.pass()) << problems(r);
  j["classes"][1]["n"] = "1";
  EXPECT_FALSE(check(j, 3).pass());
}

TEST(VerifyResult, MalformedDocumentsAreInputErrors) {
  nlohmann::json j = nine_by_nine_json();
  j.erase("total");
  EXPECT_THROW(parse_result(j), InputError);
  j = nine_by_nine_json();
  j["unit_counts"][3]["count"] = "12x";
  EXPECT_THROW(parse_result(j), InputError);
  j = nine_by_nine_json();
  j["shape"] = "3y3";
  EXPECT_THROW(parse_result(j), InputError);
  EXPECT_THROW(load_result("/nonexistent/result.json"), InputError);
}

// ---------------------------------------------------------------------------------------------
// The CLI.

std::string run_cli(const std::string& args, int* status) {
  const auto p = gridenum::testing::run_cli_line("{gridenum} " + args);
  *status = p.code;
  return p.out + p.err;
}

// This process's scratch folder, removed at exit.
std::string temp_path(const std::string& name) {
  static const gridenum::testing::TempDir dir;
  return (dir / name).string();
}

TEST(VerifyCli, CountMethodSignature) {
  int st = -1;
  std::string out = run_cli("count --method signature --shape 2x3 --threads 1 --json", &st);
  ASSERT_EQ(st, 0) << out;
  const auto j = nlohmann::json::parse(out);
  EXPECT_EQ(j["total"], "28200960");
  EXPECT_EQ(j["method"], "signature");
  EXPECT_EQ(j["classes"].size(), 3u);
  out = run_cli("count --method signature --threads 2", &st);
  EXPECT_EQ(st, 0);
  EXPECT_NE(out.find("6,670,903,752,021,072,936,960"), std::string::npos) << out;
  out = run_cli("count --shape 2x3 --json", &st);
  EXPECT_EQ(nlohmann::json::parse(out)["method"], "band-pair");  // auto's pick for 2x3 and 3x3
  out = run_cli("count --shape 2x4 --json", &st);
  EXPECT_EQ(nlohmann::json::parse(out)["method"], "stack");
  run_cli("count --method fast", &st);
  EXPECT_EQ(st, 2);
  out = run_cli("count --method signature --shape 5x2", &st);
  EXPECT_EQ(st, 2) << out;
}

TEST(VerifyCli, ClassesAndCompletions) {
  int st = -1;
  std::string out = run_cli("verify classes --shape 2x3", &st);
  EXPECT_EQ(st, 0) << out;
  EXPECT_NE(out.find("PASS"), std::string::npos);
  out = run_cli("verify completions --shape 3x3 --class 1 --class 44 --verbose", &st);
  EXPECT_EQ(st, 0) << out;
  EXPECT_NE(out.find("7802998272"), std::string::npos) << out;  // class 1, both columns
  run_cli("verify completions --class 45", &st);
  EXPECT_EQ(st, 2);
  run_cli("verify completions --class 1 --all", &st);
  EXPECT_EQ(st, 2);
  run_cli("verify classes --shape 3y3", &st);
  EXPECT_EQ(st, 2);
  run_cli("verify", &st);
  EXPECT_EQ(st, 2);
}

TEST(VerifyCli, ResultPassFailAndBadInput) {
  int st = -1;
  const std::string good = temp_path("good.json"), bad = temp_path("tampered.json");
  std::string out = run_cli("count --shape 2x3 --method stack --json > " + good, &st);
  ASSERT_EQ(st, 0) << out;
  out = run_cli("verify result " + good + " --sample 4 --seed 1", &st);
  EXPECT_EQ(st, 0) << out;
  EXPECT_EQ(out.substr(out.size() - 5), "PASS\n");
  // A job directory holding the result.
  const auto dir = std::filesystem::path(good).parent_path() / "job";
  std::filesystem::create_directories(dir);
  std::filesystem::copy_file(good, dir / "result.json", std::filesystem::copy_options::overwrite_existing);
  run_cli("verify result " + dir.string(), &st);
  EXPECT_EQ(st, 0);

  nlohmann::json j = nlohmann::json::parse(std::ifstream(good));
  j["unit_counts"].erase(0);
  std::ofstream(bad) << j.dump();
  out = run_cli("verify result " + bad, &st);
  EXPECT_EQ(st, 1) << out;
  EXPECT_NE(out.find("unit 0 (class 1) is missing"), std::string::npos) << out;
  EXPECT_NE(out.find("FAIL"), std::string::npos);

  // --json: the same verdict, machine-readable; --double-check and --shard recount units.
  out = run_cli("verify result " + good + " --json --double-check 0.25 --seed 2", &st);
  EXPECT_EQ(st, 0) << out;
  const auto vj = nlohmann::json::parse(out);
  EXPECT_EQ(vj["verdict"], "PASS");
  ASSERT_EQ(vj["recomputed"].size(), 2u);
  EXPECT_NE(vj["recomputed"][1].get<std::string>().find("60 of 240 units"), std::string::npos) << out;
  out = run_cli("verify result " + good + " --shard 2/3 --recompute sample", &st);
  EXPECT_EQ(st, 0) << out;
  EXPECT_NE(out.find("PASS (sampled: 80 of 240 units of shard 2/3"), std::string::npos) << out;
  out = run_cli("verify result " + good + " --verbose", &st);
  EXPECT_NE(out.find("units in the wrong class"), std::string::npos) << out;
  run_cli("verify result " + good + " --shard 4/3", &st);
  EXPECT_EQ(st, 2);
  run_cli("verify result " + good + " --double-check 2", &st);
  EXPECT_EQ(st, 2);

  std::ofstream(bad) << "{ not json";
  run_cli("verify result " + bad, &st);
  EXPECT_EQ(st, 2);
  run_cli("verify result /nonexistent.json", &st);
  EXPECT_EQ(st, 2);
}

// ---------------------------------------------------------------------------------------------
// verify result on job directories: the journal is read and checked against the result.

JobOutcome run_test_job(const std::filesystem::path& dir, Shape shape, Shard shard = {}) {
  JobRequest req;
  req.dir = dir;
  req.config.shape = shape;
  req.config.method = MethodId::Stack;  // the stack method's units (auto takes band-pair for 2x3, 3x3)
  req.config.threads = 2;
  req.config.shard = shard;
  req.console_log = false;
  req.terminal = false;
  return run_job(req);
}

TEST(VerifyJob, FinishedJobDirectoryPassesWithItsJournal) {
  gridenum::testing::TempDir t;
  ASSERT_TRUE(run_test_job(t / "job", Shape{2, 3}).finished);
  const ResultDoc d = load_result((t / "job").string());
  ASSERT_TRUE(d.has_journal);
  EXPECT_TRUE(d.journal.error.empty()) << d.journal.error;
  VerifyResultOptions o;
  o.sample = 4;
  o.seed = 7;
  const VerifyReport r = verify_result(d, o);
  EXPECT_TRUE(r.pass()) << format_text(r);
  EXPECT_NE(format_text(r, true).find("units in the journal exactly once"), std::string::npos);
}

using gridenum::testing::forge_journal_record;

// A forged record in a 9x9 journal makes `resume` rebuild a wrong total that
// agrees with the journal in every sum; the sums and a sample of 20 of 1,056 units passed it.
// The whole count by the signature method does not, and names the class.
// The band-pair method's document (units that add up to n, not n*): an honest job passes; a unit
// raised by a multiple of L_stack (so that the reduction's divisibility check cannot see it) gives
// a wrong total that the signature method's recount and the unit recount by band pairs both catch;
// a unit raised by 1000 (not a multiple of 72) is refused by the reduction itself.
TEST(VerifyForgery, ForgedBandPairRecordFails) {
  gridenum::testing::TempDir t;
  JobConfig c;
  c.shape = Shape{3, 3};
  c.method = MethodId::BandPair;
  c.slices_per_class = 4;  // 176 units: unit 85 is class 22's second slice
  c.threads = 2;
  ASSERT_TRUE(run_job(gridenum::testing::request(t / "job", c)).finished);
  const ResultDoc honest = load_result((t / "job").string());
  EXPECT_EQ(honest.method, MethodId::BandPair);
  VerifyResultOptions o;
  o.sample = 20;
  o.seed = 5;
  o.threads = 2;
  const VerifyReport ok = verify_result(honest, o);
  EXPECT_TRUE(ok.pass()) << problems(ok);
  EXPECT_NE(format_text(ok).find("by the signature method"), std::string::npos) << format_text(ok);
  VerifyResultOptions with_kernel = o;  // the stack method's kernel has nothing to recount here
  with_kernel.kernel = Kernel::Backtrack;
  EXPECT_THROW(verify_result(honest, with_kernel), VerifyInputError);
  const std::string journal = gridenum::testing::slurp(t / "job" / "journal");
  ASSERT_FALSE(forge_journal_record(t / "job" / "journal", 85, 72 * 1000).empty());
  std::filesystem::remove(t / "job" / "result.json");
  std::filesystem::remove(t / "job" / "result.txt");
  const JobOutcome again = run_job(gridenum::testing::request(t / "job", c, true));
  ASSERT_TRUE(again.finished);
  EXPECT_NE(again.result.total.str(), "6670903752021072936960");  // resume believed the journal
  const ResultDoc forged = load_result((t / "job").string());
  o.sample = 0;
  VerifyReport r = verify_result(forged, o);
  EXPECT_FALSE(r.pass());
  EXPECT_TRUE(has_problem(r, "class 22 n: document ")) << problems(r);
  EXPECT_TRUE(has_problem(r, "but signature 6670903752021072936960")) << problems(r);
  o.double_check = 1;  // every unit recounted by band pairs: only the forged one disagrees
  r = verify_result(forged, o);
  EXPECT_TRUE(has_problem(r, "unit 85 (class 22)")) << problems(r);
  EXPECT_EQ(std::count_if(r.problems.begin(), r.problems.end(), [](const std::string& p) { return p.rfind("unit ", 0) == 0; }), 1);
  // One off a multiple of L_stack: the reduction stops the resume.
  gridenum::testing::spit(t / "job" / "journal", journal);
  ASSERT_FALSE(forge_journal_record(t / "job" / "journal", 85, 1000).empty());
  std::filesystem::remove(t / "job" / "result.json");
  std::filesystem::remove(t / "job" / "result.txt");
  EXPECT_THROW(run_job(gridenum::testing::request(t / "job", c, true)), CheckError);
  EXPECT_FALSE(std::filesystem::exists(t / "job" / "result.json"));
}

TEST(VerifyForgery, ForgedNineByNineJournalRecordFails) {
  gridenum::testing::TempDir t;
  JobConfig c;
  c.shape = Shape{3, 3};
  c.method = MethodId::Stack;  // its 1,056 units: unit 517 is class 22's
  c.threads = 2;
  ASSERT_TRUE(run_job(gridenum::testing::request(t / "job", c)).finished);
  const ResultDoc honest = load_result((t / "job").string());
  VerifyResultOptions o;
  o.sample = 20;
  o.seed = 5;
  o.threads = 2;
  EXPECT_TRUE(verify_result(honest, o).pass());
  // Unit 517 lies in class 22 (24 slices per class); its count raised by 1000.
  ASSERT_FALSE(forge_journal_record(t / "job" / "journal", 517, 1000).empty());
  std::filesystem::remove(t / "job" / "result.json");
  std::filesystem::remove(t / "job" / "result.txt");
  const JobOutcome again = run_job(gridenum::testing::request(t / "job", c, true));
  ASSERT_TRUE(again.finished);
  EXPECT_NE(again.result.total.str(), "6670903752021072936960");  // resume believed the journal
  const ResultDoc forged = load_result((t / "job").string());
  EXPECT_EQ(forged.total, again.result.total);
  for (std::uint32_t sample : {0u, 20u}) {
    o.sample = sample;
    const VerifyReport r = verify_result(forged, o);
    EXPECT_FALSE(r.pass()) << format_text(r, true);
    const std::string cls = "class " + std::to_string(517 / forged.slices_per_class + 1) + " n: document ";
    EXPECT_TRUE(has_problem(r, cls)) << problems(r);
    EXPECT_TRUE(has_problem(r, "total N! L_band sum |C| n: document")) << problems(r);
    EXPECT_TRUE(has_problem(r, "but signature 6670903752021072936960")) << problems(r);
    EXPECT_NE(format_text(r).find("FAIL"), std::string::npos);
  }
  // Recounting the forged unit itself names it (the double check of every unit of its shard).
  o.sample = 0;
  o.double_check = 1;
  o.units = [](std::uint64_t u) { return u % 4 == 517 % 4; };
  o.units_name = "shard 2/4";
  const VerifyReport r = verify_result(forged, o);
  EXPECT_TRUE(has_problem(r, "unit 517 (class ")) << problems(r);
  EXPECT_EQ(std::count_if(r.problems.begin(), r.problems.end(),
                          [](const std::string& p) { return p.rfind("unit ", 0) == 0; }),
            1);  // of the 264 units of shard 2/4 recounted, only the forged one disagrees
}

// The same through one shard of a 2x3 (6x6) job: merge adds the forged unit in, and the merged
// result fails verify.
TEST(VerifyForgery, ForgedShardRecordFailsTheMergedResult) {
  gridenum::testing::TempDir t;
  ASSERT_TRUE(run_test_job(t / "s1", Shape{2, 3}, Shard{1, 2}).finished);
  ASSERT_TRUE(run_test_job(t / "s2", Shape{2, 3}, Shard{2, 2}).finished);
  const MergeResult honest = merge_jobs({t / "s1", t / "s2"}, 2);
  EXPECT_EQ(honest.result.total.str(), "28200960");
  EXPECT_TRUE(verify_result(parse_result(honest.result.json, "merged"), {}).pass());
  ASSERT_FALSE(forge_journal_record(t / "s2" / "journal", 1, 7).empty());  // unit 1: shard 2/2
  const MergeResult m = merge_jobs({t / "s1", t / "s2"}, 2);
  EXPECT_NE(m.result.total.str(), "28200960");  // merge believed the shard
  const ResultDoc doc = parse_result(m.result.json, "merged");
  VerifyResultOptions o;
  o.sample = 1;
  o.seed = 3;
  const VerifyReport r = verify_result(doc, o);
  EXPECT_FALSE(r.pass()) << format_text(r, true);
  EXPECT_TRUE(has_problem(r, "total N! L_band sum |C| n: document")) << problems(r);
  // Shard 2's units recounted one by one: the forged one is named.
  o.sample = 0;
  o.double_check = 1;
  o.units = [](std::uint64_t u) { return u % 2 == 1; };
  o.units_name = "shard 2/2";
  const VerifyReport d = verify_result(doc, o);
  EXPECT_TRUE(has_problem(d, "unit 1 (class 1): document")) << problems(d);
  ASSERT_FALSE(d.recomputed.empty());
  EXPECT_NE(d.recomputed.back().find("of shard 2/2"), std::string::npos) << d.recomputed.back();
}

TEST(VerifyJob, JournalCountUnlikeTheResultFails) {
  // A journal record rewritten with another count and a valid checksum: the journal reader
  // accepts it, the comparison with the result does not.
  gridenum::testing::TempDir t;
  ASSERT_TRUE(run_test_job(t / "job", Shape{2, 3}).finished);
  const std::filesystem::path jp = t / "job" / "journal";
  std::string text = gridenum::testing::slurp(jp);
  const std::size_t at = text.find("\nU 5 ");
  ASSERT_NE(at, std::string::npos);
  const std::size_t end = text.find('\n', at + 1);
  std::istringstream rec(text.substr(at + 1, end - at - 1));
  std::string tag, id, count, ms;
  rec >> tag >> id >> count >> ms;
  const std::string forged = journal_line("U 5 " + std::to_string(std::stoull(count) + 1) + " " + ms);
  text.replace(at + 1, end - at, forged);
  std::ofstream(jp, std::ios::binary | std::ios::trunc) << text;
  const VerifyReport r = verify_result(load_result((t / "job").string()), {});
  EXPECT_FALSE(r.pass());
  EXPECT_TRUE(has_problem(r, "journal: unit 5 has count")) << problems(r);
}

TEST(VerifyJob, DamagedOrIncompleteJournalFails) {
  gridenum::testing::TempDir t;
  ASSERT_TRUE(run_test_job(t / "job", Shape{2, 3}).finished);
  const std::filesystem::path jp = t / "job" / "journal";
  const std::string good = gridenum::testing::slurp(jp);
  // A flipped byte inside a record that is not the last: the journal reader refuses it.
  std::string bad = good;
  const std::size_t at = bad.find("\nU 3 ");
  ASSERT_NE(at, std::string::npos);
  bad[at + 3] = '4';
  std::ofstream(jp, std::ios::binary | std::ios::trunc) << bad;
  VerifyReport r = verify_result(load_result((t / "job").string()), {});
  EXPECT_FALSE(r.pass());
  EXPECT_TRUE(has_problem(r, "journal:")) << problems(r);
  // A record removed (whole line): unit missing from the journal.
  std::string cut = good;
  const std::size_t end = cut.find('\n', at + 1);
  cut.erase(at + 1, end - at);
  std::ofstream(jp, std::ios::binary | std::ios::trunc) << cut;
  r = verify_result(load_result((t / "job").string()), {});
  EXPECT_FALSE(r.pass());
  EXPECT_TRUE(has_problem(r, "journal: unit 3 is missing")) << problems(r);
}

TEST(VerifyJob, UnfinishedJobAndShardAreInputErrorsMergedResultPasses) {
  gridenum::testing::TempDir t;
  // A job stopped before its end: no result yet.
  JobRequest req;
  req.dir = t / "stopped";
  req.config.shape = Shape{2, 3};
  req.config.method = MethodId::Stack;
  req.config.threads = 1;
  req.console_log = false;
  req.terminal = false;
  int n = 0;
  req.stop = [&n] { return ++n > 3; };
  ASSERT_FALSE(run_job(req).finished);
  try {
    load_result((t / "stopped").string());
    ADD_FAILURE() << "no error for an unfinished job";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("gridenum resume"), std::string::npos) << e.what();
  }
  // Two shards: each one's result is refused, the merge's result passes.
  ASSERT_TRUE(run_test_job(t / "s1", Shape{2, 3}, Shard{1, 2}).finished);
  ASSERT_TRUE(run_test_job(t / "s2", Shape{2, 3}, Shard{2, 2}).finished);
  try {
    load_result((t / "s1").string());
    ADD_FAILURE() << "no error for a shard";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("merge"), std::string::npos) << e.what();
  }
  const MergeResult m = merge_jobs({t / "s1", t / "s2"}, 2);
  const VerifyReport r = verify_result(parse_result(m.result.json, "merged"), {});
  EXPECT_TRUE(r.pass()) << format_text(r);
}

}  // namespace
