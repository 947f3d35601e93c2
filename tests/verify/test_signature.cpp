// The signature method (signature.hpp): band counts by column sets against brute force,
// completions against brute force and against the stack method class by class, totals against
// the published counts (known-counts.md; the comparison on every small shape, 2x4 and 4x2 the
// costliest, is slow_signature.cpp's); the band count at every instruction-set level.
#include <gtest/gtest.h>

#include <map>
#include <numeric>
#include <random>
#include <set>

#include "band_fill.hpp"
#include "signature_isa_checks.hpp"
#include "signature_method_checks.hpp"
#include "brute.hpp"
#include "gridenum/count/stack/count.hpp"
#include "gridenum/count/three_band/three_band.hpp"
#include "gridenum/verify/signature.hpp"

using namespace gridenum;
using gridenum::testing::expect_methods_agree;

namespace {

TEST(Signature, NineByNineAgreesWithStackMethodClassByClass) {
  const SignatureResult sig = count_signature(Shape{3, 3}, 2);
  ASSERT_EQ(sig.n.size(), 44u);
  EXPECT_EQ(sig.total.str(), "6670903752021072936960");
  EXPECT_EQ(sig.weighted_sum.str(), "3546146300288");
  EXPECT_EQ(sig.stats.table_size, 78400u);
  expect_methods_agree(Shape{3, 3});
}

// Every band with B1 canonical: completions by signatures equal brute-force completion, and the
// brute-force grand total is the published count (4x4: 288, 6x6: 28,200,960).
TEST(Signature, CompletionsMatchBruteForce) {
  const std::map<std::string, std::uint64_t> published = {{"2x2", 288}, {"2x3", 28200960}, {"3x2", 28200960}};
  for (const auto& [shape, total] : published) {
    const Shape s = *Shape::parse(shape);
    const auto bands = testref::all_canonical_bands(s);
    const auto n = completions_by_signature(s, bands, 2);
    ASSERT_EQ(n.size(), bands.size());
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < bands.size(); ++i) {
      const std::uint64_t brute = testref::brute_completions(s, bands[i]);
      EXPECT_EQ(n[i], brute) << shape << " " << band_string(bands[i]);
      sum += brute;
    }
    std::uint64_t fact = 1;
    for (int i = 2; i <= s.n(); ++i) fact *= i;
    EXPECT_EQ(sum * fact, total) << shape;
  }
}

// Bands with given column sets, against a tally of every band (all relabellings of the
// B1-canonical ones).
TEST(Signature, BandsWithSignatureMatchBruteForce) {
  for (const char* shape : {"2x2", "2x3", "3x2"}) {
    const Shape s = *Shape::parse(shape);
    const int N = s.n();
    std::map<std::vector<DigitMask>, std::uint64_t> tally;
    std::vector<int> perm(N);
    for (const auto& b : testref::all_canonical_bands(s)) {
      std::iota(perm.begin(), perm.end(), 1);
      do {
        std::vector<DigitMask> cols(N, 0);
        for (int r = 0; r < s.rows; ++r)
          for (int c = 0; c < N; ++c) cols[c] |= DigitMask{1} << (perm[b[r * N + c] - 1] - 1);
        ++tally[cols];
      } while (std::next_permutation(perm.begin(), perm.end()));
    }
    for (const auto& [cols, count] : tally) EXPECT_EQ(bands_with_signature(s, cols), count) << shape;
    // Column sets that are not a band's: overlapping blocks in a box.
    std::vector<DigitMask> bad = tally.begin()->first;
    bad[1] = bad[0];
    EXPECT_EQ(bands_with_signature(s, bad), 0u) << shape;
  }
}

// The colouring count is compiled once per instruction-set level (src/verify/isa/
// colourings.hpp): every level this CPU runs gives the baseline's count on random 3x3 and 4x3
// configurations, and so does the three-band route's own count (count/three_band/three_band.hpp), the
// other method's. 100 and 60 configurations here; 300 and 200 more, other ones, in
// slow_signature_isa.cpp.
TEST(Signature, EveryInstructionSetLevelCountsTheSameBands) {
  gridenum::test_support::expect_isa_levels_agree(100, 60, 2027);
  std::mt19937_64 rng(2027);
  for (Isa isa : {Isa::Baseline, Isa::Avx2, Isa::Avx512})
    if (!isa_supported(isa)) {
      EXPECT_THROW(bands_with_signature(Shape{3, 3}, gridenum::test_support::random_box_columns(Shape{3, 3}, rng), isa),
                   std::logic_error);
    }
}

TEST(Signature, ThreadsDoNotChangeTheCount) {
  const SignatureResult one = count_signature(Shape{3, 3}, 1), two = count_signature(Shape{3, 3}, 2);
  EXPECT_EQ(one.n, two.n);
  EXPECT_EQ(one.total, two.total);
  EXPECT_EQ(one.threads_used, 1);
}

TEST(Signature, ShapeSupport) {
  EXPECT_FALSE(signature_shape_error(Shape{3, 3}));
  EXPECT_FALSE(signature_shape_error(Shape{2, 4}));
  EXPECT_FALSE(signature_shape_error(Shape{4, 2}));
  EXPECT_TRUE(signature_shape_error(Shape{5, 2}));  // 126^4 slots
  EXPECT_TRUE(signature_shape_error(Shape{1, 4}));
  EXPECT_THROW(count_signature(Shape{5, 2}, 1), std::invalid_argument);
}

TEST(Signature, JsonHasTheClassTable) {
  const SignatureResult r = count_signature(Shape{2, 3}, 1);
  const auto j = to_json(r);
  EXPECT_EQ(j["method"], "signature");
  EXPECT_EQ(j["total"], "28200960");
  ASSERT_EQ(j["classes"].size(), 3u);
  EXPECT_EQ(j["classes"][0]["representative"], "123456456123");
  EXPECT_NE(format_text(r).find("28,200,960"), std::string::npos);
}

}  // namespace

// The pair-type table (signature_pairs.cpp, what 4x3 needs) against the plain table on shapes
// where the plain one fits: random top bands (column sets), R = 3 with K = 1 and 2 lower bands,
// R = 4 (boxes 3..4 in one slot, orbits under their swap), R = 2 (one slot per type, box 2 the
// last box). Random column sets make top bands of every kind, symmetric or not.
TEST(Signature, PairTypeTableAgreesWithThePlainTable) {
  std::mt19937_64 rng(2026);
  for (const char* shape : {"3x2", "3x3", "4x2", "2x3", "2x4"}) {
    const Shape s = *Shape::parse(shape);
    std::vector<std::vector<DigitMask>> tops;
    for (int i = 0; i < 24; ++i) tops.push_back(gridenum::test_support::random_box_columns(s, rng));
    SignatureStats plain_stats, pair_stats;
    const auto plain = completions_by_signature_columns(s, tops, 2, SignatureTable::Plain, &plain_stats);
    const auto pairs = completions_by_signature_columns(s, tops, 2, SignatureTable::Pairs, &pair_stats);
    ASSERT_EQ(pairs.size(), tops.size());
    for (std::size_t i = 0; i < tops.size(); ++i) {
      EXPECT_TRUE(plain[i] > 0) << shape;
      EXPECT_EQ(plain[i], pairs[i]) << shape << " top " << i;
    }
    EXPECT_EQ(plain_stats.terms, pair_stats.terms) << shape;  // the same chain tuples, summed differently
    EXPECT_EQ(plain_stats.max_band_count, pair_stats.max_band_count) << shape;
    if (s.rows > 2)  // one count per band class (R = 2: the plain table's orbits are the classes too)
      EXPECT_LT(pair_stats.table_computed, plain_stats.table_computed) << shape;
    else
      EXPECT_LE(pair_stats.table_computed, plain_stats.table_computed) << shape;
  }
  // Auto picks the plain table where it fits: the same numbers again.
  const Shape s{3, 3};
  const std::vector<std::vector<DigitMask>> one{gridenum::test_support::random_box_columns(s, rng)};
  EXPECT_EQ(completions_by_signature_columns(s, one, 2)[0], completions_by_signature_columns(s, one, 2, SignatureTable::Pairs)[0]);
}

// Bands that share boxes 1..R-1 are summed as a group by the pair-type table (signature_pairs.cpp,
// PairGroup): three groups of 1, 5 and 9 bands, interleaved, each band's last box from another
// random band (and one band twice), against the plain table, which counts every band alone.
// 2x3: groups sharing box 1 only (PairGroup::sum_two_boxes).
TEST(Signature, GroupsSharingTheirFirstBoxesAgreeWithTheBandsAlone) {
  std::mt19937_64 rng(77);
  for (const char* shape : {"3x3", "4x2", "3x2", "2x3"}) {
    const Shape s = *Shape::parse(shape);
    const std::size_t last = static_cast<std::size_t>((s.rows - 1) * s.cols);
    std::vector<std::vector<DigitMask>> heads;
    for (int g = 0; g < 3; ++g) heads.push_back(gridenum::test_support::random_box_columns(s, rng));
    std::vector<std::vector<DigitMask>> tops;
    for (int i = 0; i < 15; ++i) {
      const int g = i == 0 ? 0 : 1 + (i % 2);  // group 0 once; groups 1 and 2 interleaved, 7 each
      auto t = heads[static_cast<std::size_t>(g)];
      const auto other = gridenum::test_support::random_box_columns(s, rng);
      std::copy(other.begin() + static_cast<std::ptrdiff_t>(last), other.end(), t.begin() + static_cast<std::ptrdiff_t>(last));
      tops.push_back(t);
    }
    tops.push_back(tops[3]);  // the same band twice in a group
    tops.push_back(tops[4]);
    SignatureStats plain_stats, pair_stats;
    const auto plain = completions_by_signature_columns(s, tops, 2, SignatureTable::Plain, &plain_stats);
    const auto pairs = completions_by_signature_columns(s, tops, 2, SignatureTable::Pairs, &pair_stats);
    EXPECT_EQ(pair_stats.groups, 3u) << shape;
    EXPECT_EQ(plain_stats.terms, pair_stats.terms) << shape;
    for (std::size_t i = 0; i < tops.size(); ++i) EXPECT_EQ(plain[i], pairs[i]) << shape << " band " << i;
    EXPECT_EQ(pairs[3], pairs[15]);
    // Each band alone through the pair table: the same again.
    for (std::size_t i : {std::size_t{0}, std::size_t{5}, std::size_t{14}})
      EXPECT_EQ(completions_by_signature_columns(s, {tops[i]}, 2, SignatureTable::Pairs)[0], pairs[i]) << shape << " " << i;
  }
}

TEST(Signature, ColumnSetsThatAreNotABandAreRefused) {
  const Shape s{3, 3};
  std::vector<DigitMask> cols(9, 0);
  for (int j = 0; j < 9; ++j) cols[static_cast<std::size_t>(j)] = DigitMask{7} << (3 * (j % 3));
  cols[4] = cols[3];  // box 2: two equal columns
  for (auto table : {SignatureTable::Plain, SignatureTable::Pairs})
    EXPECT_THROW(completions_by_signature_columns(s, {cols}, 1, table), std::invalid_argument);
  EXPECT_THROW(completions_by_signature_columns(s, {std::vector<DigitMask>(8, 7)}, 1), std::invalid_argument);
  EXPECT_THROW(completions_by_signature_columns_of_type(s, {cols}, "3,0,0/0,3,0/0,0,3", 1), std::invalid_argument);
  // Shapes: 2x8's pair table would need 2e13 relabellings; 4x4 is too large for either table.
  EXPECT_THROW(completions_by_signature_columns(Shape{2, 8}, {}, 1, SignatureTable::Pairs), std::invalid_argument);
  EXPECT_TRUE(signature_completions_shape_error(Shape{4, 4}).has_value());
  EXPECT_FALSE(signature_completions_shape_error(Shape{4, 3}).has_value());
  EXPECT_FALSE(signature_completions_shape_error(Shape{5, 2}).has_value());
}

// Partitions without their action table (PartitionActions::OnDemand, what the one-type sum
// uses): every act(g, q) is the table's.
TEST(Signature, ActionsOnDemandAreTheTablesActions) {
  for (const char* shape : {"2x3", "3x3", "2x4", "4x2"}) {
    const Shape s = *Shape::parse(shape);
    const BoxPartitions table(s), on_demand(s, PartitionActions::OnDemand);
    EXPECT_TRUE(table.has_action_table());
    EXPECT_FALSE(on_demand.has_action_table());
    ASSERT_EQ(table.stabiliser_order(), on_demand.stabiliser_order());
    std::size_t differ = 0;
    for (std::uint32_t q = 0; q < table.size(); ++q)
      for (std::size_t g = 0; g < table.stabiliser_order(); ++g)
        differ += table.act(g, q) != on_demand.act(g, q) || table.act(g, q) != table.act_now(g, q);
    EXPECT_EQ(differ, 0u) << shape;
  }
}

// The pair types by their agreed names (signature.hpp): the C x C matrices with line sums R up to
// row and column order, each in its largest order; 2x3, 3x3 and 4x3 have 3, 5 and 9 (the names
// the three-band counter gives them too, tests/verify/test_three_band_vs_signature.cpp), 5x2's
// are 2 x 2. Compared as sets: the table's order is its own.
TEST(Signature, PairTypeNames) {
  using Names = std::set<std::string>;
  const std::map<std::string, Names> expected = {
      {"2x3", {"2,0,0/0,2,0/0,0,2", "2,0,0/0,1,1/0,1,1", "1,1,0/1,0,1/0,1,1"}},
      {"3x3", {"3,0,0/0,3,0/0,0,3", "3,0,0/0,2,1/0,1,2", "2,1,0/1,1,1/0,1,2", "2,1,0/1,0,2/0,2,1", "1,1,1/1,1,1/1,1,1"}},
      {"5x2", {"5,0/0,5", "4,1/1,4", "3,2/2,3"}}};  // 4x3's nine (a second each): slow_signature.cpp
  for (const auto& [shape, names] : expected) {
    const auto got = signature_pair_types(*Shape::parse(shape));
    EXPECT_EQ(got.size(), names.size()) << shape;
    EXPECT_EQ(Names(got.begin(), got.end()), names) << shape;
  }
  EXPECT_THROW(signature_pair_types(Shape{2, 8}), std::invalid_argument);
}

// One type's part of the completions (completions_by_signature_columns_of_type), 3x3 and 2x3 by
// the pair-type table with one table built: in groups as alone, and the parts T_mid = T_bot = T
// add up to at most the completions (the rest has bands of different types); on 2x3 every class
// of the one-type parts is checked against a plain search in tests/count/test_three_band.cpp
// and here through the three-band counter (test_three_band_vs_signature.cpp).
TEST(Signature, OneTypePartsAddUpToAtMostTheCompletions) {
  std::mt19937_64 rng(515);
  for (const char* shape : {"2x3", "3x3"}) {
    const Shape s = *Shape::parse(shape);
    // Random bands, and one whose boxes all have the standard partition (the only kind of the
    // random ones' rare kinds below which "box 2 = box 1" types occur).
    std::vector<std::vector<DigitMask>> tops(1, std::vector<DigitMask>(static_cast<std::size_t>(s.n())));
    for (int j = 0; j < s.n(); ++j) tops[0][static_cast<std::size_t>(j)] = ((DigitMask{1} << s.rows) - 1) << (s.rows * (j % s.cols));
    for (int i = 0; i < 11; ++i) tops.push_back(gridenum::test_support::random_box_columns(s, rng));
    // A group: two more bands sharing boxes 1..R-1 with the first.
    for (int i = 0; i < 2; ++i) {
      auto t = tops[0];
      const auto other = gridenum::test_support::random_box_columns(s, rng);
      const std::size_t last = static_cast<std::size_t>((s.rows - 1) * s.cols);
      std::copy(other.begin() + static_cast<std::ptrdiff_t>(last), other.end(), t.begin() + static_cast<std::ptrdiff_t>(last));
      tops.push_back(t);
    }
    std::set<std::vector<DigitMask>> prefixes;
    for (const auto& t : tops) prefixes.insert(std::vector<DigitMask>(t.begin(), t.begin() + (s.rows - 1) * s.cols));
    std::uint64_t per_type = 1;
    for (int b = 2; b < s.rows; ++b) per_type *= BoxPartitions(s, PartitionActions::OnDemand).size();
    const auto full = completions_by_signature_columns(s, tops, 2);
    std::vector<BigInt> sum(tops.size(), 0);
    bool some_less = false;
    for (const auto& type : signature_pair_types(s)) {
      SignatureStats st;
      const auto part = completions_by_signature_columns_of_type(s, tops, type, 2, &st);
      ASSERT_EQ(part.size(), tops.size());
      bool some_nonzero = false;
      for (std::size_t i = 0; i < tops.size(); ++i) {
        sum[i] += part[i];
        some_nonzero = some_nonzero || part[i] > 0;
      }
      EXPECT_TRUE(some_nonzero) << shape << " " << type;
      EXPECT_EQ(st.groups, prefixes.size()) << shape;
      EXPECT_EQ(st.table_size, per_type) << shape;  // one type's table
      for (std::size_t i : {std::size_t{0}, std::size_t{12}, std::size_t{13}})
        EXPECT_EQ(completions_by_signature_columns_of_type(s, {tops[i]}, type, 1)[0], part[i]) << shape << " " << type << " " << i;
    }
    for (std::size_t i = 0; i < tops.size(); ++i) {
      EXPECT_TRUE(sum[i] <= full[i]) << shape << " top " << i;
      some_less = some_less || sum[i] < full[i];
    }
    EXPECT_TRUE(some_less) << shape;
  }
  EXPECT_THROW(completions_by_signature_columns_of_type(Shape{3, 3}, {}, "2,0,0/0,2,0/0,0,2", 1), std::invalid_argument);
  EXPECT_THROW(completions_by_signature_columns_of_type(Shape{3, 3}, {}, "", 1), std::invalid_argument);
}
