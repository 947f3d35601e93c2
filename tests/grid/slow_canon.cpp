// The grid tools' checks that take seconds (tests/grid/test_canon.cpp has the fast ones):
//  - 8x8 and 9x9 forms against the plain minimum over the whole geometric group (walked, not
//    listed), and for 10x10 and 12x12 no image under 20,000 random elements below the form;
//  - 9x9 automorphism orders against a brute force over all 3,359,232 geometric symmetries (each
//    image checked to be a relabelling of the grid): the pattern grid, its variants and random
//    grids;
//  - 6x6: the 39,168 grids with box 1 reading 1..6 (one per relabelling class): their distinct
//    forms are the essentially different grids, and Burnside (sum of |Aut| / |G_geo| over them)
//    gives the same number, both equal to `gridenum symmetry --shape 2x3`'s (the library call);
//  - invariance under random elements on more 12x12 grids of every 12x12 shape.
#include <gtest/gtest.h>

#include <array>
#include <set>

#include "grid_checks.hpp"
#include "gridenum/symmetry/burnside.hpp"

using namespace gridenum;
using namespace gridenum::testing;

namespace {

// How many geometric symmetries map x onto a relabelling of itself (= |Aut(x)|: the relabelling
// of each is forced).
std::uint64_t brute_automorphisms(Shape s, const GridCells& x, bool transposition) {
  std::vector<Perm> rows, cols;
  for_each_wreath_element(s.rows, s.cols, [&](const Perm& p) { rows.push_back(p); });
  for_each_wreath_element(s.cols, s.rows, [&](const Perm& p) { cols.push_back(p); });
  const int n = s.n();
  std::uint64_t count = 0;
  for (int t = 0; t < (transposition && s.rows == s.cols ? 2 : 1); ++t)
    for (const Perm& a : rows)
      for (const Perm& b : cols) {
        // Image Y(a[r], b[c]) = X'(r, c): a relabelling of X when Y(i) = pi(X(i)) for one pi.
        std::array<int, 16> pi;
        pi.fill(0);
        bool ok = true;
        for (int r = 0; r < n && ok; ++r)
          for (int c = 0; c < n && ok; ++c) {
            const int v = t ? x[static_cast<std::size_t>(c * n + r)] : x[static_cast<std::size_t>(r * n + c)];
            const int w = x[static_cast<std::size_t>(a[static_cast<std::size_t>(r)] * n + b[static_cast<std::size_t>(c)])];
            int& p = pi[static_cast<std::size_t>(v)];
            if (p == 0) p = w;
            else ok = p == w;
          }
        if (ok) ++count;
      }
  return count;
}

GridCells pattern(int shift_a, int shift_b) {
  GridCells g(81);
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c) g[static_cast<std::size_t>(r * 9 + c)] = (shift_a * (r % 3) + shift_b * (r / 3) + c) % 9 + 1;
  return g;
}


// The plain minimum over the whole geometric group without listing it: every (rows, columns,
// orientation), the image relabelled by first appearance cell by cell in reading order and
// compared with the smallest so far as it is made (stopping at the first larger cell).
GridCells brute_form(Shape s, const GridCells& x, bool transposition) {
  std::vector<Perm> rows, cols;
  for_each_wreath_element(s.rows, s.cols, [&](const Perm& p) { rows.push_back(inverse(p)); });
  for_each_wreath_element(s.cols, s.rows, [&](const Perm& p) { cols.push_back(inverse(p)); });
  const int n = s.n();
  GridCells best;
  GridCells y(x.size());
  for (int t = 0; t < (transposition && s.rows == s.cols ? 2 : 1); ++t)
    for (const Perm& a : rows)
      for (const Perm& b : cols) {
        // Y(i, j) = X'(a^-1(i), b^-1(j)), relabelled as read.
        std::array<int, 16> label{};
        int next = 0;
        int cmp = best.empty() ? -1 : 0;
        for (int i = 0; i < n && cmp <= 0; ++i)
          for (int j = 0; j < n && cmp <= 0; ++j) {
            const int r = a[static_cast<std::size_t>(i)], c = b[static_cast<std::size_t>(j)];
            const int v = t ? x[static_cast<std::size_t>(c * n + r)] : x[static_cast<std::size_t>(r * n + c)];
            int& l = label[static_cast<std::size_t>(v)];
            if (l == 0) l = ++next;
            y[static_cast<std::size_t>(i * n + j)] = l;
            if (cmp == 0 && l != best[static_cast<std::size_t>(i * n + j)]) cmp = l < best[static_cast<std::size_t>(i * n + j)] ? -1 : 1;
          }
        if (cmp < 0) best = y;
      }
  return best;
}

}  // namespace

// The form against the plain minimum over the whole group where the group can be walked: 8x8
// (442,368 geometric symmetries) and 9x9 (3,359,232, with and without the transposition).
TEST(GridSlow, FormIsThePlainMinimumEightAndNine) {
  for (const Shape s : {Shape{2, 4}, Shape{4, 2}, Shape{3, 3}})
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const GridCells x = random_grid(s, 900 + seed);
      for (bool t : {true, false}) {
        if (!t && s.rows != s.cols) continue;
        CanonOptions opt;
        opt.transposition = t;
        EXPECT_EQ(canonical_form(s, x, opt).form, brute_form(s, x, t)) << s.str() << " " << grid_string(x) << " t=" << t;
      }
    }
  // The most symmetric grid too (many elements reach its minimum).
  EXPECT_EQ(canonical_form(Shape{3, 3}, product_grid()).form, brute_form(Shape{3, 3}, product_grid(), true));
}

// 10x10 and 12x12, where the group is too large to walk: no image under 20,000 random elements is
// smaller than the form (a missed branch of the search would show as a smaller image).
TEST(GridSlow, NoRandomImageBelowTheFormTenAndTwelve) {
  std::mt19937_64 rng(1010);
  for (const Shape s : {Shape{2, 5}, Shape{5, 2}, Shape{3, 4}, Shape{4, 3}, Shape{2, 6}, Shape{6, 2}}) {
    const GridCells x = random_grid(s, 77);
    const GridCells form = canonical_form(s, x).form;
    for (int k = 0; k < 20000; ++k) {
      GridElement g = random_element(s, rng);
      const GridCells image = relabel_first_appearance(apply_element(s, g, x));
      ASSERT_GE(image, form) << s.str() << " " << grid_string(x);
    }
  }
}

TEST(GridSlow, NineByNineAutomorphismsAgainstBruteForce) {
  const Shape s{3, 3};
  std::vector<GridCells> grids{pattern(3, 1), product_grid()};
  for (std::uint64_t seed = 1; seed <= 3; ++seed) grids.push_back(random_grid(s, seed));
  for (const GridCells& g : grids) {
    ASSERT_TRUE(is_valid_grid(s, g));
    for (bool t : {true, false}) {
      CanonOptions opt;
      opt.transposition = t;
      EXPECT_EQ(canonical_form(s, g, opt).automorphisms, brute_automorphisms(s, g, t)) << grid_string(g) << " t=" << t;
    }
  }
}

TEST(GridSlow, TwelveByTwelveInvariance) {
  std::mt19937_64 rng(1212);
  for (const Shape s : {Shape{3, 4}, Shape{4, 3}, Shape{2, 6}, Shape{6, 2}})
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      const GridCells x = random_grid(s, 500 + seed);
      const CanonResult c = canonical_form(s, x);
      ASSERT_EQ(apply_element(s, c.to_form, x), c.form);
      for (int k = 0; k < 3; ++k) {
        const GridCells y = apply_element(s, random_element(s, rng), x);
        const CanonResult d = canonical_form(s, y);
        ASSERT_EQ(d.form, c.form) << s.str() << " " << grid_string(x);
        ASSERT_EQ(d.automorphisms, c.automorphisms) << s.str();
      }
      const Automorphisms a = automorphisms(s, x);
      for (const GridElement& e : a.elements) ASSERT_EQ(apply_element(s, e, x), x) << s.str();
    }
}

TEST(GridSlow, SixBySixEssentiallyDifferent) {
  for (const Shape s : {Shape{2, 3}, Shape{3, 2}}) {
    const auto grids = all_grids(s, true);
    ASSERT_EQ(grids.size(), 39168u);
    std::set<GridCells> forms;
    std::uint64_t aut_sum = 0;
    for (const GridCells& x : grids) {
      const CanonResult c = canonical_form(s, x);
      forms.insert(c.form);
      aut_sum += c.automorphisms;
    }
    const std::uint64_t order = geometric_order(s, false);
    ASSERT_EQ(aut_sum % order, 0u);
    EXPECT_EQ(aut_sum / order, forms.size());
    BurnsideOptions bo;
    bo.shape = s;
    bo.threads = 1;
    EXPECT_EQ(BigInt(forms.size()), run_burnside(bo).essentially_different) << s.str();
  }
}
