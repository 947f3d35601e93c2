// 9x9 through the CLI (BandStackRanker; the fast tier's GridCli.SampleRankUnrankRoundTrip draws two
// samples in one process): samples drawn on two threads, then ranked with the published grids,
// then unranked, give the same grids and ranks. Three processes, each building the ranker's tables.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli_run.hpp"

using namespace gridenum::testing;

namespace {
const std::string kWikiNine = "369218475215749863487635912754861239631924758928357641173482596542196387896573124";
const std::string kLargestNine = "123456789457893612986217354274538196531964827698721435342685971715349268869172543";
}  // namespace

TEST(GridCliSlow, NineByNineSampleRankUnrank) {
  const Proc sample = run_cli({"grid", "sample", "--shape", "3x3", "--count", "20", "--seed", "7", "--threads", "2", "--json"});
  ASSERT_EQ(sample.code, 0) << sample.err;
  std::string grids;
  std::vector<std::string> ranks;
  for (const std::string& line : lines_of(sample.out)) {
    const auto doc = nlohmann::json::parse(line);
    grids += doc["grid"].get<std::string>() + "\n";
    ranks.push_back(doc["rank"]);
  }
  ASSERT_EQ(ranks.size(), 20u);
  grids += kWikiNine + "\n" + kLargestNine + "\n";
  const Proc ranked = run_cli_line("{gridenum} grid rank --threads 2 -", grids);
  ASSERT_EQ(ranked.code, 0) << ranked.err;
  const auto all_ranks = lines_of(ranked.out);
  ASSERT_EQ(all_ranks.size(), 22u);
  for (std::size_t i = 0; i < 20; ++i) EXPECT_EQ(all_ranks[i], ranks[i]) << i;
  std::vector<std::string> args{"grid", "unrank", "--shape", "3x3"};
  args.insert(args.end(), all_ranks.begin(), all_ranks.end());
  const Proc back = run_cli(args);
  ASSERT_EQ(back.code, 0) << back.err;
  EXPECT_EQ(back.out, grids);
}

// 10x10 through the CLI: samples of 2x5 on two threads, ranked again (their JSON ranks), unranked
// back; the same ranks unranked as 5x2 give the transposed grids (each process builds the
// ranker's tables, about 2 s).
TEST(GridCliSlow, TenByTenSampleRankUnrank) {
  const Proc sample = run_cli({"grid", "sample", "--shape", "2x5", "--count", "12", "--seed", "9", "--threads", "2", "--json"});
  ASSERT_EQ(sample.code, 0) << sample.err;
  std::string grids;
  std::vector<std::string> ranks;
  for (const std::string& line : lines_of(sample.out)) {
    const auto doc = nlohmann::json::parse(line);
    EXPECT_EQ(doc["shape"], "2x5");
    grids += doc["grid"].get<std::string>() + "\n";
    ranks.push_back(doc["rank"]);
  }
  ASSERT_EQ(ranks.size(), 12u);
  const Proc ranked = run_cli_line("{gridenum} grid rank --shape 2x5 --threads 2 -", grids);
  ASSERT_EQ(ranked.code, 0) << ranked.err;
  EXPECT_EQ(lines_of(ranked.out), ranks);
  std::vector<std::string> args{"grid", "unrank", "--shape", "2x5"};
  args.insert(args.end(), ranks.begin(), ranks.end());
  const Proc back = run_cli(args);
  ASSERT_EQ(back.code, 0) << back.err;
  EXPECT_EQ(back.out, grids);
  args[3] = "5x2";
  const Proc transposed = run_cli(args);
  ASSERT_EQ(transposed.code, 0) << transposed.err;
  const auto rows = lines_of(transposed.out);
  const auto originals = lines_of(grids);
  ASSERT_EQ(rows.size(), originals.size());
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (int r = 0; r < 10; ++r)
      for (int c = 0; c < 10; ++c)
        EXPECT_EQ(rows[i][static_cast<std::size_t>(r * 10 + c)], originals[i][static_cast<std::size_t>(c * 10 + r)]) << i;
}
