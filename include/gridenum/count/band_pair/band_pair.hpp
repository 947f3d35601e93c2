// The band-pair method: Felgenhauer and Jarvis's pipeline -- the catalogue of top-band classes
// (stack/catalogue.hpp), work units in a oneTBB pool, the exact reducer (stack/reducer.hpp) -- with
// each class's completions counted by band pairs rather than by stack fillings: n_alpha of the
// representative band is the sum over the middle band's column sets, box by box (chains), of
// F(middle) x F(bottom), by the three-band counter's tables (three_band/three_band.hpp, whose
// header has the mathematics). docs/methods/band_pair.md.
//
// Why a method of its own: its units are (class, slice of the class's box-1 chains), not slices
// of the ordered stack list, so a unit's count means something else than a stack unit's, and a
// journal of one must never be read as the other (the fingerprint names the method and the
// counter's table layout). It takes the shapes both sides do: the catalogue's (R*C <= 9) and the
// counter's (R x 3): 2x3 and 3x3. There it needs no stack list, and its tables (9x9: 280 box
// partitions, 5 pair types, 0.8 MB) are built beside the catalogue in less time than it.
//
// Independent of it: the stack method (the partition kernel's B4/B7 fillings) and the signature
// method (verify/), which `gridenum verify result` runs on its documents.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gridenum/count/stack/count.hpp"
#include "gridenum/count/three_band/three_band.hpp"

namespace gridenum {

// Why the band-pair method cannot take shape s (boxes R x 3 with R*3 <= 9), or nullopt.
std::optional<std::string> band_pair_shape_error(Shape s);

// The chains of one box (sum_i C(R,i)^3: 10 for 2x3, 56 for 3x3): the most slices per class
// worth asking for.
std::uint32_t band_pair_box_chains(Shape s);

// The plan: units (class, slice) with id = class * slices + slice, WorkUnit::begin = the slice
// (end = begin + 1): slice k of the class's box-1 chains (ThreeBandCounter::completions_part(..,
// k, slices)). slices_per_class 0 picks the default (kBandPairSlices). A pure function of the
// number of classes and the slicing.
constexpr std::uint32_t kBandPairSlices = 1;
Plan make_band_pair_plan(const Catalogue& cat, std::uint32_t slices_per_class);

// A top band's column sets as the three-band counter takes them (bit d - 1 for digit d).
std::vector<DigitMask> band_column_sets(Shape s, const Band& band);

// Counts a unit: the part of its class representative's completions (thread-safe).
u128 band_pair_unit_count(const ThreeBandCounter& counter, const Catalogue& cat, const Plan& plan, const WorkUnit& u);

// A run steered by hooks, as run_count (stack/count.hpp): catalogue, counter and plan are given
// (the method's plan builds them) or built here. The result is a CountResult with method
// BandPair (its text and JSON by the same format_text / to_json).
struct BandPairOptions {
  Shape shape{3, 3};
  int threads = 0;
  std::uint32_t slices_per_class = 0;
  const Catalogue* catalogue = nullptr;
  const ThreeBandCounter* counter = nullptr;
  const Plan* plan = nullptr;
};
CountResult run_band_pair_count(const BandPairOptions& opt, const UnitHooks& hooks = {});
// The result of a whole plan from every unit's count (a merge), as count_result_from_counts.
CountResult band_pair_result_from_counts(const BandPairOptions& opt, std::vector<u128> counts);

}  // namespace gridenum
