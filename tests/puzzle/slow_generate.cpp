// Byte-for-byte regeneration of every puzzle of every committed generated file
// (tests/support/generated_data.hpp); test_generate.cpp regenerates a prefix of each file within
// the fast label's budget, and runs the engine checks and the generator's promises (minimality
// included) on every puzzle, so this test no longer repeats those. Measured 2026-11-24 at load
// ~10 on 2 cores, with the promises still here: 256 s wall, 242 s of CPU (the promises on the
// 16x16 classics 120 s wall; regenerating jigsaw-16 101 s, killer-4x4 56 s).
#include <gtest/gtest.h>

#include "generated_data.hpp"

using namespace gridenum;
using namespace gridenum::testing;

class GeneratedDataSlow : public ::testing::TestWithParam<DataFile> {};

TEST_P(GeneratedDataSlow, EveryPuzzleRegeneratedByteForByte) { check_regenerates(GetParam(), kAll); }

INSTANTIATE_TEST_SUITE_P(Files, GeneratedDataSlow, ::testing::ValuesIn(data_files()), data_file_test_name);
