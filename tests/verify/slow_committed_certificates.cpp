// The committed certificate of the 12x12 (2x6 boxes) count, results/2x6/merged/, checked as a user
// checks it (`gridenum verify result results/2x6/merged`; docs/results.md), label slow:
//  - it passes: the class table rebuilt and equal (63,199 classes, weights summing to 924^6), the
//    sums re-done, the first moment re-summed from every listed F equal to 2^36 x D(6) counted
//    without classes, the total recomputed from the listed F, result.txt.xz against its digest,
//    the 16 shards' journals (committed beside it) re-read and equal to the listed F, and the
//    classes named recounted by matching removal, which shares no code with the footprint
//    counter the run used; the total and the first moment are the published ones;
//  - one class's F altered, the document's own sums and digest made to agree: the first moment by
//    the array count fails it, and so does the recount of that class when it is named;
//  - as `symmetry --grid-counts`, it gives Burnside's identity term, the published total / 12!,
//    which is past 2^128 (it was once cast to 128 bits: its low 128 bits were printed).
// And the committed 3x4 symmetry job (results/3x4/symmetry/) with the published 4x3 total gives the
// essentially different 12x12 grids with 3x4 boxes, the sum divisible by |G|.
// One process (ONE_PROCESS in tests/CMakeLists.txt): verify keeps the 12-digit class table it
// rebuilds (side2_verify.cpp), so the three checks build it once (about 15 CPU-seconds), and the two
// Burnside tests share one reading of the certificate (committed_grid_counts).
//
// The committed certificate of the 12x12 (4x3 boxes) count, results/4x3/merged/, is checked the
// same way, without a recount (the signature method's 4x3 tables take minutes and 3.3 GB before
// their first class; long_committed_certificate_4x3.cpp recounts classes with them):
//  - it passes: the plan rebuilt (144,578 classes in prefix-group order), the sums re-done, the 8
//    shards' journals (committed beside it) re-read, every unit's count equal to the count its
//    class lists, result.txt.xz against its digest; the total is Pettersen and Silver's;
//  - one class's count altered in memory and the total re-summed to agree fails by the journal of
//    the shard that counted it, and by nothing else;
//  - as `symmetry --grid-counts results/4x3/merged`, it gives the identity's term of the 3x4
//    Burnside sum, the other 3,314 terms from the 3x4 symmetry job: the essentially different
//    figure from this project's own counts alone, the weighted sum divisible by |G|.
// One process (suite CommittedCertificate4x3, ONE_PROCESS): verify keeps the plan it rebuilds
// (three_band_verify.cpp, plan_kept), so the three checks rebuild it once (about 15 CPU-seconds).
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/stored_file.hpp"
#include "gridenum/jobs/result_io.hpp"
#include "gridenum/jobs/symmetry_job.hpp"
#include "gridenum/symmetry/burnside.hpp"
#include "gridenum/verify/grid_counts.hpp"
#include "gridenum/verify/symmetry_job_verify.hpp"
#include "gridenum/verify/verify.hpp"
#include "side2_forgery.hpp"
#include "verify_sections.hpp"

using namespace gridenum;
using gridenum::test_support::has_problem;
using gridenum::test_support::section;

namespace {

const std::filesystem::path kMerged = std::filesystem::path(GRIDENUM_SOURCE_DIR) / "results" / "2x6" / "merged";
// Published: Pettersen (2006), linche89/sudoku-enumeration (2026); the first moment with it.
const char* const kTotal = "38296278920738107863746324732012492486187417600000";
const char* const kFirstMoment = "4876139207527966044188061990912000";
// The recounted classes: the last five, the most symmetric, 0 to 3.5 s each by matching removal
// (AMD EPYC family 25 model 17, one thread, beside the 2x6 shards). Generic classes take it minutes
// to hours (class 1: more than 89 CPU-minutes); the hard ones are the certificate's deep check,
// run once and kept (results/2x6/README.md).
const char* const kClasses = "63195:63199";
// Computed by this project first (2026-12-02; no published value): the number of essentially
// different 12x12 grids with 2x6 boxes, and how many classes fix some grid (the identity included).
const char* const kEssentiallyDifferent = "1673447740694797339186344268772";
constexpr std::size_t kFixingClasses = 358;
// 12x12 with 3x4 boxes: Pettersen and Silver's total (2006, re-counted by Silver in 2022), the
// figure this project computed first (2026-12-06; no published value, the 2006 estimate N/|G| is
// 6.568e28) and its fixing classes (the identity included).
const char* const kTotal3x4 = "81171437193104932746936103027318645818654720000";
const std::filesystem::path kMerged4x3 = kMerged.parent_path().parent_path() / "4x3" / "merged";
const std::filesystem::path kJob3x4 = kMerged.parent_path().parent_path() / "3x4" / "symmetry";
constexpr std::uint64_t kClasses4x3 = 144578;
const char* const kEssentiallyDifferent3x4 = "65684825827167811461497398574";
constexpr std::size_t kFixingClasses3x4 = 289;

// The 2x6 certificate read back as `symmetry --grid-counts` reads it (load_grid_counts: verify
// without a recount, about 20 s), once for the two Burnside tests of this process.
std::shared_ptr<const GridCounts> committed_grid_counts() {
  static const auto counts =
      std::make_shared<const GridCounts>(load_grid_counts(kMerged.string(), Shape{2, 6}, 2));
  return counts;
}

// The 3x4 Burnside sum, every class but the identity from the committed symmetry job (taken as
// resume takes it), the identity's term where o says; what every such derivation must show.
BurnsideResult figure_3x4_from_the_job(BurnsideOptions o) {
  const SymmetryJobStatus st = symmetry_job_status(kJob3x4);
  if (st.counts.size() != 3315u) {
    ADD_FAILURE() << kJob3x4 << ": " << st.counts.size() << " classes, not 3,315";
    return {};
  }
  o.shape = Shape{3, 4};
  o.threads = 2;
  BurnsideHooks hooks;
  hooks.known = [&](std::size_t i) { return st.counts[i]; };
  BurnsideResult r = run_burnside(o, hooks);
  std::size_t counted = 0;
  for (const ClassTerm& t : r.terms) counted += t.counted && !t.known;
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.group_order, 2579890176u);
  EXPECT_EQ(r.terms.size(), 3315u);
  EXPECT_EQ(counted, 1u);  // the identity; the job holds every other class
  EXPECT_EQ(r.grids.str(), kTotal3x4);
  EXPECT_EQ(r.weighted_sum % BigInt(r.group_order), BigInt(0));
  EXPECT_EQ(r.essentially_different.str(), kEssentiallyDifferent3x4);
  EXPECT_EQ(r.fixing_classes, kFixingClasses3x4);
  return r;
}

VerifyResultOptions options() {
  VerifyResultOptions o;
  o.recompute = Recompute::Sample;
  o.classes = parse_class_list(kClasses);
  o.seed = 1;
  o.threads = 2;
  return o;
}

}  // namespace

TEST(CommittedCertificate2x6, VerifyResultPasses) {
  ASSERT_TRUE(std::filesystem::exists(kMerged / "result.json.xz")) << kMerged;
  const ResultDoc doc = load_result(kMerged.string());
  EXPECT_EQ(doc.total.str(), kTotal);
  EXPECT_EQ(doc.first_moment.str(), kFirstMoment);
  ASSERT_EQ(doc.merged_journals.size(), 16u);
  for (const auto& m : doc.merged_journals) EXPECT_TRUE(m.found) << m.path;
  const VerifyReport r = verify_result(doc, options());
  EXPECT_TRUE(r.pass()) << format_text(r);
  const VerifySection* table = section(r, "class table against the route's generator, rebuilt");
  ASSERT_NE(table, nullptr) << format_text(r);
  EXPECT_EQ(table->lines.size(), 1u + 63199u);  // the count, then each class's weight
  const VerifySection* fm = section(r, "first moment, by the array count");
  ASSERT_NE(fm, nullptr) << format_text(r);
  EXPECT_EQ(fm->lines.at(0).right, kFirstMoment);
  const VerifySection* rc = section(r, "F of sampled classes, recounted by the other route");
  ASSERT_NE(rc, nullptr) << format_text(r);
  EXPECT_EQ(rc->lines.size(), 5u);
  const VerifySection* shards = section(r, "the shards' journals against the merged result");
  ASSERT_NE(shards, nullptr) << format_text(r);
  EXPECT_FALSE(shards->lines.empty());
  const VerifySection* text = section(r, (kMerged / "result.txt.xz").string() + " against result.json");
  ASSERT_NE(text, nullptr) << format_text(r);  // the compressed text against its digest
  EXPECT_FALSE(text->lines.empty());
}

TEST(CommittedCertificate2x6, AnAlteredClassFailsByTheFirstMomentAndItsRecount) {
  nlohmann::json j = nlohmann::json::parse(read_stored_file(kMerged / "result.json.xz"));
  ASSERT_EQ(j["classes"].size(), 63199u);
  test_support::forge_side2_class(j, 63198, 1);  // class 63199, among the named ones
  const VerifyReport r = verify_result(parse_result(j, "altered"), options());
  EXPECT_FALSE(r.pass());
  EXPECT_TRUE(has_problem(r, "sum weight x F = 2^36 x D(6)")) << format_text(r);
  EXPECT_TRUE(has_problem(r, "class 63199 ")) << format_text(r);
  EXPECT_EQ(r.problems.size(), 2u) << format_text(r);  // the sums re-done from the document agree
}

// The identity's term, total / 12! = 79,950,210,856,786,507,318,026,337,974,680,027,136,000, past
// 2^128: run_burnside once cast it to 128 bits and printed 324136997286906867596679835646265655296.
// With the stack swap (class 4940, 720 elements): the weighted sum is 1 x f(1) + 720 x f(4940).
TEST(CommittedCertificate2x6, TheIdentitysBurnsideTermIsThePublishedTotalOver12Factorial) {
  BurnsideOptions o;
  o.shape = Shape{2, 6};
  o.threads = 2;
  o.grid_counts = committed_grid_counts();
  BurnsideHooks hooks;
  hooks.select = [](std::size_t i) { return i == 0 || i == 4939; };
  const BurnsideResult r = run_burnside(o, hooks);
  const std::string identity = "79950210856786507318026337974680027136000";
  ASSERT_EQ(r.terms.size(), 5005u);
  EXPECT_EQ(fixed_value(r.terms[0]).str(), identity);
  EXPECT_EQ(r.grids.str(), kTotal);
  EXPECT_EQ(r.terms[4939].cls.text, "stacks (1 2)");
  EXPECT_EQ(r.terms[4939].cls.size, 720u);
  EXPECT_EQ(r.weighted_sum, BigInt(identity) + 720 * fixed_value(r.terms[4939]));
  EXPECT_EQ(to_json(r)["class_table"][0]["fixed"], identity);
}

// The first count of essentially different 12x12 grids with 2x6 boxes, from the two committed
// results as a user derives it (`gridenum symmetry --shape 2x6 --grid-counts results/2x6/merged
// --known-from results/2x6/symmetry`; docs/symmetry.md, *12x12 with 2x6 boxes*): the identity and
// the 16 F(S) classes from the count's certificate, every other class from the symmetry job's
// journal, taken as resume takes it (a class no relabelling fits must be 0), and class 4465,
// which the job left out, counted (its placement condition gives 0 at once). Burnside's own
// checks span both: each cyclic subgroup whose powers are all known, and the weighted sum
// divisible by |G| -- the integrality check the total gives for free.
TEST(CommittedCertificate2x6, TheEssentiallyDifferentFigureFromTheCountAndTheSymmetryJob) {
  const std::filesystem::path job = kMerged.parent_path() / "symmetry";
  const SymmetryJobStatus st = symmetry_job_status(job);
  ASSERT_EQ(st.counts.size(), 5005u);
  BurnsideOptions o;
  o.shape = Shape{2, 6};
  o.threads = 2;
  o.grid_counts = committed_grid_counts();
  BurnsideHooks hooks;
  std::size_t counted = 0;
  hooks.known = [&](std::size_t i) { return st.counts[i]; };
  const BurnsideResult r = run_burnside(o, hooks);
  for (const ClassTerm& t : r.terms) counted += t.counted && !t.known;
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.group_order, 47775744000u);
  EXPECT_EQ(r.terms.size(), 5005u);
  EXPECT_EQ(counted, 18u);  // the identity, the 16 F(S) classes and class 4465; the job holds the rest
  EXPECT_EQ(r.terms[4464].fixed.grids, 0u);
  EXPECT_EQ(r.grids.str(), kTotal);
  EXPECT_EQ(r.weighted_sum % BigInt(r.group_order), BigInt(0));
  EXPECT_EQ(r.essentially_different.str(), kEssentiallyDifferent);
  EXPECT_EQ(r.fixing_classes, kFixingClasses);
}

// The first count of essentially different 12x12 grids with 3x4 boxes, from the committed symmetry
// job as a user derives it (`gridenum symmetry --shape 3x4 --known-from results/3x4/symmetry
// --identity-total N`; docs/symmetry.md, *12x12 with 3x4 boxes*): every class but the identity
// from the job's journal, taken as resume takes it, and the identity's term from Pettersen and
// Silver's 4x3 total, given (the project's own 4x3 count is results/4x3/, not finished). The
// weighted sum divisible by |G| is then a check of the job's 3,314 fixed counts against that total.
TEST(CommittedSymmetryJob3x4, TheEssentiallyDifferentFigureFromThePublishedTotalAndTheJob) {
  BurnsideOptions o;
  o.identity_total = BigInt(kTotal3x4);
  const BurnsideResult r = figure_3x4_from_the_job(o);
  EXPECT_EQ(r.total_route, "given");
}

// The committed 3x4 job checked as a user checks it in seconds (`gridenum verify result
// results/3x4/symmetry --classes 1042,2017`; results/3x4/README.md): its journal, Burnside's checks
// on its 3,314 counts (the weighted sum over every class but the identity cannot be divided
// without the identity's term, so no divisibility here), result.json and result.txt made again from
// the journal, and two cheap band-cycle classes counted again from scratch. The default random
// pair can be band-keeping classes of CPU-hours; the named ones take milliseconds.
TEST(CommittedSymmetryJob3x4, VerifyResultPassesWithNamedClassesCountedAgain) {
  VerifyResultOptions o;
  o.threads = 2;
  o.classes = {{1042, 1042}, {2017, 2017}};
  const VerifyReport r = verify_symmetry_job(kJob3x4, o);
  EXPECT_TRUE(r.pass()) << r.verdict() << (r.problems.empty() ? "" : r.problems[0]);
  ASSERT_EQ(r.sections.size(), 4u);
  ASSERT_EQ(r.sections[2].lines.size(), 3u);  // the figure (none without the identity), classes that differ, digest
  EXPECT_EQ(r.sections[2].lines[1].right, "0");
  ASSERT_EQ(r.sections[3].lines.size(), 2u);
  EXPECT_EQ(r.sections[3].lines[0].left, "13824");
  EXPECT_EQ(r.sections[3].lines[1].left, "36864");
  EXPECT_TRUE(r.sampled);
}

// The committed 4x3 certificate as a user checks it without a recount (`gridenum verify result
// results/4x3/merged --recompute sample --sample 0`; results/4x3/README.md): every check passes,
// and each of the 8 shards' journals holds every one of its units' counts equal to the class's.
TEST(CommittedCertificate4x3, VerifyResultPasses) {
  ASSERT_TRUE(std::filesystem::exists(kMerged4x3 / "result.json.xz")) << kMerged4x3;
  const ResultDoc doc = load_result(kMerged4x3.string());
  EXPECT_EQ(doc.total.str(), kTotal3x4);  // 4x3 grids are 3x4 grids transposed: the same number
  EXPECT_EQ(doc.three_band_classes.size(), kClasses4x3);
  ASSERT_EQ(doc.merged_journals.size(), 8u);
  for (const auto& m : doc.merged_journals) EXPECT_TRUE(m.found) << m.path;
  VerifyResultOptions o;
  o.recompute = Recompute::Sample;  // sample 0: no class recounted
  o.threads = 2;
  const VerifyReport r = verify_result(doc, o);
  EXPECT_TRUE(r.pass()) << format_text(r);
  const VerifySection* shards = section(r, "the shards' journals against the merged result");
  ASSERT_NE(shards, nullptr) << format_text(r);
  ASSERT_EQ(shards->lines.size(), 3u * 8u);  // per shard: units, their SHA-256, units whose count is the class's
  std::uint64_t units = 0;
  for (std::size_t k = 0; k < 8; ++k) {
    const VerifyLine& agree = shards->lines[3 * k + 2];
    EXPECT_NE(agree.item.find("units whose count is the class's count"), std::string::npos) << agree.item;
    EXPECT_EQ(agree.left, agree.right) << agree.item;
    units += std::stoull(agree.right);
  }
  EXPECT_EQ(units, kClasses4x3);  // every class once, by the shard that counted it
  const VerifySection* text = section(r, (kMerged4x3 / "result.txt.xz").string() + " against result.json");
  ASSERT_NE(text, nullptr) << format_text(r);
  EXPECT_FALSE(text->lines.empty());
}

// A class's count forged, the total re-summed to agree (no recount catches it here: the sums and
// the plan hold) fails by the journal of the shard that counted it. Unit 126,505, the first of
// shard 8/8's block (units 126,505 .. 144,577, the plan's cut of 144,578 into 8), found by the
// count its journal records: the merged result lists that count for one class only.
TEST(CommittedCertificate4x3, AForgedCountFailsByItsShardsJournal) {
  ResultDoc doc = load_result(kMerged4x3.string());
  ASSERT_EQ(doc.merged_journals.size(), 8u);
  const auto& shard8 = doc.merged_journals[7];
  ASSERT_EQ(shard8.shard, "8/8");
  ASSERT_EQ(shard8.unit_counts.size(), 18073u);
  BigInt unit_count;
  for (const auto& [id, count] : shard8.unit_counts)
    if (id == 126505) unit_count = count;
  ASSERT_GT(unit_count, BigInt(0));
  std::size_t forged = 0, listed = 0;
  for (std::size_t i = 0; i < doc.three_band_classes.size(); ++i)
    if (doc.three_band_classes[i].count == unit_count) {
      forged = i;
      ++listed;
    }
  ASSERT_EQ(listed, 1u);
  auto& c = doc.three_band_classes[forged];
  c.count += 1;
  doc.total += BigInt(c.size);
  doc.text_file = {};  // result.txt.xz records the true total: read with the true document only
  VerifyResultOptions o;
  o.recompute = Recompute::Sample;
  o.threads = 2;
  const VerifyReport r = verify_result(doc, o);
  EXPECT_FALSE(r.pass());
  ASSERT_EQ(r.problems.size(), 2u) << format_text(r);  // the unit, and the shard's tally of units that agree
  EXPECT_TRUE(has_problem(r, "shard 8/8 (" + shard8.path + "): unit 126505 holds ")) << format_text(r);
  EXPECT_TRUE(has_problem(r, "but class " + std::to_string(c.index) + " lists count = " + c.count.str()))
      << format_text(r);
  EXPECT_TRUE(has_problem(r, "units whose count is the class's count: result 18073 but journal 18072"))
      << format_text(r);
}

// The essentially different 12x12 grids with 3x4 boxes from this project's two committed results
// alone (`gridenum symmetry --shape 3x4 --grid-counts results/4x3/merged --known-from
// results/3x4/symmetry`; docs/symmetry.md, *12x12 with 3x4 boxes*): the identity's term from the
// 4x3 count (its transpose), read back through verify, the other 3,314 from the symmetry job.
// The weighted sum divisible by |G| now ties two independent computations together; the figure is
// the one the published total gave (CommittedSymmetryJob3x4 above).
TEST(CommittedCertificate4x3, TheEssentiallyDifferent3x4FigureFromTheCountAndTheSymmetryJob) {
  BurnsideOptions o;
  o.grid_counts = std::make_shared<const GridCounts>(load_grid_counts(kMerged4x3.string(), Shape{3, 4}, 2));
  const BurnsideResult r = figure_3x4_from_the_job(o);
  EXPECT_EQ(r.total_route, "three-band count read from " + kMerged4x3.string());
}
