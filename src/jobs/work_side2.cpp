// A side-2 route as a job's work (work.hpp): one unit per class of row-set (column-set)
// choices, its count the class's F (at most 128 bits), reduced as sum weight x F^2
// (side2.hpp). The class table is rebuilt by every session (about 2 s for 2x5, no cache): it is
// the plan, and its fingerprint must match the journal's before a single F is reused.
#include <utility>

#include <fmt/format.h>

#include "gridenum/count/side2.hpp"
#include "gridenum/jobs/fingerprint.hpp"
#include "gridenum/jobs/work.hpp"
#include "work_methods.hpp"

namespace gridenum {

namespace {

Side2Route route_of(JobMethod m) { return m == JobMethod::TwoBand ? Side2Route::TwoBand : Side2Route::TwoStack; }

class Side2Work final : public JobWork {
 public:
  Side2Work(const JobConfig& cfg, JobMethod method)
      : shape_(cfg.shape),
        route_(route_of(method)),
        classes_(side2_classes(route_, side2_half(cfg.shape), cfg.threads)),
        header_(side2_journal_header(shape_, classes_, cfg.shard)),
        memory_limit_(memory_limit_bytes(cfg)) {}
  const JournalHeader& header() const override { return header_; }
  std::string engine() const override { return to_string(route_); }

  WorkResult run(int threads, const UnitHooks& hooks) override {
    Side2Options opt;
    opt.shape = shape_;
    opt.route = route_;
    opt.threads = threads;
    opt.classes = &classes_;
    opt.memory_limit = memory_limit_;
    Side2Hooks h{hooks.select, hooks.skip, hooks.done, hooks.stop};
    Side2Result r = run_side2_count(opt, h);
    r.times.classes = classes_.seconds;  // built before the session's units: report what it took
    r.times.total += classes_.seconds;
    return work_result(r);
  }

  // The footprint counter's state tables grow as a class is counted (2x6: a few MB for most
  // classes, gigabytes for the hardest), so the bound is a budget they reserve from
  // (budgeted_loop.hpp), not a figure known up front.
  std::string memory_plan(std::uint64_t limit, int threads) const override {
    if (route_ == Side2Route::TwoBand)
      return "memory: the two-band route's tables are small for the shapes it takes (up to 10 digits) and not "
             "bounded by the limit";
    return fmt::format("memory: each class being counted holds its state tables, reserved from the limit of {} as they "
                       "grow, {} class{} at a time; a class that does not fit beside the others is counted alone after "
                       "them, and one that does not fit alone stops the run naming it",
                       limit ? format_bytes(limit) : std::string("none (0)"), threads, threads == 1 ? "" : "es");
  }

  WorkResult from_counts(std::vector<u128> counts, int threads) override {
    Side2Result r = side2_result_from_counts(shape_, route_, classes_, std::move(counts));
    r.threads_used = threads;
    return work_result(r);
  }

 private:
  Shape shape_;
  Side2Route route_;
  Side2Classes classes_;
  JournalHeader header_;
  std::uint64_t memory_limit_;  // the state tables' budget (budgeted_loop.hpp)
};

}  // namespace

std::unique_ptr<JobWork> make_side2_work(const JobConfig& cfg, JobMethod method) {
  return std::make_unique<Side2Work>(cfg, method);
}

}  // namespace gridenum
