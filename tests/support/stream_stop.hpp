// Signals to `solve` and `generate` mid-batch, and the checks of what they leave
// (tests/cli/test_stream_stop_cli.cpp, slow_stream_stop_cli.cpp): exit 130, one summary line on
// stderr, and standard output made of whole records only -- the answers to the input's first
// puzzles in order, or the run's first puzzles, exactly as an uninterrupted run prints them.
#pragma once

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "cli_run.hpp"
#include "solve_fixtures.hpp"

namespace gridenum::testing::streamstop {

struct StreamStop {
  Proc p;
  double seconds = 0;  // from the signal to the exit
};

// Waits (at most a minute, times the build's slowdown) until process `pid` takes SIGINT and
// SIGTERM itself: its main thread blocks both once the command's watch exists (core/stop_signals.hpp),
// which /proc/PID/status shows as SigBlk. Before that moment a signal ends any program by its
// default action (the loader, static initialisers, option parsing), so a test's random moment
// counts from here: a fixed delay from the fork was a race on a slow (sanitizer) build.
inline bool wait_until_signals_taken(pid_t pid) {
  const std::uint64_t both = (std::uint64_t{1} << (SIGINT - 1)) | (std::uint64_t{1} << (SIGTERM - 1));
  for (int i = 0; i < 60000 * GRIDENUM_TEST_SLOWDOWN; ++i) {
    const std::string status = slurp("/proc/" + std::to_string(pid) + "/status");
    const auto at = status.find("SigBlk:");
    if (at != std::string::npos && (std::stoull(status.substr(at + 7), nullptr, 16) & both) == both) return true;
    if (status.empty() || contains(status, "State:\tZ")) return false;  // ended (or never started)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return false;
}

// Starts `gridenum args...` (in a process group of its own when `group`), sends `sig` `delay_ms`
// after it takes the signals -- to the process, or to its whole group as a terminal's Ctrl-C and
// `timeout` do -- and waits for it.
inline StreamStop signal_after(const std::vector<std::string>& args, int delay_ms, int sig, bool group, const TempDir& t,
                               const std::function<void()>& in_child = {}) {
  const fs::path out = t / "stream.out", err = t / "stream.err";
  const pid_t pid = spawn_cli(args, out, err, [&] {
    if (group) ::setpgid(0, 0);
    if (in_child) in_child();
  });
  if (group) ::setpgid(pid, pid);  // either side may run first
  EXPECT_TRUE(wait_until_signals_taken(pid)) << "the command never took SIGINT and SIGTERM";
  std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
  const auto t0 = std::chrono::steady_clock::now();
  ::kill(group ? -pid : pid, sig);
  StreamStop s;
  s.p = wait_cli(pid, out, err);
  s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return s;
}

// A stop is heard within moments: a puzzle in flight is a 16x16 one (milliseconds) or a killed
// MIP solver (a 50 ms poll).
constexpr double kStopWithin = 2.0 * GRIDENUM_TEST_SLOWDOWN;

// Exit 130 by the program's own hand (not killed by the signal), and exactly one line on stderr,
// which starts with `head`. Returns that line.
inline std::string expect_one_summary_line(const StreamStop& s, const std::string& head) {
  EXPECT_EQ(s.p.signal, 0) << "killed by the signal itself: " << s.p.err;
  EXPECT_EQ(s.p.code, 130) << s.p.err;
  EXPECT_LT(s.seconds, kStopWithin) << s.p.err;
  const auto lines = lines_of(s.p.err);
  EXPECT_EQ(lines.size(), 1u) << s.p.err;
  EXPECT_TRUE(s.p.err.empty() || s.p.err.back() == '\n') << s.p.err;
  const std::string line = lines.empty() ? std::string() : lines.front();
  EXPECT_EQ(line.rfind(head, 0), 0u) << line;
  return line;
}

// The number in "...: the first N puzzles answered" / "no puzzle answered" (thousands separators
// allowed); -1 when the line has neither.
inline long answered_in(const std::string& line) {
  if (contains(line, ": no puzzle answered")) return 0;
  std::smatch m;
  if (!std::regex_search(line, m, std::regex(": the first ([0-9,]+) puzzles? answered"))) return -1;
  std::string digits = m[1];
  std::erase(digits, ',');
  return std::stol(digits);
}

// A batch for `solve` that takes about ten seconds on two threads: the 100 16x16 puzzles of
// tests/data/generated/classic-4x4.txt ten times over, each with its listed solution, so any
// moment within the first second or two falls in the middle of it.
struct Batch {
  fs::path file;
  std::vector<std::string> answers;  // the solution of input line i + 1
};

inline Batch sixteen_batch(const TempDir& t, int times = 10) {
  const auto lines = data_lines(data_file("generated/classic-4x4.txt"));
  Batch b;
  b.file = t / "batch16.txt";
  std::string text;
  for (int k = 0; k < times; ++k)
    for (const auto& l : lines) {
      text += l + "\n";
      b.answers.push_back(l.substr(l.rfind(':') + 1));
    }
  spit(b.file, text);
  return b;
}

// What `solve [--json] batch` left after `sig`: its stdout is the whole answers to the batch's
// first N puzzles, N as the summary says, and nothing else (no cut line: the output ends with a
// newline).
inline void expect_solve_stopped(const StreamStop& s, const Batch& b, int sig, bool json) {
  const std::string line = expect_one_summary_line(s, std::string("gridenum solve: interrupted by ") +
                                                          (sig == SIGINT ? "SIGINT" : "SIGTERM") + ": ");
  const auto out = lines_of(s.p.out);
  EXPECT_EQ(answered_in(line), static_cast<long>(out.size())) << line;
  EXPECT_LT(out.size(), b.answers.size()) << "the batch ended before the signal: make it longer";
  EXPECT_TRUE(s.p.out.empty() || s.p.out.back() == '\n') << "a cut last line";
  EXPECT_TRUE(contains(line, "the rest of the input not read")) << line;
  for (std::size_t i = 0; i < out.size() && i < b.answers.size(); ++i) {
    if (!json) {
      EXPECT_EQ(out[i], b.answers[i]) << "line " << i + 1;
      continue;
    }
    ASSERT_TRUE(nlohmann::json::accept(out[i])) << "line " << i + 1 << ": " << out[i];
    const auto j = nlohmann::json::parse(out[i]);
    EXPECT_EQ(j.at("line"), i + 1);
    EXPECT_EQ(j.at("status"), "complete");
    EXPECT_EQ(j.at("solution"), b.answers[i]) << "line " << i + 1;
  }
}

// The puzzle lines of a `generate` output (its header comments left out).
inline std::vector<std::string> puzzle_lines(const std::string& out) {
  std::vector<std::string> v;
  for (auto& l : lines_of(out))
    if (!l.empty() && l[0] != '#') v.push_back(l);
  return v;
}

// What `generate --seed seed --puzzles asked [--json]` left after `sig`: N puzzles, N as the
// summary says, each whole; the first and last few are exactly what an uninterrupted run gives
// for their indices, and every line reads back through `solve` with its listed solution (a cut
// line would be an error there); --json is one document that parses, says how many and why.
inline void expect_generate_stopped(const StreamStop& s, int sig, bool json, const std::string& seed, long asked) {
  const std::string cause = sig == SIGINT ? "SIGINT" : "SIGTERM";
  const std::string line = expect_one_summary_line(s, "gridenum generate: interrupted by " + cause + ": ");
  std::vector<std::string> puzzles;
  if (json) {
    ASSERT_TRUE(nlohmann::json::accept(s.p.out)) << s.p.out.substr(0, 200) << " ... " << s.p.out.substr(s.p.out.size() - std::min<std::size_t>(200, s.p.out.size()));
    const auto doc = nlohmann::json::parse(s.p.out);
    EXPECT_EQ(doc.at("stopped_by"), cause);
    for (const auto& p : doc.at("puzzles")) puzzles.push_back(p.at("puzzle").get<std::string>());
    EXPECT_EQ(doc.at("count"), puzzles.size());
  } else {
    EXPECT_TRUE(s.p.out.empty() || s.p.out.back() == '\n') << "a cut last line";
    puzzles = puzzle_lines(s.p.out);
  }
  const long n = static_cast<long>(puzzles.size());
  ASSERT_LT(n, asked) << "the run ended before the signal";
  if (n == 0) {  // a signal at the very start
    EXPECT_TRUE(contains(line, ": no puzzle made; the rest: --seed " + seed + " --first 0 --puzzles " + std::to_string(asked)))
        << line;
    return;
  }
  std::string digits = std::to_string(n);
  for (int at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3) digits.insert(static_cast<std::size_t>(at), ",");
  EXPECT_TRUE(contains(line, ": " + digits + (n == 1 ? " puzzle made" : " puzzles made"))) << line;
  EXPECT_TRUE(contains(line, "the rest: --seed " + seed + " --first " + std::to_string(n) + " --puzzles " +
                                 std::to_string(asked - n)))
      << line;
  // The same puzzles as an uninterrupted run: the first and the last few, by index.
  const long k = std::min<long>(n, 20);
  const Proc head = run_cli({"generate", "--seed", seed, "--puzzles", std::to_string(k)});
  const Proc tail = run_cli({"generate", "--seed", seed, "--first", std::to_string(n - k), "--puzzles", std::to_string(k)});
  const auto first = puzzle_lines(head.out), last = puzzle_lines(tail.out);
  EXPECT_EQ(first, std::vector<std::string>(puzzles.begin(), puzzles.begin() + k));
  EXPECT_EQ(last, std::vector<std::string>(puzzles.end() - k, puzzles.end()));
  // Every line whole: solve reads each with its listed solution (a cut one is an error line).
  const TempDir t;
  std::string text;
  for (const auto& p : puzzles) text += p + "\n";
  spit(t / "made.txt", text);
  const Proc check = run_cli({"solve", (t / "made.txt").string()});
  EXPECT_EQ(check.code, 0) << check.err;
  EXPECT_EQ(lines_of(check.out).size(), puzzles.size());
}

// A stand-in MIP solver that says it started (a file per run in `dir`/started) and sleeps: a
// signal to the process group kills it at once, as CBC dies of a Ctrl-C.
inline std::string sleeping_solver(const TempDir& t) {
  fs::create_directories(t / "bin");
  fs::create_directories(t / "started");
  const fs::path p = t / "bin" / "cbc";
  spit(p, "#!/bin/sh\ntouch " + (t / "started").string() + "/$$\nexec sleep 60\n");
  fs::permissions(p, fs::perms::owner_all);
  return (t / "bin").string();
}

// `solve --engine mip` on a few hundred puzzles with the solver in `bin` first on PATH, in a
// process group of its own; once `in_flight` solvers have started, `sig` to the whole group.
inline StreamStop group_signal_during_mip(const TempDir& t, int sig, const std::string& bin, int in_flight) {
  std::string text;
  for (int i = 0; i < 300; ++i) text += kClassic + "\n";
  spit(t / "mip-in.txt", text);
  const std::string path = "PATH=" + bin + ":/usr/bin:/bin";
  const fs::path out = t / "mip.out", err = t / "mip.err";
  const pid_t pid = spawn_cli({"solve", "--engine", "mip", (t / "mip-in.txt").string()}, out, err, [&] {
    ::setpgid(0, 0);
    ::putenv(const_cast<char*>(path.c_str()));
  });
  ::setpgid(pid, pid);
  const long cores = ::sysconf(_SC_NPROCESSORS_ONLN);
  const long want = std::min<long>(in_flight, cores);
  const auto started = [&] {
    long k = 0;
    std::error_code ec;
    for (auto it = fs::directory_iterator(t / "started", ec); !ec && it != fs::directory_iterator(); ++it) ++k;
    return k;
  };
  for (int i = 0; i < 3000 && started() < want; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_GE(started(), want) << slurp(err);
  const auto t0 = std::chrono::steady_clock::now();
  ::kill(-pid, sig);
  StreamStop s;
  s.p = wait_cli(pid, out, err);
  s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return s;
}

// Only the interruption: no error line on stdout, no engine error on stderr, the summary's one
// line naming the MIP solver's end.
inline void expect_mip_stopped(const StreamStop& s, int sig) {
  const std::string line = expect_one_summary_line(s, std::string("gridenum solve: interrupted by ") +
                                                          (sig == SIGINT ? "SIGINT" : "SIGTERM") + ": ");
  EXPECT_FALSE(contains(s.p.out, "error")) << s.p.out;
  EXPECT_FALSE(contains(s.p.err, "wrote no solution")) << s.p.err;
  EXPECT_FALSE(contains(s.p.err, "MIP engine (")) << s.p.err;
  EXPECT_TRUE(contains(line, "temporary folder removed")) << line;
  for (const auto& l : lines_of(s.p.out)) EXPECT_EQ(l, kSolution);
}

}  // namespace gridenum::testing::streamstop
