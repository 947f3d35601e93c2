// The full side-2 verification of 10-digit shapes: `verify classes` on 2x5 (the two
// generators' 355 classes matched with equal weights, and the census of the configurations with
// boxes 1-3 reduced by their stabilisers), `verify completions` (F by both counters and plain
// enumeration) on two chosen 5x2 classes (the all-same class, above the plain-enumeration limit,
// and the last one), a passing 2x5 run through the CLI, and the first moment of the fixture
// side2_10's 2x5 and 5x2 results against the array count 2^25 x D(5).
// Label slow. A sample of six classes by plain enumeration (about a CPU-minute and a half) is
// long_side2_verify.cpp's; here class 355 is the one listed plainly.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <utility>

#include "cli_run.hpp"
#include "test_cache.hpp"
#include "gridenum/count/result_doc.hpp"
#include "gridenum/verify/side2_verify.hpp"
#include "gridenum/verify/verify.hpp"
#include "verify_sections.hpp"

using namespace gridenum;
using gridenum::test_support::section;

TEST(Side2VerifySlow, ClassesOfTwoByFive) {
  const VerifyReport r = verify_side2_classes(Shape{2, 5}, 2);
  EXPECT_TRUE(r.pass()) << format_text(r);
  ASSERT_GE(r.sections.size(), 3u);
  EXPECT_EQ(r.sections[2].lines.size(), 355u);
}

TEST(Side2VerifySlow, TwoTenDigitClasses) {
  VerifySide2FillingsOptions o;
  o.shape = Shape{5, 2};
  o.classes = {1, 355};
  o.threads = 2;
  const VerifyReport r = verify_side2_fillings(o);
  EXPECT_TRUE(r.pass()) << format_text(r);
  const VerifySection* f = section(r, "F per class");
  ASSERT_NE(f, nullptr);
  ASSERT_EQ(f->lines.size(), 2u);
  EXPECT_EQ(f->lines[0].left, "26011238400");  // 161,280^2: two 5x5 Latin squares
  EXPECT_EQ(f->lines[0].note, "F / m! above the plain-enumeration limit");
  EXPECT_EQ(f->lines[1].note, "plain enumeration agrees");
}

TEST(Side2VerifySlow, Cli) {
  const auto p = gridenum::testing::run_cli_line(
      "{gridenum} verify completions --shape 2x5 --class 1 --threads 2 2>&1");
  EXPECT_EQ(p.code, 0) << p.out;
  EXPECT_NE(p.out.find("side-2 routes"), std::string::npos) << p.out;
  EXPECT_NE(p.out.find("PASS"), std::string::npos) << p.out;
  // A class past the shape's last is refused, naming the range, once the classes are generated.
  const auto past = gridenum::testing::run_cli_line("{gridenum} verify completions --shape 2x5 --class 400 2>&1");
  EXPECT_EQ(past.code, 2) << past.out;
  EXPECT_NE(past.out.find("class 400 does not exist: 2x5 has classes 1..355"), std::string::npos) << past.out;
  EXPECT_EQ(past.out.find("PASS"), std::string::npos) << past.out;
}

// Both routes' ten-digit results, every F summed with its weight, against 2^25 x D(5) counted
// without classes; and one F changed by one fails it. The results are the fixture side2_10's
// (tests/support/test_cache.hpp: 2x5 by two-stack as one job, 5x2 by two-band as two shards,
// merged here by `gridenum merge`), so no 10-digit count runs again for this test (it did: 47 s
// of CI's slow tier, beside the fixture's own).
TEST(Side2VerifyOnTheTables10, TenDigitFirstMomentByTheArrayCount) {
  namespace t = gridenum::testing;
  std::string shards;
  for (int k = 1; k <= t::kSide2TenShards; ++k) shards += " " + t::side2_ten_two_band_dir(k).string();
  const auto merged = t::run_cli_line("{gridenum} merge --json" + shards);
  ASSERT_EQ(merged.code, 0) << merged.out;
  const auto stack_file = t::side2_ten_two_stack_dir() / "result.json";
  ASSERT_TRUE(std::filesystem::exists(stack_file)) << "fixture side2_10 missing: run through ctest";
  const std::pair<std::string, nlohmann::json> docs[] = {{"2x5", nlohmann::json::parse(t::slurp(stack_file))},
                                                         {"5x2", nlohmann::json::parse(merged.out)}};
  for (auto [shape, doc] : docs) {
    ASSERT_EQ(doc["shape"], shape);
    VerifyResultOptions v;
    v.recompute = Recompute::Sample;  // no class recounted: the sums and the array count only
    v.threads = 2;
    const VerifyReport r = verify_result(parse_result(doc, "doc"), v);
    EXPECT_TRUE(r.pass()) << shape << ": " << format_text(r);
    const VerifySection* fm = section(r, "first moment, by the array count");
    ASSERT_NE(fm, nullptr) << shape;
    ASSERT_EQ(fm->lines.size(), 1u);
    EXPECT_EQ(fm->lines[0].right, "1388348372994018508800") << shape;
    EXPECT_TRUE(fm->lines[0].ok);
    doc["classes"][100]["F"] = (BigInt(doc["classes"][100]["F"].get<std::string>()) + 1).str();
    const VerifyReport bad = verify_result(parse_result(doc, "doc"), v);
    EXPECT_FALSE(bad.pass()) << shape;
    EXPECT_FALSE(section(bad, "first moment, by the array count")->lines[0].ok) << shape;
  }
}
