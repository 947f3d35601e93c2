// The three-band sum's two kernels on the whole 4x3 tables (count/three_band/three_band.hpp,
// ThreeBandSum), label long: the tile kernel (the default since 2026-12-03) against the row-pair
// kernel it replaced, class for class, on the fixed sample of whole chunks the benchmark times
// (three_band_sample_chunks: G = 1, 16, 64, 128, 256, each from the smallest prefix group that
// large; 465 classes). The row-pair side is most of the time (about 15 minutes on 2 threads);
// the F table comes from the build tree's test-cache/ (written by
// long_three_band_vs_signature_12 or by this test). The same classes against the signature
// method, which shares no counting code: `gridenum verify completions --shape 4x3 --class ...`
// (docs/methods/three_band.md records the run). Cheaper checks of the same path: one pair type
// in slow_three_band_tiles_12.cpp, the kernels entry for entry in test_count_kernels.cpp.
#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>

#include <fmt/format.h>

#include "gridenum/core/timing.hpp"
#include "gridenum/count/three_band/three_band.hpp"
#include "gridenum/count/three_band/three_band_run.hpp"

using namespace gridenum;

TEST(ThreeBandTilesLong12, TheTileKernelEqualsTheRowPairKernelOnTheSampleChunks) {
  const Shape s{4, 3};
  auto st = three_band_state(s, 2);
  st->table_cache = std::filesystem::path(GRIDENUM_TEST_TABLE_CACHE);
  const std::vector<std::size_t> sizes{1, 16, 64, 128, 256};
  const auto sample = three_band_sample_chunks(*st, sizes);
  ASSERT_EQ(sample.size(), sizes.size());
  three_band_build_tables(*st, 2);
  std::cout << fmt::format("tables: {} ({:.1f} s)\n", st->cache_note.str(), st->table_seconds);
  ThreeBandCounter& counter = *st->counter;
  for (std::size_t k = 0; k < sample.size(); ++k) {
    ASSERT_EQ(sample[k].size(), sizes[k]);
    std::vector<std::vector<DigitMask>> tops;
    for (auto i : sample[k]) tops.push_back(st->forms[i - 1].columns);
    counter.set_sum(ThreeBandSum::RowPairs);
    auto t0 = SteadyClock::now();
    const auto rows = counter.completions(tops);
    const double t_rows = seconds_since(t0);
    counter.set_sum(ThreeBandSum::Tiles);
    t0 = SteadyClock::now();
    const auto tiles = counter.completions(tops);
    const double t_tiles = seconds_since(t0);
    std::cout << fmt::format("chunk of {} (classes {} ..): row pairs {:.1f} s, tiles {:.1f} s\n", sizes[k], sample[k][0], t_rows, t_tiles);
    ASSERT_EQ(rows.size(), tops.size());
    ASSERT_EQ(tiles.size(), tops.size());
    for (std::size_t c = 0; c < tops.size(); ++c) {
      EXPECT_EQ(to_string(tiles[c]), to_string(rows[c])) << "class " << sample[k][c];
      EXPECT_GT(rows[c], 0u) << "class " << sample[k][c];
    }
  }
}
