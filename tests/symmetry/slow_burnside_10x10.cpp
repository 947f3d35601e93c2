// 10x10 (2x5 boxes): the whole Burnside run and fixed counts re-derived by means that share no code
// with the signature kernel (label slow; one process, so the run is made once). Our
// essentially-different figure, 4,743,933,427,433,330, is 174,617,388 below the published
// 4,743,933,602,050,718 (docs/symmetry.md); these are the checks that stand behind ours, class by
// class:
//
//  - Direct enumeration. In the 5x2 view (transposed_view) a band-swapping element g with
//    trivial band symmetry fixes, with relabelling pi (an involution), exactly the grids whose
//    top band has a signature S with S(h c) = (pi S(c))^c for every column c, and the top band
//    is then any band with that signature: Fix(g, pi) = sum over those S of F(S). Here the S are
//    listed one by one (a loop over the 252 five-sets per stack cycle, closure tested), F(S) is
//    read from the 10x10 F table (the fixture side2_10's two-stack job, tests/support/test_cache.hpp,
//    matched to the side-2 classes by representative), and
//    f(g) = sum over the cycle types of pi of Fix / |centraliser|. The kernel instead sums
//    digit-type histograms with multinomial weights, or walks signature orbits.
//  - Burnside on elementary abelian 2-subgroups H (built from commuting swaps of bands, rows,
//    stacks and columns, 64 to 512 elements): the orbits of H number (1/|H|) sum over h in H of
//    f(h), so that sum must be divisible by |H|; it ties together the f of dozens of classes,
//    most of them band-keeping ones that line orbits cannot finish.
//  - The whole run (1,260 classes, the side-2 count for the identity term): the grid count as
//    published; a class recounted by line orbits (which share no counting code with the
//    signature kernel that the run uses for every 2x5 class; two more in the long tier) and
//    against a closed form: the element swapping the two rows of every band fixes L5^2 * 2^20 / 5! grids up to
//    relabelling (L5 = 161,280 Latin squares of order 5: the pair pattern of each band is a Latin
//    square, the orientations free); the answer at least the total / (|G| 10!). The published
//    4,743,933,602,050,718 is NOT asserted: this run gives 4,743,933,427,433,330.
// Here one band-swapping class is listed (the stack swap alone, 2 s); the long test
// (long_burnside_10x10.cpp) lists three, with two band swaps too (about 2 minutes).
#include <gtest/gtest.h>

#include "burnside_10x10.hpp"
#include "burnside_checks.hpp"
#include "test_cache.hpp"

using namespace gridenum;
using namespace gridenum::test_support;

TEST(SlowBurnside10x10, TenByTenTwoByFive) {
  const auto& r = run_2x5();
  expect_consistent_sums(r);
  EXPECT_EQ(r.group_order, 110592000u);
  EXPECT_EQ(r.terms.size(), 1260u);
  EXPECT_EQ(r.total_route, "two-stack");
  EXPECT_EQ(r.grids, BigInt("1903816047972624930994913280000"));
  EXPECT_GE(r.essentially_different * r.group_order * factorial(10), r.grids);
  // The figure itself, as computed and as `gridenum symmetry --shape 2x5` prints it; every class
  // behind it is recounted by independent code in the long tier (long_symmetry_recount.cpp).
  EXPECT_EQ(r.essentially_different, BigInt("4743933427433330"));
  EXPECT_NE(format_text(r).find("\n  essentially different grids: 4,743,933,427,433,330\n"), std::string::npos);
  // The text (on the line after the answer) and the JSON point at the docs' discussion of the
  // published figure.
  const std::string text = format_text(r);
  const std::size_t answer = text.find("\n  essentially different grids: ");
  ASSERT_NE(answer, std::string::npos) << text;
  const std::string note = "\n  note: differs from the published term a(5) of OEIS A291188; docs/symmetry.md";
  EXPECT_EQ(text.substr(text.find('\n', answer + 1), note.size()), note) << text;
  EXPECT_EQ(to_json(r).at("note"), *published_figure_note(kShape2x5));
  // One class recounted by line orbits and against its closed form (the two others of the
  // three, 12 s each, in the long tier: Burnside10x10Long.TwoClassesByLineOrbits).
  const std::string all_rows = "band 1: rows (1 2); band 2: rows (1 2); band 3: rows (1 2); band 4: rows (1 2); band 5: rows (1 2)";
  const ClassTerm& t = term_2x5(all_rows);
  expect_line_orbits_agree(all_rows);
  const BigInt latin5 = 161280;
  EXPECT_EQ(to_big(t.fixed.grids), latin5 * latin5 * (BigInt(1) << 20) / 120);
}

TEST(SlowBurnside10x10, BandSwappingClassByListingItsSignatures) {
  const ResultDoc counted = gridenum::testing::fixture_result(gridenum::testing::side2_ten_two_stack_dir());
  const FTable table(&counted);
  expect_listing_agrees(table, "stacks (1 2)");
}

TEST(SlowBurnside10x10, BurnsideOnElementaryAbelianTwoSubgroups) {
  const auto& r = run_2x5();
  const SymmetryGroup grp = build_symmetry_group(kShape2x5, false);
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
      for (std::size_t i = 0; i < n; ++i) H.push_back(compose(kShape2x5, g, H[i]));
    }
    ASSERT_EQ(H.size(), std::size_t{1} << subgroups[s].size()) << "generators not independent, subgroup " << s;
    BigInt sum = 0;
    std::map<std::size_t, int> classes_hit;
    for (const auto& h : H) {
      for (const auto& g : subgroups[s]) ASSERT_EQ(compose(kShape2x5, g, h).rows, compose(kShape2x5, h, g).rows);
      const std::size_t k = class_index(grp, h);
      sum += to_big(r.terms[k].fixed.grids);
      ++classes_hit[k];
    }
    EXPECT_EQ(sum % BigInt(H.size()), 0) << "subgroup " << s << " of order " << H.size();
    EXPECT_GE(classes_hit.size(), 20u) << "subgroup " << s;
  }
}

// The signature kernel's 12-digit edge sets (three 64-bit words) against the one-word layout the
// run uses, on every fourth 10x10 class of those it counts by signatures (burnside_10x10.hpp,
// expect_wide_edges_agree); the long tier (long_burnside_10x10.cpp) takes every class, which cost
// 27 s of CI's slow tier on AMD EPYC family 23.
TEST(SlowBurnside10x10, WideEdgeSetsGiveTheRunsCounts) { EXPECT_GT(expect_wide_edges_agree(4), 15u); }
