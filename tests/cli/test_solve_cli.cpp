// `gridenum solve` and `gridenum enumerate` end to end: the binary is run as a user runs it, so
// the exit codes, the order of the output and the error messages are what a user sees.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli_run.hpp"
#include "solve_fixtures.hpp"

namespace {

using namespace gridenum;
using namespace gridenum::testing;

struct Run {
  int code;
  std::string out;
};

// Runs `gridenum args` with `input` on stdin; stderr is appended to the output after a marker
// line when `with_stderr`.
Run run(const std::string& args, const std::string& input = "", bool with_stderr = false) {
  const Proc p = run_cli_line("{gridenum} " + args, input);
  return {p.code, with_stderr ? p.out + "--stderr--\n" + p.err : p.out};
}

std::vector<std::string> lines(const std::string& s) { return lines_of(s); }


}  // namespace

TEST(SolveCli, StdinCountUniqueStatsJsonPretty) {
  auto r = run("solve -", kClassic + "\n");
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out, kSolution + "\n");
  r = run("solve --unique", kClassic + "\n" + std::string(81, '.') + "\n");
  EXPECT_EQ(lines(r.out), (std::vector<std::string>{"unique " + kSolution, "multiple"}));
  r = run("solve --count --limit 10", std::string(81, '.') + "\n");
  EXPECT_EQ(r.out, "at least 10 (--limit 10 reached)\n");
  r = run("solve --count", "{\"shape\":\"2x2\",\"rules\":\"x\"}\n");
  EXPECT_EQ(r.out, "48\n");
  r = run("solve --stats", kClassic + "\n");
  EXPECT_NE(r.out.find("nodes="), std::string::npos);
  EXPECT_NE(r.out.find("propagations="), std::string::npos);
  r = run("solve --json --stats", kClassic + "\n");
  EXPECT_NE(r.out.find("\"solution\":\"" + kSolution + "\""), std::string::npos);
  EXPECT_NE(r.out.find("\"nodes\""), std::string::npos);
  r = run("solve --pretty", kClassic + "\n");
  // The drawn grid (grid_text.hpp): givens in brackets, box walls (the first row and border).
  EXPECT_NE(r.out.find("| 4   7   2 |[5]  3   1 | 8  [6]  9 |\n+           |           |           +\n"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("+---+---+---+---+---+---+---+---+---+"), std::string::npos) << r.out;
}

TEST(SolveCli, BadLinesAreReportedAndTheRestSolved) {
  const std::string input = kClassic.substr(0, 80) + "\n" +             // 1: wrong length
                            kClassic + "\n" +                            // 2: ok
                            "..x" + kClassic.substr(3) + "\n" +           // 3: bad character
                            "55" + kClassic.substr(2) + "\n" +            // 4: contradicting givens
                            "{\"shape\": \"2x2\", \"givens\": [1,}\n" +   // 5: malformed JSON
                            "4|2x2|3:0,1;20:2,3|\n" +                     // 6: cage cannot reach 20
                            kClassic + "\n";                             // 7: ok
  const auto r = run("solve --threads 3", input, true);
  EXPECT_EQ(r.code, 1);
  const auto out = lines(r.out);
  ASSERT_GE(out.size(), 8u);
  EXPECT_EQ(out[0], "error");
  EXPECT_EQ(out[1], kSolution);
  for (int i : {2, 3, 4, 5}) EXPECT_EQ(out[i], "error") << i;
  EXPECT_EQ(out[6], kSolution);
  const std::string err = r.out.substr(r.out.find("--stderr--"));
  EXPECT_NE(err.find("line 1, column 81: wrong length"), std::string::npos) << err;
  EXPECT_NE(err.find("line 3, column 3: grid: bad character 'x'"), std::string::npos) << err;
  EXPECT_NE(err.find("line 4, column 2: given 5"), std::string::npos) << err;
  EXPECT_NE(err.find("line 5, column"), std::string::npos) << err;
  EXPECT_NE(err.find("malformed JSON"), std::string::npos) << err;
  EXPECT_NE(err.find("line 6, column 13: cage 2"), std::string::npos) << err;
}

TEST(SolveCli, NoSolutionFailsPlainSolveButNotUnique) {
  std::string s(81, '.');
  for (int i = 0; i < 8; ++i) s[i] = static_cast<char>('1' + i);
  s[17] = '9';
  auto r = run("solve", s + "\n");
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.out, "none\n");
  r = run("solve --unique --engine dlx", s + "\n");
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out, "none\n");
}

TEST(SolveCli, UsageErrors) {
  EXPECT_EQ(run("solve /no/such/file").code, 2);
  EXPECT_EQ(run("solve --engine magic", "").code, 2);
  EXPECT_EQ(run("solve --shape 3y3", "").code, 2);
  // A shape the readers never accept is refused once, up front, not once per line.
  const auto one_row = run("solve --shape 1x25", kClassic + "\n" + kClassic + "\n", true);
  EXPECT_EQ(one_row.code, 2);
  EXPECT_EQ(one_row.out, "--stderr--\ngridenum solve: bad --shape: box shape 1x25 is degenerate: a box of one row is a "
                         "whole row, so the 25x25 grid would be a Latin square, not a Sudoku; boxes need at least 2 rows "
                         "and 2 columns, and for 25x25 grids the box shape is 5x5 (a 1xN shape only sets n for a jigsaw)\n");
  EXPECT_EQ(run("solve --shape 542x665445566", "").code, 2);
  const auto h = run("solve --help");
  EXPECT_EQ(h.code, 0);
  EXPECT_NE(h.out.find("--engine"), std::string::npos);
  EXPECT_NE(h.out.find("--unique"), std::string::npos);
  EXPECT_NE(h.out.find("--mip-solver"), std::string::npos);
}

// Options that would otherwise be silently ignored are usage errors.
TEST(SolveCli, ConflictingOptionsAreUsageErrors) {
  const std::string in = kClassic + "\n";
  auto r = run("solve --count --unique", in, true);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.out.find("not both"), std::string::npos) << r.out;
  r = run("solve --limit 5", in, true);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.out.find("--limit bounds --count"), std::string::npos) << r.out;
  r = run("solve --engine mip --stats", in, true);
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(run("solve --count --limit 5", in).out, "1\n");
}

// A solution listed on the line is checked: against the rules, and against a solution the
// engine proved unique. A wrong listing fails the line (exit 1) with a message; a right one
// passes silently.
TEST(SolveCli, ListedSolutionsAreChecked) {
  const std::string good = "4|..43...1.2......|1113133322442244|2143342112344312\n";
  auto r = run("solve --unique", good, true);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out, "unique 2143342112344312\n--stderr--\n");
  // Two cells swapped: the listing breaks a row... and the givens stay satisfied.
  const std::string bad = "4|..43...1.2......|1113133322442244|1243342112344312\n";
  r = run("solve --unique", bad, true);
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("line 1: the listed solution is not a solution of the puzzle"), std::string::npos) << r.out;
  EXPECT_EQ(run("solve --count", bad).code, 1);
}

TEST(SolveCli, OwnVariantFiles) {
  // The project's own files (seed examples in their own format are read by the tests' fixture;
  // here the reader's line formats): every puzzle unique, in input order, by both engines.
  for (const char* f : {"handmade/variants-small.txt", "handmade/variants-9x9.txt"})
    for (const char* engine : {"propagate", "dlx"}) {
      const auto r = run(std::string("solve --unique --threads 2 --engine ") + engine + " " + data_file(f));
      EXPECT_EQ(r.code, 0) << f;
      const auto out = lines(r.out);
      const auto want = load_path(data_file(f));
      ASSERT_EQ(out.size(), want.size()) << f;
      for (std::size_t i = 0; i < out.size(); ++i) {
        std::string expected = "unique ";
        for (int d : want[i].expected) expected += digit_symbol(d);
        EXPECT_EQ(out[i], expected) << f << " " << engine << " line " << i + 1;
      }
    }
}

TEST(EnumerateCli, Counts) {
  EXPECT_EQ(run("enumerate --shape 2x2").out, "288\n");
  EXPECT_EQ(run("enumerate --shape 2x2 --rules x").out, "48\n");
  EXPECT_EQ(run("enumerate --shape 2x2 --rules x --engine propagate --no-symmetry").out, "48\n");
  EXPECT_EQ(run("enumerate --shape 2x3").out, "28200960\n");
  const auto l = lines(run("enumerate --shape 2x2 --list").out);
  EXPECT_EQ(l.size(), 288u);
  EXPECT_EQ(l[0].size(), 16u);
  EXPECT_EQ(run("enumerate --shape 9y9").code, 2);
  EXPECT_EQ(run("enumerate --shape 1x4").code, 2);
  // Shapes with too many grids to find one by one are refused, unless bounded by --limit.
  const auto big = run("enumerate --shape 3x3", "", true);
  EXPECT_EQ(big.code, 2);
  EXPECT_NE(big.out.find("gridenum count --shape 3x3"), std::string::npos) << big.out;
  const auto some = lines(run("enumerate --shape 3x3 --list --limit 3").out);
  EXPECT_EQ(some.size(), 3u);
}
