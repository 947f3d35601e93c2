// Checksums of the job files (journal records, catalogue cache, config fingerprint).
//
// FNV-1a, 64 bits: a few lines, no dependency, and enough to catch torn writes, flipped bytes
// and records from another job. It is not a defence against someone forging a journal on
// purpose; nothing in a job directory is (the directory is the user's own).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gridenum {

constexpr std::uint64_t kFnvOffset = 14695981039346656037ull;

std::uint64_t fnv1a64(std::string_view bytes, std::uint64_t seed = kFnvOffset);

// 16 lower-case hex digits, and back (nullopt unless exactly 16 hex digits).
std::string hex16(std::uint64_t v);
std::optional<std::uint64_t> parse_hex16(std::string_view s);

}  // namespace gridenum
