// The whole count pipeline in one call (docs/design.md section 3):
//   catalogue -> stack list -> plan -> oneTBB task pool over units -> reducer -> result.
// The job layer (journal, resume, shards) drives the same stages itself through the hooks.
#pragma once

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gridenum/count/method_id.hpp"
#include "gridenum/count/stack/completion.hpp"
#include "gridenum/count/stack/reducer.hpp"
#include "gridenum/count/unit_hooks.hpp"

namespace gridenum {

struct CountOptions {
  Shape shape{3, 3};
  int threads = 0;                   // 0: all cores
  Kernel kernel = Kernel::Partition;
  std::optional<Isa> isa;            // the hot loops' instruction-set level; nullopt: selected_isa()
  std::uint32_t slices_per_class = 0;  // 0: default
  const Catalogue* catalogue = nullptr;  // a cached catalogue to reuse (job layer), else built
  const StackList* stacks = nullptr;     // a stack list already built (job layer), else built
  const Plan* plan = nullptr;            // the plan already made of those two (the method's plan), else made
  // The partition kernel's stack-side tables, built from `stacks` beside the catalogue (job
  // layer), else built by the counter.
  std::shared_ptr<const PartitionStackTables> stack_tables;
};

struct StageTimes {
  double catalogue = 0, stacks = 0, plan = 0, completion = 0, reduce = 0, total = 0;
};

// The band-pair method's tables (count/band_pair/band_pair.hpp), in place of the stack list.
struct BandPairFigures {
  std::uint32_t partitions = 0;     // box partitions P
  std::uint32_t pair_types = 0;
  std::uint64_t table_slots = 0;    // F table slots
  std::uint64_t table_bytes = 0;
  std::uint32_t box1_chains = 0;    // chains of a box (sum_i C(R,i)^3)
};

struct CountResult {
  // The stack method's result, or the band-pair method's (the same catalogue, plan of
  // (class, slice) units and reducer; band pairs instead of the stack list).
  MethodId method = MethodId::Stack;
  BandPairFigures band_pairs;        // the band-pair method's
  CountOptions options;
  int threads_used = 0;
  std::string isa;                   // instruction-set level of the kernel's hot loops (cpu.hpp)
  Catalogue catalogue;               // figures and class table
  std::uint64_t stack_fillings = 0;  // ordered stack fillings
  std::uint64_t stack_patterns = 0;  // distinct patterns among them
  std::uint64_t units = 0;
  std::uint32_t slices_per_class = 0;  // as resolved by the plan (unit id = class * slices + slice)
  std::vector<u128> unit_counts;       // per unit id: its count (for `gridenum verify result`)
  std::uint64_t units_selected = 0;    // units of this run (all of them unless hooks.select)
  bool complete = true;                // false when hooks.select left units out: no reduction
  // false when the unit counts were read from journals (gridenum merge), not counted by this
  // process: then no kernel, thread count or stage times belong to the result.
  bool counted_here = true;
  Reduction reduction;
  StageTimes times;
};

// A run steered by hooks (unit_hooks.hpp; unit ids are WorkUnit::id, plan.hpp).
CountResult run_count(const CountOptions& opt, const UnitHooks& hooks = {});

// The units of a (class, slice) plan a run counts, as hooks steer it: those hooks.select leaves
// out make res incomplete, those hooks.skip answers get their count in counts (one slot per unit,
// indexed by id); the rest are returned, in plan order. res.units_selected is counted here.
// std::logic_error when a unit's id is not its position. (run_count, run_band_pair_count.)
std::vector<WorkUnit> units_to_count(const Plan& plan, const UnitHooks& hooks, std::vector<u128>& counts, CountResult& res);

// The result of a whole plan from every unit's count (a merge of shards' journals), reduced as
// run_count reduces: opt must give the catalogue, stack list and plan (the method's). The result
// says it was not counted here (no kernel, thread or stage times belong to it) and keeps the unit
// counts, so that `gridenum verify result` can re-sum it. std::invalid_argument for a count per unit
// missing or extra.
CountResult count_result_from_counts(const CountOptions& opt, std::vector<u128> counts);

// The result as text (class table, figures, times) and as one JSON document. The JSON also
// lists every unit's count ("unit_counts": {id, class (1-based), count}) and the plan's
// "slices_per_class", so `gridenum verify result` can re-sum and re-count units.
std::string format_text(const CountResult& r);
nlohmann::json to_json(const CountResult& r);

}  // namespace gridenum
