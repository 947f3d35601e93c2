// `gridenum grid canon | equiv | auto | info` (src/cli/cmd_grid.cpp): the output formats, the
// order of a batch on several threads, the exit codes (equiv: 1 for a pair not equivalent; bad
// input 2 with the line and column), against figures the library's tests check
// (tests/grid/test_canon.cpp: the published minlex forms).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_run.hpp"

namespace {

using namespace gridenum::testing;

// The largest minlex grid (Sudoku Players' Forum, Red Ed 2007; 72 automorphisms) and a grid whose
// form SudokuWiki publishes.
const std::string kLargest = "123456789457893612986217354274538196531964827698721435342685971715349268869172543";
const std::string kWiki = "369218475215749863487635912754861239631924758928357641173482596542196387896573124";
const std::string kWikiForm = "123456789457189236698273541261947853745831692839625417384792165512368974976514328";

}  // namespace

TEST(GridCli, CanonBatchInInputOrder) {
  std::string in;
  for (int i = 0; i < 50; ++i) in += (i % 2 ? kWiki : kLargest) + "\n";
  const Proc p = run_cli_line("{gridenum} grid canon --threads 2 -", in);
  ASSERT_EQ(p.code, 0) << p.err;
  const auto lines = lines_of(p.out);
  ASSERT_EQ(lines.size(), 50u);
  for (std::size_t i = 0; i < lines.size(); ++i) EXPECT_EQ(lines[i], i % 2 ? kWikiForm : kLargest) << i;
  const Proc j = run_cli_line("{gridenum} grid canon --json", kWiki + "\n");
  ASSERT_EQ(j.code, 0) << j.err;
  const auto doc = nlohmann::json::parse(j.out);
  EXPECT_EQ(doc["canonical"], kWikiForm);
  EXPECT_EQ(doc["line"], 1);
  EXPECT_EQ(doc["shape"], "3x3");
}

TEST(GridCli, EquivExitCodes) {
  const Proc same = run_cli({"grid", "equiv", kWiki, kWikiForm});
  EXPECT_EQ(same.code, 0) << same.err;
  EXPECT_EQ(same.out, "equivalent\n");
  const Proc other = run_cli({"grid", "equiv", kWiki, kLargest});
  EXPECT_EQ(other.code, 1) << other.err;
  EXPECT_EQ(other.out, "not equivalent\n");
  const Proc one = run_cli({"grid", "equiv", kWiki});
  EXPECT_EQ(one.code, 2);
}

TEST(GridCli, AutoAndInfo) {
  const Proc a = run_cli_line("{gridenum} grid auto -", kLargest + "\n");
  ASSERT_EQ(a.code, 0) << a.err;
  EXPECT_TRUE(contains(a.out, "line 1: 3x3 grid, 72 automorphisms (36 without transposition)")) << a.out;
  const Proc i = run_cli_line("{gridenum} grid info --json -", kLargest + "\n");
  ASSERT_EQ(i.code, 0) << i.err;
  const auto doc = nlohmann::json::parse(i.out);
  EXPECT_EQ(doc["automorphisms"], 72);
  EXPECT_EQ(doc["band_class_count"], 44);
  EXPECT_EQ(doc["band_classes"].size(), 3u);
}

TEST(GridCli, BadInputNamesLineAndColumn) {
  std::string blank = kWiki;
  blank[20] = '.';
  const Proc p = run_cli_line("{gridenum} grid canon -", kWiki + "\n" + blank + "\n");
  EXPECT_EQ(p.code, 2);
  EXPECT_EQ(p.out, "");
  EXPECT_TRUE(contains(p.err, "line 2, column 21: cell r3c3 is blank")) << p.err;
  const Proc sixteen = run_cli({"grid", "canon", "--shape", "4x4"});
  EXPECT_EQ(sixteen.code, 2);
}
