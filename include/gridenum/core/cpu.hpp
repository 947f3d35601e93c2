// Instruction-set levels of the hot kernels, chosen at run time (one portable binary as fast as a
// native one). The kernels that dominate a count are compiled once per level (src/count/isa/);
// every other file is compiled for the baseline, so a binary built on one x86-64 machine runs on
// any, and picks the widest level the CPU it runs on supports.
//
//   baseline  x86-64 (SSE2), or the build's own flags on other architectures
//   avx2      x86-64-v3: AVX2, FMA, BMI1/2, POPCNT, LZCNT
//   avx512    x86-64-v4: AVX-512 F, BW, CD, DQ, VL
//
// The environment variable GRIDENUM_ISA (baseline, avx2, avx512) forces a level: for tests (CI
// runs every path) and for comparing them; forcing one the CPU lacks is an error, not a crash.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gridenum {

enum class Isa { Baseline, Avx2, Avx512 };

std::string to_string(Isa isa);
std::optional<Isa> parse_isa(std::string_view text);

// True when this binary holds kernels for `isa` and the CPU runs them.
bool isa_supported(Isa isa);
// Every level isa_supported() accepts, narrowest first.
std::vector<Isa> supported_isas();

// The level the kernels use: GRIDENUM_ISA when set (InputError when it is not a level name or
// the CPU lacks it), else the widest supported level. Read once; later calls return the same.
Isa selected_isa();

}  // namespace gridenum
