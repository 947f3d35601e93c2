// `gridenum solve`: solve, count or check the puzzles of a file or stdin.
// Thin: parse options, stream the input through solve_batch, print each result in input order.
#include <nlohmann/json.hpp>

#include <fcntl.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

#include <fmt/core.h>

#include "command.hpp"
#include "output.hpp"
#include "options.hpp"
#include "gridenum/core/stop.hpp"
#include "gridenum/core/timing.hpp"
#include "gridenum/core/threads.hpp"
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
  bool summary = false;
  bool csv = false;
  int threads = 0;
  std::string shape;
  std::string rules;
  std::string mip_solver = "cbc";
  std::string formulation = "blp";
  std::string mip_format = "lp";
  double time_limit = 0;
  std::uint64_t node_limit = 0;
};

// One JSON output line. Text from the input (an error message quoting it, a path) may hold bytes
// that are not UTF-8, which nlohmann's dump() refuses with an exception that ended the whole
// batch: they are replaced with U+FFFD instead.
std::string json_line(const nlohmann::json& j) {
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

// --csv: one header, then one row per input item with every column, empty where it does not apply;
// a field holding a comma, a quote or a line break is quoted (RFC 4180).
constexpr const char* kCsvHeader = "line,status,count,unique,solution,nodes,propagations,backtracks,error\n";

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

std::string csv_error_row(std::size_t line, const std::string& message) {
  return std::to_string(line) + ",error,,,,,,," + csv_field(message) + "\n";
}

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
  if (!(a.time_limit >= 0)) return usage("--time-limit", std::to_string(a.time_limit), "seconds, 0 for none");
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
  if (a.csv && (a.json || a.pretty)) {
    std::fprintf(stderr, "gridenum solve: give one output format: --csv, --json or --pretty\n");
    return 2;
  }
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
  const bool time_given = limit_opt_owner->get_option("--time-limit")->count() > 0;
  if (a.engine == "mip") {
    if (a.node_limit != 0) {
      std::fprintf(stderr, "gridenum solve: --node-limit counts the search nodes of the propagate and dlx engines; "
                           "the MIP engine takes --time-limit\n");
      return 2;
    }
    MipSolveOptions mip;
    mip.solver = a.mip_solver;
    mip.formulation = a.formulation;
    mip.format = a.mip_format;
    mip.time_limit_seconds = time_given ? a.time_limit : MipSolveOptions::kDefaultTimeLimit;
    bopt.solve.external = [mip](const Model& m) { return solve_mip(m, mip); };
  } else {
    bopt.solve.limits.nodes = a.node_limit;
    bopt.solve.limits.seconds = a.time_limit;
  }

  std::unique_ptr<std::ifstream> file;
  std::istream* in = &std::cin;
  // Inputs that read as empty and made `solve` print nothing and exit 0.
  if (a.file == "-" && ::fcntl(0, F_GETFL) == -1) {
    std::fprintf(stderr, "gridenum solve: standard input is closed; give a puzzle file or pipe puzzles in\n");
    return 2;
  }
  if (a.file != "-" && std::filesystem::is_directory(a.file)) {
    std::fprintf(stderr, "gridenum solve: '%s' is a directory; give a puzzle file\n", a.file.c_str());
    return 2;
  }
  if (a.file != "-") {
    file = std::make_unique<std::ifstream>(a.file);
    if (!*file) {
      std::fprintf(stderr, "gridenum solve: cannot open '%s'\n", a.file.c_str());
      return 2;
    }
    in = file.get();
  }
  std::ios::sync_with_stdio(false);  // std::cin buffered on its own (reading speed); output goes through stdio
  PuzzleReader reader(*in, ropt);
  // Messages about a line name the file it is in, standard input nothing.
  const std::string where = a.file == "-" ? std::string() : a.file + ", ";
  std::size_t failed = 0, errors = 0, runtime = 0;
  // --summary (as tdoku's and qqwing's tools give one): puzzles by outcome.
  std::size_t puzzles = 0, solved = 0, several = 0, none = 0, stopped = 0;
  const auto start = SteadyClock::now();
  std::string out;
  if (a.csv) write_stdout(kCsvHeader);
  // SIGINT / SIGTERM: the process's stop request, heard by the batch, which ends in order
  // (command.hpp, watch_stream_command). Before the batch's threads exist: they inherit the mask.
  const auto watch = watch_stream_command("the lines written so far are whole answers to the first puzzles");
  {
    const BatchSummary batch = solve_batch(reader, bopt, [&](BatchItem& it) {
      out.clear();
      const std::size_t line = it.input.line;
      if (it.input.error) {
        ++errors;
        const auto& e = *it.input.error;
        std::fprintf(stderr, "gridenum solve: %sline %zu, column %zu: %s\n", where.c_str(), e.line, e.column, e.message.c_str());
        if (a.json) {
          nlohmann::json j{{"line", e.line}, {"column", e.column}, {"error", e.message}};
          out = json_line(j);
        } else if (a.csv) {
          out = csv_error_row(e.line, "column " + std::to_string(e.column) + ": " + e.message);
        } else {
          out = "error\n";
        }
        write_stdout(out);
        return;
      }
      if (it.failure) {
        ++runtime;
        std::fprintf(stderr, "gridenum solve: %sline %zu: %s\n", where.c_str(), line, it.failure->c_str());
        out = a.json  ? json_line(nlohmann::json{{"line", line}, {"error", *it.failure}})
              : a.csv ? csv_error_row(line, *it.failure)
                      : "error\n";
        write_stdout(out);
        return;
      }
      const Puzzle& p = *it.input.puzzle;
      const SolveResult& r = it.result;
      ++puzzles;
      if (!r.complete()) ++stopped;
      else if (r.count == 0) ++none;
      else if (r.count == 1) ++solved;
      else ++several;
      // --count --limit K that found K solutions: there may be more, and the output says so (it
      // used to print K like a full count).
      const bool limit_hit = a.count && bopt.solve.limit > 0 && r.complete() && r.count >= bopt.solve.limit;
      if (it.listed_mismatch) {  // the line's listed solution disagrees with the rules or the solver
        ++failed;
        std::fprintf(stderr, "gridenum solve: %sline %zu: %s\n", where.c_str(), line, it.listed_mismatch->c_str());
      }
      const int n = p.model.n;
      const char* verdict = r.count == 0 ? "none" : r.count == 1 ? "unique" : "multiple";
      // A search stopped by a limit, or an external solver's unconfirmed "none", is a status,
      // never an answer: the line fails, and says why on stderr.
      if (!r.complete()) {
        ++failed;
        std::fprintf(stderr, "gridenum solve: %sline %zu: %s: %s\n", where.c_str(), line, status_name(r.status), r.note.c_str());
      }
      // Plain solving fails a line without solution; counting and --unique report it instead.
      if (r.complete() && r.count == 0 && !a.count && !a.unique) ++failed;
      if (a.json) {
        nlohmann::json j{{"line", line}, {"status", status_name(r.status)}, {"count", r.count}};
        if (!r.complete()) j["note"] = r.note;
        if (a.count) j["limit_reached"] = limit_hit;
        if (a.unique && r.complete()) j["unique"] = verdict;
        if (!r.solution.empty()) j["solution"] = format_line(r.solution, n);
        if (!p.title.empty()) j["title"] = p.title;
        if (a.stats)
          j["stats"] = {{"nodes", r.stats.nodes}, {"propagations", r.stats.propagations}, {"backtracks", r.stats.backtracks}};
        out = json_line(j);
      } else if (a.csv) {
        out = fmt::format("{},{},{},{},{},{},{},{},{}\n", line, csv_field(status_name(r.status)), r.count,
                          a.unique && r.complete() ? verdict : "", r.solution.empty() ? "" : format_line(r.solution, n),
                          r.stats.nodes, r.stats.propagations, r.stats.backtracks, csv_field(r.note));
      } else {
        if (!r.complete()) {
          // "node limit reached", "time limit reached (at least 3 solutions)", "unconfirmed none".
          out = r.status == SolveStatus::Unconfirmed ? std::string("unconfirmed none") : status_name(r.status);
          if (r.count > 0)
            out += " (at least " + std::to_string(r.count) + (r.count == 1 ? " solution)" : " solutions)");
        } else if (a.unique) {
          out = verdict;
          if (!r.solution.empty() && r.count == 1) out += " " + format_line(r.solution, n);
        } else if (a.count) {
          out = limit_hit ? "at least " + std::to_string(r.count) + " (--limit " + std::to_string(bopt.solve.limit) + " reached)"
                          : std::to_string(r.count);
        } else if (r.solution.empty()) {
          out = "none";
        } else if (!a.pretty) {
          out = format_line(r.solution, n);
        }
        if (a.stats)
          out += (out.empty() ? "" : " ") + std::string("nodes=") + std::to_string(r.stats.nodes) +
                 " propagations=" + std::to_string(r.stats.propagations) + " backtracks=" + std::to_string(r.stats.backtracks);
        if (!out.empty()) out += "\n";
        // The drawn grid (grid_text.hpp), readable back by solve; a title as a comment line.
        if (a.pretty && r.complete() && !r.solution.empty() && !a.count)
          out += (p.title.empty() ? "" : "# " + p.title + "\n") + format_pretty(p.model, r.solution) + "\n";
      }
      write_stdout(out);
    });
    // Stopped: every answer written is whole and they answer the input's first puzzles in order;
    // one line on stderr says how far it got, then exit 130 (a --summary is not printed: the run
    // is not one to measure).
    if (batch.stopped) {
      flush_stdout();
      const std::size_t dropped = batch.items - batch.answered;
      fmt::print(stderr, "gridenum solve: interrupted by {}: {}{}; {}{}\n", stop_cause(),
                 batch.answered == 0 ? std::string("no puzzle answered")
                                     : fmt::format("the first {} answered", count_of(batch.answered, "puzzle", "puzzles")),
                 batch.answered == 0 ? std::string() : fmt::format(" (input through line {})", group_digits(batch.last_line)),
                 batch.complete ? std::string("the input was read to its end")
                                : fmt::format("{} in progress dropped, the rest of the input not read", group_digits(dropped)),
                 batch.note.empty() ? std::string() : " (" + batch.note + ")");
      return 130;
    }
  }
  flush_stdout();
  if (a.summary) {
    const double secs = seconds_since(start);
    // Plain solving stops at the first solution: "solved"; --unique and --count tell one from several.
    // Counts of puzzles and lines with thousands separators (core/arith.hpp), as every count of
    // things the commands print; the rate is a measurement, its digits plain.
    const std::string found = a.count || a.unique
                                  ? fmt::format("{} unique, {} multiple", group_digits(solved), group_digits(several))
                                  : fmt::format("{} solved", group_digits(solved));
    const int threads = resolve_threads(a.threads);
    fmt::print(stderr,
               "gridenum solve: {} in {:.3f} s ({:.0f} puzzles/s, {} thread{}, engine {}): {}, {} none, {} limit "
               "reached, {}, {}\n",
               count_of(puzzles, "puzzle", "puzzles"), secs, secs > 0 ? static_cast<double>(puzzles) / secs : 0.0, threads,
               threads == 1 ? "" : "s", a.engine, found, group_digits(none), group_digits(stopped),
               count_of(errors, "bad line", "bad lines"), count_of(runtime, "engine error", "engine errors"));
  }
  return runtime > 0 ? 3 : errors + failed > 0 ? 1 : 0;
}

const RegisterCommand register_solve(21, [](CLI::App& root) {
  auto a = std::make_shared<SolveArgs>();
  auto* cmd = root.add_subcommand("solve", "Solve Sudoku puzzles, one per line (or JSON specs), in input order");
  cmd->footer(
      "Input: one puzzle per line. A grid line has n*n symbols row by row ('.', '0' or '_' blank,\n"
      "1-9 then A.. for 10..n; 81 for 9x9, 256 for 16x16; box shape from n or --shape).\n"
      "A grid may also take n lines, one row each (as qqwing --compact prints it), spaced or\n"
      "split by '|' and rule lines ('------+------'), or be the drawn grid --pretty prints.\n"
      "Also the collection lines N|givens|regions|solution|title (jigsaw) and\n"
      "N|RxC|cages|solution|title (killer, cages 'sum:cell,cell,...;...'; solution and title\n"
      "optional), and JSON specs (a line starting with '{', or a\n"
      "whole JSON document): {\"shape\":\"3x3\",\"rules\":[\"x\",\"windoku\",\"jigsaw\",\"killer\"],\n"
      "\"givens\":\"...\",\"regions\":\"...\",\"cages\":[{\"sum\":15,\"cells\":[0,1]}]} (a jigsaw, whose regions\n"
      "replace the boxes, gives its side instead of a shape: \"size\":9); an unknown key is an\n"
      "error. A grid line may start with a name ('name puzzle solution'). Lines are at most 1 MiB\n"
      "(a longer one is an error line, and the next lines are read).\n"
      "Output: one line per puzzle in input order: the solution, 'none', the count (--count),\n"
      "or unique/multiple/none (--unique); 'at least K (--limit K reached)' when --count stopped\n"
      "at --limit K. Bad lines print 'error' and a message with line and\n"
      "column on stderr; the rest is still solved. A solution listed on the line (collection\n"
      "formats, JSON \"solution\") is checked against the rules and against what the solver found.\n"
      "Limits: --node-limit and --time-limit bound each puzzle's search; a puzzle that reaches one\n"
      "prints 'node limit reached' or 'time limit reached' (with '(at least K solutions)' when it\n"
      "found some), never an answer. The MIP engine stops its solver after --time-limit seconds,\n"
      "300 by default, and a MIP solver's 'no solution' is confirmed by the propagation engine\n"
      "(within a million search nodes; else the line prints 'unconfirmed none').\n"
      "Exit: 0 ok; 1 some line failed (bad input, no solution without --count/--unique, a limit\n"
      "reached, or a listed solution that is wrong or disagrees with the solver);\n"
      "2 usage error or unreadable file; 3 an engine failed at run time (e.g. no MIP solver) or\n"
      "standard output could not be written; 130 stopped by SIGINT/SIGTERM (the lines written are\n"
      "whole answers to the first puzzles, in order; one line on stderr says how far it got).");
  cmd->add_option("FILE", a->file, "The puzzle file, one puzzle per line ('-': standard input)")->default_val("-");
  cmd->add_option("--engine", a->engine, "propagate (default), dlx (dancing links) or mip (external MIP solver)")
      ->default_val("propagate");
  cmd->add_flag("--count", a->count, "Print the number of solutions of each puzzle (all of them unless --limit)");
  cmd->add_option("--limit", a->limit, "With --count: stop at K solutions (0: no limit, the default)")
      ->check(count_validator());
  cmd->add_flag("--unique", a->unique, "Print unique, multiple or none (stops at the 2nd solution)");
  cmd->add_flag("--stats", a->stats, "Also print search nodes, propagated digits and backtracks per puzzle");
  cmd->add_flag("--pretty", a->pretty,
                "Print each solution as a drawn grid that solve reads back: givens in brackets [5], filled digits\n"
                "plain; walls '|' and '---' around boxes, jigsaw regions or killer cages, each cage's sum on the\n"
                "border above its first cell ('15-'); in a killer, ':' and '...' mark box (or region) borders\n"
                "inside a cage and '#' and '===' a cage wall on one; a title as a '# ' line above");
  cmd->add_flag("--json", a->json, "One JSON object per puzzle (line, status, count, solution, stats, error)");
  cmd->add_flag("--csv", a->csv,
                "CSV: a header, then per puzzle line,status,count,unique,solution,nodes,propagations,\n"
                "backtracks,error");
  cmd->add_flag("--summary", a->summary,
                "At the end, on stderr: puzzles, how many solved / unique / multiple / none / stopped by a\n"
                "limit / bad, and puzzles per second");
  add_threads_option(cmd, a->threads)->default_val(0);
  cmd->add_option("--shape", a->shape, "Box shape RxC for grid lines, e.g. 3x4 for 12x12 (default: from the length)");
  cmd->add_option("--rules", a->rules, "Extra rules for grid lines: x (diagonals), windoku; comma-separated");
  cmd->add_option("--mip-solver", a->mip_solver, "MIP engine: cbc (default) or glpk");
  cmd->add_option("--formulation", a->formulation, "MIP engine: blp (binary x[i,j,k], default), nlip (integer x[i,j], the thesis's\n"
                  "linearisation) or nlip-tight (one binary per pair, unit sums)");
  cmd->add_option("--mip-format", a->mip_format, "MIP engine: the model file given to the solver, lp (default) or mps");
  cmd->add_option("--time-limit", a->time_limit,
                  "Seconds per puzzle, any engine (0: none; the default for propagate and dlx; the MIP engine's\n"
                  "default is 300)");
  cmd->add_option("--node-limit", a->node_limit,
                  "Search nodes per puzzle, propagate and dlx engines (0: none, the default): repeatable,\n"
                  "unlike a time limit")
      ->check(count_validator());
  cmd->callback([a, cmd] {
    const int code = run_solve(*a, cmd);
    if (code != 0) throw Exit{code};
  });
});

}  // namespace
}  // namespace gridenum::cli
