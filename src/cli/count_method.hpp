// `gridenum count --method signature`: the second counting method's run and output, kept out
// of cmd_count.cpp so that file only gains the option and one dispatch line.
#pragma once

#include <cstdint>
#include <string>

#include "gridenum/core/shape.hpp"

namespace gridenum::cli {

// Runs the count by band signatures and prints it (text or --json). The shape string has
// already been parsed and checked by cmd_count; shapes the signature method cannot take are
// usage errors (CLI::ValidationError, exit 2).
void run_count_signature(const std::string& shape, int threads, bool json);

// `gridenum count --shape Rx3 --classes A:B`: the three-band route over signature classes A..B
// (1-based, inclusive; "all" for every class, which also prints the grid total): each class's
// representative column sets, size, band fillings F and completions. 3x2 and 3x4 are counted
// through their transposes 2x3 and 4x3 (the output says so); other shapes and malformed or
// out-of-range ranges are usage errors.
// table_cache: the F table cache's directory (empty: none).
void run_count_three_band(const std::string& shape, const std::string& classes, int threads, const std::string& table_cache,
                          std::uint64_t memory_limit, bool json);

// `gridenum count --shape 2xm --classes A:B` (m x 2 too; m up to 6): the side-2 route `method`
// (two-stack or two-band) over classes A..B (or all) of its class table (side2_range.hpp), each class's
// representative, weight, F and time. Malformed or out-of-range ranges are usage errors.
void run_count_side2_range(const std::string& shape, const std::string& classes, const std::string& method, int threads,
                           std::uint64_t memory_limit, bool json);

}  // namespace gridenum::cli
