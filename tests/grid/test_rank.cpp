// Rank and unrank (grid/rank.hpp): a bijection between the grids of a shape and 0 .. total-1.
// Checked against grids enumerated independently (rank_checks.hpp: backtracking on masks):
// every 4x4 grid, and every 6x6 grid with a fixed first row (the whole 6x6 sets in
// slow_rank.cpp); the totals against the count engine and the published counts.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "rank_checks.hpp"
#include "gridenum/count/stack/count.hpp"
#include "gridenum/grid/rank.hpp"

using namespace gridenum;
using namespace gridenum::testing;


TEST(Rank, TotalsAgainstCountEngineAndPublished) {
  // Published: 288 4x4 grids; 28,200,960 6x6 grids (OEIS A107739; Pettersen).
  const std::pair<Shape, std::uint64_t> cases[] = {{{2, 2}, 288}, {{2, 3}, 28200960}, {{3, 2}, 28200960}};
  for (const auto& [s, published] : cases) {
    const GridRanker& g = grid_ranker(s);
    EXPECT_TRUE(g.total() == published) << s.str() << ": " << to_string(g.total());
    CountOptions o;
    o.shape = s;
    o.threads = 1;
    EXPECT_TRUE(run_count(o).reduction.total == to_big(g.total())) << s.str();
  }
}

TEST(Rank, EveryFourByFourGridIsABijection) {
  const Shape s{2, 2};
  const GridRanker& g = grid_ranker(s);
  expect_every_four_by_four_grid_a_bijection(g);
}

TEST(Rank, SixBySixFirstRowBlock) {
  // The first row 1..N (rank block 0, in lexicographic order); other first rows: slow_rank.cpp,
  // every first row: long_rank.cpp.
  for (Shape s : {Shape{2, 3}, Shape{3, 2}}) check_first_row_block(s, {1, 2, 3, 4, 5, 6});
}

TEST(Rank, PermutationIndexRoundTrip) {
  std::vector<int> p{1, 2, 3, 4, 5, 6};
  u128 i = 0;
  do {
    ASSERT_TRUE(permutation_index(p) == i);
    ASSERT_EQ(permutation_of_index(6, i), p);
    ++i;
  } while (std::next_permutation(p.begin(), p.end()));
  EXPECT_TRUE(i == 720);
  EXPECT_THROW(permutation_of_index(6, 720), std::out_of_range);
}

TEST(Rank, ContractsNameTheRangeAndShapes) {
  const GridRanker& g = grid_ranker({2, 2});
  try {
    (void)g.unrank(288);
    ADD_FAILURE() << "no exception";
  } catch (const std::out_of_range& e) {
    EXPECT_NE(std::string(e.what()).find("0 .. 287"), std::string::npos) << e.what();
  }
  GridCells bad = g.unrank(0);
  std::swap(bad[0], bad[5]);
  EXPECT_THROW((void)g.rank(bad), std::invalid_argument);
  try {
    (void)grid_ranker({3, 4});
    ADD_FAILURE() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("2x2, 2x3, 3x2, 2x4, 4x2, 3x3, 2x5, 5x2"), std::string::npos) << e.what();
  }
}
