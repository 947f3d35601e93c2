// The side-2 routes' driver (side2.hpp has the types, classes, F counters and reduction it
// drives): a run over the classes of one route, one oneTBB task per class, steered by the unit
// hooks (a class is a unit), and its result as text and JSON.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gridenum/count/side2/side2.hpp"
#include "gridenum/count/unit_hooks.hpp"

namespace gridenum {

struct Side2Options {
  Shape shape{2, 5};
  MethodId route = MethodId::TwoStack;
  int threads = 0;
  // The class table when the caller has it already (a job builds it to fingerprint the plan);
  // it must be side2_classes(route, m) of this shape. nullptr: built here.
  const Side2Classes* classes = nullptr;
  // Bytes the classes being counted may hold in state tables together (0: no limit); a class that
  // does not fit beside the others is counted alone after them (budgeted_loop.hpp).
  std::uint64_t memory_limit = 0;
};

struct Side2Times {
  double classes = 0, fillings = 0, reduce = 0, total = 0;
};

struct Side2Result {
  Shape shape;            // as asked
  MethodId route = MethodId::TwoStack;
  bool transposed = false;  // the route counts the transposed shape (same total)
  int threads_used = 0;
  Side2Classes classes;
  std::vector<u128> F;    // per class (0 for a class outside the selection)
  std::vector<char> selected;       // per class: counted (or read back) in this run
  bool complete = true;             // every class selected: reduction holds the total
  std::uint64_t counted_here = 0;   // classes computed in this run (not skipped)
  bool counted = true;              // false for a result rebuilt from journals (merge): no times
  Side2Reduction reduction;         // complete results only
  Side2Times times;
  long peak_rss_kib = 0;  // getrusage ru_maxrss at the end
  BudgetedLoopStats memory;  // the state tables' budget: limit, peak, classes counted alone
};

// The whole count of a 2 x m or m x 2 shape by one route: classes, F per class (oneTBB, one task
// per class, heaviest-looking first), reduction.
Side2Result run_side2_count(const Side2Options& opt, const UnitHooks& hooks = {});

// The result of a run whose F were computed elsewhere (the shards of a job, merged): every class's
// F given, reduced as a run would; threads_used and times are left at 0.
Side2Result side2_result_from_counts(Shape shape, MethodId route, Side2Classes classes, std::vector<u128> F);

std::string format_text(const Side2Result& r);
nlohmann::json to_json(const Side2Result& r);

}  // namespace gridenum
