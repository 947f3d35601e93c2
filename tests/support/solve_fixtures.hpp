// Shared helpers for the solver tests: read puzzles from the shared collections (never copied
// into the project) through the project's own reader.
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gridenum/puzzle/puzzle_io.hpp"

namespace gridenum::testing {

inline std::string shared_puzzles(const std::string& name) { return std::string(GRIDENUM_SHARED_DIR) + "/puzzles/" + name; }

// Every `step`-th puzzle of a collection file (all lines must parse).
inline std::vector<Puzzle> load(const std::string& name, std::size_t step = 1, ReadOptions opt = {}) {
  std::ifstream in(shared_puzzles(name));
  std::vector<Puzzle> out;
  PuzzleReader r(in, opt);
  PuzzleReader::Item it;
  std::size_t i = 0;
  while (r.next(it)) {
    if (it.error) throw *it.error;
    if (i++ % step == 0) out.push_back(std::move(*it.puzzle));
  }
  return out;
}

struct SeedExample {
  std::string name;
  Puzzle puzzle;
  std::vector<int> solution;
};

// seed-examples.txt: "name puzzle solution"; the name selects the rules.
inline std::vector<SeedExample> seed_examples() {
  std::ifstream in(shared_puzzles("seed-examples.txt"));
  std::vector<SeedExample> out;
  std::string line;
  std::size_t no = 0;
  while (std::getline(in, line)) {
    ++no;
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ss(line);
    SeedExample e;
    std::string puzzle, solution;
    ss >> e.name >> puzzle >> solution;
    ReadOptions opt;
    if (e.name == "x-sudoku") opt.rules = kRuleX;
    if (e.name == "windoku") opt.rules = kRuleWindoku;
    e.puzzle = *parse_puzzle_line(puzzle, no, opt);
    e.solution = parse_puzzle_line(solution, no, opt)->model.givens;
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace gridenum::testing
