// Helpers for the job tests: what tests/support/cli_run.hpp offers (temporary directories,
// files, the real binary run with fork/exec), a raw view of a journal, and the configs and
// reference totals of the per-class methods' job tests.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "gridenum/count/stack/count.hpp"
#include "gridenum/jobs/job.hpp"
#include "gridenum/jobs/journal.hpp"

namespace gridenum::testing {

// The unit ids of a journal's complete "U" lines, in file order, read without the library's
// reader (so a test can see duplicates the reader would fold).
// The published number of 6x6 grids with 2x3 boxes, the total most job tests count.
inline const std::string k2x3 = "28200960";

inline std::vector<std::uint32_t> raw_journal_units(const fs::path& journal) {
  const std::string text = slurp(journal);
  std::vector<std::uint32_t> ids;
  std::size_t at = 0;
  for (std::size_t nl; (nl = text.find('\n', at)) != std::string::npos; at = nl + 1)
    if (nl - at > 2 && text[at] == 'U' && text[at + 1] == ' ')
      ids.push_back(static_cast<std::uint32_t>(std::stoul(text.substr(at + 2, nl - at - 2))));
  return ids;
}

// A journal's text without the CPU time records (C lines, journal.hpp) at its end: what a job
// killed just after writing its last unit or batch left, so that a test's torn tail is cut out of
// that record, not out of the session's last C record.
inline std::string without_trailing_cpu_records(std::string text) {
  while (text.size() > 1) {
    const std::size_t start = text.rfind('\n', text.size() - 2) + 1;  // npos + 1 = 0: the first line
    if (text.compare(start, 2, "C ") != 0) break;
    text.resize(start);
  }
  return text;
}

// The number of lines of a journal (complete ones).
inline std::size_t journal_lines(const fs::path& journal) {
  const std::string text = slurp(journal);
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

// A journal record rewritten, unit `id`'s count plus `delta`, re-checksummed with the journal's
// own (unkeyed FNV-1a) line format: a forgery the journal reader cannot tell from a real record.
// Returns the forged count, or "" when the journal holds no record of the unit.
inline std::string forge_journal_record(const fs::path& jp, std::uint64_t id, std::uint64_t delta) {
  std::string text = slurp(jp);
  const std::string key = "\nU " + std::to_string(id) + " ";
  const std::size_t at = text.find(key);
  if (at == std::string::npos) return {};
  const std::size_t end = text.find('\n', at + 1);
  std::istringstream rec(text.substr(at + 1, end - at - 1));
  std::string tag, uid, count, ms;
  rec >> tag >> uid >> count >> ms;
  const std::string forged = (BigInt(count) + delta).str();
  text.replace(at + 1, end - at, journal_line("U " + uid + " " + forged + " " + ms));
  spit(jp, text);
  return forged;
}

// Waits until the job's journal holds at least `n` unit records (or the timeout passes).
inline bool wait_for_units(const fs::path& journal, std::size_t n, double seconds) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < end) {
    std::error_code ec;
    if (fs::exists(journal, ec) && raw_journal_units(journal).size() >= n) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

// Every unit of the job's journal once, `units` of them (raw records: duplicates are seen).
inline void expect_each_unit_once(const fs::path& dir, std::size_t units) {
  const auto ids = raw_journal_units(dir / "journal");
  std::set<std::uint32_t> distinct(ids.begin(), ids.end());
  EXPECT_EQ(distinct.size(), ids.size()) << "a unit appears twice in " << dir / "journal";
  EXPECT_EQ(ids.size(), units);
}

// The counts of the units `select` takes, by the partition kernel, in-process: the reference a
// job's journal is checked against unit by unit.
inline std::map<std::uint32_t, u128> partition_unit_counts(Shape shape, std::uint32_t slices,
                                                           std::function<bool(std::uint32_t)> select) {
  std::mutex mu;
  std::map<std::uint32_t, u128> out;
  CountOptions o;
  o.shape = shape;
  o.threads = 2;
  o.slices_per_class = slices;
  UnitHooks h;
  h.select = std::move(select);
  h.done = [&](std::uint32_t id, u128 c) {
    std::lock_guard l(mu);
    out[id] = c;
  };
  run_count(o, h);
  return out;
}

// A 9x9 job that can be stopped while it runs: the backtracking kernel, one unit per stack
// filling, a 1/1600 shard -- 998 units of a few milliseconds, about 2 s of wall time on 2 threads
// -- with checkpoints every 0.1 s. (A 1/4000 shard of 400 units was over before a test's third
// session could stop it; 1/800 took twice the time for nothing more.)
inline const std::string kStoppable9x9Config =
    "shape = \"3x3\"\nmethod = \"stack\"\nkernel = \"backtrack\"\nthreads = 2\nslices_per_class = 36288\nshard = \"1/1600\"\n"
    "checkpoint_seconds = 0.1\nprogress_seconds = 0.3\n";
inline constexpr std::size_t kStoppable9x9Units = 998;
inline std::map<std::uint32_t, u128> stoppable_9x9_reference() {
  return partition_unit_counts(Shape{3, 3}, 36288, [](std::uint32_t id) { return Shard{1, 1600}.contains(id); });
}

// An in-process job request: quiet (no console log, no progress bar).
inline JobRequest request(const fs::path& dir, const JobConfig& c, bool resume = false) {
  JobRequest r;
  r.dir = dir;
  r.config = c;
  r.resume = resume;
  r.console_log = false;
  r.terminal = false;
  return r;
}

// A config for a one-unit-per-class method (side-2, three-band): 2 threads, fast checkpoints.
inline JobConfig method_config(const char* shape, std::optional<MethodId> method, Shard shard = {}) {
  JobConfig c;
  c.shape = *Shape::parse(shape);
  c.method = method;
  c.shard = shard;
  c.threads = 2;
  c.checkpoint_seconds = 0.02;
  return c;
}

// The stack method's total of a shape: the reference the other methods' jobs are checked against.
inline std::string stack_total(const char* shape) {
  CountOptions o;
  o.shape = *Shape::parse(shape);
  return run_count(o).reduction.total.str();
}

}  // namespace gridenum::testing
