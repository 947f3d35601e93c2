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

#include <array>
#include <map>
#include <set>
#include <tuple>

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

// A 9x9 grid fixed by g = (geo, digits), by a randomised depth-first fill in which a cell's digit
// sets its whole orbit under g (cell c -> cell_image(c), digit d -> digits[d]); empty when none
// is found within `nodes` steps. Used for grids with automorphisms of every small order.
GridCells grid_fixed_by(const GridElement& g, std::mt19937_64& rng, int nodes) {
  const Shape s{3, 3};
  const Perm cells = cell_permutation(s, g.geo);
  GridCells x(81, 0);
  std::array<unsigned, 9> row{}, col{}, box{};
  auto can = [&](int c, int d) {
    const unsigned m = 1u << d;
    return x[static_cast<std::size_t>(c)] == 0 && !(row[static_cast<std::size_t>(c / 9)] & m) &&
           !(col[static_cast<std::size_t>(c % 9)] & m) && !(box[static_cast<std::size_t>(s.box_of(c / 9, c % 9))] & m);
  };
  auto put = [&](int c, int d, bool on) {
    const unsigned m = 1u << d;
    x[static_cast<std::size_t>(c)] = on ? d + 1 : 0;
    row[static_cast<std::size_t>(c / 9)] ^= m, col[static_cast<std::size_t>(c % 9)] ^= m;
    box[static_cast<std::size_t>(s.box_of(c / 9, c % 9))] ^= m;
  };
  int budget = nodes;
  auto fill = [&](auto&& self, int from) -> bool {
    int c = from;
    while (c < 81 && x[static_cast<std::size_t>(c)] != 0) ++c;
    if (c == 81) return true;
    if (--budget < 0) return false;
    std::array<int, 9> ds{0, 1, 2, 3, 4, 5, 6, 7, 8};
    std::shuffle(ds.begin(), ds.end(), rng);
    for (int d : ds) {
      std::vector<std::pair<int, int>> set;  // the orbit of (c, d) under g, if consistent
      int cc = c, dd = d;
      bool ok = true;
      do {
        if (!can(cc, dd)) {
          ok = false;
          break;
        }
        put(cc, dd, true);
        set.emplace_back(cc, dd);
        cc = cells[static_cast<std::size_t>(cc)];
        dd = g.digits[static_cast<std::size_t>(dd)];
      } while (cc != c);
      ok = ok && dd == d;
      if (ok && self(self, c + 1)) return true;
      for (auto [c2, d2] : set) put(c2, d2, false);
    }
    return false;
  };
  return fill(fill, 0) ? x : GridCells{};
}

// The band tables (canon_nine.cpp) against the pruned search (canon.cpp) on 9x9: the same form,
// the same |Aut|, the same set of elements reaching the form, with and without the transposition.
// Grids: random ones and their images, the canonical forms themselves, the most symmetric grid,
// and grids fixed by elements of order 2 and 3 (so |Aut| of 2, 3, 4, 6, .. and ties of many
// candidates between the top bands, which is where the tables' stabilisers matter).
TEST(GridCanon, NineByNineBandTablesAgainstTheSearch) {
  const Shape s{3, 3};
  std::mt19937_64 rng(2026);
  std::vector<GridCells> grids{product_grid()};
  for (std::uint64_t seed = 1; seed <= 60; ++seed) grids.push_back(random_grid(s, seed));
  int fixed = 0;
  for (int tries = 0; tries < 4000 && fixed < 60; ++tries) {
    // A power of prime order p of a random element h (h^(m/p), m the order of h's geometric part),
    // its digits a fixed permutation of order p or 1 (the cycle type is what matters: a grid fixed
    // by (geo, d') is a relabelling of one fixed by (geo, d) when d and d' are conjugate).
    const GridElement h = random_element(s, rng);
    std::vector<GridElement> powers{h};
    while (!powers.back().geo.is_identity() && powers.size() < 200) powers.push_back(compose_elements(s, h, powers.back()));
    const int m = static_cast<int>(powers.size());
    const int p = (m % 2 == 0 && (m % 3 != 0 || (rng() & 1))) ? 2 : 3;
    if (m % p != 0) continue;
    GridElement g = powers[static_cast<std::size_t>(m / p - 1)];
    const int cycles = static_cast<int>(rng() % (p == 2 ? 5 : 4));
    g.digits = identity_perm(9);
    for (int k = 0; k < cycles; ++k)
      for (int i = 0; i < p; ++i) g.digits[static_cast<std::size_t>(p * k + i)] = p * k + (i + 1) % p;
    const GridCells x = grid_fixed_by(g, rng, 3000);
    if (x.empty()) continue;
    ASSERT_TRUE(is_valid_grid(s, x));
    ASSERT_EQ(apply_element(s, g, x), x);
    grids.push_back(x);
    ++fixed;
  }
  EXPECT_GE(fixed, 20) << "too few grids with automorphisms found to test the ties";
  const std::size_t base = grids.size();
  for (std::size_t i = 0; i < base; ++i) grids.push_back(apply_element(s, random_element(s, rng), grids[i]));
  std::map<std::uint64_t, int> orders;
  for (const GridCells& x : grids)
    for (bool transposition : {true, false}) {
      CanonOptions fast, slow;
      fast.transposition = slow.transposition = transposition;
      fast.keep_maps = slow.keep_maps = true;
      slow.band_tables = false;
      const CanonResult a = canonical_form(s, x, fast), b = canonical_form(s, x, slow);
      ASSERT_EQ(grid_string(a.form), grid_string(b.form)) << grid_string(x);
      ASSERT_EQ(a.automorphisms, b.automorphisms) << grid_string(x);
      ASSERT_EQ(a.maps.size(), a.automorphisms);
      ASSERT_EQ(apply_element(s, a.to_form, x), a.form);
      auto key = [](const GridElement& e) { return std::make_tuple(e.geo.transpose, e.geo.rows, e.geo.cols, e.digits); };
      std::set<decltype(key(a.to_form))> ka, kb;
      for (const GridElement& e : a.maps) ka.insert(key(e));
      for (const GridElement& e : b.maps) kb.insert(key(e));
      ASSERT_EQ(ka.size(), a.maps.size());
      ASSERT_EQ(ka, kb) << grid_string(x);
      if (transposition) ++orders[a.automorphisms];
    }
  // The fixed grids brought groups beyond the trivial one and the 648 of the product grid.
  // (seeded: 1, 2, 3, 6, 18, 27, 54, 108 and 648 at the time of writing).
  EXPECT_GE(orders.size(), 6u);
}
