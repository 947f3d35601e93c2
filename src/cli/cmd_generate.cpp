// `gridenum generate`: puzzles with exactly one solution (issue 12). Thin: parse the options,
// run generate_batch (puzzle/generate.hpp), print each puzzle in the format `solve` reads.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <memory>
#include <random>
#include <string>

#include "command.hpp"
#include "gridenum/core/timing.hpp"
#include "gridenum/count/pool.hpp"
#include "gridenum/puzzle/generate.hpp"
#include "gridenum/puzzle/puzzle_io.hpp"
#include "gridenum/puzzle/puzzle_write.hpp"

namespace gridenum::cli {
namespace {

struct GenerateArgs {
  std::string rules = "classic";
  std::string shape = "3x3";
  std::uint64_t count = 1;
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

int usage(const std::string& message) {
  fmt::print(stderr, "gridenum generate: {}\n", message);
  return 2;
}

void write(const std::string& s) { std::fwrite(s.data(), 1, s.size(), stdout); }

int run_generate(const GenerateArgs& a, bool seed_given) {
  GenerateOptions opt;
  std::string unknown;
  opt.rules = parse_rules(a.rules, &unknown);
  if (!unknown.empty()) return usage("unknown rule '" + unknown + "' for --rules (classic, x, windoku, jigsaw, killer)");
  // --shape: RxC, or a size N (the default box shape for N; a jigsaw's size).
  if (a.shape.find_first_of("xX") != std::string::npos) {
    const auto box = Shape::parse(a.shape);
    if (!box) return usage("bad --shape '" + a.shape + "' (RxC such as 3x3 or 2x3, or a size such as 9)");
    opt.box = (opt.rules & kRuleJigsaw) ? Shape{1, box->n()} : *box;
  } else {
    int n = 0;
    try {
      std::size_t used = 0;
      n = std::stoi(a.shape, &used);
      if (used != a.shape.size()) n = 0;
    } catch (const std::exception&) {
      n = 0;
    }
    if (n < 1 || n > 32) return usage("bad --shape '" + a.shape + "' (RxC such as 3x3 or 2x3, or a size such as 9)");
    if (opt.rules & kRuleJigsaw) {
      opt.box = Shape{1, n};
    } else if (const auto box = default_shape(n)) {
      opt.box = *box;
    } else {
      return usage("size " + std::to_string(n) + " has no box shape (n = R*C with R, C >= 2); a jigsaw takes any size 4..25");
    }
  }
  opt.minimal = a.minimal;
  opt.symmetry = *parse_symmetry(a.symmetry);  // CLI11 checked the names
  opt.perturb = *parse_perturb(a.perturb);
  opt.max_cage = a.cage_max;
  opt.budget = a.budget;
  if (auto why = generate_options_problem(opt)) return usage(*why);
  const PuzzleFormat format = a.format == "json" ? PuzzleFormat::Json : PuzzleFormat::Line;
  const bool counts = opt.perturb != Perturb::None;
  if (format == PuzzleFormat::Line)
    if (auto why = line_format_problem(opt.rules, !(opt.rules & kRuleKiller), counts)) return usage(*why);

  // Without --seed a fresh one, written in the header so that the run can be repeated.
  const std::uint64_t seed = seed_given ? a.seed : (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}();
  const std::string command = "gridenum " + generate_command(opt, seed, a.count, a.format) +
                              (a.first ? " --first " + std::to_string(a.first) : "");
  const int threads = resolve_threads(a.threads);

  const std::string hint = format == PuzzleFormat::Line ? solve_arguments(opt.rules, opt.box) : "";
  std::setvbuf(stdout, nullptr, _IOFBF, 1 << 16);
  if (a.json) {
    write("{\"command\":" + nlohmann::json(command).dump() + ",\"seed\":" + std::to_string(seed) +
          ",\"solve_arguments\":" + nlohmann::json(hint).dump() + ",\"puzzles\":[");
  } else {
    write("# " + command + "\n");
    if (!hint.empty()) write("# read with: gridenum solve " + hint + "\n");
  }
  GenerateTimes sum;
  std::uint64_t done = 0, givens = 0, nodes = 0;
  const auto start = SteadyClock::now();
  try {
    generate_batch(opt, seed, a.first, a.count, threads, [&](const GeneratedPuzzle& g) {
      const std::optional<std::uint64_t> count = counts ? std::optional<std::uint64_t>(g.solutions) : std::nullopt;
      const std::string text = write_puzzle(format, g.model, g.solution, count);
      const nlohmann::json stats = {
          {"nodes", g.stats.nodes}, {"propagations", g.stats.propagations}, {"backtracks", g.stats.backtracks}};
      if (a.json) {
        nlohmann::ordered_json j;
        j["index"] = g.index;
        j["puzzle"] = format == PuzzleFormat::Json ? nlohmann::ordered_json::parse(text) : nlohmann::ordered_json(text);
        j["givens"] = g.givens;
        j["solutions"] = g.solutions;
        j["stats"] = stats;
        j["fill_restarts"] = g.restarts;
        if (g.layouts) j["jigsaw_layouts"] = g.layouts;
        write((done ? "," : "") + j.dump());
      } else if (a.stats && format == PuzzleFormat::Json) {
        auto j = nlohmann::ordered_json::parse(text);
        j["givens"] = g.givens;
        j["stats"] = stats;
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
  } catch (const std::exception& e) {
    std::fflush(stdout);
    fmt::print(stderr, "gridenum generate: {}\n", e.what());
    return 3;
  }
  const double seconds = seconds_since(start);
  const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0;
  if (a.json) {
    const nlohmann::ordered_json tail = {
        {"count", done},
        {"threads", threads},
        {"seconds", seconds},
        {"puzzles_per_second", rate},
        {"stage_seconds", {{"fill", sum.fill}, {"layout", sum.layout}, {"reduce", sum.reduce}, {"stats", sum.stats}}}};
    std::string t = tail.dump();
    t.front() = ',';  // continue the document's object
    write("]" + t + "\n");
  }
  std::fflush(stdout);
  // The summary goes to stderr, so that stdout stays a puzzle file.
  if (!a.json)
    fmt::print(stderr,
               "gridenum generate: {} puzzles in {:.3f} s ({:.1f}/s) on {} threads; mean givens {:.1f}, mean nodes {:.1f}; "
               "stage CPU seconds: fill {:.3f}, layout {:.3f}, reduce {:.3f}, stats {:.3f}\n",
               done, seconds, rate, threads, done ? static_cast<double>(givens) / done : 0.0,
               done ? static_cast<double>(nodes) / done : 0.0, sum.fill, sum.layout, sum.reduce, sum.stats);
  return 0;
}

const RegisterCommand reg(25, [](CLI::App& root) {
  auto a = std::make_shared<GenerateArgs>();
  auto* cmd = root.add_subcommand("generate", "Generate puzzles with exactly one solution, reproducible from a seed");
  cmd->footer(
      "Each puzzle has exactly one solution (checked by the propagation solver, limit 2). Output:\n"
      "a header comment with the command that reproduces the run (and the `solve` options the\n"
      "line format needs), then one puzzle per line, with its solution:\n"
      "  classic, x, windoku  grid line 'givens:solution' (--perturb: 'givens:count:solution')\n"
      "  jigsaw               'N|givens|regions|solution'\n"
      "  killer               'N|RxC|cages|solution' (no givens: the cages alone fix the grid)\n"
      "or with --format json one JSON spec per line. Both are read by `gridenum solve`:\n"
      "  gridenum generate --rules x --count 10 | gridenum solve --rules x --unique\n"
      "Puzzle i depends only on --seed, i and the options (not on --threads): the same command\n"
      "prints the same puzzles on any machine. Without --seed a random seed is used (in the header).\n"
      "--minimal: no single given can be removed (the puzzle would get a second solution). With\n"
      "--symmetry none every puzzle is minimal anyway (one removal pass is enough); with a symmetry\n"
      "givens are removed in symmetric pairs, and --minimal adds a pass over single givens, which\n"
      "may break the symmetry. Killer: cages are grown at random, split until the cages alone give\n"
      "one solution, and lone cells merged into a neighbour where it stays unique; --minimal merges\n"
      "adjacent cages until no pair (at most --cage-max cells, no digit twice) can be merged: far\n"
      "harder puzzles, seconds each for 9x9. --symmetry does not apply (a killer has no givens).\n"
      "--stats: the propagation solver's search on each puzzle (as `solve --stats` prints it), a\n"
      "difficulty hint: a comment line before each puzzle (line format) or members of the JSON line.\n"
      "Sizes: classic, x and killer 4x4 (2x2) to 16x16 (4x4) run in milliseconds to seconds per\n"
      "puzzle; windoku 9x9 only; jigsaw 4..16. 25x25 and jigsaw/killer beyond 16 may take minutes per puzzle.\n"
      "Exit: 0 ok; 2 usage error; 3 run-time failure.");
  cmd->add_option("--rules", a->rules, "classic (default), x, windoku, jigsaw, killer; comma-separated combinations "
                  "(x,windoku; jigsaw,x; killer,x; ...)")->default_val("classic");
  cmd->add_option("--shape", a->shape, "Box shape RxC (3x3, 2x3, 3x2, 4x4, ...) or a size N (its default box shape; "
                  "a jigsaw's size)")->default_val("3x3");
  cmd->add_option("--count", a->count, "Number of puzzles")->default_val(1)->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1} << 40));
  auto* seed = cmd->add_option("--seed", a->seed, "Seed (64-bit); without it a random seed, printed in the header");
  cmd->add_option("--first", a->first, "Index of the first puzzle (puzzles first..first+count-1 of the seed's sequence)")
      ->default_val(0);
  cmd->add_flag("--minimal", a->minimal, "No given can be removed (see below)");
  cmd->add_option("--symmetry", a->symmetry, "Symmetry of the givens: none (default), rotational (180 degrees), mirror "
                  "(left-right)")->default_val("none")->check(CLI::IsMember({"none", "rotational", "mirror"}));
  cmd->add_option("--cage-max", a->cage_max, "Killer: the largest cage (default n/2+1, at most 6)")->default_val(0);
  cmd->add_option("--budget", a->budget, "Search nodes per uniqueness check while removing givens (0: no limit); a "
                  "given whose check runs out stays (killer: a cage is split instead). --minimal's last pass is exact")->default_val(kDefaultBudget);
  cmd->add_option("--perturb", a->perturb, "Test data: after making each puzzle, blank one given (remove) or set one to "
                  "another digit (change), and print the exact solution count")
      ->default_val("none")->check(CLI::IsMember({"none", "remove", "change"}));
  cmd->add_option("--format", a->format, "line (default) or json (one JSON spec per line)")
      ->default_val("line")->check(CLI::IsMember({"line", "json"}));
  cmd->add_flag("--stats", a->stats, "Print the solver's search statistics per puzzle (difficulty hint)");
  cmd->add_flag("--json", a->json, "One JSON document: the puzzles with givens, solutions and stats, times, threads");
  add_threads_option(cmd, a->threads)->default_val(0);
  cmd->callback([a, seed] {
    const int code = run_generate(*a, seed->count() > 0);
    if (code != 0) throw Exit{code};
  });
});

}  // namespace
}  // namespace gridenum::cli
