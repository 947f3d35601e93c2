// The band-pair method (band_pair.hpp, docs/methods/band_pair.md) as a counting method
// (method.hpp): units are (class, slice of its box-1 chains); the plan is the catalogue, the
// three-band counter's tables (both built side by side) and the slicing; counted by
// run_band_pair_count with the caller's hooks and reduced by the stack method's reducer.
#include <oneapi/tbb/parallel_invoke.h>

#include <memory>
#include <utility>

#include "gridenum/core/heap.hpp"
#include "gridenum/core/memory_budget.hpp"
#include "gridenum/core/timing.hpp"
#include "gridenum/count/band_pair/band_pair.hpp"
#include "gridenum/count/fingerprint.hpp"
#include "gridenum/count/method.hpp"
#include "../methods.hpp"

namespace gridenum {

namespace {

// The heap the plan and the count allocate from (core/heap.hpp): the catalogue's tables are
// most of it (9x9: under 30 MB at the peak), as in the stack method.
constexpr std::size_t kBandPairHeapBytes = std::size_t{64} << 20;

class BandPairPlan final : public MethodPlan {
 public:
  // The catalogue and the counter's tables do not depend on each other: built side by side (in
  // the caller's arena), the tables (9x9: about 7 ms) inside the catalogue's time.
  explicit BandPairPlan(const MethodSettings& cfg) : cfg_(cfg) {
    if (auto why = band_pair_shape_error(cfg.shape)) throw std::invalid_argument(*why);
    prepare_huge_page_heap(kBandPairHeapBytes);
    const auto t0 = SteadyClock::now();
    tbb::parallel_invoke(
        [&] {
          const auto t = SteadyClock::now();
          counter_ = std::make_unique<ThreeBandCounter>(cfg.shape, cfg.threads);
          table_seconds_ = seconds_since(t);
        },
        [&] {
          catalogue_ = build_catalogue(cfg.shape);
          // The per-entry lists are read by no count stage (as in the stack method's plan).
          std::vector<Band>().swap(catalogue_.entry_bands);
          std::vector<std::uint32_t>().swap(catalogue_.entry_class);
        });
    plan_ = make_band_pair_plan(catalogue_, cfg.slices_per_class);
    header_ = band_pair_journal_header(catalogue_, plan_, counter_->layout_fingerprint(), cfg.shard);
    seconds_ = seconds_since(t0);
  }
  const PlanHeader& header() const override { return header_; }
  std::string engine() const override { return "band-pair"; }  // one word: the journal's session record
  // The tables are small (9x9: 0.8 MB) but stated, and checked against the limit like any.
  std::string memory_plan(std::uint64_t limit, int /*threads*/) const override {
    const std::uint64_t bytes = counter_->stats().table_bytes;
    if (limit != 0 && bytes > limit)
      throw std::runtime_error("the band-pair tables need " + format_bytes(bytes) + ", more than the memory limit of " +
                               format_bytes(limit) + ": raise the limit (--memory-limit)");
    return "memory: the band-pair tables hold " + format_bytes(bytes) + " (built with the plan), within the limit of " +
           (limit ? format_bytes(limit) : std::string("none (0)"));
  }

  MethodResult run(int threads, const UnitHooks& hooks) override {
    CountResult r = run_band_pair_count(options(threads), hooks);
    // The catalogue and the tables were built by the plan: their own wall times (they overlap;
    // the total counts the plan's wall time once).
    r.times.catalogue = catalogue_.seconds;
    r.times.stacks = table_seconds_;
    r.times.total += seconds_;
    return method_result(r, r.reduction.total);
  }

  MethodResult from_counts(std::vector<u128> counts, int threads) override {
    const CountResult r = band_pair_result_from_counts(options(threads), std::move(counts));
    return method_result(r, r.reduction.total);
  }

 private:
  BandPairOptions options(int threads) const {
    BandPairOptions o;
    o.shape = cfg_.shape;
    o.threads = threads;
    o.slices_per_class = cfg_.slices_per_class;
    o.catalogue = &catalogue_;
    o.counter = counter_.get();
    o.plan = &plan_;
    return o;
  }

  MethodSettings cfg_;
  Catalogue catalogue_;
  std::unique_ptr<ThreeBandCounter> counter_;
  Plan plan_;
  PlanHeader header_;
  double table_seconds_ = 0, seconds_ = 0;
};

}  // namespace

const CountMethod& band_pair_method() {
  static const CountMethod m{
      .id = MethodId::BandPair,
      .name = "band-pair",
      .summary = "Felgenhauer-Jarvis's band classes, each completed by band pairs (boxes 2x3, 3x3)",
      .doc = "docs/methods/band_pair.md",
      .options = kOptionSlices | kOptionMemoryLimit,
      .auto_rank = 1,
      .classes_rank = 0,
      .shape_error = [](Shape s) { return band_pair_shape_error(s); },
      .plan = [](const MethodSettings& s) -> std::unique_ptr<MethodPlan> { return std::make_unique<BandPairPlan>(s); },
      .run_once = {},
      .run_classes = {},
      .classes_shape_error = {},
  };
  return m;
}

}  // namespace gridenum
