// The generator's driver (generate.hpp): options, one puzzle from its seed, batches on oneTBB.
#include "gridenum/puzzle/generate.hpp"

#include <oneapi/tbb/parallel_pipeline.h>
#include <oneapi/tbb/task_arena.h>

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <limits>
#include <memory>
#include <stdexcept>

#include "gridenum/core/errors.hpp"
#include "gridenum/core/stop.hpp"
#include "gridenum/core/threads.hpp"
#include "gridenum/core/timing.hpp"
#include "gridenum/puzzle/propagate.hpp"
#include "gridenum/puzzle/puzzle_io.hpp"
#include "gridenum/puzzle/puzzle_write.hpp"

namespace gridenum {

int default_max_cage(int n) { return std::min(n / 2 + 1, 6); }

std::string symmetry_name(Symmetry s) {
  switch (s) {
    case Symmetry::None:
      return "none";
    case Symmetry::Rotational:
      return "rotational";
    case Symmetry::Mirror:
      return "mirror";
  }
  return "?";
}

std::optional<Symmetry> parse_symmetry(const std::string& name) {
  for (Symmetry s : {Symmetry::None, Symmetry::Rotational, Symmetry::Mirror})
    if (name == symmetry_name(s)) return s;
  return std::nullopt;
}

std::string perturb_name(Perturb p) {
  switch (p) {
    case Perturb::None:
      return "none";
    case Perturb::Remove:
      return "remove";
    case Perturb::Change:
      return "change";
  }
  return "?";
}

std::optional<Perturb> parse_perturb(const std::string& name) {
  for (Perturb p : {Perturb::None, Perturb::Remove, Perturb::Change})
    if (name == perturb_name(p)) return p;
  return std::nullopt;
}

std::optional<std::string> generate_range_problem(std::uint64_t first, std::uint64_t count) {
  constexpr std::uint64_t last = std::numeric_limits<std::uint64_t>::max();
  if (count == 0 || count - 1 <= last - first) return std::nullopt;
  return fmt::format("puzzle indices run from 0 to {}: {} puzzles from index {} would pass the last one; the first index "
                     "takes 0 to {} for {} puzzles",
                     last, count, first, last - (count - 1), count);
}

std::optional<std::string> generate_options_problem(const GenerateOptions& opt) {
  const unsigned known = kRuleX | kRuleWindoku | kRuleJigsaw | kRuleKiller;
  if (opt.rules & ~known) return "unknown rule bits";
  const bool jigsaw = opt.rules & kRuleJigsaw, killer = opt.rules & kRuleKiller;
  const int n = opt.box.n();
  if (jigsaw) {
    if (n < 4 || n > 25) return "a jigsaw needs a size 4..25, got " + std::to_string(n);
  } else if (auto why = box_shape_problem(opt.box, false)) {
    return *why;
  }
  if (opt.rules & kRuleWindoku) {
    if (jigsaw) return "windoku with jigsaw regions is not supported (the puzzle formats have no place for it)";
    if (!(opt.box == Shape{3, 3})) return "windoku needs 3x3 boxes (9x9), got " + opt.box.str();
  }
  if (killer) {
    if (opt.symmetry != Symmetry::None)
      return "--symmetry applies to givens, and a killer has none (its cages are not made symmetric): use --symmetry none";
    if (opt.perturb != Perturb::None) return "--perturb changes a given, and a killer has none";
    if (opt.max_cage < 0 || opt.max_cage > n)
      return "--cage-max " + std::to_string(opt.max_cage) + " is not 1.." + std::to_string(n);
  } else if (opt.max_cage != 0) {
    return "--cage-max is for killer puzzles";
  }
  return std::nullopt;
}

std::string generate_command(const GenerateOptions& opt, std::uint64_t seed, std::uint64_t count, const std::string& format) {
  std::string s = "generate --rules " + rules_text(opt.rules);
  s += (opt.rules & kRuleJigsaw) ? " --size " + std::to_string(opt.box.n()) : " --shape " + opt.box.str();
  s += " --puzzles " + std::to_string(count) + " --seed " + std::to_string(seed);
  if (opt.minimal) s += " --minimal";
  s += " --symmetry " + symmetry_name(opt.symmetry);
  if (opt.rules & kRuleKiller) s += " --cage-max " + std::to_string(opt.max_cage ? opt.max_cage : default_max_cage(opt.box.n()));
  s += " --budget " + std::to_string(opt.budget);
  if (opt.perturb != Perturb::None) s += " --perturb " + perturb_name(opt.perturb);
  s += " --format " + format;
  return s;
}

namespace {

// The partition a jigsaw's region walk starts from: the boxes when n has a box shape, else
// the rows.
std::vector<int> jigsaw_start(int n) {
  std::vector<int> region;
  const auto box = default_shape(n);
  for (int c = 0; c < n * n; ++c) region.push_back(box ? box->box_of(c / n, c % n) : c / n);
  return region;
}

// Jigsaw: fill attempts per layout (random_solution), and in all before giving up. A layout
// without solutions is mostly proved so in one attempt (small grids, X), a hard one uses its
// 256: 16x16 filled 7 of 10 layouts within them (gen_regions.cpp), so 64 failed layouts in a
// row would take a probability of about 0.3^64; 25x25 layouts were never filled.
constexpr int kJigsawFillAttempts = 256;
constexpr int kJigsawTotalAttempts = 64 * kJigsawFillAttempts;

int count_givens(const std::vector<int>& givens) {
  return static_cast<int>(std::count_if(givens.begin(), givens.end(), [](int d) { return d != 0; }));
}

// The perturbation (GenerateOptions::perturb) of a puzzle with givens; sets the model's givens
// and the exact solution count (and the solution when it is unique, else none).
void perturb(GeneratedPuzzle& g, Perturb how, Rng& rng) {
  std::vector<int> given;
  for (int c = 0; c < g.model.cells(); ++c)
    if (g.model.givens[c]) given.push_back(c);
  rng.shuffle(given);
  bool done = false;
  for (int c : given) {
    if (how == Perturb::Remove) {
      g.model.givens[c] = 0;
      done = true;
      break;
    }
    // Change: a digit no given sharing a unit with c holds (else the readers reject the
    // puzzle outright as inconsistent).
    std::uint64_t taken = std::uint64_t{1} << g.model.givens[c];
    for (const Unit& u : g.model.units)
      if (std::find(u.cells.begin(), u.cells.end(), c) != u.cells.end())
        for (int x : u.cells) taken |= std::uint64_t{1} << g.model.givens[x];
    std::vector<int> free;
    for (int d = 1; d <= g.model.n; ++d)
      if (!(taken >> d & 1)) free.push_back(d);
    if (free.empty()) continue;
    g.model.givens[c] = free[rng.index(free.size())];
    done = true;
    break;
  }
  if (!done) throw std::runtime_error("--perturb change: no given can take another digit");
  const SolveResult r = solve_propagate(g.model, 0);
  g.solutions = r.count;
  g.solution = r.count == 1 ? r.solution : std::vector<int>{};
}

}  // namespace

GeneratedPuzzle generate_puzzle(const GenerateOptions& opt, std::uint64_t seed, std::uint64_t index) {
  if (auto why = generate_options_problem(opt)) throw InputError(*why);
  GeneratedPuzzle g;
  g.index = index;
  g.seed = puzzle_seed(seed, index);
  Rng rng(g.seed);
  const int n = opt.box.n();
  const bool jigsaw = opt.rules & kRuleJigsaw, killer = opt.rules & kRuleKiller;
  const unsigned base_rules = opt.rules & ~kRuleKiller;

  // Step 1: the solution grid (jigsaw: the regions first).
  auto t = SteadyClock::now();
  Model base;
  if (jigsaw) {
    // Walk on from the last layout until one is filled (gen_regions.cpp).
    std::vector<int> region = jigsaw_start(n);
    int layouts = 0;
    for (int attempts = 0; attempts < kJigsawTotalAttempts && g.solution.empty(); ++layouts) {
      throw_if_stop_requested("generate");
      region = random_regions(n, std::move(region), rng);
      base = make_model(Shape{1, n}, base_rules, {}, region);
      int restarts = 0;
      g.solution = random_solution(base, rng, &restarts, kJigsawFillAttempts);
      g.restarts += restarts;
      attempts += restarts + 1;
    }
    g.layouts = layouts;
    if (g.solution.empty())
      throw std::runtime_error(fmt::format("no {}x{} jigsaw layout with a solution found in {} layouts ({} fill attempts); "
                                           "sizes beyond 16 rarely succeed",
                                           n, n, layouts, kJigsawTotalAttempts));
  } else {
    // Always solvable: a grid with X (and Windoku) has been found for every box shape.
    base = make_model(opt.box, base_rules, {});
    g.solution = random_solution(base, rng, &g.restarts);
  }
  if (g.solution.empty()) throw std::logic_error("no solution grid for rules " + rules_text(opt.rules) + " (an engine bug)");
  g.times.fill = seconds_since(t);

  // Step 2 (killer) or 3 (the rest).
  t = SteadyClock::now();
  if (killer) {
    const int max_cage = opt.max_cage ? opt.max_cage : default_max_cage(n);
    std::vector<Cage> cages = killer_cages(base, g.solution, max_cage, opt.minimal, opt.budget, rng);
    g.times.layout = seconds_since(t);
    t = SteadyClock::now();
    g.model = make_model(base.box, opt.rules, {}, base.region, std::move(cages));
  } else {
    g.model = base;
    g.model.givens = reduce_givens(base, g.solution, opt.symmetry, opt.minimal, opt.budget, rng);
    if (opt.perturb != Perturb::None) perturb(g, opt.perturb, rng);
  }
  g.givens = count_givens(g.model.givens);
  g.times.reduce = seconds_since(t);

  t = SteadyClock::now();
  g.stats = solve_propagate(g.model, 1).stats;
  g.times.stats = seconds_since(t);
  return g;
}

// A pipeline as in batch.cpp: a serial source of indices, generation on every thread, a
// serial_in_order sink, so the output order is the index order however long each puzzle takes.
// One puzzle per token: a puzzle takes far longer than the ~1 us a token costs.
//
// A stop request (generate.hpp) ends it in order: no index is handed out after it, a puzzle in
// flight that hears it (Interrupted from the generator's polls) comes back empty, and the sink
// hands `out` every puzzle before the first empty one and none after it, so the puzzles written
// are first .. first+made-1 with no gap (a run continues with --first first+made).
GenerateSummary generate_batch(const GenerateOptions& opt, std::uint64_t seed, std::uint64_t first, std::uint64_t count,
                               int threads, const std::function<void(const GeneratedPuzzle&)>& out) {
  if (auto why = generate_options_problem(opt)) throw InputError(*why);
  if (auto why = generate_range_problem(first, count)) throw std::invalid_argument("generate_batch: " + *why);
  threads = resolve_threads(threads);  // at most the cores: as solve_batch (batch.cpp), no TBB warning
  std::uint64_t next = first, left = count;  // counted down: first + count may be 2^64, which wraps
  GenerateSummary sum;
  bool cut = false;
  oneapi::tbb::task_arena arena(threads);
  arena.execute([&] {
    oneapi::tbb::parallel_pipeline(
        static_cast<std::size_t>(threads) * 4,
        oneapi::tbb::make_filter<void, std::uint64_t>(oneapi::tbb::filter_mode::serial_in_order,
                                                      [&](oneapi::tbb::flow_control& fc) -> std::uint64_t {
                                                        if (left == 0 || stop_requested()) {
                                                          fc.stop();
                                                          return 0;
                                                        }
                                                        --left;
                                                        return next++;
                                                      }) &
            oneapi::tbb::make_filter<std::uint64_t, GeneratedPuzzle*>(oneapi::tbb::filter_mode::parallel,
                                                                      [&](std::uint64_t i) -> GeneratedPuzzle* {
                                                                        try {
                                                                          return std::make_unique<GeneratedPuzzle>(
                                                                                     generate_puzzle(opt, seed, i))
                                                                              .release();
                                                                        } catch (const Interrupted&) {
                                                                          return nullptr;  // dropped
                                                                        }
                                                                      }) &
            oneapi::tbb::make_filter<GeneratedPuzzle*, void>(oneapi::tbb::filter_mode::serial_in_order, [&](GeneratedPuzzle* p) {
              std::unique_ptr<GeneratedPuzzle> own(p);
              cut = cut || own == nullptr;
              if (cut) return;
              out(*own);
              ++sum.made;
            }));
  });
  sum.stopped = stop_requested();
  return sum;
}

}  // namespace gridenum
