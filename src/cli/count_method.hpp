// `gridenum count --method signature`: the second counting method's run and output, kept out
// of cmd_count.cpp so that file only gains the option and one dispatch line.
#pragma once

#include <string>

#include "gridenum/core/shape.hpp"

namespace gridenum::cli {

// Runs the count by band signatures and prints it (text or --json). The shape string has
// already been parsed and checked by cmd_count; shapes the signature method cannot take are
// usage errors (CLI::ValidationError, exit 2).
void run_count_signature(const std::string& shape, int threads, bool json);

}  // namespace gridenum::cli
