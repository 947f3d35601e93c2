// Batch solving (batch.hpp). A three-stage oneTBB pipeline: a serial reader (the stream is
// sequential), a parallel solver, and a serial_in_order writer, so output order equals input
// order however long each puzzle takes. The number of puzzles in flight is bounded (a few
// per thread), so a file of any size is processed in constant memory.
#include "gridenum/batch.hpp"

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_pipeline.h>
#include <oneapi/tbb/task_arena.h>

#include <memory>
#include <stdexcept>

#include "gridenum/dlx.hpp"
#include "gridenum/propagate.hpp"

namespace gridenum {

SolveResult solve(const Model& m, const SolveOptions& opt) {
  switch (opt.engine) {
    case Engine::Propagate:
      return solve_propagate(m, opt.limit);
    case Engine::Dlx:
      return solve_dlx(m, opt.limit);
    case Engine::Mip:
      return solve_mip(m, opt.mip);
  }
  throw std::logic_error("unknown engine");
}

std::size_t solve_batch(PuzzleReader& reader, const BatchOptions& opt, const std::function<void(BatchItem&)>& out) {
  const int threads = opt.threads > 0 ? opt.threads : oneapi::tbb::info::default_concurrency();
  std::size_t count = 0;
  bool done = false;
  auto body = [&] {
    oneapi::tbb::parallel_pipeline(
        static_cast<std::size_t>(threads) * 4,
        oneapi::tbb::make_filter<void, BatchItem*>(
            oneapi::tbb::filter_mode::serial_in_order,
            [&](oneapi::tbb::flow_control& fc) -> BatchItem* {
              auto item = std::make_unique<BatchItem>();
              if (done || !reader.next(item->input)) {
                done = true;
                fc.stop();
                return nullptr;
              }
              item->index = count++;
              return item.release();
            }) &
            oneapi::tbb::make_filter<BatchItem*, BatchItem*>(
                oneapi::tbb::filter_mode::parallel,
                [&](BatchItem* item) {
                  if (item->input.puzzle) {
                    try {
                      item->result = solve(item->input.puzzle->model, opt.solve);
                    } catch (const std::exception& e) {
                      item->failure = e.what();
                    }
                  }
                  return item;
                }) &
            oneapi::tbb::make_filter<BatchItem*, void>(oneapi::tbb::filter_mode::serial_in_order, [&](BatchItem* item) {
              std::unique_ptr<BatchItem> own(item);
              out(*item);
            }));
  };
  oneapi::tbb::task_arena arena(threads);
  arena.execute(body);
  return count;
}

}  // namespace gridenum
