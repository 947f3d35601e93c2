// Shared helpers for the job tests: temporary directories, files, and running the real
// gridenum binary (GRIDENUM_BINARY) with fork/exec so that a test can set limits or drop
// privileges in the child, send it signals, and see its exit code and both output streams.
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
// child just before exec (limits, privileges). Returns the pid.
inline pid_t spawn_cli(const std::vector<std::string>& args, const fs::path& out, const fs::path& err,
                       const std::function<void()>& in_child = {}) {
  const int fo = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  const int fe = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(fo, 1);
    ::dup2(fe, 2);
    ::close(fo);
    ::close(fe);
    if (in_child) in_child();
    std::vector<std::string> all{GRIDENUM_BINARY};
    all.insert(all.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& a : all) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(GRIDENUM_BINARY, argv.data());
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

// Runs `gridenum args...` to the end.
inline Proc run_cli(const std::vector<std::string>& args, const std::function<void()>& in_child = {}) {
  static int serial = 0;
  const fs::path base = fs::temp_directory_path() / ("gridenum-cli-" + std::to_string(::getpid()) + "-" + std::to_string(serial++));
  const fs::path out = base.string() + ".out", err = base.string() + ".err";
  Proc p = wait_cli(spawn_cli(args, out, err, in_child), out, err);
  fs::remove(out);
  fs::remove(err);
  return p;
}

inline bool contains(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

// The unit ids of a journal's complete "U" lines, in file order, read without the library's
// reader (so a test can see duplicates the reader would fold).
inline std::vector<std::uint32_t> raw_journal_units(const fs::path& journal) {
  const std::string text = slurp(journal);
  std::vector<std::uint32_t> ids;
  std::size_t at = 0;
  for (std::size_t nl; (nl = text.find('\n', at)) != std::string::npos; at = nl + 1)
    if (nl - at > 2 && text[at] == 'U' && text[at + 1] == ' ')
      ids.push_back(static_cast<std::uint32_t>(std::stoul(text.substr(at + 2, nl - at - 2))));
  return ids;
}

}  // namespace gridenum::testing
