// The project's own generated puzzles, tests/data/generated/ (made by scripts/generate-test-data.sh
// with `gridenum generate`), and the checks the generator's output gets. tests/puzzle/test_generate.cpp
// runs them on a prefix of every file (fast label: `checked` puzzles through the engine checks and
// the generator's promises, `fast` regenerated); tests/puzzle/slow_generate.cpp checks the rest and
// regenerates `regenerated_slow`, tests/puzzle/long_generate.cpp regenerates every puzzle.
//
// Each file is listed here with the options, seed and count that made it; its first line must be
// the command that made it (so this table, the script and the files cannot drift apart
// unnoticed). The checks share no code with the generator but the readers and writers:
//   * every puzzle reads back with the project's reader (load_path: a missing, empty or bad file
//     throws FixtureError), the file holds `count` puzzles with the rules and size asked for;
//   * exactly one solution by the propagation engine and by Dancing Links (each counting up to
//     2), the one listed on the line (engine_checks.hpp: check_unique; solve_dlx); "counts" files: the listed
//     count by both engines counting every solution (check_listed_counts);
//   * --minimal: blanking any given gives a second solution (killer: merging any two adjacent
//     cages with at most --cage-max cells and no digit twice does);
//   * jigsaw regions and killer cages connected; killer cages within --cage-max, no givens;
//     givens symmetric where the file was made with a symmetry and no --minimal;
//   * the library makes the same text again from the same seed and options, byte for byte.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include "engine_checks.hpp"
#include "gridenum/puzzle/dlx.hpp"
#include "gridenum/puzzle/generate.hpp"
#include "gridenum/puzzle/propagate.hpp"
#include "gridenum/puzzle/puzzle_io.hpp"
#include "gridenum/puzzle/puzzle_write.hpp"
#include "solve_fixtures.hpp"

namespace gridenum::testing {

constexpr std::size_t kAll = std::numeric_limits<std::size_t>::max();

struct DataFile {
  std::string name;  // tests/data/generated/<name>.txt
  std::uint64_t seed;
  std::uint64_t count;
  GenerateOptions opt;
  bool json = false;
  // How many puzzles (from the start) the fast test regenerates byte for byte (the generator is
  // the cost there); the slow test regenerates `regenerated_slow` of them (below), which is every
  // puzzle unless said, so the fast share is a prefix the slow label covers again. Halved on
  // 2026-12-01 (every file from 100 to 50 by default, the costliest as below), when the fast label
  // had grown to 124 s on CI's kind of machine (AMD EPYC family 23, -j2, docs/testing.md), past
  // its 2 minutes: these regenerations were 21.6 s of its test time.
  std::size_t fast = 50;
  // The slow label's share of the engine checks and the generator's promises (below) runs as this
  // many tests of equal puzzle ranges, so that `ctest -j2` spreads the costliest files over both
  // cores.
  std::size_t parts = 1;
  // How many puzzles (from the start) the fast tests run the engine checks and the generator's
  // promises on; the slow tests (slow_generate.cpp) check the rest, so the two labels together
  // check every puzzle once. 20 by default, fewer on the costliest files. Measured on the whole
  // files (2-core AMD EPYC, 2026-11-26): the promises on the 16x16 classics 60 s, on jigsaw-X 9x9
  // 14 s; both engines on the 12x12 killers 8.6 s; and under the sanitizers (.ci/run) the killers'
  // engine checks ran 15 to 20 times slower than that, over a minute for one 9x9 killer file: so
  // the fast label takes 10 killers of each kind. On 2026-12-01 (the fast label at 124 s, above)
  // the promises of the costliest went down again: 12x12 X 20 -> 10 (4.1 s of the label), jigsaw-X
  // 9x9 15 -> 8 (3.3 s), 16x16 classics 8 -> 4 (3.0 s); the slow label takes what they leave.
  std::size_t checked = 20;
  // How many puzzles (from the start) the slow test regenerates byte for byte; the long test
  // (long_generate.cpp) regenerates every puzzle of the files where this is a prefix. Measured,
  // the whole file (2-core AMD EPYC, -j2, 2026-11-26): jigsaw 16x16 68 s, killer 16x16 43 s,
  // X 16x16 33 s, classic 16x16 20 s, killer 12x12 15 s. Shortened on 2026-11-30, when the slow
  // label had grown past its 10 minutes on CI's 2 cores (docs/testing.md): the shares below are
  // about half of what they were on the files that took over 10 s of it.
  std::size_t regenerated_slow = kAll;
  // Where the slow label's share of the engine checks and the generator's promises ends; the long
  // label (long_generate.cpp) checks [checked_slow, count), so the three labels together check
  // every puzzle once. Measured in CI's slow tier (AMD EPYC family 23, -j2 beside other tests,
  // 2026-11-30), the promises of [8, 100) of the 16x16 classics took 107 s (and [14, 20) alone
  // 25 s, so their slow share ends at 14), of [15, 100) of the jigsaw-X 9x9 29 s; both engines on
  // [10, 100) of the 12x12 killers 20 s, the promises of [20, 100) of the 12x12 X 12 s.
  std::size_t checked_slow = kAll;
};

inline GenerateOptions options(Shape box, unsigned rules, bool minimal, Symmetry s = Symmetry::None,
                               Perturb p = Perturb::None) {
  GenerateOptions o;
  o.box = box;
  o.rules = rules;
  o.minimal = minimal;
  o.symmetry = s;
  o.perturb = p;
  return o;
}

inline GenerateOptions jigsaw(int n, unsigned extra, bool minimal) { return options({1, n}, kRuleJigsaw | extra, minimal); }

inline GenerateOptions with_cage_max(GenerateOptions o, int max_cage) {
  o.max_cage = max_cage;
  return o;
}

// The files of scripts/generate-test-data.sh, in its order. `fast` keeps the fast label near its
// budget (measured costs in test_generate.cpp's header).
inline std::vector<DataFile> data_files() {
  const unsigned X = kRuleX, W = kRuleWindoku, K = kRuleKiller;
  const Symmetry rot = Symmetry::Rotational, mirror = Symmetry::Mirror, none = Symmetry::None;
  return {
      {"classic-2x2", 1001, 100, options({2, 2}, 0, true)},
      {"classic-2x3", 1002, 100, options({2, 3}, 0, true)},
      {"classic-3x2", 1003, 100, options({3, 2}, 0, true)},
      {"classic-2x4", 1004, 100, options({2, 4}, 0, true)},
      {"classic-4x2", 1018, 100, options({4, 2}, 0, true)},
      {"classic-3x3", 1005, 100, options({3, 3}, 0, true)},
      {"classic-2x5", 1019, 100, options({2, 5}, 0, true)},
      {"classic-3x4", 1006, 100, options({3, 4}, 0, true)},
      {"classic-4x3", 1007, 100, options({4, 3}, 0, true)},
      {"classic-4x4", 1008, 100, options({4, 4}, 0, true), false, 1, 1, 4, 20, 14},
      {"classic-5x5", 1020, 3, options({5, 5}, 0, false), false, 0, 1, 20, 1},
      {"classic-3x3-rotational", 1009, 100, options({3, 3}, 0, true, rot)},
      {"classic-3x3-mirror", 1010, 100, options({3, 3}, 0, false, mirror)},
      {"classic-2x3-rotational", 1021, 100, options({2, 3}, 0, false, rot)},
      {"x-3x3-rotational", 1022, 100, options({3, 3}, X, false, rot)},
      {"x-2x2", 1011, 100, options({2, 2}, X, true)},
      {"x-2x3", 1012, 100, options({2, 3}, X, true)},
      {"x-2x4", 1013, 100, options({2, 4}, X, true)},
      {"x-3x3", 1014, 100, options({3, 3}, X, true)},
      {"x-3x4", 1015, 100, options({3, 4}, X, true), false, 4, 1, 10, 50, 60},
      {"x-4x4", 1023, 100, options({4, 4}, X, false), false, 1, 1, 20, 12},
      {"windoku-3x3", 1016, 100, options({3, 3}, W, true)},
      {"x-windoku-3x3", 1017, 100, options({3, 3}, X | W, true)},
      {"jigsaw-4", 1024, 100, jigsaw(4, 0, true)},
      {"jigsaw-5", 1025, 100, jigsaw(5, 0, true)},
      {"jigsaw-6", 1026, 100, jigsaw(6, 0, true)},
      {"jigsaw-7", 1027, 100, jigsaw(7, 0, true)},
      {"jigsaw-8", 1028, 100, jigsaw(8, 0, true)},
      {"jigsaw-9", 1029, 100, jigsaw(9, 0, true), false, 50},
      {"jigsaw-10", 1030, 100, jigsaw(10, 0, false), false, 15},
      {"jigsaw-12", 1032, 100, jigsaw(12, 0, false), false, 5, 1, 20, 50},
      {"jigsaw-16", 1036, 100, jigsaw(16, 0, false), false, 1, 1, 20, 8},
      {"jigsaw-x-9", 1040, 100, jigsaw(9, X, true), false, 3, 1, 8, 25, 30},
      {"killer-2x2", 1041, 100, options({2, 2}, K, true)},
      {"killer-2x3", 1042, 100, options({2, 3}, K, true)},
      {"killer-2x4", 1046, 100, options({2, 4}, K, false)},
      {"killer-3x3", 1043, 100, options({3, 3}, K, false), false, 20, 1, 10},
      {"killer-x-3x3", 1044, 100, options({3, 3}, K | X, false), false, 15, 1, 10},
      {"killer-3x4", 1047, 100, with_cage_max(options({3, 4}, K, false), 4), false, 2, 2, 10, 25, 55},
      {"killer-4x4", 1048, 100, with_cage_max(options({4, 4}, K, false), 3), false, 1, 1, 10, 10},
      {"jigsaw-killer-6", 1045, 100, jigsaw(6, K, true), true},
      {"jigsaw-killer-9", 1049, 100, jigsaw(9, K, false), true, 50, 1, 10},
      {"counts-classic-2x2-change", 1050, 50, options({2, 2}, 0, true, none, Perturb::Change), false, kAll, 1, kAll},
      {"counts-classic-3x3-remove", 1051, 50, options({3, 3}, 0, true, none, Perturb::Remove), false, kAll, 1, kAll},
      {"counts-classic-3x3-change", 1052, 50, options({3, 3}, 0, true, none, Perturb::Change), false, kAll, 1, kAll},
  };
}

// A file's puzzles [from, upto), one part of what a test label checks of it.
struct DataPart {
  DataFile file;
  std::size_t from = 0, upto = kAll;
  std::size_t part = 0, parts = 1;
};

// [from, upto) cut into `parts` tests of equal ranges.
inline void cut_into_parts(std::vector<DataPart>& out, const DataFile& f, std::size_t from, std::size_t upto, std::size_t parts) {
  parts = std::max<std::size_t>(parts, 1);
  for (std::size_t k = 0; k < parts; ++k)
    out.push_back({f, from + (upto - from) * k / parts, from + (upto - from) * (k + 1) / parts, k, parts});
}

// The fast label's share: puzzles [0, checked) of every file, one test each.
inline std::vector<DataPart> data_parts() {
  std::vector<DataPart> out;
  for (const auto& f : data_files()) cut_into_parts(out, f, 0, std::min(f.checked, f.count), 1);
  return out;
}

// The slow label's share: puzzles [checked, count) of the files longer than their fast share, in
// their `parts`.
inline std::vector<DataPart> data_rest_parts() {
  std::vector<DataPart> out;
  for (const auto& f : data_files()) {
    const std::size_t upto = std::min(f.checked_slow, f.count);
    if (f.checked < upto) cut_into_parts(out, f, f.checked, upto, f.parts);
  }
  return out;
}

// The long label's share: puzzles [checked_slow, count) of the files whose slow share ends
// before their end, one test each.
inline std::vector<DataPart> data_long_parts() {
  std::vector<DataPart> out;
  for (const auto& f : data_files()) {
    const std::size_t from = std::max(f.checked, f.checked_slow);
    if (from < f.count) cut_into_parts(out, f, from, f.count, 1);
  }
  return out;
}

inline std::string data_part_test_name(const ::testing::TestParamInfo<DataPart>& info) {
  std::string s = info.param.file.name;
  std::replace(s.begin(), s.end(), '-', '_');
  if (info.param.parts > 1) s += "_part" + std::to_string(info.param.part + 1);
  return s;
}

// The name of a file's parameterised test: its name with '_' for '-'.
inline std::string data_file_test_name(const ::testing::TestParamInfo<DataFile>& info) {
  std::string s = info.param.name;
  std::replace(s.begin(), s.end(), '-', '_');
  return s;
}

inline DataFile data_file_named(const std::string& name) {
  for (auto& f : data_files())
    if (f.name == name) return f;
  throw FixtureError("no generated data file named " + name + " in generated_data.hpp");
}

inline std::string generated_path(const std::string& name) { return data_file("generated/" + name + ".txt"); }

// What a reader must be told of a line: X and Windoku, and a box shape other than n's default
// on grid lines (worked out here from the options, not with the writer's line_read_options).
inline ReadOptions reader_options(const GenerateOptions& o) {
  ReadOptions r;
  r.rules = o.rules & (kRuleX | kRuleWindoku);
  if (!(o.rules & (kRuleJigsaw | kRuleKiller)) && default_shape(o.box.n()) != o.box) r.shape = o.box;
  return r;
}

// Every puzzle of the file, read by the project's reader (FixtureError when missing or empty).
inline std::vector<Puzzle> load_generated(const DataFile& f) {
  return load_path(generated_path(f.name), 1, reader_options(f.opt));
}

// The file's first line: the command that made it.
inline std::string first_line(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw FixtureError("test data missing or unreadable: " + path);
  std::string line;
  std::getline(in, line);
  return line;
}

// Connected in the 4-neighbour grid of side n (a plain flood fill, not the generator's).
inline bool connected_cells(const std::vector<int>& cells, int n) {
  if (cells.empty()) return false;
  std::vector<int> seen{cells[0]}, stack{cells[0]};
  while (!stack.empty()) {
    const int c = stack.back();
    stack.pop_back();
    const int r = c / n, col = c % n;
    for (int x : {r > 0 ? c - n : -1, r + 1 < n ? c + n : -1, col > 0 ? c - 1 : -1, col + 1 < n ? c + 1 : -1})
      if (x >= 0 && std::find(cells.begin(), cells.end(), x) != cells.end() &&
          std::find(seen.begin(), seen.end(), x) == seen.end()) {
        seen.push_back(x);
        stack.push_back(x);
      }
  }
  return seen.size() == cells.size();
}

// The cell a symmetry maps c to (written from the definitions in generate.hpp, not with
// symmetry_orbits).
inline int mirror_image(int c, int n, Symmetry s) {
  const int r = c / n, col = c % n;
  if (s == Symmetry::Rotational) return (n - 1 - r) * n + (n - 1 - col);
  if (s == Symmetry::Mirror) return r * n + (n - 1 - col);
  return c;
}

// Header, count, rules and size of a file; the engine checks on its puzzles [from, upto).
inline void check_file_and_engines(const DataFile& f, std::size_t from = 0, std::size_t upto = kAll) {
  const std::string path = generated_path(f.name);
  ASSERT_EQ(first_line(path), "# gridenum " + generate_command(f.opt, f.seed, f.count, f.json ? "json" : "line")) << path;
  const auto ps = load_generated(f);
  ASSERT_EQ(ps.size(), f.count) << path;
  for (const Puzzle& p : ps) {
    ASSERT_EQ(p.model.n, f.opt.box.n()) << path << " line " << p.line;
    ASSERT_EQ(p.model.rules, f.opt.rules) << path << " line " << p.line;
    if (!(f.opt.rules & kRuleJigsaw)) { ASSERT_EQ(p.model.box, f.opt.box) << path << " line " << p.line; }
  }
  if (f.opt.perturb != Perturb::None) {
    // Exact counts by both engines; a minimal puzzle with a given blanked has several solutions.
    const auto counted = load_counted(path);
    for (const auto& c : counted) {
      ASSERT_TRUE(c.puzzle.expected.empty() == (c.count != 1)) << path << " line " << c.puzzle.line;
      if (f.opt.perturb == Perturb::Remove) { EXPECT_GE(c.count, 2u) << path << " line " << c.puzzle.line; }
    }
    return;  // check_listed_counts runs on the counts files together (each alone may lack a kind)
  }
  // Propagation: exactly one solution (counted up to 2), the listed one.
  const std::vector<Puzzle> part(ps.begin() + static_cast<std::ptrdiff_t>(std::min(from, ps.size())),
                                 ps.begin() + static_cast<std::ptrdiff_t>(std::min(upto, ps.size())));
  ASSERT_FALSE(part.empty()) << path << ": no puzzle in [" << from << ", " << upto << ")";
  check_unique(part, path);
  // Dancing Links: the same. (check_dlx_validated would run propagation a second time on every
  // puzzle, to compare counts that check_unique has just fixed at 1: a third of this test's time.)
  std::size_t killers9 = 0;
  for (const Puzzle& p : part) {
    const auto r = solve_dlx(p.model, 2);
    ASSERT_EQ(r.count, 1u) << path << " line " << p.line;
    ASSERT_EQ(r.solution, p.expected) << path << " line " << p.line;
    killers9 += killer9(p);
  }
  // DLX's 9x9 killer path (the sum-bounds encoding's hard case) really ran on every 9x9 killer.
  if ((f.opt.rules & kRuleKiller) && f.opt.box.n() == 9) { EXPECT_EQ(killers9, part.size()) << path; }
}

// Every merge of two adjacent cages a minimal killer must refuse: at most max_cage cells
// together, no digit of the solution twice (worked out here, not with mergeable_cages).
inline void expect_killer_minimal(const Model& m, const std::vector<int>& solution, int max_cage, const std::string& where) {
  const int n = m.n;
  std::vector<int> owner(static_cast<std::size_t>(n) * n, -1);
  for (std::size_t k = 0; k < m.cages.size(); ++k)
    for (int c : m.cages[k].cells) owner[c] = static_cast<int>(k);
  std::vector<std::pair<int, int>> pairs;
  for (int c = 0; c < n * n; ++c)
    for (int x : {c % n + 1 < n ? c + 1 : -1, c + n < n * n ? c + n : -1})
      if (x >= 0 && owner[c] != owner[x]) pairs.emplace_back(std::min(owner[c], owner[x]), std::max(owner[c], owner[x]));
  std::sort(pairs.begin(), pairs.end());
  pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
  for (const auto& [i, j] : pairs) {
    std::vector<int> both = m.cages[i].cells;
    both.insert(both.end(), m.cages[j].cells.begin(), m.cages[j].cells.end());
    if (static_cast<int>(both.size()) > max_cage) continue;
    std::vector<int> digits;
    for (int c : both) digits.push_back(solution[c]);
    std::sort(digits.begin(), digits.end());
    if (std::adjacent_find(digits.begin(), digits.end()) != digits.end()) continue;
    std::vector<Cage> cages;
    for (std::size_t k = 0; k < m.cages.size(); ++k)
      if (static_cast<int>(k) != i && static_cast<int>(k) != j) cages.push_back(m.cages[k]);
    cages.push_back(Cage{m.cages[i].sum + m.cages[j].sum, both});
    const Model merged = make_model(m.box, m.rules, m.givens, m.region, cages);
    EXPECT_EQ(solve_propagate(merged, 2).count, 2u) << where << ": cages " << i << " and " << j << " can be merged";
  }
}

// A given v at cell c is needed exactly when the puzzle without it has a second solution, and a
// second solution has another digit w at c (one with v there satisfies every given, so it is
// the listed one). So: each w != v that no other given in c's units rules out is put at c and
// the puzzle solved to its first solution; the given is needed when one of them has a solution
// (checked with satisfies()). Counting the puzzle without c to 2 instead finds the listed
// solution again before the second. On the 100 minimal 16x16 puzzles (9,326 givens), measured
// at load ~10 on 2 cores: counting to 2, 65 s of CPU (`solve --count --limit 2` on every
// puzzle with one given blanked); this, 48 s (GeneratorPromises/classic_4x4). Most of what is
// left is refuting the wrong digits, which Dancing Links does faster than propagation since
// propagation checks Hall's condition from 10 digits on: part 2 of classic_4x4 (25 puzzles),
// one run each, another core busy: propagation 29.3 s, DLX 18.6 s, DLX counting the puzzle
// without c to 2 24.3 s. `trial` is a copy of m, left as it was.
inline bool given_is_needed(const Model& m, int c, Model& trial) {
  const int v = m.givens[c];
  std::vector<bool> ruled_out(static_cast<std::size_t>(m.n) + 1, false);
  for (const Unit& u : m.units)
    if (std::find(u.cells.begin(), u.cells.end(), c) != u.cells.end())
      for (int x : u.cells)
        if (x != c) ruled_out[m.givens[x]] = true;
  bool needed = false;
  for (int w = 1; w <= m.n && !needed; ++w) {
    if (w == v || ruled_out[w]) continue;
    trial.givens[c] = w;
    const auto r = solve_dlx(trial, 1, SolutionCallback{});
    needed = r.count == 1 && satisfies(trial, r.solution);
  }
  trial.givens[c] = v;
  return needed;
}

// The generator's own promises on puzzles [from, upto) of `f`: connected regions and cages, the
// killer's shape, symmetric givens, minimality.
inline void check_generator_properties(const DataFile& f, std::size_t upto, std::size_t from = 0) {
  if (f.opt.perturb != Perturb::None) return;  // perturbed on purpose
  const auto ps = load_generated(f);
  upto = std::min(upto, ps.size());
  const bool killer = f.opt.rules & kRuleKiller;
  const int max_cage = f.opt.max_cage ? f.opt.max_cage : default_max_cage(f.opt.box.n());
  for (std::size_t i = from; i < upto; ++i) {
    const Model& m = ps[i].model;
    const std::vector<int>& solution = ps[i].expected;
    const std::string where = f.name + " puzzle " + std::to_string(i);
    ASSERT_EQ(static_cast<int>(solution.size()), m.cells()) << where << ": no solution listed";
    if (m.rules & kRuleJigsaw) {
      std::vector<std::vector<int>> regions(static_cast<std::size_t>(m.n));
      for (int c = 0; c < m.cells(); ++c) regions[m.region[c]].push_back(c);
      for (const auto& r : regions) EXPECT_TRUE(connected_cells(r, m.n)) << where << ": a region is not connected";
    }
    if (killer) {
      EXPECT_TRUE(std::all_of(m.givens.begin(), m.givens.end(), [](int d) { return d == 0; })) << where;
      std::vector<int> covered(static_cast<std::size_t>(m.cells()), 0);
      for (const Cage& k : m.cages) {
        EXPECT_TRUE(connected_cells(k.cells, m.n)) << where << ": a cage is not connected";
        EXPECT_LE(static_cast<int>(k.cells.size()), max_cage) << where;
        for (int c : k.cells) ++covered[c];
      }
      EXPECT_TRUE(std::all_of(covered.begin(), covered.end(), [](int k) { return k == 1; })) << where << ": cages do not tile the grid";
    }
    if (f.opt.symmetry != Symmetry::None && !f.opt.minimal) {
      for (int c = 0; c < m.cells(); ++c) {
        EXPECT_EQ(m.givens[c] != 0, m.givens[mirror_image(c, m.n, f.opt.symmetry)] != 0) << where << ": asymmetric at " << c;
      }
    }
    if (!f.opt.minimal) continue;
    if (killer) {
      expect_killer_minimal(m, solution, max_cage, where);
      continue;
    }
    Model trial = m;
    for (int c = 0; c < m.cells(); ++c)
      if (m.givens[c]) { EXPECT_TRUE(given_is_needed(m, c, trial)) << where << ": the given at cell " << c << " can be removed"; }
  }
}

// Puzzles [0, upto) of `f` made again through the library (on two threads), compared with the
// file's lines byte for byte (the CLI adds nothing but the header).
inline void check_regenerates(const DataFile& f, std::size_t upto) {
  const auto lines = data_lines(generated_path(f.name));
  upto = std::min<std::size_t>(upto, lines.size());
  const bool counts = f.opt.perturb != Perturb::None;
  std::size_t k = 0;
  generate_batch(f.opt, f.seed, 0, upto, 2, [&](const GeneratedPuzzle& g) {
    const auto count = counts ? std::optional<std::uint64_t>(g.solutions) : std::nullopt;
    EXPECT_EQ(write_puzzle(f.json ? PuzzleFormat::Json : PuzzleFormat::Line, g.model, g.solution, count), lines[k])
        << f.name << " puzzle " << k << " is not what the generator makes";
    ++k;
  });
  EXPECT_EQ(k, upto);
}

// The counts files together: every kind of count (none, one, several) by both engines.
inline void check_generated_counts() {
  std::vector<CountedPuzzle> all;
  for (const auto& f : data_files())
    if (f.opt.perturb != Perturb::None)
      for (auto& c : load_counted(generated_path(f.name))) all.push_back(std::move(c));
  check_listed_counts(all, "tests/data/generated/counts-*");
}

}  // namespace gridenum::testing
