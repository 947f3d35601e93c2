// `gridenum status` per group of units (the ETA from the measured per-unit cost, per class
// group): the plan's unit groups and their file (unit_groups.hpp), the batches a journal's
// records fall into, the cost model fitted to them, the time left per group and in all
// (unit_cost.hpp), and status reading it all (status.hpp). The journals are crafted with known
// record times, so every figure is known exactly; then a real 3x3 three-band job end to end.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <sstream>
#include <tuple>

#include "gridenum/count/three_band/three_band_run.hpp"
#include "gridenum/jobs/job.hpp"
#include "gridenum/jobs/job_lock.hpp"
#include "gridenum/jobs/journal.hpp"
#include "gridenum/jobs/shards_status.hpp"
#include "gridenum/jobs/status.hpp"
#include "gridenum/jobs/unit_cost.hpp"
#include "gridenum/jobs/unit_groups.hpp"
#include "job_fixtures.hpp"

using namespace gridenum;
using namespace gridenum::testing;

namespace {

constexpr std::uint64_t kFingerprint = 0x1234abcd5678ef90ULL;

// A header of `units` classes of one unit each, shards by blocks (as the three-band route's).
JournalHeader header(std::uint64_t units, Shard shard = {}) {
  JournalHeader h;
  h.fingerprint = kFingerprint;
  h.units = units;
  h.classes = units;
  h.slices_per_class = 1;
  h.shard = shard;
  h.shard.blocks = units;
  return h;
}

// Groups of the given sizes, in order.
UnitGroups groups(std::uint64_t chunk, const std::vector<std::uint64_t>& sizes) {
  UnitGroups g;
  g.fingerprint = kFingerprint;
  g.kind = "prefix group";
  g.chunk = chunk;
  std::uint64_t at = 0;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    g.groups.push_back({at, sizes[i], "prefix group " + std::to_string(i + 1)});
    at += sizes[i];
  }
  return g;
}

// Journal text, record by record.
struct JournalText {
  std::string text;
  explicit JournalText(const JournalHeader& h) : text(journal_line(journal_header_body(h))) {}
  JournalText& session(std::int64_t start_ms, int threads) {
    text += journal_line("S start=" + std::to_string(start_ms) + " pid=1 kernel=three-band threads=" + std::to_string(threads));
    return *this;
  }
  JournalText& unit(std::uint32_t id, std::int64_t ms) {
    text += journal_line("U " + std::to_string(id) + " 1 " + std::to_string(ms));
    return *this;
  }
  JournalText& units(std::uint32_t from, std::uint32_t to, std::int64_t ms, std::int64_t step = 0) {
    for (std::uint32_t u = from; u < to; ++u, ms += step) unit(u, ms);
    return *this;
  }
};

// A job directory (config, journal, groups.json unless empty) that status reads.
void write_job(const fs::path& dir, const JournalText& journal, const std::string& groups_json) {
  fs::create_directories(dir);
  JobConfig c = method_config("4x3", MethodId::ThreeBand);
  spit(dir / "config.toml", to_toml(c));
  spit(dir / "journal", journal.text);
  if (!groups_json.empty()) spit(dir / "groups.json", groups_json);
}

// The chunk journal of most tests. Groups of 6, 2, 16 and 10 units counted in chunks of at most
// 4; every chunk of G units costs 4 + G CPU-seconds (a = 4, b = 1) but each session's first,
// which holds the start-up. Session 1 (2 threads, so wall = CPU / 2):
//   units 0-3   group 1  at +5 s     first of the session: 5 s of start-up, left out
//   units 4-5   group 1  +3 s        G 2: 6 CPU-s (a new batch: the chunk of 4 was full)
//   units 6-7   group 2  +3 s        G 2: 6 CPU-s (a new batch: another group)
//   units 8-11  group 3  +4 s        G 4: 8 CPU-s, its records 20 ms apart (one batch)
//   units 12-13 group 3  +3 s        G 2: 6 CPU-s
//   units 14-15 group 3  +3 s        G 2: 6 CPU-s (a new batch only by the gap: same group, 2 < 4)
// Session 2 (4 threads, wall = CPU / 4), an hour later:
//   units 16-17 group 3  +60 s       first of the session: left out
//   units 18-19 group 3  +1.5 s      G 2: 6 CPU-s
// Left: units 20-23 of group 3, group 4 (10 units). Done: 20 of 34.
constexpr std::int64_t kT0 = 1'700'000'000'000;
const std::vector<std::uint64_t> kChunkGroups{6, 2, 16, 10};
JournalText chunk_journal(std::int64_t t0 = kT0, int second_threads = 4) {
  JournalText j(header(34));
  std::int64_t t = t0;
  j.session(t, 2);
  j.units(0, 4, t += 5000);
  j.units(4, 6, t += 3000);
  j.units(6, 8, t += 3000);
  j.units(8, 12, t += 4000, 20);
  t += 60;
  j.units(12, 14, t += 3000);
  j.units(14, 16, t += 3000);
  j.session(t += 3'600'000, second_threads);
  j.units(16, 18, t += 60'000);
  j.units(18, 20, t += 6000 / second_threads);
  return j;
}

JournalContents parse(const TempDir& t, const JournalText& j) {
  spit(t / "probe-journal", j.text);
  return read_journal(t / "probe-journal");
}

// The words of the first line of `text` that starts with `start` (after its indent).
std::vector<std::string> line_words(const std::string& text, const std::string& start) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    const std::size_t at = line.find_first_not_of(' ');
    if (at == std::string::npos || line.compare(at, start.size(), start) != 0) continue;
    std::istringstream w(line);
    std::vector<std::string> out;
    for (std::string x; w >> x;) out.push_back(x);
    return out;
  }
  return {};
}

TEST(Status, ChunkCostModelIsTheLeastSquaresLine) {
  const ChunkCostModel m = ChunkCostModel::fit({{2, 6}, {4, 8}, {10, 14}});
  EXPECT_NEAR(m.a, 4, 1e-9);
  EXPECT_NEAR(m.b, 1, 1e-9);
  EXPECT_DOUBLE_EQ(m.seconds(3), m.a + 3 * m.b);
  // Every point of one G: a line through the origin at the mean rate.
  const ChunkCostModel same = ChunkCostModel::fit({{4, 6}, {4, 10}});
  EXPECT_EQ(same.a, 0);
  EXPECT_DOUBLE_EQ(same.b, 2);
  // A fit with a < 0 (noise) is not taken: the mean rate instead.
  const ChunkCostModel negative = ChunkCostModel::fit({{1, 0}, {3, 8}});
  EXPECT_EQ(negative.a, 0);
  EXPECT_DOUBLE_EQ(negative.b, 2);
  const ChunkCostModel none = ChunkCostModel::fit({});
  EXPECT_EQ(none.a, 0);
  EXPECT_EQ(none.b, 0);
}

// The batches of the chunk journal, one by one, and the model fitted to them: exactly a = 4,
// b = 1, which it would not be if a session's first batch (5 s and 60 s of start-up) were kept.
TEST(Status, BatchesAndTheFittedChunkModel) {
  TempDir t;
  const UnitGroups g = groups(4, kChunkGroups);
  const JournalContents j = parse(t, chunk_journal());
  const std::vector<CostBatch> b = cost_batches(j, g);
  struct Want {
    std::size_t session, group;
    std::uint64_t units;
    double wall;
    int threads;
    bool first;
  };
  const std::vector<Want> want{{0, 0, 4, 5.0, 2, true},  {0, 0, 2, 3.0, 2, false}, {0, 1, 2, 3.0, 2, false},
                               {0, 2, 4, 4.0, 2, false}, {0, 2, 2, 3.0, 2, false}, {0, 2, 2, 3.0, 2, false},
                               {1, 2, 2, 60.0, 4, true}, {1, 2, 2, 1.5, 4, false}};
  ASSERT_EQ(b.size(), want.size());
  for (std::size_t i = 0; i < b.size(); ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(b[i].session, want[i].session);
    EXPECT_EQ(b[i].group, want[i].group);
    EXPECT_EQ(b[i].units, want[i].units);
    EXPECT_DOUBLE_EQ(b[i].wall_seconds, want[i].wall);
    EXPECT_EQ(b[i].threads, want[i].threads);
    EXPECT_DOUBLE_EQ(b[i].cpu_seconds, want[i].wall * want[i].threads);
    EXPECT_EQ(b[i].first_of_session, want[i].first);
  }
  EXPECT_EQ(b[3].last_ms - b[3].first_ms, 60);  // records 20 ms apart stay one batch
  const UnitCost c = measure_unit_cost(b, g);
  EXPECT_EQ(c.sessions_left_out, 2u);
  EXPECT_EQ(c.batches, 6u);
  EXPECT_EQ(c.timed_units, 14u);
  EXPECT_NEAR(c.model.a, 4, 1e-9);
  EXPECT_NEAR(c.model.b, 1, 1e-9);
  EXPECT_TRUE(contains(c.basis(), "a chunk of G units costs 4 + 1 G CPU-seconds, fitted to 6 chunks")) << c.basis();
  EXPECT_EQ(c.how(3), "model");
  // Had the first batches been kept, the model would be another.
  std::vector<CostBatch> kept = b;
  for (auto& x : kept) x.first_of_session = false;
  const UnitCost wrong = measure_unit_cost(kept, g);
  EXPECT_GT(std::abs(wrong.model.a - 4) + std::abs(wrong.model.b - 1), 0.5);
}

// Each of the three cuts on its own, on records close in time: groups of 6 and 6, chunks of 4.
//   units 0-5    at +1000 ms    the chunk rule: 0-3 (the session's first), then 4-5
//   units 6-7    at +1010 ms    the group changes: a batch of their own, 10 ms
//   units 8-9    at +1500 ms    the gap (490 ms): a new batch, 490 ms
//   units 10-11  at +1550 ms    50 ms later, same group, 2 < 4 units: the same batch
TEST(Status, BatchesAreCutByGroupChunkAndGap) {
  TempDir t;
  const UnitGroups g = groups(4, {6, 6});
  JournalText jt(header(12));
  jt.session(kT0, 1).units(0, 6, kT0 + 1000).units(6, 8, kT0 + 1010).units(8, 10, kT0 + 1500).units(10, 12, kT0 + 1550);
  const JournalContents j = parse(t, jt);
  const auto sizes = [&](const UnitGroups& gg, std::int64_t gap) {
    std::vector<std::uint64_t> out;
    for (const auto& b : cost_batches(j, gg, gap)) out.push_back(b.units);
    return out;
  };
  EXPECT_EQ(sizes(g, kBatchGapMs), (std::vector<std::uint64_t>{4, 2, 2, 4}));
  const auto b = cost_batches(j, g);
  EXPECT_DOUBLE_EQ(b[1].wall_seconds, 0);
  EXPECT_DOUBLE_EQ(b[2].wall_seconds, 0.010);
  EXPECT_DOUBLE_EQ(b[3].wall_seconds, 0.490);
  EXPECT_EQ(b[3].last_ms, kT0 + 1550);
  UnitGroups g8 = g;
  g8.chunk = 8;  // no chunk cut: 0-5 together
  EXPECT_EQ(sizes(g8, kBatchGapMs), (std::vector<std::uint64_t>{6, 2, 4}));
  UnitGroups one = groups(4, {12});  // no group cut: 4-7 together
  EXPECT_EQ(sizes(one, kBatchGapMs), (std::vector<std::uint64_t>{4, 4, 4}));
  EXPECT_EQ(sizes(g, 1000), (std::vector<std::uint64_t>{4, 2, 4, 2}));  // no gap cut: 6-9 together
}

// Time left by the model: group 3 has 4 units left (one chunk: 4 + 4 = 8 CPU-s), group 4 has 10
// (three chunks: 3 x 4 + 10 = 22 CPU-s); at the latest session's 4 threads, group 3 is finished
// in 2 s and group 4 in (8 + 22) / 4 = 7.5 s. A later session with 1 thread and no record yet
// makes T = 1: four times as long.
TEST(Status, TimeLeftPerGroupAndCumulative) {
  TempDir t;
  const UnitGroups g = groups(4, kChunkGroups);
  write_job(t / "job", chunk_journal(), unit_groups_json_text(g));
  const JobStatus s = job_status(t / "job");
  EXPECT_TRUE(s.warnings.empty()) << s.warnings[0];
  EXPECT_EQ(s.groups_kind, "prefix group");
  EXPECT_EQ(s.groups_chunk, 4u);
  EXPECT_EQ(s.groups_source, (t / "job" / "groups.json").string());
  ASSERT_EQ(s.groups.size(), 4u);
  const double cpu[] = {0, 0, 8, 22}, eta[] = {0, 0, 2, 7.5};
  const std::uint64_t done[] = {6, 2, 12, 0};
  for (std::size_t i = 0; i < 4; ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(s.groups[i].group, i);
    EXPECT_EQ(s.groups[i].first_unit, g.groups[i].first);
    EXPECT_EQ(s.groups[i].units, g.groups[i].units);
    EXPECT_EQ(s.groups[i].done, done[i]);
    ASSERT_TRUE(s.groups[i].cpu_seconds_left && s.groups[i].eta_seconds);
    EXPECT_NEAR(*s.groups[i].cpu_seconds_left, cpu[i], 1e-9);
    EXPECT_NEAR(*s.groups[i].eta_seconds, eta[i], 1e-9);
  }
  EXPECT_EQ(s.eta_threads, 4);
  EXPECT_NEAR(*s.cpu_seconds_left, 30, 1e-9);
  EXPECT_NEAR(*s.time_left_seconds, 7.5, 1e-9);
  EXPECT_FALSE(s.eta_seconds);  // not running: a time left if resumed, not an ETA
  // Unit by unit at a + b each, group 4 would cost 50 CPU-s, not 22.
  EXPECT_NEAR(10 * (s.cost.model.a + s.cost.model.b), 50, 1e-9);

  const std::string text = format_status(s);
  EXPECT_TRUE(contains(text, "time left if resumed with 4 threads: 7.5s (30s of CPU)")) << text;
  EXPECT_TRUE(contains(text, "per prefix group (units done / total, CPU time left, time left if resumed with 4 threads)"))
      << text;
  EXPECT_EQ(line_words(text, "prefix group 4"),
            (std::vector<std::string>{"prefix", "group", "4", "0", "/", "10", "22s", "7.5s"}))
      << text;
  EXPECT_EQ(line_words(text, "prefix group 1"), (std::vector<std::string>{"prefix", "group", "1", "6", "/", "6", "done"}))
      << text;
  EXPECT_TRUE(contains(text, "next, when resumed: prefix group 3 (12 / 16 units done, 8.0s of CPU left)")) << text;
  const auto js = to_json(s);
  ASSERT_EQ(js["groups"].size(), 4u);
  EXPECT_EQ(js["groups"][3]["group"], 4);
  EXPECT_EQ(js["groups"][3]["label"], "prefix group 4");
  EXPECT_EQ(js["groups"][3]["first_unit"], 24);
  EXPECT_EQ(js["groups"][3]["units"], 10);
  EXPECT_EQ(js["groups"][3]["done"], 0);
  EXPECT_NEAR(js["groups"][3]["cpu_seconds_left"].get<double>(), 22, 1e-9);
  EXPECT_NEAR(js["groups"][3]["eta_seconds"].get<double>(), 7.5, 1e-9);
  EXPECT_EQ(js["groups"][3]["estimated"], "model");
  EXPECT_EQ(js["grouping"]["kind"], "prefix group");
  EXPECT_EQ(js["grouping"]["chunk"], 4);
  EXPECT_EQ(js["estimate"]["threads"], 4);
  EXPECT_EQ(js["estimate"]["model"]["kind"], "chunk");
  EXPECT_NEAR(js["estimate"]["model"]["a"].get<double>(), 4, 1e-9);
  EXPECT_NEAR(js["estimate"]["model"]["b"].get<double>(), 1, 1e-9);
  EXPECT_NEAR(js["estimate"]["time_left_seconds"].get<double>(), 7.5, 1e-9);
  EXPECT_EQ(js["estimate"]["sessions_left_out"], 2);
  EXPECT_TRUE(js["eta_seconds"].is_null());
  EXPECT_EQ(js["classes"].size(), 34u);  // the per-class list is kept

  // One more session, of 1 thread, that has no record yet.
  JournalText more = chunk_journal();
  more.session(kT0 + 10'000'000, 1);
  write_job(t / "job", more, unit_groups_json_text(g));
  const JobStatus one = job_status(t / "job");
  EXPECT_EQ(one.eta_threads, 1);
  EXPECT_NEAR(*one.time_left_seconds, 30, 1e-9);
  EXPECT_NEAR(*one.groups[2].eta_seconds, 8, 1e-9);
  EXPECT_NEAR(one.cost.model.a, 4, 1e-9);  // the same model: CPU-seconds, whatever the threads
}

// While the job runs (its lock held), the time since the latest record is taken off: the units
// in flight have had that long. The latest record 3 s ago: group 3 finished in 2 - 3 -> 0 s,
// group 4 in 7.5 - 3 = 4.5 s, and that is the ETA.
TEST(Status, WhileRunningTheTimeSinceTheLatestRecordIsTakenOff) {
  TempDir t;
  const std::int64_t last = parse(t, chunk_journal()).units.back().time_ms;
  write_job(t / "job", chunk_journal(kT0 + unix_ms() - 3000 - last), unit_groups_json_text(groups(4, kChunkGroups)));
  const JobLock lock = JobLock::acquire(t / "job", "the test");
  const JobStatus s = job_status(t / "job");
  ASSERT_TRUE(s.running.held);
  EXPECT_NEAR(s.since_latest_record, 3, 1.0);
  EXPECT_EQ(*s.groups[2].eta_seconds, 0);  // never below zero
  EXPECT_NEAR(*s.groups[3].eta_seconds, 7.5 - s.since_latest_record, 1e-6);
  ASSERT_TRUE(s.eta_seconds);
  EXPECT_NEAR(*s.eta_seconds, *s.time_left_seconds, 1e-9);
  EXPECT_EQ(s.eta_from, "measured cost");
  const std::string text = format_status(s);
  EXPECT_TRUE(contains(text, "since the latest record")) << text;
  EXPECT_TRUE(contains(text, "(units done / total, CPU time left, finished in)")) << text;
  EXPECT_TRUE(contains(text, "in progress: prefix group 3 (12 / 16 units done")) << text;
  EXPECT_TRUE(contains(text, "ETA: ")) << text;
}

// Independent units (chunk 1): per group, the mean CPU cost of its timed units; a group with none
// timed, the mean over all. Session of 2 threads from 0; unit 0 at +1 s (its first, left out),
// unit 1 at +2 s (2 CPU-s), unit 2 at +4 s (4 CPU-s), unit 3 (group 2) at +4.5 s (1 CPU-s).
TEST(Status, IndependentUnitsByTheMeanOfTheirGroup) {
  TempDir t;
  UnitGroups g = groups(1, {3, 3, 3});
  g.kind = "range of classes";
  JournalText j(header(9));
  j.session(kT0, 2).unit(0, kT0 + 1000).unit(1, kT0 + 2000).unit(2, kT0 + 4000).unit(3, kT0 + 4500);
  write_job(t / "job", j, unit_groups_json_text(g));
  const JobStatus s = job_status(t / "job");
  EXPECT_EQ(s.cost.timed_units, 3u);
  EXPECT_EQ(s.cost.sessions_left_out, 1u);
  EXPECT_NEAR(s.cost.group_mean[0], 3, 1e-9);
  EXPECT_NEAR(s.cost.group_mean[1], 1, 1e-9);
  EXPECT_NEAR(s.cost.mean, 7.0 / 3, 1e-9);
  ASSERT_EQ(s.groups.size(), 3u);
  EXPECT_NEAR(*s.groups[0].cpu_seconds_left, 0, 1e-9);
  EXPECT_NEAR(*s.groups[1].cpu_seconds_left, 2 * 1, 1e-9);  // not 2 x 7/3: its own mean
  EXPECT_NEAR(*s.groups[2].cpu_seconds_left, 3 * 7.0 / 3, 1e-9);
  EXPECT_NEAR(*s.groups[2].eta_seconds, (2 + 7) / 2.0, 1e-9);
  EXPECT_EQ(s.groups[1].estimated, "mean of 1 timed unit of this group");
  EXPECT_EQ(s.groups[2].estimated, "mean of all 3 timed units (none of this group yet)");
  EXPECT_TRUE(contains(format_status(s), "mean of 3 timed units, per group")) << format_status(s);
  EXPECT_EQ(to_json(s)["estimate"]["model"]["kind"], "mean");
}

// A session's first batch is never timed: a journal of first batches only has no figure, and
// says so; while it runs, the ETA falls back to the latest session's rate.
TEST(Status, NotEnoughTimedUnitsGivesNoFigure) {
  TempDir t;
  JournalText j(header(34));
  const std::int64_t now = unix_ms();
  j.session(now - 20'000, 2).units(0, 4, now - 15'000).session(now - 10'000, 2).units(4, 6, now - 5000);
  write_job(t / "job", j, unit_groups_json_text(groups(4, kChunkGroups)));
  JobStatus s = job_status(t / "job");
  EXPECT_FALSE(s.cost.enough());
  EXPECT_FALSE(s.time_left_seconds);
  for (const auto& x : s.groups) {
    EXPECT_FALSE(x.cpu_seconds_left);
    EXPECT_FALSE(x.eta_seconds);
    EXPECT_EQ(x.estimated, "not enough timed units yet");
  }
  EXPECT_TRUE(contains(format_status(s), "time left: not enough timed units yet")) << format_status(s);
  EXPECT_TRUE(to_json(s)["groups"][3]["eta_seconds"].is_null());
  EXPECT_TRUE(to_json(s)["estimate"]["model"].is_null());
  const JobLock lock = JobLock::acquire(t / "job", "the test");
  s = job_status(t / "job");
  ASSERT_TRUE(s.eta_seconds);
  EXPECT_EQ(s.eta_from, "latest session's rate");
}

// Only the groups a shard overlaps count, with their units in the shard: blocks (three-band) and
// units mod M (the other methods).
TEST(Status, OnlyTheShardsUnitsCount) {
  const Shard blocks{2, 3, 34};  // units 11 .. 21
  EXPECT_EQ(blocks.count_below(8), 0u);
  EXPECT_EQ(blocks.count_below(13), 2u);
  EXPECT_EQ(blocks.count_below(34), 11u);
  const Shard mod{2, 3};  // units 1, 4, 7, ...
  EXPECT_EQ(mod.count_below(0), 0u);
  EXPECT_EQ(mod.count_below(2), 1u);
  EXPECT_EQ(mod.count_below(6), 2u);
  EXPECT_EQ(mod.count_below(34), mod.size(34));

  // Shard 2/3 of the chunk groups: units 11 .. 21, all in group 3 (units 8 .. 23). Timed: two
  // chunks of 2 at 6 CPU-s each, so b = 3 (through the origin: one G only); 3 units left: 9 CPU-s.
  TempDir t;
  JournalText j(header(34, Shard{2, 3}));
  j.session(kT0, 2).units(11, 15, kT0 + 5000).units(15, 17, kT0 + 8000).units(17, 19, kT0 + 11'000);
  write_job(t / "job", j, unit_groups_json_text(groups(4, kChunkGroups)));
  const JobStatus s = job_status(t / "job");
  ASSERT_EQ(s.groups.size(), 1u) << format_status(s);
  EXPECT_EQ(s.groups[0].group, 2u);
  EXPECT_EQ(s.groups[0].units, 11u);
  EXPECT_EQ(s.groups[0].done, 8u);
  EXPECT_EQ(s.units_total, 11u);
  EXPECT_NEAR(*s.groups[0].cpu_seconds_left, 9, 1e-9);
  EXPECT_NEAR(*s.time_left_seconds, 4.5, 1e-9);
  EXPECT_EQ(to_json(s)["groups"].size(), 1u);
  EXPECT_EQ(to_json(s)["groups"][0]["units"], 11);
  EXPECT_FALSE(contains(format_status(s), "prefix group 4")) << format_status(s);
}

// Shards seen together (shards_status.hpp): the units of a shard not given are costed by the
// model of the given shards' timed batches together, over that shard's part of each group. The
// chunk groups (6, 2, 16, 10 units, chunks of 4) in 3 blocks: shard 1 (units 0 - 10) finished,
// shard 2 (11 - 21) at 8 of 11, shard 3 (22 - 33) not given. Every timed chunk costs 4 + G
// CPU-seconds (2 threads: wall = CPU / 2), so the pooled fit is a = 4, b = 1 exactly. Shard 3
// holds units 22 - 23 of group 3 (one chunk: 4 + 2) and all 10 of group 4 (three chunks:
// 12 + 10): 28 CPU-seconds. Shard 2's own time left is by its own fit (b = 3 through the origin,
// one G only): 9 CPU-seconds, as its status says.
TEST(Status, ShardsTogetherCostTheUnmeasuredByThePooledModel) {
  TempDir t;
  JournalText one(header(34, Shard{1, 3}));
  one.session(kT0, 2).units(0, 4, kT0 + 5000).units(4, 6, kT0 + 8000).units(6, 8, kT0 + 11'000).units(8, 11, kT0 + 14'500);
  JournalText two(header(34, Shard{2, 3}));
  two.session(kT0, 2).units(11, 15, kT0 + 5000).units(15, 17, kT0 + 8000).units(17, 19, kT0 + 11'000);
  write_job(t / "s1", one, unit_groups_json_text(groups(4, kChunkGroups)));
  write_job(t / "s2", two, unit_groups_json_text(groups(4, kChunkGroups)));
  const ShardsStatus s = shards_status({t / "s2", t / "s1"});
  EXPECT_EQ(s.m, 3u);
  EXPECT_EQ(s.finished, 1u);
  EXPECT_EQ(s.units_done, 19u);
  ASSERT_EQ(s.missing.size(), 1u);
  EXPECT_EQ(s.missing[0].shard.str(), "3/3");
  EXPECT_EQ(s.missing[0].units, std::optional<std::uint64_t>(12));
  EXPECT_EQ(s.units_unmeasured, 12u);
  ASSERT_TRUE(s.pooled.enough());
  EXPECT_EQ(s.pooled.batches, 5u);  // shard 1's three after its first, shard 2's two
  EXPECT_NEAR(s.pooled.model.a, 4, 1e-9);
  EXPECT_NEAR(s.pooled.model.b, 1, 1e-9);
  ASSERT_TRUE(s.cpu_seconds_unmeasured.has_value());
  EXPECT_NEAR(*s.cpu_seconds_unmeasured, 28, 1e-9);
  ASSERT_TRUE(s.cpu_seconds_left.has_value());
  EXPECT_NEAR(*s.cpu_seconds_left, 9, 1e-9);
  const std::string text = format_status(s);
  EXPECT_TRUE(contains(text, "not given: 3/3 (12 units)")) << text;
  EXPECT_TRUE(contains(text, "about 28.0 CPU-seconds by the started shards' journals together: a chunk of G units costs 4 + 1 G "
                             "CPU-seconds, fitted to 5 chunks"))
      << text;
  EXPECT_TRUE(contains(text, "CPU time left in all: about 37.0 CPU-seconds")) << text;
  const nlohmann::json j = to_json(s);
  EXPECT_NEAR(j["cpu_seconds_unmeasured"].get<double>(), 28, 1e-9);
  EXPECT_EQ(j["pooled_model"]["chunks"], 5);
}

// The default grouping from a header alone: a group per class up to 64 classes, else 24 ranges;
// units of a blocks plan (not in class order) are called units.
TEST(Status, DefaultGroupsFromTheHeader) {
  JournalHeader h = header(1000);
  h.shard.blocks = 0;
  UnitGroups d = default_unit_groups(h);
  EXPECT_EQ(d.fingerprint, kFingerprint);
  EXPECT_EQ(d.kind, "range of classes");
  EXPECT_EQ(d.chunk, 1u);
  ASSERT_EQ(d.groups.size(), 24u);
  EXPECT_EQ(d.groups[0].label, "classes 1 - 42");
  EXPECT_EQ(d.groups[23].label, "classes 967 - 1000");
  EXPECT_EQ(d.groups[23].units, 34u);
  EXPECT_EQ(d.units(), 1000u);
  h.classes = 44;
  h.slices_per_class = 24;
  h.units = 44 * 24;
  d = default_unit_groups(h);
  EXPECT_EQ(d.kind, "class");
  ASSERT_EQ(d.groups.size(), 44u);
  EXPECT_EQ(d.groups[43].label, "class 44");
  EXPECT_EQ(d.groups[43].first, 43u * 24);
  EXPECT_EQ(d.groups[43].units, 24u);
  h.shard.blocks = h.units;
  EXPECT_EQ(default_unit_groups(h).groups[43].label, "unit 44");
  EXPECT_EQ(plural_kind("prefix group"), "prefix groups");
  EXPECT_EQ(plural_kind("class"), "classes");
  EXPECT_EQ(plural_kind("range of classes"), "ranges of classes");
  // The file round trip.
  const UnitGroups back = parse_unit_groups(unit_groups_json_text(d), h);
  EXPECT_EQ(back.kind, d.kind);
  EXPECT_EQ(back.chunk, d.chunk);
  ASSERT_EQ(back.groups.size(), d.groups.size());
  for (std::size_t i = 0; i < d.groups.size(); ++i)
    EXPECT_TRUE(back.groups[i].first == d.groups[i].first && back.groups[i].units == d.groups[i].units &&
                back.groups[i].label == d.groups[i].label);
}

// Every rule of the file is checked; a file that breaks one is refused saying why.
TEST(Status, GroupsFileIsCheckedStrictly) {
  const JournalHeader h = header(30);
  const UnitGroups g = groups(4, {6, 2, 12, 10});
  const auto doc = nlohmann::json::parse(unit_groups_json_text(g));
  EXPECT_NO_THROW(parse_unit_groups(doc.dump(), h));
  const auto refused = [&](const std::function<void(nlohmann::json&)>& damage, const std::string& why) {
    nlohmann::json d = doc;
    damage(d);
    try {
      parse_unit_groups(d.dump(), h);
      ADD_FAILURE() << "accepted: " << d.dump();
    } catch (const std::invalid_argument& e) {
      EXPECT_TRUE(contains(e.what(), why)) << e.what();
    }
  };
  refused([](auto& d) { d["format"] = "other"; }, "not a gridenum-unit-groups file");
  refused([](auto& d) { d["version"] = 2; }, "format version 2");
  refused([](auto& d) { d["fingerprint"] = "0000000000000001"; }, "of another plan");
  refused([](auto& d) { d["fingerprint"] = 7; }, "no fingerprint");
  refused([](auto& d) { d["units"] = 31; }, "for 31 units");
  refused([](auto& d) { d["chunk"] = 0; }, "chunk 0");
  refused([](auto& d) { d["chunk"] = -4; }, "\"chunk\" is not an unsigned integer");
  refused([](auto& d) { d["kind"] = ""; }, "no kind");
  refused([](auto& d) { d["groups"] = nlohmann::json::array(); }, "no groups");
  refused([](auto& d) { d["groups"][1]["first_unit"] = 7; }, "group 2: starts at unit 7, not 6");
  refused([](auto& d) { d["groups"][1]["units"] = 2.0; }, "group 2: \"units\" is not an unsigned integer");
  refused([](auto& d) { d["groups"][3]["units"] = 11; }, "group 4: 11 units do not fit the plan");
  refused([](auto& d) { d["groups"].erase(3); }, "the groups end at unit 20 of 30");
  refused([](auto& d) { d["groups"][0]["units"] = 0; }, "group 1: 0 units");
  refused([](auto& d) { d["groups"][0].erase("label"); }, "group 1: no label");
  EXPECT_THROW(parse_unit_groups("{\"format\": ", h), std::invalid_argument);
}

// A job without groups.json (one started before it existed), or with a damaged one or another
// plan's, is still shown: by the default groups, with a warning -- never an error.
TEST(Status, MissingOrDamagedGroupsFileFallsBackToTheDefault) {
  TempDir t;
  const UnitGroups g = groups(4, kChunkGroups);
  UnitGroups other = g;
  other.fingerprint = 99;
  for (const auto& [name, text, why] : std::vector<std::tuple<std::string, std::string, std::string>>{
           {"missing", "", "does not exist"},
           {"cut", unit_groups_json_text(g).substr(0, 100), "not JSON"},
           {"other", unit_groups_json_text(other), "of another plan"},
           {"tiling", [&] {
              auto d = nlohmann::json::parse(unit_groups_json_text(g));
              d["groups"][2]["units"] = 15;
              return d.dump();
            }(), "group 4: starts at unit 24, not 23"}}) {
    SCOPED_TRACE(name);
    write_job(t / name, chunk_journal(), text);
    const JobStatus s = job_status(t / name);
    ASSERT_EQ(s.warnings.size(), 1u);
    EXPECT_TRUE(contains(s.warnings[0], why)) << s.warnings[0];
    EXPECT_TRUE(contains(s.warnings[0], "using the default groups (units")) << s.warnings[0];
    EXPECT_EQ(s.groups_source, "default");
    EXPECT_EQ(s.groups_kind, "unit");  // 34 classes, a blocks plan: a group per unit
    EXPECT_EQ(s.groups_chunk, 1u);
    EXPECT_EQ(s.groups.size(), 34u);
    EXPECT_TRUE(contains(format_status(s), "warning: groups: ")) << format_status(s);
    EXPECT_EQ(to_json(s)["grouping"]["source"], "default");
  }
}

// A real three-band job (3x3: milliseconds) writes groups.json with its journal: its prefix
// groups in unit order, tiling the plan, as the job's own result counted them; `gridenum status
// --json` reports them. Stopped part way, its groups.json damaged, the resumption writes it again.
TEST(Status, ThreeBandJobWritesItsPrefixGroups) {
  TempDir t;
  const fs::path dir = t / "job";
  JobRequest r = request(dir, method_config("3x3", MethodId::ThreeBand));
  auto polls = std::make_shared<std::atomic<int>>(0);
  r.stop = [polls] { return ++*polls >= 3; };
  const JobOutcome first = run_job(r);
  ASSERT_FALSE(first.finished);
  ASSERT_TRUE(fs::exists(dir / "groups.json"));
  const JournalContents j0 = read_journal(dir / "journal");
  EXPECT_NO_THROW(parse_unit_groups(slurp(dir / "groups.json"), j0.header));
  spit(dir / "groups.json", "{\"format\": \"gridenum-unit-groups\"}");
  EXPECT_EQ(job_status(dir).groups_source, "default");
  const JobOutcome second = run_job(request(dir, {}, true));
  ASSERT_TRUE(second.finished);
  EXPECT_EQ(second.result.total.str(), "6670903752021072936960");

  const JournalContents j = read_journal(dir / "journal");
  const UnitGroups g = parse_unit_groups(slurp(dir / "groups.json"), j.header);
  EXPECT_EQ(g.kind, "prefix group");
  EXPECT_EQ(g.chunk, 256u);
  EXPECT_EQ(g.units(), 44u);
  // The prefix groups of the job's own result (classes numbered by group in counting order):
  // as many, of the same sizes, each named by its least class.
  std::map<std::uint64_t, std::uint64_t> size, least;
  const auto result = nlohmann::json::parse(slurp(dir / "result.json"));
  for (const auto& c : result["classes"]) {
    const auto grp = c["group"].get<std::uint64_t>(), idx = c["index"].get<std::uint64_t>();
    if (grp == 0) continue;  // read from the journal in the second session
    ++size[grp];
    least[grp] = least.count(grp) ? std::min(least[grp], idx) : idx;
  }
  const std::uint64_t plan_groups = run_three_band(Shape{3, 3}, 0, 0, 2).groups;
  ASSERT_EQ(g.groups.size(), plan_groups);
  std::uint64_t at = 0;
  for (std::size_t i = 0; i < g.groups.size(); ++i) {
    EXPECT_EQ(g.groups[i].first, at);
    at += g.groups[i].units;
    EXPECT_TRUE(contains(g.groups[i].label, "prefix group " + std::to_string(i + 1) + " (boxes 1-2 of class "))
        << g.groups[i].label;
  }
  // The second session counted whole groups from the first unfinished one on: those match.
  std::size_t matched = 0;
  for (const auto& [grp, n] : size) {
    const std::size_t i = g.groups.size() - size.size() + grp - 1;
    EXPECT_EQ(g.groups[i].units, n) << "group " << grp;
    if (g.groups[i].units == n) {
      EXPECT_EQ(g.groups[i].label, "prefix group " + std::to_string(i + 1) + " (boxes 1-2 of class " +
                                       std::to_string(least[grp]) + ")");
      ++matched;
    }
  }
  EXPECT_GT(matched, 0u);

  const Proc p = run_cli({"status", dir.string(), "--json"});
  ASSERT_EQ(p.code, 0) << p.err;
  const auto s = nlohmann::json::parse(p.out);
  EXPECT_EQ(s["grouping"]["kind"], "prefix group");
  EXPECT_EQ(s["grouping"]["source"], (dir / "groups.json").string());
  EXPECT_TRUE(s["warnings"].empty()) << p.out;
  ASSERT_EQ(s["groups"].size(), g.groups.size());
  for (std::size_t i = 0; i < g.groups.size(); ++i) {
    EXPECT_EQ(s["groups"][i]["first_unit"], g.groups[i].first);
    EXPECT_EQ(s["groups"][i]["units"], g.groups[i].units);
    EXPECT_EQ(s["groups"][i]["done"], g.groups[i].units);
    EXPECT_EQ(s["groups"][i]["label"], g.groups[i].label);
  }
  EXPECT_TRUE(s["estimate"].contains("basis"));
  const Proc text = run_cli({"status", dir.string()});
  EXPECT_TRUE(contains(text.out, std::to_string(g.groups.size()) + " prefix groups, all done: 44 / 44 units (gridenum status "
                                 "--json: every prefix group)\n"))
      << text.out;
}

// A finished job's groups are one line, not a "done" line each (a 9x9 job printed 22); the
// JSON keeps every group. An unfinished one keeps its table.
TEST(Status, FinishedJobSaysItsGroupsInOneLine) {
  TempDir t;
  const fs::path dir = t / "job";
  const Proc count = run_cli({"count", "--shape", "3x3", "--threads", "2", "--job-dir", dir.string()});
  ASSERT_EQ(count.code, 0) << count.err;
  const Proc text = run_cli({"status", dir.string()});
  ASSERT_EQ(text.code, 0) << text.err;
  // The 9x9 default: the band-pair method, one unit per class.
  EXPECT_TRUE(contains(text.out, "\n44 classes, all done: 44 / 44 units (gridenum status --json: every class)\n"))
      << text.out;
  EXPECT_FALSE(contains(text.out, "  done")) << text.out;
  EXPECT_FALSE(contains(text.out, "per range of")) << text.out;
  EXPECT_LE(lines_of(text.out).size(), 10u) << text.out;
  const auto js = nlohmann::json::parse(run_cli({"status", dir.string(), "--json"}).out);
  ASSERT_EQ(js["groups"].size(), 44u);
  for (const auto& grp : js["groups"]) EXPECT_EQ(grp["done"], grp["units"]);
  EXPECT_EQ(js["classes"].size(), 44u);

  // A status without groups (built by hand) says its classes the same way when finished.
  JobStatus s;
  s.config.shape = Shape{3, 3};
  s.started = true;
  s.finished = true;
  s.units_total = s.units_done = 96;
  for (std::uint32_t c = 0; c < 4; ++c) s.classes.push_back({c, 24, 24});
  EXPECT_TRUE(contains(format_status(s), "\n4 classes, all done: 96 / 96 units (gridenum status --json: every class)\n"))
      << format_status(s);
}

}  // namespace
