// The engines and the rule model on the third-party collections of ../shared/puzzles (never
// copied into the project): built only when CMake finds the folder (GRIDENUM_PUZZLES_DIR), as
// CI does. The same checks run on the project's own data in test_dlx, test_propagate,
// test_solve9 and test_model (tests/support/engine_checks.hpp, model_checks.hpp).
#include <gtest/gtest.h>

#include <random>

#include "engine_checks.hpp"
#include "model_checks.hpp"

using namespace gridenum;
using namespace gridenum::testing;

namespace {

std::vector<Puzzle> load(const std::string& name, std::size_t step = 1) { return load_path(collection_file(name), step); }

}  // namespace

TEST(CollectionsSolve9, AgreesWithTheGeneralEngineOnEveryClassicCollection) {
  for (const char* f : {"classic-17clue-2000.txt", "classic-top1465.txt", "classic-hardest-375.txt",
                        "classic-with-counts-43.txt"})
    check_solve9_agrees(load(f), f);
}

TEST(CollectionsPropagate, ClassicCollectionsUniqueAndValid) {
  for (const char* f : {"classic-17clue-2000.txt", "classic-top1465.txt", "classic-hardest-375.txt"})
    check_unique(load(f, 7), f);
}

// puzzle:count:solution with counts 0, 1 and 3..847 (multiple- and no-solution puzzles), by
// both engines.
TEST(CollectionsEngines, CountsMatchTheListedCounts) {
  check_listed_counts(load_counted(collection_file("classic-with-counts-43.txt")), "classic-with-counts-43.txt");
}

TEST(CollectionsPropagate, JigsawCollection) { check_unique(load("jigsaw-300.txt", 3), "jigsaw-300.txt"); }

// Six of the 400 killer puzzles, as transcribed in the collection, have two solutions (both pass
// satisfies(); e.g. line 194): for those the listed one must be among them.
TEST(CollectionsPropagate, KillerCollection) {
  const auto ps = load("killer-400.txt", 4);
  EXPECT_LE(check_killers_contain_listed(ps, "killer-400.txt"), 6u);
  EXPECT_GE(ps.size(), 100u);
}

TEST(CollectionsPropagate, Sixteen) {
  check_unique(load("16x16-60.txt", 5), "16x16-60.txt", load("16x16-60.solutions.txt", 5));
}

// Every 10th puzzle of the variant collections and every killer (400 puzzles, 251 of them 9x9:
// about 0.1 s).
TEST(CollectionsDlx, VariantsValidated) {
  for (const char* f : {"classic-17clue-2000.txt", "jigsaw-300.txt", "killer-400.txt", "16x16-60.txt"}) {
    const bool killer = std::string(f) == "killer-400.txt";
    DlxValidated v;
    check_dlx_validated(load(f, killer ? 1 : 10), f, v);
    if (killer) {
      EXPECT_GE(v.killers9, 10u);  // the sample once held none
      EXPECT_GE(v.several, 1u);
    }
  }
}

// The whole 17-clue, top1465 and killer collections, and the jigsaw / 16x16 samples of
// VariantsValidated.
TEST(CollectionsDlx, AgreesWithPropagationOnCollections) {
  for (const char* f : {"classic-17clue-2000.txt", "classic-top1465.txt", "jigsaw-300.txt", "killer-400.txt", "16x16-60.txt"}) {
    const std::string name(f);
    const std::size_t step = name.find("killer") != std::string::npos || name.find("classic") != std::string::npos ? 1 : 10;
    std::size_t killers9 = 0;
    check_dlx_agrees_with_propagation(load(f, step), f, killers9);
    if (name == "killer-400.txt") { EXPECT_GE(killers9, 10u); }
  }
}

TEST(CollectionsDlx, KillerCountsMatchBruteForce4x4) { check_killer_counts_match_brute_force_4x4(load("killer-400.txt")); }
TEST(CollectionsDlx, KillerCountsMatchPropagation6x6) { check_killer_counts_match_propagation_6x6(load("killer-400.txt", 5)); }
TEST(CollectionsDlx, KillerGivensInsideCages) { check_killer_givens_inside_cages(load("killer-400.txt", 7)); }

TEST(CollectionsModel, UnitsMatchTheRulesOnTheCollections) {
  std::mt19937 rng(20261123);
  int checked = 0, invalid = 0;
  for (const char* file : {"jigsaw-300.txt", "killer-400.txt"})
    for (const Puzzle& p : load_path(collection_file(file), 5)) {
      ASSERT_FALSE(p.expected.empty()) << file << " line " << p.line;
      agree_around(p, p.expected, rng, invalid);
      ++checked;
    }
  // 16x16 (4x4 boxes): the solutions are a separate file, in the same order.
  const auto puzzles = load_path(collection_file("16x16-60.txt"));
  const auto solutions = load_path(collection_file("16x16-60.solutions.txt"));
  ASSERT_EQ(puzzles.size(), solutions.size());
  for (std::size_t i = 0; i < puzzles.size(); i += 6) {
    agree_around(puzzles[i], solutions[i].model.givens, rng, invalid);
    ++checked;
  }
  EXPECT_GE(checked, 150);
  EXPECT_GE(invalid, checked * 4);  // most neighbours are invalid: the comparison has teeth
}

