// The work of a job, whatever method counts it (the job layer was first built for the
// Felgenhauer-Jarvis stack method only).
//
// Every method the job layer runs has the same shape: a plan of numbered units fixed before any
// unit runs, a fingerprint of that plan (the journal header), a run over the units that the
// journal steers (skip the finished ones, record each new one, stop on request, restrict to a
// shard), and a result rebuilt from every unit's count -- by a run, or by `gridenum merge` from
// the shards' journals. JobWork is that shape; job.cpp (sessions, lock, journal, ticker,
// signals) and merge.cpp only talk to it.
//
//   method      units                                   count of a unit     reduction
//   stack       (class, slice of the stack list)        sum of n_alpha...   reducer.hpp
//   two-stack   class of row-set choices (355 for 2x5)  F of the class      sum weight x F^2
//   two-band    class of column-set choices             F of the class      sum weight x F^2
//   three-band  top-band signature class (144,578 4x3)  F x completions     sum size x count
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/memory_budget.hpp"
#include "gridenum/count/count.hpp"
#include "gridenum/jobs/config.hpp"
#include "gridenum/jobs/journal.hpp"
#include "gridenum/jobs/plan_cost.hpp"
#include "gridenum/jobs/unit_groups.hpp"

namespace gridenum {

// The journal's hooks, by unit id (CountHooks and Side2Hooks are the engines' own forms).
struct UnitHooks {
  std::function<bool(std::uint32_t)> select;
  std::function<std::optional<u128>(std::uint32_t)> skip;
  std::function<void(std::uint32_t, u128)> done;
  std::function<bool()> stop;
};

// A finished run or merge: complete when every unit of the plan is in (then total holds the
// count), else a shard's part. text and json are what result.txt / result.json hold.
struct WorkResult {
  bool complete = false;
  BigInt total = 0;
  int threads_used = 0;
  std::string text;
  nlohmann::json json;
};

class JobWork {
 public:
  virtual ~JobWork() = default;
  // The plan's journal header (fingerprint, units, classes, slices) for the config's shard.
  virtual const JournalHeader& header() const = 0;
  // "kernel partition" / "route two-stack": the journal's session record and the log.
  virtual std::string engine() const = 0;
  // Work to do on the journal thread before the journal is first written (the stack method's
  // catalogue cache); nothing by default.
  virtual void before_journal() {}
  // Counts the selected units that skip() does not answer. Throws Interrupted when stopped.
  virtual WorkResult run(int threads, const UnitHooks& hooks) = 0;
  // The result of the whole plan from every unit's count (merge): reduced as a run would.
  virtual WorkResult from_counts(std::vector<u128> counts, int threads) = 0;
  // A dry run's measurement, for a method that has a better one than timing whole units
  // (plan_cost.hpp): fills c's sample and projection fields and returns true; false (the
  // default): time whole units.
  virtual bool estimate_cost(double /*budget_seconds*/, std::uint64_t /*seed*/, PlanCost& /*c*/) { return false; }
  // After the estimate: the projected CPU-seconds of each of m shards (the plan's rule) and how they
  // were projected, for a method whose units cost more when a shard holds fewer of them (the
  // three-band route's chunks); empty (the default): each shard's units x c.seconds_per_unit.
  virtual std::vector<double> shard_cpu_seconds(const PlanCost& /*c*/, std::uint32_t /*m*/, std::string& /*model*/) {
    return {};
  }
  // Work a dry run does once before it samples units, counted as planning (plan_seconds): the
  // three-band route's tables (minutes for 4x3, on the config's threads); nothing by default.
  virtual void prepare(int /*threads*/) {}
  // Why the plan was built rather than read (the stack method's catalogue cache), or empty.
  virtual std::string rebuild_note() const { return {}; }
  // What the count will hold in memory and how that is bounded, said before any unit runs (the
  // job's log, the dry run): memory stated up front and bounded. limit: the run's (config.hpp,
  // memory_limit_bytes). Throws std::runtime_error when the plan cannot fit (the three-band tables
  // over the limit), before anything large is allocated. The default: a method with no large tables
  // (the stack method; its peak is in the result).
  virtual std::string memory_plan(std::uint64_t limit, int /*threads*/) const {
    return "memory: no large tables in this method (its peak is in the result); limit " + format_bytes(limit) +
           " not needed";
  }
  // The groups the plan's units fall into, in unit order, for `status` (unit_groups.hpp: the job
  // writes them to DIR/groups.json): by default the journal header's classes (or ranges of
  // them); the three-band route's prefix groups, counted in chunks.
  virtual UnitGroups unit_groups() const { return default_unit_groups(header()); }
};

// Where a plan may come from. The stack method's catalogue cache is a speed-up, never an authority
// (a crafted, checksum-valid cache once gave a new job a wrong total): a new job builds its
// catalogue (use_cache = false), and a cache read for an existing job must give the fingerprint of
// the job's journal, else it is rebuilt.
struct PlanSource {
  bool use_cache = true;
  std::optional<std::uint64_t> journal_fingerprint;  // the journal's, when it exists
  bool write_cache = false;  // save a rebuilt cache at once (status, merge: no journal thread)
};

// The work of a config: its method resolved (config.hpp), its plan built.
std::unique_ptr<JobWork> plan_job_work(const JobConfig& cfg, const std::filesystem::path& dir, const PlanSource& source);

}  // namespace gridenum
