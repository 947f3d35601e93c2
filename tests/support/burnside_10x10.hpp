// The 10x10 (2x5 boxes) Burnside checks shared by the slow test (tests/symmetry/slow_burnside_10x10.cpp)
// and the long one (long_burnside_10x10.cpp): the whole 2x5 run once per process, F of every
// 10x5 configuration through its side-2 class, the wide edge sets against the run, and f(g) of a
// band-swapping element by listing the top-band signatures it fixes (the method is explained in
// slow_burnside_10x10.cpp).
#pragma once

#include <gtest/gtest.h>

#include <oneapi/tbb/combinable.h>
#include <oneapi/tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <bit>
#include <map>
#include <optional>

#include "fixture_error.hpp"
#include "gridenum/count/result_doc.hpp"
#include "gridenum/count/side2/side2.hpp"
#include "gridenum/count/side2/two_stack.hpp"
#include "gridenum/symmetry/burnside.hpp"
#include "gridenum/symmetry/fixed_grids.hpp"

namespace gridenum::test_support {

inline const Shape kShape2x5{2, 5};

// F of every 10x5 configuration, through its class: from a finished two-stack count of 2x5 (the
// fixture side2_10's job, tests/support/test_cache.hpp), matched class by class through the
// representatives, or, without one, counted here (two_stack_fillings, about a CPU-minute).
struct FTable {
  TwoStackClasses classes{5, 2};
  std::vector<u128> F;
  explicit FTable(const ResultDoc* counted = nullptr) {
    const std::size_t n = classes.table().classes.size();
    F.assign(n, 0);
    if (!counted) {
      tbb::parallel_for(std::size_t{0}, n, [&](std::size_t i) { F[i] = two_stack_fillings(classes.table().classes[i].representative); });
      return;
    }
    if (counted->side2_classes.size() != n)
      throw testing::FixtureError(counted->source + ": " + std::to_string(counted->side2_classes.size()) + " classes, not " + std::to_string(n));
    std::vector<bool> seen(n, false);
    for (const auto& c : counted->side2_classes) {
      const auto config = parse_config_string(c.representative, 5);
      if (!config) throw testing::FixtureError(counted->source + ": bad representative " + c.representative);
      const std::uint32_t i = classes.class_of(*config);
      if (seen[i]) throw testing::FixtureError(counted->source + ": class " + std::to_string(i + 1) + " listed twice");
      seen[i] = true;
      F[i] = c.F.convert_to<u128>();
    }
  }
  u128 of(const std::array<std::uint16_t, 5>& left) const {
    Side2Config c;
    c.m = 5;
    std::copy(left.begin(), left.end(), c.sets.begin());
    return F[classes.class_of(c)];
  }
};

// f(g) for a band-swapping 2x5 element with trivial band symmetry, by listing the signatures.
inline u128 fixed_by_enumeration(const FTable& table, const GeometricSymmetry& g) {
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
  for (const CycleType& type : relabelling_types(kShape2x5, g)) {
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
        sum += table.of(L);
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

// The whole 2x5 Burnside run, once per process.
inline const BurnsideResult& run_2x5() {
  static const BurnsideResult r = [] {
    BurnsideOptions o;
    o.shape = kShape2x5;
    return run_burnside(o);
  }();
  return r;
}

// The run's term of the class described by `text` (SymmetryClass::text).
inline const ClassTerm& term_2x5(const std::string& text) {
  const auto& r = run_2x5();
  const auto it = std::find_if(r.terms.begin(), r.terms.end(), [&](const ClassTerm& t) { return t.cls.text == text; });
  if (it == r.terms.end()) throw testing::FixtureError("no 2x5 class " + text);
  return *it;
}

// The run's f of the class described by `text` against line orbits (no counting code shared
// with the signature kernel the run uses).
inline void expect_line_orbits_agree(const std::string& text) {
  const ClassTerm& t = term_2x5(text);
  EXPECT_EQ(t.fixed.method, FixedMethod::Signatures) << text;
  FixedOptions lo;
  lo.method = FixedMethod::LineOrbits;
  EXPECT_EQ(to_string(count_fixed_grids(kShape2x5, t.cls.rep, lo).grids), to_string(t.fixed.grids)) << text;
}

// f of a band-swapping class by listing, against the run's signature kernel.
inline void expect_listing_agrees(const FTable& table, const std::string& text) {
  const ClassTerm& t = term_2x5(text);
  ASSERT_EQ(t.fixed.method, FixedMethod::Signatures) << text;
  EXPECT_EQ(to_string(fixed_by_enumeration(table, t.cls.rep)), to_string(t.fixed.grids)) << text;
  EXPECT_GT(t.fixed.grids, 0u) << text;
}

// The signature kernel's 12-digit edge sets (three 64-bit words) against the one-word layout the
// run uses: the same f class by class (a digit's 10 columns straddle a word boundary at rows 6 and
// 12 of the wide layout's bit numbering), on every `step`-th of the classes the run counts by
// signatures. The band-swapping classes of trivial band symmetry sum the side-2 table's F in both
// layouts, so those are compared through the run's own table-free path: BandCounter's plain
// counts, as without a table. Returns how many classes were compared.
inline std::size_t expect_wide_edges_agree(std::size_t step) {
  const auto& r = run_2x5();
  std::size_t compared = 0, eligible = 0;
  for (std::size_t i = 1; i < r.terms.size(); ++i) {
    const GeometricSymmetry& g = r.terms[i].cls.rep;
    if (r.terms[i].fixed.method != FixedMethod::Signatures || signatures_need_plain_counts(kShape2x5, g)) continue;
    if (eligible++ % step != 0) continue;
    FixedOptions wide;
    wide.method = FixedMethod::Signatures;
    wide.wide_edges = true;
    EXPECT_EQ(to_string(count_fixed_grids(kShape2x5, g, wide).grids), to_string(r.terms[i].fixed.grids))
        << "class " << i + 1 << " " << r.terms[i].cls.text;
    ++compared;
  }
  return compared;
}

inline GeometricSymmetry swaps(std::vector<std::pair<int, int>> rows, std::vector<std::pair<int, int>> cols) {
  GeometricSymmetry g;
  g.rows = identity_perm(10);
  g.cols = identity_perm(10);
  for (auto [a, b] : rows) std::swap(g.rows[static_cast<std::size_t>(a)], g.rows[static_cast<std::size_t>(b)]);
  for (auto [a, b] : cols) std::swap(g.cols[static_cast<std::size_t>(a)], g.cols[static_cast<std::size_t>(b)]);
  return g;
}

}  // namespace gridenum::test_support
