// count, resume and merge print a result the same three ways (src/cli/job_cli.hpp): its text
// (every class before the total), one JSON document (--json, always complete), or the total
// alone (--total-only: its digits on one line, the JSON's "total"). A result without a total (a
// shard) and the runs that print something else (--classes, --dry-run) refuse --total-only.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "cli_run.hpp"

namespace {
using namespace gridenum::testing;

// The --total-only entry of a command's help, with its description (on the next line when
// CLI11 puts it there): up to the next option's line.
std::string total_only_help(const std::string& command) {
  const std::string help = run_cli({command, "--help"}).out;
  const std::size_t at = help.find("  --total-only");
  return at == std::string::npos ? "" : help.substr(at, help.find("\n  -", at) - at);
}

void expect_refused(const std::vector<std::string>& args, const std::string& message) {
  const Proc p = run_cli(args);
  EXPECT_EQ(p.code, 2) << p.err;
  EXPECT_EQ(p.out, "");
  EXPECT_TRUE(contains(p.err, message)) << p.err;
}
}  // namespace

TEST(ResultOutputCli, TotalOnlyPrintsTheTotalAlone) {
  const Proc whole = run_cli({"count", "--shape", "2x3", "--threads", "2", "--json"});
  ASSERT_EQ(whole.code, 0) << whole.err;
  const std::string total = nlohmann::json::parse(whole.out).at("total");
  EXPECT_EQ(total, "28200960");
  const Proc plain = run_cli({"count", "--shape", "2x3", "--threads", "2", "--total-only"});
  EXPECT_EQ(plain.code, 0) << plain.err;
  EXPECT_EQ(plain.out, total + "\n");
  // The text still prints every class before the total.
  EXPECT_TRUE(contains(run_cli({"count", "--shape", "2x3", "--threads", "2"}).out, "classes (n_alpha"));

  const TempDir t;
  const std::string job = (t / "job").string();
  const Proc counted = run_cli({"count", "--shape", "2x3", "--threads", "2", "--job-dir", job, "--total-only"});
  EXPECT_EQ(counted.code, 0) << counted.err;
  EXPECT_EQ(counted.out, total + "\n");
  const Proc resumed = run_cli({"resume", job, "--total-only"});
  EXPECT_EQ(resumed.code, 0) << resumed.err;
  EXPECT_EQ(resumed.out, total + "\n");

  // Shards: each refuses it; their merge prints the total alone, and --output still writes all.
  std::vector<std::string> merge{"merge"};
  for (const char* k : {"1/2", "2/2"}) {
    const std::string dir = (t / (std::string("shard") + k[0])).string();
    ASSERT_EQ(run_cli({"count", "--shape", "2x3", "--threads", "2", "--shard", k, "--job-dir", dir}).code, 0);
    merge.push_back(dir);
  }
  expect_refused({"resume", merge[1], "--total-only"}, "--total-only: this result has no total (a shard or a partial run");
  auto merged = merge;
  merged.insert(merged.end(), {"--total-only", "--output", (t / "merged").string()});
  const Proc m = run_cli(merged);
  EXPECT_EQ(m.code, 0) << m.err;
  EXPECT_EQ(m.out, total + "\n");
  EXPECT_TRUE(contains(slurp(t / "merged" / "result.txt"), "classes (n_alpha")) << "--output writes the whole result";
}

TEST(ResultOutputCli, TotalOnlyIsRefusedWhereThereIsNoTotal) {
  expect_refused({"count", "--shape", "2x3", "--total-only", "--json"}, "--json excludes --total-only");
  const TempDir t;
  expect_refused({"count", "--shape", "2x3", "--total-only", "--shard", "1/2", "--job-dir", (t / "j").string()},
                 "--total-only: a shard has no total: gridenum merge --total-only DIR... adds the shards up");
  EXPECT_FALSE(fs::exists(t / "j"));
  expect_refused({"count", "--shape", "2x3", "--total-only", "--dry-run"}, "--total-only: --dry-run counts nothing");
  expect_refused({"count", "--shape", "3x3", "--total-only", "--classes", "1:2"},
                 "--total-only: a --classes run prints its classes");
  // One option, one help, on the three commands.
  const std::string count = total_only_help("count");
  EXPECT_TRUE(contains(count, "Print only the total, its digits on one line")) << count;
  EXPECT_EQ(total_only_help("resume"), count);
  EXPECT_EQ(total_only_help("merge"), count);
}
