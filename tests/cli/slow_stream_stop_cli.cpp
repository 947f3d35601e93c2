// The heavier version of test_stream_stop_cli.cpp ("Hardening, round two", items 3 and 5): many
// random moments, every output format of `solve` and `generate`, the signal to the process or
// to its whole group, a second signal, and a group signal during real CBC solves.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <signal.h>

#include <chrono>
#include <cstdlib>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "cli_run.hpp"
#include "solve_fixtures.hpp"
#include "stream_stop.hpp"

namespace {

using namespace gridenum::testing;
namespace ss = gridenum::testing::streamstop;

// A random delay in [lo, hi] ms, and the moment's description for a failure.
int stream_stop_delay(std::mt19937& rng, int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

}  // namespace

// solve with both engines, text and --json, the signal to the process or to its group, eight
// moments each: whole answers, in order, and the one-line summary.
TEST(StreamStopSlowCli, SolveAtManyMoments) {
  const TempDir t;
  const ss::Batch b = ss::sixteen_batch(t);
  std::mt19937 rng(std::random_device{}());
  const std::vector<std::vector<std::string>> modes = {{}, {"--json"}, {"--engine", "dlx"}, {"--json", "--engine", "dlx"}};
  for (const auto& mode : modes)
    for (int k = 0; k < 4; ++k)
      for (const int sig : {SIGINT, SIGTERM}) {
        const bool group = k % 2 == 1;
        const int delay = stream_stop_delay(rng, 0, 1200);
        const bool json = !mode.empty() && mode[0] == "--json";
        std::vector<std::string> args{"solve"};
        args.insert(args.end(), mode.begin(), mode.end());
        args.push_back(b.file.string());
        SCOPED_TRACE(std::string(strsignal(sig)) + (group ? " to the group" : "") + " after " + std::to_string(delay) +
                     " ms, mode " + (mode.empty() ? std::string("plain") : mode.back()));
        ss::expect_solve_stopped(ss::signal_after(args, delay, sig, group, t), b, sig, json);
      }
}

// --count, --unique and --csv: each line (row) whole and the right one for its puzzle.
TEST(StreamStopSlowCli, SolveCountsUniqueAndCsv) {
  const TempDir t;
  const ss::Batch b = ss::sixteen_batch(t);
  std::mt19937 rng(std::random_device{}());
  for (const std::string mode : {"--count", "--unique", "--csv"})
    for (const int sig : {SIGINT, SIGTERM}) {
      const int delay = stream_stop_delay(rng, 0, 1500);
      SCOPED_TRACE(mode + " " + strsignal(sig) + " after " + std::to_string(delay) + " ms");
      const ss::StreamStop s = ss::signal_after({"solve", mode, b.file.string()}, delay, sig, false, t);
      const std::string line = ss::expect_one_summary_line(s, "gridenum solve: interrupted by ");
      auto out = lines_of(s.p.out);
      EXPECT_TRUE(s.p.out.empty() || s.p.out.back() == '\n');
      if (mode == "--csv") {
        ASSERT_FALSE(out.empty());
        EXPECT_EQ(out.front(), "line,status,count,unique,solution,nodes,propagations,backtracks,error");
        out.erase(out.begin());
      }
      EXPECT_EQ(ss::answered_in(line), static_cast<long>(out.size())) << line;
      for (std::size_t i = 0; i < out.size(); ++i) {
        const std::string expected = mode == "--count"    ? std::string("1")
                                     : mode == "--unique" ? "unique " + b.answers[i]
                                                          : std::to_string(i + 1) + ",complete,1,," + b.answers[i] + ",";
        EXPECT_EQ(out[i].rfind(expected, 0), 0u) << out[i];
        if (mode != "--csv") {
          EXPECT_EQ(out[i], expected);
        }
      }
    }
}

// generate in every rule set's format, text and --json, at many moments, to the process or its
// group: the run's first puzzles exactly, each whole.
TEST(StreamStopSlowCli, GenerateAtManyMoments) {
  std::mt19937 rng(std::random_device{}());
  const std::vector<std::vector<std::string>> kinds = {
      {}, {"--rules", "x", "--shape", "2x3"}, {"--rules", "jigsaw", "--size", "6"}, {"--rules", "killer", "--shape", "2x2"},
      {"--format", "json"}};
  for (const auto& kind : kinds)
    for (int k = 0; k < 4; ++k) {
      const TempDir t;
      const int sig = k % 2 ? SIGTERM : SIGINT;
      const bool json = k >= 2, group = k == 1 || k == 2;
      const int delay = stream_stop_delay(rng, 0, 900);
      std::vector<std::string> args{"generate", "--seed", "23", "--puzzles", "5000000"};
      args.insert(args.end(), kind.begin(), kind.end());
      if (json) args.push_back("--json");
      SCOPED_TRACE(std::string(strsignal(sig)) + (group ? " to the group" : "") + (json ? " --json" : "") + " after " +
                   std::to_string(delay) + " ms, " + (kind.empty() ? std::string("classic") : kind[1]));
      const ss::StreamStop s = ss::signal_after(args, delay, sig, group, t);
      const std::string line = ss::expect_one_summary_line(s, "gridenum generate: interrupted by ");
      std::vector<std::string> made;
      if (json) {
        ASSERT_TRUE(nlohmann::json::accept(s.p.out));
        const auto doc = nlohmann::ordered_json::parse(s.p.out);  // key order kept, as generate writes it
        for (const auto& p : doc.at("puzzles")) made.push_back(p.at("puzzle").is_string() ? p.at("puzzle").get<std::string>()
                                                                                          : p.at("puzzle").dump());
        EXPECT_EQ(doc.at("count"), made.size());
      } else {
        EXPECT_TRUE(s.p.out.empty() || s.p.out.back() == '\n');
        made = ss::puzzle_lines(s.p.out);
      }
      if (made.empty()) {  // a signal at the very start
        EXPECT_TRUE(contains(line, ": no puzzle made")) << line;
        continue;
      }
      // The same puzzles as an uninterrupted run of that many (text or JSON lines alike).
      std::vector<std::string> again_args{"generate", "--seed", "23", "--puzzles", std::to_string(made.size())};
      again_args.insert(again_args.end(), kind.begin(), kind.end());
      const Proc again = run_cli(again_args);
      ASSERT_EQ(again.code, 0) << again.err;
      std::vector<std::string> expected = ss::puzzle_lines(again.out);
      if (json && !kind.empty() && kind[0] == "--format")
        for (auto& e : expected) e = nlohmann::ordered_json::parse(e).dump();
      EXPECT_EQ(made, expected);
    }
}

// A second signal stops at once: the output still ends at a whole record (the records written
// are flushed under stdout's lock), exit 130.
TEST(StreamStopSlowCli, SecondSignalEndsAtAWholeRecord) {
  const TempDir t;
  const ss::Batch b = ss::sixteen_batch(t);
  for (int k = 0; k < 4; ++k) {
    const std::vector<std::string> args =
        k % 2 ? std::vector<std::string>{"generate", "--seed", "5", "--puzzles", "5000000"}
              : std::vector<std::string>{"solve", b.file.string()};
    const fs::path out = t / "twice.out", err = t / "twice.err";
    const pid_t pid = spawn_cli(args, out, err);
    EXPECT_TRUE(ss::wait_until_signals_taken(pid));
    std::this_thread::sleep_for(std::chrono::milliseconds(300 + 100 * k));
    ::kill(pid, SIGINT);
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
    ::kill(pid, SIGINT);
    const Proc p = wait_cli(pid, out, err);
    EXPECT_EQ(p.code, 130) << p.err;
    EXPECT_EQ(p.signal, 0) << p.err;
    EXPECT_TRUE(p.out.empty() || p.out.back() == '\n') << args[0] << ": a cut last line";
    if (args[0] == "solve") {
      const auto lines = lines_of(p.out);
      for (std::size_t i = 0; i < lines.size(); ++i) EXPECT_EQ(lines[i], b.answers[i]) << i;
    }
  }
}

// Item 5 with the real CBC: the group signalled while it solves 16x16 puzzles -- no error line,
// no engine error, only the interruption.
TEST(StreamStopSlowCli, GroupSignalDuringRealCbcSolves) {
  if (std::system("command -v cbc > /dev/null 2>&1") != 0) GTEST_SKIP() << "CBC is not installed (coinor-cbc)";
  std::mt19937 rng(std::random_device{}());
  const auto lines = data_lines(data_file("generated/classic-4x4.txt"));
  for (int k = 0; k < 8; ++k) {
    const TempDir t;
    std::string text;
    for (const auto& l : lines) text += l.substr(0, l.find(':')) + "\n";
    spit(t / "in.txt", text);
    const int sig = k % 2 ? SIGTERM : SIGINT;
    const int delay = stream_stop_delay(rng, 300, 2500);
    SCOPED_TRACE(std::string(strsignal(sig)) + " to the group after " + std::to_string(delay) + " ms");
    const ss::StreamStop s =
        ss::signal_after({"solve", "--engine", "mip", (t / "in.txt").string()}, delay, sig, true, t);
    const std::string line = ss::expect_one_summary_line(s, "gridenum solve: interrupted by ");
    EXPECT_FALSE(contains(s.p.out, "error")) << s.p.out;
    EXPECT_FALSE(contains(s.p.err, "wrote no solution")) << s.p.err;
    EXPECT_FALSE(contains(s.p.err, "MIP engine (")) << s.p.err;
    const auto out = lines_of(s.p.out);
    EXPECT_EQ(ss::answered_in(line), static_cast<long>(out.size())) << line;
    for (std::size_t i = 0; i < out.size(); ++i) EXPECT_EQ(out[i], lines[i].substr(lines[i].find(':') + 1)) << i;
  }
}
