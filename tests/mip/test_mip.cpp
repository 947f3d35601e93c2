// The MIP exporter and engine: model statistics against the closed formulas, the LP, MPS and ZIMPL
// writers, real solves with CBC and glpsol checked against the propagation solver, the time limit,
// and the error cases; `gridenum export-mip` and `gridenum solve --engine mip` end to end.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gridenum/mip/mip.hpp"
#include "gridenum/puzzle/propagate.hpp"
#include "gridenum/puzzle/solver.hpp"
#include "cli_run.hpp"
#include "mip_fixtures.hpp"
#include "solve_fixtures.hpp"

namespace gm = gridenum::mip;
using gridenum::Model;
using gridenum::Puzzle;
namespace fs = std::filesystem;
using namespace gridenum::testing::mipfx;
using gridenum::testing::Proc;
using gridenum::testing::TempDir;
using gridenum::testing::run_cli_line;

namespace {

struct Run {
  int code;
  std::string out;
};

// `gridenum args` with the environment assignments `env` in front; stderr after a marker line.
Run run_cli(const std::string& args, const std::string& env = "") {
  const Proc p = run_cli_line(env + " {gridenum} " + args);
  return {p.code, p.out + "--stderr--\n" + p.err};
}

// This process's scratch folder, removed at exit.
const TempDir& scratch() {
  static const TempDir dir;
  return dir;
}

std::string temp_file(const std::string& name, const std::string& text) {
  const std::string path = (scratch() / name).string();
  std::ofstream(path) << text;
  return path;
}

std::size_t count_of(const std::string& s, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++n;
  return n;
}

}  // namespace

TEST(MipStats, ThesisClosedFormulasForClassicGrids) {
  for (int n : {2, 3, 4}) {
    const auto m = gridenum::make_model(gridenum::Shape{n, n}, gridenum::kRuleClassic, {});
    for (auto f : {gm::Formulation::Blp, gm::Formulation::Nlip, gm::Formulation::NlipTight}) {
      const auto s = gm::stats(gm::build_model(m, f));
      EXPECT_EQ(s, gm::thesis_classic_stats(n, 0, f)) << n << " " << gm::name(f);
      EXPECT_EQ(s, gm::predicted_stats(m, f)) << n << " " << gm::name(f);
    }
  }
  // 9x9 with the seed's 27 clues: n^6 = 729 binaries, 4 n^4 + |G| rows, 4 n^6 + |G| nonzeros.
  const auto classic = gridenum::testing::seed_examples().at(0).puzzle.model;
  const auto b = gm::stats(gm::build_model(classic, gm::Formulation::Blp));
  EXPECT_EQ(b.binaries, 729u);
  EXPECT_EQ(b.constraints, 4u * 81 + 27);
  EXPECT_EQ(b.nonzeros, 4u * 729 + 27);
  // NLIP: P = n^4 (3n^2 - 2n - 1) / 2 = 810 distinct pairs (the thesis's (10)-(12) list 972).
  const auto l = gm::stats(gm::build_model(classic, gm::Formulation::Nlip));
  EXPECT_EQ(l.pairs, 810u);
  EXPECT_EQ(l.variables, 81u + 4 * 810);
  EXPECT_EQ(l.binaries, 2u * 810);
  EXPECT_EQ(l.constraints, 7u * 810 + 27);
  EXPECT_EQ(l.nonzeros, 16u * 810 + 27);
  EXPECT_EQ(l, gm::thesis_classic_stats(3, 27, gm::Formulation::Nlip));
}

TEST(MipStats, VariantFormulasMatchTheBuiltModels) {
  for (const auto& c : nine_by_nine())
    for (auto f : {gm::Formulation::Blp, gm::Formulation::Nlip, gm::Formulation::NlipTight})
      EXPECT_EQ(gm::stats(gm::build_model(c.model, f)), gm::predicted_stats(c.model, f)) << c.name << " " << gm::name(f);
  // X adds 2 units, Windoku 4: N constraints each in BLP.
  const auto cases = nine_by_nine();
  const auto blp_rows = [&](int i) { return gm::stats(gm::build_model(cases[i].model, gm::Formulation::Blp)).constraints; };
  auto givens = [&](int i) {
    std::size_t g = 0;
    for (int v : cases[i].model.givens) g += v != 0;
    return g;
  };
  EXPECT_EQ(blp_rows(1), 4u * 81 + 2 * 9 + givens(1));
  EXPECT_EQ(blp_rows(2), 4u * 81 + 4 * 9 + givens(2));
  // Killer: each cage adds N at-most-once rows and one sum row (and each given a row).
  const auto& k = cases[4].model;
  ASSERT_GT(givens(4), 0u);
  EXPECT_EQ(blp_rows(4), 4u * 81 + k.cages.size() * 10 + givens(4));
}

TEST(MipWrite, LpAndMpsStructure) {
  const auto classic = gridenum::testing::seed_examples().at(0).puzzle.model;
  const auto lm = gm::build_model(classic, gm::Formulation::Blp);
  const auto lp = gm::write_lp(lm);
  EXPECT_NE(lp.find("Minimize\n obj: 0 x_1_1_1\n"), std::string::npos);
  EXPECT_NE(lp.find("Subject To\n"), std::string::npos);
  EXPECT_NE(lp.find(" g_1_4: + x_1_4_5 = 1\n"), std::string::npos);
  EXPECT_NE(lp.find("Binaries\n"), std::string::npos);
  EXPECT_EQ(lp.find("Generals\n"), std::string::npos);
  EXPECT_EQ(lp.substr(lp.size() - 4), "End\n");
  const auto mps = gm::write_mps(lm);
  EXPECT_NE(mps.find("ROWS\n N obj\n"), std::string::npos);
  EXPECT_NE(mps.find("'MARKER' 'INTORG'"), std::string::npos);
  EXPECT_NE(mps.find(" RHS g_1_4 1\n"), std::string::npos);
  EXPECT_NE(mps.find(" UP BND x_9_9_9 1\n"), std::string::npos);
  EXPECT_EQ(mps.substr(mps.size() - 7), "ENDATA\n");
  EXPECT_EQ(count_of(mps, "\n E "), lm.rows.size());

  const auto nl = gm::build_model(classic, gm::Formulation::Nlip);
  const auto lp2 = gm::write_lp(nl);
  EXPECT_NE(lp2.find(" 1 <= x_1_1 <= 9\n"), std::string::npos);
  EXPECT_NE(lp2.find(" 0 <= yp_1_1_1_2 <= 8\n"), std::string::npos);
  EXPECT_NE(lp2.find(" d14_1_1_1_2: + yp_1_1_1_2 - ym_1_1_1_2 - x_1_1 + x_1_2 = 0\n"), std::string::npos);
  EXPECT_NE(lp2.find(" d16b_1_1_1_2: + yp_1_1_1_2 - 8 ap_1_1_1_2 <= 0\n"), std::string::npos);
  EXPECT_NE(lp2.find(" d18_1_1_1_2: + ap_1_1_1_2 + am_1_1_1_2 = 1\n"), std::string::npos);
  EXPECT_NE(lp2.find("Generals\n"), std::string::npos);
  EXPECT_EQ(count_of(lp2, " d15_"), 810u);
}

TEST(MipSolve, BlpSolvesTheNineByNineVariantsWithCbcAndGlpk) {
  ASSERT_TRUE(have("cbc")) << "install coinor-cbc";
  ASSERT_TRUE(have("glpk")) << "install glpk-utils";
  for (const auto& c : nine_by_nine())
    for (const char* s : {"cbc", "glpk"})
      for (auto fmt : {gm::Format::Lp, gm::Format::Mps}) expect_solves(c, s, gm::Formulation::Blp, fmt);
}

TEST(MipSolve, ThesisNlipSolvesSmallVariantsWithCbcAndGlpk) {
  // The big-M NLIP is hard for both solvers at 9x9 (docs/mip.md); these 4x4 and 6x6
  // puzzles take well under a second with CBC and one or two seconds with glpsol.
  // tests/data/handmade/variants-small.txt: jigsaw 4x4, jigsaw 6x6, killer 4x4, killer 6x6.
  const auto hand = gridenum::testing::load_path(gridenum::testing::data_file("handmade/variants-small.txt"));
  ASSERT_EQ(hand.size(), 4u);
  std::vector<Case> small{{"jigsaw4", hand[0].model},
                          {"killer4", hand[2].model},
                          {"x4", gridenum::make_model(gridenum::Shape{2, 2}, gridenum::kRuleX,
                                                      {1, 0, 0, 4, 0, 0, 1, 0, 0, 3, 0, 0, 2, 0, 0, 3})}};
  for (const auto& c : small)
    for (const char* s : {"cbc", "glpk"})
      for (auto fmt : {gm::Format::Lp, gm::Format::Mps}) {
        expect_solves(c, s, gm::Formulation::Nlip, fmt);
      }
  for (const auto& c : std::vector<Case>{{"jigsaw6", hand[1].model}, {"killer6", hand[3].model}})
    for (auto fmt : {gm::Format::Lp, gm::Format::Mps}) expect_solves(c, "cbc", gm::Formulation::Nlip, fmt);
}

TEST(MipSolve, TimeLimitIsAStatusNotAnAnswer) {
  // The thesis's NLIP of the classic seed example: neither solver finishes in 1 second.
  const auto classic = gridenum::testing::seed_examples().at(0);
  for (const char* s : {"cbc", "glpk"}) {
    const auto t0 = std::chrono::steady_clock::now();
    const auto r = solve(classic.puzzle.model, s, gm::Formulation::Nlip, gm::Format::Lp, 1);
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    // A hang guard, not a timing: the watchdog kills the solver 5 s after its limit; the rest is
    // slack for a loaded machine (the time itself is the benchmark's business).
    EXPECT_LT(secs, 1 + 5 + 50) << s;
    if (r.status == gm::Status::Solved) {
      EXPECT_EQ(r.grid, classic.solution) << s;  // a fast machine: still never a wrong answer
    } else {
      EXPECT_EQ(r.status, gm::Status::TimeLimit) << s << ": " << r.message;
      EXPECT_TRUE(r.grid.empty());
      EXPECT_NE(r.message.find("time limit of 1 s"), std::string::npos) << r.message;
    }
  }
  // Through solve_mip, the time limit is a status (as every engine's limits are), never
  // "no solution".
  gridenum::MipSolveOptions o;
  o.formulation = "nlip";
  o.time_limit_seconds = 1;
  const auto r = gridenum::solve_mip(classic.puzzle.model, o);
  if (r.complete()) {
    EXPECT_EQ(r.solution, classic.solution);
  } else {
    EXPECT_EQ(r.status, gridenum::SolveStatus::TimeLimit);
    EXPECT_EQ(r.count, 0u);
    EXPECT_NE(r.note.find("time limit of 1 s"), std::string::npos) << r.note;
  }
}

TEST(MipSolve, InfeasiblePuzzleIsNoSolution) {
  // Row 1 holds 1..8, and a 9 in column 9 below: cell (1,9) has no digit left.
  std::vector<int> g(81, 0);
  for (int i = 0; i < 8; ++i) g[i] = i + 1;
  g[17] = 9;
  const auto m = gridenum::make_model(gridenum::Shape{3, 3}, gridenum::kRuleClassic, g);
  for (const char* s : {"cbc", "glpk"}) {
    const auto r = solve(m, s, gm::Formulation::Blp, gm::Format::Lp);
    EXPECT_EQ(r.status, gm::Status::Infeasible) << s << ": " << r.message;
    gridenum::MipSolveOptions o;
    o.solver = s;
    EXPECT_EQ(gridenum::solve_mip(m, o).count, 0u) << s;
  }
}

TEST(MipErrors, BadInputAndUnsupportedCombinations) {
  const auto box = gridenum::Shape{2, 2};
  // A 2-cell cage of a 4x4 grid sums to 3..7: 8 is unreachable.
  const auto bad_sum = gridenum::make_model(box, gridenum::kRuleKiller, {}, {}, {{8, {0, 1}}, {3, {2, 3}}});
  for (auto f : {gm::Formulation::Nlip, gm::Formulation::NlipTight, gm::Formulation::Blp}) {
    try {
      gm::build_model(bad_sum, f);
      ADD_FAILURE() << "no error for " << gm::name(f);
    } catch (const gm::MipError& e) {
      EXPECT_NE(std::string(e.what()).find("killer cage 1 (2 cells from 1_1) has sum 8, which no 2 distinct digits 1..4 reach"),
                std::string::npos)
          << e.what();
    }
  }
  // A cage listing a cell twice: make_model refuses it; a model edited by hand afterwards is
  // still refused by the MIP builder.
  EXPECT_THROW(gridenum::make_model(box, gridenum::kRuleKiller, {}, {}, {{3, {0, 0}}}), std::invalid_argument);
  auto twice = gridenum::make_model(box, gridenum::kRuleKiller, {}, {}, {{3, {0, 1}}});
  twice.cages[0].cells = {0, 0};
  EXPECT_THROW(gm::build_model(twice, gm::Formulation::Nlip), gm::MipError);
  // ZIMPL writes the thesis's rule blocks: a hand-made unit has none.
  auto odd = gridenum::make_model(box, gridenum::kRuleClassic, {});
  odd.units.push_back({gridenum::UnitKind::Region, {0, 5, 10, 15}});
  EXPECT_NO_THROW(gm::build_model(odd, gm::Formulation::Blp));
  EXPECT_THROW(gm::write_zimpl(odd, gm::Formulation::Blp, "p"), gm::MipError);
  EXPECT_THROW(gm::parse_formulation("milp"), gm::MipError);
  EXPECT_THROW(gm::parse_format("gms"), gm::MipError);
  gm::RunOptions o;
  o.format = gm::Format::Zpl;
  EXPECT_THROW(gm::run(odd, o), gm::MipError);
  o.format = gm::Format::Lp;
  o.solver = "gurobi";
  EXPECT_THROW(gm::run(odd, o), gm::MipError);
  // A missing solver names its Debian package.
  for (const auto& [s, pkg] : {std::pair{"cbc", "coinor-cbc"}, std::pair{"glpk", "glpk-utils"}}) {
    o.solver = s;
    o.solver_path = "/nonexistent/solver";
    try {
      gm::run(odd, o);
      ADD_FAILURE() << "no error for a missing " << s;
    } catch (const gm::SolverMissing& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("install the Debian package ") + pkg), std::string::npos) << e.what();
    }
  }
}

TEST(MipZimpl, ModelAndDataFilesInTheThesisForm) {
  const auto cases = nine_by_nine();
  const auto blp = gm::write_zimpl(cases[0].model, gm::Formulation::Blp, "classic");
  EXPECT_NE(blp.model.find("var x[S*S*S] binary;"), std::string::npos);
  EXPECT_NE(blp.model.find("set G := { read \"classic.clues.dat\" as \"<1n,2n,3n>\" comment \"#\" };"), std::string::npos);
  for (const char* s : {"subto clues:", "subto cells:", "subto rows:", "subto cols:", "subto boxes:"})
    EXPECT_NE(blp.model.find(s), std::string::npos) << s;
  EXPECT_EQ(blp.model.find("subto diag:"), std::string::npos);
  ASSERT_EQ(blp.data.size(), 1u);
  EXPECT_EQ(blp.data[0].first, "classic.clues.dat");
  EXPECT_EQ(count_of(blp.data[0].second, "\n"), 1u + 27);  // comment + one line per clue
  EXPECT_NE(blp.data[0].second.find("\n1 4 5\n"), std::string::npos);

  const auto x = gm::write_zimpl(cases[1].model, gm::Formulation::Blp, "x");
  EXPECT_NE(x.model.find("x[i,N + 1 - i,k] == 1;   # (22)"), std::string::npos);
  const auto w = gm::write_zimpl(cases[2].model, gm::Formulation::Nlip, "w");
  EXPECT_NE(w.model.find("set BW := { <2,2>, <2,6>, <6,2>, <6,6> };"), std::string::npos);
  EXPECT_NE(w.model.find("set P := PR union PC union PB union PW;"), std::string::npos);
  EXPECT_NE(w.model.find("subto d16b: forall <i,j,k,l> in P: yp[i,j,k,l] <= (N - 1) * ap[i,j,k,l];"), std::string::npos);
  EXPECT_NE(w.model.find("param g[F] := read \"w.clues.dat\" as \"<1n,2n> 3n\""), std::string::npos);

  const auto j = gm::write_zimpl(cases[3].model, gm::Formulation::Blp, "j");
  EXPECT_EQ(j.model.find("subto boxes:"), std::string::npos);
  EXPECT_NE(j.model.find("subto jigsaw:"), std::string::npos);
  ASSERT_EQ(j.data.size(), 2u);
  EXPECT_EQ(j.data[1].first, "j.regions.dat");
  EXPECT_EQ(count_of(j.data[1].second, "\n"), 1u + 81);

  const auto k = gm::write_zimpl(cases[4].model, gm::Formulation::Nlip, "k");
  EXPECT_NE(k.model.find("subto cage_sum: forall <c> in KI: sum <d,i,j> in K with d == c: x[i,j] == s[c];"), std::string::npos);
  EXPECT_NE(k.model.find("union PK;"), std::string::npos);
  ASSERT_EQ(k.data.size(), 3u);
  EXPECT_EQ(count_of(k.data[2].second, "\n"), 1u + cases[4].model.cages.size());
  const auto kt = gm::write_zimpl(cases[4].model, gm::Formulation::NlipTight, "k");
  EXPECT_NE(kt.model.find("var z[P] binary;"), std::string::npos);
  EXPECT_NE(kt.model.find("subto usum_boxes:"), std::string::npos);
  // Balanced braces and brackets.
  for (const auto* z : {&blp, &x, &w, &j, &k, &kt}) {
    EXPECT_EQ(count_of(z->model, "{"), count_of(z->model, "}"));
    EXPECT_EQ(count_of(z->model, "["), count_of(z->model, "]"));
  }
}

TEST(MipCli, ExportMip) {
  const auto classic = gridenum::testing::seed_examples().at(0);
  const std::string file = temp_file("mip_classic.txt", "# a comment\n" + std::string(81, '.') + "\n" +
                                                            gridenum::format_line(classic.puzzle.model.givens, 9) + "\n");
  auto r = run_cli("export-mip --index 2 " + file);
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find(" g_1_4: + x_1_4_5 = 1\n"), std::string::npos);
  r = run_cli("export-mip --index 2 --formulation nlip --format mps " + file);
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("ENDATA"), std::string::npos);
  r = run_cli("export-mip --index 2 --formulation nlip --json " + file);
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("\"pairs\":810"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"constraints\":5697"), std::string::npos) << r.out;
  r = run_cli("export-mip --stats " + file);
  EXPECT_NE(r.out.find("variables   729 (729 binary, 0 integer)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("constraints 324\n"), std::string::npos) << r.out;
  // To a directory, and ZIMPL with its data files.
  const fs::path dir = scratch() / "mip_export_dir";
  fs::remove_all(dir);
  r = run_cli("export-mip --index 2 --format mps --output " + dir.string() + "/ " + file);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(fs::exists(dir / "sudoku-blp.mps"));
  r = run_cli("export-mip --index 2 --format zpl --formulation nlip --output " + (dir / "thesis.zpl").string() + " " + file);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(fs::exists(dir / "thesis.zpl"));
  EXPECT_TRUE(fs::exists(dir / "thesis.clues.dat"));
  // The written LP solves with both solvers.
  r = run_cli("export-mip --index 2 --output " + (dir / "c.lp").string() + " " + file);
  ASSERT_EQ(r.code, 0);
  EXPECT_EQ(std::system(("cbc " + (dir / "c.lp").string() + " -solve -solu " + (dir / "c.sol").string() + " > /dev/null").c_str()), 0);
  std::ifstream sol(dir / "c.sol");
  std::string status;
  std::getline(sol, status);
  EXPECT_EQ(status.rfind("Optimal", 0), 0u) << status;
  EXPECT_EQ(std::system(("glpsol --lp " + (dir / "c.lp").string() + " > /dev/null").c_str()), 0);

  // Errors exit 2 with a message.
  r = run_cli("export-mip --format zpl " + file);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.out.find("give --output"), std::string::npos) << r.out;
  EXPECT_EQ(run_cli("export-mip --formulation milp " + file).code, 2);
  EXPECT_EQ(run_cli("export-mip --format gms " + file).code, 2);
  EXPECT_EQ(run_cli("export-mip --index 9 " + file).code, 2);
  EXPECT_EQ(run_cli("export-mip /no/such/file").code, 2);
  const std::string bad_cage = temp_file("mip_bad_cage.txt", "4|2x2|8:0,1;3:2,3|\n");
  r = run_cli("export-mip --formulation nlip " + bad_cage);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.out.find("cage"), std::string::npos) << r.out;
  const std::string json_bad = temp_file("mip_bad_json.txt", "{\"shape\":\"2x2\",\"rules\":\"killer\",\"cages\":[{\"sum\":3,\"cells\":[0,0]}]}\n");
  r = run_cli("export-mip --formulation nlip " + json_bad);
  EXPECT_EQ(r.code, 2) << r.out;
}

TEST(MipCli, SolveEngineMip) {
  const auto cases = gridenum::testing::seed_examples();
  const std::string classic = gridenum::format_line(cases.at(0).puzzle.model.givens, 9);
  const std::string solution = gridenum::format_line(cases.at(0).solution, 9);
  const std::string file = temp_file("mip_solve.txt", classic + "\n");
  for (const char* s : {"cbc", "glpk"})
    for (const char* fmt : {"lp", "mps"}) {
      const auto r = run_cli(std::string("solve --engine mip --mip-solver ") + s + " --mip-format " + fmt + " " + file);
      EXPECT_EQ(r.code, 0) << r.out;
      EXPECT_EQ(r.out.substr(0, 82), solution + "\n") << s << " " << fmt;
    }
  // Jigsaw and killer collection lines through the same path.
  const std::string lines = temp_file("mip_solve_variants.txt", "4|..43...1.2......|1113133322442244|\n4|2x2|9:0,1,4;8:2,6,10;3:3,7;7:5,9,13;4:8,12;9:11,14,15|\n");
  auto r = run_cli("solve --engine mip --formulation nlip --threads 1 " + lines);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out.substr(0, r.out.find("--stderr--")), "2143342112344312\n2341413232141423\n");
  // No solver on PATH: exit 3 and the package to install.
  r = run_cli("solve --engine mip " + file, "PATH=/nonexistent");
  EXPECT_EQ(r.code, 3);
  EXPECT_NE(r.out.find("install the Debian package coinor-cbc"), std::string::npos) << r.out;
  r = run_cli("solve --engine mip --mip-solver glpk " + file, "PATH=/nonexistent");
  EXPECT_NE(r.out.find("glpk-utils"), std::string::npos) << r.out;
  // Time limit: exit 1 with the status (a line that reached a limit fails), no wrong answer.
  r = run_cli("solve --engine mip --formulation nlip --time-limit 1 " + temp_file("mip_one.txt", classic + "\n"));
  if (r.code != 0) {
    EXPECT_EQ(r.code, 1);
    EXPECT_EQ(r.out.substr(0, 19), "time limit reached\n") << r.out;
    EXPECT_NE(r.out.find("time limit of 1 s reached"), std::string::npos) << r.out;
  }
  EXPECT_EQ(run_cli("solve --engine mip --formulation milp " + file).code, 2);
  EXPECT_EQ(run_cli("solve --engine mip --mip-format zpl " + file).code, 2);
  // One solution only: counting and uniqueness checks are refused rather than guessed.
  r = run_cli("solve --engine mip --unique " + file);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.out.find("finds one solution"), std::string::npos) << r.out;
  EXPECT_EQ(run_cli("solve --engine mip --count " + file).code, 2);
  EXPECT_EQ(run_cli("solve --engine mip --limit 5 " + file).code, 2);
}

// CBC 2.10's preprocessing, cut short by the clock on a loaded machine, reports "infeasible" for
// a puzzle with a solution (its log: "Pre-processing says infeasible or unbounded", its solution
// file: "Integer infeasible"; 0.2 CPU-s into a 1.4 s run with a 1 s limit). A stand-in `cbc` on
// PATH says exactly that, past the limit or within it: past it, the claim is the time limit (no
// proof, never "no solution"); within it, and with no limit, it stays infeasible.
TEST(MipSolve, AnInfeasibleClaimPastTheTimeLimitIsTheLimit) {
  const TempDir t;
  const fs::path bin = t.path / "bin";
  fs::create_directories(bin);
  {
    std::ofstream f(bin / "cbc");
    f << "#!/bin/sh\nsleep \"$FAKE_CBC_SLEEP\"\nprev=\n"
         "for a in \"$@\"; do [ \"$prev\" = -solu ] && printf 'Integer infeasible - objective value 0.00000000\\n' > \"$a\"; "
         "prev=$a; done\necho 'Pre-processing says infeasible or unbounded'\n";
  }
  fs::permissions(bin / "cbc", fs::perms::owner_all);
  const std::string path = std::getenv("PATH") ? std::getenv("PATH") : "";
  ::setenv("PATH", (bin.string() + ":" + path).c_str(), 1);
  const auto classic = gridenum::testing::seed_examples().at(0);
  ::setenv("FAKE_CBC_SLEEP", "1.3", 1);
  const auto late = solve(classic.puzzle.model, "cbc", gm::Formulation::Nlip, gm::Format::Lp, 1);
  ::setenv("FAKE_CBC_SLEEP", "0", 1);
  const auto early = solve(classic.puzzle.model, "cbc", gm::Formulation::Nlip, gm::Format::Lp, 30);
  const auto unlimited = solve(classic.puzzle.model, "cbc", gm::Formulation::Nlip, gm::Format::Lp, 0);
  ::setenv("PATH", path.c_str(), 1);
  EXPECT_EQ(late.status, gm::Status::TimeLimit) << late.message;
  EXPECT_NE(late.message.find("time limit of 1 s"), std::string::npos) << late.message;
  EXPECT_TRUE(late.grid.empty());
  EXPECT_EQ(early.status, gm::Status::Infeasible) << early.message;
  EXPECT_EQ(unlimited.status, gm::Status::Infeasible) << unlimited.message;
}
