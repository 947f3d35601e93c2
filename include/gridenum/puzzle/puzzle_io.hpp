// Puzzle readers and writers. Every reader produces a Model (model.hpp), so the back-ends
// never see text.
//
// Input formats, one puzzle per line ('#' comment lines and blank lines are skipped; a UTF-8
// byte-order mark at the start of the input is skipped):
//
//  * Grid line: n*n symbols, row by row, for n = 4 .. 25 with a box shape (n = R*C with
//    1 < R <= C; the most square one, e.g. 6 -> 2x3, 12 -> 3x4, unless ReadOptions::shape
//    says otherwise). Symbols: '1'-'9' then 'A'.. (case-insensitive) for 10 .. n;
//    '.' or '0' is a blank. A line may carry more fields after the grid, separated by a
//    space, tab or ':' (e.g. "puzzle:count:solution"); they are ignored, except the listed
//    solution: after ':' the last ':' field (up to a blank), which is empty (none listed) or
//    the whole solution -- a cut-short or junk one is an error at its column; after a blank a
//    last field of the grid's size that reads as a solution. A name may come first ("name puzzle
//    solution", as tests/data/seed-examples.txt): a first field that is not grid-sized and
//    holds a character no symbol of the grid, followed by a grid-sized field. ReadOptions::rules
//    adds X / Windoku to grid lines.
//  * Jigsaw collection line: "N|givens|regions|solution|title" (regions: one symbol per cell,
//    N distinct symbols, each N times; solution and title optional).
//  * Killer collection line: "N|boxRxC|cages|solution|title", cages "sum:cell,cell,...;..."
//    (cells 0-based row-major; solution and title optional: "N|RxC|cages||title" gives a title
//    without a solution). The title is free text without '|' (Puzzle::title).
//  * Multi-line grids (grid_text.hpp): one row per line (qqwing --compact, spaced and boxed
//    rows, '.', '0' or '_' blank) and the drawn grid `gridenum solve --pretty` prints, with its
//    givens in brackets, jigsaw walls and killer cage sums.
//  * JSON: a line starting with '{' is one JSON puzzle spec; if the first non-blank line of
//    the input starts with "[" or is "{" alone, the whole input is one JSON document (an
//    object or an array of objects). Each element of the array is a puzzle of its own: a bad
//    element gives an error item and the others are still read (only brackets that do not
//    balance end the document early). A JSON array, or an object over several lines, is not
//    accepted anywhere else. The spec:
//      { "shape": "3x3",                         // box shape R x C (n = R*C); default 3x3
//        "rules": ["x", "windoku", "jigsaw", "killer"],   // or one string "x,windoku"
//        "givens": "..3.2..." or [0,0,3,...],    // optional (default: all blank)
//        "regions": "111222..." or [0,0,0,1,...],   // jigsaw (ids or symbols)
//        "cages": [ {"sum": 15, "cells": [0,1,9]}, ... ],   // killer
//        "solution": "...",                      // optional expected solution (a string)
//        "count": 1, "hint": {...}               // notes the writers add (puzzle_write.hpp,
//      }                                         // generate --stats); not checked further
//    Any other key is an error naming it at its line and column (a misspelt "givns" would
//    otherwise solve an empty grid), as is a value of the wrong type; cage objects take "sum"
//    and "cells" only.
//
// Box shapes: every format with boxes needs R, C >= 2 and R*C <= 25 (a 1 x n "box" would be a
// row: that grid is a Latin square, which no reader takes as a box shape). A jigsaw's regions
// replace its boxes, so a JSON jigsaw may give "shape": "1xN" just to set n (e.g. "1x5" for a
// 5x5 jigsaw; jigsaw collection lines give N directly).
//
// Cages: a cell is in at most one cage, once ("cell X is in two cages" otherwise).
//
// Errors are ParseError with the 1-based line and column of the offending character and a
// message; a stream reader reports them per puzzle and goes on with the next line. Columns
// count bytes. A byte that is not printable ASCII is shown in a message as \xHH, so messages
// are always valid UTF-8.
//
// Lines are at most kMaxLineBytes (1 MiB; a 25x25 grid line is 625 bytes): a longer line is an
// error item at its line number (column kMaxLineBytes + 1), skipped without being stored, and
// the next line is read as usual; in a whole-input JSON document it ends the document.
#pragma once

#include <cstddef>
#include <istream>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "gridenum/puzzle/model.hpp"

namespace gridenum {

inline constexpr std::size_t kMaxLineBytes = std::size_t{1} << 20;

struct ParseError : std::runtime_error {
  std::size_t line = 0;    // 1-based
  std::size_t column = 0;  // 1-based; 0 when not known
  std::string message;
  ParseError(std::size_t line_, std::size_t column_, std::string message_);
};

struct ReadOptions {
  std::optional<Shape> shape;  // box shape for grid lines (default: from the length)
  unsigned rules = 0;          // extra rules for grid lines (kRuleX, kRuleWindoku)
};

struct Puzzle {
  Model model;
  std::vector<int> expected;  // the listed solution, if the line had one (else empty)
  std::size_t line = 0;       // where the puzzle starts
  std::string title;          // a collection line's fifth field, if any (shown by --pretty)
};

// What is wrong with a box shape for the puzzle readers (n = R*C <= 25, and R, C >= 2 unless
// `jigsaw`, where the shape only sets n), or nullopt. The CLI checks --shape with it up front.
std::optional<std::string> box_shape_problem(Shape box, bool jigsaw = false);

// Digit of a symbol: 1..35, 0 for a blank ('.', '0', '_'), -1 for anything else.
int symbol_digit(char ch);
// The default box shape for side n (most square R x C, R <= C, R > 1), nullopt if none.
std::optional<Shape> default_shape(int n);

// Parses one line. nullopt for comment and blank lines; ParseError on bad input.
std::optional<Puzzle> parse_puzzle_line(std::string_view line, std::size_t line_no,
                                        const ReadOptions& opt = {});
// Parses one JSON puzzle object given as text whose first character is at line `line_no`,
// column `column_no`.
Puzzle parse_puzzle_json(std::string_view text, std::size_t line_no, const ReadOptions& opt = {},
                         std::size_t column_no = 1);

// Streams puzzles from `in`: next() fills a Puzzle or a ParseError and returns true, false at
// the end of input. Never throws for bad input; a read error is an IoError (core/errors.hpp),
// never the end of the input.
//
// next() is next_raw() (reading: serial, cheap) followed by parse() (building the model:
// thread-safe, the costly part), so a batch can read in order on one thread and parse on all
// of them (batch.cpp).
class PuzzleReader {
 public:
  explicit PuzzleReader(std::istream& in, ReadOptions opt = {});
  struct Item {
    std::optional<Puzzle> puzzle;
    std::optional<ParseError> error;
    std::size_t line = 0;
  };
  // One puzzle's text before parsing: a line, or one element of a whole-input JSON document
  // (which may start mid-line); or an item already decided when the text was read (an error in
  // a document's structure).
  struct Raw {
    std::string text;
    std::size_t line = 0;
    std::size_t column = 1;  // column of text[0]
    bool json = false;       // an element of a JSON document, not a line
    bool block = false;      // a multi-line grid (grid_text.hpp): its lines joined by '\n'
    std::optional<Item> parsed;
  };
  bool next(Item& item);
  // The next non-blank, non-comment line; false at the end of input.
  bool next_raw(Raw& raw);
  // Parses what next_raw() read. Const and thread-safe.
  Item parse(Raw raw) const;

 private:
  std::istream& in_;
  ReadOptions opt_;
  std::size_t line_no_ = 0;
  bool first_ = true;
  std::vector<Raw> pending_;  // the elements of a whole-input JSON document, not yet handed out
  std::size_t pending_pos_ = 0;
  bool skip_rest_ = false;    // the last line was too long: skip the rest of it first
  // A line read ahead (the one after a multi-line grid), handed out next; its number is
  // line_no_ already. `held_long_`: it was too long (its text is not kept).
  std::optional<std::string> held_;
  bool held_long_ = false;
};

// Parses a JSON document (an object: one puzzle, or an array of them) starting at line
// `line_no`: one item per element, in order, as PuzzleReader gives them.
std::vector<PuzzleReader::Item> parse_puzzle_document(std::string_view text, std::size_t line_no,
                                                      const ReadOptions& opt = {});

// A solution as one line of symbols, and as a drawn grid (grid_text.hpp format_drawn: givens
// in brackets, walls around boxes, jigsaw regions or killer cages, cage sums).
std::string format_line(const std::vector<int>& grid, int n);
std::string format_pretty(const Model& m, const std::vector<int>& grid);

}  // namespace gridenum
