// The band-pair method (count/band_pair/band_pair.hpp), fast checks:
//  - every class's n_alpha and the total of 2x3 and 3x3 equal to the stack method's (partition
//    kernel: B4/B7 stack fillings, no code shared with band pairs), with 1, 3 and every chain
//    as slices per class;
//  - the plan: ids, classes and slices, the default and the clamp to a box's chains;
//  - the reduction: a class whose units do not add up to a multiple of L_stack is refused;
//  - the shapes it takes.
#include <gtest/gtest.h>

#include "gridenum/core/errors.hpp"
#include "gridenum/count/band_pair/band_pair.hpp"
#include "gridenum/count/stack/count.hpp"

using namespace gridenum;

namespace {

TEST(BandPair, EveryClassAgreesWithTheStackMethod) {
  for (Shape s : {Shape{2, 3}, Shape{3, 3}}) {
    SCOPED_TRACE(s.str());
    CountOptions so;
    so.shape = s;
    so.threads = 2;
    const CountResult stack = run_count(so);
    const Catalogue cat = build_catalogue(s);
    const ThreeBandCounter counter(s, 2);
    for (std::uint32_t slices : {1u, 3u, band_pair_box_chains(s)}) {
      SCOPED_TRACE(slices);
      BandPairOptions bo;
      bo.shape = s;
      bo.threads = 2;
      bo.slices_per_class = slices;
      bo.catalogue = &cat;
      bo.counter = &counter;
      const CountResult bp = run_band_pair_count(bo);
      EXPECT_EQ(bp.method, MethodId::BandPair);
      EXPECT_EQ(bp.units, cat.classes.size() * slices);
      ASSERT_EQ(bp.reduction.n.size(), stack.reduction.n.size());
      for (std::size_t a = 0; a < bp.reduction.n.size(); ++a) {
        EXPECT_EQ(bp.reduction.n[a], stack.reduction.n[a]) << "class " << a + 1;
        EXPECT_TRUE(bp.reduction.n_star[a] == stack.reduction.n_star[a]) << "class " << a + 1;
      }
      EXPECT_EQ(bp.reduction.total, stack.reduction.total);
      // The units' counts add up to each class's n (not n*).
      std::vector<BigInt> sums(cat.classes.size(), 0);
      for (std::size_t u = 0; u < bp.unit_counts.size(); ++u) sums[u / slices] += to_big(bp.unit_counts[u]);
      for (std::size_t a = 0; a < sums.size(); ++a) EXPECT_EQ(sums[a], bp.reduction.n[a]) << "class " << a + 1;
    }
  }
  // Built on its own (catalogue and tables side by side), the published 9x9 total.
  BandPairOptions bo;
  bo.threads = 2;
  const CountResult nine = run_band_pair_count(bo);
  EXPECT_EQ(nine.reduction.total, BigInt("6670903752021072936960"));
  EXPECT_EQ(nine.units, 44u);
  EXPECT_EQ(nine.band_pairs.partitions, 280u);
  EXPECT_EQ(nine.band_pairs.box1_chains, 56u);
}

TEST(BandPair, PlanIdsClassesAndSlices) {
  const Catalogue cat = build_catalogue(Shape{3, 3});
  const Plan one = make_band_pair_plan(cat, 0);
  EXPECT_EQ(one.slices_per_class, kBandPairSlices);
  const Plan p = make_band_pair_plan(cat, 5);
  ASSERT_EQ(p.units.size(), 44u * 5);
  for (std::size_t i = 0; i < p.units.size(); ++i) {
    EXPECT_EQ(p.units[i].id, i);
    EXPECT_EQ(p.units[i].cls, i / 5);
    EXPECT_EQ(p.units[i].begin, i % 5);
    EXPECT_EQ(p.units[i].end, i % 5 + 1);
  }
  EXPECT_EQ(make_band_pair_plan(cat, 1000).slices_per_class, 56u);  // a box's chains at most
  EXPECT_EQ(band_pair_box_chains(Shape{2, 3}), 10u);
  EXPECT_EQ(band_pair_box_chains(Shape{3, 3}), 56u);
}

TEST(BandPair, ReductionRefusesAClassThatIsNotAMultipleOfLStack) {
  const Shape s{2, 3};
  const Catalogue cat = build_catalogue(s);
  const ThreeBandCounter counter(s, 1);
  const Plan plan = make_band_pair_plan(cat, 2);
  std::vector<u128> counts;
  for (const WorkUnit& u : plan.units) counts.push_back(band_pair_unit_count(counter, cat, plan, u));
  EXPECT_NO_THROW(reduce_completions(cat, plan, counts));
  counts[1] += 1;  // class 1's second slice, one off
  try {
    reduce_completions(cat, plan, counts);
    ADD_FAILURE() << "a count one off was reduced";
  } catch (const CheckError& e) {
    EXPECT_NE(std::string(e.what()).find("class 1 has"), std::string::npos) << e.what();
  }
  WorkUnit stray = plan.units[0];
  stray.begin = 2;  // a slice past the plan's
  EXPECT_THROW(band_pair_unit_count(counter, cat, plan, stray), std::invalid_argument);
}

TEST(BandPair, TakesTwoByThreeAndThreeByThreeOnly) {
  EXPECT_FALSE(band_pair_shape_error(Shape{2, 3}));
  EXPECT_FALSE(band_pair_shape_error(Shape{3, 3}));
  for (Shape s : {Shape{2, 2}, Shape{3, 2}, Shape{2, 4}, Shape{4, 2}, Shape{4, 3}}) EXPECT_TRUE(band_pair_shape_error(s)) << s.str();
}

}  // namespace
