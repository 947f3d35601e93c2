// The geometric group and its conjugacy classes (symmetry/symmetry_group.hpp):
//  - orders and class counts: 9x9 has 3,359,232 geometric symmetries in 275 classes (Russell and
//    Jarvis 2006), 22 classes of S_3 wr S_3;
//  - class sizes by listing the group: every element of the 4x4 and 6x6 groups (and of the wreath
//    products of 9x9 and 8x8) sorted into its class by class_index; the counts must equal the
//    sizes from the centraliser formula;
//  - classes are what conjugation keeps: h g h^-1 lands in g's class for random g, h;
//  - the action: composition agrees with the cell permutations; representatives are in the group
//    and in their own class; the group refuses transposition for R != C.
#include <gtest/gtest.h>

#include <random>

#include "gridenum/symmetry/symmetry_group.hpp"
#include "random_wreath.hpp"

using namespace gridenum;

namespace {

// Every element of the group, untransposed first.
template <class F>
void for_each_element(const SymmetryGroup& grp, F&& visit) {
  const Shape s = grp.shape;
  std::vector<Perm> rows, cols;
  for_each_wreath_element(s.rows, s.cols, [&](const Perm& p) { rows.push_back(p); });
  for_each_wreath_element(s.cols, s.rows, [&](const Perm& p) { cols.push_back(p); });
  for (int t = 0; t < (grp.transposition ? 2 : 1); ++t)
    for (const auto& a : rows)
      for (const auto& b : cols) visit(GeometricSymmetry{a, b, t == 1});
}

GeometricSymmetry random_element(const SymmetryGroup& grp, std::mt19937& rng) {
  const Shape s = grp.shape;
  auto wreath = [&](int m, int k) { return test_support::random_wreath(m, k, rng); };
  return GeometricSymmetry{wreath(s.rows, s.cols), wreath(s.cols, s.rows), grp.transposition && (rng() & 1)};
}

// g^(order - 1).
GeometricSymmetry inverse_of(Shape s, const GeometricSymmetry& g) {
  const int e = element_order(s, g);
  GeometricSymmetry x = g;
  for (int k = 2; k < e; ++k) x = compose(s, g, x);
  return x;
}

void check_sizes_by_listing(Shape s, bool transposition) {
  const SymmetryGroup grp = build_symmetry_group(s, transposition);
  std::vector<std::uint64_t> met(grp.classes.size(), 0);
  std::uint64_t elements = 0;
  for_each_element(grp, [&](const GeometricSymmetry& g) {
    ++elements;
    ++met[class_index(grp, g)];
  });
  EXPECT_EQ(elements, grp.order);
  for (std::size_t i = 0; i < grp.classes.size(); ++i)
    EXPECT_EQ(met[i], grp.classes[i].size) << s.str() << " class " << i + 1 << " " << grp.classes[i].text;
}

}  // namespace

TEST(SymmetryGroup, OrdersAndClassCounts) {
  const auto g9 = build_symmetry_group({3, 3}, true);
  EXPECT_EQ(g9.order, 3359232u);
  EXPECT_EQ(g9.classes.size(), 275u);
  EXPECT_EQ(g9.row_classes.size(), 22u);
  const auto g9n = build_symmetry_group({3, 3}, false);
  EXPECT_EQ(g9n.order, 1679616u);
  EXPECT_EQ(g9n.classes.size(), 22u * 22u);
  const auto g25 = build_symmetry_group({2, 5}, false);
  EXPECT_EQ(g25.row_order, 3840u);   // 2^5 * 5!
  EXPECT_EQ(g25.col_order, 28800u);  // 5!^2 * 2
  for (const auto* g : {&g9, &g9n, &g25}) {
    std::uint64_t sum = 0;
    for (const auto& c : g->classes) sum += c.size;
    EXPECT_EQ(sum, g->order);
    EXPECT_TRUE(g->classes[0].rep.is_identity());
    EXPECT_EQ(g->classes[0].size, 1u);
    EXPECT_EQ(g->classes[0].text, "identity");
  }
}

TEST(SymmetryGroup, ClassSizesByListingTheGroup) {
  check_sizes_by_listing({2, 2}, true);
  check_sizes_by_listing({2, 2}, false);
  check_sizes_by_listing({2, 3}, false);
  check_sizes_by_listing({3, 2}, false);
}

TEST(SymmetryGroup, WreathClassSizesByListing) {
  // S_3 wr S_3 (9x9 rows), S_2 wr S_4 and S_4 wr S_2 (8x8), S_2 wr S_5 and S_5 wr S_2 (10x10).
  for (const auto& mk : {std::pair{3, 3}, {2, 4}, {4, 2}, {2, 5}, {5, 2}}) {
    const int m = mk.first, k = mk.second;  // plain variables: clang 14 cannot capture bindings
    const auto classes = wreath_classes(m, k, "band", "rows");
    std::vector<std::uint64_t> met(classes.size(), 0);
    for_each_wreath_element(m, k, [&](const Perm& p) {
      ASSERT_TRUE(in_wreath(m, k, p));
      const WreathKey key = wreath_key(m, k, p);
      std::size_t i = 0;
      while (i < classes.size() && classes[i].key != key) ++i;
      ASSERT_LT(i, classes.size());
      ++met[i];
    });
    for (std::size_t i = 0; i < classes.size(); ++i) EXPECT_EQ(met[i], classes[i].size) << m << "x" << k << " " << classes[i].text;
  }
}

TEST(SymmetryGroup, ConjugationKeepsTheClass) {
  std::mt19937 rng(16);
  for (Shape s : {Shape{3, 3}, Shape{2, 4}, Shape{2, 5}}) {
    const bool t = s.rows == s.cols;
    const SymmetryGroup grp = build_symmetry_group(s, t);
    for (std::size_t i = 0; i < grp.classes.size(); ++i) EXPECT_EQ(class_index(grp, grp.classes[i].rep), i);
    for (int trial = 0; trial < 300; ++trial) {
      const GeometricSymmetry g = random_element(grp, rng), h = random_element(grp, rng);
      ASSERT_TRUE(in_group(s, g));
      const GeometricSymmetry c = compose(s, h, compose(s, g, inverse_of(s, h)));
      EXPECT_TRUE(compose(s, h, inverse_of(s, h)).is_identity());
      EXPECT_EQ(class_index(grp, c), class_index(grp, g)) << s.str();
    }
  }
}

TEST(SymmetryGroup, CompositionIsTheCellAction) {
  std::mt19937 rng(3);
  for (Shape s : {Shape{3, 3}, Shape{2, 3}}) {
    const SymmetryGroup grp = build_symmetry_group(s, s.rows == s.cols);
    for (int trial = 0; trial < 100; ++trial) {
      const GeometricSymmetry a = random_element(grp, rng), b = random_element(grp, rng);
      EXPECT_EQ(cell_permutation(s, compose(s, a, b)), compose(cell_permutation(s, a), cell_permutation(s, b)));
      // The transposed view acts on the transposed grid the same way.
      const Shape ts{s.cols, s.rows};
      if (!a.transpose) {
        const Perm pa = cell_permutation(s, a), pt = cell_permutation(ts, transposed_view(a));
        const int n = s.n();
        for (int r = 0; r < n; ++r)
          for (int c = 0; c < n; ++c) {
            const int img = pa[static_cast<std::size_t>(r * n + c)];
            EXPECT_EQ(pt[static_cast<std::size_t>(c * n + r)], (img % n) * n + img / n);
          }
      }
    }
  }
}

TEST(SymmetryGroup, Refusals) {
  EXPECT_THROW(build_symmetry_group({2, 3}, true), std::invalid_argument);
  EXPECT_THROW(build_symmetry_group({1, 4}, false), std::invalid_argument);
  const SymmetryGroup grp = build_symmetry_group({2, 2}, false);
  GeometricSymmetry t{identity_perm(4), identity_perm(4), true};
  EXPECT_THROW(class_index(grp, t), std::invalid_argument);  // transposition not in this group
  GeometricSymmetry bad{Perm{0, 2, 1, 3}, identity_perm(4), false};  // splits a band
  EXPECT_FALSE(in_group({2, 2}, bad));
  EXPECT_THROW(class_index(grp, bad), std::invalid_argument);
}
