// `gridenum verify completions --shape 4x3 | 3x4` (issue 15): the completions of chosen top-band
// classes by the three-band counter (count/three_band.hpp, the counter a 4x3 count and job use)
// against the signature method with its pair-type table (verify/signature.hpp,
// src/verify/signature_pairs.cpp), which shares no counting code with it: its own box
// partitions, relabelling tables, colouring count, chains, table layout and sum.
//
// Cost (4x3, 2 threads; README "A second method for 4x3"): the signature tables take minutes and
// about 3.3 GB, the three-band tables minutes and 1.4 GB (built one after the other, never both
// in memory), then each class about half a minute by each method. So a few classes per run;
// --sample K picks them at random, repeatably from --seed.
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

#include "gridenum/core/shape.hpp"
#include "gridenum/verify/verify.hpp"

namespace gridenum {

// True for the shapes this check takes: 4x3, and 3x4 (checked through 4x3, the same grids
// transposed).
bool is_three_band_verify_shape(Shape s);

struct VerifyThreeBandOptions {
  Shape shape{4, 3};
  std::vector<std::uint32_t> classes;  // 1-based, catalogue order (as `count --classes`); empty: a sample
  std::uint32_t sample = 2;            // when no classes are named: K random classes
  std::uint64_t seed = 0;              // 0: random (printed)
  int threads = 0;
  std::filesystem::path table_cache;   // the three-band F table cache's directory (empty: built, none kept)
};

VerifyReport verify_three_band_completions(const VerifyThreeBandOptions& opt);

}  // namespace gridenum
