// Running and resuming a symmetry job (symmetry_job.hpp), on the steps every journaled job shares
// (journaled_session.hpp: lock, journal read and checked, checkpoints, stop), with conjugacy classes for
// units:
//   1. a new job refuses a DIR that holds any job;
//   2. the journal header from the parameters (fingerprint); an existing journal is checked
//      against it (another shape, group or class list: refused);
//   3. Burnside's run (symmetry/burnside.hpp) with the journal's classes as known and the others
//      counted; symmetry.json is written with the journal's header in one atomic batch, and each
//      finished class's f becomes a record, written + fdatasync'd every checkpoint interval;
//   4. last flush, then result.txt and result.json in one atomic batch.
// A stop (SIGINT/SIGTERM through core/stop.hpp, or the request's stop) abandons the classes in
// flight (the kernels poll it) and keeps the journaled ones; a second signal flushes the journal
// and exits at once.
#include "gridenum/jobs/symmetry_job.hpp"

#include <unistd.h>

#include <algorithm>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <utility>

#include <fmt/format.h>
#include <spdlog/logger.h>
#include <spdlog/sinks/sink.h>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/atomic_file.hpp"
#include "gridenum/core/checksum.hpp"
#include "gridenum/core/digest.hpp"
#include "gridenum/core/errors.hpp"
#include "gridenum/core/threads.hpp"
#include "gridenum/core/timing.hpp"
#include "gridenum/jobs/job.hpp"
#include "gridenum/jobs/job_errors.hpp"
#include "gridenum/jobs/journaled_session.hpp"
#include "gridenum/jobs/journal.hpp"
#include "gridenum/jobs/walk_store.hpp"
#include "gridenum/symmetry/fixed_grids.hpp"

namespace gridenum {

namespace fs = std::filesystem;

namespace {

// A P record of a band count (FixedParts::known_band), not of a class's part.
bool is_band_key(const std::string& key) { return key.rfind("band.", 0) == 0; }

// A class's parts in the journal (ClassPartsStatus): its buckets done per family, and the median
// of its last (up to 8) gaps between two part records of one session -- the session of its last
// record with a gap, so the pace is the latest one measured.
ClassPartsStatus class_parts_status(std::uint32_t unit, const std::vector<const JournalPart*>& records,
                                    const std::vector<JournalSession>& sessions) {
  ClassPartsStatus c;
  c.number = unit + 1;
  c.finished = records.size();
  std::map<std::string, ClassPartsStatus::Family> families;
  for (const JournalPart* p : records)
    if (const auto k = parse_part_key(p->key)) {
      auto& f = families[k->family];
      f.family = k->family;
      f.buckets = std::max(f.buckets, k->buckets);
      ++f.done;
    }
  for (auto& [name, f] : families) c.families.push_back(f);
  // The session a record belongs to: the last S record above its line.
  const auto session_of = [&sessions](std::size_t line) {
    return std::upper_bound(sessions.begin(), sessions.end(), line,
                            [](std::size_t l, const JournalSession& s) { return l < s.line; }) -
           sessions.begin();
  };
  std::vector<double> gaps;
  for (std::size_t k = records.size(); k-- > 1 && gaps.size() < 8;) {
    if (session_of(records[k]->line) != session_of(records[k - 1]->line)) {
      if (!gaps.empty()) break;  // the pace of one session only
      continue;
    }
    gaps.push_back(static_cast<double>(records[k]->time_ms - records[k - 1]->time_ms) / 1000.0);
  }
  if (!gaps.empty()) {
    std::sort(gaps.begin(), gaps.end());
    c.seconds_per_part = gaps[gaps.size() / 2];
  }
  return c;
}

// The kernels' version: part of the fingerprint, raised whenever a change could give another f for
// a class (a new class numbering, a kernel fix), so that a journal of the old ones is refused
// rather than mixed with the new.
constexpr int kSymmetryJobVersion = 1;

std::optional<FixedMethod> parse_fixed_method(const std::string& m) {
  for (FixedMethod x : {FixedMethod::Auto, FixedMethod::LineOrbits, FixedMethod::Signatures, FixedMethod::BandCycles,
                        FixedMethod::BandSwaps, FixedMethod::BandKeeps, FixedMethod::CellSearch})
    if (to_string(x) == m) return x;
  return std::nullopt;
}

// The class list as the CLI takes it, runs of consecutive numbers as ranges ("2:5005"): the log's
// and the fingerprint's form.
std::string class_list_text(const std::vector<std::uint32_t>& classes) {
  if (classes.empty()) return "all";
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < classes.size();) {
    std::size_t j = i;
    while (j + 1 < classes.size() && classes[j + 1] == classes[j] + 1) ++j;
    parts.push_back(j == i ? std::to_string(classes[i]) : fmt::format("{}:{}", classes[i], classes[j]));
    i = j + 1;
  }
  return fmt::format("{}", fmt::join(parts, ","));
}

// Which classes of a journal's job the run counts (class_selection, burnside.hpp; every class when
// the list is empty), as a flag per class.
std::vector<bool> selected_classes(const SymmetryJobSpec& s, std::size_t classes) {
  std::vector<bool> sel(classes, s.classes.empty());
  for (std::size_t i : class_selection(s.classes, classes)) sel[i] = true;
  return sel;
}

// The journal's f per class (nullopt: not done).
std::vector<std::optional<u128>> journal_classes(const JournalContents& j) {
  std::vector<std::optional<u128>> out(j.header.units);
  for (const JournalUnit& u : j.units) out[u.id] = u.count;
  return out;
}

}  // namespace

fs::path symmetry_spec_path(const fs::path& dir) { return dir / "symmetry.json"; }

bool is_symmetry_job(const fs::path& dir) {
  std::error_code ec;
  return fs::is_regular_file(symmetry_spec_path(dir), ec);
}

std::string symmetry_spec_text(const SymmetryJobSpec& s) {
  const nlohmann::json j{{"kind", "gridenum symmetry job"},
                         {"version", 1},
                         {"shape", s.run.shape.str()},
                         {"transposition", s.run.transposition && s.run.shape.rows == s.run.shape.cols},
                         {"method", to_string(s.run.method)},
                         {"classes", s.classes},
                         {"threads", s.run.threads},
                         {"checkpoint_seconds", s.checkpoint_seconds},
                         {"progress_seconds", s.progress_seconds}};
  return j.dump(2) + "\n";
}

SymmetryJobSpec read_symmetry_spec(const fs::path& dir) {
  const fs::path file = symmetry_spec_path(dir);
  const std::string start = "gridenum symmetry --job-dir";
  const nlohmann::json j = read_job_parameters(dir, file, "symmetry", start);
  const auto bad = [&](const std::string& why) { return job_parameter_error(file, why, start); };
  SymmetryJobSpec s;
  try {
    if (j.at("kind") != "gridenum symmetry job" || j.at("version") != 1) throw bad("not a version-1 symmetry job file");
    const auto shape = Shape::parse(j.at("shape").get<std::string>());
    if (!shape) throw bad("\"shape\" is not RxC");
    s.run.shape = *shape;
    s.run.transposition = j.at("transposition").get<bool>();
    const auto method = parse_fixed_method(j.at("method").get<std::string>());
    if (!method) throw bad("\"method\" is none of auto, line-orbits, signatures, band-cycles, band-swaps, band-keeps");
    s.run.method = *method;
    s.classes = j.at("classes").get<std::vector<std::uint32_t>>();
    s.run.threads = j.at("threads").get<int>();
    s.checkpoint_seconds = j.at("checkpoint_seconds").get<double>();
    s.progress_seconds = j.at("progress_seconds").get<double>();
  } catch (const nlohmann::json::exception& e) {
    throw bad(std::string("a key is missing or of the wrong type: ") + e.what());
  }
  if (s.run.transposition && s.run.shape.rows != s.run.shape.cols) throw bad("\"transposition\" is true for non-square boxes");
  if (!(s.checkpoint_seconds > 0) || !(s.progress_seconds > 0)) throw bad("checkpoint and progress intervals must be positive");
  return s;
}

PlanHeader symmetry_job_header(const SymmetryJobSpec& s) {
  const bool identity = s.classes.empty() || std::find(s.classes.begin(), s.classes.end(), 1u) != s.classes.end();
  if (auto why = burnside_selection_error(s.run.shape, identity)) throw JobInputError("symmetry --job-dir: " + *why);
  const bool transposition = s.run.transposition && s.run.shape.rows == s.run.shape.cols;
  const SymmetryGroup grp = build_symmetry_group(s.run.shape, transposition);
  try {
    (void)class_selection(s.classes, grp.classes.size());
  } catch (const InputError& e) {
    throw JobInputError(std::string("symmetry --job-dir: ") + e.what());
  }
  PlanHeader h;
  h.units = grp.classes.size();
  h.classes = grp.classes.size();
  h.slices_per_class = 0;
  h.fingerprint = fnv1a64(fmt::format("gridenum symmetry job v{} shape={} transposition={} order={} classes={} counted={}",
                                      kSymmetryJobVersion, s.run.shape.str(), transposition, grp.order,
                                      grp.classes.size(), class_list_text(s.classes)));
  return h;
}

namespace {

// One session of a symmetry job, on the steps every journaled job shares (journaled_session.hpp).
class SymmetrySession {
 public:
  explicit SymmetrySession(const SymmetryJobRequest& req)
      : req_(req), p_{req.dir}, terminal_(req.terminal.value_or(::isatty(2) == 1)),
        frame_(JournaledSessionOptions{req.dir, req.resume, req.handle_signals, req.console_log, terminal_, req.command,
                                 "classes", symmetry_spec_path(req.dir), "gridenum symmetry --job-dir DIR",
                                 "and so are the finished parts of those in flight; their other parts are counted "
                                 "again on resume"}) {}

  SymmetryJobOutcome run() {
    open_directory();
    frame_.watch_signals();
    lock_and_read_journal();  // sets the session's thread budget (core/threads.hpp): the rest runs in it
    budget_->execute([&] {
      if (out_.classes_done_before == out_.classes_total) result_from_journal();
      else count_and_write_result();
    });
    return out_;
  }

 private:
  // Step 0: the parameters -- DIR/symmetry.json for a resume, the request's for a new job -- and
  // the directory.
  void open_directory() {
    if (req_.dir.empty()) throw JobInputError("the job directory is an empty name: give a directory (--job-dir DIR)");
    if (req_.resume) {
      spec_ = read_symmetry_spec(req_.dir);
    } else {
      spec_ = req_.spec;
      spec_.run.transposition = spec_.run.transposition && spec_.run.shape.rows == spec_.run.shape.cols;
      (void)symmetry_job_header(spec_);  // a bad shape or class list is refused before DIR is made
      JournaledSession::make_job_directory(req_.dir);
    }
    written_ = spec_;
    if (req_.threads) spec_.run.threads = *req_.threads;
    if (req_.method) spec_.run.method = *req_.method;
    out_.spec = spec_;
  }

  // Steps 1 and 2: lock, log, the journal read and checked against this job's header; a record of
  // a class outside the job's list is refused.
  void lock_and_read_journal() {
    header_ = symmetry_job_header(spec_);
    frame_.lock_and_read_journal(header_);
    out_.header = header_;
    selected_ = selected_classes(spec_, header_.units);
    out_.classes_total = static_cast<std::uint64_t>(std::count(selected_.begin(), selected_.end(), true));
    known_.assign(header_.units, std::nullopt);
    if (const auto& prior = frame_.prior()) {
      known_ = journal_classes(*prior);
      for (const JournalUnit& u : prior->units)
        if (!selected_[u.id])
          throw JournalError(fmt::format("journal {}, line {}: class {} is not one of this job's classes ({})",
                                         p_.journal().string(), u.line, u.id + 1, class_list_text(spec_.classes)));
      out_.classes_done_before = prior->units.size();
      // Parts of classes not finished yet (journal.hpp, P records): a long class resumes where
      // it stopped instead of from its start. Band counts (P records keyed "band.", journaled
      // with the class that made them) serve every class of their family, finished or not.
      std::map<std::string, const JournalPart*> band_lines;
      for (const JournalPart& part : prior->parts) {
        if (!selected_[part.unit])
          throw JournalError(fmt::format("journal {}, line {}: a part of class {}, which is not one of this job's classes ({})",
                                         p_.journal().string(), part.line, part.unit + 1, class_list_text(spec_.classes)));
        if (is_band_key(part.key)) {
          const auto [it, fresh] = band_lines.emplace(part.key, &part);
          if (!fresh && it->second->count != part.count)
            throw JournalError(fmt::format("journal {}, line {}: band count {} is {}, but line {} has {}",
                                           p_.journal().string(), part.line, part.key, to_string(part.count),
                                           it->second->line, to_string(it->second->count)));
          bands_.emplace(part.key, part.count);
        } else if (!known_[part.unit]) {
          parts_.emplace(std::make_pair(part.unit, part.key), part.count);
        }
      }
    }
    budget_.emplace(spec_.run.threads);
    threads_ = budget_->threads();
    frame_.log().info("{} symmetry job {}: {} ({}x{} grids){}, classes {}, kernels {}, {} thread{}; {} of {} in the "
                      "journal{}; fingerprint {}",
                      req_.resume ? "resuming" : "starting", req_.dir.string(), spec_.run.shape.str(), spec_.run.shape.n(),
                      spec_.run.shape.n(), spec_.run.transposition ? " with transposition" : "",
                      class_list_text(spec_.classes), to_string(spec_.run.method), threads_, threads_ == 1 ? "" : "s",
                      group_digits(out_.classes_done_before), count_of(out_.classes_total, "class", "classes"),
                      (parts_.empty() ? std::string()
                                      : fmt::format(", with {} of classes not finished",
                                                    count_of(parts_.size(), "finished part", "finished parts"))) +
                          (bands_.empty() ? std::string()
                                          : fmt::format(", {} kept", count_of(bands_.size(), "band count", "band counts"))),
                      hex16(header_.fingerprint));
  }

  // A finished job resumed: the document again from the journal alone (nothing is counted, no
  // session is recorded), the files written only if they are not that document.
  void result_from_journal() {
    BurnsideHooks hooks;
    hooks.select = [this](std::size_t i) { return static_cast<bool>(selected_[i]); };
    hooks.known = [this](std::size_t i) { return known_[i]; };
    BurnsideOptions o = spec_.run;
    o.threads = threads_;
    out_.classes_done = out_.classes_done_before;
    const auto& prior = frame_.prior();
    write_result(run_burnside(o, hooks), prior ? prior->sessions.size() : 0);
  }

  // Steps 3 and 4.
  void count_and_write_result() {
    JournaledSession::Checkpoints cp(frame_, "symmetry-" + to_string(spec_.run.method), threads_, symmetry_spec_text(written_),
                               out_.classes_total, out_.classes_done_before, spec_.progress_seconds,
                               spec_.checkpoint_seconds);
    BurnsideHooks hooks;
    hooks.select = [this](std::size_t i) { return static_cast<bool>(selected_[i]); };
    hooks.known = [this](std::size_t i) { return known_[i]; };
    hooks.done = [&](std::size_t i, u128 f) {
      cp.journal().add_unit(static_cast<std::uint32_t>(i), f, unix_ms());
      cp.progress().unit_done();
    };
    hooks.stop = [&] { return cp.failed() || (req_.stop && req_.stop()); };
    hooks.known_part = [this](std::size_t i, const std::string& key) -> std::optional<u128> {
      const auto it = parts_.find(std::make_pair(static_cast<std::uint32_t>(i), key));
      if (it == parts_.end()) return std::nullopt;
      return it->second;
    };
    hooks.part_done = [&](std::size_t i, const std::string& key, u128 c) {
      cp.journal().add_part(static_cast<std::uint32_t>(i), key, c, unix_ms());
    };
    // The signature walks, kept in DIR/walks/ (walk_store.hpp): a cache, so a damaged file is
    // walked again and a file that cannot be written costs only the next session's walk.
    hooks.known_walk = [this](const std::string& key) -> std::optional<SignatureWalk> {
      std::string why;
      std::optional<SignatureWalk> w = load_walk(p_.walks(), key, &why);
      if (w)
        frame_.log().info("the walk of a family of {} members ({}) is taken from {}", group_digits(w->members), key,
                          walk_file(p_.walks(), key).string());
      else if (!why.empty())
        frame_.log().warn("the kept walk cannot be used, the family is walked again: {}", why);
      return w;
    };
    hooks.known_band = [this](const std::string& key) -> std::optional<u128> {
      const auto it = bands_.find(key);
      if (it == bands_.end()) return std::nullopt;
      return it->second;
    };
    hooks.band_done = [&](std::size_t i, const std::string& key, u128 c) {
      cp.journal().add_part(static_cast<std::uint32_t>(i), key, c, unix_ms());
    };
    hooks.walk_done = [this](const std::string& key, const SignatureWalk& w) {
      try {
        save_walk(p_.walks(), key, w);
        frame_.log().info("the walk of a family of {} members ({}: {}) is kept in {}", group_digits(w.members), key,
                          count_of(w.orbits.size(), "orbit", "orbits"), walk_file(p_.walks(), key).string());
      } catch (const std::exception& e) {
        frame_.log().warn("the walk of {} is not kept (it is made again after a stop): {}", key, e.what());
      }
    };
    BurnsideOptions o = spec_.run;
    o.threads = threads_;
    BurnsideResult r;
    const auto done = [&] { return out_.classes_done_before + cp.progress().computed(); };
    if (auto by = cp.run([&] { r = run_burnside(o, hooks); }, done)) {
      out_.stopped_by = *by;
      out_.classes_computed = cp.progress().computed();
      out_.classes_done = done();
      return;
    }
    out_.classes_computed = cp.finish();  // the journal holds every class on disk before any result file exists
    out_.classes_done = out_.classes_done_before + out_.classes_computed;
    const auto& prior = frame_.prior();
    write_result(r, prior ? prior->sessions.size() + 1 : 1);
  }

  // Step 4: Burnside's document with the job's fields and the provenance, as a count job's
  // (job.cpp); result.txt and result.json in one atomic batch. A finished job resumed counts
  // nothing and writes its files again only when they differ from the journal's document.
  void write_result(const BurnsideResult& r, std::size_t sessions) {
    out_.finished = true;
    out_.result = r;
    out_.text = format_text(r);
    out_.json = to_json(r);
    out_.json["result_txt_sha256"] = sha256_hex(out_.text);
    out_.json["job"] = {{"dir", req_.dir.string()},
                        {"kind", "symmetry"},
                        {"fingerprint", hex16(header_.fingerprint)},
                        {"classes_counted", out_.classes_total},
                        {"classes_counted_last_session", out_.classes_computed},
                        {"threads", threads_},
                        {"sessions", sessions}};
    out_.json["job"].update(job_provenance());
    if (out_.classes_computed == 0 && out_.classes_done_before == out_.classes_total) {
      try {
        // The stored document stands when it is this job's, every class's f and the figure are the
        // journal's, and result.txt is the text it records (the times in it differ from run to run).
        const nlohmann::json stored = nlohmann::json::parse(read_whole_file(p_.result_json()));
        bool same = stored.at("job").at("fingerprint") == out_.json["job"]["fingerprint"] &&
                    stored.at("essentially_different") == out_.json["essentially_different"] &&
                    stored.at("result_txt_sha256") == sha256_hex(read_whole_file(p_.result_text())) &&
                    stored.at("class_table").size() == out_.json["class_table"].size();
        for (std::size_t i = 0; same && i < out_.json["class_table"].size(); ++i)
          same = stored["class_table"][i].at("fixed") == out_.json["class_table"][i]["fixed"];
        if (same) {
          out_.json = stored;
          out_.text = read_whole_file(p_.result_text());
          frame_.log().info("the job had already finished: its result is shown, nothing was counted or written");
          return;
        }
      } catch (const std::exception&) {  // missing or unreadable: written again below
      }
      frame_.log().warn("the result files are written again from the journal");
    }
    write_files_atomic({{p_.result_text(), out_.text}, {p_.result_json(), job_json_text(out_.json)}});
    frame_.log().info("done: {} classes; result in {}", group_digits(out_.classes_total), p_.result_text().string());
  }

  const SymmetryJobRequest& req_;
  const JobPaths p_;
  const bool terminal_;
  JournaledSession frame_;
  SymmetryJobSpec spec_, written_;
  PlanHeader header_;
  SymmetryJobOutcome out_;
  std::optional<ThreadBudget> budget_;  // core/threads.hpp
  int threads_ = 0;
  std::vector<bool> selected_;
  std::vector<std::optional<u128>> known_;
  std::map<std::pair<std::uint32_t, std::string>, u128> parts_;  // (class, key) -> the part's count
  std::map<std::string, u128> bands_;  // the journal's band counts, by key (FixedParts::known_band)
};

}  // namespace

SymmetryJobOutcome run_symmetry_job(const SymmetryJobRequest& req) {
  SymmetrySession session(req);
  return session.run();
}

// status: read-only, no lock taken beyond lock_holder's probe.
SymmetryJobStatus symmetry_job_status(const fs::path& dir) {
  SymmetryJobStatus s;
  s.dir = dir;
  s.spec = read_symmetry_spec(dir);
  const PlanHeader header = symmetry_job_header(s.spec);
  const std::vector<bool> sel = selected_classes(s.spec, header.units);
  s.classes_total = static_cast<std::uint64_t>(std::count(sel.begin(), sel.end(), true));
  s.running = lock_holder(dir);
  const JobPaths p{dir};
  std::error_code ec;
  s.finished = fs::exists(p.result_json(), ec);
  std::vector<std::optional<u128>> done(header.units);
  if (fs::exists(p.journal(), ec)) {
    s.started = true;
    const JournalContents j = read_journal(p.journal());
    check_journal_matches(j, p.journal(), header);
    s.torn_tail = j.torn_tail;
    s.sessions = static_cast<int>(j.sessions.size());
    done = journal_classes(j);
    std::set<std::string> bands;
    std::map<std::uint32_t, std::vector<const JournalPart*>> parts;  // by class index, in file order
    for (const JournalPart& part : j.parts) {
      if (is_band_key(part.key)) bands.insert(part.key);
      else if (!done[part.unit]) parts[part.unit].push_back(&part);  // read_journal keeps units inside the plan
    }
    s.bands_kept = bands.size();
    for (const auto& [unit, records] : parts) s.parts.push_back(class_parts_status(unit, records, j.sessions));
  }
  if (fs::is_directory(p.walks(), ec))
    for (const auto& e : fs::directory_iterator(p.walks(), ec))
      if (e.path().extension() == ".walk") ++s.walks_kept;
  s.counts = done;
  for (std::size_t i = 0; i < header.units; ++i) {
    if (!sel[i]) continue;
    if (!done[i]) s.left.push_back(static_cast<std::uint32_t>(i + 1));
    else {
      ++s.classes_done;
      if (*done[i] > 0) s.fixing.emplace_back(static_cast<std::uint32_t>(i + 1), *done[i]);
    }
  }
  return s;
}

std::string format_status(const SymmetryJobStatus& s) {
  const Shape sh = s.spec.run.shape;
  std::string t = fmt::format("symmetry job {}: essentially different {}x{} grids ({} boxes{}), classes {}\n", s.dir.string(),
                              sh.n(), sh.n(), sh.str(), s.spec.run.transposition ? ", with transposition" : "",
                              class_list_text(s.spec.classes));
  if (!s.started) return t + "  not started (no journal yet)\n";
  t += fmt::format("  classes: {} / {} done; {} of them fix grids\n", group_digits(s.classes_done),
                   group_digits(s.classes_total), group_digits(s.fixing.size()));
  if (!s.left.empty()) {
    std::string list = fmt::format("{}", fmt::join(s.left.begin(), s.left.begin() + std::min<std::ptrdiff_t>(20, std::ssize(s.left)), ", "));
    if (s.left.size() > 20) list += fmt::format(", ... ({} in all)", s.left.size());
    t += "  left: classes " + list + " (numbers as in gridenum symmetry --json)\n";
  }
  for (const ClassPartsStatus& c : s.parts) {
    std::vector<std::string> families;
    std::uint64_t left = 0;
    for (const auto& f : c.families) {
      families.push_back(fmt::format("{} of the {} buckets of family {}", f.done, f.buckets, f.family));
      left += f.buckets - f.done;
    }
    t += fmt::format("  class {}: {} in the journal (the class resumes from them){}\n", c.number,
                     count_of(c.finished, "finished part", "finished parts"),
                     families.empty() ? std::string() : fmt::format(": {}", fmt::join(families, ", ")));
    if (c.seconds_per_part)
      t += fmt::format("    lately {} a part; the {} left of the families begun, at that pace: about {}\n",
                       short_duration(*c.seconds_per_part), count_of(left, "bucket", "buckets"),
                       short_duration(*c.seconds_per_part * static_cast<double>(left)));
  }
  if (s.bands_kept > 0)
    t += fmt::format("  {} in the journal (shared by the classes of a family)\n",
                     count_of(s.bands_kept, "kept band count", "kept band counts"));
  if (s.walks_kept > 0)
    t += fmt::format("  {} in {} (taken back instead of walked again)\n",
                     count_of(s.walks_kept, "kept signature walk", "kept signature walks"), JobPaths{s.dir}.walks().string());
  return t + job_state_lines(s.dir, s.running, s.finished, s.torn_tail, s.sessions);
}

nlohmann::json to_json(const SymmetryJobStatus& s) {
  nlohmann::json fixing = nlohmann::json::array();
  for (const auto& [k, f] : s.fixing) fixing.push_back({{"class", k}, {"fixed", to_string(f)}});
  nlohmann::json parts = nlohmann::json::array();
  for (const ClassPartsStatus& c : s.parts) {
    nlohmann::json families = nlohmann::json::array();
    for (const auto& f : c.families)
      families.push_back({{"family", f.family}, {"buckets_done", f.done}, {"buckets", f.buckets}});
    parts.push_back({{"class", c.number},
                     {"finished_parts", c.finished},
                     {"families", families},
                     {"seconds_per_part_lately", c.seconds_per_part ? nlohmann::json(*c.seconds_per_part) : nlohmann::json()}});
  }
  nlohmann::json j{{"dir", s.dir.string()},
                   {"kind", "symmetry"},
                   {"shape", s.spec.run.shape.str()},
                   {"transposition", s.spec.run.transposition},
                   {"classes", s.spec.classes},
                   {"started", s.started},
                   {"classes_total", s.classes_total},
                   {"classes_done", s.classes_done},
                   {"left", s.left},
                   {"fixing", fixing},
                   {"parts", parts},
                   {"walks_kept", s.walks_kept},
                   {"band_counts_kept", s.bands_kept},
                   {"sessions", s.sessions},
                   {"running", s.running.held},
                   {"finished", s.finished}};
  if (s.running.held) j["pid"] = s.running.pid;
  return j;
}

}  // namespace gridenum
