// A stop request (core/stop.hpp) during solve_batch and generate_batch, in the library, where the
// CLI's signals end up ("Hardening, round two", item 3): the batch returns without an exception,
// marked stopped, having handed out only whole results for a prefix of its input in order; a
// search asked to hear the stop (SearchLimits::hear_stop) ends with status Stopped, never an
// answer, and one not asked does not hear it (the generator's checks: a puzzle depends only on
// its seed and index).
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "gridenum/core/stop.hpp"
#include "gridenum/puzzle/batch.hpp"
#include "gridenum/puzzle/generate.hpp"
#include "gridenum/puzzle/propagate.hpp"
#include "gridenum/puzzle/puzzle_io.hpp"

using namespace gridenum;

namespace {

const std::string kBatchStopPuzzle = "...5...6.8.9....1.16..87...3...26.....7.1.6.....85...3...47..21.4....9.8.8...3...";

// Clears the process's stop request when a test ends, whatever it asserted.
struct ClearStop {
  ClearStop() { clear_stop_request(); }
  ~ClearStop() { clear_stop_request(); }
};

}  // namespace

// Stopped after the 50th answer: no exception, `stopped`, every answer handed out is whole and
// for the next input item in order, and the input was not read to its end.
TEST(BatchStop, SolveBatchEndsInOrderOnAStopRequest) {
  const ClearStop clear;
  std::string text;
  for (int i = 0; i < 20000; ++i) text += kBatchStopPuzzle + "\n";
  std::istringstream in(text);
  PuzzleReader reader(in);
  BatchOptions opt;
  opt.threads = 2;
  std::size_t seen = 0;
  const BatchSummary sum = solve_batch(reader, opt, [&](BatchItem& it) {
    EXPECT_EQ(it.index, seen);
    EXPECT_FALSE(it.dropped);
    EXPECT_TRUE(it.result.complete());
    EXPECT_EQ(it.result.count, 1u);
    if (++seen == 50) request_stop();
  });
  EXPECT_TRUE(sum.stopped);
  EXPECT_FALSE(sum.complete);
  EXPECT_EQ(sum.answered, seen);
  EXPECT_GE(sum.answered, 50u);
  EXPECT_LT(sum.items, 20000u);  // the reader stopped reading
  EXPECT_EQ(sum.last_line, sum.answered);
}

// Without a stop, the same batch is complete and not stopped.
TEST(BatchStop, SolveBatchWithoutAStopIsComplete) {
  const ClearStop clear;
  std::string text;
  for (int i = 0; i < 300; ++i) text += kBatchStopPuzzle + "\n";
  std::istringstream in(text);
  PuzzleReader reader(in);
  const BatchSummary sum = solve_batch(reader, BatchOptions{}, [](BatchItem&) {});
  EXPECT_FALSE(sum.stopped);
  EXPECT_TRUE(sum.complete);
  EXPECT_EQ(sum.items, 300u);
  EXPECT_EQ(sum.answered, 300u);
}

// A search of minutes (counting every 9x9 grid with one row given) hears the stop when asked to,
// with status Stopped and a lower bound; the batch drops that puzzle instead of answering it.
TEST(BatchStop, ALongSearchHearsTheStop) {
  const ClearStop clear;
  const Model m = parse_puzzle_line("123456789" + std::string(72, '.'), 1)->model;
  std::thread stopper([] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    request_stop();
  });
  SearchLimits lim;
  lim.hear_stop = true;
  const SolveResult r = solve_propagate(m, 0, lim);
  stopper.join();
  EXPECT_EQ(r.status, SolveStatus::Stopped);
  EXPECT_FALSE(r.complete());
  EXPECT_STREQ(status_name(r.status), "stopped");
  EXPECT_NE(r.note.find("stopped by"), std::string::npos) << r.note;
  // Not asked: a search ignores the request (a node limit ends this one instead).
  SearchLimits plain;
  plain.nodes = 10000;
  EXPECT_EQ(solve_propagate(m, 0, plain).status, SolveStatus::NodeLimit);
  // In a batch the puzzle is dropped: nothing handed out.
  clear_stop_request();
  std::istringstream in("123456789" + std::string(72, '.') + "\n" + kBatchStopPuzzle + "\n");
  PuzzleReader reader(in);
  BatchOptions opt;
  opt.solve.limit = 0;
  std::thread again([] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    request_stop();
  });
  std::size_t handed = 0;
  const BatchSummary sum = solve_batch(reader, opt, [&](BatchItem&) { ++handed; });
  again.join();
  EXPECT_EQ(handed, 0u);
  EXPECT_TRUE(sum.stopped);
  EXPECT_EQ(sum.answered, 0u);
}

// generate_batch: the puzzles handed out before a stop are exactly the run's first ones.
TEST(BatchStop, GenerateBatchEndsInOrderOnAStopRequest) {
  const ClearStop clear;
  GenerateOptions opt;
  std::vector<std::uint64_t> indices;
  std::vector<std::vector<int>> givens;
  const GenerateSummary sum = generate_batch(opt, 7, 0, 1000000, 2, [&](const GeneratedPuzzle& g) {
    indices.push_back(g.index);
    givens.push_back(g.model.givens);
    if (indices.size() == 30) request_stop();
  });
  EXPECT_TRUE(sum.stopped);
  EXPECT_EQ(sum.made, indices.size());
  ASSERT_GE(indices.size(), 30u);
  EXPECT_LT(indices.size(), 1000000u);
  for (std::size_t i = 0; i < indices.size(); ++i) EXPECT_EQ(indices[i], i);
  clear_stop_request();
  for (const std::size_t i : {std::size_t{0}, indices.size() - 1})
    EXPECT_EQ(generate_puzzle(opt, 7, i).model.givens, givens[i]) << i;
}

// generate_batch refuses a range whose last index passes 2^64 - 1 (it wrapped to 0).
TEST(BatchStop, GenerateBatchRefusesAWrappingRange) {
  GenerateOptions opt;
  EXPECT_THROW(generate_batch(opt, 1, ~std::uint64_t{0}, 2, 1, [](const GeneratedPuzzle&) {}), std::invalid_argument);
  EXPECT_TRUE(generate_range_problem(~std::uint64_t{0}, 2).has_value());
  EXPECT_FALSE(generate_range_problem(~std::uint64_t{0}, 1).has_value());
  EXPECT_FALSE(generate_range_problem(~std::uint64_t{0}, 0).has_value());
  std::vector<std::uint64_t> last;
  generate_batch(opt, 1, ~std::uint64_t{0}, 1, 1, [&](const GeneratedPuzzle& g) { last.push_back(g.index); });
  EXPECT_EQ(last, std::vector<std::uint64_t>{~std::uint64_t{0}});
}
