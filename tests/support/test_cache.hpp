// Tables computed once per ctest run and read by several tests. A fixture test (FIXTURES_SETUP in
// tests/CMakeLists.txt) computes each with the product's own commands into the build tree's
// test-cache/ (GRIDENUM_TEST_TABLE_CACHE), starting from an empty folder every run; the tests that
// read it require the fixture (FIXTURES_REQUIRED), so ctest runs the setup first, and a test run
// alone (`ctest -R NAME`) brings its setup with it. A reader that finds no table fails loudly
// (FixtureError): it never passes having checked nothing.
//
// Fixture side2_10 (tests/count/slow_side2_10.cpp sets it up): the 10x10 grids by both side-2 routes,
// as jobs -- 2x5 by the two-stack route in one job, 5x2 by the two-band route in kSide2TenShards
// shards of one thread each, merged by `gridenum merge` (so the fixture runs the shard and merge
// path too). Their result.json documents list F per class.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "fixture_error.hpp"
#include "gridenum/count/result_doc.hpp"

namespace gridenum::testing {

inline std::filesystem::path test_cache(const std::string& name) {
  return std::filesystem::path(GRIDENUM_TEST_TABLE_CACHE) / name;
}

constexpr int kSide2TenShards = 2;

inline std::filesystem::path side2_ten_two_stack_dir() { return test_cache("side2-10") / "two-stack-2x5"; }
inline std::filesystem::path side2_ten_two_band_dir(int k) {
  return test_cache("side2-10") / ("two-band-5x2-shard-" + std::to_string(k));
}

// The result document of a finished fixture job (its result.json), or FixtureError.
inline ResultDoc fixture_result(const std::filesystem::path& dir) {
  const auto path = dir / "result.json";
  if (!std::filesystem::exists(path))
    throw FixtureError("fixture table missing: " + path.string() +
                       " (its setup test did not run or failed; run the test through ctest, which runs the setup first)");
  return parse_result(nlohmann::json::parse(slurp(path)), path.string());
}

}  // namespace gridenum::testing
