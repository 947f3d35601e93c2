// Puzzle readers and writers (puzzle_io.hpp). Every check that can fail reports the line and
// column of the character at fault, so a user can fix a file of thousands of puzzles; the
// stream reader turns each failure into an item and carries on with the next line.
#include "gridenum/puzzle_io.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <sstream>

namespace gridenum {

ParseError::ParseError(std::size_t line_, std::size_t column_, std::string message_)
    : std::runtime_error("line " + std::to_string(line_) +
                         (column_ ? ", column " + std::to_string(column_) : std::string()) + ": " + message_),
      line(line_),
      column(column_),
      message(std::move(message_)) {}

char digit_symbol(int d) {
  if (d <= 0) return '.';
  if (d <= 9) return static_cast<char>('0' + d);
  return static_cast<char>('A' + d - 10);
}

int symbol_digit(char ch) {
  if (ch == '.' || ch == '0') return 0;
  if (ch >= '1' && ch <= '9') return ch - '0';
  if (ch >= 'A' && ch <= 'Z') return ch - 'A' + 10;
  if (ch >= 'a' && ch <= 'z') return ch - 'a' + 10;
  return -1;
}

std::optional<Shape> default_shape(int n) {
  for (int r = static_cast<int>(std::sqrt(static_cast<double>(n))); r > 1; --r)
    if (n % r == 0) return Shape{r, n / r};
  return std::nullopt;
}

namespace {

std::string cell_name(int cell, int n) {
  // Appended piecewise: GCC 12 reports a false -Wrestrict on "r" + std::to_string(...).
  std::string s = "r";
  s += std::to_string(cell / n + 1);
  s += 'c';
  s += std::to_string(cell % n + 1);
  return s;
}

// Reads `text` as n*n symbols into givens; `col0` is the column of text[0].
std::vector<int> parse_symbols(std::string_view text, int n, std::size_t line, std::size_t col0,
                               const char* what) {
  if (static_cast<int>(text.size()) != n * n)
    throw ParseError(line, col0 + std::min<std::size_t>(text.size(), static_cast<std::size_t>(n) * n),
                     std::string(what) + ": expected " + std::to_string(n * n) + " symbols, got " +
                         std::to_string(text.size()));
  std::vector<int> g(static_cast<std::size_t>(n) * n);
  for (int i = 0; i < n * n; ++i) {
    const int d = symbol_digit(text[i]);
    if (d < 0 || d > n)
      throw ParseError(line, col0 + i,
                       std::string(what) + ": bad character '" + std::string(1, text[i]) + "' (expected '.', '0' or a digit 1.." +
                           std::string(1, digit_symbol(n)) + ")");
    g[i] = d;
  }
  return g;
}

int to_int(std::string_view s, std::size_t line, std::size_t col, const char* what) {
  int v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc{} || p != s.data() + s.size())
    throw ParseError(line, col, std::string("expected a number for ") + what + ", got '" + std::string(s) + "'");
  return v;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  std::size_t b = 0;
  for (;;) {
    const auto e = s.find(sep, b);
    out.push_back(s.substr(b, e == std::string_view::npos ? std::string_view::npos : e - b));
    if (e == std::string_view::npos) break;
    b = e + 1;
  }
  return out;
}

// Regions given as symbols: ids in order of first appearance.
std::vector<int> parse_regions(std::string_view text, int n, std::size_t line, std::size_t col0) {
  if (static_cast<int>(text.size()) != n * n)
    throw ParseError(line, col0, "regions: expected " + std::to_string(n * n) + " symbols, got " + std::to_string(text.size()));
  std::vector<int> id(256, -1), count;
  std::vector<int> r(static_cast<std::size_t>(n) * n);
  int next = 0;
  for (int i = 0; i < n * n; ++i) {
    const auto ch = static_cast<unsigned char>(text[i]);
    if (id[ch] < 0) {
      if (next == n)
        throw ParseError(line, col0 + i, "regions: more than " + std::to_string(n) + " region symbols ('" +
                                             std::string(1, text[i]) + "')");
      id[ch] = next++;
      count.push_back(0);
    }
    r[i] = id[ch];
    if (++count[id[ch]] > n)
      throw ParseError(line, col0 + i, "regions: region '" + std::string(1, text[i]) + "' has more than " +
                                           std::to_string(n) + " cells");
  }
  if (next != n) throw ParseError(line, col0, "regions: expected " + std::to_string(n) + " regions, got " + std::to_string(next));
  return r;
}

// Builds the model, turning make_model's complaints and inconsistencies into ParseErrors.
// `cell_col` maps a cell to its column in the line (0 if unknown).
template <class CellCol>
Model build(Shape box, unsigned rules, std::vector<int> givens, std::vector<int> region, std::vector<Cage> cages,
            std::size_t line, std::size_t col, CellCol cell_col) {
  Model m;
  try {
    m = make_model(box, rules, std::move(givens), std::move(region), std::move(cages));
  } catch (const std::invalid_argument& e) {
    throw ParseError(line, col, e.what());
  }
  std::string why;
  const int bad = check_consistency(m, &why);
  if (bad >= 0) throw ParseError(line, cell_col(bad), why);
  return m;
}

unsigned parse_rules_text(std::string_view s, std::size_t line, std::size_t col) {
  unsigned r = 0;
  for (auto part : split(s, ',')) {
    while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
    while (!part.empty() && part.back() == ' ') part.remove_suffix(1);
    if (part.empty() || part == "classic") continue;
    if (part == "x" || part == "X" || part == "diagonal") r |= kRuleX;
    else if (part == "windoku" || part == "window") r |= kRuleWindoku;
    else if (part == "jigsaw") r |= kRuleJigsaw;
    else if (part == "killer") r |= kRuleKiller;
    else throw ParseError(line, col, "unknown rule '" + std::string(part) + "' (classic, x, windoku, jigsaw, killer)");
  }
  return r;
}

// Line and column of byte `pos` in `text`, counting from line `line0`.
std::pair<std::size_t, std::size_t> position(std::string_view text, std::size_t pos, std::size_t line0) {
  std::size_t line = line0, col = 1;
  for (std::size_t i = 0; i < pos && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
  }
  return {line, col};
}

// Line and column of the first character inside the string value of "key" in `text`, so that
// errors in a givens/regions string point at the character; (line, 1) when not found.
std::pair<std::size_t, std::size_t> value_position(std::string_view text, const char* key, std::size_t line) {
  const std::string k = std::string("\"") + key + "\"";
  auto at = text.find(k);
  if (at == std::string_view::npos) return {line, 1};
  at = text.find_first_not_of(" \t\r\n:", at + k.size());
  if (at == std::string_view::npos || text[at] != '"') return position(text, at == std::string_view::npos ? 0 : at, line);
  return position(text, at + 1, line);
}

Puzzle from_json(const nlohmann::json& j, std::size_t line, const ReadOptions& opt, std::string_view text = {}) {
  if (!j.is_object()) throw ParseError(line, 1, "JSON puzzle spec must be an object");
  Shape box{3, 3};
  if (j.contains("shape")) {
    if (!j["shape"].is_string()) throw ParseError(line, 1, "\"shape\" must be a string like \"3x3\"");
    auto s = Shape::parse(j["shape"].get<std::string>());
    if (!s || s->n() < 1 || s->n() > 25) throw ParseError(line, 1, "bad \"shape\" '" + j["shape"].get<std::string>() + "' (RxC, R*C <= 25)");
    box = *s;
  }
  const int n = box.n();
  unsigned rules = 0;
  if (j.contains("rules")) {
    const auto& r = j["rules"];
    if (r.is_string()) rules = parse_rules_text(r.get<std::string>(), line, 1);
    else if (r.is_array()) {
      for (const auto& x : r) {
        if (!x.is_string()) throw ParseError(line, 1, "\"rules\" entries must be strings");
        rules |= parse_rules_text(x.get<std::string>(), line, 1);
      }
    } else throw ParseError(line, 1, "\"rules\" must be a string or an array of strings");
  }
  auto grid_field = [&](const char* key, bool symbols_as_regions) -> std::vector<int> {
    if (!j.contains(key)) return {};
    const auto& v = j[key];
    if (v.is_string()) {
      const auto s = v.get<std::string>();
      const auto [vl, vc] = value_position(text, key, line);
      if (symbols_as_regions) return parse_regions(s, n, vl, vc);
      return parse_symbols(s, n, vl, vc, key);
    }
    if (!v.is_array()) throw ParseError(line, 1, std::string("\"") + key + "\" must be a string or an array");
    if (static_cast<int>(v.size()) != n * n)
      throw ParseError(line, 1, std::string("\"") + key + "\": expected " + std::to_string(n * n) + " entries, got " + std::to_string(v.size()));
    std::vector<int> out;
    for (const auto& x : v) {
      if (!x.is_number_integer()) throw ParseError(line, 1, std::string("\"") + key + "\" entries must be integers");
      out.push_back(x.get<int>());
    }
    return out;
  };
  std::vector<int> givens = grid_field("givens", false);
  const auto gpos = value_position(text, "givens", line);
  const std::size_t gl = gpos.first, gcol = gpos.second;
  const bool givens_string = j.contains("givens") && j["givens"].is_string();
  std::vector<int> region = grid_field("regions", true);
  if (!region.empty()) rules |= kRuleJigsaw;
  std::vector<Cage> cages;
  if (j.contains("cages")) {
    if (!j["cages"].is_array()) throw ParseError(line, 1, "\"cages\" must be an array");
    for (const auto& c : j["cages"]) {
      if (!c.is_object() || !c.contains("sum") || !c.contains("cells") || !c["sum"].is_number_integer() ||
          !c["cells"].is_array())
        throw ParseError(line, 1, "each cage must be {\"sum\": integer, \"cells\": [cell, ...]}");
      Cage cage;
      cage.sum = c["sum"].get<int>();
      for (const auto& x : c["cells"]) {
        if (!x.is_number_integer()) throw ParseError(line, 1, "cage cells must be integers");
        cage.cells.push_back(x.get<int>());
      }
      cages.push_back(std::move(cage));
    }
  }
  Puzzle p;
  p.line = line;
  p.model = build(box, rules | opt.rules, std::move(givens), std::move(region), std::move(cages), line, 1,
                  [&](int cell) { return givens_string && gl == line ? gcol + cell : std::size_t{1}; });
  if (j.contains("solution") && j["solution"].is_string())
    p.expected = parse_symbols(j["solution"].get<std::string>(), n, line, 1, "solution");
  return p;
}

nlohmann::json parse_json_text(std::string_view text, std::size_t line_no) {
  try {
    return nlohmann::json::parse(text.begin(), text.end());
  } catch (const nlohmann::json::parse_error& e) {
    auto [l, c] = position(text, e.byte > 0 ? e.byte - 1 : 0, line_no);
    std::string msg = e.what();
    if (auto k = msg.find("syntax error"); k != std::string::npos) msg = msg.substr(k);
    throw ParseError(l, c, "malformed JSON: " + msg);
  } catch (const nlohmann::json::exception& e) {
    // Not a syntax error but a value the parser cannot hold (a number beyond double's range,
    // found by fuzzing): report it against the document's first line.
    std::string msg = e.what();
    if (auto k = msg.find("] "); k != std::string::npos) msg = msg.substr(k + 2);
    throw ParseError(line_no, 1, "malformed JSON: " + msg);
  }
}

}  // namespace

int check_consistency(const Model& m, std::string* why) {
  const int n = m.n;
  if (!m.givens.empty()) {
    // Per unit, report the first cell in reading order that repeats a digit of an earlier cell
    // (unit cells need not be in reading order: jigsaw regions, cages). For each digit keep its
    // first and second cell in reading order; the clash is the smallest second cell. No copy or
    // sort of the unit: this runs once per puzzle of a batch.
    constexpr int kNone = std::numeric_limits<int>::max();
    std::array<int, 33> first{}, second{};
    for (const auto& u : m.units) {
      std::uint64_t seen = 0;  // fast path: a bitmask test per cell finds that a unit has no clash
      bool clash = false;
      for (int c : u.cells) {
        const std::uint64_t bit = (std::uint64_t{1} << m.givens[c]) & ~std::uint64_t{1};
        clash |= (seen & bit) != 0;
        seen |= bit;
      }
      if (!clash) continue;
      first.fill(kNone);
      second.fill(kNone);
      for (int c : u.cells) {
        const int d = m.givens[c];
        if (d == 0) continue;
        if (c < first[d]) {
          second[d] = first[d];
          first[d] = c;
        } else if (c < second[d]) {
          second[d] = c;
        }
      }
      int d = 0;
      for (int k = 1; k <= n; ++k)
        if (second[k] != kNone && (d == 0 || second[k] < second[d])) d = k;
      if (d != 0) {
        if (why)
          *why = "given " + std::string(1, digit_symbol(d)) + " at " + cell_name(second[d], n) +
                 " contradicts the same digit at " + cell_name(first[d], n);
        return second[d];
      }
    }
  }
  for (std::size_t k = 0; k < m.cages.size(); ++k) {
    const auto& cage = m.cages[k];
    const int len = static_cast<int>(cage.cells.size());
    const int lo = len * (len + 1) / 2, hi = len * (2 * n - len + 1) / 2;
    if (cage.sum < lo || cage.sum > hi) {
      if (why)
        *why = "cage " + std::to_string(k + 1) + " (" + std::to_string(len) + " cells at " + cell_name(cage.cells[0], n) +
               ") cannot reach its sum " + std::to_string(cage.sum) + " (possible: " + std::to_string(lo) + ".." +
               std::to_string(hi) + ")";
      return cage.cells[0];
    }
    if (!m.givens.empty()) {
      std::vector<int> seen(static_cast<std::size_t>(n) + 1, -1);
      for (int c : cage.cells) {
        const int d = m.givens[c];
        if (d == 0) continue;
        if (seen[d] >= 0) {
          if (why) *why = "given " + std::string(1, digit_symbol(d)) + " at " + cell_name(c, n) + " repeats a digit of its cage";
          return c;
        }
        seen[d] = c;
      }
    }
  }
  return -1;
}

std::optional<Puzzle> parse_puzzle_line(std::string_view line, std::size_t line_no, const ReadOptions& opt) {
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
  std::size_t lead = 0;
  while (lead < line.size() && (line[lead] == ' ' || line[lead] == '\t')) ++lead;
  line.remove_prefix(lead);
  if (line.empty() || line.front() == '#') return std::nullopt;
  const std::size_t col0 = lead + 1;  // column of line[0]
  if (line.front() == '{') return parse_puzzle_json(line, line_no, opt);

  Puzzle p;
  p.line = line_no;
  if (line.find('|') != std::string_view::npos) {
    // Collection formats: N|givens|regions|solution (jigsaw), N|RxC|cages|solution (killer).
    const auto f = split(line, '|');
    std::vector<std::size_t> fc(f.size());
    for (std::size_t i = 0; i < f.size(); ++i) fc[i] = col0 + static_cast<std::size_t>(f[i].data() - line.data());
    if (f.size() < 3 || f.size() > 4)
      throw ParseError(line_no, col0, "expected N|givens|regions[|solution] or N|RxC|cages[|solution], got " +
                                          std::to_string(f.size()) + " fields");
    const int n = to_int(f[0], line_no, fc[0], "N");
    if (n < 1 || n > 25) throw ParseError(line_no, fc[0], "N must be 1..25, got " + std::to_string(n));
    std::string_view second = f[1];
    if (second.substr(0, 3) == "box") second.remove_prefix(3);
    if (auto box = Shape::parse(second); box && second.find_first_of("xX") != std::string_view::npos) {
      // Killer.
      if (box->n() != n) throw ParseError(line_no, fc[1], "box " + box->str() + " does not fit N = " + std::to_string(n));
      std::vector<Cage> cages;
      std::vector<std::size_t> cage_col;
      std::size_t pos = 0;
      for (auto cs : split(f[2], ';')) {
        const std::size_t ccol = fc[2] + pos;
        pos += cs.size() + 1;
        if (cs.empty()) continue;
        const auto colon = cs.find(':');
        if (colon == std::string_view::npos) throw ParseError(line_no, ccol, "cage without ':' (expected sum:cell,cell,...)");
        Cage cage;
        cage.sum = to_int(cs.substr(0, colon), line_no, ccol, "a cage sum");
        std::size_t cp = colon + 1;
        for (auto cell : split(cs.substr(colon + 1), ',')) {
          const int c = to_int(cell, line_no, ccol + cp, "a cage cell");
          if (c < 0 || c >= n * n)
            throw ParseError(line_no, ccol + cp, "cage cell " + std::to_string(c) + " out of range 0.." + std::to_string(n * n - 1));
          cage.cells.push_back(c);
          cp += cell.size() + 1;
        }
        cages.push_back(std::move(cage));
        cage_col.push_back(ccol);
      }
      // Each cell in at most one cage: point at the cage that repeats it.
      std::vector<int> owner(static_cast<std::size_t>(n) * n, -1);
      for (std::size_t k = 0; k < cages.size(); ++k)
        for (int c : cages[k].cells) {
          if (owner[c] >= 0) throw ParseError(line_no, cage_col[k], "cell " + std::to_string(c) + " is in two cages");
          owner[c] = static_cast<int>(k);
        }
      const auto cols = cage_col;
      const auto& cg = cages;
      std::vector<int> first_cell_owner = owner;
      p.model = build(*box, kRuleKiller | opt.rules, {}, {}, cg, line_no, fc[2], [&](int cell) {
        return first_cell_owner[cell] >= 0 ? cols[first_cell_owner[cell]] : fc[2];
      });
    } else {
      // Jigsaw.
      auto givens = parse_symbols(f[1], n, line_no, fc[1], "givens");
      auto region = parse_regions(f[2], n, line_no, fc[2]);
      const Shape jbox{1, n};  // unused by jigsaw, fixes n
      const std::size_t gc = fc[1];
      p.model = build(jbox, kRuleJigsaw | opt.rules, std::move(givens), std::move(region), {}, line_no, gc,
                      [gc](int cell) { return gc + cell; });
    }
    if (f.size() == 4 && !f[3].empty()) p.expected = parse_symbols(f[3], n, line_no, fc[3], "solution");
    return p;
  }

  // Grid line, possibly followed by other fields.
  const auto end = line.find_first_of(" \t:");
  std::string_view grid = line.substr(0, end);
  const int len = static_cast<int>(grid.size());
  int n = static_cast<int>(std::lround(std::sqrt(static_cast<double>(len))));
  std::optional<Shape> box = opt.shape;
  if (box) {
    if (len != box->cells())
      throw ParseError(line_no, col0 + std::min(len, box->cells()),
                       "wrong length: expected " + std::to_string(box->cells()) + " cells for " + box->str() +
                           " boxes, got " + std::to_string(len));
  } else {
    if (n * n != len || n < 4 || n > 25 || !default_shape(n))
      throw ParseError(line_no, col0 + std::min(len, 81),
                       "wrong length: " + std::to_string(len) +
                           " cells is not a grid size (81 for 9x9; n*n for n = 4, 6, 8, 9, 10, 12, 16, 25, ...)");
    box = default_shape(n);
  }
  n = box->n();
  auto givens = parse_symbols(grid, n, line_no, col0, "grid");
  p.model = build(*box, opt.rules, std::move(givens), {}, {}, line_no, col0, [col0](int cell) { return col0 + cell; });
  // "puzzle:count:solution" or "puzzle solution": take a trailing grid-sized field as the solution.
  if (end != std::string_view::npos) {
    std::string_view rest = line.substr(end + 1);
    const auto last = rest.find_last_of(" \t:");
    std::string_view sol = last == std::string_view::npos ? rest : rest.substr(last + 1);
    if (static_cast<int>(sol.size()) == n * n) {
      try {
        p.expected = parse_symbols(sol, n, line_no, col0 + static_cast<std::size_t>(sol.data() - line.data()), "solution");
      } catch (const ParseError&) {
        p.expected.clear();
      }
    }
  }
  return p;
}

Puzzle parse_puzzle_json(std::string_view text, std::size_t line_no, const ReadOptions& opt) {
  return from_json(parse_json_text(text, line_no), line_no, opt, text);
}

std::vector<Puzzle> parse_puzzle_document(std::string_view text, std::size_t line_no, const ReadOptions& opt) {
  const auto j = parse_json_text(text, line_no);
  std::vector<Puzzle> out;
  if (j.is_array()) {
    for (const auto& x : j) out.push_back(from_json(x, line_no, opt));
  } else {
    out.push_back(from_json(j, line_no, opt, text));
  }
  return out;
}

PuzzleReader::PuzzleReader(std::istream& in, ReadOptions opt) : in_(in), opt_(std::move(opt)) {}

bool PuzzleReader::next(Item& item) {
  Raw raw;
  if (!next_raw(raw)) {
    item = Item{};
    return false;
  }
  item = parse(std::move(raw));
  return true;
}

bool PuzzleReader::next_raw(Raw& raw) {
  raw = Raw{};
  if (pending_pos_ < pending_.size()) {
    raw.line = pending_[pending_pos_].line;
    raw.parsed = std::move(pending_[pending_pos_++]);
    return true;
  }
  std::string line;
  while (std::getline(in_, line)) {
    ++line_no_;
    std::string_view v = line;
    while (!v.empty() && (v.back() == '\r' || v.back() == ' ' || v.back() == '\t')) v.remove_suffix(1);
    while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
    if (v.empty() || v.front() == '#') continue;
    if (first_ && (v == "[" || v == "{" || (v.front() == '[' ))) {
      // A whole JSON document: read the rest of the input.
      first_ = false;
      std::string doc = line;
      const std::size_t start = line_no_;
      std::string more;
      while (std::getline(in_, more)) {
        ++line_no_;
        doc += '\n';
        doc += more;
      }
      try {
        auto ps = parse_puzzle_document(doc, start, opt_);
        for (auto& p : ps) {
          Item it;
          it.line = start;
          it.puzzle = std::move(p);
          pending_.push_back(std::move(it));
        }
      } catch (const ParseError& e) {
        Item it;
        it.line = e.line;
        it.error = e;
        pending_.push_back(std::move(it));
      }
      if (pending_.empty()) return false;
      raw.line = pending_[pending_pos_].line;
      raw.parsed = std::move(pending_[pending_pos_++]);
      return true;
    }
    first_ = false;
    raw.text = std::move(line);
    raw.line = line_no_;
    return true;
  }
  return false;
}

PuzzleReader::Item PuzzleReader::parse(Raw raw) const {
  if (raw.parsed) return std::move(*raw.parsed);
  Item item;
  item.line = raw.line;
  try {
    // Never nullopt here: next_raw() skips blank and comment lines.
    if (auto p = parse_puzzle_line(raw.text, raw.line, opt_)) item.puzzle = std::move(*p);
  } catch (const ParseError& e) {
    item.error = e;
  }
  return item;
}

std::string format_line(const std::vector<int>& grid, int n) {
  std::string s;
  s.reserve(grid.size());
  for (int d : grid) s += digit_symbol(d);
  (void)n;
  return s;
}

std::string format_pretty(const Model& m, const std::vector<int>& grid) {
  const int n = m.n;
  const bool boxes = !(m.rules & kRuleJigsaw) && m.box.rows > 1;
  const int br = boxes ? m.box.rows : n + 1, bc = boxes ? m.box.cols : n + 1;
  std::string sep;
  for (int c = 0; c < n; ++c) {
    if (c > 0 && c % bc == 0) sep += "+-";
    sep += "--";
  }
  sep.pop_back();
  std::string s;
  for (int r = 0; r < n; ++r) {
    if (r > 0 && r % br == 0) s += sep + "\n";
    for (int c = 0; c < n; ++c) {
      if (c > 0) s += (c % bc == 0) ? " | " : " ";
      s += digit_symbol(grid[r * n + c]);
    }
    s += "\n";
  }
  return s;
}

}  // namespace gridenum
