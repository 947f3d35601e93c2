// `gridenum verify result` of three-band jobs (three_band_verify.hpp, verify_three_band_result):
// real 3x3, 2x3 and 3x2 jobs pass with every class recounted by the signature method, as do a
// resumed job (classes read back from the journal list no F or completions) and the merge of two
// shards; every kind of damage to a result.json or a journal is a named problem (FAIL, exit 1),
// and a consistent forgery -- counts, sums and total agreeing -- is caught by the recount alone.
// A 3x3 job takes milliseconds, so each test runs its own.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "gridenum/count/three_band/three_band_run.hpp"
#include "gridenum/jobs/job.hpp"
#include "gridenum/jobs/merge.hpp"
#include "gridenum/jobs/result_io.hpp"
#include "gridenum/verify/three_band_verify.hpp"
#include "gridenum/verify/verify.hpp"
#include "job_fixtures.hpp"
#include "verify_sections.hpp"

using namespace gridenum;
using gridenum::test_support::has_problem;
using namespace gridenum::testing;
using gridenum::test_support::section;

namespace {

constexpr const char* k9x9 = "6670903752021072936960";

// A finished three-band job of this shape in dir.
void run_three_band_job(const fs::path& dir, const char* shape, Shard shard = {}) {
  const JobOutcome o = run_job(request(dir, method_config(shape, MethodId::ThreeBand, shard)));
  ASSERT_TRUE(o.finished) << dir;
}

VerifyResultOptions options(Recompute recompute = Recompute::Auto, std::uint32_t sample = 0) {
  VerifyResultOptions o;
  o.recompute = recompute;
  o.sample = sample;
  o.seed = 7;
  o.threads = 2;
  return o;
}

VerifyReport verify_json(const nlohmann::json& j, const VerifyResultOptions& o = options()) {
  return verify_result(parse_result(j, "doc"), o);
}

VerifyReport verify_dir(const fs::path& dir, const VerifyResultOptions& o = options()) {
  return verify_result(load_result(dir.string()), o);
}

nlohmann::json read_json(const fs::path& p) { return nlohmann::json::parse(slurp(p)); }

BigInt big(const nlohmann::json& v) {
  return BigInt(v.is_string() ? v.get<std::string>() : std::to_string(v.get<std::uint64_t>()));
}

// The total re-summed from the rows: a forgery that keeps it consistent.
void resum_total(nlohmann::json& j) {
  BigInt total = 0;
  for (const auto& c : j["classes"]) total += big(c["count"]) * c["size"].get<std::uint64_t>();
  j["total"] = total.str();
}

// Unit u of a three-band job is the u-th class of the plan's prefix-group order.
std::uint32_t class_of_unit(const char* shape, std::uint64_t u) {
  const auto st = three_band_state(*Shape::parse(shape), 2);
  std::vector<std::uint32_t> order;
  for (const auto& chunk : three_band_chunks(*st, 1, st->catalogue->classes.size()))
    for (auto i : chunk) order.push_back(static_cast<std::uint32_t>(i));
  return order.at(u);
}

}  // namespace

// A real 3x3 job: every check passes, every class is recounted by the signature method (3x3 is
// cheap), and the verdict is a plain PASS.
TEST(ThreeBandVerifyResult, RealJobPassesWithEveryClassRecounted) {
  TempDir t;
  run_three_band_job(t / "job", "3x3");
  const ResultDoc doc = load_result((t / "job").string());
  EXPECT_EQ(doc.method, MethodId::ThreeBand);
  ASSERT_TRUE(doc.has_journal);
  ASSERT_EQ(doc.three_band_classes.size(), 44u);
  EXPECT_TRUE(doc.three_band_classes[0].has_parts);
  EXPECT_EQ(doc.total.str(), k9x9);
  const VerifyReport r = verify_result(doc, options());
  EXPECT_TRUE(r.pass()) << format_text(r, true);
  EXPECT_FALSE(r.sampled);
  EXPECT_EQ(r.verdict(), "PASS");
  const VerifySection* plan = section(r, "the plan:");
  ASSERT_NE(plan, nullptr);
  EXPECT_EQ(plan->lines.size(), 3u + 44u);  // shape, classes, classes listed, one per class
  const VerifySection* sums = section(r, "sums re-done from the class table");
  ASSERT_NE(sums, nullptr);
  EXPECT_EQ(sums->lines.size(), 1u + 44u + 1u);  // sizes, F x completions per class, total
  const VerifySection* journal = section(r, "journal ");
  ASSERT_NE(journal, nullptr);
  EXPECT_NE(format_text(r, true).find("units in the journal exactly once"), std::string::npos);
  const VerifySection* every = section(r, "the count of every class recounted by the signature method");
  ASSERT_NE(every, nullptr);
  EXPECT_EQ(every->lines.size(), 44u + 1u);  // and the total from the recounts
  EXPECT_EQ(every->lines.back().right, k9x9);
  ASSERT_EQ(r.recomputed.size(), 1u);
  EXPECT_EQ(r.recomputed[0].rfind(
                "the whole total and the count (F x completions) of all 44 classes, by the signature method", 0),
            0u)
      << r.recomputed[0];
}

// Each kind of damage to a copy of the document is a problem, named.
TEST(ThreeBandVerifyResult, DamagedDocumentsAreNamed) {
  TempDir t;
  run_three_band_job(t / "job", "3x3");
  const nlohmann::json good = read_json(t / "job" / "result.json");
  ASSERT_TRUE(verify_json(good).pass());
  struct Damage {
    const char* what;
    std::function<void(nlohmann::json&)> change;
    std::vector<std::string> named;  // each must be in some problem
  };
  const std::vector<Damage> damages = {
      {"a count off by one",
       [](nlohmann::json& j) { j["classes"][6]["count"] = (big(j["classes"][6]["count"]) + 1).str(); },
       {"class 7 count = F x completions", "total (sum size x count)", "class 7 (unit "}},
      {"a size changed",
       [](nlohmann::json& j) { j["classes"][2]["size"] = j["classes"][2]["size"].get<std::uint64_t>() + 1; },
       {"class 3 123.456.789|123.456.789|124.378.569 size: document", "sum of sizes", "total (sum size x count)"}},
      {"a class dropped", [](nlohmann::json& j) { j["classes"].erase(20); },
       {"classes listed: document 43 but catalogue 44", "listed with index 22", "total (sum size x count)"}},
      {"a representative swapped",
       [](nlohmann::json& j) { std::swap(j["classes"][3]["representative"], j["classes"][4]["representative"]); },
       {"class 4 123.456.789|124.356.789|125.346.789: the catalogue's representative is 123.456.789|124.356.789|124.356.789",
        "class 5 "}},
      {"the total changed", [](nlohmann::json& j) { j["total"] = (big(j["total"]) + 1).str(); },
       {"total (sum size x count)", "total (sum of the catalogue's sizes x the recounted counts)"}},
      {"fillings x completions unlike the count",
       [](nlohmann::json& j) { j["classes"][1]["fillings"] = j["classes"][1]["fillings"].get<std::uint64_t>() + 1; },
       {"class 2 count = F x completions"}},
      {"the shape counted", [](nlohmann::json& j) { j["counted_as"] = "2x3"; },
       {"shape counted: document 2x3 but catalogue 3x3"}},
      {"the catalogue's classes", [](nlohmann::json& j) { j["catalogue"]["classes"] = 45; }, {"classes: document 45"}},
  };
  for (const auto& d : damages) {
    SCOPED_TRACE(d.what);
    nlohmann::json j = good;
    d.change(j);
    const VerifyReport r = verify_json(j);
    EXPECT_FALSE(r.pass());
    for (const auto& n : d.named) EXPECT_TRUE(has_problem(r, n)) << n << "\n" << format_text(r);
  }
}

// A class's completions forged with its count and the total re-summed to agree: every sum is
// consistent, so without a recount it passes (sampled, nothing recomputed); the recount of every
// class names it and the total.
TEST(ThreeBandVerifyResult, ConsistentForgeryIsCaughtByTheRecount) {
  TempDir t;
  run_three_band_job(t / "job", "3x3");
  nlohmann::json j = read_json(t / "job" / "result.json");
  auto& c = j["classes"][8];
  c["completions"] = (big(c["completions"]) + 1).str();
  c["count"] = (big(c["completions"]) * c["fillings"].get<std::uint64_t>()).str();
  resum_total(j);
  const VerifyReport blind = verify_json(j, options(Recompute::Sample));
  EXPECT_TRUE(blind.pass()) << format_text(blind);
  EXPECT_NE(blind.verdict().find("sampled: 0 of 44 classes (units)"), std::string::npos) << blind.verdict();
  const VerifyReport r = verify_json(j);
  EXPECT_FALSE(r.pass());
  EXPECT_TRUE(has_problem(r, "class 9 (unit ")) << format_text(r);
  EXPECT_TRUE(has_problem(r, "total (sum of the catalogue's sizes x the recounted counts)")) << format_text(r);
  EXPECT_EQ(r.problems.size(), 2u) << format_text(r);
  // A sample drawn to hold the forged class names it too.
  VerifyResultOptions o = options(Recompute::Sample);
  o.double_check = 1;
  EXPECT_TRUE(has_problem(verify_json(j, o), "class 9 (unit "));
}

// Only a sample (--recompute sample): K of the 44 classes, and the PASS says "sampled".
TEST(ThreeBandVerifyResult, SampledRecountSaysSo) {
  TempDir t;
  run_three_band_job(t / "job", "3x3");
  const VerifyReport r = verify_dir(t / "job", options(Recompute::Sample, 5));
  EXPECT_TRUE(r.pass()) << format_text(r);
  EXPECT_TRUE(r.sampled);
  const VerifySection* s = section(r, "the count of sampled classes recounted by the signature method");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->lines.size(), 5u);
  EXPECT_EQ(r.verdict().rfind(
                "PASS (sampled: the count (F x completions) of 5 of 44 classes (units), by the signature method", 0),
            0u)
      << r.verdict();
}

// --classes: every unit of the classes named, besides the sample; exactly those without one.
TEST(ThreeBandVerifyResult, NamedClassesAreRecounted) {
  TempDir t;
  run_three_band_job(t / "job", "3x3");
  VerifyResultOptions o = options(Recompute::Sample, 0);
  o.classes = parse_class_list("44,1:2");
  const VerifyReport r = verify_dir(t / "job", o);
  EXPECT_TRUE(r.pass()) << format_text(r);
  const VerifySection* s = section(r, "the count of sampled classes recounted by the signature method");
  ASSERT_NE(s, nullptr) << format_text(r);
  ASSERT_EQ(s->lines.size(), 3u) << format_text(r);
  std::string items;
  for (const auto& l : s->lines) items += l.item + ";";
  for (const char* c : {"class 1 ", "class 2 ", "class 44 "}) EXPECT_NE(items.find(c), std::string::npos) << items;
  o.classes = parse_class_list("45");
  EXPECT_THROW(verify_dir(t / "job", o), VerifyInputError);
}

// The journal against the plan and the result: a record rewritten with a valid checksum, a record
// removed, a damaged record. Through the binary, a damaged job exits 1.
TEST(ThreeBandVerifyResult, JournalDamageIsNamed) {
  TempDir t;
  run_three_band_job(t / "job", "3x3");
  const fs::path jp = t / "job" / "journal";
  const std::string good = slurp(jp);
  ASSERT_FALSE(forge_journal_record(jp, 5, 1).empty());
  const std::string cls = std::to_string(class_of_unit("3x3", 5));
  VerifyReport r = verify_dir(t / "job");
  EXPECT_FALSE(r.pass());
  EXPECT_TRUE(has_problem(r, "journal: unit 5 (class " + cls + ") has count")) << format_text(r);
  Proc p = run_cli({"verify", "result", (t / "job").string(), "--threads", "2"});
  EXPECT_EQ(p.code, 1) << p.out << p.err;
  EXPECT_NE(p.out.find("FAIL"), std::string::npos) << p.out;

  std::string cut = good;  // the record of unit 3 removed
  const std::size_t at = cut.find("\nU 3 ");
  ASSERT_NE(at, std::string::npos);
  cut.erase(at + 1, cut.find('\n', at + 1) - at);
  spit(jp, cut);
  r = verify_dir(t / "job");
  EXPECT_TRUE(has_problem(r, "journal: unit 3 (class " + std::to_string(class_of_unit("3x3", 3)) + ") is missing"))
      << format_text(r);

  std::string flipped = good;  // a byte of a record that is not the last: the reader refuses it
  flipped[at + 3] = '4';
  spit(jp, flipped);
  r = verify_dir(t / "job");
  EXPECT_FALSE(r.pass());
  EXPECT_TRUE(has_problem(r, "journal: ")) << format_text(r);

  spit(jp, good);
  EXPECT_TRUE(verify_dir(t / "job").pass());
}

// A document that lists no classes (as a 4x3 job's, too many to list) takes the counts from the
// journal: it passes, a journal record forged consistently (the total re-summed) is caught by the
// recount, and without a journal there is nothing to check the total by (an input error).
TEST(ThreeBandVerifyResult, UnlistedClassesAreTheJournals) {
  TempDir t;
  run_three_band_job(t / "job", "3x3");
  nlohmann::json j = read_json(t / "job" / "result.json");
  j["classes"] = nlohmann::json::array();
  j["classes_listed"] = false;
  spit(t / "job" / "result.json", j.dump());
  VerifyReport r = verify_dir(t / "job");
  EXPECT_TRUE(r.pass()) << format_text(r);
  EXPECT_NE(section(r, "sums re-done from the catalogue's sizes and the journal's counts"), nullptr);
  EXPECT_THROW(verify_json(j), VerifyInputError);

  const std::uint32_t cls = class_of_unit("3x3", 5);
  ASSERT_FALSE(forge_journal_record(t / "job" / "journal", 5, 1000).empty());
  const auto st = three_band_state(Shape{3, 3}, 2);
  j["total"] = (big(j["total"]) + BigInt(1000) * st->catalogue->classes[cls - 1].size).str();
  spit(t / "job" / "result.json", j.dump());
  // result.txt still shows the true total: its check names the forged one at once.
  r = verify_dir(t / "job", options(Recompute::Sample));
  EXPECT_FALSE(r.pass());
  EXPECT_TRUE(has_problem(r, "the total, in its digits")) << format_text(r);
  // Without result.txt (a document given alone) the sums agree, and only the recount sees it.
  fs::remove(t / "job" / "result.txt");
  EXPECT_TRUE(verify_dir(t / "job", options(Recompute::Sample)).pass());  // the sums agree
  r = verify_dir(t / "job");
  EXPECT_FALSE(r.pass());
  EXPECT_TRUE(has_problem(r, "class " + std::to_string(cls) + " (unit 5) count F x completions: document")) << format_text(r);
  EXPECT_TRUE(has_problem(r, "total (sum of the catalogue's sizes x the recounted counts)")) << format_text(r);
}

// A job killed after 10 of its units reached the journal (its journal cut there, the result not
// written), then resumed: the classes read back from the journal list their count only (no F, no
// completions), and the result passes.
TEST(ThreeBandVerifyResult, ResumedJobPasses) {
  TempDir t;
  run_three_band_job(t / "job", "3x3");
  const fs::path jp = t / "job" / "journal";
  const std::string text = slurp(jp);
  std::size_t end = 0;
  for (int units = 0; units < 10;) {
    end = text.find('\n', end) + 1;
    units += text.compare(end, 2, "U ") == 0 ? 1 : 0;
  }
  spit(jp, text.substr(0, text.find('\n', end) + 1));
  ASSERT_EQ(raw_journal_units(jp).size(), 10u);
  fs::remove(t / "job" / "result.json");
  fs::remove(t / "job" / "result.txt");
  const JobOutcome resumed = run_job(request(t / "job", {}, true));
  ASSERT_TRUE(resumed.finished);
  EXPECT_EQ(resumed.units_done_before, 10u);
  const ResultDoc doc = load_result((t / "job").string());
  const auto without = std::count_if(doc.three_band_classes.begin(), doc.three_band_classes.end(),
                                     [](const ResultDoc::ThreeBandClass& c) { return !c.has_parts; });
  EXPECT_EQ(without, 10);
  const VerifyReport r = verify_result(doc, options());
  EXPECT_TRUE(r.pass()) << format_text(r);
  EXPECT_EQ(section(r, "sums re-done")->lines.size(), 1u + 34u + 1u);  // F x completions of the 34 counted
}

// Two shards merged (gridenum merge --output): the merged result passes through the binary, and
// the merge's document in-process too.
TEST(ThreeBandVerifyResult, MergedShardsPass) {
  TempDir t;
  run_three_band_job(t / "s1", "3x3", Shard{1, 2});
  run_three_band_job(t / "s2", "3x3", Shard{2, 2});
  Proc p = run_cli({"merge", (t / "s1").string(), (t / "s2").string(), "--output", (t / "merged").string()});
  ASSERT_EQ(p.code, 0) << p.out << p.err;
  p = run_cli({"verify", "result", (t / "merged").string(), "--threads", "2"});
  EXPECT_EQ(p.code, 0) << p.out << p.err;
  EXPECT_NE(p.out.find("the whole total and the count (F x completions) of all 44 classes"), std::string::npos) << p.out;
  EXPECT_NE(p.out.find("\nPASS\n"), std::string::npos) << p.out;
  // --shard K/M names a three-band job's shard as its plan cuts them: a block of consecutive units
  // (shard 2/2: units 22 .. 43), not every M-th unit.
  p = run_cli({"verify", "result", (t / "merged").string(), "--shard", "2/2", "--recompute", "sample", "--json"});
  ASSERT_EQ(p.code, 0) << p.out << p.err;
  const auto report = nlohmann::json::parse(p.out);
  nlohmann::json recounted;
  for (const auto& sec : report["sections"])
    if (sec["title"] == "the count of sampled classes recounted by the signature method") recounted = sec;
  ASSERT_FALSE(recounted.is_null()) << p.out;
  ASSERT_EQ(recounted["lines"].size(), 22u);
  for (const auto& l : recounted["lines"]) {
    const std::string item = l["item"];
    const std::size_t at = item.find("(unit ");
    ASSERT_NE(at, std::string::npos) << item;
    EXPECT_GE(std::stoul(item.substr(at + 6)), 22u) << item;
  }
  EXPECT_NE(report["verdict"].get<std::string>().find("22 of 44 classes (units) of shard 2/2"), std::string::npos);
  const MergeResult m = merge_jobs({t / "s1", t / "s2"}, 2);
  const VerifyReport r = verify_json(m.result.json);
  EXPECT_TRUE(r.pass()) << format_text(r);
  // A shard's own result is refused (load_result), and so is a part of the classes as a document.
  EXPECT_THROW(load_result((t / "s1").string()), InputError);
  nlohmann::json part = m.result.json;
  part["complete"] = false;
  EXPECT_THROW(verify_json(part), InputError);
}

// A merged result re-reads its shards' journals kept beside it, and holds every unit's count
// against the class that unit counts (unit u of the plan is a class in prefix-group order): the
// certificate of a sharded count is its listed counts tied to the records the shards wrote. A
// class's count forged in result.json and the total re-summed to agree passes every other check
// without a recount, and fails this one by the shard that counted the class -- through the plan
// the first check rebuilt and the process kept.
TEST(ThreeBandVerifyResult, MergedResultHoldsTheShardsJournalsAgainstTheListedCounts) {
  TempDir t;
  run_three_band_job(t / "s1", "3x3", Shard{1, 2});
  run_three_band_job(t / "s2", "3x3", Shard{2, 2});
  ASSERT_EQ(run_cli({"merge", (t / "s1").string(), (t / "s2").string(), "--output", (t / "merged").string()}).code, 0);
  const VerifyReport good = verify_result(load_result((t / "merged").string()), options(Recompute::Sample));
  EXPECT_TRUE(good.pass()) << format_text(good);
  const VerifySection* shards = section(good, "the shards' journals against the merged result");
  ASSERT_NE(shards, nullptr) << format_text(good);
  ASSERT_EQ(shards->lines.size(), 6u);  // per shard: units, their SHA-256, units whose count is the class's
  const auto journal_of = [&](const char* shard) { return (t / "merged" / ".." / shard / "journal").string(); };
  EXPECT_EQ(shards->lines[2].item, "shard 1/2 (" + journal_of("s1") + ") units whose count is the class's count");
  EXPECT_EQ(shards->lines[2].left, "22");
  EXPECT_EQ(shards->lines[2].right, "22");
  EXPECT_EQ(shards->lines[5].right, "22");

  // Unit 30 (shard 2/2's block is units 22 .. 43) forged in a copy of the merged result.json
  // beside it, by another name (so result.txt, which records the true total, is not read with it).
  const std::uint32_t cls = class_of_unit("3x3", 30);  // 1-based
  nlohmann::json j = read_json(t / "merged" / "result.json");
  auto& c = j["classes"][cls - 1];
  ASSERT_EQ(c["index"], cls);
  ASSERT_FALSE(c.contains("fillings"));  // a merge lists each class's count alone (from the journals)
  c["count"] = (big(c["count"]) + 1).str();
  resum_total(j);
  spit(t / "merged" / "forged.json", j.dump(1));
  const VerifyReport r = verify_result(load_result((t / "merged" / "forged.json").string()), options(Recompute::Sample));
  // The plan of the first check, kept for the process (plan_kept), numbers the units here.
  EXPECT_NE(format_text(r).find("plan: 44 classes in prefix-group order, rebuilt earlier in this process and kept"),
            std::string::npos)
      << format_text(r);
  EXPECT_FALSE(r.pass());
  ASSERT_EQ(r.problems.size(), 2u) << format_text(r);  // the unit, and the shard's tally of units that agree
  EXPECT_TRUE(has_problem(r, "shard 2/2 (" + journal_of("s2") + "): unit 30 holds ")) << format_text(r);
  EXPECT_TRUE(has_problem(r, "but class " + std::to_string(cls) + " lists count = " + c["count"].get<std::string>()))
      << format_text(r);
  EXPECT_TRUE(has_problem(r, "units whose count is the class's count: result 22 but journal 21")) << format_text(r);
}

// 3x2 and 2x3 jobs: 3x2 is counted through its transpose 2x3, and the check says so.
TEST(ThreeBandVerifyResult, TransposedShapePasses) {
  TempDir t;
  for (const char* shape : {"3x2", "2x3"}) {
    SCOPED_TRACE(shape);
    run_three_band_job(t / shape, shape);
    const VerifyReport r = verify_dir(t / shape);
    EXPECT_TRUE(r.pass()) << format_text(r);
    EXPECT_FALSE(r.sampled);
    const VerifySection* plan = section(r, "the plan:");
    ASSERT_NE(plan, nullptr);
    EXPECT_EQ(plan->lines[0].right, "2x3");
  }
  EXPECT_NE(format_text(verify_dir(t / "3x2")).find("counted through the transpose 2x3"), std::string::npos);
  nlohmann::json j = read_json(t / "3x2" / "result.json");
  j["counted_as"] = "3x2";  // as if counted untransposed
  EXPECT_TRUE(has_problem(verify_json(j), "shape counted: document 3x2 but catalogue 2x3"));
}

// Malformed documents are input errors naming the field.
TEST(ThreeBandVerifyResult, MalformedDocumentsNameTheField) {
  TempDir t;
  run_three_band_job(t / "job", "3x3");
  const nlohmann::json good = read_json(t / "job" / "result.json");
  auto refused = [](const nlohmann::json& j) -> std::string {
    try {
      parse_result(j, "doc");
    } catch (const InputError& e) {
      return e.what();
    }
    return "(accepted)";
  };
  nlohmann::json j = good;
  j["classes"][2].erase("count");
  EXPECT_NE(refused(j).find("classes[2]: missing field \"count\""), std::string::npos) << refused(j);
  j = good;
  j["classes"][0].erase("completions");
  EXPECT_NE(refused(j).find("classes[0]: field \"completions\" is missing"), std::string::npos) << refused(j);
  j = good;
  j["classes"][1]["fillings"] = "12x";
  EXPECT_NE(refused(j).find("classes[1]: field \"fillings\" is not a decimal number"), std::string::npos) << refused(j);
  j = good;
  j["counted_as"] = "three";
  EXPECT_NE(refused(j).find("\"counted_as\""), std::string::npos) << refused(j);
  j = good;
  j.erase("classes_listed");
  EXPECT_NE(refused(j).find("missing field \"classes_listed\""), std::string::npos) << refused(j);
  j = good;
  j["shape"] = "5x3";  // no three-band route
  EXPECT_THROW(verify_json(j), VerifyInputError);
}
