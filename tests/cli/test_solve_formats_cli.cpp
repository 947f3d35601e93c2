// The formats users have, through the real binary: `solve --pretty | solve`
// round-trips (classic, X, jigsaw, killer: the same answers, and the listed solution the drawn
// grid carries is checked, so a wrong reading would fail the line); a 9-line grid (qqwing
// --compact) and spaced, separated rows solve as the one-line grid does; a malformed multi-line
// grid is an error naming the file, the line and the column, and the puzzles after it are
// still solved; a killer line's title is shown by --pretty and --json.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli_run.hpp"
#include "solve_fixtures.hpp"

using namespace gridenum::testing;

namespace {


// The first `k` puzzle lines of a test data file.
std::string first_lines(const std::string& name, std::size_t k) {
  std::string out;
  const auto lines = data_lines(data_file(name));
  for (std::size_t i = 0; i < k && i < lines.size(); ++i) out += lines[i] + "\n";
  return out;
}

}  // namespace

TEST(SolveFormatsCli, PrettyOutputRoundTrips) {
  struct Case {
    std::string file, options;
  };
  const std::vector<Case> cases = {{"generated/classic-3x3.txt", ""},   {"generated/x-3x3.txt", "--rules x "},
                                   {"generated/jigsaw-9.txt", ""},      {"generated/killer-3x3.txt", ""},
                                   {"generated/classic-4x4.txt", ""},   {"generated/jigsaw-killer-6.txt", ""}};
  for (const auto& c : cases) {
    TempDir t;
    spit(t / "in.txt", first_lines(c.file, 3));
    const Proc plain = run_cli_line("{gridenum} solve " + c.options + (t / "in.txt").string());
    ASSERT_EQ(plain.code, 0) << c.file << plain.err;
    ASSERT_EQ(lines_of(plain.out).size(), 3u) << c.file;
    // solve --pretty | solve: the same solutions, exit 0 (the drawn digits are each grid's listed
    // solution, checked against what the solver finds).
    const Proc piped = run_cli_line("{gridenum} solve --pretty " + c.options + (t / "in.txt").string() + " | {gridenum} solve " +
                                    c.options + "-");
    EXPECT_EQ(piped.code, 0) << c.file << piped.err;
    EXPECT_EQ(piped.out, plain.out) << c.file << piped.err;
    // The drawing marks the givens (a killer has none).
    const Proc pretty = run_cli_line("{gridenum} solve --pretty " + c.options + (t / "in.txt").string());
    EXPECT_EQ(contains(pretty.out, "["), c.file.find("killer") == std::string::npos) << c.file << pretty.out;
  }
  // A drawn grid whose listed solution is wrong fails its line (the digits are read, not ignored).
  const Proc good = run_cli_line("{gridenum} solve --pretty", kClassic + "\n");
  std::string tampered = good.out;
  const auto at = tampered.find(" 4   7 ");  // r1c1, a filled cell: 4 -> 9
  ASSERT_NE(at, std::string::npos) << good.out;
  tampered[at + 1] = '9';
  const Proc bad = run_cli_line("{gridenum} solve", tampered);
  EXPECT_EQ(bad.code, 1) << bad.err;
}

TEST(SolveFormatsCli, NineLineAndSeparatedGridsSolve) {
  std::string compact, spaced;
  for (int r = 0; r < 9; ++r) {
    const std::string row = kClassic.substr(static_cast<std::size_t>(9 * r), 9);
    compact += row + "\n";
    for (int c = 0; c < 9; ++c) {
      spaced += (c == 0 ? "" : c % 3 == 0 ? " | " : " ");
      spaced += row[c] == '.' ? '_' : row[c];
    }
    spaced += "\n";
    if (r == 2 || r == 5) spaced += "------+-------+------\n";
  }
  // qqwing --compact prints a blank line after each grid.
  const Proc p = run_cli_line("{gridenum} solve", compact + "\n" + spaced + "\n" + kClassic + "\n");
  EXPECT_EQ(p.code, 0) << p.err;
  EXPECT_EQ(p.out, kSolution + "\n" + kSolution + "\n" + kSolution + "\n");
  const Proc j = run_cli_line("{gridenum} solve --json", compact);
  EXPECT_TRUE(contains(j.out, "\"line\":1")) << j.out;
  EXPECT_TRUE(contains(j.out, kSolution)) << j.out;
  // The seed examples' "name puzzle solution" lines.
  const Proc seeds = run_cli({"solve", data_file("seed-examples.txt")});
  EXPECT_EQ(seeds.code, 0) << seeds.err;
  EXPECT_GE(lines_of(seeds.out).size(), 4u);
}

TEST(SolveFormatsCli, MalformedGridsNameFileLineAndColumn) {
  TempDir t;
  std::string rows;
  for (int r = 0; r < 9; ++r) rows += kClassic.substr(static_cast<std::size_t>(9 * r), 9) + "\n";
  std::string bad = rows;
  bad[10 * 3 + 4] = '*';  // line 4, column 5
  spit(t / "bad.txt", bad + "\n" + rows.substr(0, 50) + "\n" + kClassic + "\n");
  const Proc p = run_cli({"solve", (t / "bad.txt").string()});
  EXPECT_EQ(p.code, 1) << p.err;
  const std::string file = (t / "bad.txt").string();
  EXPECT_TRUE(contains(p.err, "gridenum solve: " + file + ", line 4, column 5: grid row: bad character '*'")) << p.err;
  // The second grid stops after 5 rows (line 16 is the next puzzle): reported there.
  EXPECT_TRUE(contains(p.err, file + ", line 16, column 1: the grid ends after 5 of 9 rows (started at line 11)")) << p.err;
  // The one-line puzzle after them is still solved.
  EXPECT_EQ(lines_of(p.out), (std::vector<std::string>{"error", "error", kSolution}));
}

TEST(SolveFormatsCli, KillerTitleIsShown) {
  const std::string line =
      "4|2x2|3:0,1;7:2,3;7:4,8;4:5,9;6:6,10;3:7,11;6:12,13;4:14,15|1234432131422413|Janko no. 2";
  const Proc pretty = run_cli_line("{gridenum} solve --pretty", line + "\n");
  EXPECT_EQ(pretty.code, 0) << pretty.err;
  EXPECT_EQ(pretty.out.rfind("# Janko no. 2\n+3--+", 0), 0u) << pretty.out;
  const Proc json = run_cli_line("{gridenum} solve --json", line + "\n");
  EXPECT_TRUE(contains(json.out, "\"title\":\"Janko no. 2\"")) << json.out;
  // Without the title, as before.
  const Proc old = run_cli_line("{gridenum} solve", line.substr(0, line.rfind('|')) + "\n");
  EXPECT_EQ(old.out, "1234432131422413\n");
}
