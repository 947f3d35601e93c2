// Permutation helpers (symmetry/permutation.hpp), against brute force over small symmetric groups:
//  - compose / inverse / power and the cycle facts (cycle types, power types, centraliser orders
//    adding up to n!, the number of partitions);
//  - for_each_root: the m-th roots of q found cycle by cycle equal, as a set and without
//    repeats, the permutations r of S_n with r^m = q found by listing all of S_n;
//  - generating_set generates the whole group it was given.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <set>

#include "gridenum/core/arith.hpp"
#include "gridenum/symmetry/permutation.hpp"

using namespace gridenum;

namespace {

std::vector<Perm> all_perms(int n) {
  std::vector<Perm> out;
  Perm p = identity_perm(n);
  do out.push_back(p);
  while (std::next_permutation(p.begin(), p.end()));
  return out;
}

}  // namespace

TEST(Permutation, ComposeInversePower) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 50; ++trial) {
    Perm p = identity_perm(9), q = identity_perm(9);
    std::shuffle(p.begin(), p.end(), rng);
    std::shuffle(q.begin(), q.end(), rng);
    EXPECT_TRUE(is_identity(compose(p, inverse(p))));
    EXPECT_TRUE(is_identity(compose(inverse(p), p)));
    // q first, then p.
    const Perm pq = compose(p, q);
    for (int i = 0; i < 9; ++i) EXPECT_EQ(pq[i], p[q[i]]);
    // power agrees with repeated composition; the order (lcm of cycle lengths) gives the identity.
    Perm x = identity_perm(9);
    for (int e = 0; e < 8; ++e, x = compose(p, x)) EXPECT_EQ(power(p, e), x);
    int order = 1;
    for (int l : cycle_type(p)) order = std::lcm(order, l);
    EXPECT_TRUE(is_identity(power(p, order)));
    EXPECT_TRUE(is_permutation(p));
  }
  EXPECT_FALSE(is_permutation(Perm{0, 0, 1}));
  EXPECT_FALSE(is_permutation(Perm{0, 3, 1}));
  EXPECT_THROW(power(identity_perm(3), -1), std::invalid_argument);
}

TEST(Permutation, CycleTypesAndCentralisers) {
  // Partition counts p(1..10).
  const std::vector<std::size_t> p_n{1, 2, 3, 5, 7, 11, 15, 22, 30, 42};
  for (int n = 1; n <= 10; ++n) {
    const auto parts = partitions(n);
    EXPECT_EQ(parts.size(), p_n[static_cast<std::size_t>(n - 1)]) << n;
    // Every permutation has one type: n!/z_t over the types adds up to n!.
    std::uint64_t sum = 0;
    for (const auto& t : parts) {
      EXPECT_EQ(cycle_type(perm_of_type(t)), t);
      EXPECT_EQ(factorial_u64(n) % centraliser_order(t), 0u);
      sum += factorial_u64(n) / centraliser_order(t);
    }
    EXPECT_EQ(sum, factorial_u64(n)) << n;
  }
  // Centraliser orders counted directly in S_6.
  const auto s6 = all_perms(6);
  for (const auto& t : partitions(6)) {
    const Perm p = perm_of_type(t);
    std::uint64_t z = 0;
    for (const auto& h : s6) z += compose(h, p) == compose(p, h);
    EXPECT_EQ(z, centraliser_order(t)) << type_string(t);
  }
  // power_type against the cycle type of the power.
  for (int n = 1; n <= 8; ++n)
    for (const auto& t : partitions(n))
      for (int m = 1; m <= 7; ++m) EXPECT_EQ(power_type(t, m), cycle_type(power(perm_of_type(t), m)));
  EXPECT_EQ(cycle_string(Perm{1, 2, 0, 3, 5, 4}), "(1 2 3)(5 6)");
  EXPECT_EQ(cycle_string(identity_perm(4)), "id");
  EXPECT_EQ(type_string(CycleType{3, 1, 1}), "3+1+1");
}

TEST(Permutation, RootsMatchBruteForce) {
  for (int n = 1; n <= 6; ++n) {
    const auto sn = all_perms(n);
    for (int m = 1; m <= 6; ++m) {
      // q runs over one permutation of each type (roots of conjugates are conjugate) and, for
      // n <= 4, over all of S_n.
      std::vector<Perm> qs;
      if (n <= 4) qs = sn;
      else for (const auto& t : partitions(n)) qs.push_back(perm_of_type(t));
      for (const Perm& q : qs) {
        std::set<Perm> want;
        for (const auto& r : sn)
          if (power(r, m) == q) want.insert(r);
        std::set<Perm> got;
        std::size_t visits = 0;
        for_each_root(q, m, [&](const Perm& r) {
          ++visits;
          got.insert(r);
        });
        EXPECT_EQ(visits, got.size()) << "a root was visited twice: n " << n << " m " << m << " q " << cycle_string(q);
        EXPECT_EQ(got, want) << "n " << n << " m " << m << " q " << cycle_string(q);
      }
    }
  }
}

TEST(Permutation, GeneratingSetGeneratesTheGroup) {
  const auto s4 = all_perms(4);
  const auto gens = generating_set(s4);
  EXPECT_LE(gens.size(), 5u);  // at most log2(24)
  std::set<Perm> closure{identity_perm(4)};
  std::vector<Perm> queue{identity_perm(4)};
  for (std::size_t i = 0; i < queue.size(); ++i)
    for (const auto& g : gens) {
      Perm x = compose(g, queue[i]);
      if (closure.insert(x).second) queue.push_back(x);
    }
  EXPECT_EQ(closure.size(), s4.size());
  // Not a group: refused.
  EXPECT_THROW(generating_set({identity_perm(3), Perm{1, 0, 2}, Perm{1, 2, 0}}), std::logic_error);
}
