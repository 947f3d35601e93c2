// A brute-force count of the side-2 arrays D(m) (verify/side2_first_moment.hpp): 2m rows, each a
// permutation of 0..m-1, no column holding a value more than twice. For the fast and slow tests of
// the array count (tests/verify/test_side2_first_moment.cpp, slow_side2_first_moment.cpp).
#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

namespace gridenum::testing {

// Rows one by one, each a permutation of 0..m-1, a column refusing a value it holds twice.
inline std::uint64_t brute_force_arrays(int m) {
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

}  // namespace gridenum::testing
