// The stack method (Felgenhauer-Jarvis, docs/methods/stack.md) as a counting method (method.hpp):
// units are (class, slice of the ordered stack list), the plan is catalogue + stack list + slicing
// (plan.hpp), counted by run_count with the caller's hooks and reduced by the reducer.
#include <oneapi/tbb/parallel_invoke.h>

#include <utility>

#include "gridenum/count/fingerprint.hpp"
#include "gridenum/count/method.hpp"
#include "gridenum/core/heap.hpp"
#include "gridenum/core/threads.hpp"
#include "gridenum/core/timing.hpp"
#include "gridenum/count/stack/catalogue.hpp"
#include "gridenum/count/stack/catalogue_cache.hpp"
#include "gridenum/count/stack/count.hpp"
#include "../methods.hpp"

namespace gridenum {

namespace fs = std::filesystem;

namespace {

// Catalogue (from the cache when allowed and valid), stack list, plan and journal header.
struct JobPlan {
  Catalogue catalogue;
  StackList stacks;
  std::shared_ptr<const PartitionStackTables> stack_tables;  // the partition kernel's (null for backtrack)
  double stack_tables_seconds = 0;
  Plan plan;
  PlanHeader header;
  bool from_cache = false;
  std::string cache_note;  // why the cache was not used
  double seconds = 0;      // wall time of the catalogue and the stack list (built side by side)
};

Catalogue fresh_catalogue(Shape shape) {
  Catalogue c = build_catalogue(shape);
  // A job keeps what the cache keeps, figures and class table: the per-entry lists (36,288
  // small vectors for 9x9) are read by no count stage, and copying them into the result and
  // freeing both copies cost ~2.5 ms, half the job's overhead over a plain 9x9 count.
  std::vector<Band>().swap(c.entry_bands);
  std::vector<std::uint32_t>().swap(c.entry_class);
  return c;
}

// The heap the plan and the count allocate from (core/heap.hpp): this method's shapes keep well
// under 64 MiB (9x9: 28 MB resident at the peak), so the whole count runs in one advised step.
constexpr std::size_t kStackHeapBytes = std::size_t{64} << 20;

// The catalogue and the stack list do not depend on each other, so a fresh plan builds them
// side by side (tbb::parallel_invoke, in the caller's arena): the stack list's search is serial,
// and beside the catalogue's parallel loops it takes a core they would otherwise leave idle at
// their ends. Measured (9x9, 2 threads, the `times` line, docs/performance.md): the stack list's
// 13-19 ms now run inside the catalogue's 31-35 ms instead of after them. The partition
// kernel's stack-side tables (completion.hpp) follow the stack list on the same side: on 9x9 its
// ~6 ms came after the catalogue, on the count's critical path, when the counter built them.
JobPlan prepare_job_plan(const MethodSettings& cfg) {
  prepare_huge_page_heap(kStackHeapBytes);
  const auto t0 = SteadyClock::now();
  JobPlan jp;
  std::optional<Catalogue> cached;
  if (cfg.catalogue_cache.empty()) jp.cache_note = "catalogue_cache = false";
  else if (!cfg.use_catalogue_cache) jp.cache_note = "a new job builds its own";
  else cached = load_catalogue_cache(cfg.catalogue_cache, cfg.shape, &jp.cache_note);
  auto make_plan_and_header = [&] {
    jp.plan = make_plan(jp.catalogue, jp.stacks, cfg.slices_per_class);
    jp.header = journal_header_for(jp.catalogue, jp.stacks, jp.plan, cfg.shard);
    jp.seconds = seconds_since(t0);
  };
  auto stacks_and_tables = [&] {
    jp.stacks = build_stack_list(cfg.shape);
    if (cfg.kernel != Kernel::Partition) return;
    const auto t = SteadyClock::now();
    jp.stack_tables = build_partition_stack_tables(jp.stacks);
    jp.stack_tables_seconds = seconds_since(t);
  };
  if (cached) {
    stacks_and_tables();
    jp.catalogue = std::move(*cached);
    jp.from_cache = true;
    make_plan_and_header();
    if (!cfg.journal_fingerprint || jp.header.fingerprint == *cfg.journal_fingerprint) return jp;
    // The cache does not give the journal's plan: rebuild, and let the journal check decide.
    jp.from_cache = false;
    jp.cache_note = "it does not give the journal's fingerprint";
    jp.catalogue = fresh_catalogue(cfg.shape);
  } else {
    tbb::parallel_invoke(stacks_and_tables, [&] { jp.catalogue = fresh_catalogue(cfg.shape); });
  }
  if (!cfg.catalogue_cache.empty() && cfg.write_catalogue_cache) save_catalogue_cache(cfg.catalogue_cache, jp.catalogue);
  make_plan_and_header();
  return jp;
}

class StackPlan final : public MethodPlan {
 public:
  explicit StackPlan(const MethodSettings& cfg) : cfg_(cfg), jp_(prepare_job_plan(cfg)) {
    cache_pending_ = !cfg.catalogue_cache.empty() && !jp_.from_cache && !cfg.write_catalogue_cache;
  }
  const PlanHeader& header() const override { return jp_.header; }
  std::string engine() const override { return to_string(cfg_.kernel); }
  std::string rebuild_note() const override { return jp_.from_cache ? "" : jp_.cache_note; }
  // The catalogue cache is written on the journal thread, overlapping the count (not fsync'd:
  // catalogue_cache.hpp), before config.toml and the journal.
  void before_journal() override {
    if (cache_pending_) save_catalogue_cache(cfg_.catalogue_cache, jp_.catalogue);
    cache_pending_ = false;
  }

  MethodResult run(int threads, const UnitHooks& hooks) override {
    CountResult r = run_count(options(threads), hooks);
    // run_count was handed the catalogue and stack list: report the time they really took
    // (each its own wall time; the total counts the plan's wall time once, as they overlap).
    r.times.catalogue = jp_.catalogue.seconds;
    r.times.stacks = jp_.stacks.seconds + jp_.stack_tables_seconds;  // the list and the kernel's tables of it
    r.times.total += jp_.seconds;
    return method_result(r, r.reduction.total);
  }

  MethodResult from_counts(std::vector<u128> counts, int threads) override {
    const CountResult r = count_result_from_counts(options(threads), std::move(counts));
    return method_result(r, r.reduction.total);
  }

 private:
  // The engine's options: the settings, and the plan the header describes (made once).
  CountOptions options(int threads) const {
    CountOptions opt;
    opt.shape = cfg_.shape;
    opt.threads = threads;
    opt.kernel = cfg_.kernel;
    opt.slices_per_class = cfg_.slices_per_class;
    opt.catalogue = &jp_.catalogue;
    opt.stacks = &jp_.stacks;
    opt.plan = &jp_.plan;
    opt.stack_tables = jp_.stack_tables;
    return opt;
  }

  MethodSettings cfg_;
  JobPlan jp_;
  bool cache_pending_ = false;
};

}  // namespace

const CountMethod& stack_method() {
  static const CountMethod m{
      .id = MethodId::Stack,
      .name = "stack",
      .summary = "Felgenhauer-Jarvis: band classes x stack completions (boxes with R*C <= 9)",
      .doc = "docs/methods/stack.md",
      .options = kOptionKernel | kOptionSlices | kOptionMemoryLimit,
      .auto_rank = 2,
      .classes_rank = 0,
      .shape_error = [](Shape s) { return engine_shape_error(s); },
      .plan = [](const MethodSettings& s) -> std::unique_ptr<MethodPlan> { return std::make_unique<StackPlan>(s); },
      .run_once = {},
      .run_classes = {},
      .classes_shape_error = {},
  };
  return m;
}

}  // namespace gridenum
