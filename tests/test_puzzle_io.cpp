// The puzzle readers: every format, and every bad-input case reports its line and column.
#include <gtest/gtest.h>

#include <algorithm>

#include <sstream>

#include "gridenum/puzzle_io.hpp"

using namespace gridenum;

namespace {
ParseError error_of(const std::string& line, const ReadOptions& opt = {}) {
  try {
    parse_puzzle_line(line, 7, opt);
  } catch (const ParseError& e) {
    return e;
  }
  ADD_FAILURE() << "no error for: " << line;
  return ParseError(0, 0, "");
}
const std::string kClassic = "...5...6.8.9....1.16..87...3...26.....7.1.6.....85...3...47..21.4....9.8.8...3...";
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
  EXPECT_EQ(doc[1].model.n, 6);
}

TEST(PuzzleIo, BadInputNamesLineAndColumn) {
  // Wrong length: 80 characters.
  auto e = error_of(kClassic.substr(0, 80));
  EXPECT_EQ(e.line, 7u);
  EXPECT_EQ(e.column, 81u);
  EXPECT_NE(e.message.find("length"), std::string::npos);
  // Bad character at column 5.
  std::string bad = kClassic;
  bad[4] = 'x';
  e = error_of(bad);
  EXPECT_EQ(e.column, 5u);
  EXPECT_NE(e.message.find("'x'"), std::string::npos);
  // Digit out of range for the size: '5' in a 4x4.
  e = error_of("...5............");
  EXPECT_EQ(e.column, 4u);
  // Contradicting givens: the second 5 in row 1 (column 9), and a box clash.
  std::string clash = kClassic;
  clash[8] = '5';
  e = error_of(clash);
  EXPECT_EQ(e.column, 9u);
  EXPECT_NE(e.message.find("contradicts"), std::string::npos);
  // Malformed JSON: column of the bad token.
  e = error_of(R"({"shape": "2x2", "givens": 12x})");
  EXPECT_EQ(e.line, 7u);
  EXPECT_GE(e.column, 29u);
  EXPECT_LE(e.column, 31u);
  EXPECT_NE(e.message.find("JSON"), std::string::npos);
  e = error_of(R"({"shape": "9x9"})");
  EXPECT_NE(e.message.find("shape"), std::string::npos);
  e = error_of(R"({"shape": "2x2", "rules": "sideways"})");
  EXPECT_NE(e.message.find("sideways"), std::string::npos);
  // A cage that cannot reach its sum: 2 cells summing to 20 in a 4x4 (max 7); column of the cage.
  e = error_of("4|2x2|3:0,1;20:2,3;7:4,8;4:5,9;6:6,10;3:7,11;6:12,13;4:14,15|");
  EXPECT_EQ(e.column, 13u);
  EXPECT_NE(e.message.find("cannot reach"), std::string::npos);
  // Cage cell out of range, cell in two cages, bad sum.
  EXPECT_EQ(error_of("4|2x2|3:0,16|").column, 11u);
  EXPECT_NE(error_of("4|2x2|3:0,1;3:1,2|").message.find("two cages"), std::string::npos);
  EXPECT_EQ(error_of("4|2x2|x:0,1|").column, 7u);
  // Jigsaw: region with too many cells; givens of the wrong length.
  EXPECT_NE(error_of("4|................|1111133322442244|").message.find("region"), std::string::npos);
  EXPECT_EQ(error_of("4|...............|1113133322442244|").line, 7u);
  // Windoku needs 3x3 boxes.
  ReadOptions w;
  w.rules = kRuleWindoku;
  EXPECT_EQ(error_of(std::string(16, '.'), w).line, 7u);
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
  // exception; found by the fuzzer, it must still come back as a ParseError naming the line.
  std::istringstream huge("[\n {\"shape\": \"3x3\", \"cells\": 33.2e4455}\n]\n");
  PuzzleReader rh(huge);
  ASSERT_TRUE(rh.next(it));
  ASSERT_TRUE(it.error);
  EXPECT_EQ(it.error->line, 1u);
  EXPECT_NE(it.error->message.find("JSON"), std::string::npos) << it.error->message;
}

TEST(PuzzleIo, Formatting) {
  std::vector<int> g = {1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1};
  EXPECT_EQ(format_line(g, 4), "1234341221434321");
  const auto m = make_model({2, 2}, 0, {});
  EXPECT_EQ(format_pretty(m, g), "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n");
}
