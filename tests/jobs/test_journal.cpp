// The journal and the files around it: record round trip, every corruption case and its
// documented outcome (journal.hpp), a full disk (RLIMIT_FSIZE), atomic whole-file writes, the
// job lock, shards and checksums.
#include <gtest/gtest.h>

#include <sys/resource.h>

#include <fstream>
#include <functional>

#include "gridenum/core/atomic_file.hpp"
#include "gridenum/core/checksum.hpp"
#include "gridenum/jobs/job_errors.hpp"
#include "gridenum/jobs/job_lock.hpp"
#include "gridenum/jobs/journal.hpp"
#include "gridenum/count/shard.hpp"
#include "job_fixtures.hpp"

using namespace gridenum;
using namespace gridenum::testing;

namespace {

JournalHeader header(Shard shard = {}) {
  JournalHeader h;
  h.fingerprint = 0x0123456789abcdefull;
  h.shard = shard;
  h.units = 100;
  h.classes = 4;
  h.slices_per_class = 25;
  return h;
}

// A journal with units 0..n-1 (count = 1000 + id, and unit 7 with a count beyond 64 bits).
fs::path make_journal(const TempDir& t, int n, Shard shard = {}) {
  const fs::path p = t / "journal";
  JournalWriter w(p, header(shard), std::nullopt);
  w.add_session({1700000000000, 42, "partition", 2, 0});
  for (int i = 0, made = 0; made < n; ++i) {
    if (!shard.contains(i)) continue;
    w.add_unit(i, i == 7 ? (u128{1} << 100) + 5 : u128(1000 + i), 1700000000000 + i);
    ++made;
  }
  w.flush();
  return p;
}

std::string journal_error(const fs::path& p) {
  try {
    read_journal(p);
  } catch (const JournalError& e) {
    return e.what();
  }
  return "no error";
}

TEST(Journal, RoundTrip) {
  TempDir t;
  const fs::path p = make_journal(t, 10);
  const JournalContents j = read_journal(p);
  EXPECT_EQ(j.header.fingerprint, header().fingerprint);
  EXPECT_EQ(j.header.units, 100u);
  EXPECT_EQ(j.header.slices_per_class, 25u);
  ASSERT_EQ(j.units.size(), 10u);
  EXPECT_EQ(j.units[3].id, 3u);
  EXPECT_EQ(j.units[3].count, u128(1003));
  EXPECT_EQ(j.units[7].count, (u128{1} << 100) + 5);
  EXPECT_EQ(j.units[3].time_ms, 1700000000003);
  ASSERT_EQ(j.sessions.size(), 1u);
  EXPECT_EQ(j.sessions[0].pid, 42);
  EXPECT_EQ(j.sessions[0].kernel, "partition");
  EXPECT_FALSE(j.torn_tail);
  EXPECT_TRUE(j.warnings.empty());
  EXPECT_EQ(j.valid_bytes, fs::file_size(p));
  // Appending continues the same file.
  {
    JournalWriter w(p, header(), j.valid_bytes);
    w.add_unit(50, 9, 1);
    w.flush();
  }
  EXPECT_EQ(read_journal(p).units.size(), 11u);
}

// A table record (T sha256=...) names the table the units after it came from: read back with its
// line; a malformed one (not 64 lower-case hex digits, or a missing key) is an error naming the line.
TEST(Journal, TableRecordsAreReadWithTheirLines) {
  TempDir t;
  const fs::path p = make_journal(t, 2);
  const std::string digest = "d191236b8a51e0b80c98f596544f9f3b7d28dc83d0ad8fd345b61ecfbfbccec2";
  {
    JournalWriter w(p, header(), read_journal(p).valid_bytes);
    w.add_table(digest);
    w.add_unit(50, 9, 1);
    w.flush();
  }
  const JournalContents j = read_journal(p);
  ASSERT_EQ(j.tables.size(), 1u);
  EXPECT_EQ(j.tables[0].sha256, digest);
  EXPECT_EQ(j.tables[0].line, 5u);  // header, session, two units, then the table
  EXPECT_EQ(j.units.size(), 3u);
  const std::string good = slurp(p);
  for (const std::string& bad : {"T sha256=" + digest.substr(1), "T sha256=" + std::string(64, 'G'), "T " + digest,
                                "T sha256=" + digest + " x"}) {
    spit(p, good + journal_line(bad) + journal_line("U 51 9 1"));
    EXPECT_TRUE(contains(journal_error(p), "line 7: malformed table record")) << bad << ": " << journal_error(p);
  }
}

// Part records (P <unit> <key> <count> <ms>: a finished part of an unfinished unit, a symmetry
// job's orbit of relabellings) are read back with their lines; the same part twice with the same
// count is a warning and taken once, with another count an error naming both lines; a malformed
// one or one of a unit outside the plan or the shard is an error naming the line; a torn one is
// counted again.
TEST(Journal, PartRecordsAreReadCheckedAndTakenOnce) {
  TempDir t;
  const fs::path p = make_journal(t, 2);
  {
    JournalWriter w(p, header(), read_journal(p).valid_bytes);
    w.add_part(40, "lo.1a2b", (u128{1} << 90) + 3, 1700000000100);
    w.add_part(40, "lo.ff", 0, 1700000000101);
    w.add_part(41, "lo.1a2b", 12, 1700000000102);
    w.flush();
  }
  JournalContents j = read_journal(p);
  ASSERT_EQ(j.parts.size(), 3u);
  EXPECT_EQ(j.parts[0].unit, 40u);
  EXPECT_EQ(j.parts[0].key, "lo.1a2b");
  EXPECT_EQ(j.parts[0].count, (u128{1} << 90) + 3);
  EXPECT_EQ(j.parts[0].time_ms, 1700000000100);
  EXPECT_EQ(j.parts[0].line, 5u);  // header, session, two units, then the parts
  EXPECT_EQ(j.parts[2].unit, 41u);
  EXPECT_EQ(j.units.size(), 2u);
  EXPECT_TRUE(j.warnings.empty());

  const std::string good = slurp(p);
  spit(p, good + journal_line("P 40 lo.ff 0 7") + journal_line("U 3 1003 1"));
  j = read_journal(p);
  EXPECT_EQ(j.parts.size(), 3u);
  ASSERT_EQ(j.warnings.size(), 1u);
  EXPECT_TRUE(contains(j.warnings[0], "line 8: part lo.ff of unit 40 recorded again (first on line 6)")) << j.warnings[0];

  spit(p, good + journal_line("P 40 lo.ff 1 7") + journal_line("U 3 1003 1"));
  EXPECT_TRUE(contains(journal_error(p), "line 8: part lo.ff of unit 40 recorded again with count 1, but line 6 has 0"))
      << journal_error(p);
  for (const char* bad : {"P 40 lo.ff", "P 40 lo.ff x 7", "P x lo.ff 1 7", "P 40 lo.ff 1 7 8"}) {
    spit(p, good + journal_line(bad) + journal_line("U 3 1003 1"));
    EXPECT_TRUE(contains(journal_error(p), "line 8: malformed")) << bad << ": " << journal_error(p);
  }
  spit(p, good + journal_line("P 100 lo.ff 1 7") + journal_line("U 3 1003 1"));
  EXPECT_TRUE(contains(journal_error(p), "line 8: a part of unit 100, which is outside the plan (100 units)"))
      << journal_error(p);

  // The last record torn: dropped, and said so.
  spit(p, good + journal_line("P 42 lo.ff 1 7").substr(0, 12));
  j = read_journal(p);
  EXPECT_EQ(j.parts.size(), 3u);
  ASSERT_TRUE(j.torn_tail);
  EXPECT_TRUE(contains(*j.torn_tail, "its part is counted again")) << *j.torn_tail;

  const fs::path q = make_journal(t, 3, Shard{2, 3});
  spit(q, slurp(q) + journal_line("P 3 lo.ff 1 7") + journal_line("U 1 1001 1"));
  EXPECT_TRUE(contains(journal_error(q), "line 6: a part of unit 3, which does not belong to shard 2/3"))
      << journal_error(q);
}

// A torn last record is reported and dropped; the writer cuts it off before appending.
// CPU time records (C cpu_ms=<ms> <unix ms>): a session's writer (record_cpu_time) adds one at its
// first flush, at most once a minute after, and at its end even with nothing else to write; each
// session takes its last one; journal_cpu adds them and counts the sessions that had one. A
// crafted journal's writer (no record_cpu_time) writes none. A C record before any S record, or
// a malformed one, is an error naming the line; a torn one loses no unit.
TEST(Journal, CpuTimeRecordsGiveEachSessionItsCpuTime) {
  TempDir t;
  const fs::path p = t / "journal";
  {
    JournalWriter w(p, header(), std::nullopt);
    w.record_cpu_time();
    w.add_session({1700000000000, 42, "partition", 2, 0});
    w.add_unit(0, 1000, 1700000000001);
    w.flush();  // the first flush: a C record after the unit
    w.add_unit(1, 1001, 1700000000002);
    w.flush();  // within the minute: none
    w.flush(/*session_end=*/true);  // the end: one, though nothing else is written
  }
  const std::string text = slurp(p);
  std::size_t c_lines = 0;
  for (std::size_t at = 0; (at = text.find("\nC cpu_ms=", at)) != std::string::npos; ++at) ++c_lines;
  EXPECT_EQ(c_lines, 2u) << text;
  JournalContents j = read_journal(p);
  ASSERT_EQ(j.sessions.size(), 1u);
  ASSERT_TRUE(j.sessions[0].cpu_ms);
  EXPECT_GE(*j.sessions[0].cpu_ms, 0);
  EXPECT_EQ(j.units.size(), 2u);
  EXPECT_EQ(j.valid_bytes, fs::file_size(p));

  // Two more sessions: one with C records of known values (crafted), one without (an older gridenum).
  const std::string good = text + journal_line("S start=1700000001000 pid=43 kernel=partition threads=2") +
                           journal_line("U 2 1002 1700000001001") + journal_line("C cpu_ms=1500 1700000001002") +
                           journal_line("U 3 1003 1700000001003") + journal_line("C cpu_ms=7250 1700000001004") +
                           journal_line("S start=1700000002000 pid=44 kernel=partition threads=1") +
                           journal_line("U 4 1004 1700000002001");
  spit(p, good);
  j = read_journal(p);
  ASSERT_EQ(j.sessions.size(), 3u);
  ASSERT_TRUE(j.sessions[1].cpu_ms);
  EXPECT_EQ(*j.sessions[1].cpu_ms, 7250);  // its last C record
  EXPECT_FALSE(j.sessions[2].cpu_ms);
  EXPECT_EQ(j.units.size(), 5u);
  const JournalCpu cpu = journal_cpu(j.sessions);
  EXPECT_EQ(cpu.sessions, 3u);
  EXPECT_EQ(cpu.sessions_measured, 2u);
  EXPECT_FALSE(cpu.complete());
  EXPECT_DOUBLE_EQ(cpu.seconds, static_cast<double>(*j.sessions[0].cpu_ms) / 1000.0 + 7.25);

  // Reading rules.
  for (const char* bad : {"C cpu_ms=x 1", "C cpu_ms=-5 1", "C cpu=5 1", "C cpu_ms=5", "C cpu_ms=5 1 2"}) {
    spit(p, good + journal_line(bad) + journal_line("U 5 1005 1"));
    EXPECT_TRUE(contains(journal_error(p), "line 14: malformed CPU time record")) << bad << ": " << journal_error(p);
  }
  spit(p, journal_line(journal_header_body(header())) + journal_line("C cpu_ms=5 1") +
              journal_line("S start=1 pid=1 kernel=partition threads=1"));
  EXPECT_TRUE(contains(journal_error(p), "line 2: a CPU time record before any session record")) << journal_error(p);
  spit(p, good + journal_line("C cpu_ms=9000 1700000002002").substr(0, 15));
  j = read_journal(p);
  ASSERT_TRUE(j.torn_tail);
  EXPECT_TRUE(contains(*j.torn_tail, "a CPU time record: no unit is lost")) << *j.torn_tail;
  EXPECT_EQ(j.units.size(), 5u);
  EXPECT_FALSE(j.sessions[2].cpu_ms);

  // A writer without record_cpu_time (a test's crafted journal) writes no C record.
  const fs::path q = make_journal(t, 3);
  EXPECT_EQ(slurp(q).find("\nC "), std::string::npos);
  EXPECT_FALSE(read_journal(q).sessions[0].cpu_ms);
}

TEST(Journal, TornTailDroppedAndCutBeforeAppend) {
  TempDir t;
  const fs::path p = make_journal(t, 5);
  const auto good = fs::file_size(p);
  spit(p, slurp(p) + "U 5 100");  // killed mid-write: no newline, no checksum
  JournalContents j = read_journal(p);
  ASSERT_TRUE(j.torn_tail);
  EXPECT_TRUE(contains(*j.torn_tail, "line 8")) << *j.torn_tail;
  EXPECT_TRUE(contains(*j.torn_tail, "incomplete")) << *j.torn_tail;
  EXPECT_EQ(j.units.size(), 5u);
  EXPECT_EQ(j.valid_bytes, good);
  {
    JournalWriter w(p, header(), j.valid_bytes);
    w.add_unit(5, 1005, 1);
    w.flush();
  }
  j = read_journal(p);
  EXPECT_FALSE(j.torn_tail);
  EXPECT_EQ(j.units.size(), 6u);
  EXPECT_EQ(j.units.back().count, u128(1005));
}

// A flipped byte in the last (complete) record: indistinguishable from a torn write, dropped.
TEST(Journal, DamagedLastRecordIsTreatedAsTorn) {
  TempDir t;
  const fs::path p = make_journal(t, 5);
  std::string s = slurp(p);
  s[s.size() - 30] ^= 0x04;
  spit(p, s);
  const JournalContents j = read_journal(p);
  ASSERT_TRUE(j.torn_tail);
  EXPECT_TRUE(contains(*j.torn_tail, "damaged"));
  EXPECT_EQ(j.units.size(), 4u);
}

// Zero bytes after the last record (a power cut after the size grew but before the data hit
// the disk): a torn tail as well.
TEST(Journal, ZeroFilledTailIsTorn) {
  TempDir t;
  const fs::path p = make_journal(t, 5);
  spit(p, slurp(p) + std::string(512, '\0'));
  const JournalContents j = read_journal(p);
  EXPECT_TRUE(j.torn_tail);
  EXPECT_EQ(j.units.size(), 5u);
}

TEST(Journal, FlippedByteElsewhereIsAnErrorNamingFileAndLine) {
  TempDir t;
  const fs::path p = make_journal(t, 5);
  std::string s = slurp(p);
  // Line 4 is unit 1 (line 1 header, 2 session, 3 unit 0). Flip a digit of its count.
  std::size_t at = 0;
  for (int line = 1; line < 4; ++line) at = s.find('\n', at) + 1;
  s[at + 4] = s[at + 4] == '1' ? '2' : '1';
  spit(p, s);
  const std::string e = journal_error(p);
  EXPECT_TRUE(contains(e, "journal " + p.string() + ", line 4: bad checksum")) << e;
}

TEST(Journal, DamagedHeaderIsAnError) {
  TempDir t;
  const fs::path p = make_journal(t, 3);
  std::string s = slurp(p);
  s[20] ^= 1;
  spit(p, s);
  EXPECT_TRUE(contains(journal_error(p), "line 1: damaged header")) << journal_error(p);
  spit(p, "");
  EXPECT_TRUE(contains(journal_error(p), "empty file")) << journal_error(p);
  spit(p, journal_line("gridenum-journal v2 fingerprint=0123456789abcdef shard=1/1 units=1 classes=1 slices=1"));
  EXPECT_TRUE(contains(journal_error(p), "v2 is not supported")) << journal_error(p);
}

TEST(Journal, DuplicateWithSameCountWarnsAndCountsOnce) {
  TempDir t;
  const fs::path p = make_journal(t, 5);
  spit(p, slurp(p) + journal_line("U 2 1002 99") + journal_line("U 6 1006 99"));
  const JournalContents j = read_journal(p);
  EXPECT_EQ(j.units.size(), 6u);
  ASSERT_EQ(j.warnings.size(), 1u);
  EXPECT_TRUE(contains(j.warnings[0], "line 8: unit 2 recorded again (first on line 5)")) << j.warnings[0];
}

TEST(Journal, DuplicateWithDifferentCountIsAnError) {
  TempDir t;
  const fs::path p = make_journal(t, 5);
  spit(p, slurp(p) + journal_line("U 2 1003 99") + journal_line("U 6 1006 99"));
  const std::string e = journal_error(p);
  EXPECT_TRUE(contains(e, p.string() + ", line 8: unit 2 recorded again with count 1003, but line 5 has 1002")) << e;
  // Even as the last record: a well-formed record with a valid checksum is not a torn write.
  spit(p, slurp(p).substr(0, slurp(p).rfind("U 6")));
  EXPECT_TRUE(contains(journal_error(p), "line 8: unit 2 recorded again")) << journal_error(p);
}

TEST(Journal, UnitsOutsideThePlanOrShardAreErrors) {
  TempDir t;
  fs::path p = make_journal(t, 3);
  spit(p, slurp(p) + journal_line("U 100 1 1") + journal_line("U 1 1001 1"));
  EXPECT_TRUE(contains(journal_error(p), "line 6: unit 100 is outside the plan (100 units)")) << journal_error(p);
  p = make_journal(t, 3, Shard{2, 3});
  spit(p, slurp(p) + journal_line("U 3 1 1") + journal_line("U 1 1001 1"));
  EXPECT_TRUE(contains(journal_error(p), "line 6: unit 3 does not belong to shard 2/3")) << journal_error(p);
  p = make_journal(t, 3);
  spit(p, slurp(p) + journal_line("X 1 2") + journal_line("U 1 1001 1"));
  EXPECT_TRUE(contains(journal_error(p), "unknown record type 'X'")) << journal_error(p);
}

TEST(Journal, FingerprintOrShardMismatchIsAnError) {
  TempDir t;
  const fs::path p = make_journal(t, 3);
  const JournalContents j = read_journal(p);
  EXPECT_NO_THROW(check_journal_matches(j, p, header()));
  JournalHeader other = header();
  other.fingerprint ^= 1;
  try {
    check_journal_matches(j, p, other);
    FAIL();
  } catch (const JournalError& e) {
    EXPECT_TRUE(contains(e.what(), "journal " + p.string() + ", line 1: fingerprint 0123456789abcdef")) << e.what();
    EXPECT_TRUE(contains(e.what(), "belongs to another job")) << e.what();
  }
  EXPECT_THROW(check_journal_matches(j, p, header(Shard{1, 2})), JournalError);
}

TEST(Journal, MissingFileIsAnIoErrorNamingIt) {
  try {
    read_journal("/nonexistent/journal");
    FAIL();
  } catch (const IoError& e) {
    EXPECT_TRUE(contains(e.what(), "/nonexistent/journal")) << e.what();
  }
}

// A full disk, simulated with a file size limit in a child process (SIGXFSZ ignored, so write
// fails with EFBIG): the flush fails with an error naming the journal, the writer refuses to go
// on, and what reached the file reads back as whole records plus at most a torn tail.
TEST(Journal, FileSizeLimitFailsTheFlushAndLeavesAReadableJournal) {
  TempDir t;
  const fs::path p = t / "journal";
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::signal(SIGXFSZ, SIG_IGN);
    rlimit lim{3000, 3000};
    ::setrlimit(RLIMIT_FSIZE, &lim);
    JournalWriter w(p, header(), std::nullopt);
    for (int i = 0; i < 100; ++i) w.add_unit(i, 123456789 + i, 1700000000000 + i);
    try {
      w.flush();
      ::_exit(1);
    } catch (const IoError& e) {
      const std::string msg = e.what();
      if (!contains(msg, "File too large") || !contains(msg, p.string())) ::_exit(2);
    }
    try {
      w.flush();  // refuses after a failure
      ::_exit(3);
    } catch (const IoError&) {
    }
    ::_exit(42);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 42);
  EXPECT_LE(fs::file_size(p), 3000u);
  const JournalContents j = read_journal(p);
  EXPECT_GT(j.units.size(), 10u);
  EXPECT_LT(j.units.size(), 100u);
  for (const auto& u : j.units) EXPECT_EQ(u.count, u128(123456789 + u.id));
}

// Another program changing the journal under a running writer (journal.hpp: the writer checks
// before each write): a file put in its place as git does it (a new file renamed over the path), the
// file removed, cut or appended to in place. Each stops the writer with an error naming the file and
// what happened, writes nothing more anywhere, and the writer refuses every later flush.
TEST(Journal, AFileChangedUnderTheWriterStopsIt) {
  struct Case {
    const char* name;
    std::function<void(const fs::path&)> change;
    const char* says;
  };
  const std::vector<Case> cases = {
      {"replaced", [](const fs::path& p) { write_file_atomic(p, journal_line(journal_header_body(header()))); },
       "was replaced by another file"},
      {"removed", [](const fs::path& p) { fs::remove(p); }, "was removed"},
      {"cut", [](const fs::path& p) { fs::resize_file(p, fs::file_size(p) - 10); }, "was changed by another program"},
      {"appended", [](const fs::path& p) { std::ofstream(p, std::ios::binary | std::ios::app) << journal_line("U 99 1 1700000000099"); },
       "was changed by another program"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    TempDir t;
    const fs::path p = t / "journal";
    JournalWriter w(p, header(), std::nullopt);
    w.add_unit(1, 1001, 1700000000001);
    w.flush();
    w.add_unit(2, 1002, 1700000000002);
    w.flush();  // unchanged: the writer's own appends pass the check
    c.change(p);
    const std::string before = fs::exists(p) ? slurp(p) : std::string("(none)");
    w.add_unit(3, 1003, 1700000000003);
    try {
      w.flush();
      ADD_FAILURE() << "the flush went on";
    } catch (const IoError& e) {
      EXPECT_TRUE(contains(e.what(), c.says)) << e.what();
      EXPECT_TRUE(contains(e.what(), p.string())) << e.what();
    }
    w.add_unit(4, 1004, 1700000000004);
    EXPECT_THROW(w.flush(), IoError);
    EXPECT_EQ(fs::exists(p) ? slurp(p) : std::string("(none)"), before);
  }
}

// A writer that appends to an existing journal (a resume) checks against the length it found, cut
// to the valid prefix: its own cut of a torn tail is not someone else's change.
TEST(Journal, AResumedWriterAcceptsItsOwnCutOfATornTail) {
  TempDir t;
  const fs::path p = make_journal(t, 5);
  std::ofstream(p, std::ios::binary | std::ios::app) << "U 9 12";  // torn
  const JournalContents j = read_journal(p);
  ASSERT_TRUE(j.torn_tail);
  JournalWriter w(p, header(), j.valid_bytes);
  w.add_unit(20, 1020, 1700000000020);
  w.flush();
  w.add_unit(21, 1021, 1700000000021);
  w.flush();
  EXPECT_EQ(read_journal(p).units.size(), 7u);
}

TEST(AtomicFile, ReplacesWholeAndLeavesNoTemporary) {
  TempDir t;
  write_file_atomic(t / "f", "first");
  write_file_atomic(t / "f", "second");
  EXPECT_EQ(slurp(t / "f"), "second");
  write_files_atomic({{t / "a", "A"}, {t / "b", "B"}});
  EXPECT_EQ(slurp(t / "a") + slurp(t / "b"), "AB");
  int files = 0;
  for (const auto& e : fs::directory_iterator(t.path)) {
    ++files;
    EXPECT_FALSE(contains(e.path().filename().string(), ".tmp.")) << e.path();
  }
  EXPECT_EQ(files, 3);
  try {
    write_file_atomic(t / "no" / "such" / "f", "x");
    FAIL();
  } catch (const IoError& e) {
    EXPECT_TRUE(contains(e.what(), (t / "no" / "such").string())) << e.what();
  }
}

TEST(AtomicFile, ABatchWithAnUnwritableFileWritesNoneAndLeavesNoTemporary) {
  // The temporaries are written concurrently (atomic_file.cpp): one failing must still leave
  // the other files untouched and no temporary behind, whichever finishes first.
  TempDir t;
  for (int order = 0; order < 2; ++order) {
    std::vector<std::pair<fs::path, std::string>> batch = {{t / "a", "A"}, {t / "no" / "b", "B"}, {t / "c", "C"}};
    if (order) std::swap(batch[0], batch[1]);
    try {
      write_files_atomic(batch);
      FAIL() << "order " << order;
    } catch (const IoError& e) {
      EXPECT_TRUE(contains(e.what(), (t / "no").string())) << e.what();
    }
    EXPECT_TRUE(fs::is_empty(t.path)) << "order " << order;
  }
}

TEST(Journal, CreatedTogetherWithItsCompanionFiles) {
  // create_with: the job's config.toml is written in the journal's creation batch, so after
  // the first flush both exist, and a journal that already exists leaves them alone.
  TempDir t;
  const fs::path p = t / "journal";
  {
    JournalWriter w(p, header(), std::nullopt);
    w.create_with({{t / "config.toml", "shape = \"3x3\"\n"}});
    w.add_unit(0, 7, 1700000000000);
    w.flush();
  }
  EXPECT_EQ(slurp(t / "config.toml"), "shape = \"3x3\"\n");
  JournalContents j = read_journal(p);
  ASSERT_EQ(j.units.size(), 1u);
  fs::remove(t / "config.toml");
  {
    JournalWriter w(p, header(), j.valid_bytes);
    w.create_with({{t / "config.toml", "other"}});
    w.add_unit(1, 8, 1700000000001);
    w.flush();
  }
  EXPECT_FALSE(fs::exists(t / "config.toml"));
  EXPECT_EQ(read_journal(p).units.size(), 2u);
}

// A second holder is refused and told the holder's pid; the lock dies with its process.
TEST(JobLock, SecondProcessRefusedWithHolderPid) {
  TempDir t;
  int ready[2], release[2];
  ASSERT_EQ(::pipe(ready), 0);
  ASSERT_EQ(::pipe(release), 0);
  const pid_t pid = ::fork();
  if (pid == 0) {
    JobLock l = JobLock::acquire(t.path, "test holder");
    char c = 1;
    (void)!::write(ready[1], &c, 1);
    (void)!::read(release[0], &c, 1);
    ::_exit(0);
  }
  char c;
  ASSERT_EQ(::read(ready[0], &c, 1), 1);
  try {
    JobLock::acquire(t.path, "second");
    FAIL() << "second lock taken";
  } catch (const JobLockedError& e) {
    EXPECT_TRUE(contains(e.what(), "locked by process " + std::to_string(pid) + " (test holder)")) << e.what();
  }
  const LockHolder h = lock_holder(t.path);
  EXPECT_TRUE(h.held);
  EXPECT_EQ(h.pid, pid);
  EXPECT_EQ(h.command, "test holder");
  ::kill(pid, SIGKILL);
  ::waitpid(pid, nullptr, 0);
  EXPECT_FALSE(lock_holder(t.path).held);
  EXPECT_NO_THROW(JobLock::acquire(t.path, "after"));
}

TEST(Shard, ParseAndPartition) {
  EXPECT_EQ(Shard::parse("2/3"), (Shard{2, 3}));
  for (const char* bad : {"0/3", "4/3", "3", "/3", "1/", "a/b", "1/0", "-1/2", "1/3x"}) EXPECT_FALSE(Shard::parse(bad)) << bad;
  // Disjoint and covering, sizes as counted.
  for (std::uint32_t m : {1u, 3u, 7u}) {
    std::vector<int> hits(100, 0);
    std::uint64_t total = 0;
    for (std::uint32_t k = 1; k <= m; ++k) {
      const Shard s{k, m};
      std::uint64_t n = 0;
      for (int u = 0; u < 100; ++u)
        if (s.contains(u)) ++hits[u], ++n;
      EXPECT_EQ(n, s.size(100));
      total += n;
    }
    EXPECT_EQ(total, 100u);
    for (int h : hits) EXPECT_EQ(h, 1);
  }
}

TEST(Checksum, KnownValuesAndHex) {
  EXPECT_EQ(fnv1a64(""), 0xcbf29ce484222325ull);
  EXPECT_EQ(fnv1a64("a"), 0xaf63dc4c8601ec8cull);
  EXPECT_EQ(hex16(0xaf63dc4c8601ec8cull), "af63dc4c8601ec8c");
  EXPECT_EQ(parse_hex16("af63dc4c8601ec8c"), 0xaf63dc4c8601ec8cull);
  EXPECT_FALSE(parse_hex16("AF63DC4C8601EC8C"));
  EXPECT_FALSE(parse_hex16("af63dc4c8601ec8"));
}

}  // namespace
