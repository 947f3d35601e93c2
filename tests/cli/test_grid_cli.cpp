// `gridenum grid canon | equiv | auto | info | census` (src/cli/cmd_grid.cpp): the output formats, the
// order of a batch on several threads, the exit codes (equiv: 1 for a pair not equivalent; bad
// input 2 with the line and column), against figures the library's tests check
// (tests/grid/test_canon.cpp: the published minlex forms).
#include <gtest/gtest.h>

#include <algorithm>

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

// sample / rank / unrank (grid/rank.hpp, grid/sample.hpp; the bijection itself is checked on
// every 4x4 grid and the 6x6 blocks in tests/grid/test_rank.cpp): the same seed gives the same
// grids on 1 and 2 threads; rank reads what sample prints and gives the ranks sample's JSON
// names; unrank gives the grids back; the errors say the range, the shapes, the line.
namespace {
// sample on 1 and 2 threads and as JSON, rank of the samples, unrank of the ranks: the same grids.
void check_sample_rank_unrank(const std::string& shape) {
  const Proc one = run_cli({"grid", "sample", "--shape", shape, "--count", "40", "--seed", "7", "--threads", "1"});
  ASSERT_EQ(one.code, 0) << one.err;
  const Proc two = run_cli({"grid", "sample", "--shape", shape, "--count", "40", "--seed", "7", "--threads", "2"});
  ASSERT_EQ(two.code, 0) << two.err;
  EXPECT_EQ(one.out, two.out);
  const auto grids = lines_of(one.out);
  ASSERT_EQ(grids.size(), 40u);
  const Proc json = run_cli({"grid", "sample", "--shape", shape, "--count", "40", "--seed", "7", "--json"});
  ASSERT_EQ(json.code, 0) << json.err;
  const auto docs = lines_of(json.out);
  ASSERT_EQ(docs.size(), 40u);
  const Proc ranked = run_cli_line("{gridenum} grid rank --shape " + shape + " -", one.out);
  ASSERT_EQ(ranked.code, 0) << ranked.err;
  const auto ranks = lines_of(ranked.out);
  ASSERT_EQ(ranks.size(), 40u);
  std::vector<std::string> args{"grid", "unrank", "--shape", shape};
  for (std::size_t i = 0; i < 40; ++i) {
    const auto doc = nlohmann::json::parse(docs[i]);
    EXPECT_EQ(doc["grid"], grids[i]) << i;
    EXPECT_EQ(doc["index"], i);
    EXPECT_EQ(doc["rank"], ranks[i]) << i;
    args.push_back(ranks[i]);
  }
  const Proc back = run_cli(args);
  ASSERT_EQ(back.code, 0) << back.err;
  EXPECT_EQ(back.out, one.out);
}
}  // namespace

TEST(GridCli, SampleRankUnrankRoundTrip) {
  check_sample_rank_unrank("2x3");
  // 9x9 (BandStackRanker) in one process, since each builds its tables (about 1.5 s); the round
  // trip through rank and unrank is slow_grid_cli.cpp's. Two samples: valid 81-digit grids whose
  // JSON names the shape and a rank below the total.
  const Proc nine = run_cli({"grid", "sample", "--shape", "3x3", "--count", "2", "--seed", "7", "--json"});
  ASSERT_EQ(nine.code, 0) << nine.err;
  const auto nine_docs = lines_of(nine.out);
  ASSERT_EQ(nine_docs.size(), 2u);
  for (const std::string& line : nine_docs) {
    const auto doc = nlohmann::json::parse(line);
    EXPECT_EQ(doc["shape"], "3x3");
    const std::string g = doc["grid"];
    ASSERT_EQ(g.size(), 81u);
    for (int r = 0; r < 9; ++r) {
      std::string row = g.substr(static_cast<std::size_t>(9 * r), 9);
      std::sort(row.begin(), row.end());
      EXPECT_EQ(row, "123456789") << g;
    }
    const std::string rank = doc["rank"];
    EXPECT_TRUE(rank.size() < 22 || (rank.size() == 22 && rank < "6670903752021072936960")) << rank;
  }
  // The ends of the range: rank 0 is the first row 1..N's lexicographically smallest grid.
  const Proc ends = run_cli({"grid", "unrank", "--shape", "2x2", "0", "287"});
  ASSERT_EQ(ends.code, 0) << ends.err;
  EXPECT_EQ(lines_of(ends.out)[0], "1234341221434321");
  const Proc again = run_cli_line("{gridenum} grid rank -", ends.out);
  EXPECT_EQ(again.out, "0\n287\n");
}

// 8x8 (TwoBandRanker; each process builds its tables, about 0.4 s of CPU): 4x2 samples as JSON,
// ranked back to their JSON ranks, unranked back to the same grids; the same ranks unranked as
// 2x4 give the transposed grids (the 2x4 rank is the 4x2 rank of the transpose).
TEST(GridCli, EightByEightSampleRankUnrank) {
  const Proc sample = run_cli({"grid", "sample", "--shape", "4x2", "--count", "5", "--seed", "1", "--json"});
  ASSERT_EQ(sample.code, 0) << sample.err;
  std::string grids, transposed;
  std::vector<std::string> ranks;
  for (const std::string& line : lines_of(sample.out)) {
    const auto doc = nlohmann::json::parse(line);
    EXPECT_EQ(doc["shape"], "4x2");
    const std::string g = doc["grid"];
    ASSERT_EQ(g.size(), 64u);
    grids += g + "\n";
    std::string t(64, ' ');
    for (int r = 0; r < 8; ++r)
      for (int c = 0; c < 8; ++c) t[static_cast<std::size_t>(c * 8 + r)] = g[static_cast<std::size_t>(r * 8 + c)];
    transposed += t + "\n";
    ranks.push_back(doc["rank"]);
  }
  ASSERT_EQ(ranks.size(), 5u);
  const Proc ranked = run_cli_line("{gridenum} grid rank --shape 4x2 -", grids);
  ASSERT_EQ(ranked.code, 0) << ranked.err;
  EXPECT_EQ(lines_of(ranked.out), ranks);
  std::vector<std::string> args{"grid", "unrank", "--shape", "4x2"};
  args.insert(args.end(), ranks.begin(), ranks.end());
  const Proc back = run_cli(args);
  ASSERT_EQ(back.code, 0) << back.err;
  EXPECT_EQ(back.out, grids);
  args[3] = "2x4";
  const Proc other = run_cli(args);
  ASSERT_EQ(other.code, 0) << other.err;
  EXPECT_EQ(other.out, transposed);
}

TEST(GridCli, SampleRankUnrankErrors) {
  const Proc past = run_cli({"grid", "unrank", "--shape", "2x2", "5", "288"});
  EXPECT_EQ(past.code, 2);
  EXPECT_EQ(past.out, "");
  EXPECT_TRUE(contains(past.err, "rank 288 is out of range: 2x2 grids have the ranks 0 .. 287")) << past.err;
  const Proc word = run_cli({"grid", "unrank", "--shape", "2x2", "-1"});
  EXPECT_EQ(word.code, 2);
  EXPECT_TRUE(contains(word.err, "0 .. 287")) << word.err;
  const Proc twelve = run_cli({"grid", "sample", "--shape", "3x4", "--seed", "1"});
  EXPECT_EQ(twelve.code, 2);
  EXPECT_TRUE(contains(twelve.err, "2x2, 2x3, 3x2, 2x4, 4x2, 3x3, 2x5, 5x2")) << twelve.err;
  const Proc twelve_rank = run_cli_line(
      "{gridenum} grid rank -",
      "123456789ABC56789ABC12349ABC1234567823456789ABC16789ABC12345ABC1234567893456789ABC12789ABC123456BC123456789A456789ABC12389ABC1234567C123456789AB\n");
  EXPECT_EQ(twelve_rank.code, 2);
  EXPECT_TRUE(contains(twelve_rank.err, "line 1: a 3x4 grid")) << twelve_rank.err;
  const Proc eight_past = run_cli({"grid", "unrank", "--shape", "4x2", "29136487207403520"});
  EXPECT_EQ(eight_past.code, 2);
  EXPECT_TRUE(contains(eight_past.err, "4x2 grids have the ranks 0 .. 29136487207403519")) << eight_past.err;
  const Proc bad = run_cli_line("{gridenum} grid rank --shape 2x2 -", "1234341221434321\n1234341221434312\n");
  EXPECT_EQ(bad.code, 2);
  EXPECT_EQ(bad.out, "");
  EXPECT_TRUE(contains(bad.err, "line 2, column 15")) << bad.err;
  const Proc no_seed = run_cli({"grid", "sample", "--shape", "2x2", "--count", "3"});
  EXPECT_EQ(no_seed.code, 0) << no_seed.err;
  EXPECT_EQ(lines_of(no_seed.out).size(), 3u);
  EXPECT_TRUE(contains(no_seed.err, "give --seed")) << no_seed.err;
}

// `grid census` end to end on 6x6 (a tenth of a second; the figures are the library's, which
// tests/grid/test_automorphism_census.cpp checks against the brute-force orbit census): the text
// table, the JSON, the forms file written whole, and a --forms folder that does not exist refused
// before any work (exit 2, nothing written).
TEST(GridCli, CensusTableJsonAndForms) {
  const TempDir t;
  const Proc p = run_cli({"grid", "census", "--shape", "2x3", "--threads", "2", "--forms", (t / "forms.txt").string()});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_NE(p.out.find("with a non-trivial automorphism: 48"), std::string::npos) << p.out;
  EXPECT_NE(p.out.find("Check: sum over these orbits"), std::string::npos) << p.out;
  const auto forms = lines_of(slurp(t / "forms.txt"));
  ASSERT_EQ(forms.size(), 48u);
  for (const std::string& line : forms) {
    ASSERT_EQ(line.substr(0, 6), "123456") << line;
    ASSERT_EQ(line[36], ' ') << line;
  }
  const Proc j = run_cli({"grid", "census", "--shape", "2x2", "--json"});
  ASSERT_EQ(j.code, 0) << j.err;
  const auto doc = nlohmann::json::parse(j.out);
  EXPECT_EQ(doc["orbits_with_automorphisms"], 2);
  EXPECT_EQ(doc["transposition"], true);
  EXPECT_EQ(doc["check"]["holds"], true);
  EXPECT_EQ(doc["check"]["pairs_by_orbits"], doc["check"]["pairs_by_classes"]);
  ASSERT_EQ(doc["by_order"].size(), 2u);
  EXPECT_EQ(doc["by_order"][0]["automorphisms"], 16);
  EXPECT_EQ(doc["by_order"][1]["automorphisms"], 32);
  const Proc bad = run_cli({"grid", "census", "--shape", "2x2", "--forms", (t / "no" / "forms.txt").string()});
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("does not exist"), std::string::npos) << bad.err;
  EXPECT_FALSE(fs::exists(t / "no"));
  const Proc transposed = run_cli({"grid", "census", "--shape", "2x3", "--no-transpose"});
  EXPECT_EQ(transposed.code, 0) << transposed.err;
  const Proc ten = run_cli({"grid", "census", "--shape", "2x5"});
  EXPECT_EQ(ten.code, 2);
  EXPECT_NE(ten.err.find("the census takes 4 to 9 digits"), std::string::npos) << ten.err;
}
