// `gridenum verify` for the side-2 routes (side2_verify.hpp): the class check (two generators and
// the census) and the F check (two counters and plain enumeration) pass on 2x4 / 4x2 in full and
// on two 10-digit classes; the census accounts for every configuration; bad input is an input
// error; the CLI sends 2x5 to these checks. The full 2x5 census and --all are in
// slow_side2_verify.cpp.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "gridenum/count/two_stack.hpp"
#include "gridenum/verify/side2_verify.hpp"

using namespace gridenum;

namespace {

std::string run_cli(const std::string& args, int* status) {
  const std::string cmd = std::string(GRIDENUM_BINARY) + " " + args + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  std::string out;
  char buf[4096];
  while (std::size_t n = fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  const int st = pclose(p);
  *status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return out;
}

const VerifySection* section(const VerifyReport& r, const std::string& prefix) {
  for (const auto& s : r.sections)
    if (s.title.rfind(prefix, 0) == 0) return &s;
  return nullptr;
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

TEST(Side2Verify, TwoTenDigitClasses) {
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
  int st = -1;
  std::string out = run_cli("verify completions --shape 2x5 --class 1 --threads 2", &st);
  EXPECT_EQ(st, 0) << out;
  EXPECT_NE(out.find("side-2 routes"), std::string::npos) << out;
  EXPECT_NE(out.find("PASS"), std::string::npos) << out;
  out = run_cli("verify completions --shape 2x5 --class 400", &st);
  EXPECT_EQ(st, 2) << out;
  out = run_cli("verify completions --shape 3x3 --sample 2", &st);
  EXPECT_EQ(st, 2) << out;
  out = run_cli("verify completions --shape 2x5 --class 1 --method signature", &st);
  EXPECT_EQ(st, 2) << out;
}
