// The crash test of the job layer: a real `gridenum count --job-dir` is killed with SIGKILL at
// random moments, again and again, and resumed each time; at the end the total must be exactly
// right and the journal must hold every unit exactly once.
//
// Workload: shard 1/4 of the 2x4 count with the plain backtracking kernel and 1000 slices per
// class (configs/2x4-backtrack.toml with a 0.1 s checkpoint interval): 1250 units, about 8 s of
// wall time on 2 threads of the reference machine (about 160 units/s). The short checkpoint
// interval makes the journal grow in small steps, so kills land between and during journal
// writes, not only between one-second batches. (The 9x9 backtracking count would take ~1.5
// hours on 2 threads; the 9x9 partition count is over in a fifth of a second.) The units are
// then checked one by one against the partition kernel, and the other 3 shards are counted with
// the partition kernel and merged: the total must be the published 2x4 count.
//
// Seed: GRIDENUM_KILL_SEED to repeat a run; the seed used is printed.
//
// Also here: the journal replaced under a running job (a 9x9 shard with the backtracking
// kernel); the fast tier checks the same guard on the journal writer alone (test_journal.cpp).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <map>
#include <mutex>
#include <random>
#include <set>
#include <thread>

#include "gridenum/count/stack/count.hpp"
#include "gridenum/jobs/job_errors.hpp"
#include "gridenum/jobs/journal.hpp"
#include "job_fixtures.hpp"

using namespace gridenum;
using namespace gridenum::testing;

namespace {

const std::string k2x4 = "29136487207403520";

TEST(KillResume, SigkillAtRandomMomentsThenExactTotal) {
  TempDir t;
  const fs::path dir = t / "job";
  // The shipped config with a short checkpoint interval (every other key as shipped).
  const fs::path config = t / "2x4-backtrack.toml";
  {
    std::string text = slurp(fs::path(GRIDENUM_SOURCE_DIR) / "configs/2x4-backtrack.toml");
    const auto at = text.find("checkpoint_seconds = 1.0");
    ASSERT_NE(at, std::string::npos) << "configs/2x4-backtrack.toml changed: update this test";
    text.replace(at, std::string("checkpoint_seconds = 1.0").size(), "checkpoint_seconds = 0.1");
    spit(config, text);
  }
  constexpr std::size_t kUnits = 1250;  // shard 1/4 of 5 classes x 1000 slices
  constexpr int kKills = 12;
  const unsigned seed = std::getenv("GRIDENUM_KILL_SEED") ? static_cast<unsigned>(std::atol(std::getenv("GRIDENUM_KILL_SEED")))
                                                          : std::random_device{}();
  std::printf("kill seed %u (GRIDENUM_KILL_SEED=%u repeats this run)\n", seed, seed);
  std::mt19937 rng(seed);
  // Two kinds of kill moment. One round in three kills at a random time soon after start (often
  // during start-up: config, catalogue cache, journal header, first records). The others wait
  // until the journal has grown by a random number of units, then a random extra moment, so
  // they land while units are being counted and written. The growth asked for is bounded by
  // the units left divided among the kills left, so the job cannot finish before the 12th kill
  // however fast the machine counts. (Earlier versions used fixed delays of up to 1.5 s and
  // growths up to 30 units with a 1 s checkpoint: the journal then grew in steps of ~150 units
  // and on a quiet machine the shard finished after 7 kills.)
  std::uniform_real_distribution<double> startup_delay(0.02, 0.3), extra_delay(0.0, 0.1);
  std::bernoulli_distribution at_startup(1.0 / 3.0);

  const fs::path out = t / "out", err = t / "err";
  int kills = 0, kills_while_counting = 0, torn = 0;
  std::size_t before = 0;
  for (int round = 0; kills < kKills; ++round) {
    ASSERT_LT(round, 40) << "the job keeps ending before it is killed";
    const std::vector<std::string> args =
        fs::exists(dir / "config.toml")
            ? std::vector<std::string>{"resume", dir.string(), "--threads", "2"}
            : std::vector<std::string>{"count", "--config", config.string(), "--shard", "1/4", "--threads", "2", "--job-dir", dir.string()};
    const auto start = std::chrono::steady_clock::now();
    const pid_t pid = spawn_cli(args, out, err);
    const bool early = at_startup(rng);
    const std::size_t room = (kUnits - std::min(before, kUnits)) / (2 * (kKills - kills) + 2);
    const std::size_t target = before + std::uniform_int_distribution<std::size_t>(1, std::max<std::size_t>(1, std::min<std::size_t>(30, room)))(rng);
    auto end = start + std::chrono::duration<double>(early ? startup_delay(rng) : 60.0);
    int status = 0;
    bool exited = false, grown = false;
    while (std::chrono::steady_clock::now() < end) {
      if (::waitpid(pid, &status, WNOHANG) == pid) {
        exited = true;
        break;
      }
      if (!early && !grown && fs::exists(dir / "journal") && raw_journal_units(dir / "journal").size() >= target) {
        grown = true;
        end = std::chrono::steady_clock::now() + std::chrono::duration<double>(extra_delay(rng));
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    const double wait = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (exited) {  // finished before the kill: only possible near the end
      ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << slurp(err);
      break;
    }
    ::kill(pid, SIGKILL);
    ::waitpid(pid, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status));
    ++kills;
    // After every kill: the journal (if any) reads back, no unit twice among complete records.
    if (fs::exists(dir / "journal")) {
      JournalContents j;
      ASSERT_NO_THROW(j = read_journal(dir / "journal")) << "after kill " << kills;
      if (j.torn_tail) ++torn;
      const auto ids = raw_journal_units(dir / "journal");
      ASSERT_EQ(std::set<std::uint32_t>(ids.begin(), ids.end()).size(), ids.size()) << "after kill " << kills;
      ASSERT_EQ(j.units.size(), ids.size());
      if (j.units.size() > before) ++kills_while_counting;
      std::printf("kill %2d after %.2f s: %zu units in the journal%s\n", kills, wait, j.units.size(),
                  j.torn_tail ? " (torn tail)" : "");
      before = j.units.size();
    } else {
      std::printf("kill %2d after %.2f s: no journal yet\n", kills, wait);
    }
  }
  EXPECT_GE(kills, 10);
  EXPECT_GE(kills_while_counting, 3) << "too few kills landed while units were being counted";
  std::printf("%d kills, %d while counting, %d left a torn tail\n", kills, kills_while_counting, torn);

  // Resume to the end.
  Proc p = run_cli({"resume", dir.string(), "--threads", "2"});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_TRUE(contains(p.out, "partial run: 1,250 of 5,000 work units counted")) << p.out;
  expect_each_unit_once(dir, kUnits);

  // Unit by unit against the partition kernel.
  const auto ref = partition_unit_counts(Shape{2, 4}, 1000, [](std::uint32_t id) { return id % 4 == 0; });
  const JournalContents j = read_journal(dir / "journal");
  ASSERT_EQ(j.units.size(), ref.size());
  for (const auto& u : j.units) EXPECT_EQ(u.count, ref.at(u.id)) << "unit " << u.id;
  EXPECT_GE(j.sessions.size(), 2u);  // each session that got as far as the journal left its record

  // The other shards with the fast kernel, then merge: the published total.
  std::vector<std::string> merge_args{"merge"};
  merge_args.push_back(dir.string());
  for (int k = 2; k <= 4; ++k) {
    const fs::path d = t / ("shard" + std::to_string(k));
    p = run_cli({"count", "--config", config, "--kernel", "partition", "--shard", std::to_string(k) + "/4", "--threads",
                 "2", "--job-dir", d.string()});
    ASSERT_EQ(p.code, 0) << p.err;
    merge_args.push_back(d.string());
  }
  p = run_cli(merge_args);
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_TRUE(contains(p.out, "total                   " + k2x4)) << p.out;
}

// The journal replaced under a running job, as `git stash` or `git checkout` of a job directory kept
// in git does it (a copy renamed over the path; docs/jobs.md, *The journal belongs to the running
// job*): the job stops at its next checkpoint with exit code 3, saying so, writes no result, and
// resume finishes from the file now in place with every unit once and the right counts.
TEST(KillResume, AJournalReplacedUnderTheJobStopsItAndResumeFinishes) {
  TempDir t;
  const fs::path dir = t / "job";
  spit(t / "job.toml", kStoppable9x9Config);
  const fs::path out = t / "out", err = t / "err";
  const pid_t pid = spawn_cli({"count", "--config", (t / "job.toml").string(), "--job-dir", dir.string()}, out, err);
  ASSERT_TRUE(wait_for_units(dir / "journal", 20, 60));
  fs::copy_file(dir / "journal", t / "journal.copy");
  fs::rename(t / "journal.copy", dir / "journal");
  Proc p = wait_cli(pid, out, err);
  EXPECT_EQ(p.code, 3) << p.err;
  EXPECT_TRUE(contains(p.err, "was replaced by another file")) << p.err;
  EXPECT_TRUE(contains(p.err, "gridenum resume " + dir.string())) << p.err;
  EXPECT_FALSE(fs::exists(dir / "result.txt"));
  EXPECT_LT(read_journal(dir / "journal").units.size(), kStoppable9x9Units);

  p = run_cli({"resume", dir.string()});
  ASSERT_EQ(p.code, 0) << p.err;
  expect_each_unit_once(dir, kStoppable9x9Units);
  const auto ref = stoppable_9x9_reference();
  const JournalContents j = read_journal(dir / "journal");
  ASSERT_EQ(j.units.size(), ref.size());
  for (const auto& u : j.units) EXPECT_EQ(u.count, ref.at(u.id)) << "unit " << u.id;
}

}  // namespace
