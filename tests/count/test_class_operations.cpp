// The four operations that merge catalogue entries into classes (docs/design.md section 2, step 4)
// leave the number of completions unchanged. Checked against brute-force enumeration of the
// completions (tests/brute.hpp) on every canonical band of the small shapes, and then that the
// re-normalised image of an entry lands in the entry's own catalogue class.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <random>

#include "brute.hpp"
#include "gridenum/count/stack/catalogue.hpp"
#include "param_names.hpp"

using namespace gridenum;

namespace {

struct Fixture {
  Shape s;
  Catalogue cat;
  // Keyed by the band's bytes as a string (std::map<std::vector<uint8_t>> trips GCC 12's false
  // -Wstringop-overread in the inlined vector <=>).
  std::map<std::string, std::uint32_t> class_of;
  static std::string key(const Band& b) { return std::string(b.begin(), b.end()); }
  explicit Fixture(Shape sh) : s(sh), cat(build_catalogue(sh)) {
    for (std::size_t i = 0; i < cat.entry_bands.size(); ++i) class_of[key(cat.entry_bands[i])] = cat.entry_class[i];
  }
  // Back to a catalogue entry: relabel B1 to canonical, then normalise.
  Band renormalise(const Band& b) const { return normalise(s, testref::canonical_b1(s, b)); }
  void expect_same(const Band& before, const Band& after, const char* op) const {
    ASSERT_TRUE(is_valid_band(s, after)) << op;
    EXPECT_EQ(testref::brute_completions(s, before), testref::brute_completions(s, after)) << op;
    const Band e1 = renormalise(before), e2 = renormalise(after);
    ASSERT_TRUE(class_of.count(key(e1)) && class_of.count(key(e2))) << op;
    EXPECT_EQ(class_of.at(key(e1)), class_of.at(key(e2))) << op << ": image left the class";
  }
};

class Operations : public ::testing::TestWithParam<const char*> {};

TEST_P(Operations, RelabellingKeepsCompletions) {
  Fixture f(*Shape::parse(GetParam()));
  std::mt19937 rng(1);
  for (const Band& b : f.cat.entry_bands) {
    auto p = testref::random_perm(f.s.n(), rng);
    for (auto& d : p) ++d;
    f.expect_same(b, testref::relabel(f.s, b, p), "relabel");
  }
}

TEST_P(Operations, ColumnPermutationInsideABoxKeepsCompletions) {
  Fixture f(*Shape::parse(GetParam()));
  std::mt19937 rng(2);
  for (const Band& b : f.cat.entry_bands)
    for (int k = 0; k < f.s.rows; ++k)
      f.expect_same(b, testref::permute_columns(f.s, b, k, testref::random_perm(f.s.cols, rng)), "columns");
}

TEST_P(Operations, BoxPermutationKeepsCompletions) {
  Fixture f(*Shape::parse(GetParam()));
  std::mt19937 rng(3);
  for (const Band& b : f.cat.entry_bands)
    f.expect_same(b, testref::permute_boxes(f.s, b, testref::random_perm(f.s.rows, rng)), "boxes");
}

TEST_P(Operations, CellSwapInsideColumnsKeepsCompletions) {
  Fixture f(*Shape::parse(GetParam()));
  std::mt19937 rng(4);
  int swaps = 0;
  for (const Band& b : f.cat.entry_bands) {
    Band out;
    if (!testref::find_cell_swap(f.s, b, rng, out)) continue;
    ++swaps;
    f.expect_same(b, out, "cell swap");
  }
  EXPECT_GT(swaps, 0) << "no band of this shape admits a cell swap: the test checked nothing";
}

INSTANTIATE_TEST_SUITE_P(Shapes, Operations, ::testing::Values("2x2", "2x3", "3x2"),
                         gridenum::testing::shape_param_name);

}  // namespace
