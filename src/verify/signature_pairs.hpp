// Internal to the verify subsystem: the signature method's pair-type band-count table and the sum
// that reads it (signature_pairs.cpp), for shapes whose plain table is too large (4x3, 5x2).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gridenum/core/arith.hpp"
#include "gridenum/verify/orbits.hpp"
#include "gridenum/verify/signature.hpp"

namespace gridenum::signature_detail {

// Why the pair-type table cannot serve a shape (R < 2, too many slots, too large an action
// table), or nullopt.
std::optional<std::string> pair_table_shape_error(Shape s);

// The pair types' agreed names (signature.hpp, signature_pair_types), by this file's type index.
std::vector<std::string> pair_type_names(const BoxPartitions& parts);

// Completions of each top band (N column sets), in the caller's arena. Builds the table first:
// every type's, or with only_type that type's alone, and then the sum is the one-type part
// (every lower band's (box 1, box 2) pair of that type). std::invalid_argument for a type out of
// range.
std::vector<BigInt> pair_completions(const BoxPartitions& parts, const std::vector<std::vector<DigitMask>>& tops,
                                     SignatureStats* stats, std::optional<std::uint32_t> only_type = std::nullopt);

}  // namespace gridenum::signature_detail
