// `gridenum estimate --method knuth|sis|cells` end to end: the JSON document, the exact count beside the
// estimate where the stack method gives it, the bounds, reproducibility across --threads, and a
// stop by SIGINT within 2 s with exit 130.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sys/wait.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <thread>

#include "cli_run.hpp"

namespace {

using namespace std::chrono;
using namespace gridenum::testing;

nlohmann::json estimate_json(const std::vector<std::string>& args) {
  std::vector<std::string> all{"estimate"};
  all.insert(all.end(), args.begin(), args.end());
  all.push_back("--json");
  const Proc p = run_cli(all);
  EXPECT_EQ(p.code, 0) << p.err;
  return nlohmann::json::parse(p.out);
}

long double number(const nlohmann::json& j) { return std::strtold(j.get<std::string>().c_str(), nullptr); }

}  // namespace

// 9x9 by sis: the exact count (the stack method's) printed beside the estimate lies in its interval
// for this seed, between the bounds, and the run is the same on 1 and 2 threads.
TEST(EstimateCli, SisOnNineByNineWithTheExactCountBeside) {
  const auto one = estimate_json({"--shape", "3x3", "--method", "sis", "--samples", "3000", "--threads", "1"});
  const auto two = estimate_json({"--shape", "3x3", "--method", "sis", "--samples", "3000", "--threads", "2"});
  EXPECT_EQ(one["estimate"], two["estimate"]);
  EXPECT_EQ(one["standard_error"], two["standard_error"]);
  EXPECT_EQ(one["exact_total"], "6670903752021072936960");
  EXPECT_EQ(one["ci95_covers_exact"], true);
  const long double est = number(one["estimate"]);
  EXPECT_NEAR(static_cast<double>(est / 6670903752021072936960.0L), 1.0, 0.1);
  EXPECT_LT(one["bounds"]["log10_lower"].get<double>(), 21.83);
  EXPECT_GT(one["bounds"]["log10_upper"].get<double>(), 21.83);
  EXPECT_GT(one["effective_samples"].get<double>(), 1000);
  EXPECT_EQ(one["method"], "sis");
  EXPECT_EQ(one["samples"], 3000);
}

// 16x16 (no exact count): a few samples give an estimate between the rigorous bounds.
TEST(EstimateCli, SisOnSixteenBySixteenHasNoExactCount) {
  const auto j = estimate_json({"--shape", "4x4", "--method", "sis", "--samples", "32", "--seed", "3"});
  EXPECT_FALSE(j.contains("exact_total"));
  const double log_est = j["log10_estimate"].get<double>();
  EXPECT_GT(log_est, j["bounds"]["log10_lower"].get<double>());
  EXPECT_LT(log_est, j["bounds"]["log10_upper"].get<double>());
  EXPECT_EQ(j["grid"], "16x16");
}

// 16x16 by cells: rows past the first band by cells (cell_rows counted), an estimate between the
// bounds, the same bits as a job (the job's spec keeps the method, so resume and merge run cells).
TEST(EstimateCli, CellsOnSixteenBySixteenAlsoAsAJob) {
  const TempDir t;
  const std::vector<std::string> args{"--shape", "4x4", "--method", "cells", "--samples", "512", "--batch", "64",
                                      "--seed", "5", "--threads", "2"};
  const auto plain = estimate_json(args);
  EXPECT_EQ(plain["method"], "cells");
  EXPECT_GT(plain["cell_rows"].get<std::uint64_t>(), 0u);
  const double log_est = plain["log10_estimate"].get<double>();
  EXPECT_GT(log_est, plain["bounds"]["log10_lower"].get<double>());
  EXPECT_LT(log_est, plain["bounds"]["log10_upper"].get<double>());
  auto job_args = args;
  job_args.insert(job_args.end(), {"--job-dir", (t / "job").string()});
  const auto job = estimate_json(job_args);
  EXPECT_EQ(job["exact_statistics"], plain["exact_statistics"]);
  EXPECT_EQ(job["method"], "cells");
  EXPECT_TRUE(contains(slurp(t / "job" / "result.txt"), "cells estimate of the 16x16 grids"));
}

// The text output names what it prints; knuth works too; usage errors are exit 2.
TEST(EstimateCli, TextOutputAndUsageErrors) {
  const Proc p = run_cli({"estimate", "--shape", "2x3", "--method", "knuth", "--samples", "2000"});
  ASSERT_EQ(p.code, 0) << p.err;
  for (const char* line : {"knuth estimate of the 6x6 grids (boxes 2x3): 2,000 samples, seed 1", "95 % interval",
                           "rigorous bounds", "exact count              28200960  (the stack method; for comparison)"})
    EXPECT_TRUE(contains(p.out, line)) << line << "\n" << p.out;
  EXPECT_FALSE(contains(p.out, "caution")) << p.out;
  // knuth on 9x9: 99.7 % dead ends, effective samples far under 5 %: said.
  const Proc heavy = run_cli({"estimate", "--method", "knuth", "--samples", "20000"});
  ASSERT_EQ(heavy.code, 0) << heavy.err;
  EXPECT_TRUE(contains(heavy.out, "caution                  the effective samples are")) << heavy.out;
  EXPECT_EQ(run_cli({"estimate", "--method", "sis", "--samples", "1"}).code, 2);
  EXPECT_EQ(run_cli({"estimate", "--method", "mcmc"}).code, 2);
  const Proc degenerate = run_cli({"estimate", "--shape", "1x4", "--method", "sis"});
  EXPECT_EQ(degenerate.code, 2);
  EXPECT_TRUE(contains(degenerate.err, "is degenerate")) << degenerate.err;
}

// A long sampling run stops on SIGINT within 2 s (between two samples), exit 130, nothing on stdout.
TEST(EstimateCli, SamplingStopsOnSigint) {
  const TempDir t;
  const fs::path out = t / "out", err = t / "err";
  const pid_t pid =
      spawn_cli({"estimate", "--shape", "4x4", "--method", "sis", "--samples", "100000000", "--threads", "2"}, out, err);
  // The watch writes the phase's name once it has run 2 s (stderr is not a terminal here).
  for (int i = 0; i < 1500 && !contains(slurp(err), "sampling 4x4 (sis)"); ++i) std::this_thread::sleep_for(milliseconds(20));
  EXPECT_TRUE(contains(slurp(err), "sampling 4x4 (sis)")) << slurp(err);
  const auto t0 = steady_clock::now();
  ::kill(pid, SIGINT);
  const Proc p = wait_cli(pid, out, err);
  const double seconds = duration<double>(steady_clock::now() - t0).count();
  EXPECT_EQ(p.code, 130) << p.err;
  EXPECT_LT(seconds, 2.0 * GRIDENUM_TEST_SLOWDOWN);
  EXPECT_EQ(p.out, "");
  EXPECT_TRUE(contains(p.err, "sampling 4x4 (sis) stopped by SIGINT")) << p.err;
}
