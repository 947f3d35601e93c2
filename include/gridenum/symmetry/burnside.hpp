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
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/shape.hpp"
#include "gridenum/symmetry/fixed_grids.hpp"
#include "gridenum/symmetry/symmetry_group.hpp"

namespace gridenum {

// A finished count of the shape (or its transpose), read and checked by the caller
// (verify/grid_counts.hpp): its total and, for the side-2 shapes of 10 and 12 digits, F of every
// class of the two-stack route in its generator's order. Given to run_burnside, the identity's
// term (and there the signature kernel's plain band counts) come from it instead of a count of
// Burnside's own -- for the 12x12 shapes, whose counts are jobs of hours, the only way to the
// figure short of --identity-total's given number.
struct GridCounts {
  std::string method;  // the route that counted it (to_string(MethodId)), printed with the source
  std::vector<u128> F;  // side-2 shapes of 10 and 12 digits only; empty otherwise
  BigInt total;
  std::string source;  // where it was read, printed as the total's route
};

struct BurnsideOptions {
  Shape shape{3, 3};
  bool transposition = true;  // include transposition (only a symmetry when R = C; ignored otherwise)
  int threads = 0;            // 0: every core
  FixedMethod method = FixedMethod::Auto;
  std::shared_ptr<const GridCounts> grid_counts;  // nullptr: the total counted here
  // The identity's term from a grid count given by the caller (`symmetry --identity-total`: a
  // published total, for a shape whose count this program has not run), not counted: it must be
  // divisible by N! (InputError otherwise); total_route is then "given" and the output says the
  // figure rests on it. A run that counts the total anyway (the side-2 shapes' F(S) classes) or
  // finds it in a job's journal must find the same number (CheckError otherwise).
  std::optional<BigInt> identity_total;
};

// Why Burnside cannot take a shape (the count engine cannot count it, or the fixed-grid kernels
// cannot), or nullopt. Up to 9 digits: every shape the stack method counts; 10 digits: 2x5 and
// 5x2 (the side-2 routes).
std::optional<std::string> burnside_shape_error(Shape s);
// Every 12-digit shape: 2x6, 6x2, 3x4 and 4x3. Their identity's term is the whole count, a job of
// hours that Burnside does not run (results/2x6/, results/4x3/), so a run of them leaves class 1
// out, is given the total (identity_total), or reads it from the count's result (grid_counts).
// The classes of 2x6 and 6x2 other than the identity are counted by the signature kernel (wide
// edge sets), and those that need the 2x6 count's band table (signatures_need_plain_counts) need
// grid_counts too; those of 3x4 and 4x3 by the band and line-orbit kernels (no two-band view).
bool twelve_digit_shape(Shape s);
// burnside_shape_error, except that the 12-digit shapes are taken by a run that leaves the
// identity out, is given its total (identity_total) or has their count's result (grid_counts).
std::optional<std::string> burnside_selection_error(Shape s, bool identity_selected, bool have_grid_counts = false,
                                                    bool have_identity_total = false);

// What a job (jobs/symmetry_job.hpp) or a partial run holds over a run: which classes to count,
// the f it already has for some of them (a job's journal), where each new f goes, and when to stop.
// Classes are numbered by their index in SymmetryGroup::classes (0: the identity). Empty hooks: every
// class counted, none known, nothing reported. known() and select() are called on the caller's
// thread before the classes run; done() and stop() from worker threads, between classes.
struct BurnsideHooks {
  std::function<bool(std::size_t)> select;               // count this class? empty: every class
  std::function<std::optional<u128>(std::size_t)> known;  // its f from an earlier session, if any
  std::function<void(std::size_t, u128)> done;            // f of a class just counted
  std::function<bool()> stop;                             // true: throw Interrupted before the next class
  // Parts of a class's count (FixedParts, fixed_grids.hpp): one finished in an earlier session,
  // and one just finished (called from any worker thread).
  std::function<std::optional<u128>(std::size_t, const std::string&)> known_part;
  std::function<void(std::size_t, const std::string&, u128)> part_done;
  // The signature kernel's walks (FixedParts::known_walk, walk_done): they belong to a family,
  // not to a class, so they are not numbered by class.
  std::function<std::optional<SignatureWalk>(const std::string&)> known_walk;
  std::function<void(const std::string&, const SignatureWalk&)> walk_done;
  // Its band counts (FixedParts::known_band, band_done): shared by the classes of a family; a new
  // one is reported with the class that made it.
  std::function<std::optional<u128>(const std::string&)> known_band;
  std::function<void(std::size_t, const std::string&, u128)> band_done;
};

struct ClassTerm {
  SymmetryClass cls;     // representative, class size, the representative in words
  FixedCount fixed;      // f of the representative (for the identity: total / N!, method Filter)
  bool identity = false;
  bool counted = true;   // false: left out by BurnsideHooks::select (fixed is then empty)
  bool known = false;    // f came from BurnsideHooks::known (relabel_types and method recomputed,
                         // the kernel's statistics and seconds are not)
  // The identity's f exactly, total / N!: for 2x6 it passes 2^128 (about 8.0e40), so fixed.grids
  // holds it only when it fits (0 otherwise); read every f through fixed_value().
  std::optional<BigInt> identity_f;
};

// A class's f exactly: the identity's from identity_f when set, every other class's fixed.grids.
BigInt fixed_value(const ClassTerm& t);

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
  std::string total_route;        // which count gave the identity term: "stack", "two-stack",
                                  // "journal" (known; not counted in this run), "given"
                                  // (BurnsideOptions::identity_total), "" (not selected)
  bool complete = true;           // every class counted or known: the figure below exists
  BigInt grids;                   // all grids (the count engine's total; 0 when not selected)
  BigInt weighted_sum;            // sum over classes of size * f (over the counted ones if partial)
  BigInt essentially_different;   // weighted_sum / |G| (0 when not complete)
  std::size_t fixing_classes = 0; // classes with f > 0 (the identity included)
  BurnsideTimes times;
};

// Throws InputError for a shape burnside_shape_error refuses; CheckError when a check above fails
// (a partial run checks what it can: Burnside on the cyclic groups whose every power was counted;
// a known identity term that the run had to count again, for the signature kernel's band counts,
// must be the same); Interrupted when a stop is requested (core/stop.hpp, or hooks.stop).
BurnsideResult run_burnside(const BurnsideOptions& opt, const BurnsideHooks& hooks = {});

// The class indices (0-based) of a list of 1-based class numbers, as `symmetry --classes` and a
// symmetry job take them: InputError naming the first number outside 1 .. classes, or repeated.
std::vector<std::size_t> class_selection(const std::vector<std::uint32_t>& numbers, std::size_t classes);

// For a shape whose figure docs/symmetry.md records as disagreeing with the published one (10x10:
// 2x5 and 5x2: OEIS A291188's a(5)), which published term it is and where the evidence is;
// nullopt for the others. A pointer to the discussion, never a figure: the program computes its
// count and knows no expected answer.
// format_text prints it as a note line, to_json as "note" (null when none).
std::optional<std::string> published_figure_note(Shape s);

std::string format_text(const BurnsideResult& r);
nlohmann::json to_json(const BurnsideResult& r);

}  // namespace gridenum
