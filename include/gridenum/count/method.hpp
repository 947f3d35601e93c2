// A counting method is one object, and the registry knows them all (docs/architecture.md,
// "Counting methods"). Every command that counts, resumes, reports, merges, verifies or dry-runs
// looks a method up here and talks to it through this interface only; nothing else in the
// program branches on which method it is.
//
//   method       folder                 units                                       shapes
//   stack        count/stack/           (class, slice of the ordered stack list)    R*C <= 9
//   band-pair    count/band_pair/       (class, slice of its box-1 chains)          2x3, 3x3
//   two-stack    count/side2/           class of row-set choices                    2xm, mx2, m <= 6
//   two-band     count/side2/           class of column-set choices                 2xm, mx2, m <= 5
//   three-band   count/three_band/      top-band signature class                    Rx3, 3xC, R, C <= 4
//   signature    verify/ (registered    one pass, no units: the independent check   R*C <= 9
//                by the verify library)
//
// A method declares (CountMethod): its name and summary, the shapes it takes and why it refuses
// the others, the options that apply to it, where `auto` picks it, and what it can run -- a plan
// of units (MethodPlan: the job layer's journal, shards, resume, merge, status and dry run all run
// through it), a range of classes printed class by class (`count --classes`), or one pass
// (`count --method signature`). Adding a method is a folder and one line in the registry
// (method_registry.cpp), in the manner of tdoku's solver table and CaDiCaL's options table.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/shape.hpp"
#include "gridenum/count/stack/completion.hpp"
#include "gridenum/count/cost_model.hpp"
#include "gridenum/count/method_id.hpp"
#include "gridenum/count/plan_header.hpp"
#include "gridenum/count/unit_groups.hpp"
#include "gridenum/count/unit_hooks.hpp"

namespace gridenum {

// The options of `gridenum count` (and of a job's config) that apply to some methods only; every
// other option applies to all. A method lists the ones it takes; the CLI and the config reader
// refuse the others by asking the registry (method_option_error).
enum MethodOption : unsigned {
  kOptionKernel = 1u << 0,       // --kernel: the completion kernel (stack)
  kOptionSlices = 1u << 1,       // --slices: units per class (stack, band-pair)
  kOptionTableCache = 1u << 2,   // --table-cache / --no-table-cache (three-band)
  kOptionMemoryLimit = 1u << 3,  // --memory-limit bounds its large tables (side-2, three-band)
};
// "--kernel", "--slices", ... for one option bit.
const char* method_option_name(MethodOption o);

// The settings a method's plan or run is made from: a job's config (jobs/config.hpp) or the
// command line, resolved (memory_limit in bytes, paths absolute or relative to the working
// directory).
struct MethodSettings {
  Shape shape{3, 3};
  int threads = 0;                       // 0: all cores
  Kernel kernel = Kernel::Partition;     // stack
  std::uint32_t slices_per_class = 0;    // stack; 0: the plan's default
  std::uint64_t memory_limit = 0;        // bytes the large tables may hold; 0: no limit
  std::filesystem::path table_cache;     // three-band F table cache directory; empty: none
  Shard shard;                           // the part of the plan this run does (1/1: all)
  // The stack method's catalogue cache (a speed-up, never an authority: a crafted, checksum-valid
  // cache once gave a new job a wrong total). A new job builds its catalogue (use_catalogue_cache
  // false); a cache read for an existing job must give the journal's fingerprint, else it is
  // rebuilt.
  std::filesystem::path catalogue_cache;  // the cache file; empty: none
  bool use_catalogue_cache = false;
  bool write_catalogue_cache = false;     // save a rebuilt cache at once (status, merge: no journal thread)
  std::optional<std::uint64_t> journal_fingerprint;
};

// A finished run or merge: complete when every unit of the plan is in (then total holds the
// count), else a shard's part. text and json are what the method prints (and a job's
// result.txt / result.json hold).
struct MethodResult {
  bool complete = false;
  BigInt total = 0;
  int threads_used = 0;
  std::string text;
  nlohmann::json json;
};

// A method's own result (CountResult, Side2Result, ThreeBandRun ...: complete, threads_used, and
// format_text / to_json found beside it) as a MethodResult; total: its grid count when complete.
template <class Result>
MethodResult method_result(const Result& r, const BigInt& total) {
  MethodResult w;
  w.complete = r.complete;
  if (r.complete) w.total = total;
  w.threads_used = r.threads_used;
  w.text = format_text(r);
  w.json = to_json(r);
  return w;
}

// A plan of numbered units, fixed before any unit runs, and what to do with them: a run over the
// units that hooks steer (skip the finished ones, record each new one, stop on request, restrict
// to a shard), and the result rebuilt from every unit's count (a run, or `gridenum merge` from the
// shards' journals).
class MethodPlan {
 public:
  virtual ~MethodPlan() = default;
  // The plan's header (fingerprint, units, classes, slices) for the settings' shard.
  virtual const PlanHeader& header() const = 0;
  // "kernel partition" / "route two-stack": the journal's session record and the log.
  virtual std::string engine() const = 0;
  // Work to do on the journal thread before the journal is first written (the stack method's
  // catalogue cache); nothing by default.
  virtual void before_journal() {}
  // Counts the selected units that hooks.skip does not answer. Throws Interrupted when stopped.
  virtual MethodResult run(int threads, const UnitHooks& hooks) = 0;
  // The result of the whole plan from every unit's count (merge): reduced as a run would.
  virtual MethodResult from_counts(std::vector<u128> counts, int threads) = 0;
  // A dry run's measurement, for a method that has a better one than timing whole units
  // (jobs/plan_cost.hpp): fills c's sample and projection fields and returns true; false (the
  // default): time whole units.
  virtual bool estimate_cost(double /*budget_seconds*/, std::uint64_t /*seed*/, PlanCost& /*c*/) { return false; }
  // After the estimate: the projected CPU-seconds of each of m shards (the plan's rule) and how
  // they were projected, for a method whose units cost more when a shard holds fewer of them (the
  // three-band route's chunks); empty (the default): each shard's units x c.seconds_per_unit.
  virtual std::vector<double> shard_cpu_seconds(const PlanCost& /*c*/, std::uint32_t /*m*/, std::string& /*model*/) {
    return {};
  }
  // Work a dry run does once before it samples units, counted as planning: the three-band
  // route's tables (minutes for 4x3); nothing by default.
  virtual void prepare(int /*threads*/) {}
  // Why the plan was built rather than read (the stack method's catalogue cache), or empty.
  virtual std::string rebuild_note() const { return {}; }
  // What the count will hold in memory and how that is bounded, said before any unit runs.
  // Throws std::runtime_error when the plan cannot fit in `limit` (the three-band tables), before
  // anything large is allocated. The default: a method with no large tables.
  virtual std::string memory_plan(std::uint64_t limit, int threads) const;
  // The groups the plan's units fall into, in unit order, for `status`: by default the header's
  // classes (or ranges of them).
  virtual UnitGroups unit_groups() const { return default_unit_groups(header()); }
};

// A range of classes, 1-based and inclusive; 0:0 is every class.
struct ClassRange {
  std::uint64_t first = 0, last = 0;
};

// One counting method (see the top of this file).
struct CountMethod {
  MethodId id;
  const char* name;
  const char* summary;  // one line: what it counts and how (the CLI's --method help)
  const char* doc;      // its page in the repository: the mathematics, the hot path, the measurements
  unsigned options;     // MethodOption bits it takes
  // `auto` (no --method) takes, for a shape, the first method of the registry with a rank that
  // takes it (lowest rank first); 0: never chosen by auto. Likewise for a --classes run.
  int auto_rank;
  int classes_rank;
  // Why the method cannot count shape s, or nullopt.
  std::function<std::optional<std::string>(Shape)> shape_error;
  // The plan of a count (a job, a plain run, a merge, a dry run), or empty for a one-pass method.
  // Throws InputError (exit 2) for settings the method refuses.
  std::function<std::unique_ptr<MethodPlan>(const MethodSettings&)> plan;
  // A one-pass count (no units, nothing to checkpoint), for a method without a plan.
  std::function<MethodResult(const MethodSettings&)> run_once;
  // Classes A..B counted and printed class by class, or empty when the method has no classes to
  // show one by one. std::invalid_argument for a range outside the class table.
  std::function<MethodResult(const MethodSettings&, ClassRange)> run_classes;
  // The shapes run_classes takes when they differ from shape_error's (the two-band route counts
  // single classes of 2x6 / 6x2, on the two-stack route's class table, but not the whole count);
  // empty: shape_error.
  std::function<std::optional<std::string>(Shape)> classes_shape_error;

  bool takes(Shape s) const { return !shape_error(s); }
  std::optional<std::string> classes_error(Shape s) const {
    return classes_shape_error ? classes_shape_error(s) : shape_error(s);
  }
  bool takes_classes(Shape s) const { return run_classes && !classes_error(s); }
  bool has_jobs() const { return static_cast<bool>(plan); }
};

// Every method, in registry order (the count library's, then those registered from above).
const std::vector<const CountMethod*>& count_methods();
// A method of a library above count (verify's signature method): registered once, at start-up,
// by the program that links it (cli/main.cpp). A second method of the same id is a logic error.
void register_count_method(const CountMethod& m);
// The method of an id; std::logic_error when it is not registered (a program that did not register
// verify's methods asked for the signature method).
const CountMethod& method(MethodId id);
const CountMethod* find_method(std::string_view name);

// The method `auto` picks for a shape (auto_rank), or for a --classes run (classes_rank); nullptr
// when none takes it.
const CountMethod* auto_method(Shape s);
const CountMethod* auto_classes_method(Shape s);

// Why the method requested (nullopt: auto's pick) cannot count s: "method two-band: <its reason>"
// for a named method, count_shape_error for auto; nullopt when it can.
std::optional<std::string> method_shape_error(Shape s, std::optional<MethodId> requested);

// Why `count` as a whole cannot count s (no method takes it): the shape's own reason for a
// degenerate box (core/shape.hpp), else what count does; nullopt when some method takes it.
// The caller adds what the shape means (shape_meaning), written for its input.
std::optional<std::string> count_shape_error(Shape s);

// The method that counts s: `requested` when given (nullopt: auto), checked. Throws InputError
// (exit 2) with method_shape_error's reason when it cannot.
const CountMethod& resolve_method(Shape s, std::optional<MethodId> requested);

// "--kernel applies to the stack method, not to two-stack" when method m does not take option o,
// else nullopt.
std::optional<std::string> method_option_error(const CountMethod& m, MethodOption o);

}  // namespace gridenum
