// A write error on standard output is a run-time failure. Every command that prints a result is run
// with stdout on /dev/full (every write fails with ENOSPC); each must exit 3 and say that standard
// output could not be written, where each once exited 0 with its output lost. The same commands to
// a regular file exit 0 (the check does not misfire).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli_run.hpp"
#include "solve_fixtures.hpp"  // kClassic

namespace {

using namespace gridenum::testing;

// The commands, each short (a 4x4 or 6x6 shape, a 9x9 puzzle). `input` goes to stdin.
struct Case {
  std::string args;
  std::string input;
};

std::vector<Case> cases() {
  std::string many;  // 300 puzzles: far more output than stdio's buffer, so writes fail mid-stream
  for (int i = 0; i < 300; ++i) many += kClassic + "\n";
  return {
      {"count --shape 2x2 --threads 1", ""},
      {"count --shape 2x3 --threads 1 --json", ""},
      {"solve -", kClassic + "\n"},
      {"solve --json -", many},
      {"estimate --shape 3x3", ""},
      {"enumerate --shape 2x2", ""},
      {"enumerate --shape 2x2 --list", ""},  // 288 grids, 4.9 kB
      {"export-mip -", kClassic + "\n"},
      {"export-mip --stats -", kClassic + "\n"},
  };
}

}  // namespace

TEST(StdoutCli, WriteErrorsExitThreeWithAMessage) {
  for (const Case& c : cases()) {
    const Proc p = run_cli_line("{gridenum} " + c.args + " > /dev/full", c.input);
    EXPECT_EQ(p.code, 3) << c.args << "\n" << p.err;
    EXPECT_TRUE(contains(p.err, "cannot write standard output: No space left on device")) << c.args << "\n" << p.err;
    // Said once, not once per lost line.
    EXPECT_EQ(p.err.find("cannot write standard output"), p.err.rfind("cannot write standard output")) << c.args;
  }
}

TEST(StdoutCli, SameCommandsToAFileSucceed) {
  for (const Case& c : cases()) {
    const Proc p = run_cli_line("{gridenum} " + c.args, c.input);
    EXPECT_EQ(p.code, 0) << c.args << "\n" << p.err;
    EXPECT_FALSE(p.out.empty()) << c.args;
  }
}

// A closed standard output (EBADF) is a failure too, not a silent success.
TEST(StdoutCli, ClosedStdoutExitsThree) {
  const Proc p = run_cli_line("{gridenum} solve - >&-", kClassic + "\n");
  EXPECT_EQ(p.code, 3) << p.err;
  EXPECT_TRUE(contains(p.err, "cannot write standard output")) << p.err;
}
