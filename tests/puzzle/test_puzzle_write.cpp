// The puzzle writers against the readers: what write_puzzle_line / write_puzzle_json print reads
// back as the same model, in every format and for every rule the formats carry; lines in the
// collections' own layout are printed back as they were (jigsaw regions renumbered); what a
// line cannot hold is refused with a message.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gridenum/core/errors.hpp"
#include "gridenum/puzzle/puzzle_io.hpp"
#include "gridenum/puzzle/puzzle_write.hpp"

using namespace gridenum;

namespace {

// Every field of the model the readers fill, compared one by one (with what differs named).
void expect_same_model(const Model& a, const Model& b, const std::string& what) {
  EXPECT_EQ(a.n, b.n) << what;
  EXPECT_EQ(a.box, b.box) << what;
  EXPECT_EQ(a.rules, b.rules) << what;
  EXPECT_EQ(a.givens, b.givens) << what;
  EXPECT_EQ(a.region, b.region) << what;
  ASSERT_EQ(a.units.size(), b.units.size()) << what;
  for (std::size_t u = 0; u < a.units.size(); ++u) {
    EXPECT_EQ(a.units[u].kind, b.units[u].kind) << what << " unit " << u;
    EXPECT_EQ(a.units[u].cells, b.units[u].cells) << what << " unit " << u;
  }
  ASSERT_EQ(a.cages.size(), b.cages.size()) << what;
  for (std::size_t k = 0; k < a.cages.size(); ++k) {
    EXPECT_EQ(a.cages[k].sum, b.cages[k].sum) << what << " cage " << k;
    EXPECT_EQ(a.cages[k].cells, b.cages[k].cells) << what << " cage " << k;
  }
}

// Writes `m` in `format`, reads it back (line: with the options line_read_options names, which
// are also checked against `want_args`), and compares.
void round_trip(const Model& m, const std::vector<int>& solution, PuzzleFormat format, const std::string& want_args = "") {
  const std::string text = write_puzzle(format, m, solution);
  const ReadOptions opt = format == PuzzleFormat::Line ? line_read_options(m) : ReadOptions{};
  if (format == PuzzleFormat::Line) { EXPECT_EQ(solve_arguments(m), want_args) << text; }
  const auto p = parse_puzzle_line(text, 1, opt);
  ASSERT_TRUE(p) << text;
  expect_same_model(p->model, m, text);
  EXPECT_EQ(p->expected, solution) << text;
}

void both_formats(const Model& m, const std::vector<int>& solution, const std::string& want_args = "") {
  round_trip(m, solution, PuzzleFormat::Line, want_args);
  round_trip(m, solution, PuzzleFormat::Json);
  round_trip(m, {}, PuzzleFormat::Line, want_args);
  round_trip(m, {}, PuzzleFormat::Json);
}

std::vector<int> grid_of(const std::string& s) {
  std::vector<int> g;
  for (char c : s) g.push_back(symbol_digit(c));
  return g;
}

const std::string kClassic = "...5...6.8.9....1.16..87...3...26.....7.1.6.....85...3...47..21.4....9.8.8...3...";
const std::string kSolution = "472531869859642317163987254318726495597314682624859173936478521741265938285193746";
const std::string kJigsaw = "4|..43...1.2......|1113133322442244|2143342112344312";
const std::string kKiller = "4|2x2|9:0,1,4;8:2,6,10;3:3,7;7:5,9,13;4:8,12;9:11,14,15|2341413232141423";

}  // namespace

TEST(PuzzleWrite, GridLinesRoundTrip) {
  const Model m = make_model({3, 3}, kRuleClassic, grid_of(kClassic));
  both_formats(m, grid_of(kSolution));
  EXPECT_EQ(write_puzzle_line(m, grid_of(kSolution)), kClassic + ":" + kSolution);
  EXPECT_EQ(write_puzzle_line(m), kClassic);
  // X, Windoku and a box shape other than the default are told to the reader.
  std::vector<int> g9(81, 0);
  g9[0] = 1;
  g9[80] = 2;
  g9[40] = 9;
  both_formats(make_model({3, 3}, kRuleX | kRuleWindoku, g9), {}, "--rules x,windoku");
  std::vector<int> g6(36, 0);
  g6[0] = 1;
  g6[35] = 6;
  both_formats(make_model({3, 2}, kRuleX, g6), {}, "--rules x --shape 3x2");
  both_formats(make_model({2, 3}, kRuleClassic, g6), {}, "");
  // Symbols beyond 9: 16x16 (G) and 25x25 (P).
  std::vector<int> g16(256, 0), g25(625, 0);
  g16[3] = 16;
  g16[100] = 10;
  g25[0] = 25;
  g25[624] = 17;
  both_formats(make_model({4, 4}, kRuleClassic, g16), {});
  both_formats(make_model({5, 5}, kRuleX, g25), {}, "--rules x");
}

TEST(PuzzleWrite, CollectionLinesPrintBackAsRead) {
  // A killer line prints back as it was; a jigsaw line too, but for its region symbols, which
  // are the reader's ids (1, 2, ... in reading order of first appearance): the collection's
  // symbols 1, 3, 2, 4 become 1, 2, 3, 4.
  const std::vector<std::pair<std::string, std::string>> lines = {
      {kKiller, kKiller}, {kJigsaw, "4|..43...1.2......|1112122233443344|2143342112344312"}};
  for (const auto& [line, printed] : lines) {
    const auto p = parse_puzzle_line(line, 1);
    ASSERT_TRUE(p);
    EXPECT_EQ(write_puzzle_line(p->model, p->expected), printed);
    both_formats(p->model, p->expected);
  }
}

TEST(PuzzleWrite, VariantsRoundTrip) {
  // Jigsaw with X; regions numbered out of reading order are written in the reader's numbering.
  auto j = parse_puzzle_line(kJigsaw, 1)->model;
  Model jx = make_model({1, 4}, kRuleJigsaw | kRuleX, j.givens, j.region);
  both_formats(jx, {}, "--rules x");
  std::vector<int> shuffled = j.region;
  for (int& r : shuffled) r = 3 - r;
  const auto back = parse_puzzle_line(write_puzzle_line(make_model({1, 4}, kRuleJigsaw, j.givens, shuffled)), 1);
  EXPECT_EQ(back->model.region, j.region);
  // Killer with X and Windoku (the rules come from the reader's options on a line).
  auto k = parse_puzzle_line(kKiller, 1)->model;
  both_formats(make_model({2, 2}, kRuleKiller | kRuleX, {}, {}, k.cages), {}, "--rules x");
  std::vector<Cage> cages9;
  for (int c = 0; c < 81; c += 3) cages9.push_back(Cage{6, {c, c + 1, c + 2}});
  both_formats(make_model({3, 3}, kRuleKiller | kRuleWindoku, {}, {}, cages9), {}, "--rules windoku");
  // What only JSON holds: a killer with givens, a jigsaw killer.
  std::vector<int> given(16, 0);
  given[5] = 3;
  const Model kg = make_model({2, 2}, kRuleKiller, given, {}, k.cages);
  round_trip(kg, {}, PuzzleFormat::Json);
  const Model jk = make_model({1, 4}, kRuleJigsaw | kRuleKiller, j.givens, j.region, k.cages);
  round_trip(jk, {}, PuzzleFormat::Json);
  EXPECT_TRUE(line_format_problem(kg));
  EXPECT_TRUE(line_format_problem(jk));
  EXPECT_THROW(write_puzzle_line(kg), InputError);
  EXPECT_FALSE(line_format_problem(k));
}

TEST(PuzzleWrite, SolutionCounts) {
  // Grid lines take the published "puzzle:count:solution" layout; the solution only with count 1.
  const Model m = make_model({3, 3}, kRuleClassic, grid_of(kClassic));
  EXPECT_EQ(write_puzzle_line(m, grid_of(kSolution), 1), kClassic + ":1:" + kSolution);
  EXPECT_EQ(write_puzzle_line(m, {}, 0), kClassic + ":0:");
  EXPECT_EQ(write_puzzle_line(m, grid_of(kSolution), 7), kClassic + ":7:");
  const auto p = parse_puzzle_line(write_puzzle_line(m, grid_of(kSolution), 1), 1);
  EXPECT_EQ(p->expected, grid_of(kSolution));
  EXPECT_TRUE(parse_puzzle_line(write_puzzle_line(m, {}, 12), 1)->expected.empty());
  // JSON: a "count" member, which the reader ignores.
  const std::string js = write_puzzle_json(m, {}, 12);
  EXPECT_NE(js.find("\"count\":12"), std::string::npos) << js;
  expect_same_model(parse_puzzle_line(js, 1)->model, m, js);
  // Jigsaw and killer lines have no place for a count.
  const auto k = parse_puzzle_line(kKiller, 1)->model;
  EXPECT_TRUE(line_format_problem(k, true));
  EXPECT_THROW(write_puzzle_line(k, {}, 1), InputError);
  EXPECT_TRUE(line_format_problem(kRuleJigsaw, true, true));
  EXPECT_FALSE(line_format_problem(kRuleX, true, true));
}

TEST(PuzzleWrite, RulesText) {
  EXPECT_EQ(rules_text(kRuleClassic), "classic");
  EXPECT_EQ(rules_text(kRuleX | kRuleWindoku), "x,windoku");
  EXPECT_EQ(rules_text(kRuleJigsaw | kRuleKiller | kRuleX), "jigsaw,killer,x");
  for (unsigned r = 0; r < 16; ++r) {
    std::string unknown;
    EXPECT_EQ(parse_rules(rules_text(r), &unknown), r);
    EXPECT_TRUE(unknown.empty());
  }
}
