// Running the real gridenum binary (GRIDENUM_BINARY) from a test, and the temporary files that
// takes. Every test that runs the binary goes through here, so that:
//   - every file a test writes lives in a TempDir of its own, removed with everything in it
//     when the test ends (tests once left files behind in /tmp on every run);
//   - names never collide between the processes of `ctest -j` (mkdtemp);
//   - the exit code, a terminating signal and both output streams are seen separately.
// run_cli takes the arguments as a vector and uses fork/exec, so a test can set limits or drop
// privileges in the child and send it signals; run_cli_line takes one shell command line (for
// redirections, environment assignments and pipes) and runs it with /bin/sh.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace gridenum::testing {

namespace fs = std::filesystem;

// A fresh directory under /tmp, removed with everything in it at the end of the test.
struct TempDir {
  fs::path path;
  TempDir() {
    std::string tmpl = (fs::temp_directory_path() / "gridenum-test-XXXXXX").string();
    if (!::mkdtemp(tmpl.data())) throw std::runtime_error("mkdtemp failed");
    path = tmpl;
  }
  ~TempDir() {
    std::error_code ec;
    fs::permissions(path, fs::perms::owner_all, fs::perm_options::add, ec);
    fs::remove_all(path, ec);
  }
  fs::path operator/(const std::string& name) const { return path / name; }
};

inline std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline void spit(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary | std::ios::trunc) << text; }

struct Proc {
  int code = -1;    // exit code, -1 when killed by a signal
  int signal = 0;   // the signal that ended it, if any
  std::string out, err;
};

// Starts `gridenum args...` with stdout/stderr going to the given files; in_child runs in the
// child just before exec (limits, privileges); `binary` is the program run (another copy of
// gridenum, e.g. one another user can reach). Returns the pid.
inline pid_t spawn_cli(const std::vector<std::string>& args, const fs::path& out, const fs::path& err,
                       const std::function<void()>& in_child = {},
                       const std::string& binary = GRIDENUM_BINARY) {
  const int fo = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  const int fe = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int fi = ::open("/dev/null", O_RDONLY);
    ::dup2(fi, 0);
    ::dup2(fo, 1);
    ::dup2(fe, 2);
    ::close(fo);
    ::close(fe);
    if (in_child) in_child();
    std::vector<std::string> all{binary};
    all.insert(all.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& a : all) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(binary.c_str(), argv.data());
    ::_exit(127);
  }
  ::close(fo);
  ::close(fe);
  return pid;
}

inline Proc wait_cli(pid_t pid, const fs::path& out, const fs::path& err) {
  int status = 0;
  ::waitpid(pid, &status, 0);
  Proc p;
  if (WIFEXITED(status)) p.code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) p.signal = WTERMSIG(status);
  p.out = slurp(out);
  p.err = slurp(err);
  return p;
}

// Runs `gridenum args...` to the end (stdin: /dev/null).
inline Proc run_cli(const std::vector<std::string>& args, const std::function<void()>& in_child = {},
                    const std::string& binary = GRIDENUM_BINARY) {
  const TempDir t;
  return wait_cli(spawn_cli(args, t / "out", t / "err", in_child, binary), t / "out", t / "err");
}

// Runs one shell command line in which {gridenum} stands for the binary, e.g.
// "{gridenum} solve --unique -" or "PATH=/nowhere {gridenum} solve --engine mip x.txt", with
// `input` on standard input, to the end.
inline Proc run_cli_line(const std::string& line, const std::string& input = "") {
  const TempDir t;
  spit(t / "in", input);
  std::string cmd = line;
  const std::string mark = "{gridenum}";
  for (std::size_t at; (at = cmd.find(mark)) != std::string::npos;) cmd.replace(at, mark.size(), GRIDENUM_BINARY);
  const std::string full = "( " + cmd + " ) < '" + (t / "in").string() + "' > '" + (t / "out").string() + "' 2> '" +
                           (t / "err").string() + "'";
  const int status = std::system(full.c_str());
  Proc p;
  if (status != -1 && WIFEXITED(status)) p.code = WEXITSTATUS(status);
  if (status != -1 && WIFSIGNALED(status)) p.signal = WTERMSIG(status);
  p.out = slurp(t / "out");
  p.err = slurp(t / "err");
  return p;
}

inline std::vector<std::string> lines_of(const std::string& s) {
  std::vector<std::string> v;
  std::istringstream in(s);
  std::string l;
  while (std::getline(in, l)) v.push_back(l);
  return v;
}

inline bool contains(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

}  // namespace gridenum::testing
