// `gridenum verify` for the side-2 routes (side2_verify.hpp): the class check (two generators and
// the census) and the F check (two counters and plain enumeration) pass on 2x4 / 4x2 in full; the census accounts for every configuration; bad input is an input
// error; the CLI sends 2x5 to these checks; `verify result` of a side-2 document passes on a real
// count and fails, naming the figure, on every kind of tampering. The full 2x5 census, two chosen and
// six sampled 10-digit classes, and a passing 2x5 run through the CLI are in slow_side2_verify.cpp.
#include <gtest/gtest.h>

#include <string>

#include <fmt/format.h>

#include "cli_run.hpp"
#include "gridenum/count/result_doc.hpp"
#include "gridenum/count/side2/side2_run.hpp"
#include "gridenum/count/side2/two_stack.hpp"
#include "gridenum/verify/side2_verify.hpp"
#include "side2_forgery.hpp"
#include "verify_sections.hpp"

using namespace gridenum;
using gridenum::test_support::has_problem;
using gridenum::test_support::section;

namespace {

// The real binary, stdout and stderr together (tests/support/cli_run.hpp).
std::string run_cli(const std::string& args, int* status) {
  const auto p = gridenum::testing::run_cli_line("{gridenum} " + args + " 2>&1");
  *status = p.code;
  return p.out;
}

}  // namespace

TEST(Side2Verify, ClassesOfEightDigitsPass) {
  for (Shape s : {Shape{2, 4}, Shape{4, 2}, Shape{2, 3}}) {
    const VerifyReport r = verify_side2_classes(s, 2);
    EXPECT_TRUE(r.pass()) << format_text(r);
    const VerifySection* fig = section(r, "figures");
    ASSERT_NE(fig, nullptr);
    const VerifySection* cen = section(r, "class weights against the census");
    ASSERT_NE(cen, nullptr);
    EXPECT_EQ(cen->lines.size(), TwoStackClasses(side2_half(s)).table().classes.size());
  }
}

TEST(Side2Verify, FillingsOfEightDigitsAllClassesAndTotals) {
  VerifySide2FillingsOptions o;
  o.shape = Shape{2, 4};
  o.all = true;
  o.threads = 2;
  const VerifyReport r = verify_side2_fillings(o);
  EXPECT_TRUE(r.pass()) << format_text(r);
  const VerifySection* tot = section(r, "totals of both orientations");
  ASSERT_NE(tot, nullptr);
  ASSERT_EQ(tot->lines.size(), 2u);
  EXPECT_EQ(tot->lines[1].left, "29136487207403520");
  EXPECT_EQ(tot->lines[1].right, "29136487207403520");
  // Every class of 2x4 is small enough for plain enumeration.
  const VerifySection* f = section(r, "F per class");
  ASSERT_NE(f, nullptr);
  for (const auto& l : f->lines) EXPECT_EQ(l.note, "plain enumeration agrees") << l.item;
}

TEST(Side2Verify, PlainEnumerationStopsAtItsLimit) {
  Side2Config c;
  c.m = 4;
  for (int k = 0; k < 4; ++k) c.sets[k] = 0x0f;
  const auto full = plain_stack_fillings(c, 1000000);
  ASSERT_TRUE(full.has_value());
  EXPECT_EQ(*full, two_stack_fillings(c));  // 576^2: two 4x4 Latin squares
  EXPECT_EQ(to_string(*full), "331776");
  EXPECT_FALSE(plain_stack_fillings(c, 10).has_value());
}

TEST(Side2Verify, BadInput) {
  VerifySide2FillingsOptions o;
  o.shape = Shape{2, 4};
  o.classes = {27};  // 2x4 has 26 classes
  EXPECT_THROW(verify_side2_fillings(o), VerifyInputError);
  o.shape = Shape{3, 3};
  o.classes = {1};
  EXPECT_THROW(verify_side2_fillings(o), VerifyInputError);
  EXPECT_THROW(verify_side2_classes(Shape{2, 2}, 1), VerifyInputError);
  EXPECT_TRUE(is_side2_verify_shape(Shape{2, 5}));
  EXPECT_TRUE(is_side2_verify_shape(Shape{5, 2}));
  EXPECT_FALSE(is_side2_verify_shape(Shape{2, 4}));
}

TEST(Side2Verify, Cli) {
  // Refusals made before any class is generated. A passing 10-digit run through the CLI, and a
  // class number past the 355 classes of 2x5 (refused once they are generated, 4 s), are
  // slow_side2_verify's Cli.
  int st = -1;
  std::string out = run_cli("verify completions --shape 3x3 --sample 2", &st);
  EXPECT_EQ(st, 2) << out;
  out = run_cli("verify completions --shape 2x5 --class 1 --method signature", &st);
  EXPECT_EQ(st, 2) << out;
  // 4x3 / 3x4 (three-band against signature): refused before any table is built.
  out = run_cli("verify completions --shape 4x3 --all", &st);
  EXPECT_EQ(st, 2) << out;
  EXPECT_NE(out.find("--sample K"), std::string::npos) << out;
  out = run_cli("verify completions --shape 3x4 --class 1 --method stack", &st);
  EXPECT_EQ(st, 2) << out;
  EXPECT_NE(out.find("three-band counter against the signature method"), std::string::npos) << out;
}

namespace {

nlohmann::json side2_json(const char* shape, MethodId route) {
  Side2Options o;
  o.shape = *Shape::parse(shape);
  o.route = route;
  o.threads = 2;
  return to_json(run_side2_count(o));
}

VerifyReport verify_doc(const nlohmann::json& j, std::uint32_t sample = 0) {
  VerifyResultOptions o;
  o.sample = sample;
  o.seed = 7;
  o.threads = 2;
  return verify_result(parse_result(j, "doc"), o);
}

}  // namespace

TEST(Side2Verify, ResultOfEachRoutePasses) {
  for (auto [shape, route] : {std::pair{"2x4", MethodId::TwoStack}, std::pair{"4x2", MethodId::TwoBand},
                              std::pair{"2x3", MethodId::TwoBand}}) {
    const nlohmann::json doc = side2_json(shape, route);
    // m <= 4: every class recounted by the other route, and the total from the recounts.
    const VerifyReport r = verify_doc(doc, 5);
    EXPECT_TRUE(r.pass()) << shape << ": " << format_text(r);
    EXPECT_FALSE(r.sampled);
    EXPECT_EQ(r.verdict(), "PASS");
    const VerifySection* every = section(r, "F of every class");
    ASSERT_NE(every, nullptr) << shape;
    EXPECT_EQ(every->lines.size(), doc["classes"].size() + 1);  // and the total
    EXPECT_EQ(every->right_name, to_string(route == MethodId::TwoStack ? MethodId::TwoBand : MethodId::TwoStack));
    // Only the sample (--recompute sample): K of U classes, and the PASS says "sampled".
    VerifyResultOptions o;
    o.sample = 5;
    o.seed = 7;
    o.recompute = Recompute::Sample;
    const VerifyReport s = verify_result(parse_result(doc, "doc"), o);
    EXPECT_TRUE(s.pass()) << format_text(s);
    const VerifySection* sample = section(s, "F of sampled classes");
    ASSERT_NE(sample, nullptr) << shape;
    EXPECT_EQ(sample->lines.size(), std::min<std::size_t>(5, doc["classes"].size()));  // 2x3 has fewer classes
    EXPECT_EQ(s.verdict().rfind(fmt::format("PASS (sampled: F of {} of {} classes (units), by the ", sample->lines.size(),
                                            doc["classes"].size()), 0),
              0u)
        << s.verdict();
  }
}

// A class's F forged consistently (F, first moment and total all agree): the re-done sums cannot
// see it; the first moment by the array count does, with no class recounted, and so does the
// recount of every class (cheap for m <= 4).
TEST(Side2Verify, ConsistentlyForgedClassIsCaughtByTheWholeRecount) {
  nlohmann::json j = side2_json("2x4", MethodId::TwoStack);
  test_support::forge_side2_class(j, 2, 2);
  VerifyResultOptions o;
  o.recompute = Recompute::Sample;
  const VerifyReport sums_only = verify_result(parse_result(j, "doc"), o);  // no class recounted
  EXPECT_FALSE(sums_only.pass());
  EXPECT_EQ(sums_only.problems.size(), 1u) << format_text(sums_only);  // the re-done sums agree
  EXPECT_TRUE(has_problem(sums_only, "sum weight x F = 2^16 x D(4)")) << format_text(sums_only);
  const VerifyReport r = verify_doc(j);
  EXPECT_FALSE(r.pass());
  EXPECT_TRUE(has_problem(r, "class 3 ")) << format_text(r);
  EXPECT_TRUE(has_problem(r, "total (sum weight x F^2, F recounted)")) << format_text(r);
}

// --classes: the classes named are recounted besides the sample, exactly those when no sample is
// drawn; a forged F in a named class fails by the recount, the same forgery elsewhere does not fail
// the recount of the named ones (the first moment still fails it); names past the table refused.
TEST(Side2Verify, NamedClassesAreRecounted) {
  nlohmann::json j = side2_json("2x4", MethodId::TwoStack);
  VerifyResultOptions o;
  o.recompute = Recompute::Sample;  // m <= 4 would recount every class otherwise
  o.seed = 3;
  o.threads = 2;
  o.classes = parse_class_list("2,20:22,21");
  VerifyReport r = verify_result(parse_result(j, "doc"), o);
  EXPECT_TRUE(r.pass()) << format_text(r);
  const VerifySection* sec = section(r, "F of sampled classes, recounted by the other route");
  ASSERT_NE(sec, nullptr) << format_text(r);
  ASSERT_EQ(sec->lines.size(), 4u) << format_text(r);  // 2, 20, 21, 22, each once
  EXPECT_EQ(sec->lines[0].item.rfind("class 2 ", 0), 0u) << sec->lines[0].item;
  EXPECT_EQ(sec->lines[3].item.rfind("class 22 ", 0), 0u) << sec->lines[3].item;
  EXPECT_NE(format_text(r).find("4 of them named (--classes)"), std::string::npos) << format_text(r);
  o.sample = 3;  // the sample and the named classes together
  r = verify_result(parse_result(j, "doc"), o);
  EXPECT_GE(section(r, "F of sampled classes, recounted by the other route")->lines.size(), 4u);
  EXPECT_LE(section(r, "F of sampled classes, recounted by the other route")->lines.size(), 7u);
  o.sample = 0;

  j["classes"][20]["F"] = (BigInt(j["classes"][20]["F"].get<std::string>()) + 1).str();  // class 21
  r = verify_result(parse_result(j, "doc"), o);
  EXPECT_TRUE(has_problem(r, "class 21 ")) << format_text(r);
  o.classes = parse_class_list("2");
  r = verify_result(parse_result(j, "doc"), o);
  EXPECT_FALSE(has_problem(r, "class 21 ")) << format_text(r);
  EXPECT_TRUE(has_problem(r, "first moment")) << format_text(r);

  o.classes = parse_class_list("26:27");  // 2x4 has 26 classes
  EXPECT_THROW(verify_result(parse_result(j, "doc"), o), VerifyInputError);
  for (const char* bad : {"", "0", "3:2", "1,", "a", "1:2:3", "-1", ",4"})
    EXPECT_THROW(parse_class_list(bad), VerifyInputError) << bad;
  const auto ok = parse_class_list("7,1:3");
  ASSERT_EQ(ok.size(), 2u);
  EXPECT_EQ(ok[1], (std::pair<std::uint64_t, std::uint64_t>{1, 3}));
}

TEST(Side2Verify, ResultTamperingIsNamed) {
  const nlohmann::json good = side2_json("2x4", MethodId::TwoStack);
  {
    nlohmann::json j = good;  // one F changed: the sums disagree, and a sample of every class catches it
    j["classes"][3]["F"] = "12345";
    const VerifyReport r = verify_doc(j, static_cast<std::uint32_t>(j["classes"].size()));
    EXPECT_FALSE(r.pass());
    EXPECT_TRUE(has_problem(r, "first moment")) << format_text(r);
    EXPECT_TRUE(has_problem(r, "total")) << format_text(r);
    EXPECT_TRUE(has_problem(r, "class 4 ")) << format_text(r);
  }
  {
    nlohmann::json j = good;  // the total alone
    j["total"] = "29136487207403521";
    EXPECT_TRUE(has_problem(verify_doc(j), "total (sum weight x F^2)"));
  }
  {
    nlohmann::json j = good;  // a weight
    j["classes"][0]["weight"] = j["classes"][0]["weight"].get<std::uint64_t>() + 1;
    const VerifyReport r = verify_doc(j);
    EXPECT_TRUE(has_problem(r, "class 1 ")) << format_text(r);
    EXPECT_TRUE(has_problem(r, "sum of weights")) << format_text(r);
  }
  {
    nlohmann::json j = good;  // two classes swapped: representatives out of the generator's order
    std::swap(j["classes"][1], j["classes"][2]);
    EXPECT_TRUE(has_problem(verify_doc(j), "the generator's representative is"));
  }
  {
    nlohmann::json j = good;  // a representative that is no configuration
    j["classes"][5]["representative"] = "1234 1234 12 5678";
    EXPECT_TRUE(has_problem(verify_doc(j), "not a configuration"));
  }
  {
    nlohmann::json j = good;  // a class dropped
    j["classes"].erase(j["classes"].size() - 1);
    EXPECT_FALSE(verify_doc(j).pass());
  }
  {
    nlohmann::json j = good;  // F missing: input error, not a failed check
    j["classes"][0].erase("F");
    EXPECT_THROW(verify_doc(j), InputError);
  }
}

TEST(Side2Verify, ConfigStringsRoundTrip) {
  Side2Options o;
  o.shape = Shape{2, 5};
  const Side2Classes t = side2_classes(MethodId::TwoStack, 4, 2);
  for (const auto& c : t.classes) {
    const auto back = parse_config_string(config_string(c.representative), 4);
    ASSERT_TRUE(back.has_value()) << config_string(c.representative);
    EXPECT_TRUE(*back == c.representative);
  }
  EXPECT_FALSE(parse_config_string("1234 5678", 4).has_value());           // too few sets
  EXPECT_FALSE(parse_config_string("1234 5678 1256 3478 1357", 4).has_value());  // too many
  EXPECT_FALSE(parse_config_string("1239 5678 1256 3478", 4).has_value());  // digit 9 > N = 8
  EXPECT_FALSE(parse_config_string("1123 5678 1256 3478", 4).has_value());  // repeated digit
  EXPECT_FALSE(parse_config_string("123 45678 1256 3478", 4).has_value());  // sizes not m
  EXPECT_TRUE(parse_config_string("12345 6789A 6789A 6789A 6789A", 5).has_value());
}

TEST(Side2Verify, ResultOfAJobThroughTheCli) {
  gridenum::testing::TempDir t;
  const std::string dir = (t / "job").string();
  int st = -1;
  std::string out = run_cli("count --shape 4x2 --method two-band --threads 2 --job-dir " + dir, &st);
  ASSERT_EQ(st, 0) << out;
  out = run_cli("verify result " + dir + " --sample 3 --seed 11 --verbose", &st);
  EXPECT_EQ(st, 0) << out;
  EXPECT_NE(out.find("units whose count is the class's F"), std::string::npos) << out;
  EXPECT_NE(out.find("recounted by the other route"), std::string::npos) << out;
  EXPECT_NE(out.find("PASS"), std::string::npos) << out;
  out = run_cli("verify result " + dir + " --classes 3,5 --recompute sample", &st);
  EXPECT_EQ(st, 0) << out;
  EXPECT_NE(out.find("F of 2 of 26 classes (units), 2 of them named (--classes)"), std::string::npos) << out;
  out = run_cli("verify result " + dir + " --classes 30", &st);
  EXPECT_EQ(st, 2) << out;
  EXPECT_NE(out.find("class 30 does not exist: this result has classes 1..26"), std::string::npos) << out;
}
