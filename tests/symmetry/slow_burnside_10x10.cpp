// 10x10 (2x5 boxes) fixed counts re-derived by means that share no code with the signature
// kernel (label slow). Our essentially-different figure, 4,743,933,427,433,330, is 174,617,388
// below the published 4,743,933,602,050,718 (README, "Essentially different grids"); these are
// the checks that stand behind ours, class by class:
//
//  - Direct enumeration. In the 5x2 view (transposed_view) a band-swapping element g with
//    trivial band symmetry fixes, with relabelling pi (an involution), exactly the grids whose
//    top band has a signature S with S(h c) = (pi S(c))^c for every column c, and the top band
//    is then any band with that signature: Fix(g, pi) = sum over those S of F(S). Here the S are
//    listed one by one (a loop over the 252 five-sets per stack cycle, closure tested), F(S) is
//    read from the side-2 class table (two_stack_fillings of the class representative), and
//    f(g) = sum over the cycle types of pi of Fix / |centraliser|. The kernel instead sums
//    digit-type histograms with multinomial weights, or walks signature orbits.
//  - Burnside on elementary abelian 2-subgroups H (built from commuting swaps of bands, rows,
//    stacks and columns, 64 to 512 elements): the orbits of H number (1/|H|) sum over h in H of
//    f(h), so that sum must be divisible by |H|; it ties together the f of dozens of classes,
//    most of them band-keeping ones that line orbits cannot finish.
#include <gtest/gtest.h>

#include <oneapi/tbb/combinable.h>
#include <oneapi/tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <bit>
#include <map>

#include "gridenum/count/side2.hpp"
#include "gridenum/count/two_stack.hpp"
#include "gridenum/symmetry/burnside.hpp"

using namespace gridenum;

namespace {

const Shape kShape{2, 5};

// F of every 10x5 configuration, through its class.
struct FTable {
  TwoStackClasses classes{5, 2};
  std::vector<u128> F;
  FTable() {
    F.resize(classes.table().classes.size());
    tbb::parallel_for(std::size_t{0}, F.size(),
                      [&](std::size_t i) { F[i] = two_stack_fillings(classes.table().classes[i].representative); });
  }
  u128 of(const std::array<std::uint16_t, 5>& left) const {
    Side2Config c;
    c.m = 5;
    std::copy(left.begin(), left.end(), c.sets.begin());
    return F[classes.class_of(c)];
  }
};

const FTable& f_table() {
  static const FTable t;
  return t;
}

// f(g) for a band-swapping 2x5 element with trivial band symmetry, by listing the signatures.
u128 fixed_by_enumeration(const GeometricSymmetry& g) {
  const GeometricSymmetry v = transposed_view(g);  // 5x2: stack j = columns 2j, 2j+1
  EXPECT_GE(v.rows[0], 5) << "not a band-swapping element";
  std::vector<std::uint16_t> sets;
  for (unsigned x = 0; x < 1024; ++x)
    if (std::popcount(x) == 5) sets.push_back(static_cast<std::uint16_t>(x));
  std::vector<std::vector<int>> cycles;  // stack cycles of h
  std::array<bool, 5> seen{};
  for (int j = 0; j < 5; ++j) {
    if (seen[static_cast<std::size_t>(j)]) continue;
    cycles.emplace_back();
    for (int k = j; !seen[static_cast<std::size_t>(k)]; k = v.cols[static_cast<std::size_t>(2 * k)] / 2) {
      seen[static_cast<std::size_t>(k)] = true;
      cycles.back().push_back(k);
    }
  }
  u128 f = 0;
  for (const CycleType& type : relabelling_types(kShape, g)) {
    const Perm pi = perm_of_type(type);
    bool involution = true;
    for (int d = 0; d < 10; ++d) involution = involution && pi[static_cast<std::size_t>(pi[static_cast<std::size_t>(d)])] == d;
    if (!involution) continue;  // the top band would be fixed by pi^2 != id: no grid
    auto image = [&](std::uint16_t x) {
      std::uint16_t y = 0;
      for (int d = 0; d < 10; ++d)
        if (x >> d & 1) y = static_cast<std::uint16_t>(y | 1u << pi[static_cast<std::size_t>(d)]);
      return y;
    };
    // Each cycle's allowed left sets, all its stacks filled in: the left column of stack j goes
    // to column v(2j); the set there is (pi L_j)^c, and when that is a right column the next
    // stack's left set is its complement.
    std::vector<std::vector<std::array<std::uint16_t, 5>>> options(cycles.size());
    for (std::size_t c = 0; c < cycles.size(); ++c)
      for (std::uint16_t x : sets) {
        std::array<std::uint16_t, 5> L{};
        std::uint16_t cur = x;
        for (int j : cycles[c]) {
          L[static_cast<std::size_t>(j)] = cur;
          const auto there = static_cast<std::uint16_t>(1023 & ~image(cur));
          cur = (v.cols[static_cast<std::size_t>(2 * j)] & 1) ? static_cast<std::uint16_t>(1023 & ~there) : there;
        }
        if (cur == x) options[c].push_back(L);
      }
    if (std::any_of(options.begin(), options.end(), [](const auto& o) { return o.empty(); })) continue;  // no signature
    tbb::combinable<u128> part;
    tbb::parallel_for(std::size_t{0}, options[0].size(), [&](std::size_t first) {
      std::vector<std::size_t> at(cycles.size(), 0);
      at[0] = first;
      u128 sum = 0;
      for (;;) {
        std::array<std::uint16_t, 5> L{};
        for (std::size_t c = 0; c < cycles.size(); ++c)
          for (int j : cycles[c]) L[static_cast<std::size_t>(j)] = options[c][at[c]][static_cast<std::size_t>(j)];
        sum += f_table().of(L);
        std::size_t c = 1;
        while (c < cycles.size() && ++at[c] == options[c].size()) at[c++] = 0;
        if (c == cycles.size()) break;
      }
      part.local() += sum;
    });
    const u128 fix = part.combine([](u128 a, u128 b) { return a + b; });
    const u128 z = centraliser_order(type);
    EXPECT_EQ(fix % z, 0u) << type_string(type);
    f += fix / z;
  }
  return f;
}

const BurnsideResult& run_2x5() {
  static const BurnsideResult r = [] {
    BurnsideOptions o;
    o.shape = kShape;
    return run_burnside(o);
  }();
  return r;
}

const ClassTerm& term(const std::string& text) {
  const auto& r = run_2x5();
  const auto it = std::find_if(r.terms.begin(), r.terms.end(), [&](const ClassTerm& t) { return t.cls.text == text; });
  EXPECT_NE(it, r.terms.end()) << text;
  return *it;
}

GeometricSymmetry swaps(std::vector<std::pair<int, int>> rows, std::vector<std::pair<int, int>> cols) {
  GeometricSymmetry g;
  g.rows = identity_perm(10);
  g.cols = identity_perm(10);
  for (auto [a, b] : rows) std::swap(g.rows[static_cast<std::size_t>(a)], g.rows[static_cast<std::size_t>(b)]);
  for (auto [a, b] : cols) std::swap(g.cols[static_cast<std::size_t>(a)], g.cols[static_cast<std::size_t>(b)]);
  return g;
}

}  // namespace

TEST(SlowBurnside10x10, BandSwappingClassesByListingTheirSignatures) {
  // Three classes with few allowed signatures per relabelling type (2M to 33M): the stack swap
  // alone, with two band swaps, and with two band swaps and the rows of band 5.
  for (const std::string text : {"stacks (1 2)", "bands (1 2); bands (3 4); stacks (1 2)",
                                 "bands (1 2); bands (3 4); band 5: rows (1 2); stacks (1 2)"}) {
    const ClassTerm& t = term(text);
    ASSERT_EQ(t.fixed.method, FixedMethod::Signatures) << text;
    EXPECT_EQ(to_string(fixed_by_enumeration(t.cls.rep)), to_string(t.fixed.grids)) << text;
    EXPECT_GT(t.fixed.grids, 0u) << text;
  }
}

TEST(SlowBurnside10x10, BurnsideOnElementaryAbelianTwoSubgroups) {
  const auto& r = run_2x5();
  const SymmetryGroup grp = build_symmetry_group(kShape, false);
  ASSERT_EQ(grp.classes.size(), r.terms.size());
  // Rows: band k = rows 2k, 2k+1; columns: stack 1 = 0..4, stack 2 = 5..9.
  const auto t1 = swaps({{0, 2}, {1, 3}}, {}), t2 = swaps({{4, 6}, {5, 7}}, {});
  const auto r12 = swaps({{0, 1}, {2, 3}}, {}), r34 = swaps({{4, 5}, {6, 7}}, {}), r5 = swaps({{8, 9}}, {});
  const auto r1 = swaps({{0, 1}}, {}), r2 = swaps({{2, 3}}, {}), r3 = swaps({{4, 5}}, {}), r4 = swaps({{6, 7}}, {});
  const auto st = swaps({}, {{0, 5}, {1, 6}, {2, 7}, {3, 8}, {4, 9}});
  const auto c1a = swaps({}, {{0, 1}}), c1b = swaps({}, {{2, 3}}), c2a = swaps({}, {{5, 6}}), c2b = swaps({}, {{7, 8}});
  const auto cca = swaps({}, {{0, 1}, {5, 6}}), ccb = swaps({}, {{2, 3}, {7, 8}});
  const std::vector<std::vector<GeometricSymmetry>> subgroups = {
      {t1, t2, r12, r34, r5, c1a, c1b, c2a, c2b}, {t1, t2, r12, r34, r5, st, cca, ccb},
      {r1, r2, r3, r4, r5, c1a, c1b, c2a, c2b},   {r1, r2, r3, r4, r5, st, cca, ccb},
      {t1, r12, r3, r4, r5, c1a, c1b, c2a, c2b},  {t1, r12, r3, r4, r5, st, cca, ccb},
      {t1, t2, r12, r34, r5, c1a, c2a},           {t1, t2, r12, r34, r5, c1a}};
  for (std::size_t s = 0; s < subgroups.size(); ++s) {
    std::vector<GeometricSymmetry> H{swaps({}, {})};
    for (const auto& g : subgroups[s]) {
      const std::size_t n = H.size();
      for (std::size_t i = 0; i < n; ++i) H.push_back(compose(kShape, g, H[i]));
    }
    ASSERT_EQ(H.size(), std::size_t{1} << subgroups[s].size()) << "generators not independent, subgroup " << s;
    BigInt sum = 0;
    std::map<std::size_t, int> classes_hit;
    for (const auto& h : H) {
      for (const auto& g : subgroups[s]) ASSERT_EQ(compose(kShape, g, h).rows, compose(kShape, h, g).rows);
      const std::size_t k = class_index(grp, h);
      sum += to_big(r.terms[k].fixed.grids);
      ++classes_hit[k];
    }
    EXPECT_EQ(sum % BigInt(H.size()), 0) << "subgroup " << s << " of order " << H.size();
    EXPECT_GE(classes_hit.size(), 20u) << "subgroup " << s;
  }
}
