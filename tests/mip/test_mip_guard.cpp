// The MIP engine does not take a solver's word for "no solution", and does not leave its solver
// running, nor its temporary folder behind, when gridenum is stopped by SIGINT or SIGTERM; it has a
// default time limit. The solvers here are shell scripts standing in for CBC: one that says
// "Infeasible" for every model, one that sleeps.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <string>
#include <sstream>
#include <thread>

#include "gridenum/mip/mip.hpp"
#include "gridenum/puzzle/model.hpp"
#include "gridenum/puzzle/puzzle_io.hpp"
#include "cli_run.hpp"

using namespace gridenum;
using namespace gridenum::testing;

namespace {


// An executable script named `name` in `dir`.
std::string script(const TempDir& dir, const std::string& name, const std::string& body) {
  const fs::path p = dir / name;
  spit(p, "#!/bin/sh\n" + body);
  fs::permissions(p, fs::perms::owner_all);
  return p.string();
}

// A broken CBC: writes "Infeasible" as the status line of the solution file (-solu FILE).
const std::string kLiar =
    "while [ $# -gt 0 ]; do\n"
    "  if [ \"$1\" = \"-solu\" ]; then echo 'Infeasible - objective value 0.00000000' > \"$2\"; fi\n"
    "  shift\n"
    "done\n";

Model parsed(const std::string& line) { return parse_puzzle_line(line, 1)->model; }

}  // namespace

// The solver says "infeasible" for a uniquely solvable puzzle: a run-time error naming the solution
// found, never "none".
TEST(MipGuard, WrongInfeasibleClaimIsAnError) {
  const TempDir dir;
  MipSolveOptions o;
  o.solver_path = script(dir, "cbc", kLiar);
  try {
    const SolveResult r = solve_mip(parsed(kClassic), o);
    ADD_FAILURE() << "the claim was taken: count " << r.count;
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("CBC says the puzzle has no solution, but the propagation engine found one"),
              std::string::npos)
        << e.what();
  }
}

// A true claim is confirmed (count 0, complete); a claim propagation cannot settle within its
// budget is a status, "unconfirmed", not an answer.
TEST(MipGuard, TrueClaimConfirmedUndecidedClaimUnconfirmed) {
  const TempDir dir;
  MipSolveOptions o;
  o.solver_path = script(dir, "cbc", kLiar);
  // Unsolvable, though no two givens clash: r1c1 can hold no digit (1, 2 in its row, 3 in its
  // column, 4 in its box).
  const std::vector<int> g = {0, 0, 1, 2, 0, 4, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0};
  const SolveResult none = solve_mip(make_model(Shape{2, 2}, kRuleClassic, g), o);
  EXPECT_TRUE(none.complete()) << none.note;
  EXPECT_EQ(none.count, 0u);
  // An empty 16x16 has solutions, but not within one search node: the claim stays a claim.
  o.confirm_nodes = 1;
  const SolveResult open = solve_mip(make_model(Shape{4, 4}, kRuleClassic, {}), o);
  EXPECT_EQ(open.status, SolveStatus::Unconfirmed);
  EXPECT_EQ(open.count, 0u);
  EXPECT_NE(open.note.find("CBC says the puzzle has no solution; the propagation engine could not confirm it within 1 "
                           "search nodes"),
            std::string::npos)
      << open.note;
}

// The same through the CLI: the lying CBC on PATH makes `solve --engine mip` fail (exit 3) with
// the reason, where it printed "none" and exited 1 as for an unsolvable puzzle.
TEST(MipGuard, CliRefusesTheWrongClaim) {
  const TempDir dir;
  script(dir, "cbc", kLiar);
  const Proc p = run_cli_line("PATH=" + dir.path.string() + ":/usr/bin:/bin {gridenum} solve --engine mip -", kClassic + "\n");
  EXPECT_EQ(p.code, 3) << p.out << p.err;
  EXPECT_EQ(p.out, "error\n");
  EXPECT_TRUE(contains(p.err, "the solver's answer is wrong")) << p.err;
}

// SIGTERM or SIGINT to gridenum while the solver runs. The stand-in solver records its pid and its
// model file (in gridenum's temporary folder), then sleeps; gridenum must kill it, remove the
// folder and exit 130.
TEST(MipGuard, SignalsStopTheSolverAndRemoveItsFolder) {
  for (const int sig : {SIGTERM, SIGINT}) {
    const TempDir dir;
    const fs::path note = dir / "solver.note", tmp = dir / "tmp", out = dir / "out", err = dir / "err";
    fs::create_directory(tmp);
    script(dir, "cbc", "echo \"$$ $1\" > " + note.string() + ".part && mv " + note.string() + ".part " +
                           note.string() + "\nexec sleep 60\n");
    spit(dir / "in.txt", kClassic + "\n");
    const std::string path = "PATH=" + dir.path.string() + ":/usr/bin:/bin", tmpdir = "TMPDIR=" + tmp.string();
    const pid_t pid = spawn_cli({"solve", "--engine", "mip", (dir / "in.txt").string()}, out, err, [&] {
      ::putenv(const_cast<char*>(path.c_str()));
      ::putenv(const_cast<char*>(tmpdir.c_str()));
    });
    // Wait (up to 30 s) for the solver to start.
    for (int i = 0; i < 3000 && !fs::exists(note); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    ASSERT_TRUE(fs::exists(note)) << slurp(err);
    std::istringstream in(slurp(note));
    pid_t solver = 0;
    std::string model;
    in >> solver >> model;
    ASSERT_GT(solver, 0);
    const fs::path folder = fs::path(model).parent_path();
    EXPECT_EQ(folder.parent_path(), tmp);
    EXPECT_TRUE(fs::exists(folder));
    ::kill(pid, sig);
    const Proc p = wait_cli(pid, out, err);
    EXPECT_EQ(p.code, 130) << strsignal(sig) << ": " << p.err;
    EXPECT_TRUE(contains(p.err, "interrupted")) << p.err;
    EXPECT_TRUE(contains(p.err, "temporary folder removed")) << p.err;
    // The solver is gone (killed and reaped by gridenum), and so is the folder.
    EXPECT_EQ(::kill(solver, 0), -1);
    EXPECT_EQ(errno, ESRCH);
    EXPECT_FALSE(fs::exists(folder)) << folder;
  }
}

// The default time limit: stated in --help, and handed to the solver when none is given.
TEST(MipGuard, DefaultTimeLimit) {
  const Proc help = run_cli_line("{gridenum} solve --help");
  EXPECT_TRUE(contains(help.out, "MIP engine's\ndefault is 300") || contains(help.out, "default is 300")) << help.out;
  const TempDir dir;
  const fs::path args = dir / "args";
  script(dir, "cbc", "echo \"$@\" > " + args.string() + "\n" + kLiar);
  run_cli_line("PATH=" + dir.path.string() + ":/usr/bin:/bin {gridenum} solve --engine mip -", kClassic + "\n");
  EXPECT_TRUE(contains(slurp(args), "-sec 300.000000")) << slurp(args);
  run_cli_line("PATH=" + dir.path.string() + ":/usr/bin:/bin {gridenum} solve --engine mip --time-limit 7 -",
               kClassic + "\n");
  EXPECT_TRUE(contains(slurp(args), "-sec 7.000000")) << slurp(args);
}
