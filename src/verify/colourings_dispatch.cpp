// signature_kernels() (isa/colourings.hpp): the table of the level asked for. The tables
// themselves come from the copies of isa/colourings.cpp this binary was built with.
#include <stdexcept>

#include "isa/colourings.hpp"

namespace gridenum::signature_detail {

extern const SignatureKernels colourings_baseline;
#if defined(GRIDENUM_MULTI_ISA)
extern const SignatureKernels colourings_avx2;
extern const SignatureKernels colourings_avx512;
#endif

const SignatureKernels& signature_kernels(Isa isa) {
  switch (isa) {
    case Isa::Baseline: return colourings_baseline;
#if defined(GRIDENUM_MULTI_ISA)
    case Isa::Avx2: return colourings_avx2;
    case Isa::Avx512: return colourings_avx512;
#else
    default: break;
#endif
  }
  throw std::logic_error("signature_kernels: this build holds no " + to_string(isa) + " colouring count");
}

}  // namespace gridenum::signature_detail
