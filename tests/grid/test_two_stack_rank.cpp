// 10x10 rank and unrank through the two stacks (grid/two_stack_rank.hpp), against what does not
// share its tables:
//   - the totals against the count engine (the stack method up to 8x8; for 10x10 the side-2 count,
//     class weights x F^2, not the ranker's descent over histograms, in slow_two_stack_rank.cpp)
//     and the published counts, on every shape the class takes;
//   - every 4x4 grid, and every 6x6 grid with first row 1..6, enumerated by plain backtracking
//     (rank_checks.hpp): a bijection, T1 the prefix descent's (PrefixRanker); 8x8: T1 the 8x8
//     ranker's (TwoBandRanker, another decomposition);
//   - the numbering of a stack's fillings (stack_fillings.hpp) against a plain search that lists
//     them in that order, and their count against the side-2 count's matching removal;
//   - 10x10 round trips: ranks drawn at random and at the edges, grids from the puzzle generator,
//     the transpose of the other shape's grids (more of them, and the sampler's marginals, in
//     slow_two_stack_rank.cpp).
// Each test is a process of its own; a 10x10 ranker's tables take about 1.5 s to build, so only
// TenByTenRoundTrips builds both 10x10 rankers.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <set>

#include "grid_checks.hpp"
#include "rank_checks.hpp"
#include "gridenum/count/side2/side2.hpp"
#include "gridenum/count/side2/two_stack.hpp"
#include "gridenum/count/stack/count.hpp"
#include "gridenum/grid/stack_fillings.hpp"
#include "gridenum/grid/sample.hpp"
#include "gridenum/grid/two_band_rank.hpp"
#include "gridenum/grid/two_stack_rank.hpp"

using namespace gridenum;
using namespace gridenum::testing;

namespace {

const Shape kTwoByFive{2, 5}, kFiveByTwo{5, 2};
const char* const kTenByTen = "1903816047972624930994913280000";  // Pettersen 2005 (OEIS A107739)

const TwoStackRanker& ten_ranker(Shape s) { return dynamic_cast<const TwoStackRanker&>(grid_ranker(s)); }

// Every filling of a stack (rows v with digit sets sets[v], C columns each holding every digit
// once) whose row 0 is cells[0 .. C), in lexicographic order of the rows taken in `order` (row by
// row, column by column, digits increasing). Nothing of the ranker's counting is used.
std::vector<std::vector<std::uint8_t>> plain_stack_fillings(const std::vector<std::uint16_t>& sets, int c, const std::vector<std::uint8_t>& cells,
                                                            const std::array<std::uint8_t, StackFillings::kMaxRows>& order) {
  const int n = static_cast<int>(sets.size());
  std::vector<std::vector<std::uint8_t>> out;
  std::vector<std::uint8_t> at = cells;
  std::vector<unsigned> column(static_cast<std::size_t>(c), 0);
  for (int i = 0; i < c; ++i) column[static_cast<std::size_t>(i)] = 1u << cells[static_cast<std::size_t>(i)];
  const auto rec = [&](auto&& self, int p, int i, unsigned used) -> void {
    if (p == n) {
      out.push_back(at);
      return;
    }
    if (i == c) {
      self(self, p + 1, 0, 0);
      return;
    }
    const int v = order[static_cast<std::size_t>(p)];
    for (int d = 0; d < n; ++d) {
      const unsigned b = 1u << d;
      if ((sets[static_cast<std::size_t>(v)] & b) == 0 || (used & b) != 0 || (column[static_cast<std::size_t>(i)] & b) != 0) continue;
      at[static_cast<std::size_t>(v * c + i)] = static_cast<std::uint8_t>(d);
      column[static_cast<std::size_t>(i)] |= b;
      self(self, p, i + 1, used | b);
      column[static_cast<std::size_t>(i)] &= ~b;
    }
  };
  rec(rec, 1, 0, 0);
  return out;
}

}  // namespace

TEST(TwoStackRank, TotalsAgainstCountEngineAndPublished) {
  // Published: 288; 28,200,960 (OEIS A107739); 29,136,487,207,403,520 (Russell and Jarvis 2006);
  // 1,903,816,047,972,624,930,994,913,280,000 (Pettersen 2005).
  const std::pair<Shape, std::string> cases[] = {{{2, 2}, "288"},
                                                 {{2, 3}, "28200960"},
                                                 {{3, 2}, "28200960"},
                                                 {{2, 4}, "29136487207403520"},
                                                 {{4, 2}, "29136487207403520"},
                                                 {kTwoByFive, kTenByTen}};  // 5x2: 2x5's tables (TenByTenRoundTrips)
  for (const auto& [s, published] : cases) {
    std::unique_ptr<TwoStackRanker> small;  // 10x10: the process's ranker (grid_ranker), built once
    if (s.n() < 10) small = std::make_unique<TwoStackRanker>(s);
    const TwoStackRanker& g = small ? *small : ten_ranker(s);
    EXPECT_EQ(to_string(g.total()), published) << s.str();
    EXPECT_TRUE(g.normalised_total() * factorial_u64(s.n()) == g.total()) << s.str();
    if (s.n() < 10) {
      CountOptions o;  // the stack method
      o.shape = s;
      o.threads = 2;
      EXPECT_TRUE(run_count(o).reduction.total == to_big(g.total())) << s.str();
    }  // 10x10 against the side-2 count: TwoStackRankSlow.TenByTenTotalAgainstTheSide2Count
    if (s.n() == 8) {
      EXPECT_TRUE(g.normalised_total() == TwoBandRanker(s).normalised_total()) << s.str();
    }
  }
  // The histograms stored: one root; the whole structures' histograms at the last level.
  const TwoStackRanker& r = ten_ranker(kTwoByFive);
  EXPECT_EQ(r.histograms(0), 1u);
  EXPECT_GT(r.histograms(4), 355u);
}

TEST(TwoStackRank, EveryFourByFourGridIsABijection) {
  const Shape s{2, 2};
  const TwoStackRanker g(s);
  EXPECT_TRUE(g.normalised_total() == PrefixRanker(s).normalised_total());
  expect_every_four_by_four_grid_a_bijection(g);
}

TEST(TwoStackRank, SixBySixAgainstThePrefixDescent) {
  // Every grid with first row 1..6 (3x2: first column; the transpose's first row).
  for (Shape s : {Shape{2, 3}, Shape{3, 2}})
    expect_six_by_six_first_rows_a_bijection(TwoStackRanker(s), s, Shape{2, 3}, 67 + (s == Shape{3, 2}));
}

TEST(TwoStackRank, StackFillingsAgainstAPlainSearch) {
  // The stacks of generator grids of 2x3 and 2x4 boxes, row 0 fixed to the grid's: every filling
  // a plain search lists, in its order, gets the index of its place, unrank gives it back, and
  // there are F / C! of them (F by the side-2 count's matching removal).
  MatchingRemoval counter;
  std::size_t stacks = 0;
  for (const Shape s : {Shape{2, 3}, Shape{2, 4}}) {
    const int c = s.cols, n = s.n();
    for (std::uint64_t seed = 0; seed < 4; ++seed) {
      const GridCells g = random_grid(s, 700 + seed);
      for (int side = 0; side < 2; ++side) {
        std::vector<std::uint16_t> sets(static_cast<std::size_t>(n), 0);
        std::vector<std::uint8_t> cells(static_cast<std::size_t>(n * c), 0);
        for (int v = 0; v < n; ++v)
          for (int i = 0; i < c; ++i) {
            const auto d = static_cast<std::uint8_t>(g[static_cast<std::size_t>(v * n + side * c + i)] - 1);
            cells[static_cast<std::size_t>(v * c + i)] = d;
            sets[static_cast<std::size_t>(v)] = static_cast<std::uint16_t>(sets[static_cast<std::size_t>(v)] | 1u << d);
          }
        const StackFillings fillings(sets.data(), c, cells.data());
        // The order: row 0, then one row of each other box, then the other rows, box by box.
        const auto order = fillings.row_order();
        ASSERT_EQ(order[0], 0) << s.str();
        for (int k = 0; k < c; ++k) {
          ASSERT_EQ(order[static_cast<std::size_t>(k)] / 2, k) << s.str();
          ASSERT_EQ(order[static_cast<std::size_t>(c + k)], order[static_cast<std::size_t>(k)] ^ 1) << s.str();
        }
        const auto all = plain_stack_fillings(sets, c, cells, order);
        ASSERT_TRUE(fillings.count() == all.size()) << s.str() << " seed " << seed;
        ASSERT_TRUE(counter.count(sets.data(), n, c) == all.size() * factorial_u64(c)) << s.str() << " seed " << seed;
        const std::size_t step = all.size() > 3000 ? all.size() / 1500 : 1;
        for (std::size_t i = 0; i < all.size(); i += step) {
          ASSERT_TRUE(fillings.rank(all[i].data()) == i) << s.str() << " index " << i;
          std::vector<std::uint8_t> back(all[i].size(), 0);
          fillings.unrank(i, back.data());
          ASSERT_EQ(back, all[i]) << s.str() << " index " << i;
        }
        ASSERT_TRUE(fillings.rank(cells.data()) < fillings.count());
        ++stacks;
      }
    }
  }
  EXPECT_EQ(stacks, 16u);
}

TEST(TwoStackRank, TenByTenRoundTrips) {
  for (const Shape s : {kTwoByFive, kFiveByTwo}) {
    const TwoStackRanker& r = ten_ranker(s);
    const Shape other{s.cols, s.rows};
    const TwoStackRanker& t = ten_ranker(other);
    const u128 t1 = r.normalised_total();
    std::vector<u128> ranks = {0, 1, t1 - 1, t1, r.total() - 1};
    std::mt19937_64 rng(2027);
    for (int i = 0; i < 30; ++i) ranks.push_back(uniform_below(r.total(), rng));
    for (const u128 n : ranks) {
      const GridCells g = r.unrank(n);
      ASSERT_TRUE(is_valid_grid(s, g)) << s.str() << " " << to_string(n);
      ASSERT_TRUE(r.rank(g) == n) << s.str() << " " << to_string(n);
    }
    // The ranks in [0, T1) have the first row (5x2: first column) 1..10.
    const GridCells zero = r.unrank(0), last = r.unrank(t1 - 1);
    for (int c = 0; c < 10; ++c) {
      const auto at = static_cast<std::size_t>(s == kTwoByFive ? c : c * 10);
      EXPECT_EQ(zero[at], c + 1) << s.str();
      EXPECT_EQ(last[at], c + 1) << s.str();
    }
    // Grids that did not come from this ranker's unrank: the puzzle generator's, and the other
    // shape's grids transposed (whose rank is the other shape's rank by construction).
    for (std::uint64_t seed = 0; seed < 10; ++seed) {
      const GridCells g = random_grid(s, seed);
      const u128 n = r.rank(g);
      ASSERT_TRUE(n < r.total());
      ASSERT_EQ(r.unrank(n), g) << s.str() << " seed " << seed;
    }
    for (int i = 0; i < 10; ++i) {
      const u128 n = uniform_below(r.total(), rng);
      const GridCells g = transpose_grid(other, t.unrank(n));
      ASSERT_TRUE(r.rank(g) == n) << s.str() << " " << to_string(n);
      ASSERT_EQ(r.unrank(n), g) << s.str() << " " << to_string(n);
    }
    // A grid of the other shape that is not one of this shape's is refused (the contracts of one
    // ranker: Contracts).
    const GridCells others = t.unrank(5);
    ASSERT_FALSE(is_valid_grid(s, others));
    EXPECT_THROW((void)r.rank(others), std::invalid_argument) << s.str();
  }
}

TEST(TwoStackRank, Contracts) {
  const TwoStackRanker& r = ten_ranker(kTwoByFive);
  try {
    (void)r.unrank(r.total());
    ADD_FAILURE() << "no exception";
  } catch (const std::out_of_range& e) {
    EXPECT_NE(std::string(e.what()).find("2x5 grids have the ranks 0 .. 1903816047972624930994913279999"), std::string::npos) << e.what();
  }
  GridCells bad = r.unrank(12345);
  std::swap(bad[0], bad[1]);
  EXPECT_THROW((void)r.rank(bad), std::invalid_argument);
  EXPECT_THROW((void)r.rank(GridCells(99, 1)), std::invalid_argument);
  for (const Shape s : {Shape{3, 3}, Shape{2, 6}, Shape{4, 4}, Shape{3, 4}}) {
    try {
      const TwoStackRanker t(s);
      ADD_FAILURE() << s.str() << ": no exception";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("2x2, 2x3, 3x2, 2x4, 4x2, 2x5, 5x2"), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW((void)r.histograms(5), std::out_of_range);
  // Stack fillings: sets that are not a stack's, a first row not its set's, cells that are not a
  // filling, an index past the count. K_{4,4} as two boxes of 2x2 ... : the 4x4 Latin squares.
  const std::uint16_t sets[4] = {0x3, 0xC, 0x3, 0xC};  // rows {0,1}, {2,3}, {0,1}, {2,3}: 2x2 boxes
  const std::uint8_t first[2] = {1, 0};
  const StackFillings stack(sets, 2, first);
  EXPECT_TRUE(stack.count() == 2);  // row 2 is forced by row 0 (0 1 -> 0 under 1 ...), rows 1, 3: 2 ways
  try {
    std::uint8_t cells[8];
    stack.unrank(2, cells);
    ADD_FAILURE() << "no exception";
  } catch (const std::out_of_range& e) {
    EXPECT_NE(std::string(e.what()).find("0 .. 1"), std::string::npos) << e.what();
  }
  std::uint8_t cells[8];
  stack.unrank(1, cells);
  EXPECT_TRUE(stack.rank(cells) == 1);
  EXPECT_EQ(cells[4], 0);  // row 2 under row 0 (1 0): 0 1
  EXPECT_EQ(cells[5], 1);
  std::swap(cells[2], cells[3]);
  std::swap(cells[6], cells[7]);
  EXPECT_TRUE(stack.rank(cells) == 0);
  cells[4] = 1;  // row 2 repeats column 0's digit
  cells[5] = 0;
  EXPECT_THROW((void)stack.rank(cells), std::invalid_argument);
  const std::uint16_t uneven[4] = {0x3, 0x3, 0x3, 0xC};
  EXPECT_THROW(StackFillings(uneven, 2, first), std::invalid_argument);
  const std::uint8_t not_its_set[2] = {2, 0};
  EXPECT_THROW(StackFillings(sets, 2, not_its_set), std::invalid_argument);
}
