// The minlex form (grid/canon.hpp) against its definition:
//  - 4x4: every one of the 288 grids, the pruned search against a plain minimum over all of G
//    (128 geometric symmetries with transposition, each relabelled by first appearance), the
//    number of elements reaching it = |Aut|, 2 distinct forms = `gridenum symmetry --shape 2x2`'s
//    figure (the library call), and Burnside: sum of |Aut| / |G| over the grids = the orbits;
//  - 6x6 (2x3, 3x2): random grids against the plain minimum over G (3,456 elements), invariance
//    under random elements, equivalence against brute-force orbit membership;
//  - 9x9: invariance under random elements on 200 random grids, idempotence, the element
//    returned maps the grid onto its form, every automorphism fixes the grid, and a grid with
//    648 automorphisms (the largest group of a 9x9 grid, Russell and Jarvis 2006);
//  - R != C: the transpose of a 2x3 grid is a 3x2 grid, and equivalent_to_transpose finds a 2x3
//    grid equivalent to a transpose when the transpose is itself a 2x3 grid.
#include <gtest/gtest.h>

#include <set>

#include "grid_checks.hpp"
#include "gridenum/symmetry/burnside.hpp"

using namespace gridenum;
using namespace gridenum::testing;

TEST(GridCanon, EveryFourByFourGridAgainstThePlainMinimum) {
  const Shape s{2, 2};
  const auto grids = all_grids(s);
  ASSERT_EQ(grids.size(), 288u);
  const auto group = all_geometric(s, true);
  ASSERT_EQ(group.size(), geometric_order(s, true));
  std::set<GridCells> forms;
  std::uint64_t aut_sum = 0;
  for (const GridCells& x : grids) {
    const BruteForm b = brute_minlex(s, x, group);
    const CanonResult c = canonical_form(s, x);
    ASSERT_EQ(c.form, b.form) << grid_string(x);
    ASSERT_EQ(c.automorphisms, b.reaching) << grid_string(x);
    EXPECT_EQ(apply_element(s, c.to_form, x), c.form);
    forms.insert(c.form);
    aut_sum += c.automorphisms;
  }
  // Burnside / orbit-stabiliser: orbits = sum over grids of |Aut(x)| / |G|, |G| = 128 * 4!.
  const std::uint64_t full = geometric_order(s, true) * 24;
  EXPECT_EQ(aut_sum % full, 0u);
  EXPECT_EQ(forms.size(), aut_sum / full);
  BurnsideOptions bo;
  bo.shape = s;
  bo.threads = 1;
  const BurnsideResult r = run_burnside(bo);
  EXPECT_EQ(BigInt(forms.size()), r.essentially_different);
  EXPECT_EQ(forms.size(), 2u);
}

TEST(GridCanon, FourByFourWithoutTransposition) {
  const Shape s{2, 2};
  const auto group = all_geometric(s, false);
  std::set<GridCells> forms;
  CanonOptions opt;
  opt.transposition = false;
  for (const GridCells& x : all_grids(s)) {
    const BruteForm b = brute_minlex(s, x, group);
    const CanonResult c = canonical_form(s, x, opt);
    ASSERT_EQ(c.form, b.form) << grid_string(x);
    ASSERT_EQ(c.automorphisms, b.reaching) << grid_string(x);
    forms.insert(c.form);
  }
  BurnsideOptions bo;
  bo.shape = s;
  bo.transposition = false;
  bo.threads = 1;
  EXPECT_EQ(BigInt(forms.size()), run_burnside(bo).essentially_different);
}

TEST(GridCanon, SixBySixAgainstThePlainMinimum) {
  for (const Shape s : {Shape{2, 3}, Shape{3, 2}}) {
    const auto group = all_geometric(s, false);
    ASSERT_EQ(group.size(), 3456u);
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
      const GridCells x = random_grid(s, seed);
      const BruteForm b = brute_minlex(s, x, group);
      const CanonResult c = canonical_form(s, x);
      ASSERT_EQ(c.form, b.form) << s.str() << " " << grid_string(x);
      ASSERT_EQ(c.automorphisms, b.reaching) << s.str() << " " << grid_string(x);
    }
  }
}

TEST(GridCanon, SixBySixInvariantAndEquivalence) {
  std::mt19937_64 rng(66);
  for (const Shape s : {Shape{2, 3}, Shape{3, 2}}) {
    const auto group = all_geometric(s, false);
    for (std::uint64_t seed = 100; seed < 140; ++seed) {
      const GridCells a = random_grid(s, seed);
      const GridCells image = apply_element(s, random_element(s, rng), a);
      EXPECT_EQ(canonical_form(s, image).form, canonical_form(s, a).form);
      EXPECT_TRUE(equivalent(s, a, image));
      // Another random grid: equivalent exactly when some element maps it onto a relabelling of a.
      const GridCells b = random_grid(s, seed + 1000);
      const bool brute = brute_minlex(s, a, group).form == brute_minlex(s, b, group).form;
      EXPECT_EQ(equivalent(s, a, b), brute) << grid_string(a) << " " << grid_string(b);
    }
  }
}

TEST(GridCanon, NineByNineInvariantIdempotent) {
  const Shape s{3, 3};
  std::mt19937_64 rng(99);
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    const GridCells x = random_grid(s, seed);
    const CanonResult c = canonical_form(s, x);
    ASSERT_EQ(grid_string(c.form).substr(0, 9), "123456789");
    ASSERT_EQ(apply_element(s, c.to_form, x), c.form);
    const GridCells y = apply_element(s, random_element(s, rng), x);
    ASSERT_EQ(canonical_form(s, y).form, c.form) << grid_string(x);
    const CanonResult again = canonical_form(s, c.form);
    ASSERT_EQ(again.form, c.form);
    ASSERT_EQ(again.automorphisms, c.automorphisms);
  }
}


// The "pattern" grid (r, c) -> (3 (r mod 3) + floor(r / 3) + c) mod 9 + 1, every row a cyclic shift
// of the first, often taken for the most symmetric one: 54 automorphisms (the brute force agrees).
GridCells pattern_grid() {
  GridCells g(81);
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c) g[static_cast<std::size_t>(r * 9 + c)] = (3 * (r % 3) + r / 3 + c) % 9 + 1;
  return g;
}

TEST(GridAuto, MostSymmetricNineByNine) {
  const Shape s{3, 3};
  const GridCells g = product_grid();
  ASSERT_TRUE(is_valid_grid(s, g));
  const Automorphisms a = automorphisms(s, g);
  EXPECT_EQ(a.order, 648u);
  EXPECT_EQ(a.elements.size(), a.order);
  EXPECT_TRUE(is_identity_element(a.elements.front()));
  for (const GridElement& e : a.elements) ASSERT_EQ(apply_element(s, e, g), g) << element_text(e);
  EXPECT_GE(a.generators.size(), 2u);
  EXPECT_LE(a.generators.size(), 10u);
  // Without the transposition: the subgroup of index 2 (the grid has a transposing automorphism).
  EXPECT_EQ(automorphisms(s, g, false).order, 324u);
  EXPECT_EQ(automorphisms(s, pattern_grid()).order, 54u);
}

TEST(GridAuto, RandomGridsAutomorphismsFixThem) {
  for (const Shape s : {Shape{2, 2}, Shape{2, 3}, Shape{3, 2}, Shape{2, 4}, Shape{4, 2}, Shape{3, 3}}) {
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      const GridCells x = random_grid(s, seed);
      const Automorphisms a = automorphisms(s, x);
      ASSERT_EQ(a.elements.size(), a.order);
      for (const GridElement& e : a.elements) ASSERT_EQ(apply_element(s, e, x), x) << s.str();
    }
  }
}

// 6x6 grids: random 2x3 grids, and the first `both` grids (in reading order) whose 2x3 and 3x2
// boxes all hold every digit -- those whose transpose is a 2x3 grid too.
std::vector<GridCells> all_six_by_six_sample(Shape s, int both) {
  std::vector<GridCells> out;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) out.push_back(random_grid(s, 300 + seed));
  GridCells g(36, 0);
  const Shape u{3, 2};
  int found = 0;
  auto ok = [&](int cell, int d) {
    for (int i = 0; i < cell; ++i) {
      const int r = i / 6, c = i % 6, r2 = cell / 6, c2 = cell % 6;
      if (g[static_cast<std::size_t>(i)] == d &&
          (r == r2 || c == c2 || s.box_of(r, c) == s.box_of(r2, c2) || u.box_of(r, c) == u.box_of(r2, c2)))
        return false;
    }
    return true;
  };
  auto rec = [&](auto&& self, int cell) -> void {
    if (found >= both) return;
    if (cell == 36) {
      out.push_back(g);
      ++found;
      return;
    }
    for (int d = 1; d <= 6; ++d)
      if (ok(cell, d)) {
        g[static_cast<std::size_t>(cell)] = d;
        self(self, cell + 1);
        g[static_cast<std::size_t>(cell)] = 0;
      }
  };
  rec(rec, 0);
  return out;
}

TEST(GridEquiv, TransposeForNonSquareBoxes) {
  const Shape s{2, 3}, u{3, 2};
  std::mt19937_64 rng(5);
  int both = 0;
  for (const GridCells& a : all_six_by_six_sample(s, 50)) {
    const GridCells t = transpose_grid(s, a);
    ASSERT_TRUE(is_valid_grid(u, t));  // the transpose of a 2x3 grid is a 3x2 grid
    if (!is_valid_grid(s, t)) {
      EXPECT_FALSE(equivalent_to_transpose(s, a, a));
      continue;
    }
    // t is a 2x3 grid too: an image of t is equivalent to the transpose of a.
    ++both;
    const GridCells image = apply_element(s, random_element(s, rng), t);
    EXPECT_TRUE(equivalent_to_transpose(s, image, a)) << grid_string(a);
  }
  EXPECT_GT(both, 0);
}

TEST(GridCanon, RefusesBadGrids) {
  GridCells g = product_grid();
  std::swap(g[0], g[1]);
  EXPECT_THROW(canonical_form(Shape{3, 3}, g), std::invalid_argument);
  EXPECT_THROW(canonical_form(Shape{3, 3}, GridCells(80, 1)), std::invalid_argument);
  EXPECT_THROW(canonical_form(Shape{4, 4}, GridCells(256, 1)), std::invalid_argument);
}

// Published minlex forms (docs/grid-tools.md, "Convention"): the smallest and the largest
// minlex grids, posted on the Sudoku Players' Forum (Red Ed, 28 January 2007; the largest "72-way
// automorphic"), are their own forms; and the solution of SudokuWiki's "tough" example with the
// minlex form its Min-Lex feature prints (sudokuwiki.org/Sudoku_Min_Lex).
GridCells cells_of(const std::string& text) {
  GridCells g;
  for (char ch : text) g.push_back(ch - '0');
  return g;
}

TEST(GridCanon, PublishedMinlexForms) {
  const Shape s{3, 3};
  const std::string smallest = "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
  const std::string largest = "123456789457893612986217354274538196531964827698721435342685971715349268869172543";
  EXPECT_EQ(grid_string(canonical_form(s, cells_of(smallest)).form), smallest);
  const CanonResult big = canonical_form(s, cells_of(largest));
  EXPECT_EQ(grid_string(big.form), largest);
  EXPECT_EQ(big.automorphisms, 72u);
  EXPECT_EQ(grid_string(canonical_form(s, cells_of("36921847521574986348763591275486123963192475892835764117348259654219638"
                                                   "7896573124")).form),
            "123456789457189236698273541261947853745831692839625417384792165512368974976514328");
}
