// Shared by the Burnside tests (tests/symmetry): one run with the options the tests vary, and the
// consistency every run must have -- class sizes add up to |G|, the weighted sum is the terms'
// sum, and it is |G| times the answer.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "gridenum/core/errors.hpp"
#include "gridenum/symmetry/burnside.hpp"
#include "gridenum/symmetry/fixed_grids.hpp"
#include "gridenum/symmetry/symmetry_group.hpp"

namespace gridenum::test_support {

inline BurnsideResult run_burnside_with(Shape s, bool transposition = true, int threads = 0,
                                        FixedMethod m = FixedMethod::Auto) {
  BurnsideOptions o;
  o.shape = s;
  o.transposition = transposition;
  o.threads = threads;
  o.method = m;
  return run_burnside(o);
}

inline void expect_consistent_sums(const BurnsideResult& r) {
  std::uint64_t sizes = 0;
  BigInt sum = 0;
  for (const auto& t : r.terms) {
    sizes += t.cls.size;
    sum += BigInt(t.cls.size) * to_big(t.fixed.grids);
  }
  EXPECT_EQ(sizes, r.group_order);
  EXPECT_EQ(sum, r.weighted_sum);
  EXPECT_EQ(r.essentially_different * r.group_order, r.weighted_sum);
}

// The stack-cycle join (band_keep_join.hpp) against the band-by-band count it replaced
// (FixedOptions::band_keep_join off), on one part ("keep1.<bucket>/64") of each (3x4 class,
// bucket) given, each a class Auto gives band keeps. A count of one part alone need not be a
// multiple of the catalogue sum's divisor, so the final division may throw; the parts are what is
// compared (SlowBurnside and Burnside12Long.BandKeepJoinAgreesWithBandByBandOnTwelveDigits).
inline void expect_band_keep_join_parts_agree(const std::vector<std::pair<int, int>>& cases) {
  const Shape s{3, 4};
  const SymmetryGroup grp = build_symmetry_group(s, false);
  for (const auto& [k, bucket] : cases) {
    const SymmetryClass& c = grp.classes[static_cast<std::size_t>(k - 1)];
    ASSERT_EQ(resolve_fixed_method(s, c.rep, FixedMethod::Auto, relabelling_types(s, c.rep)), FixedMethod::BandKeeps)
        << "class " << k;
    const std::string key = "keep1." + std::to_string(bucket) + "/64";
    std::optional<u128> part[2];
    for (int by_band = 0; by_band < 2; ++by_band) {
      FixedOptions o;
      o.method = FixedMethod::BandKeeps;
      o.band_keep_join = by_band == 0;
      o.parts.known = [&](const std::string& other) -> std::optional<u128> {
        if (other == key) return std::nullopt;
        return u128{0};
      };
      o.parts.done = [&, by_band](const std::string& done, u128 v) {
        EXPECT_EQ(done, key);
        part[by_band] = v;
      };
      try {
        count_fixed_grids(s, c.rep, o);
      } catch (const CheckError&) {
      }
    }
    ASSERT_TRUE(part[0] && part[1]) << "class " << k;
    EXPECT_GT(*part[0], 0u) << "class " << k;
    EXPECT_EQ(to_string(*part[0]), to_string(*part[1])) << "class " << k;
  }
}


// 3x4 classes counted by `method`: each class k of `expected` (1-based) has the representative's
// text and f given, and class `view` seen in the 4x3 orientation (transposed_view) gives view_f,
// by the same method.
using TwelveDigitClasses = std::map<int, std::pair<std::string, u128>>;
inline void expect_twelve_digit_classes(const TwelveDigitClasses& expected, FixedMethod method, int view,
                                        const std::string& view_f) {
  const Shape s{3, 4};
  const SymmetryGroup grp = build_symmetry_group(s, false);
  for (const auto& [k, want] : expected) {
    const SymmetryClass& c = grp.classes[static_cast<std::size_t>(k - 1)];
    ASSERT_EQ(c.text, want.first);
    const FixedCount f = count_fixed_grids(s, c.rep);
    EXPECT_EQ(f.method, method) << "class " << k;
    EXPECT_EQ(to_string(f.grids), to_string(want.second)) << "class " << k;
  }
  const FixedCount t = count_fixed_grids({4, 3}, transposed_view(grp.classes[static_cast<std::size_t>(view - 1)].rep));
  EXPECT_EQ(t.method, method);
  EXPECT_EQ(to_string(t.grids), view_f);
}

}  // namespace gridenum::test_support
