// Stopping a running gridenum (docs/architecture.md, "Stopping and progress"): spawn it, wait
// until its stderr names the phase to be stopped, signal it and time the exit. Shared by the stop
// tests of the fast tier (tests/cli/test_stop_cli.cpp) and the slow tier
// (tests/cli/slow_stop_resume_cli.cpp).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <csignal>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "cli_run.hpp"

namespace gridenum::testing {

struct Stopped {
  Proc p;
  double seconds = 0;  // from the signal to the exit
};

// Runs gridenum args, waits (at most a minute) until its stderr holds `marker`, sends `sig`,
// and times the exit.
inline Stopped stop_when(const std::vector<std::string>& args, const std::string& marker, int sig, const TempDir& t) {
  using namespace std::chrono;
  const fs::path out = t / "out", err = t / "err";
  const pid_t pid = spawn_cli(args, out, err);
  for (int i = 0; i < 3000 && !contains(slurp(err), marker); ++i) std::this_thread::sleep_for(milliseconds(20));
  EXPECT_TRUE(contains(slurp(err), marker)) << "never saw '" << marker << "': " << slurp(err);
  const auto t0 = steady_clock::now();
  ::kill(pid, sig);
  Stopped s;
  s.p = wait_cli(pid, out, err);
  s.seconds = duration<double>(steady_clock::now() - t0).count();
  return s;
}

// A stop must end the run within this many seconds (ten times as long under the sanitizers).
constexpr double kStopWithin = 2.0 * GRIDENUM_TEST_SLOWDOWN;

}  // namespace gridenum::testing
