// Running and resuming jobs (job.hpp). The order of the steps is what makes a crash at any
// moment safe:
//   1. lock DIR (one process per job); refuse a new job in a DIR that holds one;
//   2. catalogue (cache or build), stack list, plan, journal header (fingerprint);
//   3. an existing journal is read and checked against the header; its torn tail, if any, is
//      reported and cut off by the writer before it appends;
//   4. units run; on the ticker thread, first config.toml (new job) and the catalogue cache are
//      written atomically, then the journal is created -- so a journal never exists without its
//      config -- and finished units become records, written + fdatasync'd every interval;
//   5. last flush, then result.txt / result.json, each by an atomic write.
// A crash before 5 leaves the journal holding a prefix of the finished units and at most a torn
// last record: resume recomputes the rest. Nothing is ever derived from a result file.
#include "gridenum/jobs/job.hpp"

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
#include <thread>

#include "gridenum/core/checksum.hpp"
#include "gridenum/core/host.hpp"
#include "gridenum/count/pool.hpp"
#include "gridenum/jobs/atomic_file.hpp"
#include "gridenum/jobs/job_errors.hpp"
#include "gridenum/jobs/job_lock.hpp"
#include "gridenum/jobs/progress.hpp"
#include "gridenum/jobs/stop_signals.hpp"

namespace gridenum {

namespace fs = std::filesystem;

namespace {

// job.log as a spdlog sink over a descriptor from open_job_file: spdlog's own file sink opens by
// name with fopen, which follows a symlink planted as DIR/job.log (issue 13 item 9: the log was
// appended to whatever it named). Each message is one write(2) to an O_APPEND file, as the
// basic file sink's fwrite + flush_on(info) did.
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
    // their time (issue 13 item 19).
    err->set_pattern(console_timestamps ? "gridenum [%Y-%m-%d %H:%M:%S] [%l] %v" : "gridenum [%l] %v");
    sinks.push_back(err);
  }
  auto log = std::make_shared<spdlog::logger>("job", sinks.begin(), sinks.end());
  sinks[0]->set_pattern("[%Y-%m-%d %H:%M:%S.%e] [%l] [pid %P] %v");
  log->set_level(spdlog::level::info);
  log->flush_on(spdlog::level::info);
  return log;
}

std::string job_json_text(const nlohmann::json& j) {
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
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

// Writes the journal and draws progress on its own thread, so that neither costs the workers.
class Ticker {
 public:
  // `first` runs on the ticker thread before the journal's first write (the files that must
  // exist before the journal does).
  Ticker(JournalWriter& journal, Progress& progress, double checkpoint_seconds, std::function<void()> first)
      : journal_(journal), progress_(progress), checkpoint_(checkpoint_seconds), first_(std::move(first)) {
    thread_ = std::thread([this] { loop(); });
  }
  ~Ticker() { stop(); }
  void stop() {
    {
      std::lock_guard lock(mu_);
      quit_ = true;
    }
    cv_.notify_all();
    if (thread_.joinable()) thread_.join();
  }
  // After stop(): runs the first step if the thread never got to it (a run shorter than the
  // thread's start-up), so the files that must precede the journal still do.
  void run_first_if_pending() {
    if (first_ && !failed_) {
      auto f = std::move(first_);
      first_ = nullptr;
      f();
    }
  }
  // Set when a journal write failed: the job must stop, and this is why.
  bool failed() const { return failed_.load(); }
  std::exception_ptr error() const { return error_; }

 private:
  void loop() {
    using Clock = std::chrono::steady_clock;
    const auto draw = std::chrono::milliseconds(progress_.terminal() ? 200 : 500);
    auto next_flush = Clock::now();  // first flush at once: creates the journal and its session record
    std::unique_lock lock(mu_);
    while (!quit_) {
      const auto now = Clock::now();
      if (now >= next_flush && !failed_) {
        lock.unlock();
        try {
          if (first_) {
            first_();
            first_ = nullptr;
          }
          journal_.flush();
        } catch (...) {
          error_ = std::current_exception();
          failed_.store(true);
        }
        lock.lock();
        next_flush = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(checkpoint_));
      }
      progress_.tick();
      cv_.wait_until(lock, std::min(next_flush, Clock::now() + draw), [this] { return quit_; });
    }
  }
  JournalWriter& journal_;
  Progress& progress_;
  double checkpoint_;
  std::function<void()> first_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool quit_ = false;
  std::atomic<bool> failed_{false};
  std::exception_ptr error_;
  std::thread thread_;
};

// Temporaries (NAME.tmp.PID, atomic_file.cpp) left by a process that crashed between writing
// and renaming: removed at the next start once that process is gone (the lock is held, so no
// live gridenum of this job can own one; the pid test spares a file of any other live process).
// Only regular files whose name ends in ".tmp." and digits; never followed through a symlink.
void remove_stale_temporaries(const fs::path& dir, spdlog::logger& log) {
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    const std::size_t at = name.rfind(".tmp.");
    if (at == std::string::npos || at == 0 || at + 5 >= name.size()) continue;
    const std::string digits = name.substr(at + 5);
    if (digits.find_first_not_of("0123456789") != std::string::npos || digits.size() > 9) continue;
    const long pid = std::stol(digits);
    std::error_code sec;
    if (!e.is_regular_file(sec) || e.is_symlink(sec)) continue;
    if (pid == static_cast<long>(::getpid()) || ::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH) continue;
    if (::unlink(e.path().c_str()) == 0) log.info("removed {}, left by process {} (no longer running)", name, pid);
  }
}

// The result files of a finished job, when both are readable and result.json names this job's
// fingerprint and unit count; nullopt otherwise (then they are written again).
std::optional<WorkResult> stored_result(const JobPaths& p, const JournalHeader& header, std::uint64_t units) {
  try {
    WorkResult r;
    r.json = nlohmann::json::parse(read_whole_file(p.result_json()));
    r.text = read_whole_file(p.result_text());
    const nlohmann::json& job = r.json.at("job");
    if (job.at("fingerprint") != hex16(header.fingerprint) || job.at("units") != units) return std::nullopt;
    r.complete = r.json.at("complete").get<bool>();
    if (r.complete) r.total = BigInt(r.json.at("total").get<std::string>());
    if (r.json.contains("threads") && r.json["threads"].is_number_integer()) r.threads_used = r.json["threads"].get<int>();
    return r;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::string describe(const JobConfig& c) {
  const int threads = resolve_threads(c.threads);
  const JobMethod m = resolve_method(c.shape, c.method);
  return c.shape.str() + ", method " + to_string(m) + (m == JobMethod::Stack ? ", kernel " + to_string(c.kernel) : "") +
         ", " + std::to_string(threads) + (threads == 1 ? " thread" : " threads") + ", shard " + c.shard.str();
}

}  // namespace

namespace {

JobOutcome run_job_impl(const JobRequest& req, std::shared_ptr<spdlog::logger>& file_log) {
  const JobPaths p{req.dir};
  std::error_code ec;

  // The directory, and whether it already holds a job.
  JobConfig cfg;
  if (req.dir.empty()) throw JobInputError("the job directory is an empty name: give a directory (--job-dir DIR)");
  if (req.resume) {
    cfg = read_job_config(req.dir);
  } else {
    if (fs::exists(req.dir, ec) && !fs::is_directory(req.dir, ec))
      throw JobInputError("cannot use " + req.dir.string() + " as a job directory: not a directory");
    // A symlink to a missing target: create_directories would answer "File exists".
    if (fs::is_symlink(fs::symlink_status(req.dir, ec)) && !fs::exists(req.dir, ec))
      throw JobInputError("cannot use " + req.dir.string() + " as a job directory: it is a symbolic link to " +
                          fs::read_symlink(req.dir, ec).string() +
                          ", which does not exist (create that directory, or choose another)");
    fs::create_directories(req.dir, ec);
    if (ec) throw_io_error("cannot create the job directory", req.dir, ec.value());
    cfg = req.config;
    // The job keeps the method that runs, not "auto": what auto means may change between
    // versions, a job's plan must not.
    cfg.method = resolve_method(cfg.shape, cfg.method);
  }

  // Signals first: worker threads created from here on inherit the blocked mask.
  std::atomic<bool> stop_requested{false};
  std::function<void()> emergency;  // set while the journal writer exists
  std::mutex emergency_mu;
  std::shared_ptr<spdlog::logger> log;
  std::atomic<Progress*> bar{nullptr};  // set while a progress bar may be on the terminal
  std::unique_ptr<StopSignals> signals;    // after what its callbacks use: destroyed before them
  const bool terminal = req.terminal.value_or(::isatty(2) == 1);
  if (req.handle_signals)
    signals = std::make_unique<StopSignals>(
        [&](int sig) {
          stop_requested.store(true);
          // Only a terminal's user pressed Ctrl-C; a SIGTERM comes from a batch system or kill.
          const auto warn = [&] {
            if (!log) return;
            if (sig == SIGINT)
              log->warn("SIGINT: stopping after the units in progress (press Ctrl-C again to stop at once; finished "
                        "units are kept)");
            else
              log->warn("{}: stopping after the units in progress (a second signal stops at once; finished units are "
                        "kept)",
                        StopSignals::name(sig));
          };
          if (Progress* p = bar.load()) p->above_bar(warn);  // a line of its own, above the bar
          else warn();
        },
        [&](int sig) {
          std::lock_guard lock(emergency_mu);
          if (emergency) emergency();
          std::fprintf(stderr, "gridenum: %s again: stopped at once; finished units are in %s; continue with: gridenum "
                               "resume %s\n",
                       StopSignals::name(sig), p.journal().c_str(), req.dir.c_str());
          std::_Exit(130);
        });

  const JobLock lock = JobLock::acquire(req.dir, req.command);
  log = make_job_logger(req.dir, req.console_log, !terminal);
  file_log = std::make_shared<spdlog::logger>("job-file", log->sinks().front());
  file_log->flush_on(spdlog::level::info);
  remove_stale_temporaries(req.dir, *log);

  if (!req.resume) {
    if (fs::exists(p.config(), ec) || fs::exists(p.journal(), ec))
      throw JobInputError(req.dir.string() + " already holds a job; continue it with: gridenum resume " +
                          req.dir.string() + " (or choose a new directory)");
  }
  const JobConfig written = cfg;  // the config file of a new job, before session overrides
  if (req.threads) cfg.threads = *req.threads;
  if (req.kernel) cfg.kernel = *req.kernel;

  JobOutcome out;
  out.config = cfg;
  log->info("{} job {}: {}", req.resume ? "resuming" : "starting", req.dir.string(), describe(cfg));

  const int threads = use_threads(cfg.threads);
  // What the journal already holds, read before the plan is built so that a catalogue cache
  // can be checked against the journal's fingerprint (work.hpp, PlanSource).
  std::optional<JournalContents> prior;
  if (fs::exists(p.journal(), ec)) prior = read_journal(p.journal());
  PlanSource source;
  source.use_cache = req.resume;
  if (prior) source.journal_fingerprint = prior->header.fingerprint;
  const std::unique_ptr<JobWork> work = plan_job_work(cfg, req.dir, source);
  if (req.resume && cfg.catalogue_cache && !work->rebuild_note().empty())
    log->info("catalogue cache not used ({}); rebuilt it", work->rebuild_note());
  const JournalHeader& header = work->header();
  out.header = header;
  out.units_total = cfg.shard.size(header.units);

  std::vector<u128> known(header.units, 0);
  std::vector<char> have(header.units, 0);
  std::optional<std::uint64_t> append_at;
  if (prior) {
    const JournalContents& j = *prior;
    check_journal_matches(j, p.journal(), header);
    if (j.torn_tail) log->warn("journal {}: {}", p.journal().string(), *j.torn_tail);
    for (const auto& w : j.warnings) log->warn("{}", w);
    for (const auto& u : j.units) {
      known[u.id] = u.count;
      have[u.id] = 1;
    }
    out.units_done_before = j.units.size();
    append_at = j.valid_bytes;
  }
  log->info("{} work units in this {}, {} already in the journal; fingerprint {}", out.units_total,
            cfg.shard.whole() ? "job" : "shard " + cfg.shard.str(), out.units_done_before, hex16(header.fingerprint));

  // A finished job resumed: its result is shown as it stands and nothing is written (issue 13
  // item 20: a resume used to rewrite result.txt / result.json with its own session's times and
  // "units_computed_last_session": 0, and append a session record). Only when both result files
  // are there and result.json is this job's (fingerprint and units); otherwise the normal path
  // below writes them again from the journal.
  if (req.resume && out.units_done_before == out.units_total) {
    if (auto done = stored_result(p, header, out.units_total)) {
      out.finished = true;
      out.units_done = out.units_done_before;
      out.result = std::move(*done);
      out.json = out.result.json;
      log->info("the job had already finished (all {} units in the journal): its result is shown, nothing was counted "
                "or written",
                out.units_total);
      return out;
    }
  }

  JournalWriter journal(p.journal(), header, append_at);
  journal.add_session({unix_ms(), static_cast<long>(::getpid()), work->engine(), threads, 0});
  struct EmergencyFlush {  // lets a second Ctrl-C flush the journal while the writer exists
    std::function<void()>& slot;
    std::mutex& mu;
    ~EmergencyFlush() {
      std::lock_guard l(mu);
      slot = nullptr;
    }
  } emergency_guard{emergency, emergency_mu};
  {
    std::lock_guard l(emergency_mu);
    emergency = [&journal] {
      try {
        journal.flush();
      } catch (...) {
      }
    };
  }

  Progress progress(out.units_total, out.units_done_before, terminal, cfg.progress_seconds, log);
  bar.store(&progress);
  struct BarGuard {  // the signal watcher must not reach the bar once it is gone
    std::atomic<Progress*>& slot;
    ~BarGuard() { slot.store(nullptr); }
  } bar_guard{bar};
  // The method's side files (the stack method's catalogue cache: JobWork::before_journal),
  // config.toml and the journal are written on the ticker thread, overlapping the count: the
  // side files first (not fsync'd, catalogue_cache.hpp), then config.toml
  // and the journal's header in one atomic batch (config renamed first, one directory fsync for
  // the three), so a journal never exists without its config.
  if (!req.resume) journal.create_with({{p.config(), to_toml(written)}});
  Ticker ticker(journal, progress, cfg.checkpoint_seconds, [&] { work->before_journal(); });
  // While the bar is drawn, info messages go to job.log only, so they do not break the bar line.
  if (terminal && req.console_log) log->sinks().back()->set_level(spdlog::level::warn);

  UnitHooks hooks;
  const Shard shard = cfg.shard;
  hooks.select = [shard](std::uint32_t id) { return shard.contains(id); };
  hooks.skip = [&](std::uint32_t id) -> std::optional<u128> {
    if (have[id]) return known[id];
    return std::nullopt;
  };
  hooks.done = [&](std::uint32_t id, u128 c) {
    journal.add_unit(id, c, unix_ms());
    progress.unit_done();
  };
  hooks.stop = [&] {
    return stop_requested.load(std::memory_order_relaxed) || ticker.failed() || (req.stop && req.stop());
  };

  auto finish_session = [&] {
    ticker.stop();
    progress.finish();
    if (terminal && req.console_log) log->sinks().back()->set_level(spdlog::level::info);
    if (ticker.failed()) std::rethrow_exception(ticker.error());
    ticker.run_first_if_pending();
    journal.flush();
    out.units_computed = progress.computed();
    out.units_done = out.units_done_before + out.units_computed;
  };

  try {
    out.result = work->run(threads, hooks);
  } catch (const Interrupted&) {
    finish_session();
    out.stopped_by = signals && signals->received() ? StopSignals::name(signals->received()) : "stop request";
    log->warn("stopped by {}: {} of {} units are in the journal; continue with: gridenum resume {}", out.stopped_by,
              out.units_done, out.units_total, req.dir.string());
    return out;
  } catch (...) {
    try {
      finish_session();
    } catch (...) {
    }
    throw;
  }
  // The session's last journal flush (a write and an fdatasync) runs on its own thread while the
  // results are formatted; they are written only once it is done, so a result never exists
  // before its journal is complete on disk. Measured (9x9, 2 threads, timestamps in the job):
  // ~0.8 ms of waiting saved; the job's whole overhead is now ~2 % (BM_CountJob9x9).
  auto last_flush = std::async(std::launch::async, finish_session);
  out.finished = true;
  out.json = out.result.json;
  std::string json_text;
  {
    // Not through `out` until finish_session is done: it sets out.units_computed.
    const std::uint64_t computed = progress.computed();  // final: every worker has returned
    // Provenance (issue 13 item 20), as GIMPS results carry it: which program, when, where, at
    // what cost. cpu_seconds_last_session is this process's user + system time (every thread,
    // the plan included); earlier sessions' are in their own logs.
    nlohmann::json job = {{"dir", req.dir.string()},
                          {"fingerprint", hex16(header.fingerprint)},
                          {"shard", cfg.shard.str()},
                          {"units", out.units_total},
                          {"units_computed_last_session", computed},
                          {"program", "gridenum " + program_version()},
                          {"finished_utc", utc_now_iso8601()},
                          {"host", host_name()},
                          {"cpu_model", cpu_model()},
                          {"os", kernel_release()},
                          {"threads", threads},
                          {"engine", work->engine()},
                          {"sessions", (prior ? prior->sessions.size() : 0) + 1},
                          {"cpu_seconds_last_session", process_cpu_seconds()}};
    out.json["job"] = std::move(job);
    json_text = job_json_text(out.json);
  }
  last_flush.get();  // rethrows a failed flush: then no result is written
  assert(out.units_computed == progress.computed());
  write_files_atomic({{p.result_text(), out.result.text}, {p.result_json(), json_text}});
  if (out.result.complete)
    log->info("done: total {} ({} units counted in this session); result in {}", out.result.total.str(),
              out.units_computed, p.result_text().string());
  else
    log->info("shard {} done ({} units counted in this session); merge the shards with gridenum merge", cfg.shard.str(),
              out.units_computed);
  return out;
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
