// Options several commands share, parsed in one place: --shape (a box shape) and --rules (the
// extra rules of grid lines). Both throw CLI::ValidationError, which main() turns into a usage
// error (exit 2) naming the option.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

#include "gridenum/core/shape.hpp"

namespace gridenum::cli {

// "RxC": R rows and C columns per box (Shape::parse); the message for anything else says what a
// box shape is and gives examples.
Shape parse_box_shape(const std::string& text, const std::string& option = "--shape");

// Rule names for grid lines (model.hpp, parse_rules): classic, x (X, diagonal), windoku (window).
// Jigsaw regions and killer cages come from the input's format, so those names are refused here
// with a message saying so.
unsigned parse_grid_rules(const std::string& text, const std::string& option = "--rules");

// Every rule name (model.hpp, parse_rules), jigsaw and killer included: for commands that make
// puzzles rather than read them (generate).
unsigned parse_puzzle_rules(const std::string& text, const std::string& option = "--rules");

// A count option (--limit, --node-limit): decimal digits only, at most 2^64 - 1. CLI11 alone
// takes "-1" and 2^64 for an unsigned option, wrapped to a number that meant "no limit" (issue
// 13 item 16: `enumerate --shape 3x3 --limit -1` got past its refusal).
CLI::Validator count_validator();

}  // namespace gridenum::cli
