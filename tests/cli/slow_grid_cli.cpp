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
