// 4x3 completions by two methods that share no counting code (issue 15), one pair type at a time,
// label slow: the three-band counter (count/three_band.cpp) against the signature method's
// pair-type table (verify/signature_pairs.cpp), each restricted to the chain tuples whose middle
// and bottom bands both have their (box 1, box 2) box-partition pair of one type T (three_band.hpp,
// "One pair type"), each deciding the type in its own code and building only T's table. The two
// name T the same way, by its matrix: "3,1,0/1,0,3/0,3,1". The three-band side runs its real sum
// on the work items of type T -- prefix groups, row pairs of the table, the 64-bit gather kernel,
// the prefetch -- and the signature side its own groups.
//
// The classes: the first and the last of the catalogue; 72,290 and 72,291 (whose whole completions
// the long tier checks against a record), each with one more class of its prefix group, so that
// the three-band side sums groups (the path a job takes); one class drawn from a fixed seed. The
// signature side sums the same groups in its own way.
//
// Why this type. Its tables are the cheapest to build of the types whose part is non-zero for
// every one of these classes. The part belongs to the configuration (here the classes' prefix
// forms, as a job counts them), and which types occur below a top band depends on its own (box 1,
// box 2) type: "4,0,0/0,4,0/0,0,4" (middle and bottom with box 2 partitioned as box 1) gave 0 below
// all but class 1, "4,0,0/0,2,2/0,2,2" 0 below 72,290 and its partner (both sides, measured), and
// "4,0,0/0,3,1/0,1,3" has no chain pair at all below 72,291 and its partner (counted ad hoc). The
// build of one type's tables on 4x3, measured one type at a time with nice on 2 threads, the
// machine shared (load 2 to 3 from other work), three-band / signature, with the colouring counts:
//     4,0,0/0,4,0/0,0,4      12.0 s /  13.5 s        871
//     4,0,0/0,2,2/0,2,2      55.0 s /  58.7 s     11,614
//     3,1,0/1,0,3/0,3,1      66.1 s /  93.7 s     22,955   <- this test's
//     4,0,0/0,3,1/0,1,3      77.7 s /  91.2 s     12,091
//     the other five         each stopped at 120 s, on both sides
// Almost all of it is the colouring counts of the type's band classes (93% of the three-band
// build's perf samples, 94% of the signature side's). This type's part is 0.06% to 6.3% of a
// class's (x1, x2) work items here (6.3% for class 1), so the sums take seconds, not a whole class's
// half minute, and still run the real loops over boxes 3 and 4.
//
// Measured (this test alone, nice, /usr/bin/time -v, 2 threads): 330 CPU-seconds (329.8 user,
// 0.6 system), of which the two one-type tables take about 300 and the catalogue and the sums
// the rest; 5:32 wall at load 5 to 6 from other work (it got one core: 99%), 8:19 at load 4 to 5
// (66%), so about 2:50 on 2 idle cores -- over the 2 minutes this test was meant to take (the
// tier allows 3 per test): no type with a non-zero part for every class has cheaper tables. Peak resident 483,024 KB: the three-band
// counter (286 MB of tables) is freed before the signature side's 475 MB (partitions without
// their 1.9 GB action table, one type's table) is built. The whole tables of both methods (1.4 GB
// and 3.3 GB, 18 minutes) are compared on the same classes in the long tier:
// tests/verify/long_three_band_vs_signature_12.cpp.
#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <random>
#include <set>

#include <fmt/format.h>

#include "gridenum/core/timing.hpp"
#include "gridenum/count/band_signatures.hpp"
#include "gridenum/count/three_band.hpp"
#include "gridenum/verify/signature.hpp"

using namespace gridenum;

TEST(ThreeBandVsSignatureOneTypeSlow, FourByThreeClassesAgreeOnOneType) {
  const Shape s{4, 3};
  const std::string type = "3,1,0/1,0,3/0,3,1";
  auto t0 = SteadyClock::now();
  const auto cat = build_signature_catalogue(s, 2);
  ASSERT_EQ(cat.classes.size(), 144578u);
  std::cout << fmt::format("catalogue: {:.1f} s\n", seconds_since(t0));
  // 72,290 and 72,291 with one more class of each one's prefix group, 1, 144,578 and one drawn.
  std::set<std::uint32_t> classes{1, 72290, 72291, 144578};
  for (std::uint32_t c : {72290u, 72291u}) {
    const SignatureKey prefix = signature_prefix_form(s, cat.classes[c - 1].key).prefix;
    for (std::uint32_t i = 0; i < cat.classes.size(); ++i)
      if (i + 1 != c && signature_prefix_form(s, cat.classes[i].key).prefix == prefix) {
        classes.insert(i + 1);
        break;
      }
  }
  ASSERT_EQ(classes.size(), 6u);
  std::mt19937_64 rng(15);
  while (classes.size() < 7) classes.insert(static_cast<std::uint32_t>(1 + rng() % cat.classes.size()));
  // Each class by its prefix form (boxes 1..3 shared within a group), grouped as a job groups them.
  const std::vector<std::uint32_t> order(classes.begin(), classes.end());
  std::vector<std::vector<DigitMask>> tops;
  std::map<SignatureKey, std::vector<std::size_t>> groups;
  for (std::size_t i = 0; i < order.size(); ++i) {
    const auto f = signature_prefix_form(s, cat.classes[order[i] - 1].key);
    tops.push_back(f.columns);
    groups[f.prefix].push_back(i);
  }
  ASSERT_EQ(groups.size(), 5u);

  // The three-band side: one type's F table (133 MB of its 300 MB), the groups' sums.
  std::vector<u128> mine(order.size(), 0);
  {
    t0 = SteadyClock::now();
    const std::size_t t = three_band_pair_type(s, type);
    const ThreeBandCounter tb(s, 2, PairTypeOnly{t});
    ASSERT_EQ(tb.only_type(), std::optional<std::size_t>(t));
    EXPECT_EQ(tb.stats().table_slots, 5775ULL * 5775);
    std::cout << fmt::format("three-band: type {} (its index {}), table {:.1f} s, {} colouring counts, {} MB\n", type, t,
                             tb.stats().seconds, tb.stats().colourings, tb.stats().table_bytes >> 20);
    for (const auto& [prefix, members] : groups) {
      std::vector<std::vector<DigitMask>> group;
      for (auto i : members) group.push_back(tops[i]);
      const auto t1 = SteadyClock::now();
      const auto v = tb.completions_of_type(group, t);
      ASSERT_EQ(v.size(), members.size());
      for (std::size_t m = 0; m < members.size(); ++m) mine[members[m]] = v[m];
      std::cout << fmt::format("  group of {} (class {}): {:.2f} s\n", members.size(), order[members[0]], seconds_since(t1));
    }
  }  // its tables freed before the other side's are built

  // The signature side: its own one-type table and groups.
  t0 = SteadyClock::now();
  SignatureStats st;
  const auto theirs = completions_by_signature_columns_of_type(s, tops, type, 2, &st);
  std::cout << fmt::format("signature: table {:.1f} s, {} colouring counts, sums {:.1f} s, {} groups\n", st.table_seconds,
                           st.table_computed, seconds_since(t0) - st.table_seconds, st.groups);
  EXPECT_EQ(st.groups, 5u);
  EXPECT_EQ(st.table_size, 5775ULL * 5775);

  ASSERT_EQ(theirs.size(), order.size());
  std::map<std::uint32_t, std::string> by_class;
  for (std::size_t i = 0; i < order.size(); ++i) {
    std::cout << fmt::format("  class {:>6}: {}\n", order[i], theirs[i].str());
    EXPECT_EQ(to_big(mine[i]), theirs[i]) << "class " << order[i] << ": three-band " << to_string(mine[i]);
    EXPECT_TRUE(theirs[i] > 0) << "class " << order[i];
    by_class[order[i]] = theirs[i].str();
  }
  // A part of the whole completions (the long tier's record), and the value both sides gave
  // when this test was written.
  EXPECT_TRUE(BigInt(by_class[72290]) < BigInt("35810243852760488706048"));
  EXPECT_TRUE(BigInt(by_class[72291]) < BigInt("35517005268190529716224"));
  EXPECT_EQ(by_class[72290], "70840149114171654144");
  EXPECT_EQ(by_class[72291], "27061380676856807424");
}
