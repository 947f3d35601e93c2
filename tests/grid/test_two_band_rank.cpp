// 8x8 rank and unrank through the two bands (grid/two_band_rank.hpp), against what does not share
// its tables:
//   - the totals against the count engine (the stack method) and the published counts, on every
//     shape the class takes (2x2, 2x3, 3x2, 4x2, 2x4);
//   - every 4x4 grid, and every 6x6 grid with first row 1..6, enumerated by plain backtracking
//     (rank_checks.hpp): a bijection, T1 the prefix descent's (PrefixRanker);
//   - the lexicographic numbering of ordered factorisations against a plain search that lists
//     them in that order;
//   - 8x8 round trips: ranks drawn at random and at the edges, grids from the puzzle generator,
//     the transpose of the other shape's grids;
//   - the sampler's marginals (every cell's digit, the first row's first digit) by chi-square at
//     significance 1e-6 (Bonferroni over the statistics), fixed seeds.
// Each test builds the 8x8 tables it needs (grid_ranker: once per process, about 0.4 s of CPU).
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <set>

#include "grid_checks.hpp"
#include "rank_checks.hpp"
#include "gridenum/count/stack/count.hpp"
#include "gridenum/grid/sample.hpp"
#include "gridenum/grid/two_band_rank.hpp"

using namespace gridenum;
using namespace gridenum::testing;

namespace {

const Shape kFourByTwo{4, 2}, kTwoByFour{2, 4};

const TwoBandRanker& eight_ranker(Shape s) { return dynamic_cast<const TwoBandRanker&>(grid_ranker(s)); }

// Every ordered factorisation of the k-regular graph `columns` (n columns), in lexicographic
// order: row by row, column by column, the free digits in increasing order; a row that cannot be
// completed is a dead end. Nothing of the ranker's counting is used.
std::vector<std::vector<std::uint8_t>> all_factorisations(const std::vector<std::uint16_t>& columns, int k) {
  const int n = static_cast<int>(columns.size());
  std::vector<std::vector<std::uint8_t>> out;
  std::vector<std::uint16_t> h = columns;
  std::vector<std::uint8_t> rows(static_cast<std::size_t>(n * k));
  const auto rec = [&](auto&& self, int i, int c, unsigned used) -> void {
    if (i == k) {
      out.push_back(rows);
      return;
    }
    if (c == n) {
      self(self, i + 1, 0, 0);
      return;
    }
    for (int d = 0; d < 16; ++d) {
      if ((h[static_cast<std::size_t>(c)] >> d & 1) == 0 || (used >> d & 1) != 0) continue;
      rows[static_cast<std::size_t>(i * n + c)] = static_cast<std::uint8_t>(d);
      h[static_cast<std::size_t>(c)] = static_cast<std::uint16_t>(h[static_cast<std::size_t>(c)] & ~(1u << d));
      self(self, i, c + 1, used | 1u << d);
      h[static_cast<std::size_t>(c)] = static_cast<std::uint16_t>(h[static_cast<std::size_t>(c)] | 1u << d);
    }
  };
  rec(rec, 0, 0, 0);
  return out;
}

// A band's column sets (digits 0-based) from rows `from` .. `from + rows - 1` of a grid.
std::vector<std::uint16_t> column_sets(const GridCells& g, int n, int from, int rows) {
  std::vector<std::uint16_t> x(static_cast<std::size_t>(n), 0);
  for (int r = from; r < from + rows; ++r)
    for (int c = 0; c < n; ++c)
      x[static_cast<std::size_t>(c)] = static_cast<std::uint16_t>(x[static_cast<std::size_t>(c)] | 1u << (g[static_cast<std::size_t>(r * n + c)] - 1));
  return x;
}

}  // namespace

TEST(TwoBandRank, TotalsAgainstCountEngineAndPublished) {
  // Published: 288 4x4 grids; 28,200,960 6x6 grids (OEIS A107739); 29,136,487,207,403,520 8x8
  // grids of 2x4 boxes (Russell and Jarvis 2006; OEIS A107739).
  const std::pair<Shape, std::string> cases[] = {{{2, 2}, "288"},
                                                 {{2, 3}, "28200960"},
                                                 {{3, 2}, "28200960"},
                                                 {kFourByTwo, "29136487207403520"},
                                                 {kTwoByFour, "29136487207403520"}};
  for (const auto& [s, published] : cases) {
    std::unique_ptr<TwoBandRanker> small;  // 8x8: the process's ranker (grid_ranker), built once
    if (s.n() < 8) small = std::make_unique<TwoBandRanker>(s);
    const TwoBandRanker& g = small ? *small : eight_ranker(s);
    EXPECT_EQ(to_string(g.total()), published) << s.str();
    EXPECT_TRUE(g.normalised_total() * factorial_u64(s.n()) == g.total()) << s.str();
    CountOptions o;
    o.shape = s;
    o.threads = 2;
    EXPECT_TRUE(run_count(o).reduction.total == to_big(g.total())) << s.str();
  }
  // C(N-2, R-1)^R structures: 2^2, 6^3, 20^4.
  EXPECT_EQ(TwoBandRanker({2, 2}).structures(), 4u);
  EXPECT_EQ(TwoBandRanker({3, 2}).structures(), 216u);
  EXPECT_EQ(eight_ranker(kFourByTwo).structures(), 160000u);
  EXPECT_EQ(eight_ranker(kTwoByFour).structures(), 160000u);
}

TEST(TwoBandRank, EveryFourByFourGridIsABijection) {
  const Shape s{2, 2};
  const TwoBandRanker g(s);
  EXPECT_TRUE(g.normalised_total() == PrefixRanker(s).normalised_total());
  expect_every_four_by_four_grid_a_bijection(g);
}

TEST(TwoBandRank, SixBySixAgainstThePrefixDescent) {
  // Every grid with first row 1..6 (2x3: first column; the transpose's first row).
  for (Shape s : {Shape{2, 3}, Shape{3, 2}})
    expect_six_by_six_first_rows_a_bijection(TwoBandRanker(s), s, Shape{3, 2}, 66 + (s == Shape{3, 2}));
}

TEST(TwoBandRank, FactorisationsAgainstAPlainSearch) {
  // The bands of generator grids of 4x2 boxes (4-regular graphs of 8 columns; the top band less its
  // first row a 3-regular one) and of 3x2 boxes: every factorisation a plain search lists, in its
  // order, gets the index of its place, and unrank gives it back.
  MatchingRemoval counter;
  std::size_t graphs = 0;
  for (const Shape s : {Shape{3, 2}, kFourByTwo}) {
    const int n = s.n(), k = s.rows;
    for (std::uint64_t seed = 0; seed < 3; ++seed) {
      const GridCells g = random_grid(s, 500 + seed);
      for (int band = 0; band < 2; ++band) {
        std::vector<std::uint16_t> x = column_sets(g, n, band * k, k);
        for (const int drop_first_row : {0, 1}) {
          std::vector<std::uint16_t> h = x;
          if (drop_first_row)
            for (int c = 0; c < n; ++c)
              h[static_cast<std::size_t>(c)] = static_cast<std::uint16_t>(h[static_cast<std::size_t>(c)] & ~(1u << (g[static_cast<std::size_t>(band * k * n + c)] - 1)));
          const int degree = k - drop_first_row;
          const auto all = all_factorisations(h, degree);
          ASSERT_TRUE(counter.count(h.data(), n, degree) == all.size()) << s.str() << " seed " << seed << " band " << band;
          // Every factorisation for the smaller graphs; a spread of them for the 4-regular ones.
          const std::size_t step = all.size() > 5000 ? all.size() / 2000 : 1;
          for (std::size_t i = 0; i < all.size(); i += step) {
            ASSERT_TRUE(factorisation_rank(counter, h.data(), n, degree, all[i].data()) == i) << s.str() << " index " << i;
            std::vector<std::uint8_t> back(all[i].size());
            factorisation_unrank(counter, h.data(), n, degree, i, back.data());
            ASSERT_EQ(back, all[i]) << s.str() << " index " << i;
          }
          ++graphs;
        }
      }
    }
  }
  EXPECT_EQ(graphs, 24u);
}

TEST(TwoBandRank, EightByEightRoundTrips) {
  for (const Shape s : {kFourByTwo, kTwoByFour}) {
    const TwoBandRanker& r = eight_ranker(s);
    const Shape other{s.cols, s.rows};
    const TwoBandRanker& t = eight_ranker(other);
    const u128 t1 = r.normalised_total();
    ASSERT_TRUE(t1 == 722631131136ull) << s.str();
    std::vector<u128> ranks = {0, 1, t1 - 1, t1, r.total() - 1};
    std::mt19937_64 rng(2026);
    for (int i = 0; i < 2000; ++i) ranks.push_back(uniform_below(r.total(), rng));
    for (const u128 n : ranks) {
      const GridCells g = r.unrank(n);
      ASSERT_TRUE(is_valid_grid(s, g)) << s.str() << " " << to_string(n);
      ASSERT_TRUE(r.rank(g) == n) << s.str() << " " << to_string(n);
    }
    // The ranks in [0, T1) have the first row (2x4: first column) 1..8.
    const GridCells zero = r.unrank(0), last = r.unrank(t1 - 1);
    for (int c = 0; c < 8; ++c) {
      const auto at = static_cast<std::size_t>(s == kFourByTwo ? c : c * 8);
      EXPECT_EQ(zero[at], c + 1) << s.str();
      EXPECT_EQ(last[at], c + 1) << s.str();
    }
    // Grids that did not come from this ranker's unrank: the puzzle generator's, and the other
    // shape's grids transposed (whose rank is the other shape's rank by construction).
    for (std::uint64_t seed = 0; seed < 200; ++seed) {
      const GridCells g = random_grid(s, seed);
      const u128 n = r.rank(g);
      ASSERT_TRUE(n < r.total());
      ASSERT_EQ(r.unrank(n), g) << s.str() << " seed " << seed;
    }
    for (int i = 0; i < 200; ++i) {
      const u128 n = uniform_below(r.total(), rng);
      const GridCells g = transpose_grid(other, t.unrank(n));
      ASSERT_TRUE(r.rank(g) == n) << s.str() << " " << to_string(n);
      ASSERT_EQ(r.unrank(n), g) << s.str() << " " << to_string(n);
    }
  }
}

TEST(TwoBandRank, Contracts) {
  const TwoBandRanker& r = eight_ranker(kFourByTwo);
  try {
    (void)r.unrank(r.total());
    ADD_FAILURE() << "no exception";
  } catch (const std::out_of_range& e) {
    EXPECT_NE(std::string(e.what()).find("4x2 grids have the ranks 0 .. 29136487207403519"), std::string::npos) << e.what();
  }
  GridCells bad = r.unrank(12345);
  std::swap(bad[0], bad[1]);  // the two cells' columns now each repeat a digit
  EXPECT_THROW((void)r.rank(bad), std::invalid_argument);
  EXPECT_THROW((void)r.rank(GridCells(63, 1)), std::invalid_argument);
  const GridCells four_by_two = r.unrank(5);
  ASSERT_FALSE(is_valid_grid(kTwoByFour, four_by_two));
  EXPECT_THROW((void)eight_ranker(kTwoByFour).rank(four_by_two), std::invalid_argument);
  for (const Shape s : {Shape{3, 3}, Shape{2, 5}, Shape{4, 4}}) {
    try {
      const TwoBandRanker t(s);
      ADD_FAILURE() << s.str() << ": no exception";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("2x2, 2x3, 3x2, 2x4, 4x2"), std::string::npos) << e.what();
    }
  }
  // Factorisations: a graph that is not regular, a row that is not a matching, an index past F.
  MatchingRemoval counter;
  const std::uint16_t k44[4] = {0xF, 0xF, 0xF, 0xF};  // K_{4,4}: 576 ordered factorisations (4x4 Latin squares)
  EXPECT_TRUE(counter.count(k44, 4, 4) == 576);
  const std::uint16_t uneven[4] = {0x3, 0x3, 0x5, 0xA};
  std::uint8_t rows[16] = {};
  EXPECT_THROW((void)factorisation_rank(counter, uneven, 4, 2, rows), std::invalid_argument);
  EXPECT_THROW((void)counter.count(uneven, 4, 2), std::invalid_argument);
  EXPECT_THROW((void)factorisation_rank(counter, k44, 4, 4, rows), std::invalid_argument);  // row 0 all digit 0
  try {
    factorisation_unrank(counter, k44, 4, 4, 576, rows);
    ADD_FAILURE() << "no exception";
  } catch (const std::out_of_range& e) {
    EXPECT_NE(std::string(e.what()).find("0 .. 575"), std::string::npos) << e.what();
  }
  factorisation_unrank(counter, k44, 4, 4, 575, rows);
  EXPECT_TRUE(factorisation_rank(counter, k44, 4, 4, rows) == 575);
}

// The sampler's marginals on 4x2 (grid/sample.hpp draws uniform ranks and unranks them): the digit
// of every cell against 1/8, and the first row's relabelling split by its first digit (the
// permutation index / 7!) against 1/8; 65 statistics share the significance 1e-6.
TEST(TwoBandRank, SampleMarginals) {
  const TwoBandRanker& r = eight_ranker(kFourByTwo);
  const std::uint64_t samples = 24000;
  std::vector<std::uint64_t> cell(64 * 8, 0), first(8, 0);
  for (std::uint64_t i = 0; i < samples; ++i) {
    const GridCells g = sample_grid(r, 8080, i);
    for (int k = 0; k < 64; ++k) ++cell[static_cast<std::size_t>(k * 8 + g[static_cast<std::size_t>(k)] - 1)];
    ++first[static_cast<std::size_t>(permutation_index(std::vector<int>(g.begin(), g.begin() + 8)) / 5040)];
  }
  const double alpha = 1e-6 / 65;
  const double x = chi_square(first, std::vector<double>(8, 1.0 / 8), static_cast<double>(samples));
  EXPECT_LT(x, chi_square_critical(7, alpha)) << "first row's first digit: " << x;
  expect_uniform_cells(cell, 8, static_cast<double>(samples), alpha);
}
