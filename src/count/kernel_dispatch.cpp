// count_kernels() (isa/kernels.hpp): the table of the level asked for. The tables themselves
// come from the copies of isa/kernels.cpp this binary was built with.
#include <stdexcept>

#include "isa/kernels.hpp"

namespace gridenum::detail {

extern const CountKernels kernels_baseline;
#if defined(GRIDENUM_MULTI_ISA)
extern const CountKernels kernels_avx2;
extern const CountKernels kernels_avx512;
#endif

const CountKernels& count_kernels(Isa isa) {
  switch (isa) {
    case Isa::Baseline: return kernels_baseline;
#if defined(GRIDENUM_MULTI_ISA)
    case Isa::Avx2: return kernels_avx2;
    case Isa::Avx512: return kernels_avx512;
#else
    default: break;
#endif
  }
  throw std::logic_error("count_kernels: this build holds no " + to_string(isa) + " kernels");
}

}  // namespace gridenum::detail
