// SIGINT and SIGTERM to the commands that stream records, `solve` and `generate` ("Hardening,
// round two", items 3 and 5): at a random moment of a long batch each stops within moments with
// exit 130, every line it wrote is a whole record -- the answers to the input's first puzzles, in
// order, or the run's first puzzles --, a --json output parses, and stderr holds one line that
// says how far it got. A signal to the whole process group during a MIP solve (Ctrl-C, timeout)
// reports only the interruption, never an engine error for the puzzles in flight. The heavier
// version (more moments, every output format, the real CBC) is slow_stream_stop_cli.cpp.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <signal.h>
#include <unistd.h>

#include <random>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "solve_fixtures.hpp"
#include "stream_stop.hpp"

namespace {

using namespace gridenum::testing;
namespace ss = gridenum::testing::streamstop;

}  // namespace

// solve, text and --json, SIGTERM and SIGINT at random moments: the lines are whole answers to
// the first puzzles in order, the summary counts them.
TEST(StreamStopCli, SolveKeepsEveryWholeAnswer) {
  const TempDir t;
  const ss::Batch b = ss::sixteen_batch(t);
  std::mt19937 rng(std::random_device{}());
  for (const int sig : {SIGTERM, SIGINT})
    for (const bool json : {false, true}) {
      const int delay = std::uniform_int_distribution<int>(0, 800)(rng);
      SCOPED_TRACE(std::string(strsignal(sig)) + (json ? " --json" : "") + " after " + std::to_string(delay) + " ms");
      std::vector<std::string> args{"solve", b.file.string()};
      if (json) args.insert(args.begin() + 1, "--json");
      const ss::StreamStop s = ss::signal_after(args, delay, sig, false, t);
      ss::expect_solve_stopped(s, b, sig, json);
    }
}

// generate, text and --json: the puzzles written are whole and exactly the run's first ones (an
// uninterrupted run of that many prints the same lines); the --json document parses and says it
// was stopped.
TEST(StreamStopCli, GenerateKeepsEveryWholePuzzle) {
  const TempDir t;
  std::mt19937 rng(std::random_device{}());
  for (const int sig : {SIGINT, SIGTERM})
    for (const bool json : {false, true}) {
      const int delay = std::uniform_int_distribution<int>(0, 600)(rng);
      SCOPED_TRACE(std::string(strsignal(sig)) + (json ? " --json" : "") + " after " + std::to_string(delay) + " ms");
      std::vector<std::string> args{"generate", "--seed", "11", "--puzzles", "1000000"};
      if (json) args.push_back("--json");
      const ss::StreamStop s = ss::signal_after(args, delay, sig, false, t);
      ss::expect_generate_stopped(s, sig, json, "11", 1000000);
    }
}

// Item 5: the process group signalled (as Ctrl-C or `timeout` do) while two MIP solves run: the
// solvers die of the same signal, and the puzzles in flight are dropped with the interruption,
// never an "error" line or "CBC wrote no solution (exit code -1)". A stand-in solver that sleeps
// makes every try hit the race that most real tries hit.
TEST(StreamStopCli, GroupSignalDuringMipSolvesIsOnlyAnInterruption) {
  for (const int sig : {SIGINT, SIGTERM})
    for (int round = 0; round < 3; ++round) {
      SCOPED_TRACE(std::string(strsignal(sig)) + " round " + std::to_string(round));
      const TempDir t;
      const ss::StreamStop s = ss::group_signal_during_mip(t, sig, ss::sleeping_solver(t), 2);
      ss::expect_mip_stopped(s, sig);
    }
}
