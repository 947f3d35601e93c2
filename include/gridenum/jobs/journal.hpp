// The journal of a job (docs/design.md section 3): an append-only text file with one record per
// finished work unit, so a killed job loses at most the units since the last checkpoint.
//
// Format (version 1), one line per record, fields separated by one space, the last field the
// FNV-1a 64 checksum (16 hex digits) of everything before it on the line:
//
//   gridenum-journal v1 fingerprint=<hex16> shard=K/M[:blocks] units=U classes=C slices=S <check>
//   S start=<unix ms> pid=<pid> kernel=<kernel> threads=<n> <check>       a session began
//   U <unit id> <count> <unix ms> <check>                                 a unit finished
//   T sha256=<64 hex> <check>                the units after it were counted from this table
//                                            (three-band's F table; unit_hooks.hpp, table)
//   B <batch id> <statistics> <unix ms> <check>                           a batch finished
//                                            (an estimate job: estimate_job.hpp; the statistics
//                                            one token, estimate/moments.hpp's exact form)
//   P <unit id> <part key> <count> <unix ms> <check>        a part of an unfinished unit finished
//                                            (a symmetry job's class: a bucket of the kernel's
//                                            orbits, symmetry/fixed_grids.hpp's FixedParts;
//                                            the key one token). Added with the
//                                            version-1 format unchanged: older readers refuse it
//                                            as an unknown record, never misread it.
//   C cpu_ms=<ms> <unix ms> <check>          the session's process had used this much CPU time
//                                            (user + system, every thread, its plan included)
//                                            when the records before it were written: at the
//                                            session's first checkpoint, then at most once a
//                                            minute with new records, and at its end. The last C
//                                            after an S is that session's CPU time (a killed
//                                            session's, up to its last checkpoint: a lower
//                                            bound). Added 2026-12-04 as P was, so that a long
//                                            count's CPU-hours are measured, not wall x threads.
//
// Text, not binary: a user can read, grep and diff it, and a record costs ~50 bytes (1056
// units of the 9x9 count: 50 kB). The header line is written atomically (atomic_file.hpp), so
// a journal file always has a whole header. Records are buffered in memory by the workers and
// written + fdatasync'd by one writer at the checkpoint interval.
//
// Reading rules (never a silent wrong total):
//   - the last line, when it is incomplete (no newline) or fails its checksum, is a torn write:
//     reported, dropped, and cut off before new records are appended; that unit is recomputed;
//   - a bad checksum or a malformed record on any other line, a damaged header, a unit id
//     outside the plan or outside the shard, or one unit recorded twice with different counts
//     is a JournalError naming the file and the line (the same for a batch recorded twice with
//     different statistics);
//   - one unit recorded twice with the same count is harmless: a warning, counted once (the
//     same for a part: the same unit and key with the same count; another count is an error);
//   - a header whose fingerprint or shard differs from the job's is a JournalError
//     (check_journal_matches).
#pragma once

#include <cstdint>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gridenum/core/arith.hpp"
#include "gridenum/count/plan_header.hpp"
#include "gridenum/count/shard.hpp"

namespace gridenum {

// The journal's header line is the plan's header (count/plan_header.hpp).
using JournalHeader = PlanHeader;

struct JournalSession {
  std::int64_t start_ms = 0;
  long pid = 0;
  std::string kernel;
  int threads = 0;
  std::size_t line = 0;
  // The session's CPU time in ms, its last C record's; nullopt when it wrote none (a journal of
  // a gridenum before C records, or a session killed before its first checkpoint).
  std::optional<std::int64_t> cpu_ms = std::nullopt;
};

// The CPU time the sessions of a journal recorded (C records): the sum and how many sessions it
// covers, so that a figure over part of the sessions says so.
struct JournalCpu {
  double seconds = 0;
  std::size_t sessions_measured = 0;
  std::size_t sessions = 0;
  bool complete() const { return sessions_measured == sessions; }
  void add(const JournalCpu& o) {  // another journal's (the shards of one run)
    seconds += o.seconds;
    sessions_measured += o.sessions_measured;
    sessions += o.sessions;
  }
};
JournalCpu journal_cpu(const std::vector<JournalSession>& sessions);

struct JournalUnit {
  std::uint32_t id = 0;
  u128 count = 0;
  std::int64_t time_ms = 0;
  std::size_t line = 0;  // 1-based line of the record in the file
};

// A finished batch of an estimate job: its statistics as the one token the job wrote (the journal
// checks the framing; the estimate job parses the token).
struct JournalBatch {
  std::uint64_t id = 0;
  std::string stats;
  std::int64_t time_ms = 0;
  std::size_t line = 0;
};

// A finished part of a unit whose count is long: the unit's own counter names the part by a key
// and takes its count back on resume instead of counting it again (P records above).
struct JournalPart {
  std::uint32_t unit = 0;
  std::string key;
  u128 count = 0;
  std::int64_t time_ms = 0;
  std::size_t line = 0;
};

struct JournalTable {
  std::string sha256;
  std::size_t line = 0;
};

struct JournalContents {
  JournalHeader header;
  std::vector<JournalUnit> units;        // each finished unit once, in file order
  std::vector<JournalSession> sessions;
  std::vector<JournalTable> tables;      // every T record, in file order
  std::vector<JournalBatch> batches;     // each finished batch once, in file order (estimate jobs)
  std::vector<JournalPart> parts;        // each finished part once, in file order (symmetry jobs)
  std::uint64_t valid_bytes = 0;         // length of the checked prefix (torn tail excluded)
  std::optional<std::string> torn_tail;  // set when a torn last record was dropped: what and where
  std::vector<std::string> warnings;     // harmless oddities (same unit twice, same count)
};

// SHA-256 of a journal's units: the lines "<id> <count>\n" in increasing id, so that it names what
// a total depends on and not the session records, their times or the order of the records. A
// merged result records it per shard; `verify result` recomputes it from the shards' journals.
std::string journal_units_sha256(const JournalContents& j);

// Reads and checks a journal (rules above). Throws JournalError naming file and line, or
// JobIoError when the file cannot be read.
JournalContents read_journal(const std::filesystem::path& path);

// Throws JournalError naming the file when the journal's header is not the job's: another
// fingerprint (another shape, slicing or catalogue), another shard, another version.
void check_journal_matches(const JournalContents& j, const std::filesystem::path& path, const JournalHeader& expected);

// A record line: body + " " + checksum + "\n". Exposed so that tests can craft journals.
std::string journal_line(std::string_view body);
std::string journal_header_body(const JournalHeader& h);

// Appends records. add_*() only buffer (thread-safe, no I/O: workers never wait for the disk);
// flush() writes the buffer in one write and fdatasyncs (thread-safe). The first flush() opens
// the file: a new journal is created with its header (and its create_with files) by an
// atomic write; an existing one is
// first cut to `append_at` bytes (dropping a torn tail) and synced.
//
// After a failed write (disk full, file size limit) the writer refuses every further write: the
// file may end in a partial record, which the next reader drops as a torn tail. The same when the
// file was replaced, removed, cut or written to by another program since the last flush (checked
// before each write): the job stops instead of appending to a file nobody will read.
class JournalWriter {
 public:
  // append_at: nullopt to create a new journal, else the valid length of an existing one.
  JournalWriter(std::filesystem::path path, JournalHeader header, std::optional<std::uint64_t> append_at);
  ~JournalWriter();
  JournalWriter(const JournalWriter&) = delete;
  JournalWriter& operator=(const JournalWriter&) = delete;

  // Files to create in one atomic batch with a new journal (write_files_atomic, renamed before
  // it): the job's config.toml, so that a journal never exists without its config, for one
  // directory fsync instead of two. Ignored when the journal exists already.
  void create_with(std::vector<std::pair<std::filesystem::path, std::string>> files) { companions_ = std::move(files); }

  void add_unit(std::uint32_t id, u128 count, std::int64_t time_ms);
  void add_session(const JournalSession& s);
  // A session's writer (a job's, not a test's crafted journal): after its session record, flush()
  // adds C records, the process's CPU time, as the format above says.
  void record_cpu_time() { record_cpu_ = true; }
  void add_table(const std::string& sha256);
  // stats: one token, no spaces (an estimate batch's exact statistics).
  void add_batch(std::uint64_t id, std::string_view stats, std::int64_t time_ms);
  // key: one token, no spaces (a part of unit `unit`: JournalPart).
  void add_part(std::uint32_t unit, std::string_view key, u128 count, std::int64_t time_ms);
  // Throws JobIoError naming the file. session_end: the session's last flush, which always adds
  // its C record (under record_cpu_time()).
  void flush(bool session_end = false);
  const std::filesystem::path& path() const { return path_; }

 private:
  void open_locked();
  void check_unchanged_locked() const;
  std::filesystem::path path_;
  JournalHeader header_;
  std::optional<std::uint64_t> append_at_;
  std::vector<std::pair<std::filesystem::path, std::string>> companions_;
  std::mutex buffer_mu_;
  std::string buffer_;
  std::mutex io_mu_;
  int fd_ = -1;
  std::pair<std::uint64_t, std::uint64_t> file_id_{0, 0};  // (st_dev, st_ino) of the file opened
  std::uint64_t size_ = 0;                                 // its length as this writer left it
  bool failed_ = false;
  std::string failure_;
  bool record_cpu_ = false;       // record_cpu_time() was called
  std::int64_t last_cpu_at_ = 0;  // unix ms of the last C record written (0: none yet)
};

// Unix time in milliseconds (the records' clock).
std::int64_t unix_ms();

}  // namespace gridenum
