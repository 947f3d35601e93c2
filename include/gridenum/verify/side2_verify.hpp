// `gridenum verify` for the side-2 shapes of 10 digits (2x5, 5x2): the two-stack and two-band
// routes (count/side2/side2.hpp) checked against each other and against code of their own.
//
//   classes      the two class generators (type-histogram orbits; box-partition union-find)
//                matched class for class with equal weights, and a census: every configuration
//                with S_1 = {1..m}, S_2 and S_3 running over the orbits of the stabilisers of
//                the boxes before them and S_4..S_m over everything, classified one by one and
//                tallied; tallies x orbit sizes x C(N,m) must equal the weights;
//   completions  F of chosen classes by both routes' counters and, where F / m! is small enough,
//                by plain enumeration of stack fillings (plain_fillings.cpp, no shared code);
//                with every class, both orientations' totals (2x5 by two-stack, 5x2 by
//                two-band) side by side.
#pragma once

#include <cstdint>
#include <vector>

#include "gridenum/count/side2/side2.hpp"
#include "gridenum/verify/verify.hpp"

namespace gridenum {

// True when `gridenum verify` hands this shape to the side-2 checks (2x5, 5x2). The functions
// below also take the smaller side-2 shapes with m >= 3 (2x3 .. 4x2; the tests use them).
bool is_side2_verify_shape(Shape s);

VerifyReport verify_side2_classes(Shape s, int threads);

struct VerifySide2FillingsOptions {
  Shape shape{2, 5};
  std::vector<std::uint32_t> classes;  // 1-based, two-stack class order; empty: see all / sample
  bool all = false;                    // every class (and the totals)
  std::uint32_t sample = 4;            // when no classes are named and not all: K random classes
  std::uint64_t seed = 0;              // 0: random (printed)
  std::uint64_t plain_limit = 20000000;  // plain enumeration when F / m! is at most this (seconds)
  int threads = 0;
};
VerifyReport verify_side2_fillings(const VerifySide2FillingsOptions& opt);

// `gridenum verify result` of a two-stack / two-band document (a count's, a job's or a merge's
// result.json; with the job's journal when given a directory): the class table against the
// route's generator rebuilt, the weights against C(N,m)^m, first moment and total re-summed from
// the listed F, the journal's units against the listed F, and opt.sample classes' F recounted by
// the OTHER route's counter (F depends only on the class, so the two counters must agree).
VerifyReport verify_side2_result(const ResultDoc& doc, const VerifyResultOptions& opt);

// Plain enumeration (plain_fillings.cpp): fillings of the 2m x m stack with row 2k = S_k and row
// 2k+1 its complement, counted cell by cell with the first row in increasing order (times m!,
// the column orders of that row). Returns nullopt when more than `limit` fillings would be
// listed (F / m! > limit); the count stops there.
std::optional<u128> plain_stack_fillings(const Side2Config& c, std::uint64_t limit);

}  // namespace gridenum
