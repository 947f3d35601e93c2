// Placeholder until the MIP exporter lands (issue 6, branch mip): the MIP engine is not built yet.
#include <stdexcept>

#include "gridenum/solver.hpp"

namespace gridenum {
SolveResult solve_mip(const Model&, const MipSolveOptions&) {
  throw std::runtime_error("the MIP engine is not built yet");
}
}  // namespace gridenum
