// `gridenum grid canon | equiv | auto | info | census | sample | rank | unrank`: one grid's minlex
// form, equivalence of two grids, the automorphism group, the band classes (grid/canon.hpp,
// grid/grid_info.hpp), the grids with automorphisms (grid/automorphism_census.hpp), exactly uniform random grids and the bijection between the grids and
// 0 .. total-1 (grid/sample.hpp, grid/rank.hpp; the conventions in docs/grid-tools.md). Thin: read the grids (grid/grid_io.hpp: every format the
// puzzle reader takes, bad input an InputError naming line and column, exit 2), compute on
// oneTBB in batches (output in input order), print text or JSON lines (one object per grid).
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <nlohmann/json.hpp>

#include <fcntl.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <random>

#include <fmt/format.h>

#include "command.hpp"
#include "options.hpp"
#include "output.hpp"
#include "gridenum/core/atomic_file.hpp"
#include "gridenum/core/errors.hpp"
#include "gridenum/core/threads.hpp"
#include "gridenum/grid/automorphism_census.hpp"
#include "gridenum/grid/canon.hpp"
#include "gridenum/grid/grid_info.hpp"
#include "gridenum/grid/grid_io.hpp"
#include "gridenum/grid/rank.hpp"
#include "gridenum/grid/sample.hpp"

namespace gridenum::cli {
namespace {

struct GridArgs {
  std::string file = "-";
  std::vector<std::string> pair;  // equiv: two grids or files
  std::string shape;
  int threads = 0;
  bool json = false;
  bool no_transpose = false;
  // sample / unrank
  std::uint64_t count = 1;
  std::uint64_t seed = 0;
  std::vector<std::string> ranks;
  // census
  std::string forms;
};

// The ranker of a shape given with --shape (sample, unrank): a shape no ranker takes is a usage
// error naming the ones they do.
const GridRanker& ranker_for_option(const std::string& shape) {
  const Shape s = parse_box_shape(shape);
  check_shape(s, is_rank_shape(s) ? std::nullopt
                                  : std::optional<std::string>("rank, unrank and sample take the shapes " + rank_shapes_text()));
  return grid_ranker(s);
}

ReadOptions grid_read_options(const GridArgs& a) {
  ReadOptions r;
  if (!a.shape.empty()) {
    r.shape = parse_box_shape(a.shape);
    const Shape s = *r.shape;
    check_shape(s, is_grid_tool_shape(s) ? std::nullopt
                                         : std::optional<std::string>("the grid tools take 4 to 12 digits (2x2 .. 6x2)"));
  }
  return r;
}

// The grids of FILE ('-': standard input), or of one grid written on the command line when
// `text_allowed` and no such file exists.
std::vector<GridInput> load_grids(const std::string& arg, const ReadOptions& opt, bool text_allowed) {
  if (arg == "-") {
    if (::fcntl(0, F_GETFL) == -1) throw InputError("standard input is closed; give a grid file or pipe grids in");
    std::ios::sync_with_stdio(false);
    return read_grids(std::cin, "", opt);
  }
  if (std::filesystem::is_directory(arg)) throw InputError("'" + arg + "' is a directory; give a grid file");
  if (std::filesystem::exists(arg)) {
    std::ifstream in(arg);
    if (!in) throw InputError("cannot open '" + arg + "'");
    return read_grids(in, arg, opt);
  }
  if (text_allowed) return {parse_grid_text(arg, "grid '" + arg.substr(0, 20) + (arg.size() > 20 ? "...'" : "'"), opt)};
  throw InputError("no file '" + arg + "'");
}

// f(grid) for every grid on `threads` threads; the results in input order.
template <class R, class F>
std::vector<R> map_grids(const std::vector<GridInput>& grids, int threads, F&& f) {
  std::vector<R> out(grids.size());
  oneapi::tbb::task_arena arena(resolve_threads(threads));
  arena.execute([&] {
    oneapi::tbb::parallel_for(std::size_t{0}, grids.size(), [&](std::size_t i) { out[i] = f(grids[i]); });
  });
  return out;
}

std::string json_text(const nlohmann::json& j) { return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n"; }

nlohmann::json element_json(const GridElement& g) {
  auto one_based = [](const Perm& p) {
    std::vector<int> v;
    for (int x : p) v.push_back(x + 1);
    return v;
  };
  return {{"rows", one_based(g.geo.rows)}, {"columns", one_based(g.geo.cols)}, {"transpose", g.geo.transpose},
          {"digits", one_based(g.digits)}, {"text", element_text(g)}};
}

void run_canon(const GridArgs& a) {
  const auto grids = load_grids(a.file, grid_read_options(a), false);
  CanonOptions opt;
  opt.transposition = !a.no_transpose;
  const auto results = map_grids<CanonResult>(grids, a.threads, [&](const GridInput& g) { return canonical_form(g.shape, g.cells, opt); });
  std::string out;
  for (std::size_t i = 0; i < grids.size(); ++i) {
    const std::string form = grid_string(results[i].form);
    if (a.json)
      out += json_text({{"line", grids[i].line}, {"shape", grids[i].shape.str()}, {"canonical", form},
                        {"transposition", results[i].transposition}, {"automorphisms", results[i].automorphisms}});
    else
      out += form + "\n";
  }
  write_stdout(out);
}

void run_auto(const GridArgs& a) {
  const auto grids = load_grids(a.file, grid_read_options(a), false);
  struct Both {
    Automorphisms with, without;
    bool square = false;
  };
  const auto results = map_grids<Both>(grids, a.threads, [&](const GridInput& g) {
    Both b;
    b.square = g.shape.rows == g.shape.cols;
    b.without = automorphisms(g.shape, g.cells, false);
    if (b.square && !a.no_transpose) b.with = automorphisms(g.shape, g.cells, true);
    return b;
  });
  std::string out;
  for (std::size_t i = 0; i < grids.size(); ++i) {
    const Both& b = results[i];
    const bool with = b.square && !a.no_transpose;
    const Automorphisms& main = with ? b.with : b.without;
    if (a.json) {
      nlohmann::json j{{"line", grids[i].line}, {"shape", grids[i].shape.str()}, {"order", main.order},
                       {"transposition", with}, {"order_without_transposition", b.without.order}};
      j["generators"] = nlohmann::json::array();
      for (const GridElement& g : main.generators) j["generators"].push_back(element_json(g));
      out += json_text(j);
      continue;
    }
    out += fmt::format("line {}: {} grid, {} automorphism{}", grids[i].line, grids[i].shape.str(), main.order,
                       main.order == 1 ? "" : "s");
    if (with) out += fmt::format(" ({} without transposition)", b.without.order);
    out += "\n";
    for (std::size_t k = 0; k < main.generators.size(); ++k)
      out += fmt::format("  generator {}: {}\n", k + 1, element_text(main.generators[k]));
  }
  write_stdout(out);
}

std::string class_list(const std::vector<int>& classes) {
  std::string s;
  for (std::size_t i = 0; i < classes.size(); ++i) s += (i ? ", " : "") + std::to_string(classes[i]);
  return s;
}

void run_info(const GridArgs& a) {
  const auto grids = load_grids(a.file, grid_read_options(a), false);
  // The catalogues are built once per shape (grid_info.cpp), before the batch's threads ask.
  const auto results = map_grids<GridInfo>(grids, a.threads, [](const GridInput& g) { return grid_info(g.shape, g.cells); });
  std::string out;
  for (std::size_t i = 0; i < grids.size(); ++i) {
    const GridInfo& r = results[i];
    const bool square = r.shape.rows == r.shape.cols;
    if (a.json) {
      nlohmann::json j{{"line", grids[i].line}, {"shape", r.shape.str()}, {"canonical", grid_string(r.canonical)},
                       {"automorphisms", r.automorphisms}, {"automorphisms_without_transposition", r.automorphisms_untransposed}};
      if (r.classes_known) {
        j["band_classes"] = r.band_classes;
        j["stack_classes"] = r.stack_classes;
        j["band_class_count"] = r.band_class_count;
        j["stack_class_count"] = r.stack_class_count;
      }
      out += json_text(j);
      continue;
    }
    out += fmt::format("line {}: {} grid\n  canonical      {}\n  automorphisms  {}", grids[i].line, r.shape.str(),
                       grid_string(r.canonical), r.automorphisms);
    if (square) out += fmt::format(" ({} without transposition)", r.automorphisms_untransposed);
    out += "\n";
    if (r.classes_known) {
      out += fmt::format("  band classes   {} (of {}, top band first)\n", class_list(r.band_classes), r.band_class_count);
      out += fmt::format("  stack classes  {} (of {}{})\n", class_list(r.stack_classes), r.stack_class_count,
                         square ? "" : ", as bands of " + Shape{r.shape.cols, r.shape.rows}.str());
    }
  }
  write_stdout(out);
}

void run_equiv(const GridArgs& a) {
  const ReadOptions ropt = grid_read_options(a);
  if (a.pair.size() != 2) throw InputError("give two grids or two files");
  if (a.pair[0] == "-" && a.pair[1] == "-") throw InputError("standard input ('-') can be one of the two, not both");
  const auto as = load_grids(a.pair[0], ropt, true), bs = load_grids(a.pair[1], ropt, true);
  if (as.size() != bs.size())
    throw InputError(fmt::format("'{}' holds {} grids and '{}' {}: the grids are compared in pairs", a.pair[0], as.size(),
                                 a.pair[1], bs.size()));
  struct Answer {
    bool same_shape = false, equivalent = false, transposed = false;
  };
  std::vector<Answer> res(as.size());
  oneapi::tbb::task_arena arena(resolve_threads(a.threads));
  arena.execute([&] {
    oneapi::tbb::parallel_for(std::size_t{0}, as.size(), [&](std::size_t i) {
      const GridInput &x = as[i], &y = bs[i];
      Answer& r = res[i];
      r.same_shape = x.shape == y.shape;
      if (r.same_shape) {
        r.equivalent = equivalent(x.shape, x.cells, y.cells, !a.no_transpose);
        r.transposed = x.shape.rows != x.shape.cols && equivalent_to_transpose(x.shape, x.cells, y.cells);
      } else if (x.shape == Shape{y.shape.cols, y.shape.rows}) {
        // A is R x C, B is C x R: B's transpose is an R x C grid.
        r.transposed = equivalent(x.shape, x.cells, transpose_grid(y.shape, y.cells), true);
      }
    });
  });
  std::string out;
  bool all = true;
  for (std::size_t i = 0; i < as.size(); ++i) {
    const Answer& r = res[i];
    const bool square = as[i].shape.rows == as[i].shape.cols;
    all = all && (r.equivalent || (square && r.transposed));
    if (a.json) {
      nlohmann::json j{{"line_a", as[i].line}, {"line_b", bs[i].line}, {"shape_a", as[i].shape.str()},
                       {"shape_b", bs[i].shape.str()}, {"equivalent", r.equivalent}};
      if (!square) j["equivalent_to_transpose"] = r.transposed;
      out += json_text(j);
      continue;
    }
    std::string line = as.size() > 1 ? fmt::format("lines {} and {}: ", as[i].line, bs[i].line) : std::string();
    if (!r.same_shape)
      line += fmt::format("not equivalent (box shapes {} and {})", as[i].shape.str(), bs[i].shape.str());
    else
      line += r.equivalent ? "equivalent" : "not equivalent";
    if (!square)
      line += r.transposed ? "; A is equivalent to the transpose of B" : "; A is not equivalent to the transpose of B";
    out += line + "\n";
  }
  write_stdout(out);
  if (!all) throw Exit{1};
}

// Sample i of the run is unrank(u_i), u_i exact-uniform from (seed, i) (grid/sample.hpp), so the
// output does not depend on --threads. Printed in chunks, each computed on the threads.
void run_sample(const GridArgs& a, bool seed_given) {
  const GridRanker& ranker = ranker_for_option(a.shape);
  const std::uint64_t seed = seed_given ? a.seed : (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}();
  if (!seed_given) std::cerr << "gridenum: seed " << seed << " (give --seed " << seed << " to repeat this sample)\n";
  oneapi::tbb::task_arena arena(resolve_threads(a.threads));
  constexpr std::uint64_t kChunk = 1 << 14;
  std::vector<std::pair<u128, GridCells>> out;
  for (std::uint64_t from = 0; from < a.count; from += kChunk) {
    const std::uint64_t n = std::min(kChunk, a.count - from);
    out.assign(n, {});
    arena.execute([&] {
      oneapi::tbb::parallel_for(std::uint64_t{0}, n, [&](std::uint64_t k) {
        const u128 r = sample_rank(ranker, seed, from + k);
        out[k] = {r, ranker.unrank(r)};
      });
    });
    std::string text;
    for (std::uint64_t k = 0; k < n; ++k) {
      const std::string g = grid_string(out[k].second);
      if (a.json)
        text += json_text({{"index", from + k}, {"seed", seed}, {"shape", ranker.shape().str()},
                           {"rank", to_string(out[k].first)}, {"grid", g}});
      else
        text += g + "\n";
    }
    write_stdout(text);
  }
}

void run_rank(const GridArgs& a) {
  const auto grids = load_grids(a.file, grid_read_options(a), false);
  for (const GridInput& g : grids)
    if (!is_rank_shape(g.shape))
      throw InputError(fmt::format("line {}: a {} grid: rank, unrank and sample take the shapes {}", g.line, g.shape.str(),
                                   rank_shapes_text()));
  const auto ranks = map_grids<u128>(grids, a.threads, [](const GridInput& g) { return grid_ranker(g.shape).rank(g.cells); });
  std::string out;
  for (std::size_t i = 0; i < grids.size(); ++i) {
    if (a.json)
      out += json_text({{"line", grids[i].line}, {"shape", grids[i].shape.str()}, {"rank", to_string(ranks[i])},
                        {"total", to_string(grid_ranker(grids[i].shape).total())}});
    else
      out += to_string(ranks[i]) + "\n";
  }
  write_stdout(out);
}

void run_unrank(const GridArgs& a) {
  const GridRanker& ranker = ranker_for_option(a.shape);
  const std::string range = fmt::format("{} grids have the ranks 0 .. {}", ranker.shape().str(), to_string(ranker.total() - 1));
  std::vector<u128> ns;
  for (const std::string& text : a.ranks) {
    const auto n = parse_u128(text);
    if (!n) throw InputError(fmt::format("rank '{}' is not a decimal integer: {}", text, range));
    if (*n >= ranker.total()) throw InputError(fmt::format("rank {} is out of range: {}", text, range));
    ns.push_back(*n);
  }
  std::string out;
  for (const u128 n : ns) {
    const std::string g = grid_string(ranker.unrank(n));
    out += a.json ? json_text({{"rank", to_string(n)}, {"shape", ranker.shape().str()}, {"grid", g}}) : g + "\n";
  }
  write_stdout(out);
}

// `grid census`: the essentially different grids with a non-trivial automorphism, by |Aut|
// (grid/automorphism_census.hpp). Progress per class on stderr; the table (or JSON) on stdout; with
// --forms every orbit's canonical form and |Aut|, written whole or not at all.
void run_census(const GridArgs& a) {
  const Shape s = parse_box_shape(a.shape);
  check_shape(s, is_grid_tool_shape(s) && s.n() <= 9
                     ? std::nullopt
                     : std::optional<std::string>("the census takes 4 to 9 digits (2x2, 2x3, 3x2, 2x4, 4x2, 3x3): from 10 "
                                                  "digits on a class fixes up to 1e14 grids, too many to list"));
  AutomorphismCensusOptions opt;
  opt.shape = s;
  opt.transposition = s.rows == s.cols && !a.no_transpose;
  opt.threads = a.threads;
  opt.keep_forms = !a.forms.empty();
  if (opt.keep_forms) {  // before the minutes of work, not after
    const std::filesystem::path dir = std::filesystem::absolute(a.forms).parent_path();
    if (std::filesystem::is_directory(a.forms)) throw InputError("--forms '" + a.forms + "' is a directory; give a file name");
    if (!std::filesystem::is_directory(dir))
      throw InputError("--forms '" + a.forms + "': the folder '" + dir.string() + "' does not exist");
  }
  const AutomorphismCensus c = automorphism_census(opt, [](const CensusClassRow& row, std::size_t done, std::size_t of) {
    if (!row.listed || row.seconds < 1.0) return;  // a line for the classes that take a while
    std::cerr << fmt::format("class {} (order {}, {} elements): {} grids listed, {} new orbits, {:.1f} s ({} of {} classes)\n",
                             row.number, row.order, row.size, row.visited, row.new_orbits, row.seconds, done, of);
  });
  if (opt.keep_forms) {
    std::string text;
    text.reserve(c.forms.size() * (static_cast<std::size_t>(s.cells()) + 6));
    for (const auto& [form, aut] : c.forms) text += fmt::format("{} {}\n", form, aut);
    write_file_atomic(a.forms, text);
  }
  const std::string group = c.transposition ? "with transposition" : "without transposition";
  if (a.json) {
    nlohmann::json j{{"shape", s.str()},
                     {"transposition", c.transposition},
                     {"group_order", c.group_order.str()},
                     {"orbits_with_automorphisms", c.orbits},
                     {"grids_listed", c.visited},
                     {"check", {{"pairs_by_orbits", c.pairs_by_orbits.str()},
                                {"pairs_by_classes", c.pairs_by_classes.str()},
                                {"holds", c.check_holds}}},
                     {"seconds", c.seconds}};
    j["by_order"] = nlohmann::json::array();
    for (const auto& [aut, k] : c.by_order) j["by_order"].push_back({{"automorphisms", aut}, {"grids", k}});
    j["classes"] = nlohmann::json::array();
    for (const CensusClassRow& r : c.classes)
      j["classes"].push_back({{"class", r.number}, {"element", r.text}, {"size", r.size}, {"order", r.order},
                              {"fixed", to_string(r.fixed)}, {"listed", r.listed}, {"grids_listed", r.visited},
                              {"new_orbits", r.new_orbits}, {"seconds", r.seconds}});
    write_stdout(json_text(j));
    return;
  }
  std::string out = fmt::format("Essentially different {}x{} grids ({} boxes, {}) with a non-trivial automorphism: {}\n",
                                s.n(), s.n(), s.str(), group, c.orbits);
  out += "  |Aut|  grids\n";
  for (const auto& [aut, k] : c.by_order) out += fmt::format("  {:>5}  {}\n", aut, k);
  out += fmt::format("Check: sum over these orbits of |G| (1 - 1/|Aut|) = {} = sum over g != 1 of f(g) (the class table)\n",
                     c.pairs_by_orbits.str());
  std::size_t listed = 0;
  for (const CensusClassRow& r : c.classes) listed += r.listed ? 1 : 0;
  out += fmt::format("{} grids listed from the {} classes of prime order (of {} fixing a grid), {:.1f} s\n", c.visited, listed,
                     c.classes.size(), c.seconds);
  write_stdout(out);
}

void add_common(CLI::App* cmd, GridArgs& a, bool batch) {
  cmd->add_option("--shape", a.shape,
                  "Box shape RxC of the grids, e.g. 3x4 for 12x12 (default: from the length, as solve: 6 -> 2x3, "
                  "8 -> 2x4, 10 -> 2x5, 12 -> 3x4)");
  if (batch) add_threads_option(cmd, a.threads, "Worker threads for a batch of grids")->default_val(0);
  cmd->add_flag("--json", a.json, "One JSON object per line: per grid (per pair for equiv), in input order");
}

const RegisterCommand register_grid(17, [](CLI::App& root) {
  auto* cmd = root.add_subcommand(
      "grid", "Grid tools: the minlex canonical form of a grid, equivalence of two grids, automorphisms, band classes, "
              "the census of grids with automorphisms, uniform random grids, rank and unrank");
  cmd->require_subcommand(1);
  cmd->footer(
      "Grids: one per line in any format solve reads (a line of N*N symbols 1-9, A.. for 10..; rows on\n"
      "lines; the drawn grid; JSON) with every cell filled, N from 4 to 12. The group: band, row, stack and\n"
      "column permutations, relabelling, and transposition for square boxes (docs/grid-tools.md).\n"
      "Exit: 0 done (equiv: every pair equivalent); 1 equiv: a pair not equivalent; 2 usage or input error\n"
      "(the line and column of the fault); 3 run-time error.");
  const char* file_help = "The grid file, one grid per line or block ('-': standard input)";

  auto a = std::make_shared<GridArgs>();
  auto* canon = cmd->add_subcommand(
      "canon", "Print the minlex form of each grid: the smallest row-major string over the group, digits relabelled "
               "1, 2, .. in order of first appearance (9x9: starts 123456789)");
  canon->add_option("FILE", a->file, file_help)->default_val("-");
  add_common(canon, *a, true);
  canon->add_flag("--no-transpose", a->no_transpose, "Leave transposition out of the group (square boxes; never in it otherwise)");
  canon->callback([a] { run_canon(*a); });

  a = std::make_shared<GridArgs>();
  auto* equiv = cmd->add_subcommand(
      "equiv", "Say whether two grids are equivalent (same minlex form); for RxC boxes with R != C also whether A is "
               "equivalent to the transpose of B");
  equiv->add_option("FILE", a->pair,
                    "Two grids, each a grid line or a file of grids compared pair by pair ('-': standard input)")
      ->expected(2)
      ->required();
  add_common(equiv, *a, true);
  equiv->add_flag("--no-transpose", a->no_transpose, "Leave transposition out of the group (square boxes; never in it otherwise)");
  equiv->callback([a] { run_equiv(*a); });

  a = std::make_shared<GridArgs>();
  auto* aut = cmd->add_subcommand(
      "auto", "Print the order of each grid's automorphism group (the elements of the group that map it onto itself, "
              "relabelling included) and a small set of generators");
  aut->add_option("FILE", a->file, file_help)->default_val("-");
  add_common(aut, *a, true);
  aut->add_flag("--no-transpose", a->no_transpose, "Leave transposition out of the group (square boxes; never in it otherwise)");
  aut->callback([a] { run_auto(*a); });

  a = std::make_shared<GridArgs>();
  auto* info = cmd->add_subcommand(
      "info", "Print each grid's minlex form, automorphism orders with and without transposition, and (N <= 9) the "
              "catalogue class of every band and stack (9x9: the 44 Felgenhauer-Jarvis band classes)");
  info->add_option("FILE", a->file, file_help)->default_val("-");
  add_common(info, *a, true);
  info->callback([a] { run_info(*a); });

  a = std::make_shared<GridArgs>();
  auto* census = cmd->add_subcommand(
      "census", "Count the essentially different grids that have a non-trivial automorphism, by the order of the "
                "group (|Aut|): the grids fixed by each element of prime order, listed and canonicalised; checked "
                "against the Burnside class table (9x9: a minute or two on 2 threads)");
  census->add_option("--shape", a->shape, "Box shape RxC: 2x2, 2x3, 3x2, 2x4, 4x2 or 3x3")
      ->default_val("3x3");
  add_threads_option(census, a->threads, "Worker threads")->default_val(0);
  census->add_flag("--json", a->json, "One JSON object: the table by |Aut|, the check, every class that fixes a grid");
  census->add_flag("--no-transpose", a->no_transpose, "Leave transposition out of the group (square boxes; never in it otherwise)");
  census->add_option("--forms", a->forms, "Also write every such grid's canonical form and |Aut|, one per line, to this file");
  census->callback([a] { run_census(*a); });

  a = std::make_shared<GridArgs>();
  auto* sample = cmd->add_subcommand(
      "sample", "Print grids drawn exactly uniformly from every grid of the shape (shapes " + rank_shapes_text() +
                    "): sample i is unrank(u), u uniform in [0, total) from (seed, i) by rejection on the bits; "
                    "the same seed gives the same grids on any number of threads");
  sample->add_option("--shape", a->shape, "Box shape RxC (" + rank_shapes_text() + ")")->required();
  sample->add_option("--count", a->count, "How many grids")->default_val(1)->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
  auto* seed = sample->add_option("--seed", a->seed, "Seed (default: a fresh one, printed on stderr)");
  add_threads_option(sample, a->threads, "Worker threads")->default_val(0);
  sample->add_flag("--json", a->json, "One JSON object per grid: index, seed, shape, rank, grid");
  sample->callback([a, seed] { run_sample(*a, seed->count() > 0); });

  a = std::make_shared<GridArgs>();
  auto* rank = cmd->add_subcommand(
      "rank", "Print each grid's rank: its index in 0 .. total-1 under the bijection of docs/grid-tools.md (the "
              "relabelling's permutation index, then the index of the relabelled grid: lexicographic for 4x4 and 6x6, "
              "through the bands for 8x8 and 9x9, through the stacks for 10x10); shapes " + rank_shapes_text());
  rank->add_option("FILE", a->file, file_help)->default_val("-");
  add_common(rank, *a, true);
  rank->callback([a] { run_rank(*a); });

  a = std::make_shared<GridArgs>();
  auto* unrank = cmd->add_subcommand("unrank", "Print the grid of each RANK (0 <= RANK < total; the inverse of rank)");
  unrank->add_option("RANK", a->ranks, "Ranks, decimal integers from 0 to total-1")->required();
  unrank->add_option("--shape", a->shape, "Box shape RxC (" + rank_shapes_text() + ")")->required();
  unrank->add_flag("--json", a->json, "One JSON object per rank: rank, shape, grid");
  unrank->callback([a] { run_unrank(*a); });
});

}  // namespace
}  // namespace gridenum::cli
