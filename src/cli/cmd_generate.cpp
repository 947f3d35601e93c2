// `gridenum generate`: puzzles with exactly one solution. Thin: parse the options, run
// generate_batch (puzzle/generate.hpp), print each puzzle in a format `solve` reads.
//
// Output. stdout is a puzzle file: a header comment with the command that repeats the run (and
// the `solve` options a line needs), then one puzzle per line with its solution, so that
// `gridenum generate ... | gridenum solve ...` reads it back. The summary (count, rate, threads,
// stage times) goes to stderr, where it cannot spoil the file. --json instead writes one JSON
// document with the puzzles, their difficulty hints and the summary.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <memory>
#include <random>
#include <string>

#include "command.hpp"
#include "output.hpp"
#include "options.hpp"
#include "gridenum/core/errors.hpp"
#include "gridenum/core/stop.hpp"
#include "gridenum/core/timing.hpp"
#include "gridenum/core/threads.hpp"
#include "gridenum/puzzle/generate.hpp"
#include "gridenum/puzzle/puzzle_io.hpp"
#include "gridenum/puzzle/puzzle_write.hpp"

namespace gridenum::cli {
namespace {

struct GenerateArgs {
  std::string rules = "classic";
  std::string shape = "3x3";
  int size = 9;
  std::uint64_t puzzles = 1;
  std::uint64_t seed = 0;
  std::uint64_t first = 0;
  bool minimal = false;
  std::string symmetry = "none";
  int cage_max = 0;
  std::uint64_t budget = kDefaultBudget;
  std::string perturb = "none";
  std::string format = "line";
  bool stats = false;
  bool json = false;
  int threads = 0;
};

// --shape is a box shape RxC, parsed and refused as in every command (options.hpp: count's words
// for '9' or '9x9'). A jigsaw has regions instead of boxes, so its grid is given by its side,
// --size N (the model's shape is then 1 x N: puzzle_io.cpp, box_shape_problem); each option is
// refused where it means nothing, naming the other.
Shape generate_shape(const GenerateArgs& a, unsigned rules, bool shape_given, bool size_given) {
  if (rules & kRuleJigsaw) {
    if (shape_given) {
      const auto box = Shape::parse(a.shape);
      const std::string example = box ? fmt::format("for the {0}x{0} grid of --shape {1}: --size {0}", box->n(), box->str())
                                      : "--size 9 for 9x9 grids";
      throw CLI::ValidationError("--shape", "a jigsaw has regions, not boxes: give its grid's side with --size N, 4..25 (" +
                                                example + "), not --shape");
    }
    return Shape{1, a.size};
  }
  if (size_given)
    throw CLI::ValidationError("--size", "is the side of a jigsaw's grid (--rules jigsaw); a grid with boxes takes "
                                         "--shape RxC (--shape 3x3 for 9x9 grids)");
  const Shape box = parse_box_shape(a.shape);
  check_shape(box, std::nullopt);
  return box;
}

// The difficulty hint of one puzzle: the propagation solver's search on it (what `gridenum solve
// --stats` prints for the same puzzle) and the number of givens.
nlohmann::ordered_json hint_json(const GeneratedPuzzle& g) {
  return {{"givens", g.givens},
          {"nodes", g.stats.nodes},
          {"propagations", g.stats.propagations},
          {"backtracks", g.stats.backtracks}};
}

void write(const std::string& s) { write_stdout(s); }

void run_generate(const GenerateArgs& a, bool seed_given, bool shape_given, bool size_given) {
  GenerateOptions opt;
  opt.rules = parse_puzzle_rules(a.rules);
  opt.box = generate_shape(a, opt.rules, shape_given, size_given);
  opt.minimal = a.minimal;
  opt.symmetry = *parse_symmetry(a.symmetry);  // CLI11 checked the names
  opt.perturb = *parse_perturb(a.perturb);
  opt.max_cage = a.cage_max;
  opt.budget = a.budget;
  if (auto why = generate_options_problem(opt)) throw InputError("generate: " + *why);
  // --first and --puzzles together: the last index must stay a 64-bit number (it wrapped to 0).
  if (auto why = generate_range_problem(a.first, a.puzzles))
    throw CLI::ValidationError("--first", std::to_string(a.first) + " with --puzzles " + std::to_string(a.puzzles) + ": " + *why);
  const PuzzleFormat format = a.format == "json" ? PuzzleFormat::Json : PuzzleFormat::Line;
  const bool counts = opt.perturb != Perturb::None;
  if (format == PuzzleFormat::Line)
    if (auto why = line_format_problem(opt.rules, !(opt.rules & kRuleKiller), counts))
      throw InputError("generate: " + *why + "; give --format json");

  // Without --seed a fresh one, written in the header so that the run can be repeated.
  const std::uint64_t seed = seed_given ? a.seed : (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}();
  const std::string command = "gridenum " + generate_command(opt, seed, a.puzzles, a.format) +
                              (a.first ? " --first " + std::to_string(a.first) : "");
  const int threads = resolve_threads(a.threads);
  const std::string solve_args = format == PuzzleFormat::Line ? solve_arguments(opt.rules, opt.box) : "";

  std::setvbuf(stdout, nullptr, _IOFBF, 1 << 16);
  if (a.json) {
    // The grid as the puzzle specs give it (puzzle_write.cpp): its side, and its box shape unless
    // it is a jigsaw (its regions replace the boxes; its model's shape 1 x n is no box shape).
    const std::string box = opt.rules & kRuleJigsaw ? "null" : "\"" + opt.box.str() + "\"";
    write("{\"command\":" + nlohmann::json(command).dump() + ",\"seed\":" + std::to_string(seed) +
          ",\"rules\":" + nlohmann::json(rules_text(opt.rules)).dump() + ",\"size\":" + std::to_string(opt.box.n()) +
          ",\"shape\":" + box + ",\"solve_arguments\":" + nlohmann::json(solve_args).dump() + ",\"puzzles\":[");
  } else {
    write("# " + command + "\n");
    if (!solve_args.empty()) write("# read with: gridenum solve " + solve_args + "\n");
  }
  GenerateTimes sum;
  std::uint64_t done = 0, givens = 0, nodes = 0;
  const auto start = SteadyClock::now();
  // SIGINT / SIGTERM: the process's stop request, heard by the batch, which ends in order
  // (command.hpp, watch_stream_command): the puzzles written are first .. first+done-1, each
  // whole, and a --json document is still closed. Before the batch's threads exist.
  const auto watch = watch_stream_command(a.json ? "the --json document is left open"
                                                 : "the lines written so far are whole puzzles");
  const GenerateSummary batch = generate_batch(opt, seed, a.first, a.puzzles, threads, [&](const GeneratedPuzzle& g) {
    const std::optional<std::uint64_t> count = counts ? std::optional<std::uint64_t>(g.solutions) : std::nullopt;
    const std::string text = write_puzzle(format, g.model, g.solution, count);
    if (a.json) {
      nlohmann::ordered_json j;
      j["index"] = g.index;
      j["puzzle"] = format == PuzzleFormat::Json ? nlohmann::ordered_json::parse(text) : nlohmann::ordered_json(text);
      j["solutions"] = g.solutions;
      j["hint"] = hint_json(g);
      j["fill_restarts"] = g.restarts;
      if (g.layouts) j["jigsaw_layouts"] = g.layouts;
      write((done ? "," : "") + j.dump());
    } else if (a.stats && format == PuzzleFormat::Json) {
      // The reader takes "hint" as a note (puzzle_io.hpp), so the line still reads as a puzzle.
      auto j = nlohmann::ordered_json::parse(text);
      j["hint"] = hint_json(g);
      write(j.dump() + "\n");
    } else {
      if (a.stats)
        write(fmt::format("# puzzle {}: givens={} nodes={} propagations={} backtracks={}\n", g.index, g.givens,
                          g.stats.nodes, g.stats.propagations, g.stats.backtracks));
      write(text + "\n");
    }
    ++done;
    givens += static_cast<std::uint64_t>(g.givens);
    nodes += g.stats.nodes;
    sum.fill += g.times.fill;
    sum.layout += g.times.layout;
    sum.reduce += g.times.reduce;
    sum.stats += g.times.stats;
  });
  const double seconds = seconds_since(start);
  const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0;
  const double mean_givens = done ? static_cast<double>(givens) / static_cast<double>(done) : 0.0;
  const double mean_nodes = done ? static_cast<double>(nodes) / static_cast<double>(done) : 0.0;
  if (a.json) {
    nlohmann::ordered_json tail = {
        {"count", done},
        {"threads", threads},
        {"seconds", seconds},
        {"puzzles_per_second", rate},
        {"mean_givens", mean_givens},
        {"mean_nodes", mean_nodes},
        {"stage_seconds_summed", {{"fill", sum.fill}, {"layout", sum.layout}, {"reduce", sum.reduce}, {"hint", sum.stats}}}};
    if (batch.stopped) tail["stopped_by"] = stop_cause();  // count is then the puzzles made, fewer than asked
    std::string t = tail.dump();
    t.front() = ',';  // continue the document's object
    write("]" + t + "\n");
  }
  flush_stdout();
  // Stopped: one line on stderr says what was made and how to go on, then exit 130.
  if (batch.stopped) {
    const std::string made = done == 0 ? std::string("no puzzle made")
                                       : fmt::format("{} made (indices {} to {})", count_of(done, "puzzle", "puzzles"),
                                                     group_digits(a.first), group_digits(a.first + done - 1));
    fmt::print(stderr, "gridenum generate: interrupted by {}: {}{}\n", stop_cause(), made,
               done == a.puzzles ? std::string()
                                 : fmt::format("; the rest: --seed {} --first {} --puzzles {}", seed, a.first + done,
                                               a.puzzles - done));
    throw Exit{130};
  }
  if (!a.json)
    fmt::print(stderr,
               "gridenum generate: {} in {:.3f} s ({:.1f}/s) on {} thread{}; mean givens {:.1f}, mean nodes {:.1f}; "
               "stage seconds summed over the puzzles (threads overlap): fill {:.3f}, layout {:.3f}, reduce {:.3f}, hint {:.3f}\n",
               count_of(done, "puzzle", "puzzles"), seconds, rate, threads, threads == 1 ? "" : "s", mean_givens, mean_nodes, sum.fill,
               sum.layout, sum.reduce, sum.stats);
}

const RegisterCommand register_generate(26, [](CLI::App& root) {
  auto a = std::make_shared<GenerateArgs>();
  auto* cmd = root.add_subcommand("generate", "Generate puzzles with exactly one solution, reproducible from a seed");
  cmd->footer(
      "Every puzzle has exactly one solution (proved by the propagation solver). Output: a header\n"
      "comment with the command that repeats the run (and the `solve` options its lines need), then\n"
      "one puzzle per line with its solution, in the formats `gridenum solve` reads:\n"
      "  classic, x, windoku  grid line 'givens:solution' (--perturb: 'givens:count:solution')\n"
      "  jigsaw               'N|givens|regions|solution'\n"
      "  killer               'N|RxC|cages|solution' (no givens: the cages alone fix the grid)\n"
      "  --format json        one JSON spec per line (any rules; needed for jigsaw,killer)\n"
      "The run summary goes to stderr. --json writes one JSON document instead: the grid's size and\n"
      "box shape (null for a jigsaw), every puzzle with its hint, fill restarts and jigsaw layouts\n"
      "tried, then count, threads, seconds, stage times. A jigsaw's JSON spec gives its side, \"size\".\n"
      "\n"
      "Examples:\n"
      "  gridenum generate --seed 1 --puzzles 10 --minimal | gridenum solve --unique\n"
      "  gridenum generate --rules x --shape 2x3 --puzzles 5 --symmetry rotational\n"
      "  gridenum generate --rules jigsaw --size 9 --puzzles 100 --threads 2 > jigsaw.txt\n"
      "  gridenum generate --rules killer --shape 3x3 --stats\n"
      "  gridenum generate --rules jigsaw,killer --size 6 --format json --json\n"
      "\n"
      "How: a random solution grid (jigsaw: random connected regions first), then givens removed in\n"
      "random (symmetric) order while one solution remains; a killer's random cages are split until\n"
      "they alone give one solution. Puzzle i depends only on --seed, i and the options, never on\n"
      "--threads: the same command prints the same puzzles on any machine.\n"
      "--minimal: no single given can be removed. With --symmetry none a puzzle is minimal even\n"
      "without it unless a uniqueness check ran out of --budget (--minimal settles those exactly);\n"
      "with a symmetry, givens go in symmetric pairs and --minimal adds a pass over single givens,\n"
      "which may break the symmetry. Killer --minimal: no two adjacent cages can be merged (at\n"
      "most --cage-max cells, no digit twice) keeping one solution -- far harder puzzles, seconds\n"
      "each for 9x9.\n"
      "--stats / the hint: the propagation solver's search on the puzzle (as `solve --stats` prints\n"
      "it): nodes 0 means solved by propagation alone; more nodes, more guessing.\n"
      "\n"
      "Sizes (one core, per puzzle): classic and x 4x4..16x16 from 0.02 ms to 0.2 s, 25x25 about 2 s;\n"
      "windoku 9x9 only; jigsaw 4..16 (16: about 0.4 s), 20 about a minute, 25 does not finish: no\n"
      "region layout with a solution is found, and it stops with exit 3 after about 2.5 minutes;\n"
      "killer 4x4..16x16 up to a second, 25x25 about 25 s.\n"
      "Exit: 0 ok; 2 usage or input error; 3 run-time failure; 130 stopped by SIGINT/SIGTERM (the\n"
      "puzzles written are whole and the first of the run, a --json document is closed; one line on\n"
      "stderr says how far it got and how to go on).");
  cmd->add_option("--rules", a->rules, "classic, x, windoku, jigsaw, killer; combined with commas "
                  "(x,windoku; jigsaw,x; killer,x; jigsaw,killer)")->default_val("classic");
  auto* shape = cmd->add_option("--shape", a->shape, "Box shape RxC, as in every command (3x3 for 9x9 grids, 2x3, 3x2, "
                                "4x4, 5x5); not for a jigsaw, whose regions replace the boxes: --size")
                    ->default_val("3x3");
  auto* size = cmd->add_option("--size", a->size, "Jigsaw only: the grid's side N, 4..25 (9: 9x9 grids)")->default_val(9);
  // --puzzles was --count, which in solve and enumerate counts solutions: the old spelling still
  // works, hidden from the help, and says its new name on stderr (README, "Commands").
  auto* puzzles = cmd->add_option("--puzzles", a->puzzles, "Number of puzzles to make (was --count)")
                      ->default_val(1)
                      ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1} << 40));
  auto* old_count = cmd->add_option("--count", a->puzzles, "The old name of --puzzles")
                        ->group("")
                        ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1} << 40))
                        ->each([](const std::string&) {
                          std::fprintf(stderr, "gridenum generate: --count N is now --puzzles N (--count counts solutions "
                                               "in solve and enumerate); the old name will be removed\n");
                        });
  // --seed, --first and --budget are 64-bit whole numbers, checked as such (options.hpp,
  // count_validator): CLI11 alone wrapped -1 and saturated 2^64 and 1e23 to 2^64 - 1.
  auto* seed = cmd->add_option("--seed", a->seed, "Seed (64-bit); without it a random seed, printed in the header")
                   ->check(count_validator());
  cmd->add_option("--first", a->first, "Index of the first puzzle (puzzles first..first+puzzles-1 of the seed's sequence)")
      ->default_val(0)
      ->check(count_validator());
  cmd->add_flag("--minimal", a->minimal, "No given can be removed (killer: no two cages merged); see below");
  cmd->add_option("--symmetry", a->symmetry, "Symmetry of the givens: none, rotational (180 degrees), mirror "
                  "(left-right)")->default_val("none")->check(CLI::IsMember({"none", "rotational", "mirror"}));
  cmd->add_option("--cage-max", a->cage_max, "Killer: the largest cage (0: n/2+1, at most 6)")->default_val(0)->check(CLI::Range(0, 25));
  cmd->add_option("--budget", a->budget, "Search nodes per uniqueness check while removing givens (0: no limit); a "
                  "given whose check runs out stays (killer: its cage is split). --minimal's last pass is exact")
      ->default_val(kDefaultBudget)
      ->check(count_validator());
  cmd->add_option("--perturb", a->perturb, "Test data: blank one given of each puzzle (remove) or change one (change), "
                  "and print the exact solution count ('givens:count:solution')")
      ->default_val("none")->check(CLI::IsMember({"none", "remove", "change"}));
  cmd->add_option("--format", a->format, "Puzzle format: line (the collections' lines) or json (one JSON spec per line)")
      ->default_val("line")->check(CLI::IsMember({"line", "json"}));
  cmd->add_flag("--stats", a->stats, "The difficulty hint per puzzle: givens and the solver's search (nodes, "
                "propagations, backtracks), as a comment line before it (JSON: a \"hint\" member)");
  cmd->add_flag("--json", a->json, "One JSON document: the puzzles with their hints, count, threads, seconds, stage times");
  add_threads_option(cmd, a->threads)->default_val(0);
  cmd->callback([a, seed, puzzles, old_count, shape, size] {
    if (puzzles->count() > 0 && old_count->count() > 0)
      throw CLI::ValidationError("--count", "the old name of --puzzles; give --puzzles only");
    run_generate(*a, seed->count() > 0, shape->count() > 0, size->count() > 0);
  });
});

}  // namespace
}  // namespace gridenum::cli
