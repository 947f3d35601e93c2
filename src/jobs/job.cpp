// Running and resuming jobs (job.hpp). The order of the steps is what makes a crash at any
// moment safe:
//   1. lock DIR (one process per job); refuse a new job in a DIR that holds one;
//   2. the method's plan (count/method.hpp: for the stack method catalogue, cache or built, stack
//      list and slicing) and its journal header (fingerprint);
//   3. an existing journal is read and checked against the header; its torn tail, if any, is
//      reported and cut off by the writer before it appends;
//   4. units run; on the ticker thread, first config.toml (new job) and the catalogue cache are
//      written atomically, then the journal is created -- so a journal never exists without its
//      config -- and finished units become records, written + fdatasync'd every interval
//      (groups.json, for status only, goes with config.toml, or is renewed on a resume);
//   5. last flush, then result.txt / result.json, each by an atomic write.
// A crash before 5 leaves the journal holding a prefix of the finished units and at most a torn
// last record: resume recomputes the rest. Nothing is ever derived from a result file.
#include "gridenum/jobs/job.hpp"

#include <fmt/format.h>
#include <spdlog/logger.h>
#include <fcntl.h>
#include <spdlog/sinks/base_sink.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <unistd.h>

#include <cassert>
#include <cerrno>
#include <csignal>
#include <condition_variable>
#include <cstdio>
#include <future>
#include <mutex>
#include <optional>
#include <thread>

#include "gridenum/core/checksum.hpp"
#include "gridenum/core/digest.hpp"
#include "gridenum/core/host.hpp"
#include "gridenum/count/method.hpp"
#include "gridenum/core/threads.hpp"
#include "gridenum/core/atomic_file.hpp"
#include "gridenum/jobs/job_errors.hpp"
#include "gridenum/jobs/job_lock.hpp"
#include "gridenum/jobs/job_signals.hpp"
#include "gridenum/jobs/progress.hpp"
#include "gridenum/core/stop.hpp"
#include "gridenum/core/stop_signals.hpp"
#include "gridenum/jobs/run_watch.hpp"
#include "gridenum/jobs/status.hpp"
#include "gridenum/jobs/ticker.hpp"
#include "gridenum/jobs/unit_groups.hpp"

namespace gridenum {

namespace fs = std::filesystem;

namespace {

// job.log as a spdlog sink over a descriptor from open_job_file: spdlog's own file sink opens by
// name with fopen, which follows a symlink planted as DIR/job.log (the log used to be appended to
// whatever the link named). Each message is one write(2) to an O_APPEND file, as the basic file
// sink's fwrite + flush_on(info) did.
class JobLogSink final : public spdlog::sinks::base_sink<std::mutex> {
 public:
  explicit JobLogSink(const fs::path& path) : path_(path), fd_(open_job_file(path, O_WRONLY | O_APPEND | O_CREAT)) {}
  ~JobLogSink() override { ::close(fd_); }
  JobLogSink(const JobLogSink&) = delete;
  JobLogSink& operator=(const JobLogSink&) = delete;

 protected:
  void sink_it_(const spdlog::details::log_msg& msg) override {
    spdlog::memory_buf_t buf;
    formatter_->format(msg, buf);
    // A log line that cannot be written must not stop the count (the journal is what matters):
    // the failure is dropped here, as spdlog's file sink reports it only through its handler.
    try {
      write_all(fd_, std::string_view(buf.data(), buf.size()), path_);
    } catch (const IoError&) {
    }
  }
  void flush_() override {}

 private:
  fs::path path_;
  int fd_;
};

}  // namespace

std::shared_ptr<spdlog::logger> make_job_logger(const fs::path& dir, bool console, bool console_timestamps) {
  std::vector<spdlog::sink_ptr> sinks;
  sinks.push_back(std::make_shared<JobLogSink>(dir / "job.log"));
  if (console) {
    auto err = std::make_shared<spdlog::sinks::stderr_sink_mt>();
    // On a terminal the lines are read as they come; in a file (a batch system's log) they need
    // their time.
    err->set_pattern(console_timestamps ? "gridenum [%Y-%m-%d %H:%M:%S] [%l] %v" : "gridenum [%l] %v");
    sinks.push_back(err);
  }
  auto log = std::make_shared<spdlog::logger>("job", sinks.begin(), sinks.end());
  sinks[0]->set_pattern("[%Y-%m-%d %H:%M:%S.%e] [%l] [pid %P] %v");
  log->set_level(spdlog::level::info);
  log->flush_on(spdlog::level::info);
  return log;
}

nlohmann::json job_provenance() {
  return {{"program", program_identity()},     {"finished_utc", utc_now_iso8601()}, {"host", host_name()},
          {"cpu_model", cpu_model()},          {"os", kernel_release()},
          {"cpu_seconds_last_session", process_cpu_seconds()}};
}

std::string job_json_text(const nlohmann::json& j) {
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

nlohmann::json read_job_parameters(const fs::path& dir, const fs::path& file, const std::string& kind,
                                   const std::string& start) {
  std::error_code ec;
  if (!fs::exists(dir, ec)) throw JobInputError("no job in " + dir.string() + ": the directory does not exist");
  if (!fs::exists(file, ec))
    throw JobInputError("no " + kind + " job in " + dir.string() + ": it has no " + file.filename().string() +
                        " (start one with " + start + " DIR)");
  try {
    return nlohmann::json::parse(read_whole_file(file));  // open_job_file: no symlink, no FIFO
  } catch (const nlohmann::json::exception& e) {
    throw job_parameter_error(file, std::string("not JSON: ") + e.what(), start);
  }
}

JobInputError job_parameter_error(const fs::path& file, const std::string& why, const std::string& start) {
  return JobInputError(file.string() + ": " + why + " (the file is written by " + start +
                       "; restore it or start the job again in a new directory)");
}

std::string job_state_lines(const fs::path& dir, const LockHolder& running, bool finished,
                            const std::optional<std::string>& torn_tail, int sessions) {
  std::string t;
  if (running.held) t += fmt::format("  running: pid {} ({})\n", running.pid, running.command);
  else if (!finished) t += "  not running; continue with: gridenum resume " + dir.string() + "\n";
  if (finished) t += "  finished: result in " + JobPaths{dir}.result_text().string() + "\n";
  if (torn_tail) t += "  note: journal " + *torn_tail + "\n";
  return t + fmt::format("  sessions: {}\n", sessions);
}

fs::path job_dir_of(const fs::path& path) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) return path;
  return path.parent_path().empty() ? fs::path(".") : path.parent_path();
}

JobConfig read_job_config(const fs::path& dir) {
  std::error_code ec;
  const JobPaths p{dir};
  if (!fs::exists(dir, ec) && !ec) throw JobInputError("no job in " + dir.string() + ": the directory does not exist");
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec))
    throw JobInputError("no job in " + dir.string() + ": not a directory");
  if (!fs::exists(p.config(), ec)) {
    if (ec) throw_io_error("cannot read the job directory", dir, ec.value());
    throw JobInputError("no job in " + dir.string() + ": it has no config.toml (start one with gridenum count --job-dir)");
  }
  // Through open_job_file: a symlink, FIFO or device named config.toml is refused, not followed
  // (a FIFO would block the start-up before the signal handlers exist).
  return parse_config(read_whole_file(p.config()), p.config().string());
}

namespace {

// Temporaries (NAME.tmp.PID, core/atomic_file.hpp) left by a process that crashed between
// writing and renaming: removed at the next start once that process is gone (the lock is held, so
// no live gridenum of this job can own one; the pid test spares a file of any other live process).
void remove_stale_temporaries(const fs::path& dir, spdlog::logger& log) {
  for (const fs::path& p : gridenum::remove_stale_temporaries(dir)) {
    const std::string name = p.filename().string();
    log.info("removed {}, left by process {} (no longer running)", name, name.substr(name.rfind(".tmp.") + 5));
  }
}

// The result files of a finished job, when both are readable, result.json names this job's
// fingerprint and unit count, result.txt has the SHA-256 that result.json records, and the total
// is the one `fresh` re-derived from the journal; otherwise nullopt and *why says what differed
// (then both are written again from the journal). Nothing printed is taken on trust: a result
// file changed by hand is never shown.
std::optional<MethodResult> stored_result(const JobPaths& p, const JournalHeader& header, std::uint64_t units,
                                          const MethodResult& fresh, std::string& why) {
  try {
    MethodResult r;
    r.json = nlohmann::json::parse(read_whole_file(p.result_json()));
    r.text = read_whole_file(p.result_text());
    const nlohmann::json& job = r.json.at("job");
    if (job.at("fingerprint") != hex16(header.fingerprint) || job.at("units") != units) {
      why = "result.json belongs to another plan";
      return std::nullopt;
    }
    if (!r.json.contains("result_txt_sha256")) {
      why = "result.json records no SHA-256 of result.txt (written by an older gridenum)";
      return std::nullopt;
    }
    if (r.json.at("result_txt_sha256").get<std::string>() != sha256_hex(r.text)) {
      why = "result.txt is not the text result.json records (its SHA-256 differs)";
      return std::nullopt;
    }
    r.complete = r.json.at("complete").get<bool>();
    if (r.complete != fresh.complete) {
      why = "result.json says the job is " + std::string(r.complete ? "" : "not ") + "complete";
      return std::nullopt;
    }
    if (r.complete) {
      r.total = BigInt(r.json.at("total").get<std::string>());
      if (r.total != fresh.total) {
        why = "result.json's total " + r.total.str() + " is not the journal's " + fresh.total.str();
        return std::nullopt;
      }
      const std::string plain = fresh.total.str();
      if (r.text.find(plain) == std::string::npos && r.text.find(group_digits(plain)) == std::string::npos) {
        why = "result.txt does not show the journal's total " + plain;
        return std::nullopt;
      }
    }
    if (r.json.contains("threads") && r.json["threads"].is_number_integer()) r.threads_used = r.json["threads"].get<int>();
    return r;
  } catch (const std::exception& e) {
    why = std::string("the result files cannot be read back: ") + e.what();
    return std::nullopt;
  }
}

std::string describe(const JobConfig& c) {
  const int threads = resolve_threads(c.threads);
  const CountMethod& m = resolve_method(c.shape, c.method);
  return c.shape.str() + ", method " + m.name + (m.options & kOptionKernel ? ", kernel " + to_string(c.kernel) : "") +
         ", " + std::to_string(threads) + (threads == 1 ? " thread" : " threads") + ", shard " + c.shard.str();
}

}  // namespace

namespace {

// One session of a job: run_job's steps, in the order the file's header comment gives, each a
// function below saying its job. The state they share lives here; the members the signal
// watcher's callbacks use are declared before `signals_`, so they outlive it.
class JobSession {
 public:
  JobSession(const JobRequest& req, std::shared_ptr<spdlog::logger>& file_log)
      : req_(req), p_{req.dir}, file_log_(file_log), terminal_(req.terminal.value_or(::isatty(2) == 1)) {}

  JobOutcome run() {
    open_directory();
    watch_signals();
    lock_and_log();  // sets the session's thread budget (core/threads.hpp): the rest runs in it
    budget_->execute([&] {
      if (!start_up()) return;
      if (finished_already()) return;
      count_and_write_result();
    });
    return out_;
  }

 private:
  // Step 1, open: the directory, and the config -- DIR/config.toml for a resume; for a new job
  // the request's, with the method resolved (the job keeps the method that runs, not "auto":
  // what auto means may change between versions, a job's plan must not).
  void open_directory() {
    std::error_code ec;
    if (req_.dir.empty()) throw JobInputError("the job directory is an empty name: give a directory (--job-dir DIR)");
    if (req_.resume) {
      cfg_ = read_job_config(req_.dir);
      refuse_session_options();
      return;
    }
    if (fs::exists(req_.dir, ec) && !fs::is_directory(req_.dir, ec))
      throw JobInputError("cannot use " + req_.dir.string() + " as a job directory: not a directory");
    // A symlink to a missing target: create_directories would answer "File exists".
    if (fs::is_symlink(fs::symlink_status(req_.dir, ec)) && !fs::exists(req_.dir, ec))
      throw JobInputError("cannot use " + req_.dir.string() + " as a job directory: it is a symbolic link to " +
                          fs::read_symlink(req_.dir, ec).string() +
                          ", which does not exist (create that directory, or choose another)");
    created_dir_ = fs::create_directories(req_.dir, ec);
    if (ec) throw_io_error("cannot create the job directory", req_.dir, ec.value());
    cfg_ = req_.config;
    cfg_.method = resolve_method(cfg_.shape, cfg_.method).id;
  }

  // A resume's session options (--kernel, --table-cache, --memory-limit) refused for a method that
  // does not take them, as `count` refuses them (method_option_error, count/method.hpp): `resume
  // --kernel backtrack` of a three-band job was accepted and ignored. Before the lock: nothing of
  // the job is touched.
  void refuse_session_options() const {
    const CountMethod& m = resolve_method(cfg_.shape, cfg_.method);
    const std::pair<bool, MethodOption> given[] = {{req_.kernel.has_value(), kOptionKernel},
                                                   {req_.table_cache_dir.has_value(), kOptionTableCache},
                                                   {req_.memory_limit.has_value(), kOptionMemoryLimit}};
    for (const auto& [asked, option] : given)
      if (asked)
        if (auto why = method_option_error(m, option))
          throw JobInputError("resume " + req_.dir.string() + ": " + *why + " (the job's method, from its config.toml); " +
                              "leave it out");
  }

  // Step 2, signals: before any thread is started, so that workers inherit the blocked mask.
  // The first SIGINT / SIGTERM asks the workers to stop after their units; a second flushes the
  // journal (while its writer exists) and exits at once.
  void watch_signals() {
    if (!req_.handle_signals) return;
    signals_ = std::make_unique<JobSignals>(
        req_.dir, "units",
        [this](int sig) {
          stop_requested_.store(true);
          // Only a terminal's user pressed Ctrl-C; a SIGTERM comes from a batch system or kill.
          if (!log_) return;
          // Units in progress end as their method allows (docs/jobs.md): a stack unit (milliseconds)
          // finishes, a side-2 class or a three-band chunk (minutes) is dropped at its next poll
          // and counted again on resumption.
          if (sig == SIGINT)
            log_->warn("SIGINT: stopping; finished units are kept (press Ctrl-C again to stop at once)");
          else
            log_->warn("{}: stopping; finished units are kept (a second signal stops at once)", StopSignals::name(sig));
        },
        bar_);
  }

  // Step 3, lock: one process per job (job_lock.hpp), then the log, then the directory's
  // leftovers; a new job refuses a DIR that holds one. The session's overrides (threads,
  // kernel) apply from here; `written_` keeps the config file of a new job without them.
  void lock_and_log() {
    lock_.emplace(JobLock::acquire(req_.dir, req_.command));
    log_ = make_job_logger(req_.dir, req_.console_log, !terminal_);
    file_log_ = std::make_shared<spdlog::logger>("job-file", log_->sinks().front());
    file_log_->flush_on(spdlog::level::info);
    remove_stale_temporaries(req_.dir, *log_);
    std::error_code ec;
    if (!req_.resume && (fs::exists(p_.config(), ec) || fs::exists(p_.journal(), ec)))
      throw JobInputError(req_.dir.string() + " already holds a job; continue it with: gridenum resume " +
                          req_.dir.string() + " (or choose a new directory)");
    written_ = cfg_;
    if (req_.threads) cfg_.threads = *req_.threads;
    if (req_.kernel) cfg_.kernel = *req_.kernel;
    if (req_.table_cache_dir) {
      cfg_.table_cache = true;
      cfg_.table_cache_dir = *req_.table_cache_dir;
    }
    if (req_.memory_limit) cfg_.memory_limit = *req_.memory_limit;
    out_.config = cfg_;
    log_->info("{} job {}: {}", req_.resume ? "resuming" : "starting", req_.dir.string(), describe(cfg_));
    budget_.emplace(cfg_.threads);  // before the plan: its catalogue and stack list are parallel too
    threads_ = budget_->threads();
  }

  // Step 4 under a watch (run_watch.hpp): the plan's phases (a catalogue, the 4x3 forms: seconds)
  // shown on the terminal or in the log, and a stop heard in them (core/stop.hpp). Stopped there,
  // nothing was counted: a new job's config.toml is written so that it resumes like any other
  // (gridenum resume DIR plans again), and the session ends as a stopped one (exit 130). A new
  // job that fails there (its tables cannot fit its memory limit, a bad plan) leaves nothing behind: not its lock,
  // not its log, not the directory when this command made it -- the user runs the command again.
  bool start_up() {
    try {
      RunWatchOptions wo;
      wo.terminal = terminal_ && req_.console_log;
      wo.log = [this](const std::string& line) { log_->info("{}", line); };
      RunWatch watch(std::move(wo));
      plan_and_read_journal();
      return true;
    } catch (const Interrupted& e) {
      if (!req_.resume) write_file_atomic(p_.config(), to_toml(written_));
      out_.stopped_by = stop_cause();
      out_.stopped_during = e.what();
      log_->warn("{} before any unit was counted; continue with: gridenum resume {}", e.what(), req_.dir.string());
      return false;
    } catch (const std::exception&) {
      if (!req_.resume) discard_new_directory();
      throw;
    }
  }

  // A refused new job: its lock and log go, and its directory when this command made it and it
  // is left empty (a directory the user made, or one holding other files, stays).
  void discard_new_directory() {
    lock_.reset();
    std::error_code ec;
    fs::remove(p_.log(), ec);
    fs::remove(p_.dir / "lock", ec);
    if (created_dir_) fs::remove(p_.dir, ec);  // only when empty
  }

  // Step 4, plan and journal: what the journal holds is read before the plan is built, so that
  // a catalogue cache can be checked against its fingerprint (work.hpp, PlanSource); then the
  // journal is checked against the plan and its units become the skip table.
  void plan_and_read_journal() {
    std::error_code ec;
    if (fs::exists(p_.journal(), ec)) prior_ = read_journal(p_.journal());
    PlanSource source;
    source.use_cache = req_.resume;
    if (prior_) source.journal_fingerprint = prior_->header.fingerprint;
    work_ = plan_job_work(cfg_, req_.dir, source);
    if (req_.resume && cfg_.catalogue_cache && !work_->rebuild_note().empty())
      log_->info("catalogue cache not used ({}); rebuilt it", work_->rebuild_note());
    const JournalHeader& header = work_->header();
    out_.header = header;
    out_.units_total = header.shard.size(header.units);
    known_.assign(header.units, 0);
    have_.assign(header.units, 0);
    if (prior_) {
      const JournalContents& j = *prior_;
      check_journal_matches(j, p_.journal(), header);
      if (j.torn_tail) log_->warn("journal {}: {}", p_.journal().string(), *j.torn_tail);
      for (const auto& w : j.warnings) log_->warn("{}", w);
      for (const auto& u : j.units) {
        known_[u.id] = u.count;
        have_[u.id] = 1;
      }
      out_.units_done_before = j.units.size();
      append_at_ = j.valid_bytes;
    }
    log_->info("{} in this {}, {} already in the journal; fingerprint {}", count_of(out_.units_total, "work unit", "work units"),
               cfg_.shard.whole() ? "job" : "shard " + cfg_.shard.str(), group_digits(out_.units_done_before),
               hex16(header.fingerprint));
    // Memory stated up front and bounded: what the count will hold against this session's limit; a
    // plan that cannot fit is refused here, before its tables are built and before a new job writes
    // its config or journal.
    log_->info("{}", work_->memory_plan(memory_limit_bytes(cfg_), threads_));
  }

  // Step 5, a finished job resumed: its result is shown as it stands and nothing is written (a
  // resume used to rewrite result.txt / result.json with its own session's times and
  // "units_computed_last_session": 0, and append a session record). Only when both result files are
  // there and result.json is this job's (fingerprint and units); otherwise the normal path writes
  // them again from the journal.
  bool finished_already() {
    if (!req_.resume || out_.units_done_before != out_.units_total) return false;
    // The result re-derived from the journal (every unit known: nothing is counted, no table is
    // built), to check the stored files against.
    UnitHooks replay;
    const Shard shard = work_->header().shard;
    replay.select = [shard](std::uint32_t id) { return shard.contains(id); };
    replay.skip = [this](std::uint32_t id) -> std::optional<u128> {
      if (have_[id]) return known_[id];
      throw std::logic_error("a finished job's unit " + std::to_string(id) + " is not in its journal");
    };
    const MethodResult fresh = work_->run(threads_, replay);
    std::string why;
    auto done = stored_result(p_, work_->header(), out_.units_total, fresh, why);
    if (!done) {
      if (fs::exists(p_.result_json()) || fs::exists(p_.result_text()))
        log_->warn("the result files are written again from the journal: {}", why);
      return false;
    }
    out_.finished = true;
    out_.units_done = out_.units_done_before;
    out_.result = std::move(*done);
    out_.json = out_.result.json;
    log_->info("the job had already finished (all {} in the journal): its result is shown, nothing was counted "
               "or written",
               count_of(out_.units_total, "unit", "units"));
    return true;
  }

  // Step 6, run: the journal writer (a session record first), the progress, the ticker thread
  // that flushes the journal and draws; units run with the journal's hooks. An interruption
  // ends the session with the journal flushed; otherwise step 7 writes the result.
  void count_and_write_result() {
    JournalWriter journal(p_.journal(), work_->header(), append_at_);
    journal.record_cpu_time();
    journal.add_session({unix_ms(), static_cast<long>(::getpid()), work_->engine(), threads_, 0});
    const FlushJournalOnSecondSignal emergency(signals_.get(), journal);  // job_signals.hpp

    Progress progress(out_.units_total, out_.units_done_before, terminal_, cfg_.progress_seconds, log_);
    bar_.store(&progress);
    struct BarGuard {  // the signal watcher must not reach the bar once it is gone
      std::atomic<Progress*>& slot;
      ~BarGuard() { slot.store(nullptr); }
    } bar_guard{bar_};
    // The method's side files (the stack method's catalogue cache: MethodPlan::before_journal),
    // config.toml and the journal are written on the ticker thread, overlapping the count: the
    // side files first (not fsync'd, catalogue_cache.hpp), then config.toml, groups.json
    // and the journal's header in one atomic batch (config renamed first, one directory fsync for
    // them all), so a journal never exists without its config. A resumed journal's groups.json
    // is brought up to date there too (keep_groups_file).
    if (!prior_) {
      std::vector<std::pair<fs::path, std::string>> companions;
      if (!req_.resume) companions.emplace_back(p_.config(), to_toml(written_));
      companions.emplace_back(p_.groups(), unit_groups_json_text(work_->unit_groups()));
      journal.create_with(std::move(companions));
    }
    // The journal as it grows, in memory, for the ETA of the progress line: the one `status` gives
    // (status.hpp, running_job_eta), from the same records, recomputed every few seconds.
    struct LiveJournal {
      std::mutex mu;
      JournalContents j;
      std::size_t next_line = 1;
    } live;
    live.j = prior_ ? *prior_ : JournalContents{};
    live.j.header = work_->header();
    for (const auto& u : live.j.units) live.next_line = std::max(live.next_line, u.line + 1);
    for (const auto& x : live.j.sessions) live.next_line = std::max(live.next_line, x.line + 1);
    live.j.sessions.push_back({unix_ms(), static_cast<long>(::getpid()), work_->engine(), threads_, live.next_line++});
    const UnitGroups groups = work_->unit_groups();
    Ticker ticker(
        journal, progress, cfg_.checkpoint_seconds,
        [this] {
          work_->before_journal();
          keep_groups_file();
        },
        [&] {
          JournalContents now;
          {
            std::lock_guard l(live.mu);
            now = live.j;
          }
          progress.set_eta(running_job_eta(now, groups));
        });
    // While the bar is drawn, info messages go to job.log only, so they do not break the bar line.
    if (terminal_ && req_.console_log) log_->sinks().back()->set_level(spdlog::level::warn);

    UnitHooks hooks;
    const Shard shard = work_->header().shard;  // the plan's rule (shard.hpp), the config's K/M
    hooks.select = [shard](std::uint32_t id) { return shard.contains(id); };
    hooks.skip = [this](std::uint32_t id) -> std::optional<u128> {
      if (have_[id]) return known_[id];
      return std::nullopt;
    };
    hooks.done = [&](std::uint32_t id, u128 c) {
      const std::int64_t ms = unix_ms();
      journal.add_unit(id, c, ms);
      {
        std::lock_guard l(live.mu);
        live.j.units.push_back({id, c, ms, live.next_line++});
      }
      progress.unit_done();
    };
    hooks.stop = [&] {
      return stop_requested_.load(std::memory_order_relaxed) || ticker.failed() || (req_.stop && req_.stop());
    };
    // The table the method counts from (three-band's F table), by its SHA-256: journalled before
    // the units counted with it, and refused when an earlier session journalled another, so a job's
    // units all come from one table (a cache altered between sessions stops the job, naming both).
    hooks.table = [&](const std::string& sha256) {
      if (prior_)
        for (const auto& t : prior_->tables)
          if (t.sha256 != sha256)
            throw JobCheckError(fmt::format(
                "the F table of this session (SHA-256 {}) is not the one this job's earlier units were counted "
                "with (SHA-256 {}, journal line {}): the table cache was changed since. Remove the cache file (the "
                "table is then built again) and resume; the result names the table it used",
                sha256, t.sha256, t.line));
      journal.add_table(sha256);
      log_->info("F table SHA-256 {}", sha256);
    };

    auto finish_session = [&] {
      ticker.finish([&] {
        if (terminal_ && req_.console_log) log_->sinks().back()->set_level(spdlog::level::info);
      });
      out_.units_computed = progress.computed();
      out_.units_done = out_.units_done_before + out_.units_computed;
    };

    if (const auto stop = run_until_stopped([&] { out_.result = work_->run(threads_, hooks); }, finish_session)) {
      out_.stopped_by = stopped_by(signals_ ? signals_->received() : 0);
      // Before the session's first unit, the phase it was in (the tables being built) is worth naming.
      const std::string during = out_.units_computed == 0 ? " (" + *stop + ")" : "";
      log_->warn("stopped by {}{}: {} of {} are in the journal; continue with: gridenum resume {}", out_.stopped_by, during,
                 group_digits(out_.units_done), count_of(out_.units_total, "unit", "units"), req_.dir.string());
      return;
    }
    // The session's last journal flush (a write and an fdatasync) runs on its own thread while the
    // results are formatted; they are written only once it is done, so a result never exists
    // before its journal is complete on disk. Measured (9x9, 2 threads, timestamps in the job):
    // ~0.8 ms of waiting saved; the job's whole overhead is now ~2 % (BM_CountJob9x9).
    auto last_flush = std::async(std::launch::async, finish_session);
    // Not through `out_` until finish_session is done: it sets out_.units_computed.
    const std::string json_text = result_json_text(progress.computed());  // final: every worker has returned
    last_flush.get();  // rethrows a failed flush: then no result is written
    assert(out_.units_computed == progress.computed());
    write_result(json_text);
  }

  // groups.json of a journal that exists already (unit_groups.hpp): written when it is missing
  // (a job started before gridenum wrote one), damaged or of another plan. Only `status` reads
  // it, so a failure to write it is a warning, never a reason to stop counting.
  void keep_groups_file() {
    if (!prior_) return;  // a new journal: created with it
    std::string why;
    if (read_unit_groups(p_.groups(), work_->header(), why)) return;
    try {
      write_file_atomic(p_.groups(), unit_groups_json_text(work_->unit_groups()));
      log_->info("wrote {} ({})", p_.groups().string(), why);
    } catch (const std::exception& e) {
      log_->warn("cannot write {} (status groups units by class without it): {}", p_.groups().string(), e.what());
    }
  }

  // Step 7a, the result document: the method's result.json plus the job's fields and the
  // provenance, as GIMPS results carry it: which program, when, where, at what cost.
  // cpu_seconds_last_session is this process's user + system time (every thread, the plan
  // included); earlier sessions' are in their own logs.
  std::string result_json_text(std::uint64_t computed) {
    out_.finished = true;
    out_.json = out_.result.json;
    // result.txt's SHA-256: what resume and verify check the text against (stored_result).
    out_.json["result_txt_sha256"] = sha256_hex(out_.result.text);
    const JournalHeader& header = work_->header();
    out_.json["job"] = {{"dir", req_.dir.string()},
                        {"fingerprint", hex16(header.fingerprint)},
                        {"shard", cfg_.shard.str()},
                        {"units", out_.units_total},
                        {"units_computed_last_session", computed},
                        {"threads", threads_},
                        {"engine", work_->engine()},
                        {"sessions", (prior_ ? prior_->sessions.size() : 0) + 1}};
    out_.json["job"].update(job_provenance());
    return job_json_text(out_.json);
  }

  // Step 7b, the result files: result.txt and result.json, each atomically, once the journal
  // holds every unit on disk.
  void write_result(const std::string& json_text) {
    write_files_atomic({{p_.result_text(), out_.result.text}, {p_.result_json(), json_text}});
    if (out_.result.complete)
      log_->info("done: total {} ({} counted in this session); result in {}", out_.result.total.str(),
                 count_of(out_.units_computed, "unit", "units"), p_.result_text().string());
    else
      log_->info("shard {} done ({} counted in this session); merge the shards with gridenum merge",
                 cfg_.shard.str(), count_of(out_.units_computed, "unit", "units"));
  }

  const JobRequest& req_;
  const JobPaths p_;
  std::shared_ptr<spdlog::logger>& file_log_;  // the caller's: errors go to job.log there
  const bool terminal_;
  JobConfig cfg_, written_;
  JobOutcome out_;
  std::optional<ThreadBudget> budget_;  // core/threads.hpp: the session's threads, plan included
  int threads_ = 0;
  // Used by the signal callbacks: declared before signals_, destroyed after it.
  std::atomic<bool> stop_requested_{false};
  std::shared_ptr<spdlog::logger> log_;
  std::atomic<Progress*> bar_{nullptr};  // set while a progress bar may be on the terminal
  std::unique_ptr<JobSignals> signals_;
  std::optional<JobLock> lock_;  // released before the signal watcher goes
  std::optional<JournalContents> prior_;
  std::unique_ptr<MethodPlan> work_;
  std::vector<u128> known_;
  std::vector<char> have_;
  std::optional<std::uint64_t> append_at_;
  bool created_dir_ = false;  // this command made the job directory
};

JobOutcome run_job_impl(const JobRequest& req, std::shared_ptr<spdlog::logger>& file_log) {
  JobSession session(req, file_log);
  return session.run();
}

}  // namespace

JobOutcome run_job(const JobRequest& req) {
  std::shared_ptr<spdlog::logger> file_log;  // errors go to job.log here; the caller shows them
  try {
    return run_job_impl(req, file_log);
  } catch (const IoError& e) {
    std::error_code ec;
    if (!fs::exists(JobPaths{req.dir}.journal(), ec)) {
      if (file_log) file_log->error("{}", e.what());
      throw;
    }
    const std::string msg = std::string(e.what()) +
                            "; the units already in the journal are kept: fix the cause, then continue with: gridenum "
                            "resume " +
                            req.dir.string();
    if (file_log) file_log->error("{}", msg);
    throw JobIoError(msg);
  } catch (const std::exception& e) {
    if (file_log) file_log->error("{}", e.what());
    throw;
  }
}

}  // namespace gridenum
