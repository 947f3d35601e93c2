// Batch solving (batch.hpp). A three-stage oneTBB pipeline: a serial reader that only cuts the
// stream into lines (the stream is sequential), a parallel stage that parses each line into a
// model and solves it, and a serial_in_order writer, so output order equals input order however
// long each puzzle takes. The number of puzzles in flight is bounded (a few per thread), so a
// file of any size is processed in constant memory.
//
// Measured (17-clue set, 2 threads, bench_solve batch/propagate_17clue): parsing in the serial
// reader capped the batch at 74k puzzles/s, a third of one core's solving speed; the model
// builder's eager error messages were half of that (model.cpp), and parsing in the parallel
// stage removes the rest of the serial bottleneck.
#include "gridenum/puzzle/batch.hpp"

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_pipeline.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <memory>
#include <mutex>
#include <set>
#include <stdexcept>
#include <vector>

#include "gridenum/core/stop.hpp"
#include "gridenum/core/threads.hpp"
#include "gridenum/puzzle/dlx.hpp"
#include "gridenum/puzzle/propagate.hpp"

namespace gridenum {

SolveResult solve(const Model& m, const SolveOptions& opt) {
  if (opt.external) return opt.external(m);
  switch (opt.engine) {
    case Engine::Propagate:
      return solve_propagate(m, opt.limit, opt.limits);
    case Engine::Dlx:
      return solve_dlx(m, opt.limit, opt.limits);
  }
  throw std::logic_error("unknown engine");
}

std::optional<std::string> check_listed_solution(const Puzzle& p, const SolveResult& r, std::uint64_t limit) {
  std::string why;
  if (!satisfies(p.model, p.expected, &why)) return "the listed solution is not a solution of the puzzle: " + why;
  if (!r.complete()) return std::nullopt;  // a stopped search proves nothing either way
  if (r.count == 0) return "no solution found, yet the listed solution satisfies every rule (an engine bug?)";
  if (r.count == 1 && limit != 1 && r.solution != p.expected)
    return "the engine's unique solution differs from the listed solution, which also satisfies every rule "
           "(an engine bug?)";
  return std::nullopt;
}

BatchSummary solve_batch(PuzzleReader& reader, const BatchOptions& opt, const std::function<void(BatchItem&)>& out) {
  // Sized by resolve_threads (core/threads.hpp), the one place that caps a request at the cores
  // this process may use: an arena asked for more slots than oneTBB has workers printed "TBB
  // Warning: The number of workers is currently limited to 1" (`solve --threads 3` on 2 cores),
  // and the extra slots never got a thread anyway.
  const int threads = resolve_threads(opt.threads);
  // The puzzles' searches hear a stop request (solver.hpp, SearchLimits::hear_stop): a search of
  // minutes must not hold up a Ctrl-C. The result of such a search is only a lower bound, and the
  // puzzle is dropped below, never printed.
  SolveOptions solve_opt = opt.solve;
  solve_opt.limits.hear_stop = true;
  // Items travel through the pipeline in chunks: a token per puzzle costs about a microsecond of
  // scheduling and thread hand-over, as much as solving an easy 9x9 puzzle. Chunks grow with
  // the number of items read so far ("guided" sizing: 1 while fewer than 8 items per thread have
  // been read, at most 64), so a short or slow input is still spread over every thread and a
  // long one pays the per-token cost once per 64 puzzles.
  using Chunk = std::vector<BatchItem>;
  constexpr std::size_t kMaxChunk = 64;
  const std::size_t spread = static_cast<std::size_t>(threads) * 8;
  BatchSummary sum;
  bool done = false;
  // The stop, in order (the writer below is serial_in_order): once an item is dropped, no later
  // item is handed out even if it was solved, so the output stays the answers to a prefix of the
  // input and a line of it never answers another line's puzzle.
  bool cut = false;
  std::mutex note_mutex;  // the first engine's note about its stop (several may be stopped at once)
  // Chunks in flight are owned here, not by the tokens: when a stage throws (a write error on
  // standard output), the pipeline drops its tokens, and their chunks must still be freed
  // (LeakSanitizer caught this on SIGTERM during a MIP solve, when a stop was still an exception).
  std::mutex live_mutex;
  std::set<Chunk*> live;
  struct FreeLive {
    std::set<Chunk*>& live;
    ~FreeLive() {
      for (Chunk* c : live) delete c;
    }
  } free_live{live};
  auto body = [&] {
    oneapi::tbb::parallel_pipeline(
        static_cast<std::size_t>(threads) * 4,
        oneapi::tbb::make_filter<void, Chunk*>(
            oneapi::tbb::filter_mode::serial_in_order,
            [&](oneapi::tbb::flow_control& fc) -> Chunk* {
              auto chunk = std::make_unique<Chunk>();
              const std::size_t size = std::clamp<std::size_t>(sum.items / spread, 1, kMaxChunk);
              chunk->reserve(size);
              // A stop request: nothing more is read (the reader is serial, so the input's
              // position stays right after the last item read).
              while (!done && !stop_requested() && chunk->size() < size) {
                BatchItem item;
                if (!reader.next_raw(item.raw)) {
                  done = true;
                  break;
                }
                item.index = sum.items++;
                chunk->push_back(std::move(item));
              }
              if (chunk->empty()) {
                fc.stop();
                return nullptr;
              }
              const std::lock_guard<std::mutex> lock(live_mutex);
              live.insert(chunk.get());
              return chunk.release();
            }) &
            oneapi::tbb::make_filter<Chunk*, Chunk*>(
                oneapi::tbb::filter_mode::parallel,
                [&](Chunk* chunk) {
                  for (BatchItem& item : *chunk) {
                    // Not started before a stop request: dropped (it would be dropped anyway,
                    // since an earlier item of the same stop is).
                    if (stop_requested()) {
                      item.dropped = true;
                      continue;
                    }
                    item.input = reader.parse(std::move(item.raw));
                    if (!item.input.puzzle) continue;
                    try {
                      item.result = solve(item.input.puzzle->model, solve_opt);
                      // A search that heard the stop: its count is a lower bound, no answer.
                      if (item.result.status == SolveStatus::Stopped) item.dropped = true;
                      else if (!item.input.puzzle->expected.empty())
                        item.listed_mismatch = check_listed_solution(*item.input.puzzle, item.result, opt.solve.limit);
                    } catch (const SolveInterrupted& e) {
                      item.dropped = true;  // the MIP engine, stopped: its solver killed, its folder removed
                      const std::lock_guard<std::mutex> lock(note_mutex);
                      if (sum.note.empty()) sum.note = e.what();
                    } catch (const std::exception& e) {
                      // A failure after a stop request is most likely the stop's doing (a MIP
                      // solver killed by the same Ctrl-C): dropped, not reported as the puzzle's.
                      if (stop_requested()) item.dropped = true;
                      else item.failure = e.what();
                    }
                  }
                  return chunk;
                }) &
            oneapi::tbb::make_filter<Chunk*, void>(oneapi::tbb::filter_mode::serial_in_order, [&](Chunk* chunk) {
              {
                const std::lock_guard<std::mutex> lock(live_mutex);
                live.erase(chunk);
              }
              std::unique_ptr<Chunk> own(chunk);
              for (BatchItem& item : *chunk) {
                cut = cut || item.dropped;
                if (cut) continue;
                out(item);
                ++sum.answered;
                sum.last_line = item.input.line;
              }
            }));
  };
  oneapi::tbb::task_arena arena(threads);
  arena.execute(body);
  sum.complete = done && sum.answered == sum.items;
  sum.stopped = stop_requested();
  return sum;
}

}  // namespace gridenum
