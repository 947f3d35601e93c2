// Whole grids through the puzzle reader, checked (grid_io.hpp).
#include "gridenum/grid/grid_io.hpp"

#include <fmt/format.h>

#include <sstream>

#include "gridenum/core/errors.hpp"
#include "gridenum/puzzle/model.hpp"

namespace gridenum {

namespace {

// "name, line 3, column 12: " (the name left out for standard input).
std::string grid_where(const std::string& name, std::size_t line, std::size_t column) {
  std::string w = name.empty() ? std::string() : name + ", ";
  w += fmt::format("line {}", line);
  if (column > 0) w += fmt::format(", column {}", column);
  return w + ": ";
}

// The text column of a cell when the grid is one plain line of N*N symbols (possibly after a
// name field): the first field of that many symbols; 0 when the layout is another one.
std::size_t cell_column(const PuzzleReader::Raw& raw, int cells, int cell) {
  if (raw.block || raw.json) return 0;
  const std::string& t = raw.text;
  std::size_t i = 0;
  while (i < t.size()) {
    while (i < t.size() && (t[i] == ' ' || t[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < t.size() && t[j] != ' ' && t[j] != '\t' && t[j] != ':') ++j;
    if (j - i == static_cast<std::size_t>(cells)) return raw.column + i + static_cast<std::size_t>(cell);
    i = j + 1;
  }
  return 0;
}

GridInput check_grid(const Puzzle& p, const PuzzleReader::Raw& raw, const std::string& name) {
  const Model& m = p.model;
  const std::string at = grid_where(name, p.line, 0);
  if (m.rules != kRuleClassic)
    throw InputError(at + "the grid tools take classic grids (rows, columns and boxes), not X, Windoku, jigsaw or killer");
  if (!is_grid_tool_shape(m.box))
    throw InputError(at + "box shape " + m.box.str() + " (" + std::to_string(m.n) + "x" + std::to_string(m.n) +
                     " grids): the grid tools take 4 to 12 digits (2x2, 2x3, 3x2, 2x4, 4x2, 3x3, 2x5, 5x2, 3x4, 4x3, "
                     "2x6, 6x2)");
  for (int c = 0; c < m.cells(); ++c)
    if (m.givens[static_cast<std::size_t>(c)] == 0)
      throw InputError(grid_where(name, p.line, cell_column(raw, m.cells(), c)) + "cell " + cell_name(c, m.n) +
                       " is blank: a grid has every cell filled");
  std::string why;
  if (const int bad = check_consistency(m, &why); bad >= 0)
    throw InputError(grid_where(name, p.line, cell_column(raw, m.cells(), bad)) + "not a valid grid: " + why);
  GridInput g{m.box, m.givens, p.line};
  if (!is_valid_grid(g.shape, g.cells))  // check_consistency found no clash in a full grid
    throw InputError(at + "not a valid " + m.box.str() + " grid");
  return g;
}

}  // namespace

std::vector<GridInput> read_grids(std::istream& in, const std::string& name, const ReadOptions& opt) {
  PuzzleReader reader(in, opt);
  std::vector<GridInput> out;
  PuzzleReader::Raw raw;
  while (reader.next_raw(raw)) {
    const PuzzleReader::Item item = reader.parse(raw);
    if (item.error) {
      const ParseError& e = *item.error;
      throw InputError(grid_where(name, e.line, e.column) + e.message);
    }
    if (!item.puzzle) continue;
    out.push_back(check_grid(*item.puzzle, raw, name));
  }
  return out;
}

GridInput parse_grid_text(const std::string& text, const std::string& what, const ReadOptions& opt) {
  std::istringstream in(text);
  auto grids = read_grids(in, what, opt);
  if (grids.size() != 1)
    throw InputError(what + ": " + (grids.empty() ? std::string("no grid") : std::to_string(grids.size()) + " grids") +
                     " (give one grid, or a file)");
  return grids.front();
}

}  // namespace gridenum
