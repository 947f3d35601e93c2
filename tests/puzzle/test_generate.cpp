// The puzzle generator: the committed data it made (tests/data/generated/), its promises (one
// solution by both engines, minimal, symmetric, connected regions and cages), reproducibility (same
// seed, any --threads, byte for byte), its steps on their own, and the CLI (generate | solve
// round-trips, --json, errors).
//
// Cost (fast label): the engine checks and the generator's promises (minimality included) on
// the first DataFile::checked puzzles of every file (20, and 4 to 10 of the costliest;
// generated_data.hpp; slow_generate.cpp checks the rest, the counts files are checked whole);
// regeneration on the first DataFile::fast puzzles (50, fewer of the costliest;
// slow_generate.cpp: every puzzle). Before the prefixes (2-core AMD EPYC, 2026-11-26, fresh
// clone) these tests took 123 s of the fast label's 239 s, one of them 18 s (a quarter of the
// 16x16 classics' minimality): over the label's budget of 10 s a test; under the sanitizers
// (.ci/run) they took over 7 minutes of test time.
// History: DLX on 16x16 killers with cages of up to 6 cells took over a minute for one puzzle,
// hence cages of at most 3 cells in killer-4x4 (4 in killer-3x4).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <set>

#include "cli_run.hpp"
#include "generated_data.hpp"
#include "gridenum/core/errors.hpp"

using namespace gridenum;
using namespace gridenum::testing;

namespace {

// All puzzles of a run as the text the CLI prints for them (no header).
std::vector<std::string> texts(const GenerateOptions& opt, std::uint64_t seed, std::uint64_t first, std::uint64_t count,
                               int threads) {
  std::vector<std::string> out;
  generate_batch(opt, seed, first, count, threads, [&](const GeneratedPuzzle& g) {
    EXPECT_EQ(g.index, first + out.size());
    out.push_back(write_puzzle(PuzzleFormat::Json, g.model, g.solution));
  });
  return out;
}

std::string symbols(const std::vector<int>& grid) {
  std::string s;
  for (int d : grid) s += digit_symbol(d);
  return s;
}

}  // namespace

// ---- The committed data --------------------------------------------------------------------

class GeneratedData : public ::testing::TestWithParam<DataFile> {};

TEST_P(GeneratedData, OneSolutionByBothEngines) { check_file_and_engines(GetParam(), 0, GetParam().checked); }
TEST_P(GeneratedData, RegeneratedByteForByte) { check_regenerates(GetParam(), GetParam().fast); }

INSTANTIATE_TEST_SUITE_P(Files, GeneratedData, ::testing::ValuesIn(data_files()), data_file_test_name);

// The generator's promises (minimality included) on the fast label's share of every file (its
// first DataFile::checked puzzles; slow_generate.cpp checks the rest).
class GeneratedDataPart : public ::testing::TestWithParam<DataPart> {};

TEST_P(GeneratedDataPart, GeneratorPromises) {
  check_generator_properties(GetParam().file, GetParam().upto, GetParam().from);
}

INSTANTIATE_TEST_SUITE_P(Files, GeneratedDataPart, ::testing::ValuesIn(data_parts()), data_part_test_name);

// The fast label's parts, the slow label's and the long label's cover each file's puzzles exactly
// once, in order.
TEST(GeneratedDataSet, PartsCoverEveryPuzzle) {
  std::vector<DataPart> all = data_parts();
  for (const auto& p : data_rest_parts()) all.push_back(p);
  for (const auto& p : data_long_parts()) all.push_back(p);  // the long label's share (long_generate.cpp)
  for (const auto& f : data_files()) {
    std::size_t next = 0;
    for (const auto& p : all)
      if (p.file.name == f.name) {
        EXPECT_EQ(p.from, next) << f.name;
        EXPECT_LT(p.from, p.upto) << f.name;
        next = p.upto;
      }
    EXPECT_EQ(next, f.count) << f.name;
  }
}

TEST(GeneratedDataSet, CountsByBothEngines) { check_generated_counts(); }

// The folder holds exactly the files of the table (a file the table misses is never checked).
TEST(GeneratedDataSet, EveryFileIsListed) {
  std::set<std::string> on_disk, listed;
  for (const auto& e : std::filesystem::directory_iterator(data_file("generated")))
    if (e.path().extension() == ".txt") on_disk.insert(e.path().stem().string());
  for (const auto& f : data_files()) EXPECT_TRUE(listed.insert(f.name).second) << f.name << " listed twice";
  EXPECT_EQ(on_disk, listed);
}

// Every rule set and the sizes from 4x4 to 25x25 are in the data (the table could shrink
// unnoticed otherwise).
TEST(GeneratedDataSet, CoversEveryRuleSetAndSize) {
  std::set<std::pair<unsigned, int>> have;
  for (const auto& f : data_files()) have.insert({f.opt.rules, f.opt.box.n()});
  for (int n : {4, 6, 8, 9, 10, 12, 16, 25}) EXPECT_TRUE(have.count({kRuleClassic, n})) << "classic " << n;
  for (int n : {4, 6, 8, 9, 12, 16}) EXPECT_TRUE(have.count({kRuleX, n})) << "x " << n;
  for (int n : {4, 5, 6, 7, 8, 9, 10, 12, 16}) EXPECT_TRUE(have.count({kRuleJigsaw, n})) << "jigsaw " << n;
  for (int n : {4, 6, 8, 9, 12, 16}) EXPECT_TRUE(have.count({kRuleKiller, n})) << "killer " << n;
  EXPECT_TRUE(have.count({kRuleWindoku, 9}));
  EXPECT_TRUE(have.count({kRuleX | kRuleWindoku, 9}));
  EXPECT_TRUE(have.count({kRuleJigsaw | kRuleX, 9}));
  EXPECT_TRUE(have.count({kRuleKiller | kRuleX, 9}));
  EXPECT_TRUE(have.count({kRuleJigsaw | kRuleKiller, 6}));
}

// ---- Reproducibility -----------------------------------------------------------------------

// Puzzle i depends only on (seed, i, options): any thread count, any starting index.
TEST(Generate, SameSeedSameOutputOnAnyThreads) {
  for (const auto& opt : {options({3, 3}, kRuleClassic, true), options({2, 3}, kRuleX, false, Symmetry::Mirror),
                          jigsaw(7, 0, true), options({2, 3}, kRuleKiller, false)}) {
    const auto one = texts(opt, 42, 0, 12, 1);
    EXPECT_EQ(texts(opt, 42, 0, 12, 2), one);
    EXPECT_EQ(texts(opt, 42, 0, 12, 3), one);
    const auto tail = texts(opt, 42, 5, 7, 2);
    EXPECT_TRUE(std::equal(tail.begin(), tail.end(), one.begin() + 5));
    // Another seed, other puzzles (all 12 the same would mean the seed is ignored).
    const auto other = texts(opt, 43, 0, 12, 2);
    EXPECT_NE(other, one);
    EXPECT_EQ(std::set<std::string>(one.begin(), one.end()).size(), one.size()) << "repeated puzzles within a run";
  }
}

// ---- The steps -----------------------------------------------------------------------------

TEST(GenerateSteps, SymmetryOrbitsPartitionTheGrid) {
  for (int n : {4, 6, 9, 16})
    for (Symmetry s : {Symmetry::None, Symmetry::Rotational, Symmetry::Mirror}) {
      std::vector<int> seen(static_cast<std::size_t>(n) * n, 0);
      for (const auto& orbit : symmetry_orbits(n, s)) {
        ASSERT_FALSE(orbit.empty());
        for (int c : orbit) {
          ++seen[c];
          // The orbit is closed under the map, and holds no more than c and its image.
          EXPECT_NE(std::find(orbit.begin(), orbit.end(), mirror_image(c, n, s)), orbit.end());
        }
        EXPECT_LE(orbit.size(), s == Symmetry::None ? 1u : 2u);
      }
      EXPECT_TRUE(std::all_of(seen.begin(), seen.end(), [](int k) { return k == 1; })) << n;
    }
}

// Random regions: n connected regions of n cells, different from the start and from each other.
TEST(GenerateSteps, RandomRegionsAreConnectedPartitions) {
  for (int n : {4, 5, 7, 9, 12, 16}) {
    std::vector<int> start;
    const auto box = default_shape(n);
    for (int c = 0; c < n * n; ++c) start.push_back(box ? box->box_of(c / n, c % n) : c / n);
    ASSERT_TRUE(regions_connected(n, start));
    std::set<std::vector<int>> layouts;
    for (std::uint64_t seed = 0; seed < 5; ++seed) {
      Rng rng(seed);
      const auto r = random_regions(n, start, rng);
      std::vector<int> size(static_cast<std::size_t>(n), 0);
      for (int id : r) {
        ASSERT_TRUE(id >= 0 && id < n);
        ++size[id];
      }
      EXPECT_TRUE(std::all_of(size.begin(), size.end(), [n](int k) { return k == n; })) << n;
      std::vector<std::vector<int>> cells(static_cast<std::size_t>(n));
      for (int c = 0; c < n * n; ++c) cells[r[c]].push_back(c);
      for (const auto& reg : cells) EXPECT_TRUE(connected_cells(reg, n)) << n;
      EXPECT_TRUE(regions_connected(n, r));
      layouts.insert(r);
    }
    EXPECT_EQ(layouts.size(), 5u) << n;
    EXPECT_FALSE(layouts.count(start)) << n;
  }
  // regions_connected itself: two cells swapped across the boxes of 4x4 split both regions.
  std::vector<int> split{0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3};
  std::swap(split[0], split[15]);
  EXPECT_FALSE(regions_connected(4, split));
}

// Random fills satisfy the model, honour givens, differ between draws, and report no grid when
// there is none.
TEST(GenerateSteps, RandomSolutionsAreSolutions) {
  for (const auto& [box, rules] : std::vector<std::pair<Shape, unsigned>>{
           {{2, 2}, kRuleClassic}, {{2, 3}, kRuleX}, {{3, 3}, kRuleWindoku}, {{3, 3}, kRuleX | kRuleWindoku},
           {{4, 4}, kRuleX}, {{5, 5}, kRuleClassic}}) {
    const Model m = make_model(box, rules, {});
    std::set<std::vector<int>> grids;
    for (std::uint64_t seed = 0; seed < 4; ++seed) {
      Rng rng(seed);
      const auto g = random_solution(m, rng);
      ASSERT_TRUE(satisfies(m, g)) << box.str();
      grids.insert(g);
    }
    EXPECT_EQ(grids.size(), 4u) << box.str();
  }
  const Model seeded = seed_example("classic").puzzle.model;
  Rng rng(1);
  EXPECT_EQ(random_solution(seeded, rng), seed_example("classic").solution);
  // Two 1s in the first row: no solution.
  std::vector<int> clash(16, 0);
  clash[0] = clash[1] = 1;
  Rng rng2(2);
  EXPECT_TRUE(random_solution(make_model({2, 2}, kRuleClassic, clash), rng2).empty());
}

// mergeable_cages: adjacent, within the size limit, no digit twice.
TEST(GenerateSteps, MergeableCages) {
  // 4x4 grid:   1 2 3 4 / 3 4 1 2 / 2 1 4 3 / 4 3 2 1
  const std::vector<int> sol{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1};
  std::vector<Cage> cages{{3, {0, 1}}, {7, {2, 3}}, {7, {4, 5}}, {3, {6, 7}}, {3, {8, 9}}, {7, {10, 11}},
                          {7, {12, 13}}, {3, {14, 15}}};
  const auto pairs = mergeable_cages(4, cages, sol, 4);
  // Cage 0 {1,2} and cage 1 {3,4}: adjacent, 4 cells, distinct: mergeable. Cage 0 and cage 2
  // {3,4}: adjacent (cells 0/4, 1/5), distinct: mergeable. Cage 0 and 3 are not adjacent.
  const std::set<std::pair<int, int>> got(pairs.begin(), pairs.end());
  EXPECT_TRUE(got.count({0, 1}));
  EXPECT_TRUE(got.count({0, 2}));
  EXPECT_FALSE(got.count({0, 3}));
  // Cages 1 {3,4} and 3 {1,2} share no digit and are adjacent (cells 2/6, 3/7).
  EXPECT_TRUE(got.count({1, 3}));
  // Cages 2 {3,4} and 4 {2,1}: adjacent (4/8, 5/9), distinct. Cages 1 and 2 are not adjacent.
  EXPECT_TRUE(got.count({2, 4}));
  EXPECT_FALSE(got.count({1, 2}));
  // With at most 3 cells nothing of 2 + 2 merges.
  EXPECT_TRUE(mergeable_cages(4, cages, sol, 3).empty());
  // {0,1} holds 1, 2 and {4,8} holds 3, 2: adjacent (0/4) but the 2 would repeat. The rest
  // repeats digits with both.
  const std::vector<Cage> clash{{3, {0, 1}}, {5, {4, 8}}, {32, {2, 3, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15}}};
  EXPECT_TRUE(mergeable_cages(4, clash, sol, 16).empty());
}

TEST(GenerateSteps, OptionProblemsAreNamed) {
  EXPECT_TRUE(generate_options_problem(options({2, 3}, kRuleWindoku, false)));
  EXPECT_TRUE(generate_options_problem(options({3, 3}, kRuleKiller, false, Symmetry::Mirror)));
  EXPECT_TRUE(generate_options_problem(options({3, 3}, kRuleKiller, false, Symmetry::None, Perturb::Remove)));
  EXPECT_TRUE(generate_options_problem(jigsaw(3, 0, false)));
  EXPECT_TRUE(generate_options_problem(options({1, 9}, kRuleClassic, false)));
  EXPECT_FALSE(generate_options_problem(jigsaw(5, kRuleKiller | kRuleX, false)));
  EXPECT_THROW(generate_puzzle(options({2, 3}, kRuleWindoku, false), 1, 0), InputError);
}

// Killer --minimal through the library on 4x4 and 6x6 (the data files check their own): no
// adjacent pair can be merged.
TEST(GenerateSteps, MinimalKillersAdmitNoMerge) {
  for (const auto& opt : {options({2, 2}, kRuleKiller, true), options({2, 3}, kRuleKiller | kRuleX, true)})
    for (std::uint64_t i = 0; i < 5; ++i) {
      const GeneratedPuzzle g = generate_puzzle(opt, 77, i);
      ASSERT_EQ(solve_dlx(g.model, 2).count, 1u);
      expect_killer_minimal(g.model, g.solution, default_max_cage(g.model.n), "puzzle " + std::to_string(i));
    }
}

// ---- The CLI -------------------------------------------------------------------------------

// generate | solve: every rule set, both engines; each solution is the one generate listed.
TEST(GenerateCli, RoundTripsThroughSolve) {
  const std::vector<std::string> runs{
      "--shape 2x3 --minimal",       "--shape 4x4",  "--rules x --shape 3x2", "--rules windoku --symmetry mirror",
      "--rules x,windoku --minimal", "--rules jigsaw --size 7", "--rules jigsaw,x --size 8",
      "--rules killer --shape 2x4",  "--rules killer,x",        "--shape 3x3 --perturb remove"};
  for (const auto& run : runs) {
    const std::string gen = "{gridenum} generate --seed 5 --puzzles 4 --threads 2 " + run;
    const Proc made = run_cli_line(gen);
    ASSERT_EQ(made.code, 0) << run << ": " << made.err;
    // The header says which solve options the lines need.
    std::string solve_args;
    for (const auto& l : lines_of(made.out))
      if (l.rfind("# read with: gridenum solve ", 0) == 0) solve_args = l.substr(28);
    std::vector<Puzzle> want;
    std::size_t no = 0;
    ReadOptions ropt;
    if (contains(solve_args, "--rules x")) ropt.rules |= kRuleX;
    if (contains(solve_args, "windoku")) ropt.rules |= kRuleWindoku;
    if (contains(solve_args, "--shape 3x2")) ropt.shape = Shape{3, 2};
    for (const auto& l : lines_of(made.out))
      if (auto p = parse_puzzle_line(l, ++no, ropt)) want.push_back(std::move(*p));
    ASSERT_FALSE(want.empty()) << run;
    const bool counts = contains(run, "--perturb");
    for (const char* engine : {"propagate", "dlx"}) {
      const std::string solve = std::string("{gridenum} solve ") + (counts ? "--count" : "--unique") + " --engine " + engine +
                                " " + solve_args;
      // generate's own output, through a pipe (generating it again for each engine tripled the
      // test's cost: 38 s under the sanitizers; that a seed regenerates byte for byte is
      // GeneratedData.RegeneratedByteForByte's).
      const Proc solved = run_cli_line("cat | " + solve, made.out);
      ASSERT_EQ(solved.code, 0) << run << " | " << solve << ": " << solved.err;
      const auto out = lines_of(solved.out);
      ASSERT_EQ(out.size(), want.size()) << run;
      for (std::size_t i = 0; i < out.size(); ++i) {
        if (counts) {
          // `solve --count` prints the count; generate listed it ("givens:count:").
          const std::string line = lines_of(made.out)[i + 1];
          const auto a = line.find(':'), b = line.find(':', a + 1);
          EXPECT_EQ(out[i], line.substr(a + 1, b - a - 1)) << run << " " << engine << " puzzle " << i;
          continue;
        }
        EXPECT_EQ(out[i], "unique " + symbols(want[i].expected)) << run << " " << engine << " puzzle " << i;
      }
    }
  }
}

// --format json lines (and --stats members in them) read back too, for a jigsaw killer.
TEST(GenerateCli, JsonLinesRoundTrip) {
  const std::string gen = "{gridenum} generate --seed 9 --puzzles 5 --rules jigsaw,killer --size 6 --format json --stats";
  const Proc made = run_cli_line(gen);
  ASSERT_EQ(made.code, 0) << made.err;
  std::vector<std::string> solutions;
  for (const auto& l : lines_of(made.out))
    if (!l.empty() && l[0] == '{') {
      const auto j = nlohmann::json::parse(l);
      EXPECT_EQ(j.at("rules"), "jigsaw,killer");
      EXPECT_TRUE(j.at("hint").contains("nodes"));
      solutions.push_back(j.at("solution"));
    }
  ASSERT_EQ(solutions.size(), 5u);
  const Proc solved = run_cli_line(gen + " | {gridenum} solve --unique --engine dlx");
  ASSERT_EQ(solved.code, 0) << solved.err;
  const auto out = lines_of(solved.out);
  ASSERT_EQ(out.size(), 5u);
  for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(out[i], "unique " + solutions[i]);
}

// Same command, same bytes; --threads changes nothing but the summary.
TEST(GenerateCli, SameSeedSameOutputAnyThreads) {
  for (const std::string run : {"--rules jigsaw --size 9 --minimal", "--rules killer --shape 2x3", "--symmetry rotational"}) {
    const std::string gen = "generate --seed 123 --puzzles 8 " + run;
    const Proc a = run_cli_line("{gridenum} " + gen + " --threads 1");
    const Proc b = run_cli_line("{gridenum} " + gen + " --threads 2");
    const Proc c = run_cli_line("{gridenum} " + gen + " --threads 2");
    ASSERT_EQ(a.code, 0) << a.err;
    EXPECT_EQ(a.out, b.out) << run;
    EXPECT_EQ(b.out, c.out) << run;
    EXPECT_TRUE(contains(a.err, "on 1 thread;")) << a.err;
    // The header repeats the run: running it again gives the same file.
    const std::string header = lines_of(a.out).at(0);
    ASSERT_EQ(header.rfind("# gridenum generate ", 0), 0u) << header;
    const Proc again = run_cli_line("{gridenum} " + header.substr(11));
    EXPECT_EQ(again.out, a.out) << header;
  }
  // Without --seed: a random seed, written in the header (two runs differ).
  const Proc x = run_cli_line("{gridenum} generate --puzzles 3");
  const Proc y = run_cli_line("{gridenum} generate --puzzles 3");
  EXPECT_NE(lines_of(x.out).at(0), lines_of(y.out).at(0));
}

// --json: one document with every puzzle, its hint (what `solve --stats` reports for it), and
// the run's count, threads, time and stages.
TEST(GenerateCli, JsonDocumentAndTheHint) {
  const Proc made = run_cli({"generate", "--seed", "3", "--puzzles", "6", "--rules", "x", "--shape", "3x3", "--json",
                             "--threads", "2"});
  ASSERT_EQ(made.code, 0) << made.err;
  const auto doc = nlohmann::json::parse(made.out);
  EXPECT_EQ(doc.at("count"), 6);
  EXPECT_EQ(doc.at("threads"), 2);
  EXPECT_EQ(doc.at("seed"), 3);
  EXPECT_EQ(doc.at("rules"), "x");
  EXPECT_EQ(doc.at("solve_arguments"), "--rules x");
  EXPECT_GE(doc.at("seconds").get<double>(), 0.0);
  for (const char* stage : {"fill", "layout", "reduce", "hint"}) EXPECT_TRUE(doc.at("stage_seconds_summed").contains(stage));
  ASSERT_EQ(doc.at("puzzles").size(), 6u);
  std::string lines;
  for (const auto& p : doc.at("puzzles")) {
    EXPECT_EQ(p.at("solutions"), 1);
    lines += p.at("puzzle").get<std::string>() + "\n";
  }
  const Proc stats = run_cli_line("{gridenum} solve --stats --json --rules x -", lines);
  ASSERT_EQ(stats.code, 0) << stats.err;
  const auto out = lines_of(stats.out);
  ASSERT_EQ(out.size(), 6u);
  for (std::size_t i = 0; i < 6; ++i) {
    const auto s = nlohmann::json::parse(out[i]).at("stats");
    const auto& h = doc.at("puzzles")[i].at("hint");
    EXPECT_EQ(h.at("nodes"), s.at("nodes")) << i;
    EXPECT_EQ(h.at("propagations"), s.at("propagations")) << i;
    EXPECT_EQ(h.at("backtracks"), s.at("backtracks")) << i;
    const std::string givens = doc.at("puzzles")[i].at("puzzle").get<std::string>().substr(0, 81);
    EXPECT_EQ(h.at("givens"), 81 - std::count(givens.begin(), givens.end(), '.')) << i;
  }
}

// A jigsaw is sized by its side in text and JSON alike: the header's --size, the line's N, the
// JSON spec's and the --json document's "size" (never the 1xN shape its model holds); a grid with
// boxes gives its box shape too.
TEST(GenerateCli, JigsawIsSizedByItsSide) {
  const Proc line = run_cli({"generate", "--seed", "2", "--rules", "jigsaw", "--size", "6", "--puzzles", "1"});
  ASSERT_EQ(line.code, 0) << line.err;
  EXPECT_TRUE(contains(lines_of(line.out).at(0), " --size 6 ")) << line.out;
  EXPECT_EQ(lines_of(line.out).at(1).rfind("6|", 0), 0u) << line.out;
  const Proc spec = run_cli({"generate", "--seed", "2", "--rules", "jigsaw", "--size", "6", "--puzzles", "1", "--format", "json"});
  ASSERT_EQ(spec.code, 0) << spec.err;
  const auto j = nlohmann::json::parse(lines_of(spec.out).at(1));
  EXPECT_EQ(j.at("size"), 6);
  EXPECT_FALSE(j.contains("shape")) << j.dump();
  const Proc doc = run_cli({"generate", "--seed", "2", "--rules", "jigsaw", "--size", "6", "--puzzles", "1", "--json"});
  ASSERT_EQ(doc.code, 0) << doc.err;
  const auto d = nlohmann::json::parse(doc.out);
  EXPECT_EQ(d.at("size"), 6);
  EXPECT_TRUE(d.at("shape").is_null()) << doc.out;
  const auto boxed = nlohmann::json::parse(run_cli({"generate", "--seed", "2", "--shape", "2x3", "--puzzles", "1", "--json"}).out);
  EXPECT_EQ(boxed.at("size"), 6);
  EXPECT_EQ(boxed.at("shape"), "2x3");
  // What generate writes, solve reads.
  const Proc solved = run_cli_line("{gridenum} generate --seed 2 --rules jigsaw --size 6 --puzzles 3 --format json | "
                                   "{gridenum} solve --unique -");
  EXPECT_EQ(solved.code, 0) << solved.err;
  EXPECT_EQ(lines_of(solved.out).size(), 3u) << solved.out;
}

TEST(GenerateCli, UsageErrorsExit2WithAMessage) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
      {{"--rules", "sudokux"}, "unknown rule 'sudokux'"},
      {{"--shape", "7"}, "--shape: expected a box shape RxC (R rows and C columns per box, R*C digits)"},
      {{"--shape", "3y3"}, "--shape"},
      {{"--shape", "6x6"}, "6x6"},
      {{"--rules", "windoku", "--shape", "2x3"}, "windoku needs 3x3 boxes"},
      {{"--rules", "killer", "--symmetry", "mirror"}, "--symmetry none"},
      {{"--rules", "jigsaw,killer", "--size", "6"}, "--format json"},
      {{"--rules", "jigsaw", "--size", "3"}, "a jigsaw needs a size 4..25"},
      {{"--rules", "killer", "--cage-max", "10", "--shape", "2x2"}, "--cage-max 10"},
      {{"--cage-max", "3"}, "--cage-max is for killer"},
      {{"--symmetry", "diagonal"}, "--symmetry"},
      {{"--threads", "-1"}, "--threads"},
  };
  for (const auto& [args, message] : cases) {
    std::vector<std::string> all{"generate", "--seed", "1"};
    all.insert(all.end(), args.begin(), args.end());
    const Proc p = run_cli(all);
    EXPECT_EQ(p.code, 2) << args.back() << ": " << p.err;
    EXPECT_TRUE(contains(p.err, message)) << args.back() << ": " << p.err;
    EXPECT_TRUE(p.out.empty() || p.out.rfind("#", 0) == 0) << p.out;
  }
}

TEST(GenerateCli, Help) {
  const Proc p = run_cli({"generate", "--help"});
  EXPECT_EQ(p.code, 0);
  for (const char* s : {"--seed", "--puzzles", "--minimal", "--symmetry", "rotational", "mirror", "--rules", "--shape",
                        "--threads", "--json", "--stats", "| gridenum solve", "Examples"})
    EXPECT_TRUE(contains(p.out, s)) << s;
}
