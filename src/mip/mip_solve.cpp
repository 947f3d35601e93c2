// The MIP engine (mip.hpp, solver.hpp): writes the model to a temporary directory, runs CBC or
// GLPK's glpsol on it with posix_spawn under a time limit, reads the solution file back and
// rebuilds the grid, which is checked with satisfies() before it is returned.
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>

#include "gridenum/core/stop.hpp"
#include "gridenum/core/timing.hpp"
#include "gridenum/mip/mip.hpp"
#include "gridenum/puzzle/propagate.hpp"
#include "gridenum/puzzle/puzzle_io.hpp"

extern char** environ;

namespace gridenum::mip {

const char* name(Status s) {
  switch (s) {
    case Status::Solved: return "solved";
    case Status::Infeasible: return "infeasible";
    case Status::TimeLimit: return "time limit";
    case Status::Error: return "error";
  }
  return "?";
}

namespace {

namespace fs = std::filesystem;

const char* binary_of(const std::string& solver) {
  if (solver == "cbc") return "cbc";
  if (solver == "glpk") return "glpsol";
  throw MipError("unknown MIP solver '" + solver + "' (cbc, glpk)");
}

const char* package_of(const std::string& solver) { return solver == "cbc" ? "coinor-cbc" : "glpk-utils"; }

std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string tail(const std::string& s, std::size_t lines) {
  std::size_t pos = s.size();
  while (lines-- > 0 && pos > 0) {
    pos = s.rfind('\n', pos - 1);
    if (pos == std::string::npos) return s;
  }
  return s.substr(pos == 0 ? 0 : pos + 1);
}

// ---- SIGINT / SIGTERM while a solver runs ----
// The solver is a child process in a temporary directory of ours: killed by a signal with the
// default action, gridenum left the child running (reparented to init) and the directory
// behind. A stop is the process's one stop request (core/stop.hpp): the wait loop of each child
// looks at stop_requested() within its polling interval (<= 50 ms), kills the child and throws
// SolveInterrupted, and the directory goes with the stack.
//
// Who makes the request: `gridenum solve` takes SIGINT and SIGTERM with the CLI's watch for the
// whole run (StopSignals: the signals blocked in every thread, so the handlers below never run).
// A library caller without one gets SignalWatch: while any run() is in progress (counted: a batch
// runs several at once) the two signals call request_stop (async-signal-safe) instead of ending
// the process; the last run() to end puts the previous handlers back. The request stays made: the
// process is on its way out.
std::mutex g_watch_mutex;
int g_watchers = 0;
struct sigaction g_old_int {}, g_old_term {};

extern "C" void on_stop_signal(int sig) { request_stop(sig); }

class SignalWatch {
 public:
  SignalWatch() {
    std::lock_guard<std::mutex> lock(g_watch_mutex);
    if (g_watchers++ > 0) return;
    struct sigaction sa {};
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &g_old_int);
    sigaction(SIGTERM, &sa, &g_old_term);
  }
  ~SignalWatch() {
    std::lock_guard<std::mutex> lock(g_watch_mutex);
    if (--g_watchers > 0) return;
    sigaction(SIGINT, &g_old_int, nullptr);
    sigaction(SIGTERM, &g_old_term, nullptr);
  }
  SignalWatch(const SignalWatch&) = delete;
  SignalWatch& operator=(const SignalWatch&) = delete;
};

// Whether this run was stopped. A signal to the whole process group (Ctrl-C on a terminal,
// `timeout`) reaches the solver and gridenum at once, and the solver can die of it (or catch it
// and end its own way, writing no solution or a "stopped" status) before gridenum's watcher has
// made the signal the process's stop request: each puzzle in flight then printed "error" with
// "CBC wrote no solution (exit code -1)" before "interrupted" (a race, won by the solver on most
// tries). So when the solver's end looks like such a death (`suspect`: killed by a signal, or an
// outcome that is an error), the request is waited for a little (a second at most, in 10 ms
// steps; it comes within microseconds when the signal was the group's) before the outcome counts.
bool stop_heard(bool suspect) {
  if (stop_requested() || !suspect) return stop_requested();
  for (int i = 0; i < 100 && !stop_requested(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  return stop_requested();
}

struct Child {
  bool started = false;
  bool killed = false;  // by the watchdog
  int signal = 0;       // SIGINT / SIGTERM to gridenum stopped it (the stop request's signal)
  int exit_code = -1;   // -1: killed by a signal
  int term_signal = 0;  // the signal that ended it, if one did
  double seconds = 0;
  std::string spawn_error;
};

// Runs argv with stdout and stderr to `log`; kills it after `hard_limit` seconds (0: never).
Child run_child(const std::vector<std::string>& argv, const fs::path& log, double hard_limit) {
  Child c;
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&fa, 1, 2);
  // The solver gets SIGINT and SIGTERM as an ordinary process has them (default action, not
  // blocked): gridenum's own mask blocks them in every thread while the CLI's watch takes them
  // (core/stop_signals.hpp), and a child inherits both its mask and, through exec, that block --
  // a solver left behind by a killed gridenum would then outlive a Ctrl-C too.
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t none, stop_signals;
  sigemptyset(&none);
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &stop_signals);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  pid_t pid = 0;
  const auto t0 = SteadyClock::now();
  const int rc = posix_spawn(&pid, args[0], &fa, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&attr);
  if (rc != 0) {
    c.spawn_error = std::strerror(rc);
    return c;
  }
  c.started = true;
  int status = 0;
  auto pause = std::chrono::milliseconds(2);
  for (;;) {
    const pid_t w = waitpid(pid, &status, WNOHANG);
    if (w == pid) break;
    if (w < 0 && errno != EINTR) break;
    if (stop_requested() && c.signal == 0) {
      kill(pid, SIGKILL);
      c.signal = stop_signal() ? stop_signal() : SIGTERM;
    }
    const double elapsed = seconds_since(t0);
    if (hard_limit > 0 && elapsed > hard_limit && !c.killed) {
      kill(pid, SIGKILL);
      c.killed = true;
    }
    std::this_thread::sleep_for(pause);
    if (pause < std::chrono::milliseconds(50)) pause *= 2;
  }
  c.seconds = seconds_since(t0);
  c.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  c.term_signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  return c;
}

// Values of the variables by index, from CBC's solution file ("index name value reduced").
// Returns the status line.
std::string parse_cbc(const std::string& text, const std::unordered_map<std::string, int>& index, std::vector<double>& value) {
  std::istringstream in(text);
  std::string status;
  std::getline(in, status);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string idx, nm;
    double v = 0;
    if (!(ls >> idx >> nm >> v)) continue;
    if (idx == "**") {  // CBC marks infeasible entries "** index name value"
      std::string name2;
      std::istringstream ls2(line.substr(line.find("**") + 2));
      if (!(ls2 >> idx >> name2 >> v)) continue;
      nm = name2;
    }
    const auto it = index.find(nm);
    if (it != index.end()) value[it->second] = v;
  }
  return status;
}

// GLPK's plain solution file ("s mip ROWS COLS STATUS OBJ", "j COL VALUE") with the column
// names from its GLPK-format problem file ("n j COL NAME"). Returns the status letter.
char parse_glpk(const std::string& sol, const std::string& glp, const std::unordered_map<std::string, int>& index,
                std::vector<double>& value) {
  std::unordered_map<long, int> col_var;
  {
    std::istringstream in(glp);
    std::string line;
    while (std::getline(in, line)) {
      if (line.rfind("n j ", 0) != 0) continue;
      std::istringstream ls(line.substr(4));
      long j = 0;
      std::string nm;
      if (!(ls >> j >> nm)) continue;
      const auto it = index.find(nm);
      if (it != index.end()) col_var[j] = it->second;
    }
  }
  char st = '?';
  std::istringstream in(sol);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("s mip ", 0) == 0) {
      std::istringstream ls(line.substr(6));
      long rows = 0, cols = 0;
      ls >> rows >> cols >> st;
    } else if (line.rfind("j ", 0) == 0) {
      std::istringstream ls(line.substr(2));
      long j = 0;
      double v = 0;
      if (!(ls >> j >> v)) continue;
      const auto it = col_var.find(j);
      if (it != col_var.end()) value[it->second] = v;
    }
  }
  return st;
}

// The grid from the variable values; empty with `why` when they do not make one.
std::vector<int> rebuild(const LinearModel& lm, const std::vector<double>& value, std::string& why) {
  const int N = lm.N;
  std::vector<int> grid(N * N, 0);
  for (int c = 0; c < N * N; ++c) {
    if (lm.formulation == Formulation::Blp) {
      for (int k = 1; k <= N; ++k)
        if (value[lm.cell_var[c] + k - 1] > 0.5) {
          if (grid[c]) {
            why = "cell " + std::to_string(c) + " has two digits";
            return {};
          }
          grid[c] = k;
        }
    } else {
      const double v = value[lm.cell_var[c]];
      const double r = std::round(v);
      if (std::fabs(v - r) > 1e-6 || r < 1 || r > N) {
        why = "cell " + std::to_string(c) + " has the non-digit value " + std::to_string(v);
        return {};
      }
      grid[c] = static_cast<int>(r);
    }
    if (!grid[c]) {
      why = "cell " + std::to_string(c) + " has no digit";
      return {};
    }
  }
  return grid;
}

}  // namespace

std::string find_solver(const std::string& solver) {
  const std::string bin = binary_of(solver);
  const char* path = std::getenv("PATH");
  std::string p = path ? path : "/usr/local/bin:/usr/bin:/bin";
  std::size_t start = 0;
  while (start <= p.size()) {
    const std::size_t end = p.find(':', start);
    std::string dir = p.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (dir.empty()) dir.push_back('.');
    const std::string cand = dir + "/" + bin;
    struct stat st{};
    if (::stat(cand.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(cand.c_str(), X_OK) == 0) return cand;
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return "";
}

namespace {

// What a finished solver run gave: its files read back, the grid rebuilt and checked (run() below,
// which decides first whether the run was stopped).
RunResult read_outcome(const RunOptions& opt, const LinearModel& lm, const Model& m, const Child& child, RunResult res,
                       const std::string& exe, const fs::path& sol, const fs::path& log, const fs::path& glp) {
  const double T = opt.time_limit_seconds;
  const std::string label = opt.solver == "cbc" ? "CBC" : "glpsol";
  if (!child.started) {
    res.status = Status::Error;
    res.message = "cannot run " + exe + ": " + child.spawn_error;
    return res;
  }
  const std::string log_text = read_text(log);
  auto time_msg = [&] {
    return fmt::format("time limit of {:g} s reached after {:.1f} s before {} found a solution", T, res.seconds, label);
  };
  if (child.killed) {
    res.status = Status::TimeLimit;
    res.message = time_msg() + " (the process overran its limit and was killed)";
    return res;
  }
  std::unordered_map<std::string, int> index;
  index.reserve(lm.vars.size() * 2);
  for (std::size_t v = 0; v < lm.vars.size(); ++v) index.emplace(lm.vars[v].name, static_cast<int>(v));
  std::vector<double> value(lm.vars.size(), 0.0);
  const bool have_sol = fs::exists(sol);
  if (!have_sol) {
    res.status = Status::Error;
    res.message = label + " wrote no solution (exit code " + std::to_string(child.exit_code) + "): " + tail(log_text, 5);
    return res;
  }
  bool feasible = false;
  if (opt.solver == "cbc") {
    const std::string st = parse_cbc(read_text(sol), index, value);
    if (st.rfind("Optimal", 0) == 0) {
      feasible = true;
    } else if (st.find("nfeasible") != std::string::npos) {
      // CBC 2.10's preprocessing, cut short by the clock, reports "infeasible" ("Cut generators
      // found to be infeasible", "Pre-processing says infeasible or unbounded", solution file
      // "Integer infeasible"): seen on a loaded machine with a 1 s limit, 0.2 CPU-s into a 1.4 s
      // run, on a puzzle with a solution. An infeasibility claimed after the limit has passed is
      // therefore not taken as a proof: it is the limit (never a wrong "no solution").
      res.status = T > 0 && res.seconds >= T ? Status::TimeLimit : Status::Infeasible;
    } else if (st.rfind("Stopped on time", 0) == 0) {
      // With a zero objective an integer solution is an answer; without one it is the limit.
      if (st.find("no integer solution") == std::string::npos) feasible = true;
      else res.status = Status::TimeLimit;
    } else {
      res.status = Status::Error;
      res.message = "CBC: " + st;
    }
  } else {
    const char st = parse_glpk(read_text(sol), read_text(glp), index, value);
    if (st == 'o' || st == 'f') feasible = true;
    else if (st == 'n' || log_text.find("NO PRIMAL FEASIBLE") != std::string::npos ||
             log_text.find("NO INTEGER FEASIBLE") != std::string::npos)
      res.status = Status::Infeasible;
    else if (log_text.find("TIME LIMIT EXCEEDED") != std::string::npos)
      res.status = Status::TimeLimit;
    else {
      res.status = Status::Error;
      res.message = "glpsol: status '";
      res.message += st;
      res.message += "': " + tail(log_text, 5);
    }
  }
  if (!feasible) {
    if (res.status == Status::TimeLimit) res.message = time_msg();
    if (res.status == Status::Infeasible) res.message = label + ": the model is infeasible (the puzzle has no solution)";
    return res;
  }
  std::string why;
  res.grid = rebuild(lm, value, why);
  if (res.grid.empty() || !satisfies(m, res.grid, &why)) {
    res.grid.clear();
    res.status = Status::Error;
    res.message = label + "'s solution is not a solution of the puzzle: " + why;
    return res;
  }
  res.status = Status::Solved;
  res.message = label + " solved it";
  return res;
}

}  // namespace

RunResult run(const Model& m, const RunOptions& opt) {
  const std::string bin = binary_of(opt.solver);
  if (opt.format == Format::Zpl) throw MipError("the solvers are given lp or mps files; zpl is for zimpl");
  if (opt.time_limit_seconds < 0) throw MipError("the time limit must not be negative");
  const LinearModel lm = build_model(m, opt.formulation);
  std::string exe = opt.solver_path.empty() ? find_solver(opt.solver) : opt.solver_path;
  if (exe.empty() || ::access(exe.c_str(), X_OK) != 0)
    throw SolverMissing(std::string(opt.solver == "cbc" ? "CBC" : "GLPK") + "'s solver '" + bin +
                        "' is not installed (not found on PATH): install the Debian package " + package_of(opt.solver) +
                        " (apt-get install " + package_of(opt.solver) + ")");

  RunResult res;
  res.stats = stats(lm);
  const SignalWatch watch;  // before the directory exists: a signal from here on cleans up
  std::string tmpl = (fs::temp_directory_path() / "gridenum-mip-XXXXXX").string();
  if (!::mkdtemp(tmpl.data())) throw std::runtime_error("cannot create a temporary directory under " + fs::temp_directory_path().string());
  res.dir = tmpl;
  struct Cleanup {
    const fs::path& dir;
    bool keep;
    ~Cleanup() {
      std::error_code ec;
      if (!keep || stop_requested()) fs::remove_all(dir, ec);
    }
  } cleanup{res.dir, opt.keep_files};

  const fs::path model = res.dir / (std::string("model.") + name(opt.format));
  const fs::path sol = res.dir / "solution.txt", log = res.dir / "solver.log", glp = res.dir / "names.glp";
  {
    std::ofstream out(model, std::ios::binary);
    out << (opt.format == Format::Lp ? write_lp(lm) : write_mps(lm));
    if (!out.flush()) throw std::runtime_error("cannot write " + model.string());
  }
  const double T = opt.time_limit_seconds;
  std::vector<std::string> argv{exe};
  if (opt.solver == "cbc") {
    argv.push_back(model.string());
    argv.insert(argv.end(), {"-timeMode", "elapsed"});
    if (T > 0) argv.insert(argv.end(), {"-sec", std::to_string(T)});
    argv.insert(argv.end(), {"-solve", "-solu", sol.string()});
  } else {
    argv.insert(argv.end(), {opt.format == Format::Lp ? "--lp" : "--freemps", model.string()});
    if (T > 0) argv.insert(argv.end(), {"--tmlim", std::to_string(static_cast<long>(std::ceil(T)))});
    argv.insert(argv.end(), {"--wglp", glp.string(), "-w", sol.string()});
  }
  // The solvers check their own limit between steps; the watchdog ends one that overruns it.
  const double hard = T > 0 ? T + std::max(5.0, 0.25 * T) : 0;
  if (stop_requested()) throw SolveInterrupted("stopped by " + stop_cause() + " before the MIP solver started");
  const Child child = run_child(argv, log, hard);
  res.seconds = child.seconds;
  const auto interrupted = [&] {
    return SolveInterrupted("stopped by " + stop_cause() + "; the MIP solver " + exe +
                            (child.signal ? " was killed" : "'s run was dropped") + " and its temporary folder removed");
  };
  // Stopped: killed by the wait loop, or dead of a signal that was the process group's stop.
  const bool died = child.term_signal != 0;
  if (child.signal || stop_heard(died)) throw interrupted();
  // An error may still be the stop's doing: a solver that caught the group's SIGINT and ended
  // early (a non-zero exit, CBC's "Stopped on ctrl-c" status). Only those wait for the request,
  // so an ordinary failure is not slowed down.
  RunResult out = read_outcome(opt, lm, m, child, res, exe, sol, log, glp);
  const bool cut_short =
      out.status == Status::Error && !died && (child.exit_code != 0 || out.message.find("ctrl-c") != std::string::npos);
  if (cut_short && stop_heard(true)) throw interrupted();
  return out;
}

}  // namespace gridenum::mip

namespace gridenum {

SolveResult solve_mip(const Model& m, const MipSolveOptions& opt) {
  mip::RunOptions ro;
  ro.solver = opt.solver;
  ro.formulation = mip::parse_formulation(opt.formulation);
  ro.format = mip::parse_format(opt.format);
  ro.time_limit_seconds = opt.time_limit_seconds;
  ro.solver_path = opt.solver_path;
  const mip::RunResult r = mip::run(m, ro);
  SolveResult out;
  switch (r.status) {
    case mip::Status::Solved:
      out.count = 1;
      out.solution = r.grid;
      return out;
    case mip::Status::Infeasible: {
      // Confirmed by another engine, or reported as the solver's claim only (mip.hpp).
      const std::string label = opt.solver == "cbc" ? "CBC" : "glpsol";
      SearchLimits lim;
      lim.nodes = opt.confirm_nodes;
      const SolveResult check = solve_propagate(m, 1, lim);
      if (check.count > 0)
        throw std::runtime_error("MIP engine (" + opt.solver + ", " + opt.formulation + "): " + label +
                                 " says the puzzle has no solution, but the propagation engine found one (" +
                                 format_line(check.solution, m.n) + "): the solver's answer is wrong");
      if (!check.complete()) {
        out.status = SolveStatus::Unconfirmed;
        out.note = label + " says the puzzle has no solution; the propagation engine could not confirm it within " +
                   std::to_string(opt.confirm_nodes) + " search nodes";
      }
      return out;
    }
    case mip::Status::TimeLimit:
      // A status, not an answer and not a failure of the engine (as the other engines' limits).
      out.status = SolveStatus::TimeLimit;
      out.note = r.message;
      return out;
    case mip::Status::Error:
      break;
  }
  throw std::runtime_error("MIP engine (" + opt.solver + ", " + opt.formulation + "): " + r.message);
}

}  // namespace gridenum
