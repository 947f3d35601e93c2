// Reading whole grids for the grid tools (docs/grid-tools.md, "Input").
//
// A grid is a puzzle with every cell given: the puzzle reader (puzzle/puzzle_io.hpp) reads it,
// in every format it takes for classic puzzles (one line of N*N symbols with an optional name
// and fields after it, one row per line, the drawn grid, JSON), the box shape from
// ReadOptions::shape or from the length as `gridenum solve` infers it. Then each grid is checked:
// classic rules only (no jigsaw regions or killer cages), every cell filled, no digit twice in a
// row, column or box, and a box shape the grid tools take (grid/canon.hpp is_grid_tool_shape).
//
// Bad input is an InputError (core/errors.hpp: exit 2) naming the input, the line and the
// column of the character at fault when the grid is one line (else the line where the grid
// starts and the cell, "r3c7"), so a batch either is read whole or not used at all.
#pragma once

#include <cstddef>
#include <istream>
#include <string>
#include <vector>

#include "gridenum/core/shape.hpp"
#include "gridenum/grid/canon.hpp"
#include "gridenum/puzzle/puzzle_io.hpp"

namespace gridenum {

struct GridInput {
  Shape shape;
  GridCells cells;       // N*N digits 1..N
  std::size_t line = 0;  // where the grid starts (1-based)
};

// Every grid of the input, in order. `name` names the input in messages ("" for standard input).
std::vector<GridInput> read_grids(std::istream& in, const std::string& name, const ReadOptions& opt = {});

// One grid given as text (a command-line argument): `what` names it in messages ("grid A").
GridInput parse_grid_text(const std::string& text, const std::string& what, const ReadOptions& opt = {});

}  // namespace gridenum
