// The three-band sum's two kernels on 4x3 (count/three_band/three_band.hpp, ThreeBandSum), label
// slow: the tile kernel (16 box-3 row pairs at a time, turned on their side; the default) against
// the row-pair kernel it replaced, on the real sum -- groups, relabellings, the last tile's
// missing rows -- with one pair type's table (a PairTypeOnly counter: 871 colouring counts, about
// 10 s on 2 threads, where the whole tables take minutes and 1.4 GB). The top bands are random
// configurations sharing boxes 1..3 (box 2 a copy of box 1, so that this type's part is not 0;
// any configuration has completions, no catalogue needed),
// summed as one group by both kernels, and two of them alone by the tile kernel.
//
// The kernels themselves are compared entry for entry at every instruction-set level in
// tests/count/test_count_kernels.cpp (fast); the whole tables on a sample of real chunks of every
// prefix-group size in tests/count/long_three_band_tiles_12.cpp (long).
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>

#include "gridenum/count/three_band/three_band.hpp"

using namespace gridenum;

namespace {
// One box of 4x3: the 12 digits shuffled, cut into three column sets of 4.
void random_box(std::mt19937_64& rng, std::vector<DigitMask>& out) {
  std::array<int, 12> d;
  std::iota(d.begin(), d.end(), 0);
  std::shuffle(d.begin(), d.end(), rng);
  for (int j = 0; j < 3; ++j) {
    DigitMask m = 0;
    for (int i = 0; i < 4; ++i) m |= DigitMask{1} << d[j * 4 + i];
    out.push_back(m);
  }
}
}  // namespace

TEST(ThreeBandTilesSlow12, TheTileKernelEqualsTheRowPairKernelOnOnePairType) {
  const Shape s{4, 3};
  ThreeBandCounter counter(s, 2, PairTypeOnly{three_band_pair_type(s, "4,0,0/0,4,0/0,0,4")});
  const std::size_t type = *counter.only_type();
  EXPECT_EQ(counter.sum(), ThreeBandSum::Tiles);  // the default
  std::mt19937_64 rng(20261203);
  for (int round = 0; round < 3; ++round) {
    // Box 2 a copy of box 1: then middle (and bottom) bands whose boxes 1 and 2 are the same
    // partition, this type's, are among the chains (with random boxes 1 and 2 the part is 0).
    std::vector<DigitMask> prefix;
    random_box(rng, prefix);
    prefix.insert(prefix.end(), prefix.begin(), prefix.begin() + 3);
    random_box(rng, prefix);
    std::vector<std::vector<DigitMask>> tops;
    for (int c = 0; c < 12; ++c) {
      tops.push_back(prefix);
      random_box(rng, tops.back());
    }
    counter.set_sum(ThreeBandSum::RowPairs);
    const auto rows = counter.completions_of_type(tops, type);
    counter.set_sum(ThreeBandSum::Tiles);
    const auto tiles = counter.completions_of_type(tops, type);
    ASSERT_EQ(rows.size(), tops.size());
    ASSERT_EQ(tiles.size(), tops.size());
    std::size_t nonzero = 0;
    for (std::size_t c = 0; c < tops.size(); ++c) {
      EXPECT_EQ(to_string(tiles[c]), to_string(rows[c])) << "round " << round << ", band " << c;
      nonzero += rows[c] > 0;
    }
    EXPECT_GT(nonzero, 0u) << "round " << round << ": every part is 0, the comparison says nothing";
    for (std::size_t c : {std::size_t{0}, tops.size() - 1})
      EXPECT_EQ(to_string(counter.completions_of_type(tops[c], type)), to_string(rows[c])) << "round " << round << ", band " << c << " alone";
  }
}
