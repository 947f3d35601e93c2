// A bash command line run to its end, stdout and stderr together, and its exit code: the launcher
// tests' runner (fake_slurm.hpp, tests/jobs/slurm_real.cpp), for command lines with pipes,
// environment assignments and redirections that run_cli (cli_run.hpp) does not take.
#pragma once

#include <sys/wait.h>

#include <cstdio>
#include <string>

namespace gridenum::testing {

struct Shell {
  int code;  // the exit code; -1 when bash did not exit normally
  std::string out;
};

inline Shell sh(const std::string& cmd) {
  FILE* p = ::popen(("bash -c '" + cmd + "' 2>&1").c_str(), "r");
  std::string out;
  char buf[4096];
  std::size_t k;
  while ((k = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, k);
  const int status = ::pclose(p);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

}  // namespace gridenum::testing
