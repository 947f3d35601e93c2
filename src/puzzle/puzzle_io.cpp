// Puzzle readers and writers (puzzle_io.hpp). Every check that can fail reports the line and
// column of the character at fault, so a user can fix a file of thousands of puzzles; the
// stream reader turns each failure into an item and carries on with the next line.
#include "gridenum/puzzle/puzzle_io.hpp"

#include "gridenum/core/errors.hpp"
#include "gridenum/puzzle/grid_text.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cassert>
#include <charconv>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <ios>
#include <limits>
#include <sstream>

namespace gridenum {

ParseError::ParseError(std::size_t line_, std::size_t column_, std::string message_)
    : std::runtime_error("line " + std::to_string(line_) +
                         (column_ ? ", column " + std::to_string(column_) : std::string()) + ": " + message_),
      line(line_),
      column(column_),
      message(std::move(message_)) {}

int symbol_digit(char ch) {
  if (ch == '.' || ch == '0' || ch == '_') return 0;
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

// Box shapes the readers accept (puzzle_io.hpp): n = R*C <= 25 and, where the boxes are units,
// R, C >= 2. A 1 x n box is a whole row, so the "boxes" would add nothing and the grid be a
// Latin square, which the documented formats do not describe; a jigsaw ignores its boxes (the
// model gets Shape{1, n} from the jigsaw line reader), so its shape only sets n. One check for
// every reader, so that they agree. Returns what is wrong, or nullopt.
std::optional<std::string> box_shape_problem(Shape box, bool jigsaw) {
  if (!jigsaw)
    if (auto why = degenerate_box(box)) return *why + " (a 1xN shape only sets n for a jigsaw)";
  if (box.n() > 25) return "shape " + box.str() + ": n = " + std::to_string(box.n()) + " is more than 25; " + shape_meaning(box);
  return std::nullopt;
}

namespace {

// A byte of the input as a message shows it: printable ASCII as itself, anything else as \xHH (a
// raw non-UTF-8 byte in a message broke `solve --json`, whose output must be valid UTF-8, and
// garbles a terminal).
std::string shown(char ch) {
  const auto u = static_cast<unsigned char>(ch);
  if (u >= 0x20 && u < 0x7f) return std::string(1, ch);
  static const char* hex = "0123456789abcdef";
  return std::string("\\x") + hex[u >> 4] + hex[u & 15];
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
                       std::string(what) + ": bad character '" + shown(text[i]) + "' (expected '.', '0' or a digit 1.." +
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
                                             shown(text[i]) + "')");
      id[ch] = next++;
      count.push_back(0);
    }
    r[i] = id[ch];
    if (++count[id[ch]] > n)
      throw ParseError(line, col0 + i, "regions: region '" + shown(text[i]) + "' has more than " +
                                           std::to_string(n) + " cells");
  }
  if (next != n) throw ParseError(line, col0, "regions: expected " + std::to_string(n) + " regions, got " + std::to_string(next));
  return r;
}

// A place in the input: 1-based line and column (bytes).
struct Pos {
  std::size_t line = 0;
  std::size_t column = 0;
};

// Line and column of byte offsets in a text whose first byte is at `origin`, asked for in
// increasing order: one pass over a whole document places all of its elements, where a count
// from the start for each element would be quadratic.
class Cursor {
 public:
  Cursor(std::string_view text, Pos origin) : text_(text), pos_(origin) {}
  Pos at(std::size_t offset) {
    assert(offset >= done_ && "Cursor positions are asked for in increasing order");
    for (; done_ < offset && done_ < text_.size(); ++done_) {
      if (text_[done_] == '\n') {
        ++pos_.line;
        pos_.column = 1;
      } else {
        ++pos_.column;
      }
    }
    return pos_;
  }

 private:
  std::string_view text_;
  Pos pos_;
  std::size_t done_ = 0;
};

Pos position(std::string_view text, std::size_t offset, Pos origin) { return Cursor(text, origin).at(offset); }

// A cell listed twice among the cages: in two cages, or twice in one. The engines take the
// cages as disjoint (each is an all-different unit and its cells add up to its sum once), so
// such a puzzle would be answered wrongly ("no solution") or fail in an engine; every reader
// rejects it with this one check. `cage` and `index` place the repeat (the later listing).
struct CageRepeat {
  std::size_t cage = 0;
  std::size_t index = 0;
  std::string message;
};

std::optional<CageRepeat> repeated_cage_cell(const std::vector<Cage>& cages, int n) {
  std::vector<int> owner(static_cast<std::size_t>(n) * n, -1);
  for (std::size_t k = 0; k < cages.size(); ++k)
    for (std::size_t i = 0; i < cages[k].cells.size(); ++i) {
      const int c = cages[k].cells[i];
      assert(c >= 0 && c < n * n && "cage cells are range-checked by the reader first");
      if (owner[c] == static_cast<int>(k))
        return CageRepeat{k, i, "cell " + std::to_string(c) + " is twice in cage " + std::to_string(k + 1)};
      if (owner[c] >= 0)
        return CageRepeat{k, i, "cell " + std::to_string(c) + " is in two cages (" + std::to_string(owner[c] + 1) +
                                    " and " + std::to_string(k + 1) + ")"};
      owner[c] = static_cast<int>(k);
    }
  return std::nullopt;
}

// Builds the model and checks it. make_model's complaints are placed at `model_pos()`, a clash
// of givens or a cage that cannot be filled at `fault_pos(cell, cage)` (cage -1 when the fault
// is a unit's). The positions are callbacks so that they are worked out only for an error.
template <class ModelPos, class FaultPos>
Model build(Shape box, unsigned rules, std::vector<int> givens, std::vector<int> region, std::vector<Cage> cages,
            ModelPos model_pos, FaultPos fault_pos) {
  Model m;
  try {
    m = make_model(box, rules, std::move(givens), std::move(region), std::move(cages));
  } catch (const std::invalid_argument& e) {
    const Pos p = model_pos();
    throw ParseError(p.line, p.column, e.what());
  }
  std::string why;
  int cage = -1;
  const int bad = check_consistency(m, &why, &cage);
  if (bad >= 0) {
    const Pos p = fault_pos(bad, cage);
    throw ParseError(p.line, p.column, why);
  }
  return m;
}

// ---- JSON text structure ------------------------------------------------------------------
// nlohmann's parser (3.11) tells no positions of values, and a whole document parsed at once
// fails as a whole. This scanner knows just enough JSON (strings with escapes, bracket depth)
// to cut a document into its top-level elements, each parsed on its own, and to find a member
// or an array element in valid JSON text when an error is to be placed.

bool is_json_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::size_t skip_space(std::string_view t, std::size_t i) {
  while (i < t.size() && is_json_space(t[i])) ++i;
  return i;
}

// End of the string opening at t[i] ('"'): one past its closing quote. A JSON string cannot hold
// a raw line break, so an unclosed string ends at the end of its line (`closed` false): the
// damage stays in the element that holds it, whose own parse reports it, instead of turning
// every later element into string content.
struct StringEnd {
  std::size_t end = 0;
  bool closed = false;
};

StringEnd string_end(std::string_view t, std::size_t i) {
  assert(i < t.size() && t[i] == '"');
  for (++i; i < t.size(); ++i) {
    if (t[i] == '"') return {i + 1, true};
    if (t[i] == '\n') return {i, false};
    if (t[i] == '\\' && i + 1 < t.size() && t[i + 1] != '\n') ++i;  // the escaped character
  }
  return {i, false};
}

// End of the JSON value that starts at t[i], by bracket matching only (its own parse checks the
// rest). `broken` when its brackets do not close: the text ends first (`end` is the text's
// size), or a closer does not match its opener (`end` is one past it). After a broken value the
// text cannot be cut into further values.
struct ValueEnd {
  std::size_t end = 0;
  bool broken = false;
};

ValueEnd value_end(std::string_view t, std::size_t i) {
  assert(i < t.size() && !is_json_space(t[i]));
  if (t[i] == '"') return {string_end(t, i).end, false};
  if (t[i] != '[' && t[i] != '{') {
    // A number or literal (or a stray character): up to the next separator, at least one byte.
    do ++i;
    while (i < t.size() && !is_json_space(t[i]) && t[i] != ',' && t[i] != ']' && t[i] != '}');
    return {i, false};
  }
  std::string closers;  // the closers expected, innermost last
  while (i < t.size()) {
    const char c = t[i];
    if (c == '"') {
      i = string_end(t, i).end;
      continue;
    }
    if (c == '[' || c == '{') {
      closers += c == '[' ? ']' : '}';
    } else if (c == ']' || c == '}') {
      if (c != closers.back()) return {i + 1, true};
      closers.pop_back();
      if (closers.empty()) return {i + 1, false};
    }
    ++i;
  }
  return {t.size(), true};
}

// The offsets of member `key` of the object at t[i] (of its last listing, the one nlohmann
// keeps): its key's opening quote and its value; nullopt if t[i] is not an object or lacks the
// key. Keys are compared as written (an escaped key is not recognised: the caller falls back to
// a coarser place).
struct MemberAt {
  std::size_t key = 0;
  std::size_t value = 0;
};

std::optional<MemberAt> member_at(std::string_view t, std::size_t i, std::string_view key) {
  if (i >= t.size() || t[i] != '{') return std::nullopt;
  std::optional<MemberAt> found;
  i = skip_space(t, i + 1);
  while (i < t.size() && t[i] == '"') {
    const std::size_t key_at = i;
    const auto k = string_end(t, i);
    if (!k.closed) break;
    const std::string_view name = t.substr(i + 1, k.end - i - 2);
    i = skip_space(t, k.end);
    if (i >= t.size() || t[i] != ':') break;
    i = skip_space(t, i + 1);
    if (i >= t.size()) break;
    if (name == key) found = MemberAt{key_at, i};
    const auto v = value_end(t, i);
    if (v.broken) break;
    i = skip_space(t, v.end);
    if (i >= t.size() || t[i] != ',') break;
    i = skip_space(t, i + 1);
  }
  return found;
}

std::optional<std::size_t> member_value(std::string_view t, std::size_t i, std::string_view key) {
  const auto m = member_at(t, i, key);
  if (!m) return std::nullopt;
  return m->value;
}

// Offset of element `k` of the array at t[i]; nullopt if t[i] is not an array or is shorter.
std::optional<std::size_t> array_element(std::string_view t, std::size_t i, std::size_t k) {
  if (i >= t.size() || t[i] != '[') return std::nullopt;
  i = skip_space(t, i + 1);
  for (std::size_t e = 0; i < t.size() && t[i] != ']'; ++e) {
    if (e == k) return i;
    const auto v = value_end(t, i);
    if (v.broken) break;
    i = skip_space(t, v.end);
    if (i >= t.size() || t[i] != ',') break;
    i = skip_space(t, i + 1);
  }
  return std::nullopt;
}

// One JSON value's text and where its first byte is in the input.
struct JsonText {
  std::string_view text;
  Pos origin;
};

// A path to a value inside a JSON value: member `key`, or (key empty) array element `index`.
struct Step {
  std::string_view key;
  std::size_t index = 0;
};
Step member(std::string_view key) { return {key, 0}; }
Step item(std::size_t index) { return {{}, index}; }

// Where the value at `path` starts; as far as the path can be followed (a valid JSON value has
// every member its parse found, but an escaped key is not recognised).
Pos locate(const JsonText& src, std::initializer_list<Step> path) {
  std::size_t at = skip_space(src.text, 0);
  for (const Step& s : path) {
    const auto next = s.key.empty() ? array_element(src.text, at, s.index) : member_value(src.text, at, s.key);
    if (!next) break;
    at = *next;
  }
  return position(src.text, at, src.origin);
}

[[noreturn]] void fail_at(const JsonText& src, std::initializer_list<Step> path, std::string message) {
  const Pos p = locate(src, path);
  throw ParseError(p.line, p.column, std::move(message));
}

// Where the key (its opening quote) of member `key` of the object at `path` starts, or the
// object's own start when the key cannot be found in the text (an escaped key).
Pos locate_key(const JsonText& src, std::initializer_list<Step> path, std::string_view key) {
  std::size_t at = skip_space(src.text, 0);
  for (const Step& s : path) {
    const auto next = s.key.empty() ? array_element(src.text, at, s.index) : member_value(src.text, at, s.key);
    if (!next) return position(src.text, at, src.origin);
    at = *next;
  }
  if (const auto m = member_at(src.text, at, key)) at = m->key;
  return position(src.text, at, src.origin);
}

// Levenshtein distance of two short strings (keys and rule names), for "did you mean".
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

// Unknown keys are errors: a misspelt key ("givns", "rule") would otherwise be ignored and the
// puzzle solved without what it meant to say -- an empty grid solved, a rule dropped. Each member
// of the object at `path` must be one of `known`; the error is placed at the key and suggests the
// nearest known key (at most 2 edits away).
void check_keys(const nlohmann::json& obj, const JsonText& src, std::initializer_list<Step> path,
                std::initializer_list<std::string_view> known, const std::string& what) {
  for (const auto& [key, value] : obj.items()) {
    if (std::find(known.begin(), known.end(), key) != known.end()) continue;
    std::string list, guess;
    std::size_t best = 3;
    for (const auto k : known) {
      list += (list.empty() ? "" : ", ") + std::string(k);
      if (const auto d = edit_distance(key, k); d < best) {
        best = d;
        guess = k;
      }
    }
    // nlohmann's dump escapes the key (control characters, quotes; invalid UTF-8 replaced).
    const std::string shown = nlohmann::json(key).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    const Pos p = locate_key(src, path, key);
    throw ParseError(p.line, p.column,
                     "unknown key " + shown + " in " + what + (guess.empty() ? "" : " (did you mean \"" + guess + "\"?)") +
                         "; the keys are " + list);
  }
}

// Runs `read` on the text of string member `key` (read with line 0 and columns counted from 0
// inside the string) and moves its error to the string's place in the input. The symbols of a
// givens, regions or solution string have no escapes, so a symbol's column is the string's
// plus its index.
template <class Read>
auto in_string_member(const JsonText& src, std::string_view key, Read read) {
  try {
    return read();
  } catch (const ParseError& e) {
    const Pos quote = locate(src, {member(key)});
    throw ParseError(quote.line, quote.column + 1 + e.column, e.message);
  }
}

// ---- JSON puzzle specs --------------------------------------------------------------------

// The value of a JSON integer if it fits an int (nlohmann holds int64 or uint64).
std::optional<int> int_value(const nlohmann::json& v) {
  if (v.is_number_unsigned()) {
    const auto u = v.get<std::uint64_t>();
    if (u > static_cast<std::uint64_t>(INT_MAX)) return std::nullopt;
    return static_cast<int>(u);
  }
  if (v.is_number_integer()) {
    const auto s = v.get<std::int64_t>();
    if (s < INT_MIN || s > INT_MAX) return std::nullopt;
    return static_cast<int>(s);
  }
  return std::nullopt;
}

// "rules": one string "x,windoku" or an array of such strings.
unsigned json_rules(const nlohmann::json& j, const JsonText& src) {
  const auto r = j.find("rules");
  if (r == j.end()) return 0;
  const auto names = [&](const nlohmann::json& s, std::initializer_list<Step> path) {
    std::string unknown;
    const unsigned bits = parse_rules(s.get_ref<const std::string&>(), &unknown);
    if (!unknown.empty()) fail_at(src, path, "unknown rule '" + unknown + "' (classic, x, windoku, jigsaw, killer)");
    return bits;
  };
  if (r->is_string()) return names(*r, {member("rules")});
  if (!r->is_array()) fail_at(src, {member("rules")}, "\"rules\" must be a string or an array of strings");
  unsigned bits = 0;
  for (std::size_t k = 0; k < r->size(); ++k) {
    const auto& x = (*r)[k];
    if (!x.is_string()) fail_at(src, {member("rules"), item(k)}, "\"rules\" entries must be strings");
    bits |= names(x, {member("rules"), item(k)});
  }
  return bits;
}

// "shape": "RxC", default 3x3; R or C may be 1 only for a jigsaw (box_shape_problem). A jigsaw,
// whose regions replace the boxes, is sized by "size": N, its grid's side (what the writer gives
// it, puzzle_write.cpp; a 1xN "shape" is still read): the model's shape is then 1 x N, as the
// jigsaw line reader makes it.
Shape json_shape(const nlohmann::json& j, const JsonText& src, bool jigsaw) {
  if (const auto z = j.find("size"); z != j.end()) {
    if (!jigsaw)
      fail_at(src, {member("size")}, "\"size\" is a jigsaw's side (a spec with \"regions\"); a grid with boxes takes "
                                     "\"shape\": \"RxC\" (\"3x3\" for 9x9)");
    if (j.contains("shape")) fail_at(src, {member("size")}, "give a jigsaw's \"size\" or its \"shape\", not both");
    const auto n = z->is_number_integer() ? int_value(*z) : std::nullopt;
    if (!n || *n < 1 || *n > 25)
      fail_at(src, {member("size")}, "\"size\" must be a whole number 1..25 (the grid's side), got " + z->dump());
    return Shape{1, *n};
  }
  const auto s = j.find("shape");
  if (s == j.end()) return Shape{3, 3};
  if (!s->is_string()) fail_at(src, {member("shape")}, "\"shape\" must be a string like \"3x3\"");
  const auto& text = s->get_ref<const std::string&>();
  const auto box = Shape::parse(text);
  if (!box) fail_at(src, {member("shape")}, "bad \"shape\" '" + text + "' (RxC, R*C <= 25)");
  if (auto why = box_shape_problem(*box, jigsaw)) fail_at(src, {member("shape")}, *why);
  return *box;
}

// "givens" (digits 0..n) or "regions" (ids 0..n-1, or symbols), as a string or an array of n*n
// integers; empty when absent. A region array is checked as parse_regions checks symbols: no
// region with more than n cells (with n*n ids in 0..n-1 that makes every region n cells).
enum class GridKind { Givens, Regions };

std::vector<int> json_grid(const nlohmann::json& j, const JsonText& src, const char* key, GridKind kind, int n) {
  const auto v = j.find(key);
  if (v == j.end()) return {};
  const std::string q = std::string("\"") + key + "\"";
  if (v->is_string()) {
    const auto& s = v->get_ref<const std::string&>();
    return in_string_member(src, key, [&] {
      return kind == GridKind::Regions ? parse_regions(s, n, 0, 0) : parse_symbols(s, n, 0, 0, key);
    });
  }
  if (!v->is_array()) fail_at(src, {member(key)}, q + " must be a string or an array");
  if (static_cast<int>(v->size()) != n * n)
    fail_at(src, {member(key)}, q + ": expected " + std::to_string(n * n) + " entries, got " + std::to_string(v->size()));
  const int hi = kind == GridKind::Regions ? n - 1 : n;
  std::vector<int> out;
  out.reserve(v->size());
  std::vector<int> count(static_cast<std::size_t>(n), 0);
  for (std::size_t k = 0; k < v->size(); ++k) {
    const auto& x = (*v)[k];
    if (!x.is_number_integer()) fail_at(src, {member(key), item(k)}, q + " entries must be integers");
    const auto d = int_value(x);
    if (!d || *d < 0 || *d > hi)
      fail_at(src, {member(key), item(k)}, q + ": entry " + x.dump() + " out of range 0.." + std::to_string(hi));
    if (kind == GridKind::Regions && ++count[*d] > n)
      fail_at(src, {member(key), item(k)},
              "regions: region " + std::to_string(*d) + " has more than " + std::to_string(n) + " cells");
    out.push_back(*d);
  }
  return out;
}

// "cages": [{"sum": s, "cells": [c, ...]}, ...], each cell in range and in one cage only.
std::vector<Cage> json_cages(const nlohmann::json& j, const JsonText& src, int n) {
  const auto v = j.find("cages");
  if (v == j.end()) return {};
  if (!v->is_array()) fail_at(src, {member("cages")}, "\"cages\" must be an array");
  std::vector<Cage> cages;
  cages.reserve(v->size());
  for (std::size_t k = 0; k < v->size(); ++k) {
    const auto& c = (*v)[k];
    if (c.is_object()) check_keys(c, src, {member("cages"), item(k)}, {"sum", "cells"}, "a cage");
    if (!c.is_object() || !c.contains("sum") || !c.contains("cells") || !c["sum"].is_number_integer() ||
        !c["cells"].is_array())
      fail_at(src, {member("cages"), item(k)}, "each cage must be {\"sum\": integer, \"cells\": [cell, ...]}");
    const std::string name = "cage " + std::to_string(k + 1);
    Cage cage;
    const auto sum = int_value(c["sum"]);
    if (!sum) fail_at(src, {member("cages"), item(k), member("sum")}, name + ": sum " + c["sum"].dump() + " out of range");
    cage.sum = *sum;
    const auto& cells = c["cells"];
    if (cells.empty() || static_cast<int>(cells.size()) > n)
      fail_at(src, {member("cages"), item(k), member("cells")},
              name + " has " + std::to_string(cells.size()) + " cells (1.." + std::to_string(n) + ")");
    for (std::size_t i = 0; i < cells.size(); ++i) {
      const auto& x = cells[i];
      const auto place = {member("cages"), item(k), member("cells"), item(i)};
      if (!x.is_number_integer()) fail_at(src, place, "cage cells must be integers");
      const auto cell = int_value(x);
      if (!cell || *cell < 0 || *cell >= n * n)
        fail_at(src, place, "cage cell " + x.dump() + " out of range 0.." + std::to_string(n * n - 1));
      cage.cells.push_back(*cell);
    }
    cages.push_back(std::move(cage));
  }
  if (auto r = repeated_cage_cell(cages, n))
    fail_at(src, {member("cages"), item(r->cage), member("cells"), item(r->index)}, r->message);
  return cages;
}

// One puzzle spec (a parsed JSON value). Every complaint is placed at the value it is about,
// found in the text only when there is a complaint.
Puzzle from_json(const nlohmann::json& j, const JsonText& src, const ReadOptions& opt) {
  if (!j.is_object()) fail_at(src, {}, "JSON puzzle spec must be an object");
  check_keys(j, src, {}, {"shape", "size", "rules", "givens", "regions", "cages", "solution", "count", "hint"},
             "a puzzle spec");
  // What the writers add (puzzle_write.cpp's "count", generate --stats's "hint"): read back as
  // notes, but of the type they are written with.
  if (const auto c = j.find("count"); c != j.end() && !c->is_number_unsigned() && !(c->is_number_integer() && *c >= 0))
    fail_at(src, {member("count")}, "\"count\" (the number of solutions) must be a non-negative integer");
  if (const auto h = j.find("hint"); h != j.end() && !h->is_object())
    fail_at(src, {member("hint")}, "\"hint\" (generate --stats's note) must be an object");
  // The rules first: a jigsaw (named, or given "regions") is sized by "size" or a 1xN shape.
  unsigned rules = json_rules(j, src);
  const bool has_regions = j.contains("regions");
  if (has_regions) rules |= kRuleJigsaw;
  if ((rules & kRuleJigsaw) && !has_regions) fail_at(src, {member("rules")}, "a jigsaw needs \"regions\"");
  const Shape box = json_shape(j, src, (rules & kRuleJigsaw) != 0);
  const int n = box.n();
  std::vector<int> givens = json_grid(j, src, "givens", GridKind::Givens, n);
  std::vector<int> region = json_grid(j, src, "regions", GridKind::Regions, n);
  std::vector<Cage> cages = json_cages(j, src, n);
  const auto g = j.find("givens");
  const bool givens_string = g != j.end() && g->is_string();
  Puzzle p;
  p.line = src.origin.line;
  // What make_model still rejects after the checks above is a rule that does not fit the shape
  // (Windoku off 3x3 boxes): placed at "rules" (or the spec's start if the rule came from opt).
  p.model = build(
      box, rules | opt.rules, std::move(givens), std::move(region), std::move(cages),
      [&] { return locate(src, {member("rules")}); },
      [&](int cell, int cage) {
        if (cage >= 0) return locate(src, {member("cages"), item(static_cast<std::size_t>(cage))});
        if (!givens_string) return locate(src, {member("givens"), item(static_cast<std::size_t>(cell))});
        Pos quote = locate(src, {member("givens")});
        quote.column += 1 + static_cast<std::size_t>(cell);
        return quote;
      });
  const auto s = j.find("solution");
  if (s != j.end() && !s->is_string())
    fail_at(src, {member("solution")}, "\"solution\" must be a string of " + std::to_string(n * n) + " symbols");
  if (s != j.end())
    p.expected = in_string_member(src, "solution",
                                  [&] { return parse_symbols(s->get_ref<const std::string&>(), n, 0, 0, "solution"); });
  return p;
}

// Where nlohmann's parser gives up on `text`, for the failures whose exception carries no
// position: a number beyond double's range is an out_of_range error, not a parse_error (found
// by fuzzing). A validating SAX pass sees the position; nullopt if it finds no error.
std::optional<std::size_t> failure_offset(std::string_view text) {
  struct Locator : nlohmann::json_sax<nlohmann::json> {
    std::optional<std::size_t> offset;
    bool null() override { return true; }
    bool boolean(bool) override { return true; }
    bool number_integer(number_integer_t) override { return true; }
    bool number_unsigned(number_unsigned_t) override { return true; }
    bool number_float(number_float_t, const string_t&) override { return true; }
    bool string(string_t&) override { return true; }
    bool binary(binary_t&) override { return true; }
    bool start_object(std::size_t) override { return true; }
    bool key(string_t&) override { return true; }
    bool end_object() override { return true; }
    bool start_array(std::size_t) override { return true; }
    bool end_array() override { return true; }
    // `position` is one past the last byte read, the end of `last_token`.
    bool parse_error(std::size_t position, const std::string& last_token, const nlohmann::json::exception&) override {
      offset = position >= last_token.size() ? position - last_token.size() : 0;
      return false;
    }
  } locator;
  nlohmann::json::sax_parse(text.begin(), text.end(), &locator);
  return locator.offset;
}

nlohmann::json parse_json_text(const JsonText& src) {
  try {
    return nlohmann::json::parse(src.text.begin(), src.text.end());
  } catch (const nlohmann::json::parse_error& e) {
    const Pos p = position(src.text, e.byte > 0 ? e.byte - 1 : 0, src.origin);
    std::string msg = e.what();
    if (auto k = msg.find("syntax error"); k != std::string::npos) msg = msg.substr(k);
    throw ParseError(p.line, p.column, "malformed JSON: " + msg);
  } catch (const nlohmann::json::exception& e) {
    // Not a syntax error but a value the parser cannot hold: placed where a SAX pass stops.
    const Pos p = position(src.text, failure_offset(src.text).value_or(skip_space(src.text, 0)), src.origin);
    std::string msg = e.what();
    if (auto k = msg.find("] "); k != std::string::npos) msg = msg.substr(k + 2);
    throw ParseError(p.line, p.column, "malformed JSON: " + msg);
  }
}

Puzzle parse_json_spec(const JsonText& src, const ReadOptions& opt) { return from_json(parse_json_text(src), src, opt); }

// ---- Whole-input JSON documents -----------------------------------------------------------

PuzzleReader::Item error_item(const ParseError& e) {
  PuzzleReader::Item it;
  it.line = e.line;
  it.error = e;
  return it;
}

// A value whose brackets do not balance: its own parse names the first syntax error in it (the
// unbalanced bracket at the latest). Should the parser accept it all the same, the scanner's
// finding is reported.
PuzzleReader::Item broken_value_item(const JsonText& src, std::size_t stop) {
  try {
    parse_json_text(src);
  } catch (const ParseError& e) {
    return error_item(e);
  }
  const Pos p = position(src.text, stop, src.origin);
  return error_item(ParseError(p.line, p.column, "malformed JSON: brackets do not balance"));
}

// Cuts a whole-input JSON document into one Raw per puzzle: the elements of a top-level array
// (or the one top-level object), each to be parsed on its own, so a bad element costs only its
// own item and its errors keep their place in the document; and error items for what lies
// between elements (a missing or doubled comma, text after the document). A value whose
// brackets do not balance ends the document: nothing after it can be cut reliably.
std::vector<PuzzleReader::Raw> split_document(std::string_view doc, std::size_t line0) {
  std::vector<PuzzleReader::Raw> out;
  Cursor cursor(doc, Pos{line0, 1});
  const auto error_at = [&](std::size_t offset, const std::string& message) {
    const Pos p = cursor.at(offset);
    PuzzleReader::Raw raw;
    raw.line = p.line;
    raw.parsed = error_item(ParseError(p.line, p.column, "malformed JSON: " + message));
    out.push_back(std::move(raw));
  };
  // The value starting at `i`: its end, after adding a Raw for it (if `keep`; a value after a
  // missing comma is only skipped); nullopt when its brackets do not balance, after adding its
  // error item: that ends the document.
  const auto take_value = [&](std::size_t i, bool keep) -> std::optional<std::size_t> {
    const auto v = value_end(doc, i);
    const Pos p = cursor.at(i);
    if (v.broken) {
      PuzzleReader::Raw raw;
      raw.line = p.line;
      raw.parsed = broken_value_item(JsonText{doc.substr(i, v.end - i), p}, v.end - i - 1);
      out.push_back(std::move(raw));
      return std::nullopt;
    }
    if (keep) {
      PuzzleReader::Raw raw;
      raw.text = std::string(doc.substr(i, v.end - i));
      raw.line = p.line;
      raw.column = p.column;
      raw.json = true;
      out.push_back(std::move(raw));
    }
    return v.end;
  };
  std::size_t i = skip_space(doc, 0);
  if (i == doc.size()) return out;
  if (doc[i] != '[') {
    const auto end = take_value(i, true);
    if (!end) return out;
    i = *end;
  } else {
    // The array: values separated by single commas. After a value, `i` is past it.
    const Pos open = cursor.at(i);
    const std::string opened = " (the array opened at line " + std::to_string(open.line) + ", column " +
                               std::to_string(open.column) + ")";
    bool want_value = true, after_comma = false;
    for (i = skip_space(doc, i + 1);; i = skip_space(doc, i)) {
      if (i == doc.size()) {
        error_at(i, "unexpected end of input; expected ']'" + opened);
        return out;
      }
      const char c = doc[i];
      if (c == ']' && !(want_value && after_comma)) {
        ++i;
        break;
      }
      if (want_value) {
        if (c == ',' || c == ']') {
          // A doubled or trailing comma: the value it announced is missing.
          error_at(i, std::string("unexpected '") + c + "'; expected a puzzle object");
          if (c == ']') {
            ++i;
            break;
          }
          ++i;
          continue;
        }
        const auto end = take_value(i, true);
        if (!end) return out;
        i = *end;
        want_value = false;
      } else if (c == ',') {
        ++i;
        want_value = after_comma = true;
      } else {
        // A missing comma: the value that follows is reported instead of read.
        error_at(i, std::string("unexpected '") + c + "'; expected ',' or ']' after the previous element");
        const auto end = take_value(i, false);
        if (!end) return out;
        i = *end;
      }
    }
  }
  i = skip_space(doc, i);
  if (i < doc.size()) error_at(i, "text after the end of the JSON document (a JSON document is the whole input)");
  return out;
}

// Parses what next_raw() read (PuzzleReader::parse, parse_puzzle_document): thread-safe, it
// reads only its arguments.
PuzzleReader::Item parse_raw(PuzzleReader::Raw raw, const ReadOptions& opt) {
  if (raw.parsed) return std::move(*raw.parsed);
  PuzzleReader::Item item;
  item.line = raw.line;
  try {
    if (raw.json) {
      item.puzzle = parse_json_spec(JsonText{raw.text, Pos{raw.line, raw.column}}, opt);
    } else if (raw.block) {
      std::vector<std::string_view> lines;
      for (std::string_view rest = raw.text;;) {
        const auto nl = rest.find('\n');
        lines.push_back(rest.substr(0, nl));
        if (nl == std::string_view::npos) break;
        rest.remove_prefix(nl + 1);
      }
      item.puzzle = parse_grid_block(lines, raw.line, opt);
    } else if (auto p = parse_puzzle_line(raw.text, raw.line, opt)) {
      item.puzzle = std::move(*p);
    } else {
      // next_raw() skips blank and comment lines, so this is not reached; should a line ever
      // parse to nothing, it is an error, never an item with neither a puzzle nor an error.
      assert(false && "a non-blank, non-comment line parsed to nothing");
      item.error = ParseError(raw.line, raw.column, "no puzzle on this line");
    }
  } catch (const ParseError& e) {
    item.error = e;
  }
  return item;
}

// Lines that belong to a JSON document but are not the input's first: a document is only read
// as the whole input (puzzle_io.hpp), so they would otherwise get a baffling "wrong length" or
// "unexpected end of input". Returns the message, or nullopt for any other line.
std::optional<std::string> misplaced_document_line(std::string_view line) {
  if (line.front() != '[' && line.front() != ']' && line != "{" && line != "}") return std::nullopt;
  return "a JSON array, or a JSON object over several lines, is only read as the whole input, from its first "
         "non-blank line; elsewhere write one JSON puzzle object per line";
}

// "name puzzle [solution]" lines (the seed examples' format): the offset of the puzzle when the
// first field is a name, else 0. The first field is a name only when it cannot be a grid: the
// second field has a grid's length (n*n for a supported n, or --shape's cells) and the first is not
// that long and holds a character that is no symbol of that grid. So a truncated grid followed by
// its solution stays a "wrong length" error, and a name that reads as symbols of the grid ("abc"
// before a 16x16) is not taken for one.
std::size_t leading_name(std::string_view line, const ReadOptions& opt) {
  constexpr auto npos = std::string_view::npos;
  const auto e1 = line.find_first_of(" \t");
  if (e1 == npos || line.substr(0, e1).find(':') != npos) return 0;
  const std::string_view first = line.substr(0, e1);
  const auto b = line.find_first_not_of(" \t", e1);
  if (b == npos) return 0;
  const auto e2 = line.find_first_of(" \t:", b);
  const std::string_view second = line.substr(b, e2 == npos ? npos : e2 - b);
  const int len = static_cast<int>(second.size());
  int n = 0;
  if (opt.shape) {
    if (len != opt.shape->cells()) return 0;
    n = opt.shape->n();
  } else {
    n = static_cast<int>(std::lround(std::sqrt(static_cast<double>(len))));
    if (n * n != len || n < 4 || n > 25 || !default_shape(n)) return 0;
  }
  if (static_cast<int>(first.size()) == n * n) return 0;
  for (char ch : first) {
    const int d = symbol_digit(ch);
    if (d < 0 || d > n) return b;
  }
  return 0;
}

}  // namespace

// ---- parse_puzzle_line, step by step ------------------------------------------------------
// A line is trimmed (trim_line), then read by its format: a JSON object, a collection line with
// '|' fields (parse_collection_line: killer cages or jigsaw regions), or a grid of symbols with
// optional trailing fields (parse_grid_line, read_trailing_solution).

namespace {

// The line without surrounding blanks, and the column its first character had.
struct TrimmedLine {
  std::string_view text;
  std::size_t col0 = 1;
};

TrimmedLine trim_line(std::string_view line) {
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
  std::size_t lead = 0;
  while (lead < line.size() && (line[lead] == ' ' || line[lead] == '\t')) ++lead;
  line.remove_prefix(lead);
  return {line, lead + 1};
}

// N|RxC|cages[|solution]: the cages "sum:cell,cell,...;..." of field 2 (columns fc), each cell in
// one cage once; every inconsistency is a cage's (a killer line has no givens), so errors
// point at that cage.
Model parse_killer_fields(Shape box, int n, std::string_view cages_field, std::size_t field_col, std::size_t line_no,
                          const ReadOptions& opt) {
  std::vector<Cage> cages;
  std::vector<std::size_t> cage_col;               // column of each cage (its sum)
  std::vector<std::vector<std::size_t>> cell_col;  // column of each cage's cells
  std::size_t pos = 0;
  for (auto cs : split(cages_field, ';')) {
    const std::size_t ccol = field_col + pos;
    pos += cs.size() + 1;
    if (cs.empty()) continue;
    const auto colon = cs.find(':');
    if (colon == std::string_view::npos) throw ParseError(line_no, ccol, "cage without ':' (expected sum:cell,cell,...)");
    Cage cage;
    cage.sum = to_int(cs.substr(0, colon), line_no, ccol, "a cage sum");
    std::vector<std::size_t> cols;
    std::size_t cp = colon + 1;
    for (auto cell : split(cs.substr(colon + 1), ',')) {
      const int c = to_int(cell, line_no, ccol + cp, "a cage cell");
      if (c < 0 || c >= n * n)
        throw ParseError(line_no, ccol + cp, "cage cell " + std::to_string(c) + " out of range 0.." + std::to_string(n * n - 1));
      cage.cells.push_back(c);
      cols.push_back(ccol + cp);
      cp += cell.size() + 1;
    }
    cages.push_back(std::move(cage));
    cage_col.push_back(ccol);
    cell_col.push_back(std::move(cols));
  }
  // Each cell in one cage, once: point at the repeated listing.
  if (auto r = repeated_cage_cell(cages, n)) throw ParseError(line_no, cell_col[r->cage][r->index], r->message);
  return build(
      box, kRuleKiller | opt.rules, {}, {}, std::move(cages), [&] { return Pos{line_no, field_col}; },
      [&](int, int cage) { return Pos{line_no, cage >= 0 ? cage_col[static_cast<std::size_t>(cage)] : field_col}; });
}

// N|givens|regions[|solution]: givens and region letters; errors point at the cell's given.
Model parse_jigsaw_fields(int n, std::string_view givens_field, std::size_t givens_col, std::string_view regions_field,
                          std::size_t regions_col, std::size_t line_no, const ReadOptions& opt) {
  auto givens = parse_symbols(givens_field, n, line_no, givens_col, "givens");
  auto region = parse_regions(regions_field, n, line_no, regions_col);
  const Shape jbox{1, n};  // unused by jigsaw, fixes n
  return build(
      jbox, kRuleJigsaw | opt.rules, std::move(givens), std::move(region), {}, [&] { return Pos{line_no, givens_col}; },
      [&](int cell, int) { return Pos{line_no, givens_col + static_cast<std::size_t>(cell)}; });
}

// Collection formats: N|givens|regions|solution (jigsaw), N|RxC|cages|solution (killer); the
// second field tells them apart (a box shape, optionally written "boxRxC", means killer).
Puzzle parse_collection_line(std::string_view line, std::size_t line_no, std::size_t col0, const ReadOptions& opt) {
  Puzzle p;
  p.line = line_no;
  const auto f = split(line, '|');
  std::vector<std::size_t> fc(f.size());
  for (std::size_t i = 0; i < f.size(); ++i) fc[i] = col0 + static_cast<std::size_t>(f[i].data() - line.data());
  if (f.size() < 3 || f.size() > 5)
    throw ParseError(line_no, col0, "expected N|givens|regions[|solution[|title]] or N|RxC|cages[|solution[|title]], got " +
                                        std::to_string(f.size()) + " fields");
  const int n = to_int(f[0], line_no, fc[0], "N");
  if (n < 1 || n > 25) throw ParseError(line_no, fc[0], "N must be 1..25, got " + std::to_string(n));
  std::string_view second = f[1];
  if (second.substr(0, 3) == "box") second.remove_prefix(3);
  if (auto box = Shape::parse(second); box && second.find_first_of("xX") != std::string_view::npos) {
    if (box->n() != n) throw ParseError(line_no, fc[1], "box " + box->str() + " does not fit N = " + std::to_string(n));
    if (auto why = box_shape_problem(*box, false)) throw ParseError(line_no, fc[1], *why);
    p.model = parse_killer_fields(*box, n, f[2], fc[2], line_no, opt);
  } else {
    p.model = parse_jigsaw_fields(n, f[1], fc[1], f[2], fc[2], line_no, opt);
  }
  if (f.size() >= 4 && !f[3].empty()) p.expected = parse_symbols(f[3], n, line_no, fc[3], "solution");
  // A fifth field is the puzzle's title (collections name their puzzles).
  if (f.size() == 5) p.title = std::string(trim_line(f[4]).text);
  return p;
}

// "puzzle:solution", "puzzle:count:solution" or "puzzle solution".
//  - After ':' (the collections' and generate's layout) the last ':' field, up to a blank, is the
//    listed solution: empty lists none ("puzzle:count:", as generate writes a puzzle with other
//    than one solution); a lone field of digits shorter than a solution is a count ("puzzle:0");
//    anything else must be the whole solution, n*n symbols of the grid, or the line is an error at
//    the field's column. A cut-short or junk field used to be dropped without a
//    word and the puzzle solved as if none were listed, while a full-length wrong one was an error.
//  - After a blank a grid-sized last field is taken as the solution when it reads as one; anything
//    else is left alone (free text: a name, a rating).
void read_trailing_solution(Puzzle& p, std::string_view line, std::size_t end, std::size_t line_no, std::size_t col0, int n) {
  if (end == std::string_view::npos) return;
  std::string_view rest = line.substr(end + 1);
  const std::size_t cells = static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
  if (line[end] == ':') {
    rest = rest.substr(0, rest.find_first_of(" \t"));
    const auto colon = rest.rfind(':');
    std::string_view field = colon == std::string_view::npos ? rest : rest.substr(colon + 1);
    if (field.empty()) return;
    // "puzzle:count" (the collections' layout with counts, e.g. "...:0" for no solution): a lone
    // field of decimal digits shorter than a solution is the count, not a solution. A cut-short
    // solution comes after a count ("puzzle:count:solution", as generate writes it) and is caught.
    const bool lone = colon == std::string_view::npos;
    if (lone && field.size() < cells && field.find_first_not_of("0123456789") == std::string_view::npos) return;
    const std::size_t col = col0 + static_cast<std::size_t>(field.data() - line.data());
    if (field.size() != cells)
      throw ParseError(line_no, col + std::min(field.size(), cells),
                       "the solution after ':' has " + std::to_string(field.size()) + " symbol" +
                           (field.size() == 1 ? "" : "s") + ", not " + std::to_string(cells) +
                           ": list the whole solution, or leave the field empty ('puzzle:count:' lists none)");
    p.expected = parse_symbols(field, n, line_no, col, "solution");
    return;
  }
  const auto last = rest.find_last_of(" \t:");
  std::string_view sol = last == std::string_view::npos ? rest : rest.substr(last + 1);
  if (sol.size() != cells) return;
  try {
    p.expected = parse_symbols(sol, n, line_no, col0 + static_cast<std::size_t>(sol.data() - line.data()), "solution");
  } catch (const ParseError&) {
    p.expected.clear();
  }
}

// A grid line: n*n symbols (n from the length, or the cells of opt.shape's boxes), possibly
// followed by other fields.
Puzzle parse_grid_line(std::string_view line, std::size_t line_no, std::size_t col0, const ReadOptions& opt) {
  Puzzle p;
  p.line = line_no;
  const auto end = line.find_first_of(" \t:");
  std::string_view grid = line.substr(0, end);
  const int len = static_cast<int>(grid.size());
  int n = static_cast<int>(std::lround(std::sqrt(static_cast<double>(len))));
  std::optional<Shape> box = opt.shape;
  if (box) {
    if (auto why = box_shape_problem(*box, false)) throw ParseError(line_no, col0, *why);
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
  p.model = build(
      *box, opt.rules, std::move(givens), {}, {}, [&] { return Pos{line_no, col0}; },
      [&](int cell, int) { return Pos{line_no, col0 + static_cast<std::size_t>(cell)}; });
  read_trailing_solution(p, line, end, line_no, col0, n);
  return p;
}

}  // namespace

std::optional<Puzzle> parse_puzzle_line(std::string_view raw, std::size_t line_no, const ReadOptions& opt) {
  const auto [line, col0] = trim_line(raw);
  if (line.empty() || line.front() == '#') return std::nullopt;
  if (auto why = misplaced_document_line(line)) throw ParseError(line_no, col0, *why);
  if (line.front() == '{') return parse_puzzle_json(line, line_no, opt, col0);
  if (line.find('|') != std::string_view::npos) return parse_collection_line(line, line_no, col0, opt);
  // A name first: read the rest as the line, the name blanked so that columns stay the input's.
  if (const std::size_t skip = leading_name(line, opt)) {
    std::string rest(col0 - 1 + skip, ' ');
    rest += line.substr(skip);
    // The rest can be a comment ("name #..."): a name with no puzzle is an error, never an
    // empty item (the reader's contract is a puzzle or an error; found by the fuzzer).
    if (auto p = parse_puzzle_line(rest, line_no, opt)) return p;
    throw ParseError(line_no, col0 + skip,
                     "a name ('" + std::string(line.substr(0, line.find_first_of(" \t"))) +
                         "') but no puzzle after it ('#' starts a comment only at the start of a line)");
  }
  return parse_grid_line(line, line_no, col0, opt);
}

Puzzle parse_puzzle_json(std::string_view text, std::size_t line_no, const ReadOptions& opt, std::size_t column_no) {
  return parse_json_spec(JsonText{text, Pos{line_no, column_no}}, opt);
}

std::vector<PuzzleReader::Item> parse_puzzle_document(std::string_view text, std::size_t line_no, const ReadOptions& opt) {
  std::vector<PuzzleReader::Item> items;
  for (auto& raw : split_document(text, line_no)) items.push_back(parse_raw(std::move(raw), opt));
  return items;
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

// One line of at most kMaxLineBytes bytes. std::getline has no bound: `solve /dev/zero` grew
// by 0.5 GB/s, and under a memory limit the failed allocation set the stream's badbit, which
// ended the input silently (exit 0, the rest of the file unread). Here a longer line stops at
// the bound and the caller reports it; the rest of it is skipped later, in constant memory
// (skip_line). The stream buffer is read directly (sbumpc), so an exception (an allocation
// failing after all) reaches the caller instead of becoming end of input; a read error (a
// directory, a closed descriptor, EIO), which libstdc++'s file buffer throws as
// ios_base::failure, becomes an IoError naming the system error.
namespace {

enum class LineRead { Line, TooLong, End };

// The next byte, or eof; a read error as IoError.
std::char_traits<char>::int_type next_byte(std::streambuf* sb) {
  errno = 0;
  try {
    return sb->sbumpc();
  } catch (const std::ios_base::failure&) {
    const int e = errno;
    throw IoError(std::string("cannot read the input: ") + (e ? std::strerror(e) : "read error"));
  }
}

LineRead read_line(std::istream& in, std::string& line) {
  line.clear();
  std::streambuf* sb = in.rdbuf();
  using Traits = std::char_traits<char>;
  if (!in.good() || !sb) return LineRead::End;
  for (;;) {
    const auto c = next_byte(sb);
    if (Traits::eq_int_type(c, Traits::eof())) {
      in.setstate(std::ios::eofbit);
      return line.empty() ? LineRead::End : LineRead::Line;
    }
    if (c == '\n') return LineRead::Line;
    if (line.size() == kMaxLineBytes) {
      sb->sungetc();
      return LineRead::TooLong;
    }
    line.push_back(Traits::to_char_type(c));
  }
}

// The next line: a held one first (read ahead after a multi-line grid, already counted), else a
// new one from the stream, counted.
LineRead pull(std::istream& in, std::optional<std::string>& held, bool held_long, std::size_t& line_no, std::string& line) {
  if (held) {
    line = std::move(*held);
    held.reset();
    return held_long ? LineRead::TooLong : LineRead::Line;
  }
  const LineRead got = read_line(in, line);
  if (got != LineRead::End) ++line_no;
  return got;
}

// Skips to the end of the current line (after a TooLong), in constant memory.
void skip_line(std::istream& in) {
  std::streambuf* sb = in.rdbuf();
  using Traits = std::char_traits<char>;
  for (;;) {
    const auto c = next_byte(sb);
    if (Traits::eq_int_type(c, Traits::eof())) {
      in.setstate(std::ios::eofbit);
      return;
    }
    if (c == '\n') return;
  }
}

}  // namespace

bool PuzzleReader::next_raw(Raw& raw) {
  raw = Raw{};
  if (pending_pos_ < pending_.size()) {
    raw = std::move(pending_[pending_pos_++]);
    return true;
  }
  if (skip_rest_) {
    skip_line(in_);
    skip_rest_ = false;
  }
  std::string line;
  for (LineRead got; (got = pull(in_, held_, held_long_, line_no_, line)) != LineRead::End;) {
    if (got == LineRead::TooLong) {
      // Reported at once (the rest of the line may never end: /dev/zero), skipped on the next call.
      skip_rest_ = true;
      first_ = false;
      raw.line = line_no_;
      raw.parsed = error_item(ParseError(line_no_, kMaxLineBytes + 1,
                                         "line longer than " + std::to_string(kMaxLineBytes) +
                                             " bytes (1 MiB, the limit of every input line): skipped"));
      return true;
    }
    // A UTF-8 byte-order mark (as some editors write) is not part of the first line; columns
    // count from after it, as the editor shows them.
    if (line_no_ == 1 && line.compare(0, 3, "\xEF\xBB\xBF") == 0) line.erase(0, 3);
    std::string_view v = line;
    while (!v.empty() && (v.back() == '\r' || v.back() == ' ' || v.back() == '\t')) v.remove_suffix(1);
    while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
    if (v.empty() || v.front() == '#') continue;
    if (first_ && (v == "{" || (v.front() == '[' && !starts_grid_block(v, opt_)))) {
      // A whole JSON document: read the rest of the input and cut it into its elements here
      // (serial, a linear scan); parse() parses each element, on any thread.
      first_ = false;
      std::string doc = std::move(line);
      const std::size_t start = line_no_;
      std::string more;
      for (LineRead got; (got = read_line(in_, more)) != LineRead::End;) {
        ++line_no_;
        if (got == LineRead::TooLong) {
          skip_line(in_);
          pending_ = {};
          Raw bad;
          bad.line = line_no_;
          bad.parsed = error_item(ParseError(line_no_, kMaxLineBytes + 1,
                                             "line longer than " + std::to_string(kMaxLineBytes) +
                                                 " bytes (1 MiB, the limit of every input line) in the JSON document "
                                                 "that starts at line " + std::to_string(start) + ": the document is not read"));
          pending_.push_back(std::move(bad));
          for (std::string rest; read_line(in_, rest) != LineRead::End;) ++line_no_;
          pending_pos_ = 0;
          raw = std::move(pending_[pending_pos_++]);
          return true;
        }
        doc += '\n';
        doc += more;
      }
      pending_ = split_document(doc, start);
      pending_pos_ = 0;
      if (pending_.empty()) return false;
      raw = std::move(pending_[pending_pos_++]);
      return true;
    }
    first_ = false;
    raw.line = line_no_;
    if (starts_grid_block(v, opt_)) {
      // A multi-line grid (grid_text.hpp): its lines up to the last row and a rule line after
      // it; the line after that is held for the next call.
      const GridLineInfo g0 = classify_grid_line(v);
      int n = g0.kind == GridLineKind::Row ? g0.cells : 0, rows = n ? 1 : 0;
      std::string block = std::move(line), more;
      int block_lines = 1;
      for (LineRead got2; (got2 = pull(in_, held_, held_long_, line_no_, more)) != LineRead::End;) {
        const TrimmedLine t = trim_line(more);
        // At most 2n+1 lines of a 25x25 drawn grid and a rule (a file of rule lines must not
        // grow one block without bound).
        const bool fits = got2 == LineRead::Line && block_lines < 2 * 25 + 2 &&
                          (rows == n && n > 0 ? classify_grid_line(t.text).kind == GridLineKind::Rule
                                              : continues_grid_block(t.text, rows, n, opt_));
        if (!fits) {
          held_ = std::move(more);
          held_long_ = got2 == LineRead::TooLong;
          break;
        }
        const GridLineInfo g = classify_grid_line(t.text);
        if (g.kind == GridLineKind::Row) {
          if (n == 0) n = g.cells;
          ++rows;
        }
        block += '\n';
        block += more;
        ++block_lines;
        if (rows == n && n > 0 && g.kind == GridLineKind::Rule) break;
      }
      raw.text = std::move(block);
      raw.block = true;
      return true;
    }
    raw.text = std::move(line);
    return true;
  }
  return false;
}


PuzzleReader::Item PuzzleReader::parse(Raw raw) const { return parse_raw(std::move(raw), opt_); }

std::string format_line(const std::vector<int>& grid, int n) {
  std::string s;
  s.reserve(grid.size());
  for (int d : grid) s += digit_symbol(d);
  (void)n;
  return s;
}

std::string format_pretty(const Model& m, const std::vector<int>& grid) { return format_drawn(m, grid); }

}  // namespace gridenum
