// A real 4x3 shard run as a job, killed with SIGKILL at random moments and resumed, then every unit
// checked against the second method, label long (about 8 minutes on 2 cores; the slow tier kills
// and resumes jobs on small shapes: tests/jobs/slow_kill_resume.cpp).
//
// The shard: 14/700 of the whole 4x3 count, through the CLI exactly as a Slurm array task would
// run it. Three-band shards are blocks of units in prefix-group order (count/shard.hpp), so this
// one is units 2,685 .. 2,890: 206 classes, the last 146 of one prefix group and the first 60 of
// the next -- two chunks, about 6 and 3 minutes on 2 threads.
//
// Kills (seeded; GRIDENUM_KILL_SEED repeats a run): one at a random moment of the start-up
// (catalogue, prefix forms, the F table read from the cache), one at a random moment inside the
// first chunk, one at a random moment inside the second chunk once the first is in the journal;
// then a resume to the end. After each kill the journal must read back with no unit twice.
//
// The second method: tests/data/three_band/shard-14-of-700.txt holds each class's completions by
// the signature method's pair-type table (verify/signature_pairs.cpp, which shares no counting
// code with the three-band counter), written by `gridenum verify completions` (the command is in
// the file; the three-band side agreed on every class when it was written). Here each class's F is
// recounted by the signature method's own colouring count (bands_with_signature), and every unit
// of the finished shard must be F x completions of its class. Recorded rather than recomputed
// because the signature side needs 7 minutes of tables and 3.3 GB more; the two-method test
// (long_three_band_vs_signature_12) recomputes its classes live.
//
// The F table: read from GRIDENUM_TEST_TABLE_CACHE (the build tree's test-cache/, which the
// two-method test writes and ctest runs first); built and written there first if missing, so
// that no kill lands in a 6-minute table build.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "gridenum/count/three_band/band_signatures.hpp"
#include "gridenum/count/three_band/three_band_cache.hpp"
#include "gridenum/jobs/journal.hpp"
#include "gridenum/verify/signature.hpp"
#include "cli_run.hpp"
#include "job_fixtures.hpp"

using namespace gridenum;
using namespace gridenum::testing;

namespace {

struct Recorded {
  std::map<std::uint64_t, std::string> completions;  // class -> completions by the signature method
};

Recorded read_recorded(const fs::path& file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error("missing test data " + file.string());
  Recorded r;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream l(line);
    std::uint64_t cls = 0;
    std::string c;
    if (!(l >> cls >> c)) throw std::runtime_error("bad line in " + file.string() + ": " + line);
    r.completions[cls] = c;
  }
  return r;
}

TEST(ThreeBandShardKillLong, ShardOfFourByThreeKilledResumedAndEqualToTheSecondMethod) {
  const Shape s{4, 3};
  const Recorded rec = read_recorded(fs::path(GRIDENUM_SOURCE_DIR) / "tests/data/three_band/shard-14-of-700.txt");
  ASSERT_EQ(rec.completions.size(), 206u);
  const fs::path cache = GRIDENUM_TEST_TABLE_CACHE;
  {
    ThreeBandCacheNote note;
    const auto t0 = std::chrono::steady_clock::now();
    three_band_counter_cached(s, 2, cache, &note);
    std::printf("F table before the job: %s (%.1f s)\n", note.str().c_str(),
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }

  TempDir t;
  const fs::path dir = t / "shard";
  const unsigned seed = std::getenv("GRIDENUM_KILL_SEED") ? static_cast<unsigned>(std::atol(std::getenv("GRIDENUM_KILL_SEED")))
                                                          : std::random_device{}();
  std::printf("kill seed %u (GRIDENUM_KILL_SEED=%u repeats this run)\n", seed, seed);
  std::mt19937 rng(seed);
  const fs::path out = t / "out", err = t / "err";
  auto journal_units = [&] { return fs::exists(dir / "journal") ? raw_journal_units(dir / "journal").size() : 0; };

  // Rounds: 0 start-up, 1 inside the first chunk, 2 inside the second, 3 to the end.
  int kills = 0;
  std::vector<std::size_t> units_at_kill;
  for (int round = 0; round < 4; ++round) {
    const std::vector<std::string> args =
        fs::exists(dir / "config.toml")
            ? std::vector<std::string>{"resume", dir.string(), "--threads", "2", "--table-cache", cache.string()}
            : std::vector<std::string>{"count", "--shape", "4x3", "--shard", "14/700", "--threads", "2", "--job-dir",
                                       dir.string(), "--table-cache", cache.string()};
    const auto start = std::chrono::steady_clock::now();
    const std::size_t before = journal_units();
    const pid_t pid = spawn_cli(args, out, err);
    int status = 0;
    if (round == 3) {
      ASSERT_EQ(::waitpid(pid, &status, 0), pid);
      ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << slurp(err);
      break;
    }
    // When to kill: a random moment of the start-up; a random moment after the start-up inside
    // the first chunk (about 6 minutes); a random moment once the journal has grown (the first
    // chunk done), inside the second (about 3 minutes).
    std::chrono::steady_clock::time_point at;
    if (round == 0) at = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                     std::chrono::duration<double>(std::uniform_real_distribution<double>(0.5, 12.0)(rng)));
    if (round == 1) at = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                     std::chrono::duration<double>(std::uniform_real_distribution<double>(25.0, 90.0)(rng)));
    bool exited = false, grown = round != 2;
    const auto give_up = start + std::chrono::minutes(20);
    for (;;) {
      if (::waitpid(pid, &status, WNOHANG) == pid) {
        exited = true;
        break;
      }
      const auto now = std::chrono::steady_clock::now();
      if (!grown && journal_units() > before) {
        grown = true;
        at = now + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                       std::chrono::duration<double>(std::uniform_real_distribution<double>(2.0, 40.0)(rng)));
      }
      if (grown && now >= at) break;
      ASSERT_LT(now, give_up) << "the shard's first chunk did not reach the journal in 20 minutes";
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ASSERT_FALSE(exited) << "round " << round << ": the job ended before its kill: " << slurp(err);
    ::kill(pid, SIGKILL);
    ::waitpid(pid, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status));
    ++kills;
    const double wait = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (fs::exists(dir / "journal")) {
      JournalContents j;
      ASSERT_NO_THROW(j = read_journal(dir / "journal")) << "after kill " << kills;
      const auto ids = raw_journal_units(dir / "journal");
      ASSERT_EQ(std::set<std::uint32_t>(ids.begin(), ids.end()).size(), ids.size()) << "after kill " << kills;
      units_at_kill.push_back(ids.size());
      std::printf("kill %d after %.1f s: %zu units in the journal\n", kills, wait, ids.size());
    } else {
      units_at_kill.push_back(0);
      std::printf("kill %d after %.1f s: no journal yet\n", kills, wait);
    }
  }
  EXPECT_EQ(kills, 3);
  ASSERT_EQ(units_at_kill.size(), 3u);
  EXPECT_EQ(units_at_kill[1], 0u) << "the first chunk was journaled before its kill";
  EXPECT_GT(units_at_kill[2], 0u) << "the last kill should land after the first chunk";
  EXPECT_LT(units_at_kill[2], 206u) << "the last kill should land inside the second chunk";

  // Every unit of the block once, nothing else.
  const JournalContents j = read_journal(dir / "journal");
  const auto ids = raw_journal_units(dir / "journal");
  EXPECT_EQ(ids.size(), 206u);
  EXPECT_EQ(std::set<std::uint32_t>(ids.begin(), ids.end()).size(), ids.size()) << "a unit was journaled twice";
  EXPECT_EQ(j.header.shard.spec(), "14/700:blocks");
  for (const auto& u : j.units) {
    EXPECT_GE(u.id, 2685u);
    EXPECT_LE(u.id, 2890u);
  }
  // Sessions that reached the journal: at least the one killed inside the second chunk (it
  // journaled the first) and the last; the earlier ones only if their kill came after the
  // journal was created, which depends on the machine's speed.
  EXPECT_GE(j.sessions.size(), 2u);

  // Each class of the shard (the result lists them with their units' counts) against F x the
  // second method's completions.
  const auto res = nlohmann::json::parse(slurp(dir / "result.json"));
  const auto cat = build_signature_catalogue(s, 2);
  std::multiset<std::string> from_result, from_journal;
  std::set<std::uint64_t> classes;
  for (const auto& c : res["classes"]) {
    if (!c.value("counted", false) && !c.contains("count")) continue;
    const std::uint64_t cls = c["index"].get<std::uint64_t>();
    classes.insert(cls);
    const std::string count = c["count"].get<std::string>();
    from_result.insert(count);
    ASSERT_TRUE(rec.completions.count(cls)) << "class " << cls << " is not one of the recorded shard's";
    const auto cols = signature_columns(s, cat.classes[cls - 1].key);
    const BigInt want = BigInt(bands_with_signature(s, cols)) * BigInt(rec.completions.at(cls));
    EXPECT_TRUE(BigInt(count) == want) << "class " << cls << ": the job counted " << count;
  }
  EXPECT_EQ(classes.size(), 206u);
  for (const auto& u : j.units) from_journal.insert(to_string(u.count));
  EXPECT_EQ(from_result, from_journal);
}

}  // namespace
