// libFuzzer target for the puzzle readers: any bytes through the stream reader (all line
// formats, multi-line grids -- rows and the drawn grid of solve --pretty, grid_text.hpp -- and
// whole JSON documents) must give puzzles or ParseErrors -- no crash, no hang, no other
// exception -- and every puzzle it accepts must be consistent enough for the propagation solver
// to run on it under a small limit.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "gridenum/puzzle/propagate.hpp"
#include "gridenum/puzzle/puzzle_io.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return 0;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  gridenum::PuzzleReader reader(in);
  gridenum::PuzzleReader::Item it;
  int solved = 0;
  while (reader.next(it)) {
    if (it.error) {
      if (it.error->line == 0) __builtin_trap();  // errors must name a line
      continue;
    }
    if (!it.puzzle) __builtin_trap();  // a puzzle or an error, never neither
    const auto& m = it.puzzle->model;
    if (static_cast<int>(m.givens.size()) != m.n * m.n) __builtin_trap();
    // Solving is bounded: small grids only, a few per input, stop at 2 solutions.
    if (m.n <= 9 && solved < 2) {
      ++solved;
      const auto r = gridenum::solve_propagate(m, 2);
      if (r.count > 0 && !gridenum::satisfies(m, r.solution)) __builtin_trap();
    }
  }
  return 0;
}
