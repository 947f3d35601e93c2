// The census of grids with a non-trivial automorphism (grid/automorphism_census.hpp):
//  - 4x4 (with and without the transposition) and 6x6 (both box shapes): the orbits by |Aut|
//    equal the brute-force orbit census's (verify/grid_census.hpp: every box-1-fixed grid, its
//    form by an explicit minimum over the whole group, |Aut| = |G| / grids in its orbit), which
//    shares nothing with the fixed-grid search or the canonical form;
//  - the kept forms are canonical and carry their own |Aut|;
//  - 9x9: the listing of one class's fixed grids (for_each_fixed_grid) gives valid grids fixed by
//    the class's representative, weighted to f(g), and the band tables and the search agree on
//    their forms. The whole 9x9 census against the published table is tests/grid/long_census.cpp.
#include <gtest/gtest.h>

#include <array>
#include <map>
#include <mutex>

#include "grid_checks.hpp"
#include "gridenum/grid/automorphism_census.hpp"
#include "gridenum/symmetry/fixed_grids.hpp"
#include "gridenum/symmetry/symmetry_group.hpp"
#include "gridenum/verify/grid_census.hpp"

using namespace gridenum;
using namespace gridenum::testing;

TEST(AutomorphismCensus, SmallShapesAgainstTheBruteForceOrbits) {
  struct Case {
    Shape s;
    bool transposition;
  };
  for (const Case& c : {Case{{2, 2}, true}, Case{{2, 2}, false}, Case{{2, 3}, false}, Case{{3, 2}, false}}) {
    SCOPED_TRACE(c.s.str() + (c.transposition ? " with transposition" : " without"));
    AutomorphismCensusOptions opt;
    opt.shape = c.s;
    opt.transposition = c.transposition;
    opt.threads = 2;
    const AutomorphismCensus census = automorphism_census(opt);
    const GridCensus brute = census_grids(c.s, c.transposition, 2);
    std::map<std::uint64_t, std::uint64_t> expected = brute.automorphism_orders;
    expected.erase(1);
    EXPECT_EQ(census.by_order, expected);
    std::uint64_t sum = 0;
    for (const auto& [aut, k] : expected) sum += k;
    EXPECT_EQ(census.orbits, sum);
    EXPECT_TRUE(census.check_holds);
    EXPECT_EQ(census.pairs_by_orbits, census.pairs_by_classes);
    EXPECT_EQ(census.group_order, BigInt(brute.group_order));
    EXPECT_GT(census.visited, 0u);
  }
}

// The published figures this reproduces for 4x4 and 6x6: both 4x4 grids are symmetric (|Aut| 16
// and 32 with the transposition), and 48 of the 49 essentially different 6x6 grids are.
TEST(AutomorphismCensus, FourAndSixPublishedOrbits) {
  AutomorphismCensusOptions opt;
  opt.shape = {2, 2};
  EXPECT_EQ(automorphism_census(opt).by_order, (std::map<std::uint64_t, std::uint64_t>{{16, 1}, {32, 1}}));
  opt.shape = {2, 3};
  opt.transposition = false;
  EXPECT_EQ(automorphism_census(opt).orbits, 48u);
}

TEST(AutomorphismCensus, KeptFormsAreCanonicalWithTheirOrder) {
  AutomorphismCensusOptions opt;
  opt.shape = {3, 2};
  opt.transposition = false;
  opt.keep_forms = true;
  const AutomorphismCensus census = automorphism_census(opt);
  ASSERT_EQ(census.forms.size(), census.orbits);
  CanonOptions copt;
  copt.transposition = false;
  for (const auto& [form, aut] : census.forms) {
    GridCells x;
    for (char ch : form) x.push_back(ch - '0');
    const CanonResult c = canonical_form(opt.shape, x, copt);
    EXPECT_EQ(grid_string(c.form), form);
    EXPECT_EQ(c.automorphisms, aut);
    EXPECT_GT(aut, 1u);
  }
}

TEST(AutomorphismCensus, RefusesBadShapes) {
  AutomorphismCensusOptions opt;
  opt.shape = {2, 3};
  opt.transposition = true;  // not a symmetry of 2x3 boxes
  EXPECT_THROW(automorphism_census(opt), std::invalid_argument);
  opt.shape = {1, 4};
  opt.transposition = false;
  EXPECT_THROW(automorphism_census(opt), std::invalid_argument);
  opt.shape = {2, 5};  // 10x10: classes fixing up to 8e14 grids, refused before any work
  EXPECT_THROW(automorphism_census(opt), std::invalid_argument);
}

// 9x9 class "45" of the class table is the cheapest of the listed classes (tens of thousands of
// grids): every grid it lists is a valid grid with row 1 reading 1..9 that the representative
// maps onto a relabelling of itself; the listing weighted by the roots' orbits is f(g); and the
// forms by the band tables are the search's on a sample.
TEST(AutomorphismCensus, NineByNineListingIsFixedAndWhole) {
  const Shape s{3, 3};
  const SymmetryGroup grp = build_symmetry_group(s, true);
  ASSERT_GE(grp.classes.size(), 45u);
  const GeometricSymmetry& g = grp.classes[44].rep;
  ASSERT_EQ(element_order(s, g), 3);
  const FixedCount fc = count_fixed_grids(s, g);
  std::vector<GridCells> listed;
  std::mutex mu;
  const FixedListing l = for_each_fixed_grid(s, g, [&](const std::vector<std::uint8_t>& x) {
    GridCells cells(x.begin(), x.end());
    for (int& d : cells) ++d;
    const std::lock_guard<std::mutex> lock(mu);
    listed.push_back(std::move(cells));
  });
  EXPECT_EQ(l.visited, listed.size());
  EXPECT_EQ(l.weighted, fc.grids);
  EXPECT_GT(l.visited, 1000u);
  const Perm cells = cell_permutation(s, g);
  for (std::size_t i = 0; i < listed.size(); ++i) {
    const GridCells& x = listed[i];
    ASSERT_TRUE(is_valid_grid(s, x));
    for (int c = 0; c < 9; ++c) ASSERT_EQ(x[static_cast<std::size_t>(c)], c + 1);
    // g(X) is a relabelling of X: the digit map X(c) -> X(g(c)) is one permutation.
    std::array<int, 10> pi{};
    for (int c = 0; c < 81; ++c) {
      int& p = pi[static_cast<std::size_t>(x[static_cast<std::size_t>(c)])];
      const int img = x[static_cast<std::size_t>(cells[static_cast<std::size_t>(c)])];
      ASSERT_TRUE(p == 0 || p == img);
      p = img;
    }
    if (i % 97 != 0) continue;
    CanonOptions slow;
    slow.band_tables = false;
    const CanonResult a = canonical_form(s, x), b = canonical_form(s, x, slow);
    ASSERT_EQ(a.form, b.form);
    ASSERT_EQ(a.automorphisms, b.automorphisms);
    ASSERT_GT(a.automorphisms, 1u);
    ASSERT_EQ(a.automorphisms % 3, 0u);
  }
}
