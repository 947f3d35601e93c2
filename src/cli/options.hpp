// Options several commands share, parsed in one place: --shape (a box shape) and --rules (the
// extra rules of grid lines). Both throw CLI::ValidationError, which main() turns into a usage
// error (exit 2) naming the option.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <optional>
#include <string>

#include "gridenum/core/shape.hpp"

namespace gridenum::cli {

// "RxC": R rows and C columns per box (Shape::parse); the message for anything else says what a
// box shape is and gives examples.
Shape parse_box_shape(const std::string& text, const std::string& option = "--shape");

// Refusing a box shape, the one way every command does it: a degenerate box (1xC, Rx1) gets its own
// reason (core/shape.hpp degenerate_box), anything else `why` (the engine's reason) followed by
// what the shape means -- the grid it gives and, for a square RxR, the box shapes of R x R grids
// ("for 4x4 grids the box shape is 2x2 (--shape 2x2)"). Throws CLI::ValidationError (exit 2); does
// nothing when `why` is nullopt and the box is not degenerate.
void check_shape(Shape s, const std::optional<std::string>& why, const std::string& option = "--shape");
[[noreturn]] void refuse_shape(Shape s, const std::string& why, const std::string& option = "--shape");
// The same text, for commands that print their own usage errors.
std::string shape_refusal(Shape s, const std::string& why, const std::string& option = "--shape");

// --memory-limit: "auto" (0: the config's default rule, jobs/config.hpp memory_limit_bytes) or a
// size such as 20G / 512M (core/memory_budget.hpp); a CLI::ValidationError naming the option.
std::uint64_t parse_memory_limit_option(const std::string& text, const std::string& option = "--memory-limit");

// Rule names for grid lines (model.hpp, parse_rules): classic, x (X, diagonal), windoku (window).
// Jigsaw regions and killer cages come from the input's format, so those names are refused here
// with a message saying so.
unsigned parse_grid_rules(const std::string& text, const std::string& option = "--rules");

// Every rule name (model.hpp, parse_rules), jigsaw and killer included: for commands that make
// puzzles rather than read them (generate).
unsigned parse_puzzle_rules(const std::string& text, const std::string& option = "--rules");

// A count option (--limit, --node-limit) or any other 64-bit whole number (generate --seed, --first,
// --budget, export-mip --index from 1, verify --seed): decimal digits only, `min` to 2^64 - 1.
// CLI11 alone takes "-1" and 2^64 for an unsigned option, wrapped or saturated to 2^64 - 1
// (`enumerate --shape 3x3 --limit -1` got past its refusal; `generate --seed -1`, `2^64` and
// `1e23` all made the seed 18446744073709551615, and the output header recorded it).
CLI::Validator count_validator(std::uint64_t min = 0);

}  // namespace gridenum::cli
