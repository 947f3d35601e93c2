// The first moment of a side-2 count (sum over the classes of weight x F), computed without the
// class table: 2^(m^2) x D(m), where D(m) is the number of 2m x m arrays whose rows are
// permutations of 0..m-1 and whose columns hold every value exactly twice. `verify result` checks
// the listed F against it, all at once (docs/methods/side2.md, "The first moment").
#pragma once

#include "gridenum/core/arith.hpp"

namespace gridenum {

struct Side2FirstMoment {
  int m = 0;
  BigInt arrays = 0;       // D(m)
  BigInt first_moment = 0; // 2^(m^2) x D(m)
  std::uint64_t states = 0; // histogram orbits met by the dynamic programme, all levels together
  double seconds = 0;
};

// 1 <= m <= 6 (boxes 2 x m or m x 2). Throws std::invalid_argument outside that. Polls the
// process-wide stop request (core/stop.hpp) between states.
Side2FirstMoment side2_first_moment(int m);

}  // namespace gridenum
