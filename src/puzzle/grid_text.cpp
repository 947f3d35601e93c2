// Multi-line grids: the rows layout and the drawn layout (grid_text.hpp).
//
// The reader works on a block of lines that PuzzleReader has cut out (starts_grid_block,
// continues_grid_block): the drawn layout is recognised by its geometry (a '+' border first,
// 2n+1 lines all 4n+1 wide, cell lines starting with '|'); anything else is read as rows, where
// only the symbols count and the rest is decoration. The drawn layout is parsed by fixed
// columns, so every wall and every cell is found where the writer put it, and an error names
// the exact column.
#include "gridenum/puzzle/grid_text.hpp"

#include <algorithm>
#include <cassert>
#include <charconv>
#include <numeric>
#include <optional>

#include "gridenum/core/combinatorics.hpp"

namespace gridenum {

namespace {

std::string_view rtrim(std::string_view s) {
  while (!s.empty() && (s.back() == '\r' || s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

std::size_t lead_blanks(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
  return i;
}

bool is_cell_symbol(char ch) { return symbol_digit(ch) >= 0 || ch == '_'; }
int cell_digit(char ch) { return ch == '_' ? 0 : symbol_digit(ch); }
bool is_row_decoration(char ch) {
  return ch == ' ' || ch == '\t' || ch == '|' || ch == ':' || ch == '#' || ch == '[' || ch == ']';
}

std::string shown_char(char ch) {
  const auto u = static_cast<unsigned char>(ch);
  if (u >= 0x20 && u < 0x7f) return std::string(1, ch);
  static const char* hex = "0123456789abcdef";
  return std::string("\\x") + hex[u >> 4] + hex[u & 15];
}

// A side n that a row of n cells may belong to.
bool row_side(int k, const ReadOptions& opt) {
  if (opt.shape) return k == opt.shape->n();
  return k >= 4 && k <= 25 && default_shape(k).has_value();
}

// A line of n*n bare symbols: a one-line puzzle (puzzle_io.cpp's grid line).
bool one_line_puzzle(const GridLineInfo& g, const ReadOptions& opt) {
  if (g.kind != GridLineKind::Row || g.spaced || g.bad) return false;
  if (opt.shape) return g.cells == opt.shape->cells();
  for (int n = 4; n <= 25; ++n)
    if (g.cells == n * n && default_shape(n)) return true;
  return false;
}

// "N|givens|regions..." or "N|RxC|cages...": a number, then '|' (the collection formats).
bool collection_line(std::string_view t) {
  const auto bar = t.find('|');
  if (bar == std::string_view::npos || bar == 0 || bar > 2) return false;
  int n = 0;
  const auto [p, ec] = std::from_chars(t.data(), t.data() + bar, n);
  if (ec != std::errc{} || p != t.data() + bar) return false;
  const auto bar2 = t.find('|', bar + 1);
  if (bar2 == std::string_view::npos) return false;
  const auto second = t.substr(bar + 1, bar2 - bar - 1);
  return static_cast<int>(second.size()) == n * n || second.find_first_of("xX") != std::string_view::npos;
}

}  // namespace

GridLineInfo classify_grid_line(std::string_view t) {
  GridLineInfo g;
  if (t.empty()) return g;
  if (t.front() == '+' || t.front() == '-' || t.front() == '=') {
    // A rule: lines, corners, box marks, and (drawn killer borders) cage sums.
    bool line = false;
    for (char ch : t) {
      if (ch == '-' || ch == '=') line = true;
      else if (!(ch == '+' || ch == '.' || ch == ':' || ch == ' ' || ch == '|' || (ch >= '0' && ch <= '9'))) return g;
    }
    if (line || t.front() == '+') g.kind = GridLineKind::Rule;
    return g;
  }
  // A row: symbols and decoration, or a row with a typo or two (so that the reader reports the
  // typo at its column instead of ending the grid there).
  bool seen = false;
  for (char ch : t) {
    if (is_cell_symbol(ch)) {
      ++g.cells;
      seen = true;
    } else if (is_row_decoration(ch)) {
      if (seen) g.spaced = true;
    } else if (++g.bad > 2) {
      return GridLineInfo{};
    }
  }
  if (t.front() == '|' || t.front() == '[') g.spaced = true;
  if (g.cells > g.bad) g.kind = GridLineKind::Row;
  else return GridLineInfo{};
  return g;
}

bool starts_grid_block(std::string_view t, const ReadOptions& opt) {
  if (collection_line(t)) return false;
  const GridLineInfo g = classify_grid_line(t);
  if (g.kind == GridLineKind::Rule) return true;
  return g.kind == GridLineKind::Row && g.bad == 0 && row_side(g.cells, opt) && !one_line_puzzle(g, opt);
}

bool continues_grid_block(std::string_view t, int rows, int n, const ReadOptions& opt) {
  if (collection_line(t)) return false;
  const GridLineInfo g = classify_grid_line(t);
  if (g.kind == GridLineKind::Rule) return true;
  if (g.kind != GridLineKind::Row || one_line_puzzle(g, opt)) return false;
  return n == 0 || rows < n;
}

// ---- Reading --------------------------------------------------------------------------------

namespace {

struct Cell {
  int digit = 0;
  bool given = false;
  std::size_t line = 0, column = 0;
};

// Union-find over the cells (regions and cages from the walls; core/combinatorics.hpp). A root
// is only a key: areas are numbered in the order of their first cells.
struct Components {
  std::vector<int> parent;
  explicit Components(int cells) : parent(static_cast<std::size_t>(cells)) { std::iota(parent.begin(), parent.end(), 0); }
  int find(int a) { return disjoint_find(parent, a); }
  void join(int a, int b) { disjoint_unite(parent, a, b); }
};

// Givens and solution from the cells: with brackets, bracketed digits are givens and a grid
// without blanks is also the solution; without, every digit is a given.
void fill_puzzle_digits(const std::vector<Cell>& cells, std::vector<int>& givens, std::vector<int>& expected) {
  const bool brackets = std::any_of(cells.begin(), cells.end(), [](const Cell& c) { return c.given; });
  const bool full = std::all_of(cells.begin(), cells.end(), [](const Cell& c) { return c.digit > 0; });
  givens.assign(cells.size(), 0);
  for (std::size_t i = 0; i < cells.size(); ++i)
    givens[i] = (!brackets || cells[i].given || !full) ? cells[i].digit : 0;
  expected.clear();
  if (brackets && full)
    for (const Cell& c : cells) expected.push_back(c.digit);
}

// Builds and checks the model; faults placed at a cell, or at the block's start.
Model build_block(Shape box, unsigned rules, std::vector<int> givens, std::vector<int> region, std::vector<Cage> cages,
                  const std::vector<Cell>& cells, std::size_t first_line) {
  Model m;
  try {
    m = make_model(box, rules, std::move(givens), std::move(region), std::move(cages));
  } catch (const std::invalid_argument& e) {
    throw ParseError(first_line, 1, e.what());
  }
  std::string why;
  int cage = -1;
  const int bad = check_consistency(m, &why, &cage);
  if (bad >= 0) throw ParseError(cells[static_cast<std::size_t>(bad)].line, cells[static_cast<std::size_t>(bad)].column, why);
  return m;
}

int check_digit(int d, int n, const Cell& c, char ch) {
  if (d < 0 || d > n)
    throw ParseError(c.line, c.column,
                     "bad cell '" + shown_char(ch) + "' (expected '.', '0', '_' or a digit 1.." + std::string(1, digit_symbol(n)) + ")");
  return d;
}

// The rows layout.
Puzzle parse_rows(const std::vector<std::string_view>& lines, std::size_t first_line, const ReadOptions& opt) {
  std::vector<Cell> cells;
  int n = 0, rows = 0;
  std::size_t last_line = first_line;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::size_t line_no = first_line + i;
    const std::string_view l = rtrim(lines[i]);
    const std::size_t lead = lead_blanks(l);
    const GridLineInfo g = classify_grid_line(l.substr(lead));
    if (g.kind == GridLineKind::Rule) continue;
    if (g.kind != GridLineKind::Row) {
      for (std::size_t j = lead; j < l.size(); ++j)
        if (!is_cell_symbol(l[j]) && !is_row_decoration(l[j]))
          throw ParseError(line_no, j + 1, "grid row: bad character '" + shown_char(l[j]) + "'");
      throw ParseError(line_no, lead + 1, "grid row: no cells");
    }
    if (n == 0) {
      n = g.cells;
      if (n > 25) throw ParseError(line_no, lead + 1, "grid row of " + std::to_string(n) + " cells: grids have at most 25");
      if (opt.shape && opt.shape->n() != n)
        throw ParseError(line_no, lead + 1, "grid row of " + std::to_string(n) + " cells, expected " +
                                                 std::to_string(opt.shape->n()) + " for " + opt.shape->str() + " boxes");
    }
    ++rows;
    if (rows > n) throw ParseError(line_no, lead + 1, "grid row " + std::to_string(rows) + " of a " + std::to_string(n) + "-row grid");
    int k = 0;
    bool open = false;
    for (std::size_t j = lead; j < l.size(); ++j) {
      const char ch = l[j];
      if (ch == '[') {
        if (open) throw ParseError(line_no, j + 1, "grid row: '[' inside brackets");
        open = true;
      } else if (ch == ']') {
        if (!open) throw ParseError(line_no, j + 1, "grid row: ']' without '['");
        open = false;
      } else if (is_cell_symbol(ch)) {
        if (++k > n)
          throw ParseError(line_no, j + 1, "grid row " + std::to_string(rows) + " has more than " + std::to_string(n) +
                                               " cells (the first row has " + std::to_string(n) + ")");
        Cell c{0, open, line_no, j + 1};
        c.digit = check_digit(cell_digit(ch), n, c, ch);
        cells.push_back(c);
      } else if (!is_row_decoration(ch)) {
        throw ParseError(line_no, j + 1, "grid row: bad character '" + shown_char(ch) + "'");
      }
    }
    if (open) throw ParseError(line_no, l.size() + 1, "grid row: '[' not closed");
    if (k < n)
      throw ParseError(line_no, l.size() + 1, "grid row " + std::to_string(rows) + " has " + std::to_string(k) +
                                                   " cells, expected " + std::to_string(n) + " (as the first row)");
    last_line = line_no;
  }
  if (rows == 0) throw ParseError(first_line, 1, "a rule line with no grid rows (a multi-line grid has one row per line)");
  if (rows < n)
    throw ParseError(last_line + 1, 1, "the grid ends after " + std::to_string(rows) + " of " + std::to_string(n) +
                                           " rows (started at line " + std::to_string(first_line) + ")");
  const std::optional<Shape> box = opt.shape ? opt.shape : default_shape(n);
  if (!box) throw ParseError(first_line, 1, "no box shape for " + std::to_string(n) + "x" + std::to_string(n) + " grids");
  Puzzle p;
  p.line = first_line;
  std::vector<int> givens;
  fill_puzzle_digits(cells, givens, p.expected);
  p.model = build_block(*box, opt.rules, std::move(givens), {}, {}, cells, first_line);
  return p;
}

// Whether every cell's component is its box of shape `s` (the walls are exactly s's boxes).
bool walls_are_boxes(Components& comp, int n, Shape s) {
  std::vector<int> box_root(static_cast<std::size_t>(n), -1);
  std::vector<int> root_box(static_cast<std::size_t>(n) * n, -1);
  for (int cell = 0; cell < n * n; ++cell) {
    const int b = s.box_of(cell / n, cell % n), r = comp.find(cell);
    if (box_root[b] == -1) box_root[b] = r;
    if (root_box[r] == -1) root_box[r] = b;
    if (box_root[b] != r || root_box[r] != b) return false;
  }
  return true;
}

// The drawn layout (format_drawn). `lead` blanks before every line.
Puzzle parse_drawn(const std::vector<std::string_view>& raw, std::size_t first_line, std::size_t lead, int n,
                   const ReadOptions& opt) {
  std::vector<std::string_view> L;
  for (auto l : raw) L.push_back(rtrim(l).substr(lead));
  const auto at = [&](std::size_t li, std::size_t col) { return Cell{0, false, first_line + li, lead + col + 1}; };
  std::vector<Cell> cells(static_cast<std::size_t>(n) * n);
  // Cells and vertical walls.
  std::vector<char> wall_right(static_cast<std::size_t>(n) * n, 0);  // wall between cell and its right neighbour
  std::vector<char> wall_below(static_cast<std::size_t>(n) * n, 0);
  std::vector<char> vbox(static_cast<std::size_t>(n) * n, 0);  // ':' or '|' right of the cell
  std::vector<char> hbox(static_cast<std::size_t>(n) * n, 0);  // a marked segment below the cell
  std::vector<int> sum_at(static_cast<std::size_t>(n) * n, -1);  // a cage sum above the cell
  for (int r = 0; r < n; ++r) {
    const std::size_t li = static_cast<std::size_t>(2 * r + 1);
    const std::string_view l = L[li];
    for (int c = 0; c <= n; ++c) {
      const std::size_t wc = static_cast<std::size_t>(4 * c);
      const char w = l[wc];
      if (c == 0 || c == n) {
        if (w != '|') throw ParseError(first_line + li, lead + wc + 1, "drawn grid: expected '|' at the edge, got '" + shown_char(w) + "'");
      } else if (w != '|' && w != '#' && w != ' ' && w != ':') {
        throw ParseError(first_line + li, lead + wc + 1, "drawn grid: expected '|', '#', ':' or ' ' between cells, got '" +
                                                               shown_char(w) + "'");
      } else {
        wall_right[static_cast<std::size_t>(r * n + c - 1)] = w == '|' || w == '#';
        vbox[static_cast<std::size_t>(r * n + c - 1)] = w == '#' || w == ':';
      }
      if (c == n) break;
      const std::string_view s = l.substr(wc + 1, 3);
      Cell cell = at(li, wc + 2);
      char ch = s[1];
      if (s[0] == '[' && s[2] == ']') cell.given = true;
      else if (s[0] != ' ' || s[2] != ' ')
        throw ParseError(first_line + li, lead + wc + 2, "drawn grid: a cell is \"[d]\" (given), \" d \" or \" . \", got \"" +
                                                               std::string(s) + "\"");
      if (ch == ' ') ch = '.';
      cell.digit = check_digit(cell_digit(ch), n, cell, ch);
      if (cell.given && cell.digit == 0) throw ParseError(cell.line, cell.column, "drawn grid: a blank in brackets");
      cells[static_cast<std::size_t>(r * n + c)] = cell;
    }
  }
  // Borders: line 2r holds the segments above row r (r = n: below the last row).
  for (int r = 0; r <= n; ++r) {
    const std::size_t li = static_cast<std::size_t>(2 * r);
    const std::string_view l = L[li];
    for (int c = 0; c < n; ++c) {
      const std::size_t sc = static_cast<std::size_t>(4 * c + 1);
      const std::string_view s = l.substr(sc, 3);
      bool wall = false, mark = false;
      if (s == "---") wall = true;
      else if (s == "===") wall = mark = true;
      else if (s == "   ") {
      } else if (s == "...") mark = true;
      else if (s[0] >= '0' && s[0] <= '9') {
        std::size_t k = 0;
        while (k < 3 && s[k] >= '0' && s[k] <= '9') ++k;
        for (std::size_t q = k; q < 3; ++q)
          if (s[q] != s[2] || (s[q] != '-' && s[q] != '='))
            throw ParseError(first_line + li, lead + sc + q + 1, "drawn grid: a cage sum is followed by '-' or '='");
        mark = k < 3 && s[2] == '=';
        if (r == n) throw ParseError(first_line + li, lead + sc + 1, "drawn grid: a cage sum below the last row");
        int v = 0;
        std::from_chars(s.data(), s.data() + k, v);
        sum_at[static_cast<std::size_t>(r * n + c)] = v;
        wall = true;
      } else {
        throw ParseError(first_line + li, lead + sc + 1, "drawn grid: a border segment is \"---\", \"===\", \"   \", \"...\" or a "
                                                         "cage sum such as \"15-\", got \"" + std::string(s) + "\"");
      }
      if (r == 0 || r == n) {
        if (!wall) throw ParseError(first_line + li, lead + sc + 1, "drawn grid: the outer border must be closed ('---')");
        continue;
      }
      wall_below[static_cast<std::size_t>((r - 1) * n + c)] = wall;
      hbox[static_cast<std::size_t>((r - 1) * n + c)] = mark;
    }
  }
  Components comp(n * n);
  for (int cell = 0; cell < n * n; ++cell) {
    const int r = cell / n, c = cell % n;
    if (c + 1 < n && !wall_right[cell]) comp.join(cell, cell + 1);
    if (r + 1 < n && !wall_below[cell]) comp.join(cell, cell + n);
  }
  // Givens are the bracketed digits; the plain ones are the solution, all of it or none.
  Puzzle p;
  p.line = first_line;
  std::vector<int> givens(cells.size(), 0);
  const bool full = std::all_of(cells.begin(), cells.end(), [](const Cell& c) { return c.digit > 0; });
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (cells[i].given) givens[i] = cells[i].digit;
    else if (cells[i].digit > 0 && !full)
      throw ParseError(cells[i].line, cells[i].column, "drawn grid: a plain digit in a grid with blanks (givens are drawn "
                                                       "in brackets, [5]; plain digits are a whole solution)");
    if (full) p.expected.push_back(cells[i].digit);
  }
  const bool killer = std::any_of(sum_at.begin(), sum_at.end(), [](int s) { return s >= 0; });
  if (killer) {
    // One cage per walled area with a sum; an area without one is cells in no cage.
    std::vector<int> cage_of_root(static_cast<std::size_t>(n) * n, -1);
    std::vector<Cage> cages;
    for (int cell = 0; cell < n * n; ++cell) {
      if (sum_at[cell] < 0) continue;
      const int root = comp.find(cell);
      if (cage_of_root[root] >= 0) {
        const Cell& c = cells[cell];
        throw ParseError(c.line - 1, c.column - 1, "drawn grid: a second sum for the cage of " + cell_name(cell, n) +
                                                       " (its walls do not close it off)");
      }
      cage_of_root[root] = static_cast<int>(cages.size());
      cages.push_back(Cage{sum_at[cell], {}});
    }
    for (int cell = 0; cell < n * n; ++cell)
      if (const int k = cage_of_root[comp.find(cell)]; k >= 0) cages[k].cells.push_back(cell);
    // Boxes or jigsaw regions from the marks (':' and '...', or a wall): the areas that no
    // mark or wall divides. --shape if given; else the box shape those areas are; else, if
    // they are n areas of n cells, jigsaw regions (a jigsaw killer); else the default boxes.
    Components units(n * n);
    for (int cell = 0; cell < n * n; ++cell) {
      const int r = cell / n, c = cell % n;
      if (c + 1 < n && !vbox[cell]) units.join(cell, cell + 1);
      if (r + 1 < n && !hbox[cell]) units.join(cell, cell + n);
    }
    std::optional<Shape> box = opt.shape;
    for (const Shape s : box_shapes_of_grid(n))
      if (!box && walls_are_boxes(units, n, s)) box = s;
    if (!box) {
      std::vector<int> id(static_cast<std::size_t>(n) * n, -1), region(static_cast<std::size_t>(n) * n), size;
      int next = 0;
      for (int cell = 0; cell < n * n; ++cell) {
        const int root = units.find(cell);
        if (id[root] < 0) {
          id[root] = next++;
          size.push_back(0);
        }
        region[cell] = id[root];
        ++size[static_cast<std::size_t>(id[root])];
      }
      if (next == n && std::all_of(size.begin(), size.end(), [n](int k) { return k == n; })) {
        p.model = build_block(Shape{1, n}, kRuleKiller | kRuleJigsaw | opt.rules, std::move(givens), std::move(region),
                              std::move(cages), cells, first_line);
        return p;
      }
      box = default_shape(n);
    }
    p.model = build_block(*box, kRuleKiller | opt.rules, std::move(givens), {}, std::move(cages), cells, first_line);
    return p;
  }
  // Walls that are the boxes of a shape: a boxed grid; any other walls: jigsaw regions.
  std::vector<Shape> candidates;
  if (opt.shape) candidates.push_back(*opt.shape);
  else candidates = box_shapes_of_grid(n);
  for (const Shape s : candidates)
    if (walls_are_boxes(comp, n, s)) {
      p.model = build_block(s, opt.rules, std::move(givens), {}, {}, cells, first_line);
      return p;
    }
  std::vector<int> id(static_cast<std::size_t>(n) * n, -1), region(static_cast<std::size_t>(n) * n);
  int next = 0;
  for (int cell = 0; cell < n * n; ++cell) {
    const int root = comp.find(cell);
    if (id[root] < 0) id[root] = next++;
    region[cell] = id[root];
  }
  if (next != n)
    throw ParseError(first_line, lead + 1, "drawn grid: the walls make " + std::to_string(next) + " regions; a jigsaw has " +
                                               std::to_string(n) + " (and boxes would follow a box shape: " +
                                               box_shapes_of_grid_text(n) + ")");
  p.model = build_block(Shape{1, n}, kRuleJigsaw | opt.rules, std::move(givens), std::move(region), {}, cells, first_line);
  return p;
}

}  // namespace

Puzzle parse_grid_block(const std::vector<std::string_view>& lines, std::size_t first_line, const ReadOptions& opt) {
  assert(!lines.empty());
  // The drawn layout: a '+' border first, 2n+1 lines, all 4n+1 wide after the same indent, cell
  // lines starting with '|'.
  const std::string_view first = rtrim(lines.front());
  const std::size_t lead = lead_blanks(first);
  const std::size_t width = first.size() - lead;
  if (width >= 9 && width <= 4 * 25 + 1 && first[lead] == '+' && (width - 1) % 4 == 0) {
    const int n = static_cast<int>((width - 1) / 4);
    bool drawn = static_cast<int>(lines.size()) == 2 * n + 1;
    for (std::size_t i = 0; drawn && i < lines.size(); ++i) {
      const std::string_view l = rtrim(lines[i]);
      drawn = l.size() == lead + width && lead_blanks(l) == lead && l[lead] == (i % 2 ? '|' : '+');
    }
    if (drawn) return parse_drawn(lines, first_line, lead, n, opt);
  }
  return parse_rows(lines, first_line, opt);
}

// ---- Drawing --------------------------------------------------------------------------------

std::string format_drawn(const Model& m, const std::vector<int>& grid) {
  const int n = m.n;
  const bool killer = m.rules & kRuleKiller;
  const bool jigsaw = m.rules & kRuleJigsaw;
  // The areas the walls enclose: cages (killer), regions (jigsaw) or boxes; -1 - cell for a
  // cell in no cage (walled on its own).
  std::vector<int> area(static_cast<std::size_t>(n) * n);
  std::vector<int> sum_above(static_cast<std::size_t>(n) * n, -1);
  for (int cell = 0; cell < n * n; ++cell)
    area[cell] = killer ? -1 - cell : jigsaw ? m.region[cell] : m.box.box_of(cell / n, cell % n);
  if (killer)
    for (std::size_t k = 0; k < m.cages.size(); ++k) {
      const auto& cells = m.cages[k].cells;
      for (int cell : cells) area[cell] = static_cast<int>(k);
      sum_above[*std::min_element(cells.begin(), cells.end())] = m.cages[k].sum;
    }
  // Segments: 0 none, 1 a unit border only (killer: ':' / "..."), 2 a wall ('|' / "---"), 3 a
  // cage wall on a unit border (killer: '#' / "==="). A killer's units are its boxes, or a
  // jigsaw killer's regions; elsewhere the walls are the units' borders.
  const auto unit_of = [&](int cell) { return jigsaw ? m.region[cell] : m.box.box_of(cell / n, cell % n); };
  const bool marked = killer && (jigsaw || m.box.rows > 1);
  const auto seg = [&](int a, int b) {
    const bool unit = marked && unit_of(a) != unit_of(b);
    if (area[a] != area[b]) return unit ? 3 : 2;
    return unit ? 1 : 0;
  };
  // Segment above row r (0..n), column c; wall left of column c (0..n) in row r.
  const auto hseg = [&](int r, int c) { return (r == 0 || r == n) ? 2 : seg((r - 1) * n + c, r * n + c); };
  const auto vseg = [&](int r, int c) { return (c == 0 || c == n) ? 2 : seg(r * n + c - 1, r * n + c); };
  std::string s;
  for (int r = 0; r <= n; ++r) {
    // Border line r.
    for (int c = 0; c <= n; ++c) {
      // A corner: '+' where a horizontal wall meets it (and at both ends of every border line,
      // which the reader takes as a rule line), '|' where only a vertical wall passes, '.' on a
      // box mark; the reader ignores corners.
      int across = 0, down = 0;
      if (c > 0) across = std::max(across, hseg(r, c - 1));
      if (c < n) across = std::max(across, hseg(r, c));
      if (r > 0) down = std::max(down, vseg(r - 1, c));
      if (r < n) down = std::max(down, vseg(r, c));
      s += (c == 0 || c == n || across >= 2) ? '+' : down >= 2 ? '|' : std::max(across, down) == 1 ? '.' : ' ';
      if (c == n) break;
      const int h = hseg(r, c);
      std::string text = h == 3 ? "===" : h == 2 ? "---" : h == 1 ? "..." : "   ";
      if (r < n && sum_above[r * n + c] >= 0) {
        // Above a cage's first cell (reading order) is always a wall: that cell is in another
        // cage or none. 25x25 sums have at most 3 digits (1 + ... + 25 = 325).
        const std::string sum = std::to_string(sum_above[r * n + c]);
        assert(sum.size() <= 3 && h >= 2);
        text = sum + std::string(3 - sum.size(), h == 3 ? '=' : '-');
      }
      s += text;
    }
    s += '\n';
    if (r == n) break;
    // Cell line r.
    for (int c = 0; c < n; ++c) {
      const int v = vseg(r, c);
      s += v == 3 ? '#' : v == 2 ? '|' : v == 1 ? ':' : ' ';
      const int cell = r * n + c;
      const int given = m.givens.empty() ? 0 : m.givens[cell];
      const int d = given ? given : grid.empty() ? 0 : grid[cell];
      if (given) s += std::string("[") + digit_symbol(d) + "]";
      else s += std::string(" ") + digit_symbol(d) + " ";
    }
    s += "|\n";
  }
  return s;
}

}  // namespace gridenum
