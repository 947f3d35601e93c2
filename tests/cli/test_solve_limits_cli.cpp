// `gridenum solve`: JSON output that survives any input byte, input lines that are bounded, the
// pigeonhole that hung the default engine and the search limits of every engine, each through the
// binary as a user runs it.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "cli_run.hpp"
#include "solve_fixtures.hpp"

namespace {

using namespace gridenum::testing;


// The 16x16 pigeonhole of tests/puzzle/test_search_limits.cpp as a grid line: row 0's twelve
// cells in boxes 0-2 can hold only eleven digits.
std::string pigeonhole16() {
  const int B = 4, n = 16;
  std::string g(static_cast<std::size_t>(n) * n, '.');
  for (int b = 0; b <= B - 2; ++b)
    for (int k = 0; k <= B; ++k) {
      const int d = n - B + k;
      g[static_cast<std::size_t>(1 + (k + b) % (B - 1)) * n + B * b + k % B] = static_cast<char>(d <= 9 ? '0' + d : 'A' + d - 10);
    }
  return g;
}

}  // namespace

// A line holding a byte that is not UTF-8 is one error line; the batch goes on, and every output
// line is valid JSON (nlohmann's strict parse).
TEST(SolveLimitsCli, JsonSurvivesNonUtf8Lines) {
  std::string bad = kClassic;
  bad[10] = '\xff';
  const Proc p = run_cli_line("{gridenum} solve --json -", kClassic + "\n" + bad + "\n{\"shape\":\"3x3\",\"g\xfe\":1}\n" +
                                                              kClassic + "\n");
  EXPECT_EQ(p.code, 1) << p.err;
  const auto out = lines_of(p.out);
  ASSERT_EQ(out.size(), 4u) << p.out << p.err;
  for (const auto& l : out) EXPECT_TRUE(nlohmann::json::accept(l)) << l;
  EXPECT_EQ(nlohmann::json::parse(out[0]).at("solution"), kSolution);
  EXPECT_EQ(nlohmann::json::parse(out[1]).at("line"), 2);
  EXPECT_NE(nlohmann::json::parse(out[1]).at("error").get<std::string>().find("'\\xff'"), std::string::npos) << out[1];
  EXPECT_EQ(nlohmann::json::parse(out[2]).at("line"), 3);
  EXPECT_TRUE(nlohmann::json::parse(out[2]).contains("error"));
  EXPECT_EQ(nlohmann::json::parse(out[3]).at("solution"), kSolution);
}

// An over-long line is an error at its number, and the next lines are solved.
TEST(SolveLimitsCli, OverlongLineIsReportedAndTheRestSolved) {
  const Proc p = run_cli_line("( echo " + kClassic + "; head -c 3000000 /dev/zero; echo; echo " + kClassic +
                              " ) | {gridenum} solve -");
  EXPECT_EQ(p.code, 1) << p.err;
  EXPECT_EQ(lines_of(p.out), (std::vector<std::string>{kSolution, "error", kSolution}));
  EXPECT_TRUE(contains(p.err, "line 2, column 1048577: line longer than 1048576 bytes")) << p.err;
}

// The pigeonhole that took the default engine 181 s is "none" (and the dlx engine agrees); a
// node limit is a status, never an answer, in text and JSON.
TEST(SolveLimitsCli, PigeonholeAndNodeLimits) {
  const std::string hole = pigeonhole16() + "\n";
  for (const char* engine : {"propagate", "dlx"}) {
    const Proc p = run_cli_line(std::string("{gridenum} solve --unique --node-limit 10000 --engine ") + engine + " -", hole);
    EXPECT_EQ(p.code, 0) << engine << ": " << p.err;
    EXPECT_EQ(p.out, "none\n") << engine;
  }
  const std::string empty16(256, '.');
  Proc p = run_cli_line("{gridenum} solve --count --node-limit 200 -", empty16 + "\n" + kClassic + "\n");
  EXPECT_EQ(p.code, 1) << p.err;
  const auto out = lines_of(p.out);
  ASSERT_EQ(out.size(), 2u) << p.out;
  EXPECT_EQ(out[0].rfind("node limit reached (at least ", 0), 0u) << out[0];
  EXPECT_EQ(out[1], "1");
  EXPECT_TRUE(contains(p.err, "line 1: node limit reached: stopped after 200 search nodes")) << p.err;
  p = run_cli_line("{gridenum} solve --unique --json --node-limit 200 --engine dlx -", empty16 + "\n");
  EXPECT_EQ(p.code, 1);
  const auto j = nlohmann::json::parse(lines_of(p.out).at(0));
  EXPECT_EQ(j.at("status"), "node limit reached");
  EXPECT_FALSE(j.contains("unique"));  // no verdict from a stopped search
  // A time limit the same way (counting every 9x9 grid takes far more than 0.2 s).
  p = run_cli_line("{gridenum} solve --count --time-limit 0.2 -", std::string(81, '.') + "\n");
  EXPECT_EQ(p.code, 1);
  EXPECT_EQ(p.out.rfind("time limit reached (at least ", 0), 0u) << p.out;
  EXPECT_EQ(run_cli_line("{gridenum} solve --time-limit -1 -", kClassic + "\n").code, 2);
}

// Inputs that used to read as empty (exit 0, no output), counts that CLI11 wrapped to "no limit",
// and an output file that cannot be written (exit 3, not 2).
TEST(SolveLimitsCli, EmptyLookingInputsAndWrappedLimitsAreErrors) {
  const TempDir dir;
  Proc p = run_cli_line("{gridenum} solve '" + dir.path.string() + "'");
  EXPECT_EQ(p.code, 2);
  EXPECT_TRUE(contains(p.err, "is a directory")) << p.err;
  p = run_cli_line("{gridenum} solve <&-");
  EXPECT_EQ(p.code, 2);
  EXPECT_TRUE(contains(p.err, "standard input is closed")) << p.err;
  for (const std::string bad : {"-1", "18446744073709551616", "+3", "1e3"}) {
    p = run_cli_line("{gridenum} solve --count --limit " + bad + " -", kClassic + "\n");
    EXPECT_EQ(p.code, 2) << bad;
    EXPECT_TRUE(contains(p.err, "expected a whole number")) << bad << ": " << p.err;
    EXPECT_EQ(run_cli_line("{gridenum} solve --node-limit " + bad + " -", kClassic + "\n").code, 2) << bad;
  }
  p = run_cli_line("{gridenum} enumerate --shape 3x3 --limit -1");
  EXPECT_EQ(p.code, 2) << p.err;
  EXPECT_EQ(run_cli_line("{gridenum} solve --count --limit 18446744073709551615 -", kClassic + "\n").out, "1\n");
  spit(dir / "p.txt", kClassic + "\n");
  p = run_cli_line("{gridenum} export-mip -o /nonexistent/dir/x.lp '" + (dir / "p.txt").string() + "'");
  EXPECT_EQ(p.code, 3);
  EXPECT_TRUE(contains(p.err, "cannot write '/nonexistent/dir/x.lp': No such file or directory")) << p.err;
}

// --count --limit K says when it stopped at K (text and JSON), and --summary counts the outcomes
// on stderr.
TEST(SolveLimitsCli, CountLimitIsSaidAndSummaryCounts) {
  const std::string empty9(81, '.');
  Proc p = run_cli_line("{gridenum} solve --count --limit 10 -", empty9 + "\n" + kClassic + "\n");
  EXPECT_EQ(p.code, 0);
  EXPECT_EQ(lines_of(p.out), (std::vector<std::string>{"at least 10 (--limit 10 reached)", "1"}));
  p = run_cli_line("{gridenum} solve --count --limit 10 --json -", empty9 + "\n" + kClassic + "\n");
  const auto out = lines_of(p.out);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(nlohmann::json::parse(out[0]).at("limit_reached"), true);
  EXPECT_EQ(nlohmann::json::parse(out[1]).at("limit_reached"), false);
  // One unique, one multiple, one none (the pigeonhole), one bad line.
  p = run_cli_line("{gridenum} solve --unique --summary --threads 1 -",
                   kClassic + "\n" + empty9 + "\n" + pigeonhole16() + "\nxyz\n");
  EXPECT_EQ(p.code, 1);
  EXPECT_TRUE(contains(p.err, "gridenum solve: 3 puzzles in ")) << p.err;
  EXPECT_TRUE(contains(p.err, "1 thread, engine propagate): 1 unique, 1 multiple, 1 none, 0 limit reached, 1 bad line, "
                              "0 engine errors"))
      << p.err;
  // One puzzle, two threads' words in the plural only where they are plural.
  p = run_cli_line("{gridenum} solve --summary --threads 1 -", kClassic + "\n");
  EXPECT_TRUE(contains(p.err, "gridenum solve: 1 puzzle in ")) << p.err;
  EXPECT_TRUE(contains(p.err, "0 bad lines, 0 engine errors")) << p.err;
  EXPECT_FALSE(contains(run_cli_line("{gridenum} solve -", kClassic + "\n").err, "puzzles in"));
}

// --csv: one header and one row per item, a message with a comma quoted.
TEST(SolveLimitsCli, CsvOutput) {
  const Proc p = run_cli_line("{gridenum} solve --csv --unique --threads 1 -", kClassic + "\n12,3\n" + pigeonhole16() + "\n");
  EXPECT_EQ(p.code, 1) << p.err;
  const auto out = lines_of(p.out);
  ASSERT_EQ(out.size(), 4u) << p.out;
  EXPECT_EQ(out[0], "line,status,count,unique,solution,nodes,propagations,backtracks,error");
  EXPECT_EQ(out[1].rfind("1,complete,1,unique," + kSolution + ",", 0), 0u) << out[1];
  EXPECT_EQ(out[2].rfind("2,error,,,,,,,\"column ", 0), 0u) << out[2];
  EXPECT_EQ(out[3].rfind("3,complete,0,none,,0,", 0), 0u) << out[3];
  EXPECT_EQ(run_cli_line("{gridenum} solve --csv --json -", kClassic + "\n").code, 2);
}
