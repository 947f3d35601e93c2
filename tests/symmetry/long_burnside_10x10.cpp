// 10x10 (2x5 boxes): three band-swapping classes' fixed counts by listing the top-band
// signatures they fix (the method: slow_burnside_10x10.cpp), against the signature kernel of the
// whole Burnside run: the stack swap alone, with two band swaps, and with two band swaps and the
// rows of band 5 (2M to 33M signatures per relabelling type). Label long: about two minutes of
// listing on top of the run and the F table, which it counts itself (the slow test lists the
// first class only, with the fixture's F table). And the 12-digit edge sets on every class the run
// counts by signatures (the slow test takes every fourth).
#include <gtest/gtest.h>

#include "burnside_10x10.hpp"

using namespace gridenum;
using namespace gridenum::test_support;

TEST(Burnside10x10Long, BandSwappingClassesByListingTheirSignatures) {
  const FTable table;
  for (const std::string text : {"stacks (1 2)", "bands (1 2); bands (3 4); stacks (1 2)",
                                 "bands (1 2); bands (3 4); band 5: rows (1 2); stacks (1 2)"})
    expect_listing_agrees(table, text);
}

// The wide edge sets on every class the run counts by signatures (the slow tier takes every
// fourth: SlowBurnside10x10.WideEdgeSetsGiveTheRunsCounts).
TEST(Burnside10x10Long, WideEdgeSetsGiveTheRunsCountsOnEveryClass) { EXPECT_GT(expect_wide_edges_agree(1), 60u); }

// Two band-keeping and band-swapping classes recounted by line orbits, 12 s each (the slow tier
// recounts the third of the three, "every band's rows swapped", with its closed form).
TEST(Burnside10x10Long, TwoClassesByLineOrbits) {
  expect_line_orbits_agree("bands (1 2); band 3: rows (1 2); band 4: rows (1 2); band 5: rows (1 2)");
  expect_line_orbits_agree(
      "band 1: rows (1 2); band 2: rows (1 2); band 3: rows (1 2); band 4: rows (1 2); band 5: rows (1 2); stack 1: columns (1 2)");
}
