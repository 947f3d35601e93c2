// The stack method as a job's work (work.hpp): units are (class, slice of the ordered stack
// list), the plan is catalogue + stack list + slicing (plan.hpp), counted by run_count with the
// journal's hooks and reduced by the reducer.
#include <utility>

#include "gridenum/count/count.hpp"
#include "gridenum/count/pool.hpp"
#include "gridenum/jobs/catalogue_cache.hpp"
#include "gridenum/jobs/fingerprint.hpp"
#include "gridenum/jobs/job.hpp"
#include "gridenum/jobs/work.hpp"
#include "work_methods.hpp"

namespace gridenum {

namespace fs = std::filesystem;

namespace {

// Catalogue (from the cache when allowed and valid), stack list, plan and journal header.
struct JobPlan {
  Catalogue catalogue;
  StackList stacks;
  Plan plan;
  JournalHeader header;
  bool from_cache = false;
  std::string cache_note;  // why the cache was not used
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

JobPlan prepare_job_plan(const JobConfig& cfg, const fs::path& dir, const PlanSource& src) {
  JobPlan jp;
  const JobPaths p{dir};
  std::optional<Catalogue> cached;
  if (!cfg.catalogue_cache) jp.cache_note = "catalogue_cache = false";
  else if (!src.use_cache) jp.cache_note = "a new job builds its own";
  else cached = load_catalogue_cache(p.catalogue(), cfg.shape, &jp.cache_note);
  jp.stacks = build_stack_list(cfg.shape);
  if (cached) {
    jp.catalogue = std::move(*cached);
    jp.from_cache = true;
    jp.plan = make_plan(jp.catalogue, jp.stacks, cfg.slices_per_class);
    jp.header = journal_header_for(jp.catalogue, jp.stacks, jp.plan, cfg.shard);
    if (!src.journal_fingerprint || jp.header.fingerprint == *src.journal_fingerprint) return jp;
    // The cache does not give the journal's plan: rebuild, and let the journal check decide.
    jp.from_cache = false;
    jp.cache_note = "it does not give the journal's fingerprint";
  }
  jp.catalogue = fresh_catalogue(cfg.shape);
  if (cfg.catalogue_cache && src.write_cache) save_catalogue_cache(p.catalogue(), jp.catalogue);
  jp.plan = make_plan(jp.catalogue, jp.stacks, cfg.slices_per_class);
  jp.header = journal_header_for(jp.catalogue, jp.stacks, jp.plan, cfg.shard);
  return jp;
}

class StackWork final : public JobWork {
 public:
  StackWork(const JobConfig& cfg, const fs::path& dir, const PlanSource& src)
      : cfg_(cfg), dir_(dir), jp_(prepare_job_plan(cfg, dir, src)) {
    cache_pending_ = cfg.catalogue_cache && !jp_.from_cache && !src.write_cache;
  }
  const JournalHeader& header() const override { return jp_.header; }
  std::string engine() const override { return to_string(cfg_.kernel); }
  std::string rebuild_note() const override { return jp_.from_cache ? "" : jp_.cache_note; }
  // The catalogue cache is written on the journal thread, overlapping the count (not fsync'd:
  // catalogue_cache.hpp), before config.toml and the journal.
  void before_journal() override {
    if (cache_pending_) save_catalogue_cache(JobPaths{dir_}.catalogue(), jp_.catalogue);
    cache_pending_ = false;
  }

  WorkResult run(int threads, const UnitHooks& hooks) override {
    CountOptions opt;
    opt.shape = cfg_.shape;
    opt.threads = threads;
    opt.kernel = cfg_.kernel;
    opt.slices_per_class = cfg_.slices_per_class;
    opt.catalogue = &jp_.catalogue;
    opt.stacks = &jp_.stacks;
    CountHooks h;
    if (hooks.select) h.select = [&](const WorkUnit& u) { return hooks.select(u.id); };
    if (hooks.skip) h.skip = [&](const WorkUnit& u) { return hooks.skip(u.id); };
    if (hooks.done) h.done = [&](const WorkUnit& u, u128 c) { hooks.done(u.id, c); };
    h.stop = hooks.stop;
    CountResult r = run_count(opt, h);
    // run_count was handed the catalogue and stack list: report the time they really took.
    r.times.catalogue = jp_.catalogue.seconds;
    r.times.stacks = jp_.stacks.seconds;
    r.times.total += jp_.catalogue.seconds + jp_.stacks.seconds;
    return work_result(r);
  }

  WorkResult from_counts(std::vector<u128> counts, int threads) override {
    CountResult r;
    r.options.shape = cfg_.shape;
    r.options.kernel = cfg_.kernel;
    r.options.slices_per_class = cfg_.slices_per_class;
    r.threads_used = use_threads(threads);
    r.stack_fillings = jp_.stacks.size();
    r.stack_patterns = jp_.stacks.patterns.size();
    r.units = jp_.plan.units.size();
    r.units_selected = r.units;
    r.complete = true;
    r.counted_here = false;  // the counts come from the journals: no kernel, threads or stage times
    r.slices_per_class = jp_.plan.slices_per_class;
    r.reduction = reduce(jp_.catalogue, jp_.plan, counts);
    r.unit_counts = std::move(counts);  // so that `gridenum verify result` can re-sum a merged result
    r.catalogue = jp_.catalogue;
    return work_result(r);
  }

 private:
  JobConfig cfg_;
  fs::path dir_;
  JobPlan jp_;
  bool cache_pending_ = false;
};

}  // namespace

std::unique_ptr<JobWork> make_stack_work(const JobConfig& cfg, const fs::path& dir, const PlanSource& source) {
  return std::make_unique<StackWork>(cfg, dir, source);
}

}  // namespace gridenum
