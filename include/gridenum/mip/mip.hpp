// The MIP exporter (docs/design.md section 4): the integer-programming models of the thesis
// (chapters 3-4) and of the slides on variants, built from the rule model, written as CPLEX LP,
// free MPS or ZIMPL, and solved by an installed solver (CBC or GLPK's glpsol).
//
// Sources: the thesis's text among the seed documents stops inside chapter 2, so the models follow
// the slides, which restate the thesis's (BLP) and (NLIP) as equations (1)-(20) and add the
// variants as (21)-(32); equation numbers below are the slides'. The ZIMPL output is written from
// those equations (the thesis's own listings of 4.1 are not in the seeds).
//
// Notation. The thesis writes n for the box side, so a classic grid is n^2 x n^2 and the
// digits are S = {1..n^2}. The rest of gridenum (model.hpp) writes n for the side of the grid.
// Here, as in the thesis, n is the box side and N = n^2 the side of the grid (Model::n == N).
//
// (BLP)  binary x[i,j,k] = 1 iff digit k is in cell (i,j); (1)-(7) for the classic
//        rules: givens x[i,j,g] = 1, one digit per cell, each digit once per row, column and
//        box; slides (21)-(26) for the variants: once per diagonal (X), per extra box
//        (Windoku), per jigsaw region; at most once per killer cage and the cage sum
//        sum_{(i,j) in C} sum_k k x[i,j,k] = n(C).
//        Classic sizes: N^3 = n^6 binaries, 4 N^2 = 4 n^4 constraints plus one per given,
//        4 N^3 = 4 n^6 nonzeros plus one per given.
// (NLIP) integer x[i,j] in 1..N, x[i,j] = g(i,j) for the givens (9), and |x - y| >= 1 for
//        every pair of cells that share a unit or a cage ((10)-(12), (27)-(31)), linearised as
//        in the thesis with y = x - x' (14) y+ - y- = y, (15) y+ + y- >= 1,
//        (16) a+ <= y+ <= (N-1) a+, (17) a- <= y- <= (N-1) a-, (18) a+ + a- = 1, y+- integer,
//        a+- binary; cage sums sum_{(i,j) in C} x[i,j] = n(C) (the slides' (32) writes the BLP
//        sum by mistake). A pair that shares two units (a row and a box) is written once: the
//        thesis's (10)-(12) list it once per unit, so it counts 3 N C(N,2) = 972 pairs for
//        9x9 where gridenum writes the P = N^2 (3N - 2n - 1) / 2 = 810 distinct ones.
//        Classic sizes: N^2 + 4P variables (N^2 + 2P integer, 2P binary), 7P constraints
//        plus one per given, 16P nonzeros plus one per given; P = O(n^6).
// (NLIP-tight) gridenum's tighter variant of (NLIP), documented beside the thesis's: one
//        binary z per pair instead of y+-, a+- (x - x' >= 1 - N z, x' - x >= 1 - N (1 - z);
//        big-M N, the smallest valid), plus the valid equation sum_{c in U} x_c = N(N+1)/2
//        for every unit U. N^2 + P variables, 2P + #units constraints plus one per given.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "gridenum/puzzle/model.hpp"
#include "gridenum/puzzle/solver.hpp"

namespace gridenum::mip {

enum class Formulation { Blp, Nlip, NlipTight };
enum class Format { Lp, Mps, Zpl };

// "blp", "nlip", "nlip-tight" / "lp", "mps", "zpl"; throw MipError on anything else.
Formulation parse_formulation(const std::string& s);
Format parse_format(const std::string& s);
const char* name(Formulation f);
const char* name(Format f);

// Bad input or an unsupported combination (a killer cage whose sum no set of distinct digits
// reaches, a cage that repeats a cell, a model the ZIMPL form cannot express, ...).
struct MipError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

enum class VarType { Binary, Integer, Continuous };

struct Var {
  std::string name;
  VarType type = VarType::Binary;
  double lower = 0, upper = 1;
};

struct Term {
  int var;
  double coef;
};

struct Row {
  std::string name;
  std::vector<Term> terms;
  char sense = 'E';  // 'E' (=), 'L' (<=), 'G' (>=)
  double rhs = 0;
};

// A linear model with a zero objective (the thesis's min sum 0 x): a feasibility problem.
struct LinearModel {
  Formulation formulation = Formulation::Blp;
  int N = 9;                     // grid side (digits 1..N)
  std::vector<Var> vars;
  std::vector<Row> rows;
  // The grid variables: BLP: x[i,j,k] is vars[cell_var[i*N+j] + k - 1]; NLIP: x[i,j] is
  // vars[cell_var[i*N+j]].
  std::vector<int> cell_var;
  std::size_t pairs = 0;         // NLIP: distinct pairs of cells linearised
};

struct ModelStats {
  std::size_t variables = 0, binaries = 0, integers = 0, continuous = 0;
  std::size_t constraints = 0, nonzeros = 0;
  std::size_t pairs = 0;  // NLIP: distinct pairs |x - y| >= 1
  bool operator==(const ModelStats&) const = default;
};

// Builds the model; throws MipError for bad input or unsupported combinations.
LinearModel build_model(const Model& m, Formulation f);
ModelStats stats(const LinearModel& lm);

// The same numbers from the closed formulas above (no model built): for every rule set, with
// the pair count P taken from the model's units and cages. Tests check stats() against it.
ModelStats predicted_stats(const Model& m, Formulation f);
// The thesis's closed formulas for a classic n^2 x n^2 grid with `givens` clues, n the box
// side (stats for R x C boxes with R != C come from predicted_stats).
ModelStats thesis_classic_stats(int n, std::size_t givens, Formulation f);

// Writers. LP and MPS write the LinearModel; ZIMPL writes a model file in the thesis's form
// and data files (clues, and jigsaw regions / killer cages when the rules have them).
std::string write_lp(const LinearModel& lm, const std::string& title = "gridenum");
std::string write_mps(const LinearModel& lm, const std::string& title = "gridenum");

struct ZimplFiles {
  std::string model;                                        // the .zpl text
  std::vector<std::pair<std::string, std::string>> data;    // (file name, text)
};
// `stem` names the data files: stem + ".clues.dat", ".regions.dat", ".cages.dat",
// ".sums.dat"; the model reads them by those names (run zimpl in their directory).
ZimplFiles write_zimpl(const Model& m, Formulation f, const std::string& stem);

// Running a solver.
enum class Status { Solved, Infeasible, TimeLimit, Error };
const char* name(Status s);

struct RunOptions {
  std::string solver = "cbc";    // "cbc" or "glpk"
  Formulation formulation = Formulation::Blp;
  Format format = Format::Lp;    // the file handed to the solver (lp or mps)
  double time_limit_seconds = 0; // 0: none
  std::string solver_path;       // the binary; empty: look "cbc" / "glpsol" up on PATH
  bool keep_files = false;       // leave the temporary directory (its path is in the result)
};

struct RunResult {
  Status status = Status::Error;
  std::vector<int> grid;         // N*N digits when Solved (checked with satisfies())
  double seconds = 0;            // wall time of the solver process
  std::string message;           // what happened, for the user
  std::filesystem::path dir;     // the temporary directory (removed unless keep_files)
  ModelStats stats;
};

// Writes the model to a temporary directory, runs the solver under the time limit, reads its
// solution file back and rebuilds the grid. Throws MipError for models it cannot build and
// SolverMissing when the binary is not installed (the message names the Debian package).
// A stop request (core/stop.hpp: SIGINT or SIGTERM, taken by the CLI's watch, or by handlers this
// function installs while any run() is in progress when nothing else takes them) ends the run:
// the solver is killed, the temporary directory removed (even with keep_files) and
// SolveInterrupted (solver.hpp) thrown -- also when the solver died of the same signal first (a
// Ctrl-C reaches the whole process group), never an error about the solver's end.
RunResult run(const Model& m, const RunOptions& opt);

struct SolverMissing : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The path of the solver's binary ("cbc" -> cbc, "glpk" -> glpsol) on PATH, or "" if none.
std::string find_solver(const std::string& solver);

}  // namespace gridenum::mip

namespace gridenum {

// The MIP back-end of `solve --engine mip`: exports the model, runs an installed solver, reads
// the solution back and checks it with satisfies(). Finds one solution (count is 0 or 1).
// The batch solver takes it as an ExternalSolver (puzzle/solver.hpp).
//
// A solver's "infeasible" is not taken on trust (a broken solver made a uniquely solvable puzzle
// print "none"): the propagation engine searches the puzzle again, within `confirm_nodes` search
// nodes. It proves there is no solution: count 0, complete. It finds one: the solver is wrong, a
// run-time error naming both. It runs out of nodes: count 0 with status Unconfirmed and the
// solver's claim in the note -- never printed as an answer.
struct MipSolveOptions {
  // The default per-puzzle limit of the CLI (`solve --engine mip`, stated in its --help): a
  // solver that does not finish is stopped rather than left running for ever.
  static constexpr double kDefaultTimeLimit = 300;
  std::string solver = "cbc";        // "cbc" (coinor-cbc) or "glpk" (glpk-utils' glpsol)
  std::string formulation = "blp";   // "blp", "nlip" (the thesis's) or "nlip-tight"
  std::string format = "lp";         // the file handed to the solver: "lp" or "mps"
  double time_limit_seconds = 0;     // 0: no limit
  std::string solver_path;           // the binary; empty: found on PATH (find_solver)
  std::uint64_t confirm_nodes = 1'000'000;  // propagation's budget to confirm "infeasible"
};
SolveResult solve_mip(const Model& m, const MipSolveOptions& opt);

}  // namespace gridenum
