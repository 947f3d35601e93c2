// The journal (journal.hpp): record format, the checked reader and the buffered writer.
#include "gridenum/jobs/journal.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstring>
#include <map>
#include <unordered_map>

#include "gridenum/core/checksum.hpp"
#include "gridenum/core/digest.hpp"
#include "gridenum/core/host.hpp"
#include "gridenum/core/stop.hpp"
#include "gridenum/core/atomic_file.hpp"
#include "gridenum/jobs/job_errors.hpp"

namespace gridenum {

namespace fs = std::filesystem;

std::int64_t unix_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string journal_line(std::string_view body) {
  std::string s(body);
  s += ' ';
  s += hex16(fnv1a64(body));
  s += '\n';
  return s;
}

std::string journal_header_body(const JournalHeader& h) {
  return "gridenum-journal v" + std::to_string(h.version) + " fingerprint=" + hex16(h.fingerprint) +
         " shard=" + h.shard.spec() + " units=" + std::to_string(h.units) + " classes=" + std::to_string(h.classes) +
         " slices=" + std::to_string(h.slices_per_class);
}

namespace {

std::vector<std::string_view> split(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t at = 0;
  while (at <= s.size()) {
    const std::size_t sp = s.find(' ', at);
    const std::size_t end = sp == std::string_view::npos ? s.size() : sp;
    out.push_back(s.substr(at, end - at));
    if (sp == std::string_view::npos) break;
    at = sp + 1;
  }
  return out;
}

template <class T>
bool number(std::string_view s, T& out) {
  if (s.empty()) return false;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size();
}

// "key=value" with the expected key; the value or nullopt.
std::optional<std::string_view> field(std::string_view tok, std::string_view key) {
  if (tok.size() <= key.size() || tok.substr(0, key.size()) != key || tok[key.size()] != '=') return std::nullopt;
  return tok.substr(key.size() + 1);
}

// A line's body when its checksum is right, else nullopt.
std::optional<std::string_view> checked_body(std::string_view line) {
  const std::size_t sp = line.rfind(' ');
  if (sp == std::string_view::npos) return std::nullopt;
  const auto check = parse_hex16(line.substr(sp + 1));
  const std::string_view body = line.substr(0, sp);
  if (!check || *check != fnv1a64(body)) return std::nullopt;
  return body;
}

std::optional<JournalHeader> parse_header(std::string_view body, std::string* why) {
  const auto t = split(body);
  JournalHeader h;
  if (t.empty() || t[0] != "gridenum-journal") {
    *why = "not a gridenum journal";
    return std::nullopt;
  }
  if (t.size() < 2 || t[1].size() < 2 || t[1][0] != 'v' || !number(t[1].substr(1), h.version)) {
    *why = "no format version";
    return std::nullopt;
  }
  if (h.version != 1) {
    *why = "format version v" + std::to_string(h.version) + " is not supported (this gridenum reads v1)";
    return std::nullopt;
  }
  std::optional<std::string_view> fp, shard, units, classes, slices;
  if (t.size() != 7 || !(fp = field(t[2], "fingerprint")) || !(shard = field(t[3], "shard")) ||
      !(units = field(t[4], "units")) || !(classes = field(t[5], "classes")) || !(slices = field(t[6], "slices"))) {
    *why = "malformed header";
    return std::nullopt;
  }
  const auto f = parse_hex16(*fp);
  const bool counts = number(*units, h.units) && number(*classes, h.classes) && number(*slices, h.slices_per_class);
  const auto s = counts ? Shard::parse_spec(*shard, h.units) : std::nullopt;
  if (!f || !s || !counts) {
    *why = "malformed header";
    return std::nullopt;
  }
  h.fingerprint = *f;
  h.shard = *s;
  return h;
}

}  // namespace

JournalContents read_journal(const fs::path& path) {
  const std::string text = read_whole_file(path);
  const std::string name = path.string();
  auto fail = [&](std::size_t line, const std::string& why) -> JournalError {
    return JournalError("journal " + name + ", line " + std::to_string(line) + ": " + why);
  };
  JournalContents j;
  if (text.empty()) throw fail(1, "empty file, no header (a journal is created with its header in one atomic write)");

  // Lines with their byte offsets; a last piece without '\n' is incomplete.
  struct Line {
    std::string_view text;
    std::uint64_t begin, end;  // end: after the newline
    bool complete;
  };
  std::vector<Line> lines;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t nl = text.find('\n', at);
    if (nl == std::string::npos) {
      lines.push_back({std::string_view(text).substr(at), at, text.size(), false});
      break;
    }
    lines.push_back({std::string_view(text).substr(at, nl - at), at, nl + 1, true});
    at = nl + 1;
  }

  // Header (line 1): must be whole and intact.
  std::string why;
  const auto hbody = lines[0].complete ? checked_body(lines[0].text) : std::nullopt;
  if (!hbody) throw fail(1, "damaged header (bad checksum or incomplete)");
  const auto header = parse_header(*hbody, &why);
  if (!header) throw fail(1, why);
  j.header = *header;
  j.valid_bytes = lines[0].end;

  struct Seen {
    u128 count;
    std::size_t line;
  };
  std::unordered_map<std::uint32_t, Seen> seen;
  std::unordered_map<std::uint64_t, std::size_t> seen_batches;  // id -> index in j.batches
  std::map<std::pair<std::uint32_t, std::string>, std::size_t> seen_parts;  // (unit, key) -> index in j.parts
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const Line& l = lines[i];
    const std::size_t lineno = i + 1;
    const bool last = i + 1 == lines.size();
    const auto body = l.complete ? checked_body(l.text) : std::nullopt;
    if (!body) {
      if (last) {
        j.torn_tail = "line " + std::to_string(lineno) + " (" + std::to_string(l.end - l.begin) + " bytes at offset " +
                      std::to_string(l.begin) + ") is " + (l.complete ? "damaged" : "incomplete") +
                      ": a torn write, dropped" +
                      (l.text.rfind("U ", 0) == 0   ? "; its unit is counted again"
                       : l.text.rfind("B ", 0) == 0 ? "; its batch is sampled again"
                       : l.text.rfind("P ", 0) == 0 ? "; its part is counted again"
                       : l.text.rfind("S ", 0) == 0 ? " (a session record: no unit is lost)"
                       : l.text.rfind("C ", 0) == 0 ? " (a CPU time record: no unit is lost)"
                                                    : std::string());
        break;
      }
      throw fail(lineno, l.complete ? "bad checksum: the record is damaged" : "incomplete record");
    }
    const auto t = split(*body);
    if (t[0] == "U") {
      JournalUnit u;
      std::string count_text;
      if (t.size() != 4 || !number(t[1], u.id) || !number(t[3], u.time_ms)) throw fail(lineno, "malformed unit record");
      const auto c = parse_u128(t[2]);
      if (!c) throw fail(lineno, "malformed count");
      u.count = *c;
      u.line = lineno;
      if (u.id >= j.header.units)
        throw fail(lineno, "unit " + std::to_string(u.id) + " is outside the plan (" + std::to_string(j.header.units) + " units)");
      if (!j.header.shard.contains(u.id))
        throw fail(lineno, "unit " + std::to_string(u.id) + " does not belong to shard " + j.header.shard.str());
      const auto [it, fresh] = seen.emplace(u.id, Seen{u.count, lineno});
      if (!fresh) {
        if (it->second.count != u.count)
          throw fail(lineno, "unit " + std::to_string(u.id) + " recorded again with count " + to_string(u.count) +
                                 ", but line " + std::to_string(it->second.line) + " has " + to_string(it->second.count));
        j.warnings.push_back("journal " + name + ", line " + std::to_string(lineno) + ": unit " + std::to_string(u.id) +
                             " recorded again (first on line " + std::to_string(it->second.line) +
                             ") with the same count; counted once");
      } else {
        j.units.push_back(u);
      }
    } else if (t[0] == "S") {
      JournalSession s;
      std::optional<std::string_view> start, pid, kernel, threads;
      if (t.size() != 5 || !(start = field(t[1], "start")) || !(pid = field(t[2], "pid")) ||
          !(kernel = field(t[3], "kernel")) || !(threads = field(t[4], "threads")) || !number(*start, s.start_ms) ||
          !number(*pid, s.pid) || !number(*threads, s.threads))
        throw fail(lineno, "malformed session record");
      s.kernel = std::string(*kernel);
      s.line = lineno;
      j.sessions.push_back(s);
    } else if (t[0] == "B") {
      JournalBatch b;
      if (t.size() != 4 || !number(t[1], b.id) || t[2].empty() || !number(t[3], b.time_ms))
        throw fail(lineno, "malformed batch record");
      b.stats = std::string(t[2]);
      b.line = lineno;
      if (b.id >= j.header.units)
        throw fail(lineno, "batch " + std::to_string(b.id) + " is outside the plan (" + std::to_string(j.header.units) +
                               " batches)");
      if (!j.header.shard.contains(b.id))
        throw fail(lineno, "batch " + std::to_string(b.id) + " does not belong to shard " + j.header.shard.str());
      const auto [it, fresh] = seen_batches.emplace(b.id, j.batches.size());
      if (!fresh) {
        const JournalBatch& first = j.batches[it->second];
        if (first.stats != b.stats)
          throw fail(lineno, "batch " + std::to_string(b.id) + " recorded again with other statistics (" + b.stats +
                                 "), but line " + std::to_string(first.line) + " has " + first.stats);
        j.warnings.push_back("journal " + name + ", line " + std::to_string(lineno) + ": batch " + std::to_string(b.id) +
                             " recorded again (first on line " + std::to_string(first.line) + ") with the same statistics; taken once");
      } else {
        j.batches.push_back(std::move(b));
      }
    } else if (t[0] == "P") {
      JournalPart p;
      if (t.size() != 5 || !number(t[1], p.unit) || t[2].empty() || !number(t[4], p.time_ms))
        throw fail(lineno, "malformed part record");
      const auto c = parse_u128(t[3]);
      if (!c) throw fail(lineno, "malformed count");
      p.key = std::string(t[2]);
      p.count = *c;
      p.line = lineno;
      if (p.unit >= j.header.units)
        throw fail(lineno, "a part of unit " + std::to_string(p.unit) + ", which is outside the plan (" +
                               std::to_string(j.header.units) + " units)");
      if (!j.header.shard.contains(p.unit))
        throw fail(lineno, "a part of unit " + std::to_string(p.unit) + ", which does not belong to shard " +
                               j.header.shard.str());
      const auto [it, fresh] = seen_parts.emplace(std::make_pair(p.unit, p.key), j.parts.size());
      if (!fresh) {
        const JournalPart& first = j.parts[it->second];
        if (first.count != p.count)
          throw fail(lineno, "part " + p.key + " of unit " + std::to_string(p.unit) + " recorded again with count " +
                                 to_string(p.count) + ", but line " + std::to_string(first.line) + " has " +
                                 to_string(first.count));
        j.warnings.push_back("journal " + name + ", line " + std::to_string(lineno) + ": part " + p.key + " of unit " +
                             std::to_string(p.unit) + " recorded again (first on line " + std::to_string(first.line) +
                             ") with the same count; taken once");
      } else {
        j.parts.push_back(std::move(p));
      }
    } else if (t[0] == "C") {
      const auto ms = t.size() == 3 ? field(t[1], "cpu_ms") : std::nullopt;
      std::int64_t cpu = 0, at = 0;
      if (!ms || !number(*ms, cpu) || cpu < 0 || !number(t[2], at)) throw fail(lineno, "malformed CPU time record");
      if (j.sessions.empty()) throw fail(lineno, "a CPU time record before any session record");
      j.sessions.back().cpu_ms = cpu;
    } else if (t[0] == "T") {
      const auto digest = t.size() == 2 ? field(t[1], "sha256") : std::nullopt;
      if (!digest || !is_sha256_hex(*digest)) throw fail(lineno, "malformed table record");
      j.tables.push_back({std::string(*digest), lineno});
    } else {
      throw fail(lineno, "unknown record type '" + std::string(t[0]) + "'");
    }
    j.valid_bytes = l.end;
  }
  return j;
}

void check_journal_matches(const JournalContents& j, const fs::path& path, const JournalHeader& expected) {
  const JournalHeader& h = j.header;
  const std::string where = "journal " + path.string() + ", line 1: ";
  if (h.fingerprint != expected.fingerprint || h.units != expected.units || h.classes != expected.classes ||
      h.slices_per_class != expected.slices_per_class)
    throw JournalError(where + "fingerprint " + hex16(h.fingerprint) + " (" + std::to_string(h.units) + " units, " +
                       std::to_string(h.classes) + " classes, " + std::to_string(h.slices_per_class) +
                       " slices per class) does not match this job's config (fingerprint " + hex16(expected.fingerprint) +
                       ", " + std::to_string(expected.units) + " units): the journal belongs to another job");
  if (h.shard != expected.shard)
    throw JournalError(where + "the journal is for shard " + h.shard.str() + ", the config says shard " +
                       expected.shard.str());
}

JournalWriter::JournalWriter(fs::path path, JournalHeader header, std::optional<std::uint64_t> append_at)
    : path_(std::move(path)), header_(header), append_at_(append_at) {}

JournalWriter::~JournalWriter() {
  if (fd_ >= 0) ::close(fd_);
}

// A value from a task whose parallel loop is being cancelled may be partial: the journal refuses
// it (core/stop.hpp), the last of the two guards (the loops that record units are the first).
void JournalWriter::add_unit(std::uint32_t id, u128 count, std::int64_t time_ms) {
  if (task_group_cancelled()) throw_if_cancelled("unit " + std::to_string(id));  // the message only when needed
  std::string body = "U " + std::to_string(id) + " " + to_string(count) + " " + std::to_string(time_ms);
  std::string line = journal_line(body);
  std::lock_guard lock(buffer_mu_);
  buffer_ += line;
}

void JournalWriter::add_session(const JournalSession& s) {
  std::string line = journal_line("S start=" + std::to_string(s.start_ms) + " pid=" + std::to_string(s.pid) +
                                  " kernel=" + s.kernel + " threads=" + std::to_string(s.threads));
  std::lock_guard lock(buffer_mu_);
  buffer_ += line;
}

JournalCpu journal_cpu(const std::vector<JournalSession>& sessions) {
  JournalCpu c;
  c.sessions = sessions.size();
  for (const auto& s : sessions)
    if (s.cpu_ms) {
      c.seconds += static_cast<double>(*s.cpu_ms) / 1000.0;
      ++c.sessions_measured;
    }
  return c;
}

std::string journal_units_sha256(const JournalContents& j) {
  std::vector<std::pair<std::uint32_t, u128>> units;
  units.reserve(j.units.size());
  for (const auto& u : j.units) units.emplace_back(u.id, u.count);
  std::sort(units.begin(), units.end());
  Sha256 sha;
  for (const auto& [id, count] : units) sha.update(std::to_string(id) + " " + to_string(count) + "\n");
  return sha.hex();
}

void JournalWriter::add_batch(std::uint64_t id, std::string_view stats, std::int64_t time_ms) {
  if (task_group_cancelled()) throw_if_cancelled("batch " + std::to_string(id));
  std::string line =
      journal_line("B " + std::to_string(id) + " " + std::string(stats) + " " + std::to_string(time_ms));
  std::lock_guard lock(buffer_mu_);
  buffer_ += line;
}

void JournalWriter::add_part(std::uint32_t unit, std::string_view key, u128 count, std::int64_t time_ms) {
  if (task_group_cancelled()) throw_if_cancelled("part " + std::string(key) + " of unit " + std::to_string(unit));
  std::string line = journal_line("P " + std::to_string(unit) + " " + std::string(key) + " " + to_string(count) + " " +
                                  std::to_string(time_ms));
  std::lock_guard lock(buffer_mu_);
  buffer_ += line;
}

void JournalWriter::add_table(const std::string& sha256) {
  std::string line = journal_line("T sha256=" + sha256);
  std::lock_guard lock(buffer_mu_);
  buffer_ += line;
}

void JournalWriter::open_locked() {
  if (!append_at_) {
    // New journal: the header appears atomically, so a journal file never lacks one; the
    // companions are renamed first, so it never exists without them either.
    auto files = std::move(companions_);
    files.emplace_back(path_, journal_line(journal_header_body(header_)));
    write_files_atomic(files);
  }
  fd_ = open_job_file(path_, O_WRONLY | O_APPEND);  // no symlink, no FIFO: a regular file
  struct stat st {};
  if (::fstat(fd_, &st) != 0) throw_io_error("cannot stat the journal", path_, errno);
  file_id_ = {static_cast<std::uint64_t>(st.st_dev), static_cast<std::uint64_t>(st.st_ino)};
  size_ = static_cast<std::uint64_t>(st.st_size);
  if (append_at_ && size_ != *append_at_) {
    // Cut a torn tail off before appending: new records must never follow a damaged one.
    if (::ftruncate(fd_, static_cast<off_t>(*append_at_)) != 0) throw_io_error("cannot cut the torn tail of", path_, errno);
    if (::fdatasync(fd_) != 0) throw_io_error("cannot fsync", path_, errno);
    size_ = *append_at_;
  }
}

// Only this writer may change the journal while it is open: a file put in its place (a restore,
// `git checkout` or `git stash` of the job directory, an rsync onto it) would leave the records
// appended after it in an unlinked file, lost when the process ends, and a file cut or written to
// in place would mix another program's bytes with them. Before each write the path must still
// name the file this writer opened, at the length it left it; otherwise the writer fails as after
// a full disk and the job stops, having lost no more than the records of this one checkpoint
// (docs/jobs.md, *The journal belongs to the running job*).
void JournalWriter::check_unchanged_locked() const {
  struct stat named {};
  if (::stat(path_.c_str(), &named) != 0)
    throw JobIoError("journal " + path_.string() + " was removed while this job was writing it (" +
                     std::strerror(errno) + "); stopping so that no record is written to a file nobody will read");
  if (static_cast<std::uint64_t>(named.st_dev) != file_id_.first || static_cast<std::uint64_t>(named.st_ino) != file_id_.second)
    throw JobIoError("journal " + path_.string() +
                     " was replaced by another file while this job was writing it (a restore, a `git checkout` or "
                     "`git stash` of the job directory, a copy onto it); stopping so that no record is written to the "
                     "old, unlinked file. The file now there is the journal a resume reads");
  if (static_cast<std::uint64_t>(named.st_size) != size_)
    throw JobIoError("journal " + path_.string() + " was changed by another program while this job was writing it (" +
                     std::to_string(named.st_size) + " bytes, this job had left " + std::to_string(size_) +
                     "); stopping so that its records do not follow someone else's bytes");
}

// The C record rides on a flush that writes anyway (no extra fdatasync): at most once a minute, so
// a 15-hour shard adds about 900 lines (40 kB) to its journal, and at the session's end.
void JournalWriter::flush(bool session_end) {
  constexpr std::int64_t kCpuRecordEveryMs = 60'000;
  std::lock_guard io(io_mu_);
  if (failed_) throw JobIoError(failure_);
  try {
    if (fd_ < 0) open_locked();
    std::string out;
    bool cpu_due = false;
    {
      std::lock_guard lock(buffer_mu_);
      out.swap(buffer_);
      cpu_due = record_cpu_;
    }
    const std::int64_t now = unix_ms();
    if (cpu_due && (session_end || (!out.empty() && now - last_cpu_at_ >= kCpuRecordEveryMs))) {
      const auto cpu_ms = static_cast<std::int64_t>(process_cpu_seconds() * 1000.0);
      out += journal_line("C cpu_ms=" + std::to_string(cpu_ms) + " " + std::to_string(now));
      last_cpu_at_ = now;
    }
    if (out.empty()) return;
    check_unchanged_locked();
    write_all(fd_, out, path_);
    size_ += out.size();
    if (::fdatasync(fd_) != 0) throw_io_error("cannot fsync", path_, errno);
  } catch (const IoError& e) {
    failed_ = true;
    failure_ = e.what();
    throw;
  }
}

}  // namespace gridenum
