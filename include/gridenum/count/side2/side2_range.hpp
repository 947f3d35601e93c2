// A run of a side-2 route (side2.hpp) over a range of classes: each class's representative,
// weight and F, with the time F took. What `gridenum count --shape 2x6 --classes A:B` prints
// (and 2x2 .. 2x6, 3x2 .. 6x2). The whole 2x6 / 6x2 count is a sum over 63,199 classes of
// weight x F^2 and CPU-months of work: this is how it is cut into pieces and how per-class
// costs are measured; a range that is every class also gives the total.
//
// Classes are numbered from 1 in the class table's order: for m <= 5 the route's own table
// (side2_classes(route, m), as a whole count and its jobs number them); for m = 6 the two-stack
// orbit generator's (TwoStackOrbitClasses: the two-band generator stops at m = 5), whichever
// route's counter computes F. A shape whose route is not native is counted through its transpose
// (same F per configuration), and the result says so.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gridenum/count/side2/side2.hpp"

namespace gridenum {

struct Side2RangeClass {
  std::uint64_t index = 0;  // 1-based
  Side2Config representative;
  std::uint64_t weight = 0;
  u128 F = 0;
  double seconds = 0;  // wall time of this class's F
};

struct Side2RangeResult {
  Shape shape;
  MethodId route = MethodId::TwoStack;      // the F counter
  MethodId table_route = MethodId::TwoStack;  // the class generator
  bool transposed = false;
  int threads_used = 0;
  std::uint64_t first = 0, last = 0;  // 1-based, inclusive
  std::uint64_t table_classes = 0, configurations = 0, enumerated = 0, group_order = 0;
  std::vector<Side2RangeClass> classes;
  bool complete = false;          // every class: the reduction holds the total
  Side2Reduction reduction;       // complete runs only
  double table_seconds = 0, fillings_seconds = 0, total_seconds = 0;
  BudgetedLoopStats memory;       // the state tables' budget: limit, peak, classes counted alone
};

// Why a shape has no side-2 class range (no side of 2, or m > kSide2MaxOrbitHalf), or nullopt.
std::optional<std::string> side2_range_shape_error(Shape s);

// Classes first..last (1-based, inclusive; 0:0 = every class) by `route`'s counter, one task per
// class (oneTBB), the state tables of the classes in progress bounded by memory_limit bytes (0:
// none; budgeted_loop.hpp). std::invalid_argument for a shape it does not take or a range outside
// 1..classes; Side2MemoryError for a class that does not fit alone.
Side2RangeResult run_side2_range(Shape s, MethodId route, std::uint64_t first, std::uint64_t last, int threads,
                                 std::uint64_t memory_limit = 0);

std::string format_text(const Side2RangeResult& r);
nlohmann::json to_json(const Side2RangeResult& r);

}  // namespace gridenum
