// 9x9 rank and unrank through bands and stacks (grid/band_stack_rank.hpp), against what does not
// share its tables:
//   - the total against the count engine (the stack method) and the published count;
//   - every sampled top band's completions against the count engine's count n for its
//     Felgenhauer-Jarvis class (catalogue and band classes: count/stack/, grid_info.hpp);
//   - the arrangements of a band with given column sets against a plain search over the 6^9
//     column orders;
//   - round trips: ranks drawn at random and at the edges of the blocks, grids from the puzzle
//     generator and the published minlex grids;
//   - the sampler's marginals (the top band's class, the digit in every cell) by chi-square at
//     significance 1e-6 (Bonferroni over the statistics), fixed seeds.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "grid_checks.hpp"
#include "nine_checks.hpp"
#include "rank_checks.hpp"
#include "gridenum/count/stack/count.hpp"
#include "gridenum/grid/band_stack_rank.hpp"
#include "gridenum/grid/grid_info.hpp"
#include "gridenum/grid/sample.hpp"

using namespace gridenum;
using namespace gridenum::testing;

namespace {

const Shape kNine{3, 3};

const BandStackRanker& nine_ranker() { return dynamic_cast<const BandStackRanker&>(grid_ranker(kNine)); }

GridCells cells_of_string(const std::string& text) {
  GridCells g;
  for (char ch : text) g.push_back(ch - '0');
  return g;
}

Band band_digits_from_one(const BandRows& rows) {
  Band b(27);
  for (int i = 0; i < 27; ++i) b[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(rows[static_cast<std::size_t>(i)] + 1);
  return b;
}

// Every arrangement of a band with these column sets, by a plain search over each column's six
// orders with a row repeat cutting the branch.
std::vector<BandRows> all_arrangements(const std::array<Digits9, 9>& columns) {
  std::vector<BandRows> out;
  BandRows band{};
  std::array<unsigned, 3> rows{};
  const auto rec = [&](auto&& self, int c) -> void {
    if (c == 9) {
      out.push_back(band);
      return;
    }
    std::vector<std::uint8_t> d;
    for (int x = 0; x < 9; ++x)
      if (columns[static_cast<std::size_t>(c)] >> x & 1) d.push_back(static_cast<std::uint8_t>(x));
    std::sort(d.begin(), d.end());
    do {
      bool ok = true;
      for (int r = 0; r < 3; ++r) ok = ok && !(rows[static_cast<std::size_t>(r)] >> d[static_cast<std::size_t>(r)] & 1);
      if (!ok) continue;
      for (int r = 0; r < 3; ++r) {
        rows[static_cast<std::size_t>(r)] |= 1u << d[static_cast<std::size_t>(r)];
        band[static_cast<std::size_t>(9 * r + c)] = d[static_cast<std::size_t>(r)];
      }
      self(self, c + 1);
      for (int r = 0; r < 3; ++r) rows[static_cast<std::size_t>(r)] &= ~(1u << d[static_cast<std::size_t>(r)]);
    } while (std::next_permutation(d.begin(), d.end()));
  };
  rec(rec, 0);
  return out;
}

}  // namespace

TEST(RankNine, TotalsAgainstCountEngineAndPublished) {
  const BandStackRanker& r = nine_ranker();
  // Published: 6,670,903,752,021,072,936,960 (Felgenhauer and Jarvis 2005).
  EXPECT_EQ(to_string(r.total()), "6670903752021072936960");
  EXPECT_TRUE(to_big(r.total()) == nine_count().reduction.total);
  EXPECT_TRUE(r.normalised_total() * 362880 == r.total());
  // The column-set classes of the top band are as many as Felgenhauer and Jarvis's band classes.
  EXPECT_EQ(r.classes(), 44u);
}

TEST(RankNine, BandCompletionsAreTheCountEnginesClassCounts) {
  const BandStackRanker& r = nine_ranker();
  const CountResult& c = nine_count();
  // Sum over classes of |C| L_band n = T1: the engine's n is a band's completions.
  BigInt sum = 0;
  for (std::size_t k = 0; k < c.catalogue.classes.size(); ++k)
    sum += BigInt(c.catalogue.classes[k].size) * band_symmetry_factor(kNine) * c.reduction.n[k];
  ASSERT_TRUE(sum == to_big(r.normalised_total()));
  std::set<int> classes_seen;
  for (std::uint32_t b = 0; b < 2612736; b += 331) {
    const BandRows band = BandStackRanker::band_of_index(b);
    const int k = band_class(kNine, band_digits_from_one(band));
    classes_seen.insert(k);
    ASSERT_TRUE(BigInt(r.band_completions(b)) == c.reduction.n[static_cast<std::size_t>(k - 1)]) << "band " << b << ", class " << k;
  }
  EXPECT_EQ(classes_seen.size(), 44u);
}

TEST(RankNine, BandIndexRoundTrip) {
  std::set<Band> seen;
  for (std::uint32_t b = 0; b < 2612736; b += 97) {
    const BandRows band = BandStackRanker::band_of_index(b);
    Band digits = band_digits_from_one(band);
    ASSERT_TRUE(is_valid_band(kNine, digits)) << b;
    ASSERT_TRUE(has_canonical_b1(kNine, digits)) << b;
    ASSERT_EQ(BandStackRanker::band_index(band), b);
    ASSERT_TRUE(seen.insert(digits).second) << b;
  }
  EXPECT_THROW((void)BandStackRanker::band_of_index(2612736), std::out_of_range);
  BandRows bad = BandStackRanker::band_of_index(5);
  std::swap(bad[3], bad[12]);  // a digit moved between rows of box 2: rows repeat
  EXPECT_THROW((void)BandStackRanker::band_index(bad), std::invalid_argument);
}

TEST(RankNine, ArrangementsAgainstAPlainSearch) {
  std::mt19937_64 rng(31);
  for (int t = 0; t < 24; ++t) {
    const GridCells g = random_grid(kNine, 1000 + static_cast<std::uint64_t>(t));
    for (int band = 0; band < 3; ++band) {
      std::array<Digits9, 9> columns{};
      for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 9; ++c)
          columns[static_cast<std::size_t>(c)] = static_cast<Digits9>(columns[static_cast<std::size_t>(c)] | 1u << (g[static_cast<std::size_t>((3 * band + r) * 9 + c)] - 1));
      const BandArrangements a(columns);
      const std::vector<BandRows> all = all_arrangements(columns);
      ASSERT_EQ(a.count(), all.size());
      std::vector<bool> hit(all.size(), false);
      for (const BandRows& x : all) {
        const std::uint32_t i = a.rank(x);
        ASSERT_LT(i, all.size());
        ASSERT_FALSE(hit[i]) << "index " << i << " twice";
        hit[i] = true;
        ASSERT_EQ(a.unrank(i), x);
      }
      EXPECT_THROW((void)a.unrank(a.count()), std::out_of_range);
    }
  }
}

TEST(RankNine, RoundTripsOnRanksAndGrids) {
  const BandStackRanker& r = nine_ranker();
  const u128 t1 = r.normalised_total();
  // The edges of the blocks: relabellings, the first bands, the last rank.
  const u128 b0 = r.band_completions(0), b1 = r.band_completions(1);
  std::vector<u128> ranks = {0, 1, b0 - 1, b0, b0 + b1 - 1, b0 + b1, t1 - 1, t1, 5 * t1 + b0, r.total() - 1};
  std::mt19937_64 rng(2026);
  for (int i = 0; i < 1500; ++i) ranks.push_back(uniform_below(r.total(), rng));
  for (const u128 n : ranks) {
    const GridCells g = r.unrank(n);
    ASSERT_TRUE(is_valid_grid(kNine, g)) << to_string(n);
    ASSERT_TRUE(r.rank(g) == n) << to_string(n);
  }
  // The ranks in [0, T1) have box 1 reading 1..9; rank 0 of every block is the block's first.
  const GridCells first = r.unrank(0);
  for (int i = 0; i < 9; ++i) EXPECT_EQ(first[static_cast<std::size_t>(i / 3 * 9 + i % 3)], i + 1);
  // Grids that did not come from unrank: the puzzle generator's, and the published minlex grids.
  for (std::uint64_t seed = 0; seed < 300; ++seed) {
    const GridCells g = random_grid(kNine, seed);
    const u128 n = r.rank(g);
    ASSERT_TRUE(n < r.total());
    ASSERT_EQ(r.unrank(n), g) << seed;
  }
  for (const char* text : {"123456789456789123789123456214365897365897214897214365531642978642978531978531642",
                           "123456789457893612986217354274538196531964827698721435342685971715349268869172543"}) {
    const GridCells g = cells_of_string(text);
    EXPECT_EQ(r.unrank(r.rank(g)), g) << text;
  }
}

TEST(RankNine, Contracts) {
  const BandStackRanker& r = nine_ranker();
  try {
    (void)r.unrank(r.total());
    ADD_FAILURE() << "no exception";
  } catch (const std::out_of_range& e) {
    EXPECT_NE(std::string(e.what()).find("0 .. 6670903752021072936959"), std::string::npos) << e.what();
  }
  GridCells bad = r.unrank(12345);
  std::swap(bad[0], bad[1]);  // column 1 and 2 each repeat a digit now
  EXPECT_THROW((void)r.rank(bad), std::invalid_argument);
  EXPECT_THROW((void)r.rank(GridCells(80, 1)), std::invalid_argument);
  std::array<Digits9, 9> columns{0x007, 0x038, 0x1C0, 0x007, 0x038, 0x1C0, 0x007, 0x038, 0x1C1};
  EXPECT_THROW((void)BandArrangements(columns), std::invalid_argument);
  EXPECT_THROW((void)digit_splits(0x007, 0x038, 0x1C1), std::invalid_argument);
  // Every stack with the same column sets {0,1,2}, {3,4,5}, {6,7,8}: the count against the plain
  // search, and the index just past it refused.
  columns = {0x007, 0x038, 0x1C0, 0x007, 0x038, 0x1C0, 0x007, 0x038, 0x1C0};
  const BandArrangements same(columns);
  EXPECT_EQ(same.count(), all_arrangements(columns).size());
  EXPECT_THROW((void)same.unrank(same.count()), std::out_of_range);
}

// The sampler's marginals (in the RankNine suite, which runs as one process so that the tables
// are built once: tests/CMakeLists.txt): the top band's class against |C| L_band n / T1 (the count engine's
// figures), classes expected fewer than 10 times pooled into one bin; and the digit of every
// cell against 1/9.
TEST(RankNine, SampleMarginals) {
  const BandStackRanker& r = nine_ranker();
  const std::vector<double> p = nine_band_class_probabilities(r.normalised_total());
  const std::size_t classes = p.size();
  const std::uint64_t samples = 20000;
  std::vector<std::uint64_t> cls(classes, 0), cell(81 * 9, 0);
  for (std::uint64_t i = 0; i < samples; ++i) {
    const GridCells g = sample_grid(r, 4242, i);
    ++cls[static_cast<std::size_t>(band_class(kNine, Band(g.begin(), g.begin() + 27)) - 1)];
    for (int k = 0; k < 81; ++k) ++cell[static_cast<std::size_t>(k * 9 + g[static_cast<std::size_t>(k)] - 1)];
  }
  const double alpha = 1e-6 / 82;
  const PooledChiSquare x = pooled_chi_square(cls, p, samples);
  EXPECT_LT(x.statistic, chi_square_critical(x.degrees, alpha)) << "top band class: " << x.statistic;
  expect_uniform_cells(cell, 9, static_cast<double>(samples), alpha);
}
