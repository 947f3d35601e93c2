// `gridenum export-mip`: write the BLP / NLIP model of one puzzle as CPLEX LP, free MPS or
// ZIMPL, or print its statistics. Thin: read the puzzle, call mip.hpp, write.
#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

#include "command.hpp"
#include "output.hpp"
#include "options.hpp"
#include "gridenum/core/atomic_file.hpp"
#include "gridenum/mip/mip.hpp"
#include "gridenum/puzzle/puzzle_io.hpp"

namespace gridenum::cli {
namespace {

struct ExportArgs {
  std::string file = "-";
  std::string formulation = "blp";
  std::string format = "lp";
  std::string output;
  bool stats = false;
  bool json = false;
  std::size_t index = 1;
  std::string shape;
  std::string rules;
};

int fail(const std::string& msg, int code = 2) {
  std::fprintf(stderr, "gridenum export-mip: %s\n", msg.c_str());
  return code;
}

// A file that cannot be written is a run-time failure (exit 3), with the system error: the
// usage was fine.
int cannot_write(const std::filesystem::path& p) {
  const int e = errno;
  return fail("cannot write '" + p.string() + "'" + (e ? std::string(": ") + std::strerror(e) : std::string()), 3);
}

bool write_file(const std::filesystem::path& p, const std::string& text) {
  errno = 0;
  std::ofstream out(p, std::ios::binary);
  out << text;
  return static_cast<bool>(out.flush());
}

int run_export(const ExportArgs& a) {
  mip::Formulation form;
  mip::Format fmt;
  try {
    form = mip::parse_formulation(a.formulation);
    fmt = mip::parse_format(a.format);
  } catch (const mip::MipError& e) {
    return fail(e.what());
  }
  if (a.index == 0) return fail("--index counts from 1");
  ReadOptions ropt;
  if (!a.shape.empty()) {
    ropt.shape = parse_box_shape(a.shape);
    if (auto why = box_shape_problem(*ropt.shape)) return fail("bad --shape: " + *why);
  }
  ropt.rules |= parse_grid_rules(a.rules);
  namespace fs = std::filesystem;
  // A directory is a usage error, as in `solve` (exit 2): an ifstream opens one and the read then
  // failed as a run-time error (exit 3).
  if (a.file != "-" && fs::is_directory(a.file)) return fail("'" + a.file + "' is a directory; give a puzzle file");
  // Where the model goes, known before any work so that an output that is the input can be
  // refused first: `-o FILE FILE` (or -o a symlink to it, or a directory holding the file the
  // model would be named) replaced a 500-puzzle collection with one model and exited 0.
  const bool to_stdout = a.output.empty() || a.output == "-";
  const bool into_dir = !to_stdout && (fs::is_directory(a.output) || a.output.back() == '/');
  const fs::path target = into_dir ? fs::path(a.output) / (std::string("sudoku-") + mip::name(form) + "." + mip::name(fmt))
                                   : fs::path(a.output);
  const auto refuse_input = [&](const fs::path& out) -> std::optional<int> {
    if (a.file == "-" || !same_file(out, a.file)) return std::nullopt;
    return fail("--output " + a.output + ": '" + out.string() + "' is the input '" + a.file +
                "' (the same file), which the model would overwrite; write the model to another file");
  };
  if (!to_stdout)
    if (const auto code = refuse_input(target)) return *code;
  std::unique_ptr<std::ifstream> file;
  std::istream* in = &std::cin;
  if (a.file != "-") {
    file = std::make_unique<std::ifstream>(a.file);
    if (!*file) return fail("cannot open '" + a.file + "'");
    in = file.get();
  }
  PuzzleReader reader(*in, ropt);
  PuzzleReader::Item it;
  std::size_t seen = 0;
  std::optional<Puzzle> puzzle;
  while (reader.next(it)) {
    if (++seen < a.index) continue;
    if (it.error)
      return fail("line " + std::to_string(it.error->line) + ", column " + std::to_string(it.error->column) + ": " +
                  it.error->message);
    puzzle = std::move(it.puzzle);
    break;
  }
  if (!puzzle)
    return fail(seen == 0 ? std::string("no puzzle in the input")
                          : "--index " + std::to_string(a.index) + ": the input has only " + std::to_string(seen) + " puzzle(s)");
  const Model& m = puzzle->model;

  mip::LinearModel lm;
  try {
    lm = mip::build_model(m, form);
  } catch (const mip::MipError& e) {
    return fail(e.what());
  }
  const bool want_stats = a.stats || a.json;
  if (want_stats) {
    const auto s = mip::stats(lm);
    const int N = m.n;
    int box_side = 0;  // the thesis's n, when the grid is n^2 x n^2 with n x n boxes
    if (!(m.rules & kRuleJigsaw) && m.box.rows == m.box.cols) box_side = m.box.rows;
    if (a.json) {
      nlohmann::json j{{"formulation", mip::name(form)}, {"N", N},        {"variables", s.variables},
                       {"binaries", s.binaries},        {"integers", s.integers}, {"continuous", s.continuous},
                       {"constraints", s.constraints},  {"nonzeros", s.nonzeros}};
      if (form != mip::Formulation::Blp) j["pairs"] = s.pairs;
      if (box_side) j["n"] = box_side;
      std::cout << j.dump() << "\n";
    } else {
      std::cout << "formulation " << mip::name(form) << ", grid " << N << "x" << N;
      if (box_side) std::cout << " (thesis: n = " << box_side << ", N = n^2 = " << N << ")";
      std::cout << "\nvariables   " << s.variables << " (" << s.binaries << " binary, " << s.integers << " integer)\n";
      std::cout << "constraints " << s.constraints << "\nnonzeros    " << s.nonzeros << "\n";
      if (form != mip::Formulation::Blp) std::cout << "pairs       " << s.pairs << " (distinct pairs of cells sharing a unit or cage)\n";
      if (form == mip::Formulation::Blp)
        std::cout << "formulas    classic: n^6 binaries, 4n^4 + |G| constraints, 4n^6 + |G| nonzeros;\n"
                     "            each extra unit adds N constraints, each cage N + 1\n";
      else if (form == mip::Formulation::Nlip)
        std::cout << "formulas    N^2 + 4P variables, 7P + |G| + #cages constraints, 16P + |G| + cage cells nonzeros;\n"
                     "            classic P = n^4 (3n^2 - 2n - 1) / 2 = O(n^6)\n";
      else
        std::cout << "formulas    N^2 + P variables, 2P + #units + |G| + #cages constraints; classic P = n^4 (3n^2 - 2n - 1) / 2\n";
    }
    if (to_stdout) return 0;  // --stats alone: no model on stdout
  }

  try {
    if (fmt == mip::Format::Zpl) {
      if (to_stdout) return fail("ZIMPL output is a model file plus data files: give --output FILE.zpl or --output DIR");
      const fs::path model_path = target;
      const std::string stem = model_path.stem().string();
      const auto z = mip::write_zimpl(m, form, stem);
      // The data files beside the model must not be the input either (all checked before any is written).
      for (const auto& [nm, text] : z.data)
        if (const auto code = refuse_input(model_path.parent_path() / nm)) return *code;
      if (into_dir) fs::create_directories(a.output);
      if (!write_file(model_path, z.model)) return cannot_write(model_path);
      for (const auto& [nm, text] : z.data)
        if (!write_file(model_path.parent_path() / nm, text)) return cannot_write(model_path.parent_path() / nm);
      return 0;
    }
    const std::string text = fmt == mip::Format::Lp ? mip::write_lp(lm) : mip::write_mps(lm);
    if (to_stdout) {
      write_stdout(text);
      return 0;
    }
    if (into_dir) fs::create_directories(a.output);
    if (!write_file(target, text)) return cannot_write(target);
  } catch (const mip::MipError& e) {
    return fail(e.what());
  } catch (const fs::filesystem_error& e) {
    return fail(e.what(), 3);  // creating the output directory failed
  }
  return 0;
}

const RegisterCommand register_export_mip(25, [](CLI::App& root) {
  auto a = std::make_shared<ExportArgs>();
  auto* cmd = root.add_subcommand("export-mip", "Write a puzzle's integer-programming model (BLP or NLIP) as LP, MPS or ZIMPL");
  cmd->footer(
      "Formulations (thesis ch. 3-4, slides on the variants): blp = binary x[i,j,k]; nlip = integer\n"
      "x[i,j] in 1..N with |x - y| >= 1 per pair of cells sharing a unit or cage, linearised with\n"
      "y+, y-, a+, a- (big-M N-1) as in the thesis; nlip-tight = one binary per pair (big-M N) plus\n"
      "unit sums. Formats: lp (CPLEX LP: cbc, glpsol --lp), mps (free MPS: cbc, glpsol --freemps),\n"
      "zpl (ZIMPL model + data files; needs --output). The model goes to stdout unless --output\n"
      "names a file or a directory. FILE is read like `gridenum solve` input; the first puzzle\n"
      "is used unless --index. --stats prints variables, constraints and nonzeros (and writes the\n"
      "model only with --output).\n"
      "Exit: 0 ok; 2 bad input (FILE a directory, --output FILE itself) or unsupported combination;\n"
      "3 the output cannot be written.");
  cmd->add_option("FILE", a->file, "The puzzle file, read like solve's input ('-': standard input)")->default_val("-");
  cmd->add_option("--formulation", a->formulation, "blp (default), nlip or nlip-tight")->default_val("blp");
  cmd->add_option("--format", a->format, "lp (default), mps or zpl")->default_val("lp");
  cmd->add_option("-o,--output", a->output, "Output file or directory (default: stdout)")->type_name("PATH");
  cmd->add_flag("--stats", a->stats, "Print the model's variables, constraints and nonzeros");
  cmd->add_flag("--json", a->json, "Print the statistics as one JSON object (implies --stats)");
  // A whole number from 1: "-1" wrapped to 18446744073709551615 and was reported as that index.
  cmd->add_option("--index", a->index, "Which puzzle of the input (1-based, default 1)")
      ->default_val(1)
      ->check(count_validator(1));
  cmd->add_option("--shape", a->shape, "Box shape RxC for grid lines, e.g. 3x4 for 12x12 (default: from the length)");
  cmd->add_option("--rules", a->rules, "Extra rules for grid lines: x (diagonals), windoku; comma-separated");
  cmd->callback([a] {
    const int code = run_export(*a);
    if (code != 0) throw Exit{code};
  });
});

}  // namespace
}  // namespace gridenum::cli
