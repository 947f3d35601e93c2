// The number of side-2 classes without finding them: Burnside's lemma over the hyperoctahedral
// group B_m acting on digit-type histograms (count/side2/two_stack.hpp explains the histograms). Shares
// no code with either class generator: it neither lists histograms nor canonicalises any; it
// counts, per conjugacy class of B_m, the histograms one element fixes.
#pragma once

#include <cstdint>

namespace gridenum {

struct HistogramOrbitCount {
  int m = 0;
  std::uint64_t group_order = 0;       // 2^m m!
  std::uint64_t conjugacy_classes = 0; // signed cycle types met (all of them: every element is walked)
  std::uint64_t histograms = 0;        // fixed by the identity: every histogram
  std::uint64_t orbits = 0;            // (1/|B_m|) sum over g of Fix(g): the class count
  double seconds = 0;
};

// 2 <= m <= 6 (N = 2m digits; the fixed-point counts fit 64 bits). Throws std::invalid_argument
// outside that, std::logic_error if the Burnside sum is not a multiple of |B_m|.
HistogramOrbitCount count_histogram_orbits(int m);

}  // namespace gridenum
