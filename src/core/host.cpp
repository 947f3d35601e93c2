// Provenance helpers (host.hpp): thin wrappers over uname, getrusage and /proc/cpuinfo.
#include "gridenum/core/host.hpp"

#include <sys/resource.h>
#include <sys/utsname.h>

#include <ctime>
#include <fstream>

#ifndef GRIDENUM_VERSION
#error "GRIDENUM_VERSION is set by CMakeLists.txt from project(VERSION)"
#endif

namespace gridenum {

std::string program_version() { return GRIDENUM_VERSION; }

namespace {
std::string& program_revision() {
  static std::string r;  // set once, by main, before any thread starts
  return r;
}
}  // namespace

void set_program_revision(std::string revision) { program_revision() = std::move(revision); }

std::string program_identity() {
  const std::string& r = program_revision();
  return "gridenum " + program_version() + (r.empty() ? "" : " (commit " + r + ")");
}

std::string host_name() {
  utsname u{};
  if (::uname(&u) != 0) return "unknown";
  return u.nodename;
}

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  // x86 says "model name", some ARM kernels "Processor" or "model name", MIPS "cpu model".
  for (const char* key : {"model name", "Processor", "cpu model"}) {
    in.clear();
    in.seekg(0);
    while (std::getline(in, line)) {
      if (line.rfind(key, 0) != 0) continue;
      const std::size_t colon = line.find(':');
      if (colon == std::string::npos) continue;
      std::string v = line.substr(colon + 1);
      const std::size_t b = v.find_first_not_of(" \t");
      if (b == std::string::npos) continue;
      return v.substr(b);
    }
  }
  return "unknown";
}

std::string kernel_release() {
  utsname u{};
  if (::uname(&u) != 0) return "unknown";
  return std::string(u.sysname) + " " + u.release;
}

double process_cpu_seconds() {
  rusage r{};
  if (::getrusage(RUSAGE_SELF, &r) != 0) return 0;
  const auto s = [](const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) * 1e-6; };
  return s(r.ru_utime) + s(r.ru_stime);
}

std::string utc_now_iso8601() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace gridenum
