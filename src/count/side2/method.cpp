// The side-2 routes, two-stack and two-band (docs/methods/side2.md), as counting methods
// (method.hpp): one unit per class of row-set (column-set) choices, its count the class's F (at
// most 128 bits), reduced as sum weight x F^2 (side2.hpp). The two share this plan and keep
// their own class generators and F counters, so that their agreement is evidence. The class table is rebuilt by every session (about 2 s for 2x5, no cache): it is
// the plan, and its fingerprint must match the journal's before a single F is reused.
#include <utility>

#include <fmt/format.h>

#include "gridenum/count/fingerprint.hpp"
#include "gridenum/count/method.hpp"
#include "gridenum/count/side2/side2_run.hpp"
#include "gridenum/count/side2/side2_range.hpp"
#include "../methods.hpp"

namespace gridenum {

namespace {

class Side2Plan final : public MethodPlan {
 public:
  Side2Plan(const MethodSettings& cfg, MethodId route)
      : shape_(cfg.shape),
        route_(route),
        classes_(side2_classes(route_, side2_half(cfg.shape), cfg.threads)),
        header_(side2_journal_header(shape_, classes_, cfg.shard)),
        memory_limit_(cfg.memory_limit) {}
  const PlanHeader& header() const override { return header_; }
  std::string engine() const override { return to_string(route_); }

  MethodResult run(int threads, const UnitHooks& hooks) override {
    Side2Options opt;
    opt.shape = shape_;
    opt.route = route_;
    opt.threads = threads;
    opt.classes = &classes_;
    opt.memory_limit = memory_limit_;
    Side2Result r = run_side2_count(opt, hooks);
    r.times.classes = classes_.seconds;  // built before the session's units: report what it took
    r.times.total += classes_.seconds;
    return method_result(r, r.reduction.total);
  }

  // The footprint counter's state tables grow as a class is counted (2x6: a few MB for most
  // classes, gigabytes for the hardest), so the bound is a budget they reserve from
  // (budgeted_loop.hpp), not a figure known up front.
  std::string memory_plan(std::uint64_t limit, int threads) const override {
    if (route_ == MethodId::TwoBand)
      return "memory: the two-band route's tables are small for the shapes it takes (up to 10 digits) and not "
             "bounded by the limit";
    return fmt::format("memory: each class being counted holds its state tables, reserved from the limit of {} as they "
                       "grow, {} class{} at a time; a class that does not fit beside the others is counted alone after "
                       "them, and one that does not fit alone stops the run naming it",
                       limit ? format_bytes(limit) : std::string("none (0)"), threads, threads == 1 ? "" : "es");
  }

  MethodResult from_counts(std::vector<u128> counts, int threads) override {
    Side2Result r = side2_result_from_counts(shape_, route_, classes_, std::move(counts));
    r.threads_used = threads;
    return method_result(r, r.reduction.total);
  }

 private:
  Shape shape_;
  MethodId route_;
  Side2Classes classes_;
  PlanHeader header_;
  std::uint64_t memory_limit_;  // the state tables' budget (budgeted_loop.hpp)
};

// `count --classes A:B`: classes of the route's table counted one by one (side2_range.hpp).
MethodResult side2_classes_run(const MethodSettings& s, ClassRange range, MethodId route) {
  if (auto why = side2_range_shape_error(s.shape)) throw std::invalid_argument(*why);
  const Side2RangeResult r = run_side2_range(s.shape, route, range.first, range.last, s.threads, s.memory_limit);
  return method_result(r, r.reduction.total);
}

}  // namespace

const CountMethod& two_stack_method() {
  static const CountMethod m{
      .id = MethodId::TwoStack,
      .name = "two-stack",
      .summary = "boxes with a side of 2 (2xm, mx2, m <= 6): row-set classes, stack fillings by footprints",
      .doc = "docs/methods/side2.md",
      .options = kOptionMemoryLimit,
      .auto_rank = 3,
      .classes_rank = 2,
      .shape_error = [](Shape s) { return side2_route_error(s, MethodId::TwoStack); },
      .plan = [](const MethodSettings& s) -> std::unique_ptr<MethodPlan> {
        return std::make_unique<Side2Plan>(s, MethodId::TwoStack);
      },
      .run_once = {},
      .run_classes = [](const MethodSettings& s, ClassRange r) { return side2_classes_run(s, r, MethodId::TwoStack); },
      .classes_shape_error = [](Shape s) { return side2_range_shape_error(s); },
  };
  return m;
}

const CountMethod& two_band_method() {
  static const CountMethod m{
      .id = MethodId::TwoBand,
      .name = "two-band",
      .summary = "boxes with a side of 2 (2xm, mx2, m <= 5): column-set classes, band fillings by 2-factors (the "
                 "independent check of two-stack)",
      .doc = "docs/methods/side2.md",
      .options = kOptionMemoryLimit,
      .auto_rank = 0,
      .classes_rank = 0,
      .shape_error = [](Shape s) { return side2_route_error(s, MethodId::TwoBand); },
      .plan = [](const MethodSettings& s) -> std::unique_ptr<MethodPlan> {
        return std::make_unique<Side2Plan>(s, MethodId::TwoBand);
      },
      .run_once = {},
      .run_classes = [](const MethodSettings& s, ClassRange r) { return side2_classes_run(s, r, MethodId::TwoBand); },
      // Single classes of 2x6 / 6x2 too: their table is the two-stack route's orbit classes, their F
      // the two-band counter's (side2_range.hpp), the check of the two-stack route's F there.
      .classes_shape_error = [](Shape s) { return side2_range_shape_error(s); },
  };
  return m;
}

}  // namespace gridenum
