// The checks collections_puzzle.cpp runs on the third-party collections (jigsaw, killer, 16x16,
// classic), here on the project's own generated puzzles (tests/data/generated/), so that a plain
// clone with no ../shared still checks those engines the same ways. The per-puzzle uniqueness by
// both engines is test_generate.cpp's (every generated file); these are the derived checks.
#include <gtest/gtest.h>

#include <random>

#include "engine_checks.hpp"
#include "generated_data.hpp"
#include "model_checks.hpp"

using namespace gridenum;
using namespace gridenum::testing;

namespace {

std::vector<Puzzle> load(const std::string& name) { return load_generated(data_file_named(name)); }

}  // namespace

// The 9x9 bitboard solver against the general engine on every generated classic 9x9 puzzle.
TEST(GeneratedSolve9, AgreesWithTheGeneralEngine) {
  for (const char* f : {"classic-3x3", "classic-3x3-rotational", "classic-3x3-mirror"}) check_solve9_agrees(load(f), f);
}

// Derived 4x4 killers (half the cages, a sum raised, givens right and wrong, overlapping and
// repeated cells): every DLX solution set equal to brute force over all 288 grids.
TEST(GeneratedDlx, KillerCountsMatchBruteForce4x4) { check_killer_counts_match_brute_force_4x4(load("killer-2x2")); }

// 6x6 killers with half their cages (several solutions each): DLX and propagation find the same.
TEST(GeneratedDlx, KillerCountsMatchPropagation6x6) { check_killer_counts_match_propagation_6x6(load("killer-2x3")); }

// 9x9 killers with givens inside cages, right and wrong, and with cages dropped.
TEST(GeneratedDlx, KillerGivensInsideCages) {
  auto ps = load("killer-3x3");
  ps.resize(40);
  check_killer_givens_inside_cages(ps);
}

// The model's units against a validator written from coordinates, on grids around the listed
// solutions of jigsaw, killer and 16x16 puzzles.
TEST(GeneratedModel, UnitsMatchTheRules) {
  std::mt19937 rng(20261123);
  int checked = 0, invalid = 0;
  for (const char* f : {"jigsaw-9", "jigsaw-16", "jigsaw-x-9", "killer-3x3", "killer-4x4", "jigsaw-killer-6",
                        "classic-4x4", "x-4x4"}) {
    const auto ps = load(f);
    for (std::size_t i = 0; i < ps.size(); i += 2) {
      ASSERT_FALSE(ps[i].expected.empty()) << f << " line " << ps[i].line;
      agree_around(ps[i], ps[i].expected, rng, invalid);
      ++checked;
    }
  }
  EXPECT_GE(checked, 150);
  EXPECT_GE(invalid, checked * 4);  // most neighbours are invalid: the comparison has teeth
}
