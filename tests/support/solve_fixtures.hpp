// Puzzle files for the solver tests, read through the project's own reader.
//
// Two kinds of data, kept apart on purpose:
//   data_file(name)        tests/data/ in the repository: the seed documents' examples, puzzles
//                          the project generated itself (tests/data/generated/, reproducible
//                          with scripts/generate-test-data.sh) and hand-made cases. Every test
//                          executable may read them; a plain clone has them.
//   collection_file(name)  the third-party collections of ../shared/puzzles (17-clue, top1465,
//                          ...), never copied into the project. Only the collections_*.cpp tests,
//                          which CMake builds when GRIDENUM_PUZZLES_DIR names an existing folder,
//                          see GRIDENUM_PUZZLES_DIR; elsewhere collection_file does not compile.
//
// A missing, unreadable or empty file, or a line that does not parse, throws FixtureError: the
// test fails naming the file. A fixture never returns nothing in place of data (tests that
// looped over nothing used to pass having checked nothing).
#pragma once

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "fixture_error.hpp"
#include "gridenum/puzzle/puzzle_io.hpp"

namespace gridenum::testing {

// A classic 9x9 puzzle with one solution and that solution (a seed document's example), used by
// the reader and CLI tests as their plain input.
inline const std::string kClassic = "...5...6.8.9....1.16..87...3...26.....7.1.6.....85...3...47..21.4....9.8.8...3...";
inline const std::string kSolution = "472531869859642317163987254318726495597314682624859173936478521741265938285193746";

inline std::string data_file(const std::string& name) { return std::string(GRIDENUM_SOURCE_DIR) + "/tests/data/" + name; }

#ifdef GRIDENUM_PUZZLES_DIR
inline std::string collection_file(const std::string& name) { return std::string(GRIDENUM_PUZZLES_DIR) + "/" + name; }
#endif

// Every `step`-th puzzle of the file at `path` (every line must parse). Throws FixtureError when
// the file is missing or holds no puzzle.
inline std::vector<Puzzle> load_path(const std::string& path, std::size_t step = 1, ReadOptions opt = {}) {
  std::ifstream in(path);
  if (!in) throw FixtureError("test data missing or unreadable: " + path);
  std::vector<Puzzle> out;
  PuzzleReader r(in, opt);
  PuzzleReader::Item it;
  std::size_t i = 0;
  while (r.next(it)) {
    if (it.error) throw FixtureError(path + ": " + it.error->what());
    if (i++ % step == 0) out.push_back(std::move(*it.puzzle));
  }
  if (out.empty()) throw FixtureError("test data holds no puzzle: " + path);
  return out;
}

// The lines of a file that are neither blank nor comments; FixtureError when there is none.
inline std::vector<std::string> data_lines(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw FixtureError("test data missing or unreadable: " + path);
  std::vector<std::string> out;
  std::string line;
  while (std::getline(in, line))
    if (!line.empty() && line[0] != '#') out.push_back(line);
  if (out.empty()) throw FixtureError("test data holds no line: " + path);
  return out;
}

struct SeedExample {
  std::string name;
  Puzzle puzzle;
  std::vector<int> solution;
};

// tests/data/seed-examples.txt: "name puzzle solution"; the name selects the rules. The four
// examples of the seed documents (classic, x-sudoku, windoku, csp-example1), all of them or a
// FixtureError.
inline std::vector<SeedExample> seed_examples(const std::string& path = data_file("seed-examples.txt")) {
  std::vector<SeedExample> out;
  std::size_t no = 0;
  for (const std::string& line : data_lines(path)) {
    ++no;
    std::istringstream ss(line);
    SeedExample e;
    std::string puzzle, solution;
    if (!(ss >> e.name >> puzzle >> solution)) throw FixtureError(path + ": expected 'name puzzle solution': " + line);
    ReadOptions opt;
    if (e.name == "x-sudoku") opt.rules = kRuleX;
    if (e.name == "windoku") opt.rules = kRuleWindoku;
    e.puzzle = *parse_puzzle_line(puzzle, no, opt);
    e.solution = parse_puzzle_line(solution, no, opt)->model.givens;
    out.push_back(std::move(e));
  }
  if (out.size() != 4) throw FixtureError(path + ": expected the 4 seed examples, found " + std::to_string(out.size()));
  return out;
}

inline SeedExample seed_example(const std::string& name) {
  for (auto& e : seed_examples())
    if (e.name == name) return e;
  throw FixtureError("no seed example named " + name);
}

// "puzzle:count" or "puzzle:count:solution" lines (count 0, 1 or more; a solution when the count
// is 1): the
// third-party classic-with-counts collection and the project's own generated counts file share
// this format.
struct CountedPuzzle {
  Puzzle puzzle;
  std::uint64_t count = 0;
};
inline std::vector<CountedPuzzle> load_counted(const std::string& path) {
  const auto puzzles = load_path(path);
  std::vector<CountedPuzzle> out;
  std::size_t i = 0;
  for (const std::string& line : data_lines(path)) {
    const auto a = line.find(':');
    const auto b = a == std::string::npos ? a : line.find(':', a + 1);
    const std::string count = a == std::string::npos ? "" : line.substr(a + 1, b == std::string::npos ? b : b - a - 1);
    if (count.empty() || count.find_first_not_of("0123456789") != std::string::npos)
      throw FixtureError(path + ": expected puzzle:count[:solution]: " + line);
    if (i >= puzzles.size()) throw FixtureError(path + ": more count lines than puzzles");
    out.push_back({puzzles[i++], std::stoull(count)});
  }
  if (out.size() != puzzles.size()) throw FixtureError(path + ": puzzles and counts differ in number");
  return out;
}

// Every item of a stream, in order (tests of the readers: puzzle_io, grid_text).
inline std::vector<PuzzleReader::Item> read_all(const std::string& text, const ReadOptions& opt = {}) {
  std::istringstream in(text);
  PuzzleReader r(in, opt);
  std::vector<PuzzleReader::Item> items;
  PuzzleReader::Item it;
  while (r.next(it)) items.push_back(it);
  return items;
}

}  // namespace gridenum::testing
