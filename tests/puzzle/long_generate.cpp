// Byte-for-byte regeneration of every puzzle of the generated files whose slow test regenerates
// only a prefix (DataFile::regenerated_slow, tests/support/generated_data.hpp): the 16x16
// jigsaws, killers, X and classics and the 12x12 killers, about 3 minutes of the generator on 2
// cores in all (2-core AMD EPYC, 2026-11-26); and the engine checks and the generator's promises on
// the puzzles past the slow label's share (DataFile::checked_slow): the rest of the 16x16 classics,
// the jigsaw-X 9x9, the 12x12 X and killers, about 2 minutes. Label long.
#include <gtest/gtest.h>

#include "generated_data.hpp"

using namespace gridenum;
using namespace gridenum::testing;

namespace {

std::vector<DataFile> prefix_files() {
  std::vector<DataFile> out;
  for (const auto& f : data_files())
    if (f.regenerated_slow < f.count) out.push_back(f);
  return out;
}

}  // namespace

class GeneratedDataLong : public ::testing::TestWithParam<DataFile> {};

TEST_P(GeneratedDataLong, EveryPuzzleRegeneratedByteForByte) { check_regenerates(GetParam(), kAll); }

INSTANTIATE_TEST_SUITE_P(Files, GeneratedDataLong, ::testing::ValuesIn(prefix_files()), data_file_test_name);

class GeneratedDataLongRest : public ::testing::TestWithParam<DataPart> {};

TEST_P(GeneratedDataLongRest, OneSolutionByBothEngines) {
  check_file_and_engines(GetParam().file, GetParam().from, GetParam().upto);
}

TEST_P(GeneratedDataLongRest, GeneratorPromises) {
  check_generator_properties(GetParam().file, GetParam().upto, GetParam().from);
}

INSTANTIATE_TEST_SUITE_P(Files, GeneratedDataLongRest, ::testing::ValuesIn(data_long_parts()), data_part_test_name);
