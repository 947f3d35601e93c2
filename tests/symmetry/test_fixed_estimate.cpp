// The cell-search estimate of f(g) (src/symmetry/fixed_cell_estimate.cpp):
//  - unbiased, shown by walking the whole sampling tree of every class of 2x2 and 2x3 boxes: the
//    sum over every path of probability x weight is the cell-search count, exactly;
//  - reproducible: the same figures, bit for bit, on one thread and two;
//  - on 3x3 classes the estimate lies within a few standard errors of the count, and far from a
//    count 10 % off (the check has power); a class that fixes nothing is estimated 0 exactly;
//  - misuse is refused.
#include <gtest/gtest.h>

#include <cmath>

#include "gridenum/symmetry/fixed_estimate.hpp"
#include "gridenum/symmetry/fixed_grids.hpp"
#include "tree_walk.hpp"

using namespace gridenum;
using test_support::Fraction;
using test_support::TreeWalk;

namespace {

u128 cell_search_count(Shape s, const GeometricSymmetry& g) {
  FixedOptions o;
  o.method = FixedMethod::CellSearch;
  return count_fixed_grids(s, g, o).grids;
}

}  // namespace

TEST(FixedEstimate, EveryPathWalkedGivesTheCountExactlyOnTheSmallShapes) {
  for (Shape s : {Shape{2, 2}, Shape{2, 3}}) {
    const SymmetryGroup grp = build_symmetry_group(s, s.rows == s.cols);
    std::size_t fixing = 0;
    for (std::size_t i = 1; i < grp.classes.size(); ++i) {  // the identity's f is the count's (fixed_grids.hpp)
      FixedPathSampler sampler(s, grp.classes[i].rep);
      TreeWalk walk;
      Fraction mean = 0, total_probability = 0;
      do {
        walk.start();
        const long double w = sampler.sample(walk);
        const auto wi = static_cast<std::uint64_t>(w);
        ASSERT_EQ(static_cast<long double>(wi), w);  // a product of child counts, an integer
        total_probability += walk.probability();
        mean += walk.probability() * Fraction(wi);
      } while (walk.advance());
      EXPECT_EQ(total_probability, Fraction(1)) << s.str() << " class " << i + 1;
      const u128 f = cell_search_count(s, grp.classes[i].rep);
      EXPECT_EQ(mean, Fraction(to_big(f))) << s.str() << " class " << i + 1 << " " << grp.classes[i].text;
      fixing += f > 0;
    }
    EXPECT_GT(fixing, 3u) << s.str();  // the walk met classes with grids, not only empty trees
  }
}

TEST(FixedEstimate, SameFiguresOnOneThreadAndTwo) {
  const Shape s{3, 3};
  const SymmetryGroup grp = build_symmetry_group(s, true);
  FixedEstimateOptions o;
  o.samples = 4000;
  o.strata = 1;  // the first branching's states: a few strata, most of the tree sampled
  o.seed = 7;
  o.threads = 1;
  const FixedEstimate one = estimate_fixed_grids(s, grp.classes[1].rep, o);
  o.threads = 2;
  const FixedEstimate two = estimate_fixed_grids(s, grp.classes[1].rep, o);
  EXPECT_EQ(one.mean, two.mean);
  EXPECT_EQ(one.se, two.se);
  EXPECT_EQ(one.samples, two.samples);
  EXPECT_EQ(one.strata, two.strata);
  EXPECT_GE(one.strata, 1u);
  EXPECT_GT(one.se, 0);
  EXPECT_GT(one.mean, 0);
  o.seed = 8;  // another seed, other paths
  EXPECT_NE(estimate_fixed_grids(s, grp.classes[1].rep, o).mean, one.mean);
}

TEST(FixedEstimate, LiesWithinAFewStandardErrorsOfTheCountOn3x3) {
  const Shape s{3, 3};
  const SymmetryGroup grp = build_symmetry_group(s, true);
  FixedEstimateOptions o;
  o.samples = 20000;
  o.strata = 1;
  o.threads = 2;
  std::size_t sampled = 0;
  for (std::size_t i = 1; i <= 12; ++i) {  // classes 2..13: f from 0 to 2,592 (cell search, ms each)
    const GeometricSymmetry& g = grp.classes[i].rep;
    const u128 f = cell_search_count(s, g);
    const FixedEstimate e = estimate_fixed_grids(s, g, o);
    if (f == 0) {
      EXPECT_EQ(e.mean, 0) << "class " << i + 1;  // a tree without leaves: every path is 0
      EXPECT_EQ(e.se, 0) << "class " << i + 1;
      continue;
    }
    const auto fl = static_cast<long double>(f);
    // Fixed seed: the same numbers every run, so this is not a flaky statistical test.
    EXPECT_LT(std::abs(fixed_estimate_z(e, fl)), kFixedEstimateZLimit) << "class " << i + 1 << " f " << to_string(f);
    EXPECT_GT(std::abs(fixed_estimate_z(e, fl * 1.1L)), kFixedEstimateZLimit) << "class " << i + 1;
    if (e.se == 0) {  // every stratum's paths all alike (class 4: each of its 288 grids a stratum)
      EXPECT_EQ(e.mean, fl) << "class " << i + 1;
    } else {
      ++sampled;
    }
  }
  EXPECT_GE(sampled, 1u);  // class 2 (162 grids) at least
}

// The look-ahead (CellSearch::viable) where it matters: 3x4 class 2338 fixes half the cells, and a
// relabelling drawn early that fixes the wrong digits used to die many cells later, so that 1e7
// paths met no grid. Its f, 894,222,498,948,710,400, is the 3x4 symmetry job's (band keeps,
// results/3x4); with the look-ahead about 20,000 paths (one second) land within 4 se of it with a
// relative error under 5 %, most paths reach a grid, and a value 10 % off is rejected.
TEST(FixedEstimate, TheLookAheadKeepsPathsAliveWhereGFixesCells) {
  const Shape s{3, 4};
  const SymmetryGroup grp = build_symmetry_group(s, false);
  ASSERT_EQ(grp.classes.size(), 3315u);
  const GeometricSymmetry& g = grp.classes[2337].rep;
  FixedEstimateOptions o;
  o.samples = 20000;
  o.threads = 2;
  const FixedEstimate e = estimate_fixed_grids(s, g, o);
  const long double f = 894222498948710400.0L;
  EXPECT_LT(std::abs(fixed_estimate_z(e, f)), kFixedEstimateZLimit) << static_cast<double>(e.mean);
  EXPECT_LT(1.96L * e.se, 0.05L * e.mean);
  EXPECT_LT(e.dead_ends, e.samples / 2);
  EXPECT_GT(std::abs(fixed_estimate_z(e, f * 1.1L)), kFixedEstimateZLimit);
}

// With strata enough to hold the whole tree above its leaves, the estimate is the count itself,
// with no error (class 4 of 3x3: 288 grids).
TEST(FixedEstimate, IsExactWhenTheStrataHoldTheWholeTree) {
  const Shape s{3, 3};
  const SymmetryGroup grp = build_symmetry_group(s, true);
  const GeometricSymmetry& g = grp.classes[3].rep;
  FixedEstimateOptions o;
  o.samples = 1000;
  o.strata = 1u << 20;
  const FixedEstimate e = estimate_fixed_grids(s, g, o);
  EXPECT_EQ(e.mean, static_cast<long double>(cell_search_count(s, g)));
  EXPECT_EQ(e.se, 0);
}

TEST(FixedEstimate, RefusesMisuse) {
  FixedEstimateOptions o;
  o.samples = 1;
  EXPECT_TRUE(fixed_estimate_error(Shape{3, 3}, o));
  o.samples = 10;
  o.strata = 0;
  EXPECT_TRUE(fixed_estimate_error(Shape{3, 3}, o));
  o.strata = 4;
  EXPECT_FALSE(fixed_estimate_error(Shape{3, 3}, o));
  EXPECT_TRUE(fixed_estimate_error(Shape{4, 4}, o));
  const SymmetryGroup grp = build_symmetry_group(Shape{3, 3}, true);
  const GeometricSymmetry& id = grp.classes[0].rep;
  o.samples = 1;
  EXPECT_THROW(estimate_fixed_grids(Shape{3, 3}, id, o), std::invalid_argument);
  EXPECT_EQ(fixed_estimate_z(FixedEstimate{}, 0), 0.0);
  EXPECT_TRUE(std::isinf(fixed_estimate_z(FixedEstimate{}, 5)));
}
