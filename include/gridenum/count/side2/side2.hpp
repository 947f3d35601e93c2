// Counting the shapes with a side of 2 (docs/design.md section 8): boxes 2 x m (two stacks) and
// m x 2 (two bands), N = 2m digits. 2x5 and 5x2 (10x10 grids) are the first shapes past the
// Felgenhauer-Jarvis engine's 9 digits; the same code counts 2x2 .. 2x4 and 4x2.
//
// The mathematics, in the 2 x m view. A stack is m boxes of 2 rows x m columns, one above the
// other (2m rows, m columns). Choose box k's top-row set S_k (m of the N digits); its bottom row
// gets the complement. Every row of the grid crosses both stacks, so the other stack's rows hold
// the complements: both stacks' row sets are fixed by the choice S = (S_1..S_m). A filling of a
// stack with given row sets needs each column to hold every digit once (the boxes then hold every
// digit automatically), so the two stacks fill independently, with the same number F(S) of
// fillings each (the second stack's row sets are the first's with the two rows of every box
// swapped). Hence
//
//     grids(2 x m) = sum over the C(N,m)^m choices S of F(S)^2.
//
// F(S) is the number of ordered 1-factorisations (proper m-edge-colourings) of the m-regular
// bipartite graph "rows vs digits" (row i -- digit d when d is in row i's set): colour = column.
// Transposed (m x 2 boxes, two bands of m rows) it is the same sum: S_k is then box k's
// left-column set, the bottom band's column sets are the complements, F(S) counts the fillings
// of one band (graph "columns vs digits", colour = row).
//
// Classes. F is unchanged by relabelling the digits (S_N), permuting the boxes (S_m) and swapping
// the two rows (columns) of a box (S_k -> its complement). The choices S fall into classes under
// that group (355 for m = 5); the count is a sum over classes of weight x F^2.
//
// Two routes that share no counting code (each has its own class generator and its own F
// counter), so that their agreement is evidence:
//   two-stack (two_stack.hpp): classes as orbits of digit-type histograms under the hyperoctahedral
//       group B_m; F by footprints, the stack's rows in two halves joined on complementary
//       footprints (two_stack_split.hpp: what makes 2x6 a job of CPU-days). Its first F counter,
//       removing one perfect matching (one stack column) at a time with memoised residual graphs,
//       is kept as the split counter's cross-check (`verify completions`, tests): too slow for
//       generic 2x6 classes.
//   two-band (two_band.hpp): classes by union-find over box-partition tuples with box 1
//       standard; F by removing one 2-factor (two band rows) at a time.
// Measured on 2x5 (this machine, under load): the two-stack route is several times faster (its
// generator lists 589,392 histograms, its counter ~10^5 residual graphs per class), so it is the
// default for both 2x5 and 5x2 (`--method auto`); the two-band route is the independent check
// (`--method two-band`, the slow tests and `gridenum verify`).
//
// Functional core for the job layer: a class table (deterministic order, printable
// representative, exact weight), the count of ONE class (thread-safe, independent of the other
// classes, at most 128 bits) and a reduction to the total. run_side2_count() (side2_run.hpp)
// drives all three for a run.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/memory_budget.hpp"
#include "gridenum/core/shape.hpp"
#include "gridenum/count/budgeted_loop.hpp"
#include "gridenum/count/method_id.hpp"
#include "gridenum/count/unit_hooks.hpp"

namespace gridenum {

// The two routes are the methods MethodId::TwoStack and MethodId::TwoBand (method_id.hpp); a
// function below that takes a route refuses any other id (std::invalid_argument).

// Largest m the counters take (N = 2m digits as 16-bit masks) and the largest m the class
// generators take (m = 6 has 924^6 configurations and 2,284,361,552 type histograms, too many to
// list).
constexpr int kSide2MaxHalf = 8;
constexpr int kSide2MaxClassHalf = 5;
// Largest m of the two-stack orbit generator (TwoStackOrbitClasses, no listing of histograms):
// side2_classes(TwoStack, m) takes m up to this; the two-band generator and whole counts stay at
// kSide2MaxClassHalf; whole counts and jobs of 2x6 / 6x2 use it too.
constexpr int kSide2MaxOrbitHalf = 6;

// m for a shape 2 x m or m x 2 (m >= 2), else 0.
int side2_half(Shape s);
// The route that counts a shape in its own orientation: 2 x m -> two-stack, m x 2 -> two-band
// (2x2: two-stack). Only meaningful when side2_half(s) != 0.
MethodId side2_native_route(Shape s);
// Why the side-2 routes cannot count a shape (no side of 2, or m > kSide2MaxOrbitHalf), or
// nullopt. 2x6 and 6x2 are counted by the two-stack route only (its orbit generator and footprint
// counter); side2_route_error says so for a route.
std::optional<std::string> side2_shape_error(Shape s);
std::optional<std::string> side2_route_error(Shape s, MethodId route);

// One choice S: sets[k] = S_k (bit d for digit d, 0-based), k = 0..m-1; each has m bits.
struct Side2Config {
  int m = 0;
  std::array<std::uint16_t, kSide2MaxHalf> sets{};
  friend bool operator==(const Side2Config&, const Side2Config&) = default;
};
// True when m is in range and every S_k has exactly m of the 2m digits.
bool is_valid_config(const Side2Config& c);
// "12345 12367 ..." (digits 1..N, 'A' for 10 ...): the sets S_1..S_m.
std::string config_string(const Side2Config& c);
// The inverse of config_string for m sets; nullopt unless it names a valid configuration.
std::optional<Side2Config> parse_config_string(std::string_view text, int m);

struct Side2Class {
  Side2Config representative;
  std::uint64_t weight = 0;  // choices S in the class (their sum over classes is C(N,m)^m)
};

struct Side2Classes {
  MethodId route = MethodId::TwoStack;
  int m = 0;
  std::vector<Side2Class> classes;  // order: see the generator (deterministic)
  std::uint64_t configurations = 0; // C(2m,m)^m, from the binomial (not from the weights)
  std::uint64_t enumerated = 0;     // objects the generator walked (histograms / tuple nodes)
  std::uint64_t group_order = 0;    // order of the group acting on those objects
  double seconds = 0;
};

// The class table of a route (threads = 0: all cores). Throws std::invalid_argument for m
// outside 2..kSide2MaxClassHalf, or 2..kSide2MaxOrbitHalf for the two-stack route (m = 6 by the
// orbit generator, TwoStackOrbitClasses; m <= 5 by the listing one, TwoStackClasses).
Side2Classes side2_classes(MethodId route, int m, int threads = 0);

// side2_classes, but the tables beyond kSide2MaxClassHalf (the 12-digit one: 63,199 classes,
// about 2 MB, 15 CPU-seconds to build) are built once per process and kept, a copy returned; the
// smaller ones (seconds at most) are built anew. For the readers of a finished 12-digit count that
// need the table more than once in one process: `verify result` rebuilding it to compare, then
// `symmetry --grid-counts` taking its F from the same table. Thread-safe (one build at a time).
Side2Classes side2_classes_kept(MethodId route, int m, int threads = 0);

// F of one configuration by a route's own counter: thread-safe, no shared state. The two-stack
// counter reserves its state tables from `budget` when one is given (MemoryBudgetExceeded when it
// refuses, every table freed). Throws std::invalid_argument on an invalid configuration.
u128 side2_fillings(MethodId route, const Side2Config& c, MemoryBudget* budget = nullptr);

// A class that does not fit in the memory limit even when counted alone (budgeted_loop.hpp): the
// run ends with this error (exit 3 from the CLI), the classes before it are in the job's journal.
struct Side2MemoryError : std::runtime_error {
  Side2MemoryError(Shape shape, std::uint64_t class_index, const MemoryBudgetExceeded& why);
};

struct Side2Reduction {
  BigInt first_moment;  // sum weight x F: fillings of one stack (band), all choices together
  BigInt total;         // sum weight x F^2: all grids
  std::uint64_t weight_sum = 0;
};
// F[i] is the count of classes.classes[i]; every class must be present.
Side2Reduction side2_reduce(const Side2Classes& classes, const std::vector<u128>& F);

}  // namespace gridenum
