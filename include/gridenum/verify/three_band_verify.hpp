// `gridenum verify completions --shape 4x3 | 3x4`: the completions of chosen top-band classes by
// the three-band counter (count/three_band/three_band.hpp, the counter a 4x3 count and job use) against the
// signature method with its pair-type table (verify/signature.hpp, src/verify/signature_pairs.cpp),
// which shares no counting code with it: its own box partitions, relabelling tables, colouring
// count, chains, table layout and sum.
//
// Cost (4x3, 2 threads; docs/methods/three_band.md, "A second method for 4x3 completions"): the
// signature tables take minutes and about 3.3 GB, the three-band tables minutes and 1.4 GB (built
// one after the other, never both in memory), then each class about half a minute by each method.
// So a few classes per run; --sample K picks them at random, repeatably from --seed.
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

// `gridenum verify result` of a three-band document (a count's, a job's or a merge's result.json
// of 2x3, 3x3, 4x3, or 3x2 / 3x4 through their transposes; with the job's journal when given a
// directory):
//   the plan      the shape counted (the transpose for 3 x C) and the signature catalogue rebuilt
//                 (once per process and shape, then kept: 4x3's is about 15 CPU-seconds):
//                 the classes, each one's representative and size, in order;
//   the sums      the sizes against the number of configurations, (N! / (R!)^3)^R by this
//                 check's own arithmetic; count = F x completions where a class lists both; the
//                 total = sum size x count;
//   the journal   its units in prefix-group order (the plan's: unit u is the u-th class of the
//                 chunks of three_band_chunks), every unit once, each count its class's;
//   a recount     by the signature method, which shares no counting code with the three-band
//                 counter: F by its colouring count, completions by its table, F x completions
//                 against the document's count. Every class, and the total from the recounted
//                 counts and the catalogue's sizes, where that is cheap (R <= 3: milliseconds) or
//                 asked for (Recompute::Full); else the classes opt.sample / opt.double_check /
//                 opt.units choose (4x3: 7 minutes and 3.3 GB of tables, then about 30 s a class
//                 alone, less in a prefix group), and a PASS says "sampled".
// A document that lists no classes (4x3: too many) takes the counts from the journal; with no
// journal either, VerifyInputError. unit_order, when given, receives the rebuilt plan's class of
// each unit (0-based; unit u counts class (*unit_order)[u] + 1): verify_result holds a merged
// result's shard journals against the listed counts through it, without rebuilding the plan.
VerifyReport verify_three_band_result(const ResultDoc& doc, const VerifyResultOptions& opt,
                                      std::vector<std::uint32_t>* unit_order = nullptr);

}  // namespace gridenum
