// The result files of a finished job or a merge are never printed or passed on trust
// (docs/jobs.md, "Result files"): result.json records the SHA-256 of result.txt; `resume` of a
// finished job re-derives the result from the journal and shows the stored files only when they
// agree with it (else writes both again, with a warning); `verify result` checks result.txt
// against result.json. Each route that writes result files: the stack method (3x3), the
// two-stack route (2x4), the three-band route (2x3), and a merge --output (2x4 in 2 shards); and a
// merged result against the shards' journals it names (each by the SHA-256 of its units).
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "job_fixtures.hpp"
#include "side2_forgery.hpp"
#include "xz_file.hpp"
#include "gridenum/core/arith.hpp"
#include "gridenum/core/digest.hpp"

namespace gridenum::testing {
namespace {

struct Route {
  const char* name;
  const char* count;  // count options
  const char* total;  // the total (expected values live in tests only)
};

const Route kRoutes[] = {
    {"stack", "--shape 3x3 --method stack", "6670903752021072936960"},
    {"two_stack", "--shape 2x4 --method two-stack", "29136487207403520"},
    {"three_band", "--shape 2x3 --method three-band", "28200960"},
};

// Replaces every occurrence of `from` by `to`; returns how many.
int replace_all(std::string& s, const std::string& from, const std::string& to) {
  int n = 0;
  for (std::size_t at = 0; (at = s.find(from, at)) != std::string::npos; at += to.size(), ++n) s.replace(at, from.size(), to);
  return n;
}

// The total with its last digit moved by one.
std::string off_by_one(const std::string& total) {
  std::string t = total;
  t.back() = t.back() == '9' ? '8' : static_cast<char>(t.back() + 1);
  return t;
}

// A forged result.txt: both spellings of the total changed (plain and grouped).
void forge_text(const fs::path& dir, const std::string& total, bool redigest) {
  std::string text = slurp(dir / "result.txt");
  const std::string wrong = off_by_one(total);
  ASSERT_GT(replace_all(text, group_digits(total), group_digits(wrong)) + replace_all(text, total, wrong), 0) << text;
  spit(dir / "result.txt", text);
  if (redigest) {  // and result.json's digest recomputed to match it
    std::string json = slurp(dir / "result.json");
    const auto at = json.find("\"result_txt_sha256\": \"");
    ASSERT_NE(at, std::string::npos);
    json.replace(at + 22, 64, sha256_hex(text));
    spit(dir / "result.json", json);
  }
}

class ResultFiles : public ::testing::TestWithParam<Route> {};

TEST_P(ResultFiles, ForgedTextIsNeverShown) {
  const Route& r = GetParam();
  for (bool redigest : {false, true}) {
    TempDir t;
    const std::string dir = (t / "job").string();
    ASSERT_EQ(run_cli_line(std::string("{gridenum} count ") + r.count + " --threads 2 --job-dir " + dir).code, 0);
    ASSERT_NE(slurp(t / "job/result.json").find("result_txt_sha256"), std::string::npos);
    const Proc clean = run_cli_line("{gridenum} verify result " + dir);
    EXPECT_EQ(clean.code, 0) << clean.out << clean.err;

    forge_text(t / "job", r.total, redigest);
    const Proc v = run_cli_line("{gridenum} verify result " + dir);
    EXPECT_EQ(v.code, 1) << v.out << v.err;
    EXPECT_NE(v.out.find(redigest ? "the total, in its digits" : "SHA-256 of result.txt"), std::string::npos) << v.out;

    const Proc again = run_cli_line("{gridenum} resume " + dir + " --total-only");
    EXPECT_EQ(again.code, 0) << again.err;
    EXPECT_EQ(again.out, std::string(r.total) + "\n");
    EXPECT_NE(again.err.find("the result files are written again from the journal"), std::string::npos) << again.err;
    const std::string text = slurp(t / "job/result.txt");
    EXPECT_NE(text.find(group_digits(std::string(r.total))), std::string::npos) << text;
    EXPECT_EQ(text.find(group_digits(off_by_one(r.total))), std::string::npos) << text;
    EXPECT_EQ(run_cli_line("{gridenum} verify result " + dir).code, 0);
    const Proc shown = run_cli_line("{gridenum} resume " + dir);  // now as stored, nothing written
    EXPECT_EQ(shown.code, 0);
    EXPECT_EQ(shown.err.find("written again"), std::string::npos) << shown.err;
  }
}

TEST_P(ResultFiles, ForgedJsonTotalIsNeverShown) {
  const Route& r = GetParam();
  TempDir t;
  const std::string dir = (t / "job").string();
  ASSERT_EQ(run_cli_line(std::string("{gridenum} count ") + r.count + " --threads 2 --job-dir " + dir).code, 0);
  std::string json = slurp(t / "job/result.json");
  ASSERT_GT(replace_all(json, "\"total\": \"" + std::string(r.total) + "\"", "\"total\": \"" + off_by_one(r.total) + "\""), 0);
  spit(t / "job/result.json", json);
  EXPECT_EQ(run_cli_line("{gridenum} verify result " + dir).code, 1);
  const Proc again = run_cli_line("{gridenum} resume " + dir + " --json");
  EXPECT_EQ(again.code, 0) << again.err;
  EXPECT_NE(again.out.find("\"total\": \"" + std::string(r.total) + "\""), std::string::npos) << again.out;
  EXPECT_NE(again.err.find("is not the journal's " + std::string(r.total)), std::string::npos) << again.err;
}

INSTANTIATE_TEST_SUITE_P(Routes, ResultFiles, ::testing::ValuesIn(kRoutes),
                         [](const ::testing::TestParamInfo<Route>& i) { return std::string(i.param.name); });

TEST(ResultFilesMerge, MergedTextIsChecked) {
  TempDir t;
  for (int k = 1; k <= 2; ++k)
    ASSERT_EQ(run_cli_line("{gridenum} count --shape 2x4 --threads 2 --shard " + std::to_string(k) + "/2 --job-dir " +
                           (t / ("s" + std::to_string(k))).string())
                  .code,
              0);
  const std::string out = (t / "merged").string();
  ASSERT_EQ(run_cli_line("{gridenum} merge " + (t / "s1").string() + " " + (t / "s2").string() + " --output " + out).code, 0);
  EXPECT_EQ(run_cli_line("{gridenum} verify result " + out).code, 0);
  forge_text(t / "merged", "29136487207403520", false);
  const Proc v = run_cli_line("{gridenum} verify result " + out);
  EXPECT_EQ(v.code, 1) << v.out;
  EXPECT_NE(v.out.find("SHA-256 of result.txt"), std::string::npos) << v.out;
}

// A merged two-stack result re-reads the shards' journals kept beside it: every unit's count
// against the class's F and each journal's units by their SHA-256. A journal record forged (and
// re-checksummed) after the merge fails it; copied away from its shards, the result still passes
// its own checks and says the journals were not re-read.
TEST(ResultFilesMerge, MergedResultReReadsTheShardsJournals) {
  TempDir t;
  for (int k = 1; k <= 2; ++k)
    ASSERT_EQ(run_cli_line("{gridenum} count --shape 2x4 --method two-stack --threads 2 --shard " + std::to_string(k) +
                           "/2 --job-dir " + (t / ("s" + std::to_string(k))).string())
                  .code,
              0);
  const std::string out = (t / "merged").string();
  ASSERT_EQ(run_cli_line("{gridenum} merge " + (t / "s1").string() + " " + (t / "s2").string() + " --output " + out).code, 0);
  const std::string json = slurp(t / "merged" / "result.json");
  const std::string text_before = slurp(t / "merged" / "result.txt");
  EXPECT_NE(json.find("\"dir\": \"../s2\""), std::string::npos) << json;  // relative to the output
  Proc v = run_cli_line("{gridenum} verify result " + out + " --verbose");
  EXPECT_EQ(v.code, 0) << v.out;
  EXPECT_NE(v.out.find("2 of their journals kept beside the result and re-read"), std::string::npos) << v.out;
  EXPECT_NE(v.out.find("units whose count is the class's F"), std::string::npos) << v.out;

  fs::create_directories(t / "elsewhere");
  fs::copy(t / "merged", t / "elsewhere" / "copy");
  v = run_cli_line("{gridenum} verify result " + (t / "elsewhere" / "copy").string());
  EXPECT_EQ(v.code, 0) << v.out;
  EXPECT_NE(v.out.find("not kept beside the result"), std::string::npos) << v.out;

  // One class's F altered in the merged result, its sums (first moment, total) and result.txt's
  // digest recomputed to match: the first moment by the array count fails it, and so does the
  // recount of that class (2x4: every class is recounted) and the shards' journals.
  {
    nlohmann::json j = nlohmann::json::parse(json);
    const BigInt total = test_support::forge_side2_class(j, 3, 2);
    std::string text = slurp(t / "merged" / "result.txt");
    replace_all(text, "29136487207403520", total.str());
    replace_all(text, group_digits(std::string("29136487207403520")), group_digits(total.str()));
    spit(t / "merged" / "result.txt", text);
    j["result_txt_sha256"] = sha256_hex(text);
    spit(t / "merged" / "result.json", j.dump(2));
    v = run_cli_line("{gridenum} verify result " + out);
    EXPECT_EQ(v.code, 1) << v.out;
    EXPECT_NE(v.out.find("sum weight x F = 2^16 x D(4)"), std::string::npos) << v.out;
    EXPECT_NE(v.out.find("class 4 "), std::string::npos) << v.out;
    EXPECT_NE(v.out.find("unit 3 holds"), std::string::npos) << v.out;
    EXPECT_EQ(v.out.find("SHA-256 of result.txt"), std::string::npos) << v.out;  // the text matches its digest
    spit(t / "merged" / "result.json", json);
  }

  // Kept compressed, as a certificate is committed (result.json.xz, result.txt.xz): the same
  // checks pass, result.txt.xz against its digest included, and status reads the merge.
  spit(t / "merged" / "result.txt", text_before);  // the forgery above changed it
  xz_file(t / "merged" / "result.json");
  xz_file(t / "merged" / "result.txt");
  v = run_cli_line("{gridenum} verify result " + out + " --verbose");
  EXPECT_EQ(v.code, 0) << v.out;
  EXPECT_NE(v.out.find("result.json.xz"), std::string::npos) << v.out;
  EXPECT_NE(v.out.find("2 of their journals kept beside the result and re-read"), std::string::npos) << v.out;
  EXPECT_NE(v.out.find("SHA-256 of result.txt"), std::string::npos) << v.out;
  const Proc st = run_cli_line("{gridenum} status " + out);
  EXPECT_EQ(st.code, 0) << st.err;
  EXPECT_NE(st.out.find("29,136,487,207,403,520"), std::string::npos) << st.out;
  {  // a damaged compressed text is an input error naming the file, not a pass or a crash
    std::string bytes = slurp(t / "merged" / "result.txt.xz");
    bytes.resize(bytes.size() / 2);
    spit(t / "merged" / "result.txt.xz", bytes);
    v = run_cli_line("{gridenum} verify result " + out);
    EXPECT_EQ(v.code, 2) << v.out << v.err;
    EXPECT_NE(v.err.find("result.txt.xz: damaged or truncated xz data"), std::string::npos) << v.err;
  }
  fs::remove(t / "merged" / "result.txt.xz");
  fs::remove(t / "merged" / "result.json.xz");
  spit(t / "merged" / "result.json", json);
  spit(t / "merged" / "result.txt", text_before);

  // Shard 2 holds units 1, 3, 5, ... (ids mod 2): its unit 3 forged.
  ASSERT_FALSE(forge_journal_record(t / "s2" / "journal", 3, 1).empty());
  v = run_cli_line("{gridenum} verify result " + out);
  EXPECT_EQ(v.code, 1) << v.out;
  EXPECT_NE(v.out.find("SHA-256 of its units"), std::string::npos) << v.out;
  EXPECT_NE(v.out.find("unit 3 holds"), std::string::npos) << v.out;
}

}  // namespace
}  // namespace gridenum::testing
