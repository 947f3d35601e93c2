// Run-time choice of the kernels' instruction-set level (cpu.hpp).
#include "gridenum/core/cpu.hpp"

#include <cstdlib>

#include "gridenum/core/errors.hpp"

namespace gridenum {

std::string to_string(Isa isa) {
  switch (isa) {
    case Isa::Baseline: return "baseline";
    case Isa::Avx2: return "avx2";
    case Isa::Avx512: return "avx512";
  }
  return "?";
}

std::optional<Isa> parse_isa(std::string_view text) {
  for (Isa i : {Isa::Baseline, Isa::Avx2, Isa::Avx512})
    if (text == to_string(i)) return i;
  return std::nullopt;
}

// The levels are tested feature by feature rather than with GCC's "x86-64-v3"/"x86-64-v4"
// names: Clang 14 (Debian 12's, used by the fuzz build) knows neither name, nor lzcnt, movbe or
// f16c. The features tested are the ones the kernels' code generation can use (AVX2, FMA, BMI1/2;
// AVX-512 F/BW/DQ/VL/CD); every CPU that has them also has the rest of its level (Haswell, Zen
// and later), so a level is never claimed that the CPU lacks.
bool isa_supported(Isa isa) {
  if (isa == Isa::Baseline) return true;
#if defined(GRIDENUM_MULTI_ISA)
  __builtin_cpu_init();
  const bool v3 = __builtin_cpu_supports("avx") && __builtin_cpu_supports("avx2") &&
                  __builtin_cpu_supports("fma") && __builtin_cpu_supports("bmi") &&
                  __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
  if (isa == Isa::Avx2) return v3;
  if (isa == Isa::Avx512)
    return v3 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl") &&
           __builtin_cpu_supports("avx512cd");
#endif
  return false;
}

std::vector<Isa> supported_isas() {
  std::vector<Isa> out;
  for (Isa i : {Isa::Baseline, Isa::Avx2, Isa::Avx512})
    if (isa_supported(i)) out.push_back(i);
  return out;
}

namespace {

Isa choose() {
  const char* forced = std::getenv("GRIDENUM_ISA");
  std::string names;
  for (Isa i : supported_isas()) names += (names.empty() ? "" : ", ") + to_string(i);
  if (forced && *forced) {
    const auto isa = parse_isa(forced);
    if (!isa) throw InputError(std::string("GRIDENUM_ISA=") + forced + " is not a level (baseline, avx2, avx512)");
    if (!isa_supported(*isa))
      throw InputError(std::string("GRIDENUM_ISA=") + forced + ": this CPU or build does not run it (supported: " + names +
                       ")");
    return *isa;
  }
  return supported_isas().back();
}

}  // namespace

Isa selected_isa() {
  static const Isa isa = choose();
  return isa;
}

}  // namespace gridenum
