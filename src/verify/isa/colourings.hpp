// The signature method's band colouring count, compiled once per instruction-set level
// (core/cpu.hpp) and chosen at run time: src/verify/isa/colourings.cpp is built three times
// (CMakeLists.txt, gridenum_add_isa_objects) with GRIDENUM_ISA_NAME set to baseline, avx2 or
// avx512 and the matching -march level, each copy defining its own table; signature_kernels()
// hands out the one asked for (src/verify/colourings_dispatch.cpp).
//
// The verify library's own copies, not the count library's (count/isa/kernels.hpp holds the
// three-band route's colouring count): this method is the second, independent count and shares
// no counting code with the three-band counter. Only the level choice (core/cpu.hpp) is shared.
#pragma once

#include <cstdint>

#include "gridenum/core/cpu.hpp"
#include "gridenum/core/shape.hpp"

namespace gridenum::signature_detail {

struct SignatureKernels {
  Isa isa;
  // Bands (rows ordered) whose column j holds the digits cols[j] (j < N <= 16, r digits each,
  // every digit of `all` in r columns): the proper r-edge-colourings of columns x digits.
  std::uint64_t (*colourings)(const DigitMask* cols, int N, DigitMask all, int r);
};

// The kernels of a level; std::logic_error for a level this binary does not hold.
const SignatureKernels& signature_kernels(Isa isa);

}  // namespace gridenum::signature_detail
