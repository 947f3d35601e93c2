// The slow label's share of the committed generated files (tests/support/generated_data.hpp):
//  - byte-for-byte regeneration of every puzzle of every file but the costliest, which
//    regenerate their first DataFile::regenerated_slow puzzles (long_generate.cpp: every puzzle;
//    test_generate.cpp, label fast, regenerates a shorter prefix of each);
//  - the engine checks and the generator's promises (minimality included) on the puzzles the
//    fast label leaves out, up to the slow share's end: [DataFile::checked, checked_slow) of
//    every file (the fast label takes the first 20, fewer of the costliest; the long label
//    the rest, long_generate.cpp), in DataFile::parts tests, so that the three labels together
//    check every puzzle once.
// Measured 2026-11-24 at load ~10 on 2 cores: regeneration 256 s wall (jigsaw-16 101 s, killer-4x4
// 56 s); 2026-11-26 on an idle 2-core AMD EPYC with -j2: jigsaw-16 68 s, killer-4x4 43 s. In CI's
// slow tier on AMD EPYC family 23 (2026-11-30) these tests took 416 s of test time, the largest
// share of the tier, before the slow shares were halved on the files costing over 10 s.
#include <gtest/gtest.h>

#include "generated_data.hpp"

using namespace gridenum;
using namespace gridenum::testing;

class GeneratedDataSlow : public ::testing::TestWithParam<DataFile> {};

TEST_P(GeneratedDataSlow, RegeneratedByteForByte) { check_regenerates(GetParam(), GetParam().regenerated_slow); }

INSTANTIATE_TEST_SUITE_P(Files, GeneratedDataSlow, ::testing::ValuesIn(data_files()), data_file_test_name);

class GeneratedDataRest : public ::testing::TestWithParam<DataPart> {};

TEST_P(GeneratedDataRest, OneSolutionByBothEngines) {
  check_file_and_engines(GetParam().file, GetParam().from, GetParam().upto);
}

TEST_P(GeneratedDataRest, GeneratorPromises) {
  check_generator_properties(GetParam().file, GetParam().upto, GetParam().from);
}

INSTANTIATE_TEST_SUITE_P(Files, GeneratedDataRest, ::testing::ValuesIn(data_rest_parts()), data_part_test_name);
