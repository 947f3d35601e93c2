// One pair type's part of the 4x3 completions of chosen top-band classes, by two methods that
// share no counting code (tests/verify/*_three_band_vs_signature_one_type_12.cpp): the three-band
// counter restricted to type T (count/three_band/three_band.hpp, "One pair type": its real sum
// over prefix groups, row pairs of the table, the 64-bit gather kernel) and the signature method's
// pair-type table (verify/signature_pairs.cpp), each deciding the type in its own code and
// building only T's table. The classes are summed in their prefix groups, as a job sums them.
// Each side's table is freed before the other's is built.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "gridenum/core/timing.hpp"
#include "gridenum/count/three_band/band_signatures.hpp"
#include "gridenum/count/three_band/three_band.hpp"
#include "gridenum/verify/signature.hpp"

namespace gridenum::test_support {

struct OneTypeParts {
  std::vector<u128> three_band;   // per class, in the order given
  std::vector<BigInt> signature;  // per class, in the order given
};

// Both sides' parts of type `type` for `classes` (1-based catalogue numbers) of 4x3, which fall
// into `groups` prefix groups; the tables' slot count is checked against `slots`.
inline OneTypeParts one_type_parts(const SignatureCatalogue& cat, const std::vector<std::uint32_t>& classes,
                                   const std::string& type, std::size_t groups, std::uint64_t slots) {
  const Shape s{4, 3};
  std::vector<std::vector<DigitMask>> tops;
  std::map<SignatureKey, std::vector<std::size_t>> by_prefix;
  for (std::size_t i = 0; i < classes.size(); ++i) {
    const auto f = signature_prefix_form(s, cat.classes[classes[i] - 1].key);
    tops.push_back(f.columns);
    by_prefix[f.prefix].push_back(i);
  }
  EXPECT_EQ(by_prefix.size(), groups);
  OneTypeParts out;
  out.three_band.assign(classes.size(), 0);
  {
    const std::size_t t = three_band_pair_type(s, type);
    const ThreeBandCounter tb(s, 2, PairTypeOnly{t});
    EXPECT_EQ(tb.only_type(), std::optional<std::size_t>(t));
    EXPECT_EQ(tb.stats().table_slots, slots);
    std::cout << fmt::format("three-band: type {} (its index {}), table {:.1f} s, {} colouring counts, {} MB\n", type, t,
                             tb.stats().seconds, tb.stats().colourings, tb.stats().table_bytes >> 20);
    for (const auto& [prefix, members] : by_prefix) {
      std::vector<std::vector<DigitMask>> group;
      for (auto i : members) group.push_back(tops[i]);
      const auto t1 = SteadyClock::now();
      const auto v = tb.completions_of_type(group, t);
      EXPECT_EQ(v.size(), members.size());
      for (std::size_t m = 0; m < members.size() && m < v.size(); ++m) out.three_band[members[m]] = v[m];
      std::cout << fmt::format("  group of {} (class {}): {:.2f} s\n", members.size(), classes[members[0]], seconds_since(t1));
    }
  }  // its tables freed before the other side's are built
  const auto t0 = SteadyClock::now();
  SignatureStats st;
  out.signature = completions_by_signature_columns_of_type(s, tops, type, 2, &st);
  std::cout << fmt::format("signature: table {:.1f} s, {} colouring counts, sums {:.1f} s, {} groups\n", st.table_seconds,
                           st.table_computed, seconds_since(t0) - st.table_seconds, st.groups);
  EXPECT_EQ(st.groups, groups);
  EXPECT_EQ(st.table_size, slots);
  EXPECT_EQ(out.signature.size(), classes.size());
  return out;
}

}  // namespace gridenum::test_support
