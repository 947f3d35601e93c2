// The memory budget (memory_budget.hpp): an atomic count of reserved bytes against a limit, and
// the limit a process is given by its machine or its cgroup.
#include "gridenum/core/memory_budget.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace gridenum {

MemoryBudgetExceeded::MemoryBudgetExceeded(std::uint64_t w, std::uint64_t h, std::uint64_t l)
    : std::runtime_error(fmt::format("memory limit {} reached: {} more asked for with {} held", format_bytes(l),
                                     format_bytes(w), format_bytes(h))),
      wanted(w),
      held(h),
      limit(l) {}

void MemoryBudget::reserve(std::uint64_t bytes) {
  std::uint64_t now = held_.load(std::memory_order_relaxed);
  for (;;) {
    const std::uint64_t next = now + bytes;
    if (limit_ != 0 && (next > limit_ || next < now)) throw MemoryBudgetExceeded(bytes, now, limit_);
    if (held_.compare_exchange_weak(now, next, std::memory_order_relaxed)) {
      std::uint64_t p = peak_.load(std::memory_order_relaxed);
      while (next > p && !peak_.compare_exchange_weak(p, next, std::memory_order_relaxed)) {
      }
      return;
    }
  }
}

void MemoryBudget::release(std::uint64_t bytes) noexcept { held_.fetch_sub(bytes, std::memory_order_relaxed); }

namespace {

namespace fs = std::filesystem;

// A cgroup limit file's value: "max" (v2) or a huge number (v1's "no limit", 2^63 rounded to
// pages) mean none.
std::optional<std::uint64_t> read_limit(const fs::path& file) {
  std::ifstream in(file);
  std::string word;
  if (!(in >> word) || word == "max") return std::nullopt;
  try {
    const unsigned long long v = std::stoull(word);
    if (v == 0 || v >= (1ULL << 62)) return std::nullopt;
    return static_cast<std::uint64_t>(v);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// The smallest limit on the way from this process's cgroup up to the hierarchy's root (a limit
// set on a parent -- a Slurm job's cgroup above its step's -- binds as well).
std::optional<std::uint64_t> cgroup_limit() {
  std::ifstream in("/proc/self/cgroup");
  std::optional<std::uint64_t> best;
  auto take = [&](const fs::path& mount, const std::string& rel, const char* name) {
    fs::path dir = mount / fs::path(rel).relative_path();
    for (;;) {
      if (auto v = read_limit(dir / name)) best = best ? std::min(*best, *v) : *v;
      if (dir == mount || !dir.has_parent_path()) break;
      dir = dir.parent_path();
    }
  };
  std::string line;
  while (std::getline(in, line)) {  // "ID:CONTROLLERS:PATH"
    const auto a = line.find(':'), b = line.find(':', a == std::string::npos ? 0 : a + 1);
    if (a == std::string::npos || b == std::string::npos) continue;
    const std::string controllers = line.substr(a + 1, b - a - 1), path = line.substr(b + 1);
    if (controllers.empty())
      take("/sys/fs/cgroup", path, "memory.max");  // v2
    else if (("," + controllers + ",").find(",memory,") != std::string::npos)
      take("/sys/fs/cgroup/memory", path, "memory.limit_in_bytes");  // v1
  }
  return best;
}

}  // namespace

std::uint64_t memory_available() {
  const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
  std::uint64_t m = pages > 0 && page > 0 ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) : 0;
  if (const auto c = cgroup_limit()) m = m == 0 ? *c : std::min(m, *c);
  return m;
}

std::uint64_t default_memory_limit() { return memory_available() / 10 * 9; }

std::optional<std::uint64_t> parse_memory_size(std::string_view text) {
  std::string t(text);
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.pop_back();
  if (t.empty()) return std::nullopt;
  double scale = 1;
  std::size_t end = t.size();
  // An optional unit letter, then an optional "iB" / "B": 20G, 20GB, 20GiB, 512M, 4096K.
  if (end >= 3 && (t.compare(end - 2, 2, "iB") == 0 || t.compare(end - 2, 2, "ib") == 0)) end -= 2;
  else if (end >= 2 && (t[end - 1] == 'B' || t[end - 1] == 'b') && std::isalpha(static_cast<unsigned char>(t[end - 2]))) end -= 1;
  switch (std::toupper(static_cast<unsigned char>(t[end - 1]))) {
    case 'K': scale = 1024.0; --end; break;
    case 'M': scale = 1024.0 * 1024; --end; break;
    case 'G': scale = 1024.0 * 1024 * 1024; --end; break;
    case 'T': scale = 1024.0 * 1024 * 1024 * 1024; --end; break;
    default: break;
  }
  const std::string number = t.substr(0, end);
  if (number.empty() || number.find_first_not_of("0123456789.") != std::string::npos ||
      std::count(number.begin(), number.end(), '.') > 1 || number == ".")
    return std::nullopt;
  double v = 0;
  std::istringstream(number) >> v;
  const double bytes = std::floor(v * scale);
  if (!(bytes >= 1) || bytes > 1.8e19) return std::nullopt;
  return static_cast<std::uint64_t>(bytes);
}

std::string format_bytes(std::uint64_t bytes) {
  const double b = static_cast<double>(bytes);
  if (b >= 1024.0 * 1024 * 1024) return fmt::format("{:.1f} GiB", b / (1024.0 * 1024 * 1024));
  if (b >= 1024.0 * 1024) return fmt::format("{:.0f} MiB", b / (1024.0 * 1024));
  if (b >= 1024.0) return fmt::format("{:.0f} KiB", b / 1024.0);
  return fmt::format("{} bytes", bytes);
}

}  // namespace gridenum
