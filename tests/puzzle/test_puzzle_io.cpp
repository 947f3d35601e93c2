// The puzzle readers: every format, and every bad-input case reports its line and column.
#include <gtest/gtest.h>

#include <algorithm>

#include <new>
#include <sstream>
#include <streambuf>

#include "gridenum/puzzle/puzzle_io.hpp"
#include "gridenum/puzzle/puzzle_write.hpp"
#include "solve_fixtures.hpp"

using namespace gridenum;

namespace {
ParseError line_error_of(const std::string& line, const ReadOptions& opt = {}) {
  try {
    parse_puzzle_line(line, 7, opt);
  } catch (const ParseError& e) {
    return e;
  }
  ADD_FAILURE() << "no error for: " << line;
  return ParseError(0, 0, "");
}
using gridenum::testing::kClassic;
using gridenum::testing::read_all;
// Expects an error item at `line`, `column` whose message contains `text`.
void expect_error(const PuzzleReader::Item& it, std::size_t line, std::size_t column, const std::string& text) {
  ASSERT_TRUE(it.error) << "expected an error at line " << line;
  EXPECT_FALSE(it.puzzle);
  EXPECT_EQ(it.error->line, line) << it.error->what();
  EXPECT_EQ(it.error->column, column) << it.error->what();
  EXPECT_NE(it.error->message.find(text), std::string::npos) << it.error->what();
}
// Expects a puzzle item starting at `line` with side `n`.
void expect_puzzle(const PuzzleReader::Item& it, std::size_t line, int n) {
  ASSERT_TRUE(it.puzzle) << (it.error ? it.error->what() : "no puzzle");
  EXPECT_EQ(it.line, line);
  EXPECT_EQ(it.puzzle->line, line);
  EXPECT_EQ(it.puzzle->model.n, n);
}
}  // namespace

TEST(PuzzleIo, ClassicLine) {
  auto p = parse_puzzle_line(kClassic, 3);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->model.n, 9);
  EXPECT_EQ(p->model.givens[3], 5);
  EXPECT_EQ(p->model.givens[0], 0);
  EXPECT_EQ(p->line, 3u);
  std::string zeros = kClassic;
  for (auto& c : zeros)
    if (c == '.') c = '0';
  EXPECT_EQ(parse_puzzle_line(zeros, 1)->model.givens, p->model.givens);
  EXPECT_FALSE(parse_puzzle_line("# comment", 1));
  EXPECT_FALSE(parse_puzzle_line("   ", 1));
  // Extra fields after the grid: "puzzle:count:solution", CRLF.
  EXPECT_TRUE(parse_puzzle_line(kClassic + ":1:", 1));
  EXPECT_TRUE(parse_puzzle_line(kClassic + "\r", 1));
}

TEST(PuzzleIo, SizesAndSymbols) {
  EXPECT_EQ(parse_puzzle_line(std::string(16, '.'), 1)->model.box, (Shape{2, 2}));
  EXPECT_EQ(parse_puzzle_line(std::string(36, '.'), 1)->model.box, (Shape{2, 3}));
  EXPECT_EQ(parse_puzzle_line(std::string(144, '.'), 1)->model.box, (Shape{3, 4}));
  EXPECT_EQ(parse_puzzle_line(std::string(625, '.'), 1)->model.box, (Shape{5, 5}));
  ReadOptions o;
  o.shape = Shape{2, 6};
  EXPECT_EQ(parse_puzzle_line(std::string(144, '.'), 1, o)->model.box, (Shape{2, 6}));
  std::string s(256, '.');
  s[0] = 'G';
  s[1] = 'a';
  auto p = parse_puzzle_line(s, 1);
  EXPECT_EQ(p->model.givens[0], 16);
  EXPECT_EQ(p->model.givens[1], 10);
  EXPECT_EQ(digit_symbol(16), 'G');
  EXPECT_EQ(symbol_digit('g'), 16);
}

TEST(PuzzleIo, CollectionLines) {
  auto j = parse_puzzle_line("4|..43...1.2......|1113133322442244|2143342112344312", 2);
  ASSERT_TRUE(j);
  EXPECT_TRUE(j->model.rules & kRuleJigsaw);
  EXPECT_EQ(j->model.region[0], j->model.region[1]);
  EXPECT_EQ(j->expected.size(), 16u);
  auto k = parse_puzzle_line("4|2x2|9:0,1,4;8:2,6,10;3:3,7;7:5,9,13;4:8,12;9:11,14,15|2341413232141423", 3);
  ASSERT_TRUE(k);
  EXPECT_TRUE(k->model.rules & kRuleKiller);
  ASSERT_EQ(k->model.cages.size(), 6u);
  EXPECT_EQ(k->model.cages[0].sum, 9);
  EXPECT_EQ(k->model.cages[0].cells, (std::vector<int>{0, 1, 4}));
  EXPECT_TRUE(satisfies(k->model, k->expected));
}

TEST(PuzzleIo, Json) {
  auto p = parse_puzzle_line(R"({"shape":"2x2","rules":["x"],"givens":"1..............."})", 4);
  ASSERT_TRUE(p);
  EXPECT_TRUE(p->model.rules & kRuleX);
  EXPECT_EQ(p->model.givens[0], 1);
  auto k = parse_puzzle_line(R"({"shape":"2x2","rules":"killer,x","cages":[{"sum":3,"cells":[0,1]}]})", 1);
  ASSERT_EQ(k->model.cages.size(), 1u);
  EXPECT_TRUE(k->model.rules & kRuleX);
  auto r = parse_puzzle_line(R"({"shape":"2x2","regions":[0,0,1,1,0,0,1,1,2,2,3,3,2,2,3,3]})", 1);
  EXPECT_TRUE(r->model.rules & kRuleJigsaw);
  const auto doc = parse_puzzle_document("[{\"shape\":\"2x2\"},\n{\"shape\":\"2x3\"}]", 1);
  ASSERT_EQ(doc.size(), 2u);
  ASSERT_TRUE(doc[1].puzzle);
  EXPECT_EQ(doc[1].puzzle->model.n, 6);
  EXPECT_EQ(doc[1].line, 2u);
}

TEST(PuzzleIo, BadInputNamesLineAndColumn) {
  // Wrong length: 80 characters.
  auto e = line_error_of(kClassic.substr(0, 80));
  EXPECT_EQ(e.line, 7u);
  EXPECT_EQ(e.column, 81u);
  EXPECT_NE(e.message.find("length"), std::string::npos);
  // Bad character at column 5.
  std::string bad = kClassic;
  bad[4] = 'x';
  e = line_error_of(bad);
  EXPECT_EQ(e.column, 5u);
  EXPECT_NE(e.message.find("'x'"), std::string::npos);
  // Digit out of range for the size: '5' in a 4x4.
  e = line_error_of("...5............");
  EXPECT_EQ(e.column, 4u);
  // Contradicting givens: the second 5 in row 1 (column 9), and a box clash.
  std::string clash = kClassic;
  clash[8] = '5';
  e = line_error_of(clash);
  EXPECT_EQ(e.column, 9u);
  EXPECT_NE(e.message.find("contradicts"), std::string::npos);
  // Malformed JSON: column of the bad token.
  e = line_error_of(R"({"shape": "2x2", "givens": 12x})");
  EXPECT_EQ(e.line, 7u);
  EXPECT_GE(e.column, 29u);
  EXPECT_LE(e.column, 31u);
  EXPECT_NE(e.message.find("JSON"), std::string::npos);
  e = line_error_of(R"({"shape": "9x9"})");
  EXPECT_NE(e.message.find("shape"), std::string::npos);
  e = line_error_of(R"({"shape": "2x2", "rules": "sideways"})");
  EXPECT_NE(e.message.find("sideways"), std::string::npos);
  // A cage that cannot reach its sum: 2 cells summing to 20 in a 4x4 (max 7); column of the cage.
  e = line_error_of("4|2x2|3:0,1;20:2,3;7:4,8;4:5,9;6:6,10;3:7,11;6:12,13;4:14,15|");
  EXPECT_EQ(e.column, 13u);
  EXPECT_NE(e.message.find("cannot reach"), std::string::npos);
  // Cage cell out of range, cell in two cages, bad sum.
  EXPECT_EQ(line_error_of("4|2x2|3:0,16|").column, 11u);
  EXPECT_NE(line_error_of("4|2x2|3:0,1;3:1,2|").message.find("two cages"), std::string::npos);
  EXPECT_EQ(line_error_of("4|2x2|x:0,1|").column, 7u);
  // Jigsaw: region with too many cells; givens of the wrong length.
  EXPECT_NE(line_error_of("4|................|1111133322442244|").message.find("region"), std::string::npos);
  EXPECT_EQ(line_error_of("4|...............|1113133322442244|").line, 7u);
  // Windoku needs 3x3 boxes.
  ReadOptions w;
  w.rules = kRuleWindoku;
  EXPECT_EQ(line_error_of(std::string(16, '.'), w).line, 7u);
}

// check_consistency names the first cell, in reading order, that repeats an earlier cell's digit,
// whatever the order of the unit's cells (here a unit listed backwards, as a user's cage or
// region may be), and leaves consistent givens alone.
TEST(PuzzleIo, ConsistencyNamesTheLaterClashingCell) {
  std::vector<int> g(16, 0);
  g[0] = 1;  // r1c1
  g[3] = 1;  // r1c4: the later of the row's two 1s
  Model m = make_model(Shape{2, 2}, kRuleClassic, g);
  std::string why;
  EXPECT_EQ(check_consistency(m, &why), 3);
  EXPECT_EQ(why, "given 1 at r1c4 contradicts the same digit at r1c1");
  for (auto& u : m.units) std::reverse(u.cells.begin(), u.cells.end());
  why.clear();
  EXPECT_EQ(check_consistency(m, &why), 3);
  EXPECT_EQ(why, "given 1 at r1c4 contradicts the same digit at r1c1");
  g[3] = 2;
  EXPECT_EQ(check_consistency(make_model(Shape{2, 2}, kRuleClassic, g), &why), -1);
}

TEST(PuzzleIo, StreamReaderContinuesAfterErrors) {
  std::istringstream in("# header\n" + kClassic + "\nbad line\n\n" + kClassic.substr(1) + "\n" + kClassic + "\n");
  PuzzleReader r(in);
  PuzzleReader::Item it;
  std::vector<std::pair<std::size_t, bool>> seen;
  while (r.next(it)) seen.emplace_back(it.line, it.puzzle.has_value());
  ASSERT_EQ(seen.size(), 4u);
  EXPECT_EQ(seen[0], std::make_pair(std::size_t{2}, true));
  EXPECT_EQ(seen[1], std::make_pair(std::size_t{3}, false));
  EXPECT_EQ(seen[2], std::make_pair(std::size_t{5}, false));
  EXPECT_EQ(seen[3], std::make_pair(std::size_t{6}, true));
}

TEST(PuzzleIo, StreamReaderJsonDocument) {
  std::istringstream in("[\n  {\"shape\": \"2x2\"},\n  {\"shape\": \"3x3\"}\n]\n");
  PuzzleReader r(in);
  PuzzleReader::Item it;
  int n = 0;
  while (r.next(it)) {
    ASSERT_TRUE(it.puzzle);
    ++n;
  }
  EXPECT_EQ(n, 2);
  std::istringstream bad("{\n  \"shape\": \"2x2\",\n  \"givens\": [1, 2,, 3]\n}\n");
  PuzzleReader rb(bad);
  ASSERT_TRUE(rb.next(it));
  ASSERT_TRUE(it.error);
  EXPECT_EQ(it.error->line, 3u);
  // A number beyond double's range is not a syntax error to the JSON parser but an out_of_range
  // exception; found by the fuzzer, it must still come back as a ParseError naming the line and
  // column of the number.
  std::istringstream huge("[\n {\"shape\": \"3x3\", \"cells\": 33.2e4455}\n]\n");
  PuzzleReader rh(huge);
  ASSERT_TRUE(rh.next(it));
  ASSERT_TRUE(it.error);
  EXPECT_EQ(it.error->line, 2u);
  EXPECT_EQ(it.error->column, 28u);
  EXPECT_NE(it.error->message.find("JSON"), std::string::npos) << it.error->message;
  EXPECT_FALSE(rh.next(it));
}

// A whole-input JSON array: each element is its own item, so a bad element costs only its own
// item, and its error names its real line and column in the document (audit files doc1, doc2,
// doc3, doc4).
TEST(PuzzleIo, JsonDocumentBadElementKeepsTheOthers) {
  // A bad middle element between two good ones: its error at its own line:column, the others
  // read. {middle element, its error's column and text, the last element and its size}.
  struct Case {
    const char* middle;
    std::size_t column;
    const char* error;
    const char* last;
    int last_n;
  };
  const Case cases[] = {
      // A clash in the givens: the second '1' of the givens string.
      {R"({"shape":"2x2","givens":"11.............."})", 28, "given 1 at r1c2 contradicts",
       R"({"shape":"2x2","givens":"1..............."})", 4},
      // A syntax error inside the element (an empty array entry).
      {R"({"shape":"2x2", "givens": [1,,2]})", 31, "malformed JSON: syntax error", R"({"shape":"2x2"})", 4},
      // A number beyond double's range: the number's position.
      {R"({"shape":"2x2", "givens": 33.2e4455})", 28, "number overflow", R"({"shape":"2x3"})", 6},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.middle);
    const auto items = read_all(std::string("[\n {\"shape\":\"2x2\",\"givens\":\"1...............\"},\n ") + c.middle +
                                ",\n " + c.last + "\n]\n");
    ASSERT_EQ(items.size(), 3u);
    expect_puzzle(items[0], 2, 4);
    expect_error(items[1], 3, c.column, c.error);
    EXPECT_EQ(items[1].line, 3u);
    expect_puzzle(items[2], 4, c.last_n);
  }
  std::vector<PuzzleReader::Item> items;
  // Two elements on one line, the second bad: its column counts from the line's start.
  items = read_all("[{\"shape\":\"2x2\"}, {\"shape\":\"2x2\",\"givens\":\"5...............\"}]\n");
  ASSERT_EQ(items.size(), 2u);
  expect_puzzle(items[0], 1, 4);
  expect_error(items[1], 1, 44, "bad character '5'");
  // An element that is not an object.
  items = read_all("[\n  7,\n  {\"shape\":\"2x2\"}\n]\n");
  ASSERT_EQ(items.size(), 2u);
  expect_error(items[0], 2, 3, "must be an object");
  expect_puzzle(items[1], 3, 4);
}

// Content errors of a spec are placed at the value they are about, not at the spec's start.
TEST(PuzzleIo, JsonErrorsNameTheValue) {
  // A whole-input object: a cage that cannot reach its sum, on line 4 (audit file doc4.json).
  auto items = read_all(
      "{\n"
      " \"shape\":\"2x2\",\n"
      " \"givens\":\"1...............\",\n"
      " \"cages\": [{\"sum\": 99, \"cells\":[0,1]}]\n"
      "}\n");
  ASSERT_EQ(items.size(), 1u);
  expect_error(items[0], 4, 12, "cage 1 (2 cells at r1c1) cannot reach its sum 99");
  // In a one-line spec: the entry of a givens array, a cage cell, a cage sum, the shape, a rule.
  const std::string head = R"({"shape": "2x2", )";  // 17 columns
  auto e = line_error_of(head + R"("givens": [0,0,0,7,0,0,0,0,0,0,0,0,0,0,0,0]})");
  EXPECT_EQ(e.line, 7u);
  EXPECT_EQ(e.column, 35u);
  EXPECT_EQ(e.message, "\"givens\": entry 7 out of range 0..4");
  e = line_error_of(head + R"("givens": [0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,1]})");
  EXPECT_EQ(e.column, 59u);  // the later 1, in column 4 as the first
  EXPECT_NE(e.message.find("contradicts"), std::string::npos);
  // An integer beyond int is out of range, not wrapped to a small digit.
  e = line_error_of(head + R"("givens": [4294967297,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]})");
  EXPECT_EQ(e.column, 29u);
  EXPECT_NE(e.message.find("out of range"), std::string::npos);
  e = line_error_of(head + R"("cages": [{"sum": 3, "cells": [0, 16]}]})");
  EXPECT_EQ(e.column, 52u);
  EXPECT_EQ(e.message, "cage cell 16 out of range 0..15");
  e = line_error_of(head + R"("cages": [{"sum": 4294967299, "cells": [0, 1]}]})");
  EXPECT_EQ(e.column, 36u);
  EXPECT_NE(e.message.find("out of range"), std::string::npos);
  e = line_error_of(head + R"("cages": [{"sum": 3, "cells": [0, 1]}, {"sum": 3.5, "cells": [2, 3]}]})");
  EXPECT_EQ(e.column, 57u);
  EXPECT_NE(e.message.find("each cage must be"), std::string::npos);
  e = line_error_of(R"({"rules": ["x", "sideways"]})");
  EXPECT_EQ(e.column, 17u);
  EXPECT_NE(e.message.find("sideways"), std::string::npos);
  e = line_error_of(R"({"givens": "", "shape": "5x6"})");
  EXPECT_EQ(e.column, 25u);
  EXPECT_EQ(e.message, "shape 5x6: n = 30 is more than 25; box shape 5x6 gives 30x30 grids (30 digits)");
  // A regions array with a region of too many cells: the first cell too many.
  e = line_error_of(head + R"("regions": [0,0,0,0,0,1,1,1,2,2,2,2,3,3,3,3]})");
  EXPECT_EQ(e.column, 38u);
  EXPECT_NE(e.message.find("region 0 has more than 4 cells"), std::string::npos);
  // A JSON line indented by two spaces: columns count the indent.
  e = line_error_of("  " + head + R"("givens": "..5............."})");
  EXPECT_EQ(e.column, 33u);
  EXPECT_NE(e.message.find("bad character '5'"), std::string::npos);
}

// Brackets that do not balance end the document with an error at the right place, after the
// elements that came before; commas that are missing or doubled cost one error item.
TEST(PuzzleIo, JsonDocumentStructureErrors) {
  const std::string good = R"( {"shape":"2x2"})";
  // The closing ']' missing: the elements are read, then the end of input is reported.
  auto items = read_all("[\n" + good + ",\n" + good + "\n");
  ASSERT_EQ(items.size(), 3u);
  expect_puzzle(items[0], 2, 4);
  expect_puzzle(items[1], 3, 4);
  expect_error(items[2], 3, 17, "unexpected end of input; expected ']' (the array opened at line 1, column 1)");
  // A mismatched bracket inside the second element: its parse names it; the rest is not read.
  items = read_all("[\n" + good + ",\n {\"givens\": [1, 2}\n," + good + "\n]\n");
  ASSERT_EQ(items.size(), 2u);
  expect_puzzle(items[0], 2, 4);
  expect_error(items[1], 3, 18, "malformed JSON: syntax error while parsing array - unexpected '}'");
  // An element that never closes: the end of input, in that element.
  items = read_all("[\n" + good + ",\n {\"shape\":\"2x2\"\n");
  ASSERT_EQ(items.size(), 2u);
  expect_puzzle(items[0], 2, 4);
  expect_error(items[1], 3, 16, "unexpected end of input");
  // An unclosed string ends at its line: only its element fails (when its closing bracket is on
  // a later line, as here; a closer inside the string is lost with it).
  items = read_all("[\n {\"shape\":\"2x2\",\n  \"givens\":\"1...............\n },\n" + good + "\n]\n");
  ASSERT_EQ(items.size(), 2u);
  expect_error(items[0], 3, 29, "control character");
  expect_puzzle(items[1], 5, 4);
  // A missing comma: an error in place of the element after it; a doubled and a trailing comma.
  items = read_all("[\n" + good + "\n" + good + ",\n" + good + "\n]\n");
  ASSERT_EQ(items.size(), 3u);
  expect_puzzle(items[0], 2, 4);
  expect_error(items[1], 3, 2, "unexpected '{'; expected ',' or ']'");
  expect_puzzle(items[2], 4, 4);
  items = read_all("[" + good + ",," + good + ",]");
  ASSERT_EQ(items.size(), 4u);
  expect_puzzle(items[0], 1, 4);
  expect_error(items[1], 1, 19, "unexpected ','");
  expect_puzzle(items[2], 1, 4);
  expect_error(items[3], 1, 37, "unexpected ']'");
  // Text after the document (audit file mix.json): the object is read, the text reported.
  items = read_all("{\n \"shape\":\"2x2\"\n}\n" + kClassic + "\n");
  ASSERT_EQ(items.size(), 2u);
  expect_puzzle(items[0], 1, 4);
  expect_error(items[1], 4, 1, "text after the end of the JSON document");
  // An empty array holds no puzzles; a lone '[' is an unclosed array.
  EXPECT_TRUE(read_all("[\n]\n").empty());
  items = read_all("[\n");
  ASSERT_EQ(items.size(), 1u);
  expect_error(items[0], 1, 2, "expected ']'");
}

// A line that would open a JSON document anywhere but at the start of the input gets a message
// saying where documents are read, not "wrong length" (audit file mix2.json).
TEST(PuzzleIo, JsonArrayOnlyAsTheWholeInput) {
  const auto items = read_all(kClassic + "\n  [\n{\"shape\":\"2x2\"}\n]\n[{\"shape\":\"2x2\"}]\n");
  ASSERT_EQ(items.size(), 5u);
  expect_puzzle(items[0], 1, 9);
  expect_error(items[1], 2, 3, "a JSON array, or a JSON object over several lines, is only read as the whole input");
  EXPECT_NE(items[1].error->message.find("first non-blank line"), std::string::npos);
  expect_puzzle(items[2], 3, 4);
  expect_error(items[3], 4, 1, "only read as the whole input");
  expect_error(items[4], 5, 1, "only read as the whole input");
  EXPECT_NE(line_error_of("{").message.find("only read as the whole input"), std::string::npos);
}

// A cell may be in one cage, once. Both readers reject a repeat with the one shared check, at the
// repeated listing (audit files dup.json, dup3.json, overlap.json).
TEST(PuzzleIo, CageCellsAreNotRepeated) {
  // dup.json: the second 0 of "cells":[0,0] is column 62.
  auto e = line_error_of(R"({"shape":"2x2","rules":"killer","cages":[{"sum":2,"cells":[0,0]}]})");
  EXPECT_EQ(e.line, 7u);
  EXPECT_EQ(e.column, 62u);
  EXPECT_EQ(e.message, "cell 0 is twice in cage 1");
  // overlap.json: cell 1 in the second cage, column 84.
  e = line_error_of(R"({"shape":"2x2","rules":"killer","cages":[{"sum":3,"cells":[0,1]},{"sum":3,"cells":[1,4]}]})");
  EXPECT_EQ(e.column, 84u);
  EXPECT_EQ(e.message, "cell 1 is in two cages (1 and 2)");
  // The same wording in the killer line format, at the repeated cell.
  e = line_error_of("4|2x2|3:0,1;3:1,2|");
  EXPECT_EQ(e.column, 15u);
  EXPECT_EQ(e.message, "cell 1 is in two cages (1 and 2)");
  e = line_error_of("4|2x2|3:0,0|");
  EXPECT_EQ(e.column, 11u);
  EXPECT_EQ(e.message, "cell 0 is twice in cage 1");
  // In a document the other elements are still read.
  const auto items = read_all("[\n {\"shape\":\"2x2\",\"cages\":[{\"sum\":3,\"cells\":[0,0]}]},\n {\"shape\":\"2x2\"}\n]\n");
  ASSERT_EQ(items.size(), 2u);
  expect_error(items[0], 2, 46, "cell 0 is twice in cage 1");
  expect_puzzle(items[1], 3, 4);
}

// A UTF-8 byte-order mark at the start of the input is skipped (audit file bom.txt); columns
// count from after it. Elsewhere it is an ordinary (bad) character.
TEST(PuzzleIo, ByteOrderMarkIsSkipped) {
  const std::string bom = "\xEF\xBB\xBF";
  auto items = read_all(bom + kClassic + "\n");
  ASSERT_EQ(items.size(), 1u);
  expect_puzzle(items[0], 1, 9);
  items = read_all(bom + "[\n {\"shape\":\"2x2\"}\n]\n");
  ASSERT_EQ(items.size(), 1u);
  expect_puzzle(items[0], 2, 4);
  items = read_all(bom + "x" + kClassic.substr(1) + "\n" + bom + kClassic + "\n");
  ASSERT_EQ(items.size(), 2u);
  expect_error(items[0], 1, 1, "bad character 'x'");
  ASSERT_TRUE(items[1].error);
  EXPECT_EQ(items[1].error->line, 2u);
}

// Boxes need at least 2 rows and 2 columns in every format; only a jigsaw, whose regions replace
// the boxes, may give a 1xN shape to set n.
TEST(PuzzleIo, OneRowBoxesAreRejected) {
  auto e = line_error_of(R"({"shape":"1x4"})");
  EXPECT_EQ(e.column, 10u);
  EXPECT_EQ(e.message, "box shape 1x4 is degenerate: a box of one row is a whole row, so the 4x4 grid would be a Latin "
                       "square, not a Sudoku; boxes need at least 2 rows and 2 columns, and for 4x4 grids the box shape is "
                       "2x2 (a 1xN shape only sets n for a jigsaw)");
  EXPECT_EQ(line_error_of(R"({"shape":"4x1","rules":"x"})").column, 10u);
  ReadOptions o;
  o.shape = Shape{1, 25};
  e = line_error_of(std::string(625, '.'), o);
  EXPECT_EQ(e.column, 1u);
  EXPECT_NE(e.message.find("box shape 1x25 is degenerate"), std::string::npos);
  EXPECT_NE(e.message.find("for 25x25 grids the box shape is 5x5"), std::string::npos);
  o.shape = Shape{4, 8};
  EXPECT_NE(line_error_of(std::string(1024, '.'), o).message.find("more than 25"), std::string::npos);
  e = line_error_of("4|1x4|10:0,1,2,3|");
  EXPECT_EQ(e.column, 3u);
  EXPECT_NE(e.message.find("box shape 1x4"), std::string::npos);
  // Jigsaws: a 1x5 JSON shape sets n = 5; the jigsaw line reader's Shape{1, n} is untouched.
  auto j = parse_puzzle_line(R"({"shape":"1x5","regions":"1112211222333443344455555"})", 1);
  ASSERT_TRUE(j);
  EXPECT_EQ(j->model.n, 5);
  EXPECT_TRUE(j->model.rules & kRuleJigsaw);
  j = parse_puzzle_line("5|............1............|1112211222333443344455555|", 1);
  ASSERT_TRUE(j);
  EXPECT_EQ(j->model.box, (Shape{1, 5}));
  // A jigsaw rule without regions says so, at the rules.
  e = line_error_of(R"({"shape":"2x2","rules":"jigsaw"})");
  EXPECT_EQ(e.column, 24u);
  EXPECT_EQ(e.message, "a jigsaw needs \"regions\"");
}

// A jigsaw's JSON spec is sized by its side, "size" (what the writer gives it), not by the 1xN
// shape its model holds; "size" means nothing for a grid with boxes, and is one or the other.
TEST(PuzzleIo, JigsawSpecIsSizedBySide) {
  const std::string regions = R"("regions":"1112211222333443344455555")";
  auto j = parse_puzzle_line(R"({"size":5,)" + regions + "}", 1);
  ASSERT_TRUE(j);
  EXPECT_EQ(j->model.n, 5);
  EXPECT_EQ(j->model.box, (Shape{1, 5}));
  EXPECT_TRUE(j->model.rules & kRuleJigsaw);
  const std::string written = write_puzzle(PuzzleFormat::Json, j->model, {});
  EXPECT_EQ(written.rfind(R"({"size":5,"rules":"jigsaw",)", 0), 0u) << written;
  EXPECT_EQ(written.find("shape"), std::string::npos) << written;
  auto e = line_error_of(R"({"size":9,"givens":"1"})");
  EXPECT_EQ(e.column, 9u);  // at the value
  EXPECT_EQ(e.message, "\"size\" is a jigsaw's side (a spec with \"regions\"); a grid with boxes takes \"shape\": \"RxC\" "
                       "(\"3x3\" for 9x9)");
  e = line_error_of(R"({"size":5,"shape":"1x5",)" + regions + "}");
  EXPECT_EQ(e.message, "give a jigsaw's \"size\" or its \"shape\", not both");
  for (const std::string bad : {"0", "26", "\"5\"", "5.5"}) {
    e = line_error_of(R"({"size":)" + bad + "," + regions + "}");
    EXPECT_EQ(e.message, "\"size\" must be a whole number 1..25 (the grid's side), got " + bad) << bad;
  }
  // A grid with boxes still writes its shape.
  EXPECT_EQ(write_puzzle(PuzzleFormat::Json, make_model({2, 3}, 0, {}), {}).rfind(R"({"shape":"2x3",)", 0), 0u);
}

TEST(PuzzleIo, Formatting) {
  std::vector<int> g = {1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1};
  EXPECT_EQ(format_line(g, 4), "1234341221434321");
  const auto m = make_model({2, 2}, 0, {});
  // The drawn grid (grid_text.hpp): no givens here, so every digit plain; box walls only.
  EXPECT_EQ(format_pretty(m, g),
            "+---+---+---+---+\n"
            "| 1   2 | 3   4 |\n"
            "+       |       +\n"
            "| 3   4 | 1   2 |\n"
            "+---+---+---+---+\n"
            "| 2   1 | 4   3 |\n"
            "+       |       +\n"
            "| 4   3 | 2   1 |\n"
            "+---+---+---+---+\n");
}

// A key the spec does not define is an error placed at the key (a misspelt "givns" once solved an
// empty grid, "rule" dropped the rule), with the nearest known key suggested; values of the wrong
// type are errors at the value.
TEST(PuzzleIo, JsonUnknownKeysAndWrongTypesAreErrors) {
  const std::string head = R"({"shape": "2x2", )";  // 17 columns
  auto e = line_error_of(head + R"("givns": "1..............."})");
  EXPECT_EQ(e.line, 7u);
  EXPECT_EQ(e.column, 18u);
  EXPECT_NE(e.message.find("unknown key \"givns\""), std::string::npos) << e.what();
  EXPECT_NE(e.message.find("did you mean \"givens\""), std::string::npos) << e.what();
  e = line_error_of(head + R"("rule": "x"})");
  EXPECT_EQ(e.column, 18u);
  EXPECT_NE(e.message.find("did you mean \"rules\""), std::string::npos) << e.what();
  e = line_error_of(head + R"("rules": "xx"})");
  EXPECT_EQ(e.column, 27u);
  EXPECT_NE(e.message.find("unknown rule 'xx'"), std::string::npos) << e.what();
  // A key far from every known one: no guess, the list of keys.
  e = line_error_of(head + R"("colour": 1})");
  EXPECT_EQ(e.message.find("did you mean"), std::string::npos) << e.what();
  EXPECT_NE(e.message.find("the keys are shape, size, rules"), std::string::npos) << e.what();
  // "solution" must be a string: 12 was not checked at all.
  e = line_error_of(head + R"("solution": 12})");
  EXPECT_EQ(e.column, 30u);
  EXPECT_NE(e.message.find("\"solution\" must be a string"), std::string::npos) << e.what();
  // Inside a cage object, on the second line of a whole-input document.
  auto items = read_all("{\n \"shape\": \"2x2\", \"rules\": \"killer\",\n \"cages\": [{\"sum\": 3, \"cell\": [0, 1]}]\n}\n");
  ASSERT_EQ(items.size(), 1u);
  expect_error(items[0], 3, 23, "unknown key \"cell\" in a cage (did you mean \"cells\"?)");
  // A key with control characters or bad UTF-8 is shown escaped / replaced, never raw.
  e = line_error_of(head + "\"a\\u0001b\": 1}");
  EXPECT_NE(e.message.find("\"a\\u0001b\""), std::string::npos) << e.what();
  // The writers' notes read back: "count" and generate --stats's "hint", of the right types.
  EXPECT_TRUE(parse_puzzle_line(head + R"("count": 1, "hint": {"nodes": 3}})", 1));
  EXPECT_NE(line_error_of(head + R"("count": "one"})").message.find("\"count\""), std::string::npos);
  EXPECT_NE(line_error_of(head + R"("hint": 3})").message.find("\"hint\""), std::string::npos);
}

// Input lines are bounded (kMaxLineBytes, 1 MiB). A longer line is an error at its line number,
// skipped in constant memory, and the lines after it are read.
TEST(PuzzleIo, OverlongLineIsAnErrorAndTheRestIsRead) {
  const std::string big(kMaxLineBytes + 5000, '.');
  auto items = read_all(kClassic + "\n" + big + "\n" + kClassic + "\n");
  ASSERT_EQ(items.size(), 3u);
  expect_puzzle(items[0], 1, 9);
  expect_error(items[1], 2, kMaxLineBytes + 1, "line longer than 1048576 bytes");
  expect_puzzle(items[2], 3, 9);
  // A line of exactly the bound is read whole (and is a wrong-length grid).
  items = read_all(std::string(kMaxLineBytes, '.') + "\n" + kClassic);
  ASSERT_EQ(items.size(), 2u);
  expect_error(items[0], 1, 82, "wrong length");
  expect_puzzle(items[1], 2, 9);
  // No line break at all, as /dev/zero gives: one error, then the end.
  items = read_all(std::string(3 * kMaxLineBytes, '\0'));
  ASSERT_EQ(items.size(), 1u);
  expect_error(items[0], 1, kMaxLineBytes + 1, "line longer than");
  // Inside a whole-input JSON document: the document is not read, and says where it started.
  items = read_all("[\n" + big + "\n]\n");
  ASSERT_EQ(items.size(), 1u);
  expect_error(items[0], 2, kMaxLineBytes + 1, "JSON document that starts at line 1");
}

// An exception from the stream (an allocation failing, an I/O error thrown) reaches the caller:
// std::getline turned it into a badbit, and the reader took that for the end of the input.
TEST(PuzzleIo, StreamFailureIsNotEndOfInput) {
  struct FailingBuf : std::streambuf {
    std::string data;
    explicit FailingBuf(std::string d) : data(std::move(d)) { setg(data.data(), data.data(), data.data() + data.size()); }
    int_type underflow() override { throw std::bad_alloc(); }
  } buf(kClassic + "\n");
  std::istream in(&buf);
  PuzzleReader r(in);
  PuzzleReader::Item it;
  ASSERT_TRUE(r.next(it));
  expect_puzzle(it, 1, 9);
  EXPECT_THROW(r.next(it), std::bad_alloc);
}

// A byte that is not printable ASCII is shown as \xHH in messages, so a message is always valid
// UTF-8 (and safe on a terminal).
TEST(PuzzleIo, NonAsciiBytesAreEscapedInMessages) {
  std::string bad = kClassic;
  bad[4] = '\xff';
  const auto e = line_error_of(bad);
  EXPECT_EQ(e.column, 5u);
  EXPECT_NE(e.message.find("bad character '\\xff'"), std::string::npos) << e.message;
  EXPECT_EQ(e.message.find('\xff'), std::string::npos);
}

// "name puzzle solution" lines, as the seed examples file has them.
TEST(PuzzleIo, NamePuzzleSolutionLines) {
  const std::string sol = "472531869859642317163987254318726495597314682624859173936478521741265938285193746";
  auto p = parse_puzzle_line("classic " + kClassic + " " + sol, 3);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->model.n, 9);
  EXPECT_EQ(p->model.givens[3], 5);
  EXPECT_EQ(format_line(p->expected, 9), sol);
  p = parse_puzzle_line("x-sudoku\t" + kClassic, 3);
  ASSERT_TRUE(p);
  EXPECT_TRUE(p->expected.empty());
  // Columns stay the input's: a bad symbol after the name.
  std::string bad = kClassic;
  bad[4] = 'x';
  auto e = line_error_of("classic " + bad);
  EXPECT_EQ(e.column, 13u);
  // A truncated grid followed by its solution is still a wrong length, not the solution solved.
  e = line_error_of(kClassic.substr(0, 80) + " " + sol);
  EXPECT_NE(e.message.find("wrong length"), std::string::npos) << e.what();
  // And the seed examples file reads line by line through the stream reader.
  auto items = read_all("# comment\nclassic " + kClassic + " " + sol + "\n");
  ASSERT_EQ(items.size(), 1u);
  expect_puzzle(items[0], 2, 9);
}

// Found by the fuzzer (CI, libFuzzer on the readers): a name followed by a 16-character word
// that starts with '#' read as a name and then a comment, and the reader handed out an item
// with neither a puzzle nor an error (the CLI printed "none" for it). Now it is an error at the
// word after the name, and every item the reader gives has exactly one of the two.
TEST(PuzzleIo, NameFollowedByACommentIsAnError) {
  auto e = line_error_of("zz #...............");
  EXPECT_EQ(e.line, 7u);
  EXPECT_EQ(e.column, 4u);
  EXPECT_NE(e.message.find("a name ('zz') but no puzzle"), std::string::npos) << e.what();
  const std::string killer = "4|2x2|9:0,1,4;8:2,6,10;3:3,7;7:5,9,13;4:8,12;9:11,14,15|2341413232141423";
  auto items = read_all(killer + "\n  zz\t#...............  \n" + killer + "\n");
  ASSERT_EQ(items.size(), 3u);
  expect_puzzle(items[0], 1, 4);
  expect_error(items[1], 2, 6, "no puzzle after it");
  expect_puzzle(items[2], 3, 4);
  for (const auto& it : items) EXPECT_NE(it.puzzle.has_value(), it.error.has_value());
}
