// The puzzle generator: puzzles with exactly one solution for every rule set the solvers
// take -- classic, X, Windoku, jigsaw with random connected regions, killer with random
// cages -- reproducible from a seed.
//
// One puzzle is made in three steps, one file each:
//
//   1. a random solution grid            gen_fill.cpp     (jigsaw: random regions first,
//                                                          gen_regions.cpp)
//   2. killer: random cages over it,     gen_cages.cpp
//      split until the cages alone
//      give one solution, then merged
//      while they still do
//   3. other rules: every cell a given,  gen_clues.cpp
//      then givens removed (in
//      symmetric orbits) while the
//      puzzle keeps one solution
//
// and generate.cpp ties them together (options, the per-puzzle seed, batches on oneTBB). Every
// uniqueness decision is the propagation engine's count with limit 2 (solve_propagate), within
// a node budget where one is set (GenerateOptions::budget: a check that runs out counts as "not
// proved unique", so the answer stays exact); the tests check each puzzle again with Dancing
// Links, which shares no code with it.
//
// Randomness: rng.hpp. Puzzle i of a run depends only on (seed, i, options), never on the
// thread that made it or on the puzzles before it.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gridenum/puzzle/model.hpp"
#include "gridenum/puzzle/rng.hpp"
#include "gridenum/puzzle/solver.hpp"

namespace gridenum {

// Symmetry of the givens (qqwing's --symmetry): a given and its image are removed together.
//   Rotational  180-degree turn about the centre: (r, c) <-> (n-1-r, n-1-c)
//   Mirror      left-right reflection:            (r, c) <-> (r, n-1-c)
enum class Symmetry { None, Rotational, Mirror };

// What to do to each puzzle after it is made, for test data with other solution counts.
//   Remove  one random given blanked (a minimal puzzle then has several solutions)
//   Change  one random given set to another digit that clashes with no other given (the
//           puzzle then usually has no solution, sometimes several, rarely one)
enum class Perturb { None, Remove, Change };

// The default node budget of a uniqueness check (GenerateOptions::budget).
constexpr std::uint64_t kDefaultBudget = 1000;

struct GenerateOptions {
  // Box shape R x C (n = R*C). A jigsaw takes only n from it (its regions replace the boxes):
  // the CLI gives a jigsaw the shape 1 x n.
  Shape box{3, 3};
  unsigned rules = kRuleClassic;  // kRuleX, kRuleWindoku, kRuleJigsaw, kRuleKiller combined
  bool minimal = false;
  Symmetry symmetry = Symmetry::None;
  // Killer: the largest cage (0: default_max_cage(n)).
  int max_cage = 0;
  // Search nodes allowed per uniqueness check while givens are removed (0: no limit); a given
  // whose check runs out stays (gen_clues.cpp). --minimal's final pass is always exact.
  // Killer: the same for the checks of the split step (gen_cages.cpp).
  std::uint64_t budget = kDefaultBudget;
  Perturb perturb = Perturb::None;
};

// The default largest killer cage for side n: n/2 + 1, at most 6 (4x4: 3, 6x6: 4, 9x9: 5).
int default_max_cage(int n);

// What is wrong with the options (a rule the shape does not allow, ...), or nullopt.
std::optional<std::string> generate_options_problem(const GenerateOptions& opt);

// What is wrong with the index range first .. first+count-1 of a run, or nullopt: puzzle indices
// are 64-bit, so the last one must not pass 2^64 - 1 (`generate --first 2^64-1 --puzzles 2` wrapped
// to index 0 and printed the seed's first puzzle again). generate_batch refuses such a range
// (std::invalid_argument); the CLI checks it first and names its options.
std::optional<std::string> generate_range_problem(std::uint64_t first, std::uint64_t count);

// Names for the CLI and the output header, and their parsers (nullopt: unknown name).
std::string symmetry_name(Symmetry s);
std::optional<Symmetry> parse_symmetry(const std::string& name);
std::string perturb_name(Perturb p);
std::optional<Perturb> parse_perturb(const std::string& name);

struct GenerateTimes {
  double fill = 0;    // solution grid (jigsaw: regions included)
  double layout = 0;  // killer cages
  double reduce = 0;  // givens removed / cages merged, the minimal pass, the perturbation
  double stats = 0;   // the difficulty hint
};

struct GeneratedPuzzle {
  std::uint64_t index = 0;
  std::uint64_t seed = 0;       // puzzle_seed(run seed, index): the engine seed it was drawn from
  Model model;                  // givens, jigsaw regions, killer cages
  std::vector<int> solution;    // the grid it was made from: its only solution unless perturbed
  std::uint64_t solutions = 1;  // the exact number of solutions (perturbed: counted, limit 0)
  int givens = 0;               // non-blank cells of model.givens
  SolveStats stats;             // solve_propagate(model, 1): what `gridenum solve --stats` prints
  int restarts = 0;             // restarts of the random fill (gen_fill.cpp)
  int layouts = 0;              // jigsaw: region layouts tried (the last one has a solution)
  GenerateTimes times;
};

// Puzzle `index` of the run with seed `seed`. Throws InputError (core/errors.hpp) for options that
// generate_options_problem rejects.
GeneratedPuzzle generate_puzzle(const GenerateOptions& opt, std::uint64_t seed, std::uint64_t index);

// What a batch made: puzzles first .. first+made-1 went to `out`, in order.
struct GenerateSummary {
  std::uint64_t made = 0;
  bool stopped = false;  // a stop request (core/stop.hpp) was made during the run (made < count unless it came last)
};

// Puzzles first .. first+count-1 on `threads` threads (0: every core), handed to `out` in index
// order from one thread at a time; the same puzzles for any thread count.
//
// A stop request (core/stop.hpp: SIGINT / SIGTERM taken by the CLI's watch) ends the run early
// without an exception: the generator polls it between its uniqueness checks (each bounded by
// the budget) and drops the puzzle it was making; `out` gets the puzzles made before the first
// dropped one, so they are a prefix of the run and each is exactly the puzzle its index gives
// (the checks themselves never hear the stop, which would change a puzzle). Throws
// std::invalid_argument for a range generate_range_problem refuses.
GenerateSummary generate_batch(const GenerateOptions& opt, std::uint64_t seed, std::uint64_t first, std::uint64_t count,
                               int threads, const std::function<void(const GeneratedPuzzle&)>& out);

// The canonical command line (without the program name and --threads) that makes `count`
// puzzles from `seed` with these options in `format` ("line" or "json"): "generate --rules x
// --shape 3x3 --puzzles 100 --seed 7 --symmetry none --format line". Written as the header of
// generated files and used by the tests to rebuild them.
std::string generate_command(const GenerateOptions& opt, std::uint64_t seed, std::uint64_t count,
                             const std::string& format);

// ---- The steps (exposed for the tests) ----------------------------------------------------

// A random solution of `m` (its units and givens; no cages), or empty if there is none: the
// propagation engine solves a copy of the model whose cells and digits are renumbered at random,
// restarted with new random orders when it runs long (gen_fill.cpp). `restarts`, if set, gets
// the number of restarts. With max_attempts > 0 it gives up (returns empty) after that many.
std::vector<int> random_solution(const Model& m, Rng& rng, int* restarts = nullptr, int max_attempts = 0);

// Random connected jigsaw regions (ids 0..n-1, numbered in reading order of first appearance):
// a random walk from `start` (n connected regions of n cells), gen_regions.cpp. The layout
// need not admit a solution: the caller asks random_solution.
std::vector<int> random_regions(int n, std::vector<int> start, Rng& rng);

// True when every region of `region` (ids 0..n-1, n cells each) is connected (4-neighbours).
bool regions_connected(int n, const std::vector<int>& region);

// Killer cages over `solution` for the rules of `base` (its units; no givens): random connected
// cages of 1..max_cage cells with distinct digits, split until the cages give one solution,
// lone cells merged into a neighbour while they still do; with `minimal` any adjacent cages
// merged until no merge is left (gen_cages.cpp). The checks of the split and lone-cell steps
// have `budget` search nodes (0: none); `minimal`'s merges are exact. Cells are sorted within
// a cage, cages by their first cell.
std::vector<Cage> killer_cages(const Model& base, const std::vector<int>& solution, int max_cage, bool minimal,
                               std::uint64_t budget, Rng& rng);

// Pairs of cages (i < j) whose merge the killer reduction may try: adjacent, at most
// `max_cage` cells together, no digit of `solution` twice. A minimal killer is one where each
// such merge gives more than one solution.
std::vector<std::pair<int, int>> mergeable_cages(int n, const std::vector<Cage>& cages, const std::vector<int>& solution,
                                                 int max_cage);

// The orbits of the cells under `s`: sets of cells that are given or blank together.
std::vector<std::vector<int>> symmetry_orbits(int n, Symmetry s);

// Givens for `m` (whose units have the unique solution `solution` once every cell is given):
// orbits removed in random order while one solution remains, each check within `budget` search
// nodes (0: none; an orbit whose check runs out stays given); with `minimal` a final exact pass
// over single givens (gen_clues.cpp).
std::vector<int> reduce_givens(const Model& m, const std::vector<int>& solution, Symmetry s, bool minimal,
                               std::uint64_t budget, Rng& rng);

}  // namespace gridenum
