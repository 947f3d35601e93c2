// Essentially different grids by Burnside's lemma.
//
// Two grids are "essentially the same" when a geometric symmetry g (symmetry_group.hpp) maps one
// onto a relabelling of the other. The geometric group G acts on the set of grids counted up to
// relabelling (relabelling commutes with every geometric move), and Burnside's lemma counts the
// orbits of that action as the average number of fixed points:
//
//     essentially different = (1 / |G|) * sum over g in G of f(g),
//     f(g) = grids X, up to relabelling, with g(X) a relabelling of X     (fixed_grids.hpp).
//
// f is constant on conjugacy classes (if g X = pi X then (h g h^-1)(h X) = pi (h X)), so the sum
// runs over the classes, each weighted by its size. The identity fixes every grid: f(id) is the
// total number of grids / N!, and that total is the count engine's figure (count.hpp for up to 9
// digits, side2.hpp for 2x5 and 5x2), never recounted here. Every other class is counted by
// fixed_grids.hpp; most fix no grid at all (a necessary condition on the relabelling rules them
// out before any search).
//
// Checks made on every run (a failure throws CheckError): the class sizes add up to |G|; the
// total is divisible by N!; the weighted sum must be divisible by |G| (it is |G| times a number
// of orbits, so a wrong f shows up here unless the error happens to be a multiple of
// |G| / class size); and Burnside on every cyclic subgroup <g>: the f of g's powers (their
// classes found from invariants) add up to a multiple of g's order. None of these can catch an
// error in f that is a multiple of |G| / class size, which is why the kernels are also checked
// against each other and against brute force (tests, gridenum verify symmetry).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/shape.hpp"
#include "gridenum/symmetry/fixed_grids.hpp"
#include "gridenum/symmetry/symmetry_group.hpp"

namespace gridenum {

struct BurnsideOptions {
  Shape shape{3, 3};
  bool transposition = true;  // include transposition (only a symmetry when R = C; ignored otherwise)
  int threads = 0;            // 0: every core
  FixedMethod method = FixedMethod::Auto;
};

// Why Burnside cannot take a shape (the count engine cannot count it, or the fixed-grid kernels
// cannot), or nullopt. Up to 9 digits: every shape the stack method counts; 10 digits: 2x5 and
// 5x2 (the side-2 routes).
std::optional<std::string> burnside_shape_error(Shape s);

struct ClassTerm {
  SymmetryClass cls;     // representative, class size, the representative in words
  FixedCount fixed;      // f of the representative (for the identity: total / N!, method Filter)
  bool identity = false;
};

struct BurnsideTimes {
  double group = 0;   // conjugacy classes
  double total = 0;   // the count engine's total (identity term)
  double fixed = 0;   // every other class's f
  double sum = 0;     // the weighted sum and its checks
  double all = 0;
};

struct BurnsideResult {
  Shape shape;
  bool transposition = false;
  int threads_used = 0;
  std::uint64_t group_order = 0;  // |G|, geometric symmetries only (relabelling acts on top)
  std::uint64_t row_order = 0, col_order = 0;
  std::vector<ClassTerm> terms;   // one per conjugacy class, the identity first
  std::string total_route;        // which count gave the identity term: "stack", "two-stack"
  BigInt grids;                   // all grids (the count engine's total)
  BigInt weighted_sum;            // sum over classes of size * f
  BigInt essentially_different;   // weighted_sum / |G|
  std::size_t fixing_classes = 0; // classes with f > 0 (the identity included)
  BurnsideTimes times;
};

// Throws InputError for a shape burnside_shape_error refuses; CheckError when a check above fails.
BurnsideResult run_burnside(const BurnsideOptions& opt);

// For a shape whose figure docs/symmetry.md records as disagreeing with the published one (10x10:
// 2x5 and 5x2: OEIS A291188's a(5)), which published term it is and where the evidence is;
// nullopt for the others. A pointer to the discussion, never a figure: the program computes its
// count and knows no expected answer.
// format_text prints it as a note line, to_json as "note" (null when none).
std::optional<std::string> published_figure_note(Shape s);

std::string format_text(const BurnsideResult& r);
nlohmann::json to_json(const BurnsideResult& r);

}  // namespace gridenum
