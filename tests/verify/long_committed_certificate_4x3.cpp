// The committed certificate of the 12x12 (4x3 boxes) count, results/4x3/merged/, checked as
// `gridenum verify result results/4x3/merged --classes 1,72290,72291,144578 --sample 6 --seed
// 20261207` checks it, label long: everything the slow tier checks without a recount
// (slow_committed_certificates.cpp: the plan, the sums, the 8 shards' journals, result.txt.xz),
// and ten classes' counts (F x completions) recounted by the signature method, which shares no
// counting code with the three-band counter the shards ran (docs/verification.md): the first and
// the last class of the catalogue (the last is the most symmetric band), 72,290 and 72,291 (whose
// completions long_three_band_vs_signature_12.cpp holds against a record), and six drawn from a
// fixed seed.
// The signature method's 4x3 tables take minutes and about 3.3 GB before the first class; then
// tens of seconds a class on 2 cores.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "gridenum/jobs/result_io.hpp"
#include "gridenum/verify/verify.hpp"
#include "verify_sections.hpp"

using namespace gridenum;
using gridenum::test_support::section;

TEST(CommittedCertificate4x3Long, VerifyResultWithClassesRecountedBySignature) {
  const std::filesystem::path merged = std::filesystem::path(GRIDENUM_SOURCE_DIR) / "results" / "4x3" / "merged";
  ASSERT_TRUE(std::filesystem::exists(merged / "result.json.xz")) << merged;
  VerifyResultOptions o;
  o.recompute = Recompute::Sample;
  o.classes = parse_class_list("1,72290,72291,144578");
  o.sample = 6;
  o.seed = 20261207;
  o.threads = 2;
  const VerifyReport r = verify_result(load_result(merged.string()), o);
  EXPECT_TRUE(r.pass()) << format_text(r);
  EXPECT_TRUE(r.sampled);
  const VerifySection* s = section(r, "the count of sampled classes recounted by the signature method");
  ASSERT_NE(s, nullptr) << format_text(r);
  EXPECT_EQ(s->lines.size(), 10u) << format_text(r);
  std::string items;
  for (const auto& l : s->lines) {
    EXPECT_TRUE(l.ok) << l.item << ": " << l.note;
    EXPECT_EQ(l.left, l.right) << l.item;
    items += l.item + ";";
  }
  for (const char* c : {"class 1 ", "class 72290 ", "class 72291 ", "class 144578 "})
    EXPECT_NE(items.find(c), std::string::npos) << items;
  const VerifySection* shards = section(r, "the shards' journals against the merged result");
  ASSERT_NE(shards, nullptr) << format_text(r);
  EXPECT_EQ(shards->lines.size(), 3u * 8u);
}
