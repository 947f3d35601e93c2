// `gridenum solve` end to end on the third-party collections of ../shared/puzzles: built only
// when CMake finds them (GRIDENUM_PUZZLES_DIR). test_solve_cli.cpp runs the same commands on the
// project's own files.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "solve_fixtures.hpp"

namespace {

using namespace gridenum::testing;

struct Run {
  int code;
  std::string out;
};
Run run(const std::string& args) {
  const Proc p = run_cli_line("{gridenum} " + args);
  return {p.code, p.out};
}
std::vector<std::string> lines(const std::string& s) { return lines_of(s); }

}  // namespace

TEST(CollectionsSolveCli, SolvesInInputOrderWithEveryEngine) {
  for (const char* engine : {"propagate", "dlx"}) {
    const auto r = run(std::string("solve --engine ") + engine + " --threads 2 " + collection_file("classic-17clue-2000.txt"));
    EXPECT_EQ(r.code, 0) << engine;
    const auto out = lines(r.out);
    ASSERT_EQ(out.size(), 2000u) << engine;
    // Each output line is the solution of the puzzle on the same line: givens kept.
    std::ifstream in(collection_file("classic-17clue-2000.txt"));
    std::string p;
    for (std::size_t i = 0; std::getline(in, p); ++i) {
      ASSERT_EQ(out[i].size(), 81u);
      for (int c = 0; c < 81; ++c)
        if (p[c] != '.') { ASSERT_EQ(p[c], out[i][c]) << engine << " line " << i + 1; }
    }
  }
}

TEST(CollectionsSolveCli, VariantsFromTheCollections) {
  for (const char* f : {"jigsaw-300.txt", "killer-400.txt", "16x16-60.txt"}) {
    const auto r = run(std::string("solve --unique ") + collection_file(f));
    EXPECT_EQ(r.code, 0) << f;
    std::size_t unique = 0, total = 0;
    for (const auto& l : lines(r.out)) {
      ++total;
      unique += l.rfind("unique ", 0) == 0;
    }
    EXPECT_GE(total, 60u) << f;
    EXPECT_GE(unique + 6, total) << f;  // six killer lines have two solutions as transcribed
  }
}

