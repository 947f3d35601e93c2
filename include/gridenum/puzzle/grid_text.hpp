// Grids written over several lines (the formats users have), read and drawn.
//
// Two layouts, both read by PuzzleReader (puzzle_io.hpp) wherever a puzzle line may stand:
//
//  * Rows: one grid row per line, n lines (qqwing --compact, most books and sites), cells as
//    symbols ('1'-'9', 'A'.., and '.', '0' or '_' for a blank) that may be spaced and split by
//    '|' or ':'; rule lines ("------+------", "+---+---+", "=====") anywhere between or around
//    the rows are skipped. Digits in brackets ("[5]") are the givens: then a grid with every
//    cell filled is read as givens plus its solution (the other digits), as `--pretty` draws it.
//        5 3 . | . 7 . | . . .          53..7....
//        6 . . | 1 9 5 | . . .          6..195...
//        ------+-------+------          ...
//  * Drawn (what `gridenum solve --pretty` prints, format_drawn): 2n+1 lines of equal width
//    4n+1, borders and cell lines alternating. A cell is 3 characters: "[5]" a given, " 5 " a
//    filled digit (plain digits are the solution, all of them or none), " . " a blank. Between
//    two cells: '|' a wall, ' ' none; above a cell: "---" a wall, "   " none. The walls are the
//    boxes of a classic grid and the regions of a jigsaw:
//        +---+---+---+---+        +---+---+---+---+
//        |[1]  2 | 3   4 |        | 3   4 | 2  [1]|
//        +       |       +        +       +       +      (a jigsaw: the walls
//        | 3   4 |[1]  2 |        |[2]  1 | 3   4 |       are its regions)
//        +---+---+---+---+        +---+---+---+---+
//        ...
//    In a killer the walls are the cages, and each cage's sum stands in the segment above its
//    first cell ("15-"); a box border (or a jigsaw killer's region border) inside a cage is
//    marked ':' / "...", and a cage wall on one is '#' / "===" (sums then "15="):
//        +1--+5--+---+4--+
//        | 1 | 2 : 3 | 4 |
//        +3--+...+---+---+
//        ...
//        +2==+...+4==+3==+
//    Reading: walls that are the boxes of a shape R x C (ReadOptions::shape, or any for n) give
//    that shape (rules from ReadOptions, e.g. x); other walls give jigsaw regions (one per
//    walled area, n of n cells); sums give a killer, one cage per walled area with a sum, its
//    boxes from the marks (ReadOptions::shape, the box shape the marks are, else n regions of
//    n cells as a jigsaw killer, else the default shape for n). A 3-digit sum (16x16 and up)
//    leaves no room for '=': its segment's mark is then not seen. Corners are not read.
//
// A row line of n*n symbols with nothing between them stays a one-line puzzle (a 4x4 grid is
// 16 symbols, like a row of a 16x16 grid): 16x16 rows need spaces or separators, or --shape.
// Errors name the line and column of the offending character (the stream reader adds nothing
// but its file name).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "gridenum/puzzle/model.hpp"
#include "gridenum/puzzle/puzzle_io.hpp"

namespace gridenum {

// What a line (without surrounding blanks) is to the multi-line reader.
enum class GridLineKind { Other, Row, Rule };
struct GridLineInfo {
  GridLineKind kind = GridLineKind::Other;
  int cells = 0;        // Row: the symbols on it
  bool spaced = false;  // Row: anything between the symbols (blanks, '|', brackets)
  int bad = 0;          // Row: characters that belong to no grid (a typo: at most 2, fewer than the cells)
};
GridLineInfo classify_grid_line(std::string_view trimmed);

// Whether the line starts a multi-line grid: a rule line, or a row of n cells for a grid side n
// (ReadOptions::shape's n, or any n from 4 to 25 with a box shape) that is not a one-line
// puzzle itself. Collection lines ("N|...|...") never start one.
bool starts_grid_block(std::string_view trimmed, const ReadOptions& opt);

// Whether `next` (trimmed) continues a block that has `rows` of `n` rows so far (n = 0 before
// the first row): a row or rule line while rows are missing, a rule line after the last row.
// A one-line puzzle never continues one (a bad row must not swallow the puzzles after it).
bool continues_grid_block(std::string_view next, int rows, int n, const ReadOptions& opt);

// Parses a block: its lines as read (without the newline), the first at line `first_line`.
Puzzle parse_grid_block(const std::vector<std::string_view>& lines, std::size_t first_line, const ReadOptions& opt);

// The drawn layout of a puzzle (its givens in brackets) with `grid` filled in (its digits
// plain); `grid` empty draws the puzzle alone. Readable back: parse_grid_block gives the same
// model (rules other than jigsaw and killer as ReadOptions) with `grid` as its expected solution.
std::string format_drawn(const Model& m, const std::vector<int>& grid);

}  // namespace gridenum
