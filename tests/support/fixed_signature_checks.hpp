// Checks of sum_over_fixed_signatures (symmetry/fixed_grids.hpp): one element of every conjugacy
// class of B_m, the signatures an element fixes counted directly, and a class table with F = 1
// (then the sum is that number). Used by tests/symmetry/test_fixed_grids.cpp (4 to 8 digits) and
// slow_burnside.cpp (10 and 12 digits).
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "gridenum/count/side2/side2.hpp"
#include "gridenum/count/side2/two_stack.hpp"
#include "gridenum/symmetry/fixed_grids.hpp"
#include "gridenum/symmetry/permutation.hpp"

namespace gridenum::test_support {


// (stack permutation, complement flags): one element per signed cycle type.
inline std::vector<std::pair<Perm, std::vector<char>>> hyperoctahedral_class_representatives(int m) {
  std::vector<std::pair<Perm, std::vector<char>>> reps;
  std::vector<std::vector<std::pair<int, int>>> seen;
  Perm p = gridenum::identity_perm(m);
  do {
    for (std::uint32_t mask = 0; mask < (1u << m); ++mask) {
      std::vector<char> e(static_cast<std::size_t>(m));
      for (int j = 0; j < m; ++j) e[static_cast<std::size_t>(j)] = static_cast<char>(mask >> j & 1);
      std::vector<std::pair<int, int>> t;
      for (const auto& c : gridenum::cycles(p)) {
        int parity = 0;
        for (int j : c) parity ^= e[static_cast<std::size_t>(j)];
        t.emplace_back(static_cast<int>(c.size()), parity);
      }
      std::sort(t.begin(), t.end());
      if (std::find(seen.begin(), seen.end(), t) != seen.end()) continue;
      seen.push_back(t);
      reps.emplace_back(p, e);
    }
  } while (std::next_permutation(p.begin(), p.end()));
  return reps;
}

// The signatures with L_{stack[j]} = pi L_j (complemented where flip[j]): per stack cycle, the
// m-sets X of its first stack that the cycle maps back to X; the product over the cycles.
inline u128 fixed_signatures_directly(int m, const Perm& stack, const std::vector<char>& flip, const Perm& pi) {
  const int N = 2 * m;
  const std::uint32_t all = (1u << N) - 1;
  u128 product = 1;
  for (const auto& c : gridenum::cycles(stack)) {
    u128 n = 0;
    for (std::uint32_t X = 0; X <= all; ++X) {
      if (std::popcount(X) != m) continue;
      std::uint32_t x = X;
      for (int j : c) {
        std::uint32_t y = 0;
        for (int d = 0; d < N; ++d)
          if (x >> d & 1) y |= 1u << pi[static_cast<std::size_t>(d)];
        x = flip[static_cast<std::size_t>(j)] ? all & ~y : y;
      }
      n += x == X;
    }
    product *= n;
  }
  return product;
}

// A side-2 class table (either generator's) as sum_over_fixed_signatures takes it, every F = 1.
inline std::vector<gridenum::PlainBandCounts::Class> unit_class_table(const gridenum::Side2Classes& t, int m) {
  std::vector<gridenum::PlainBandCounts::Class> table;
  for (const auto& c : t.classes) {
    gridenum::PlainBandCounts::Class k;
    for (int j = 0; j < m; ++j) k.left[static_cast<std::size_t>(j)] = c.representative.sets[static_cast<std::size_t>(j)];
    k.size = c.weight;
    k.F = 1;
    table.push_back(k);
  }
  return table;
}

// 2m digits: one element of every conjugacy class of B_m with every relabelling type (m <= 3) or
// every involution type (the kernel asks only involutions), the sum over the side-2 count's class
// table with F = 1 against the direct count; at least an eighth of the terms are not zero.
inline void expect_class_sums_count_fixed_signatures(int m) {
  const std::vector<gridenum::PlainBandCounts::Class> table = unit_class_table(gridenum::TwoStackClasses(m, 0).table(), m);
  std::size_t compared = 0, nonzero = 0;
  for (const auto& [stack, flip] : hyperoctahedral_class_representatives(m))
    for (const gridenum::CycleType& t : gridenum::partitions(2 * m)) {
      const Perm pi = gridenum::perm_of_type(t);
      if (m >= 4 && !gridenum::is_identity(gridenum::compose(pi, pi))) continue;
      const u128 want = fixed_signatures_directly(m, stack, flip, pi);
      EXPECT_EQ(gridenum::to_string(gridenum::sum_over_fixed_signatures(m, table, stack, flip, pi)), gridenum::to_string(want))
          << "m = " << m << ", stacks " << gridenum::cycle_string(stack) << ", relabelling " << gridenum::type_string(t);
      ++compared;
      nonzero += want > 0;
    }
  EXPECT_GE(nonzero, compared / 8) << "m = " << m;
}

}  // namespace gridenum::test_support
