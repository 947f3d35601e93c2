// The side-2 first moment by the array count (verify/side2_first_moment.hpp): D(m) against a
// brute-force count of the arrays for m <= 4, and 2^(m^2) D(m) against the first moment the
// two-stack and two-band routes re-sum from their class tables.
#include "gridenum/verify/side2_first_moment.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "gridenum/count/side2/side2.hpp"

namespace gridenum {
namespace {

// Rows one by one, each a permutation of 0..m-1, a column refusing a value it holds twice.
std::uint64_t brute_force_arrays(int m) {
  std::vector<std::vector<int>> perms;
  std::vector<int> p(static_cast<std::size_t>(m));
  std::iota(p.begin(), p.end(), 0);
  do perms.push_back(p);
  while (std::next_permutation(p.begin(), p.end()));
  std::vector<int> used(static_cast<std::size_t>(m * m), 0);  // column b, value v
  std::uint64_t count = 0;
  auto rec = [&](auto&& self, int row) -> void {
    if (row == 2 * m) {
      ++count;
      return;
    }
    for (const auto& q : perms) {
      bool ok = true;
      for (int b = 0; b < m && ok; ++b) ok = used[static_cast<std::size_t>(b * m + q[static_cast<std::size_t>(b)])] < 2;
      if (!ok) continue;
      for (int b = 0; b < m; ++b) ++used[static_cast<std::size_t>(b * m + q[static_cast<std::size_t>(b)])];
      self(self, row + 1);
      for (int b = 0; b < m; ++b) --used[static_cast<std::size_t>(b * m + q[static_cast<std::size_t>(b)])];
    }
  };
  rec(rec, 0);
  return count;
}

TEST(Side2FirstMoment, ArrayCountEqualsBruteForce) {
  for (int m = 1; m <= 4; ++m) {
    const auto r = side2_first_moment(m);
    EXPECT_EQ(r.arrays, BigInt(brute_force_arrays(m))) << "m = " << m;
    EXPECT_EQ(r.first_moment, r.arrays << (m * m)) << "m = " << m;
  }
}

TEST(Side2FirstMoment, EqualsTheRoutesFirstMoment) {
  for (int m = 2; m <= 4; ++m) {
    const auto r = side2_first_moment(m);
    for (MethodId route : {MethodId::TwoStack, MethodId::TwoBand}) {
      const Side2Classes table = side2_classes(route, m, 2);
      std::vector<u128> F;
      for (const auto& c : table.classes) F.push_back(side2_fillings(route, c.representative));
      EXPECT_EQ(side2_reduce(table, F).first_moment, r.first_moment) << "m = " << m << ", " << to_string(route);
    }
  }
}

TEST(Side2FirstMoment, PublishedFirstMomentOfTwelveByTwelve) {
  // linche89/sudoku-enumeration's receipt (2026) for 2x6 boxes.
  const auto r = side2_first_moment(6);
  EXPECT_EQ(r.first_moment, BigInt("4876139207527966044188061990912000"));
  // What keeps it cheap is the work, not the clock: the dynamic programme meets 184 histogram
  // orbits over the six columns (a deterministic figure; its time is BM_Side2FirstMoment's, in
  // docs/methods/side2.md -- a wall-time bound here failed under the sanitizers on a slower CPU).
  EXPECT_EQ(r.states, 184u);
}

TEST(Side2FirstMoment, RefusesShapesOutsideItsRange) {
  EXPECT_THROW(side2_first_moment(0), std::invalid_argument);
  EXPECT_THROW(side2_first_moment(7), std::invalid_argument);
}

}  // namespace
}  // namespace gridenum
