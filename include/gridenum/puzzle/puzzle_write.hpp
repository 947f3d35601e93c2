// Puzzle writers: a Model back into the formats the readers take (puzzle_io.hpp), so that
// `gridenum generate | gridenum solve` round-trips. Reading what these write gives back the
// same model (units, givens, regions, cages, rules, box shape): tests/puzzle/test_puzzle_write.cpp.
//
//   Line  the shortest line format that holds the puzzle:
//           killer  "N|RxC|cages|solution" (cages "sum:cell,cell,...;...", as listed in the
//                   model); only without givens and jigsaw regions, which the line has no
//                   place for
//           jigsaw  "N|givens|regions|solution" (regions as symbols 1-9, A-.., numbered in
//                   reading order of first appearance, as the reader numbers them)
//           other   the grid line, then ":solution", or ":count:solution" when a solution
//                   count is given (the solution then only when the count is 1), the layout of
//                   the published "puzzles with counts" collections
//         X and Windoku, and a box shape other than the default for n, are not in the line:
//         the reader is told them (ReadOptions, `gridenum solve --rules x --shape 3x2`);
//         line_read_options / solve_arguments say what to tell it.
//   Json  one JSON spec on one line, with everything in it:
//         {"shape":"3x3","rules":"x","givens":"...","regions":"...","cages":[...],"solution":"...",
//          "count":N}   (a jigsaw's shape is "1xN"; members that do not apply are left out;
//         the reader ignores "count")
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gridenum/puzzle/model.hpp"
#include "gridenum/puzzle/puzzle_io.hpp"

namespace gridenum {

enum class PuzzleFormat { Line, Json };

// The rule names of the readers: "classic", or "jigsaw", "killer", "x", "windoku" joined by
// ',' in that order (e.g. "jigsaw,x").
std::string rules_text(unsigned rules);

// Why `m` cannot be written as a line (a killer with givens or jigsaw regions; a solution
// count on a jigsaw or killer line, which has no place for it), or nullopt. The second form
// asks the same of every puzzle with these rules, with or without givens.
std::optional<std::string> line_format_problem(const Model& m, bool with_count = false);
std::optional<std::string> line_format_problem(unsigned rules, bool givens, bool with_count);

// The puzzle as one line (no newline). `solution` (n*n digits, or empty for none) is written
// where the format has a place for it; `count`, when set, as above. Throws
// InputError (core/errors.hpp) when line_format_problem.
std::string write_puzzle_line(const Model& m, const std::vector<int>& solution = {},
                              std::optional<std::uint64_t> count = std::nullopt);
std::string write_puzzle_json(const Model& m, const std::vector<int>& solution = {},
                              std::optional<std::uint64_t> count = std::nullopt);
std::string write_puzzle(PuzzleFormat format, const Model& m, const std::vector<int>& solution = {},
                         std::optional<std::uint64_t> count = std::nullopt);

// What the reader must be told to read write_puzzle_line's output as `m` (rules and box shape
// the line does not carry), and the same as `gridenum solve` arguments ("" when none are needed,
// else e.g. "--rules x --shape 3x2").
// The second forms: for every puzzle of these rules and box shape.
ReadOptions line_read_options(const Model& m);
ReadOptions line_read_options(unsigned rules, Shape box);
std::string solve_arguments(const Model& m);
std::string solve_arguments(unsigned rules, Shape box);

}  // namespace gridenum
