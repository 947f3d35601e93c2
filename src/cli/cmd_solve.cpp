// `gridenum solve`: solve, count or check the puzzles of a file or stdin (issue 5).
// Thin: parse options, stream the input through solve_batch, print each result in input order.
#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>

#include "command.hpp"
#include "options.hpp"
#include "gridenum/mip/mip.hpp"
#include "gridenum/puzzle/batch.hpp"
#include "gridenum/puzzle/puzzle_io.hpp"

namespace gridenum::cli {
namespace {

struct SolveArgs {
  std::string file = "-";
  std::string engine = "propagate";
  bool count = false;
  std::uint64_t limit = 0;
  bool unique = false;
  bool stats = false;
  bool pretty = false;
  bool json = false;
  int threads = 0;
  std::string shape;
  std::string rules;
  std::string mip_solver = "cbc";
  std::string formulation = "blp";
  std::string mip_format = "lp";
  double time_limit = 0;
};

int usage(const char* what, const std::string& value, const char* allowed) {
  std::fprintf(stderr, "gridenum solve: bad %s '%s' (%s)\n", what, value.c_str(), allowed);
  return 2;
}

int run_solve(const SolveArgs& a, CLI::App* limit_opt_owner) {
  // Checked here rather than by CLI11 validators so that usage errors exit with 2.
  if (a.engine != "propagate" && a.engine != "dlx" && a.engine != "mip") return usage("--engine", a.engine, "propagate, dlx, mip");
  if (a.mip_solver != "cbc" && a.mip_solver != "glpk") return usage("--mip-solver", a.mip_solver, "cbc, glpk");
  if (a.formulation != "blp" && a.formulation != "nlip" && a.formulation != "nlip-tight")
    return usage("--formulation", a.formulation, "blp, nlip, nlip-tight");
  if (a.mip_format != "lp" && a.mip_format != "mps") return usage("--mip-format", a.mip_format, "lp, mps");
  if (a.time_limit < 0) return usage("--time-limit", std::to_string(a.time_limit), "seconds, 0 for none");
  ReadOptions ropt;
  if (!a.shape.empty()) {
    ropt.shape = parse_box_shape(a.shape);
    if (auto why = box_shape_problem(*ropt.shape)) {
      std::fprintf(stderr, "gridenum solve: bad --shape: %s\n", why->c_str());
      return 2;
    }
  }
  ropt.rules |= parse_grid_rules(a.rules);
  BatchOptions bopt;
  bopt.threads = a.threads;
  bopt.solve.engine = a.engine == "dlx" ? Engine::Dlx : Engine::Propagate;
  const bool limit_given = limit_opt_owner->get_option("--limit")->count() > 0;
  bopt.solve.limit = a.unique ? 2 : limit_given ? a.limit : a.count ? 0 : 1;
  if (a.engine == "mip" && (a.count || a.unique || (limit_given && a.limit != 1))) {
    std::fprintf(stderr, "gridenum solve: the MIP engine finds one solution; --count, --unique and --limit need "
                         "--engine propagate or dlx\n");
    return 2;
  }
  if (a.unique && limit_given && a.limit != 2) {
    std::fprintf(stderr, "gridenum solve: --unique checks with limit 2; drop --limit\n");
    return 2;
  }
  // Combinations that would otherwise be silently ignored.
  if (a.count && a.unique) {
    std::fprintf(stderr, "gridenum solve: give --count (the number of solutions) or --unique (unique/multiple/none), "
                         "not both\n");
    return 2;
  }
  if (limit_given && !a.count && !a.unique && a.engine != "mip") {
    std::fprintf(stderr, "gridenum solve: --limit bounds --count; without --count the first solution is printed\n");
    return 2;
  }
  if (a.stats && a.engine == "mip") {
    std::fprintf(stderr, "gridenum solve: --stats reports the search of the propagate and dlx engines; the MIP "
                         "solver's own log is not read\n");
    return 2;
  }
  if (a.engine == "mip") {
    MipSolveOptions mip;
    mip.solver = a.mip_solver;
    mip.formulation = a.formulation;
    mip.format = a.mip_format;
    mip.time_limit_seconds = a.time_limit;
    bopt.solve.external = [mip](const Model& m) { return solve_mip(m, mip); };
  }

  std::unique_ptr<std::ifstream> file;
  std::istream* in = &std::cin;
  if (a.file != "-") {
    file = std::make_unique<std::ifstream>(a.file);
    if (!*file) {
      std::fprintf(stderr, "gridenum solve: cannot open '%s'\n", a.file.c_str());
      return 2;
    }
    in = file.get();
  }
  std::ios::sync_with_stdio(false);
  PuzzleReader reader(*in, ropt);
  std::size_t failed = 0, errors = 0, runtime = 0;
  std::string out;
  solve_batch(reader, bopt, [&](BatchItem& it) {
    out.clear();
    const std::size_t line = it.input.line;
    if (it.input.error) {
      ++errors;
      const auto& e = *it.input.error;
      std::fprintf(stderr, "gridenum solve: line %zu, column %zu: %s\n", e.line, e.column, e.message.c_str());
      if (a.json) {
        nlohmann::json j{{"line", e.line}, {"column", e.column}, {"error", e.message}};
        out = j.dump() + "\n";
      } else {
        out = "error\n";
      }
      std::fwrite(out.data(), 1, out.size(), stdout);
      return;
    }
    if (it.failure) {
      ++runtime;
      std::fprintf(stderr, "gridenum solve: line %zu: %s\n", line, it.failure->c_str());
      out = a.json ? nlohmann::json{{"line", line}, {"error", *it.failure}}.dump() + "\n" : "error\n";
      std::fwrite(out.data(), 1, out.size(), stdout);
      return;
    }
    const Puzzle& p = *it.input.puzzle;
    const SolveResult& r = it.result;
    if (it.listed_mismatch) {  // the line's listed solution disagrees with the rules or the solver
      ++failed;
      std::fprintf(stderr, "gridenum solve: line %zu: %s\n", line, it.listed_mismatch->c_str());
    }
    const int n = p.model.n;
    const char* verdict = r.count == 0 ? "none" : r.count == 1 ? "unique" : "multiple";
    // Plain solving fails a line without solution; counting and --unique report it instead.
    if (r.count == 0 && !a.count && !a.unique) ++failed;
    if (a.json) {
      nlohmann::json j{{"line", line}, {"count", r.count}};
      if (a.unique) j["unique"] = verdict;
      if (!r.solution.empty()) j["solution"] = format_line(r.solution, n);
      if (a.stats)
        j["stats"] = {{"nodes", r.stats.nodes}, {"propagations", r.stats.propagations}, {"backtracks", r.stats.backtracks}};
      out = j.dump() + "\n";
    } else {
      if (a.unique) {
        out = verdict;
        if (!r.solution.empty() && r.count == 1) out += " " + format_line(r.solution, n);
      } else if (a.count) {
        out = std::to_string(r.count);
      } else if (r.solution.empty()) {
        out = "none";
      } else if (!a.pretty) {
        out = format_line(r.solution, n);
      }
      if (a.stats)
        out += (out.empty() ? "" : " ") + std::string("nodes=") + std::to_string(r.stats.nodes) +
               " propagations=" + std::to_string(r.stats.propagations) + " backtracks=" + std::to_string(r.stats.backtracks);
      if (!out.empty()) out += "\n";
      if (a.pretty && !r.solution.empty() && !a.count) out += format_pretty(p.model, r.solution) + "\n";
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
  });
  std::fflush(stdout);
  return runtime > 0 ? 3 : errors + failed > 0 ? 1 : 0;
}

const RegisterCommand reg(20, [](CLI::App& root) {
  auto a = std::make_shared<SolveArgs>();
  auto* cmd = root.add_subcommand("solve", "Solve Sudoku puzzles, one per line (or JSON specs), in input order");
  cmd->footer(
      "Input: one puzzle per line. A grid line has n*n symbols row by row ('.' or '0' blank,\n"
      "1-9 then A.. for 10..n; 81 for 9x9, 256 for 16x16; box shape from n or --shape).\n"
      "Also the collection lines N|givens|regions|solution (jigsaw) and N|RxC|cages|solution\n"
      "(killer, cages 'sum:cell,cell,...;...'), and JSON specs (a line starting with '{', or a\n"
      "whole JSON document): {\"shape\":\"3x3\",\"rules\":[\"x\",\"windoku\",\"jigsaw\",\"killer\"],\n"
      "\"givens\":\"...\",\"regions\":\"...\",\"cages\":[{\"sum\":15,\"cells\":[0,1]}]}.\n"
      "Output: one line per puzzle in input order: the solution, 'none', the count (--count),\n"
      "or unique/multiple/none (--unique). Bad lines print 'error' and a message with line and\n"
      "column on stderr; the rest is still solved. A solution listed on the line (collection\n"
      "formats, JSON \"solution\") is checked against the rules and against what the solver found.\n"
      "Exit: 0 ok; 1 some line failed (bad input, no solution without --count/--unique, or a\n"
      "listed solution that is wrong or disagrees with the solver);\n"
      "2 usage error or unreadable file; 3 an engine failed at run time (e.g. no MIP solver).");
  cmd->add_option("file", a->file, "Puzzle file, '-' for stdin")->default_val("-");
  cmd->add_option("--engine", a->engine, "propagate (default), dlx (dancing links) or mip (external MIP solver)")
      ->default_val("propagate");
  cmd->add_flag("--count", a->count, "Print the number of solutions (all of them unless --limit)");
  cmd->add_option("--limit", a->limit, "With --count: stop at K solutions (0: no limit, the default)");
  cmd->add_flag("--unique", a->unique, "Print unique, multiple or none (stops at the 2nd solution)");
  cmd->add_flag("--stats", a->stats, "Also print search nodes, propagated digits and backtracks per puzzle");
  cmd->add_flag("--pretty", a->pretty, "Print each solution as a grid with boxes");
  cmd->add_flag("--json", a->json, "One JSON object per puzzle (line, count, solution, stats, error)");
  add_threads_option(cmd, a->threads)->default_val(0);
  cmd->add_option("--shape", a->shape, "Box shape RxC for grid lines, e.g. 3x4 for 12x12 (default: from the length)");
  cmd->add_option("--rules", a->rules, "Extra rules for grid lines: x (diagonals), windoku; comma-separated");
  cmd->add_option("--mip-solver", a->mip_solver, "MIP engine: cbc (default) or glpk");
  cmd->add_option("--formulation", a->formulation, "MIP engine: blp (binary x[i,j,k], default), nlip (integer x[i,j], the thesis's\n"
                  "linearisation) or nlip-tight (one binary per pair, unit sums)");
  cmd->add_option("--mip-format", a->mip_format, "MIP engine: the model file given to the solver, lp (default) or mps");
  cmd->add_option("--time-limit", a->time_limit, "MIP engine: seconds per puzzle (0: none)");
  cmd->callback([a, cmd] {
    const int code = run_solve(*a, cmd);
    if (code != 0) throw Exit{code};
  });
});

}  // namespace
}  // namespace gridenum::cli
