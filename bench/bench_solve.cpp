// Puzzle-solving throughput: puzzles per second with the uniqueness check (limit 2, i.e. stop at
// the second solution, as the standard solver benchmarks do), per collection and engine,
// single-threaded on prebuilt models and in batch (parse + solve + order, every core). Recorded
// results and commands: docs/puzzles.md; DLX history: docs/dlx.md.
#include <benchmark/benchmark.h>

#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "gridenum/puzzle/batch.hpp"
#include "gridenum/puzzle/dlx.hpp"
#include "gridenum/puzzle/propagate.hpp"
#include "gridenum/puzzle/puzzle_io.hpp"

namespace {
using namespace gridenum;

// The whole collection file; a missing or empty file is an error, never "0 puzzles/s".
std::string read_file(const std::string& name) {
  const std::string path = std::string(GRIDENUM_PUZZLES_DIR) + "/" + name;
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  if (!in || ss.str().empty()) throw std::runtime_error("bench_solve: cannot read " + path);
  return ss.str();
}

const std::vector<Model>& models(const std::string& name) {
  static std::map<std::string, std::vector<Model>> cache;
  auto& v = cache[name];
  if (v.empty()) {
    std::istringstream in(read_file(name));
    PuzzleReader r(in);
    PuzzleReader::Item it;
    while (r.next(it)) {
      if (!it.puzzle) throw std::runtime_error("bench_solve: " + name + ": a line does not parse");
      v.push_back(it.puzzle->model);
    }
    if (v.empty()) throw std::runtime_error("bench_solve: no puzzle in " + name);
  }
  return v;
}

void single(benchmark::State& state, const char* file, Engine engine) {
  const auto& ms = models(file);
  std::uint64_t solved = 0;
  for (auto _ : state) {
    for (const auto& m : ms) {
      const auto r = engine == Engine::Dlx ? solve_dlx(m, 2) : solve_propagate(m, 2);
      solved += r.count;
    }
  }
  benchmark::DoNotOptimize(solved);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * ms.size()));
  state.counters["puzzles"] = static_cast<double>(ms.size());
}

void batch(benchmark::State& state, const char* file, Engine engine) {
  const std::string text = read_file(file);
  std::size_t n = 0;
  for (auto _ : state) {
    std::istringstream in(text);
    PuzzleReader r(in);
    BatchOptions opt;
    opt.solve.engine = engine;
    opt.solve.limit = 2;
    opt.threads = static_cast<int>(state.range(0));
    n = solve_batch(r, opt, [](BatchItem& it) { benchmark::DoNotOptimize(it.result.count); }).items;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * n));
}

#define SOLVE_BENCH(name, file)                                                                  \
  BENCHMARK_CAPTURE(single, propagate_##name, file, Engine::Propagate)->Unit(benchmark::kMillisecond); \
  BENCHMARK_CAPTURE(single, dlx_##name, file, Engine::Dlx)->Unit(benchmark::kMillisecond);       \
  BENCHMARK_CAPTURE(batch, propagate_##name, file, Engine::Propagate)->Arg(0)->UseRealTime()->Unit(benchmark::kMillisecond); \
  BENCHMARK_CAPTURE(batch, dlx_##name, file, Engine::Dlx)->Arg(0)->UseRealTime()->Unit(benchmark::kMillisecond);

SOLVE_BENCH(17clue, "classic-17clue-2000.txt")
SOLVE_BENCH(top1465, "classic-top1465.txt")
SOLVE_BENCH(hardest375, "classic-hardest-375.txt")
SOLVE_BENCH(jigsaw300, "jigsaw-300.txt")
SOLVE_BENCH(sixteen60, "16x16-60.txt")
// Killer (20 4x4, 129 6x6, 251 9x9 puzzles, each with its own cages): Dancing Links rebuilds
// the matrix for every puzzle (the cages are part of the rules), so its figures include the
// build. Cages are encoded by their placements or digit sets (dlx.hpp).
SOLVE_BENCH(killer400, "killer-400.txt")

}  // namespace
