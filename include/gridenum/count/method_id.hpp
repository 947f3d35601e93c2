// The counting methods' ids and names (method.hpp has the methods themselves): the one enum the
// CLI, configs, journals, result documents and engines use to name a method.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gridenum {

enum class MethodId : std::uint8_t { Stack, Signature, TwoStack, TwoBand, ThreeBand, BandPair };

// "stack", "signature", "two-stack", "two-band", "three-band", "band-pair".
std::string to_string(MethodId m);
// The inverse of to_string; nullopt for any other text ("auto" included: it names no method).
std::optional<MethodId> parse_method(std::string_view name);

}  // namespace gridenum
