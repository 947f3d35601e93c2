// Shared by the MIP tests (test_mip.cpp, slow_mip_nlip.cpp): the 9x9 puzzles they solve and a solve
// checked against the propagation solver.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "gridenum/mip/mip.hpp"
#include "gridenum/puzzle/propagate.hpp"
#include "gridenum/puzzle/solver.hpp"
#include "solve_fixtures.hpp"

namespace gridenum::testing::mipfx {

namespace gm = gridenum::mip;
using gridenum::Model;
using gridenum::Puzzle;

struct Case {
  std::string name;
  Model model;
};

// classic, X and Windoku seed examples; the hand-made 9x9 jigsaw and killer puzzles
// (tests/data/handmade/variants-9x9.txt, each uniquely solvable).
inline std::vector<Case> nine_by_nine() {
  std::vector<Case> out;
  for (auto& e : gridenum::testing::seed_examples())
    if (e.name == "classic" || e.name == "x-sudoku" || e.name == "windoku") out.push_back({e.name, e.puzzle.model});
  const auto variants = gridenum::testing::load_path(gridenum::testing::data_file("handmade/variants-9x9.txt"));
  if (variants.size() != 2) throw gridenum::testing::FixtureError("variants-9x9.txt: expected a jigsaw and a killer");
  out.push_back({"jigsaw9", variants[0].model});
  out.push_back({"killer9", variants[1].model});
  return out;
}

inline std::vector<int> propagate_solution(const Model& m) {
  const auto r = gridenum::solve_propagate(m, 2);
  EXPECT_EQ(r.count, 1u);
  return r.solution;
}

// No wall-clock limit by default: the solvers are deterministic and what a test checks is the
// answer, so it must not depend on how loaded the machine is (a 60 s limit failed a test under
// load that takes 13 s on a quiet machine); ctest's per-test timeout guards against a hang, and
// solve times are the benchmark's (bench/mip_table.sh). `limit` > 0 only for the time-limit tests.
inline gm::RunResult solve(const Model& m, const std::string& solver, gm::Formulation f, gm::Format fmt, double limit = 0) {
  gm::RunOptions o;
  o.solver = solver;
  o.formulation = f;
  o.format = fmt;
  o.time_limit_seconds = limit;
  return gm::run(m, o);
}

inline void expect_solves(const Case& c, const std::string& solver, gm::Formulation f, gm::Format fmt) {
  const auto expected = propagate_solution(c.model);
  const auto r = solve(c.model, solver, f, fmt);
  EXPECT_EQ(r.status, gm::Status::Solved) << c.name << " " << solver << " " << gm::name(f) << " " << gm::name(fmt) << ": " << r.message;
  EXPECT_EQ(r.grid, expected) << c.name << " " << solver << " " << gm::name(f) << " " << gm::name(fmt);
  EXPECT_FALSE(std::filesystem::exists(r.dir)) << "temporary directory left behind";
}

inline bool have(const char* solver) { return !gm::find_solver(solver).empty(); }

// NLIP-tight on the five 9x9 puzzles through files of format fmt, each with the slower of the two
// solvers (CBC for the seed examples, glpsol for the jigsaw and the killer): slow_mip_nlip.cpp
// (LP) and long_mip_nlip.cpp (MPS).
inline void expect_the_other_solver_solves_nine_by_nine(gm::Format fmt) {
  ASSERT_TRUE(have("cbc")) << "install coinor-cbc";
  ASSERT_TRUE(have("glpk")) << "install glpk-utils";
  const auto cases = nine_by_nine();
  ASSERT_EQ(cases.size(), 5u);
  for (int i : {0, 1, 2}) expect_solves(cases[static_cast<std::size_t>(i)], "cbc", gm::Formulation::NlipTight, fmt);
  for (int i : {3, 4}) expect_solves(cases[static_cast<std::size_t>(i)], "glpk", gm::Formulation::NlipTight, fmt);
}

}  // namespace gridenum::testing::mipfx
