// The generator's promises and byte-for-byte regeneration on every puzzle of every committed
// generated file (tests/support/generated_data.hpp); test_generate.cpp runs the engine checks on
// every puzzle and these on a prefix of each file within the fast label's budget.
#include <gtest/gtest.h>

#include "generated_data.hpp"

using namespace gridenum;
using namespace gridenum::testing;

class GeneratedDataSlow : public ::testing::TestWithParam<DataFile> {};

TEST_P(GeneratedDataSlow, GeneratorPromisesOnEveryPuzzle) { check_generator_properties(GetParam(), kAll); }
TEST_P(GeneratedDataSlow, EveryPuzzleRegeneratedByteForByte) { check_regenerates(GetParam(), kAll); }

INSTANTIATE_TEST_SUITE_P(Files, GeneratedDataSlow, ::testing::ValuesIn(data_files()), data_file_test_name);
