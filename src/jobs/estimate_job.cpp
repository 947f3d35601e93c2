// Running and resuming an estimate job (estimate_job.hpp). The steps, in the order that makes a
// crash at any moment safe -- the count jobs' order (job.cpp), with batches for units:
//   1. lock DIR (one process per job); a new job refuses a DIR that holds any job;
//   2. the journal header from the parameters (fingerprint); an existing journal is read and
//      checked against it (another seed, method, shape, samples or batch: refused), its torn tail
//      reported and cut off by the writer before it appends;
//   3. batches run; on the ticker thread estimate.json and the journal's header are written in one
//      atomic batch (a journal never exists without its parameters), and each finished batch's
//      statistics become a record, written + fdatasync'd every checkpoint interval;
//   4. last flush, then result.txt and result.json in one atomic batch.
// A stop (SIGINT/SIGTERM through core/stop.hpp, or the request's stop) drops the batches in flight
// and keeps the journaled ones; a second signal flushes the journal and exits at once.
#include <fcntl.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <mutex>
#include <optional>

#include <fmt/format.h>
#include <spdlog/logger.h>
#include <spdlog/sinks/sink.h>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/atomic_file.hpp"
#include "gridenum/core/checksum.hpp"
#include "gridenum/core/digest.hpp"
#include "gridenum/core/stop.hpp"
#include "gridenum/core/stop_signals.hpp"
#include "gridenum/core/threads.hpp"
#include "gridenum/estimate/report.hpp"
#include "gridenum/jobs/estimate_job.hpp"
#include "gridenum/jobs/job.hpp"
#include "gridenum/jobs/job_errors.hpp"
#include "gridenum/jobs/job_lock.hpp"
#include "gridenum/jobs/job_signals.hpp"
#include "gridenum/jobs/ticker.hpp"

namespace gridenum {

namespace fs = std::filesystem;

namespace {

// One session of an estimate job; the members the signal callbacks use come before `signals_`.
class EstimateSession {
 public:
  explicit EstimateSession(const EstimateJobRequest& req)
      : req_(req), p_{req.dir}, terminal_(req.terminal.value_or(::isatty(2) == 1)) {}

  EstimateJobOutcome run() {
    open_directory();
    watch_signals();
    lock_and_read_journal();  // sets the session's thread budget (core/threads.hpp): the rest runs in it
    budget_->execute([&] {
      if (!finished_already()) sample_and_write_result();
    });
    return out_;
  }

 private:
  // Step 0: the parameters -- DIR/estimate.json for a resume, the request's for a new job -- and
  // the directory.
  void open_directory() {
    if (req_.dir.empty()) throw JobInputError("the job directory is an empty name: give a directory (--job-dir DIR)");
    std::error_code ec;
    if (req_.resume) {
      spec_ = read_estimate_spec(req_.dir);
    } else {
      spec_ = req_.spec;
      spec_.shard.blocks = estimate::batch_count(spec_.run);
      if (auto why = estimate_spec_error(spec_)) throw JobInputError("estimate --job-dir: " + *why);
      if (fs::exists(req_.dir, ec) && !fs::is_directory(req_.dir, ec))
        throw JobInputError("cannot use " + req_.dir.string() + " as a job directory: not a directory");
      fs::create_directories(req_.dir, ec);
      if (ec) throw_io_error("cannot create the job directory", req_.dir, ec.value());
    }
    written_ = spec_;
    if (req_.threads) spec_.run.threads = *req_.threads;
    out_.spec = spec_;
  }

  // Step 1a, signals, before any thread starts (workers inherit the blocked mask): the first
  // SIGINT / SIGTERM is the process's stop request (core/stop.hpp), heard between samples; a
  // second flushes the journal while its writer exists and exits at once.
  void watch_signals() {
    if (!req_.handle_signals) return;
    signals_ = std::make_unique<JobSignals>(
        req_.dir, "batches",
        [this](int sig) {
          if (log_)
            log_->warn("{}: stopping; finished batches are kept, those in flight are sampled again on resume (a "
                       "second signal stops at once)",
                       StopSignals::name(sig));
        },
        bar_);
  }

  // Step 1b and 2: lock, log, leftovers; a new job refuses a DIR holding a job; the journal read
  // and checked against this job's header.
  void lock_and_read_journal() {
    lock_.emplace(JobLock::acquire(req_.dir, req_.command));
    log_ = make_job_logger(req_.dir, req_.console_log, !terminal_);
    for (const fs::path& f : remove_stale_temporaries(req_.dir)) log_->info("removed {} (left by a crashed process)", f.string());
    std::error_code ec;
    if (!req_.resume && (fs::exists(estimate_spec_path(req_.dir), ec) || fs::exists(p_.config(), ec) ||
                         fs::exists(p_.journal(), ec)))
      throw JobInputError(req_.dir.string() + " already holds a job; continue it with: gridenum resume " + req_.dir.string() +
                          " (or choose a new directory)");
    header_ = estimate_job_header(spec_);
    out_.header = header_;
    out_.batches_total = header_.shard.size(header_.units);
    known_.assign(header_.units, std::nullopt);
    if (fs::exists(p_.journal(), ec)) {
      prior_ = read_journal(p_.journal());
      check_journal_matches(*prior_, p_.journal(), header_);
      if (prior_->torn_tail) log_->warn("journal {}: {}", p_.journal().string(), *prior_->torn_tail);
      for (const auto& w : prior_->warnings) log_->warn("{}", w);
      known_ = journal_batches(*prior_, p_.journal());
      out_.batches_done_before = prior_->batches.size();
      append_at_ = prior_->valid_bytes;
    }
    budget_.emplace(spec_.run.threads);
    threads_ = budget_->threads();
    log_->info("{} estimate job {}: {} {} samples of {}, seed {}, batches of {}, {} thread{}, shard {}; {} of {} in the "
               "journal; fingerprint {}",
               req_.resume ? "resuming" : "starting", req_.dir.string(), estimate::to_string(spec_.run.method),
               group_digits(spec_.run.samples), spec_.run.shape.str(), spec_.run.seed, spec_.run.batch, threads_,
               threads_ == 1 ? "" : "s", spec_.shard.str(), group_digits(out_.batches_done_before),
               count_of(out_.batches_total, "batch", "batches"), hex16(header_.fingerprint));
  }

  // The result from the journal's batches alone (every batch known: nothing is drawn), folded as
  // the run folds them.
  estimate::RunResult result_from_journal(const std::vector<std::optional<estimate::Moments>>& known) const {
    estimate::BatchHooks replay;
    const Shard shard = header_.shard;
    replay.select = [shard](std::uint64_t id) { return shard.contains(id); };
    replay.skip = [&known](std::uint64_t id) { return known[id]; };
    estimate::RunOptions o = spec_.run;
    o.threads = 1;
    return estimate::run_estimate(o, replay);
  }

  // The whole job's speed and threads in the document: samples over the sessions' sampling time.
  void set_job_speed(estimate::RunResult& r, const JournalContents& j) const {
    r.seconds = journal_sampling_seconds(j);
    r.samples_per_second = r.seconds > 0 ? static_cast<double>(r.samples_done) / r.seconds : 0;
    r.threads = j.sessions.empty() ? threads_ : j.sessions.back().threads;
  }

  // A finished job resumed: its result is shown as it stands, once the stored files are checked
  // against the journal (the fold's exact statistics, the fingerprint, result.txt's SHA-256);
  // otherwise they are written again from the journal.
  bool finished_already() {
    if (!req_.resume || out_.batches_done_before != out_.batches_total) return false;
    estimate::RunResult fresh = result_from_journal(known_);
    std::string why;
    try {
      const nlohmann::json stored = nlohmann::json::parse(read_whole_file(p_.result_json()));
      const std::string text = read_whole_file(p_.result_text());
      const nlohmann::json exact = estimate::to_json(fresh, estimate::count_bounds(spec_.run.shape))["exact_statistics"];
      if (stored.at("job").at("fingerprint") != hex16(header_.fingerprint)) why = "result.json belongs to another job";
      else if (stored.at("exact_statistics") != exact) why = "result.json's statistics are not the journal's";
      else if (stored.at("result_txt_sha256") != sha256_hex(text)) why = "result.txt is not the text result.json records";
      if (why.empty()) {
        out_.finished = true;
        out_.complete = stored.at("complete").get<bool>();
        out_.batches_done = out_.batches_done_before;
        out_.result = fresh;
        out_.text = text;
        out_.json = stored;
        log_->info("the job had already finished: its result is shown, nothing was sampled or written");
        return true;
      }
    } catch (const std::exception& e) {
      why = std::string("the result files cannot be read back: ") + e.what();
    }
    log_->warn("the result files are written again from the journal: {}", why);
    return false;
  }

  // Step 3 and 4.
  void sample_and_write_result() {
    JournalWriter journal(p_.journal(), header_, append_at_);
    const JournalSession session{unix_ms(), static_cast<long>(::getpid()),
                                 "estimate-" + std::string(estimate::to_string(spec_.run.method)), threads_, 0};
    journal.add_session(session);
    if (!prior_) journal.create_with({{estimate_spec_path(req_.dir), estimate_spec_text(written_)}});
    const FlushJournalOnSecondSignal emergency(signals_.get(), journal);  // job_signals.hpp
    Progress progress(out_.batches_total, out_.batches_done_before, terminal_, spec_.progress_seconds, log_);
    bar_.store(&progress);
    struct BarGuard {
      std::atomic<Progress*>& slot;
      ~BarGuard() { slot.store(nullptr); }
    } bar_guard{bar_};
    Ticker ticker(journal, progress, spec_.checkpoint_seconds, [] {});
    if (terminal_ && req_.console_log) log_->sinks().back()->set_level(spdlog::level::warn);

    // The journal's batches and this session's, as the final fold and the document need them.
    std::mutex batches_mu;
    JournalContents record = prior_ ? *prior_ : JournalContents{};
    record.sessions.push_back(session);
    record.sessions.back().line = SIZE_MAX - 2;  // after every earlier record, before its own batches
    estimate::BatchHooks hooks;
    const Shard shard = header_.shard;
    hooks.select = [shard](std::uint64_t id) { return shard.contains(id); };
    hooks.skip = [this](std::uint64_t id) { return known_[id]; };
    hooks.done = [&](std::uint64_t id, const estimate::Moments& m) {
      const std::int64_t ms = unix_ms();
      journal.add_batch(id, estimate::to_record(m), ms);
      {
        std::lock_guard l(batches_mu);
        record.batches.push_back({id, {}, ms, SIZE_MAX - 1});
      }
      progress.unit_done();
    };
    hooks.stop = [&] { return ticker.failed() || (req_.stop && req_.stop()); };

    auto finish_session = [&] {
      ticker.finish([&] {
        if (terminal_ && req_.console_log) log_->sinks().back()->set_level(spdlog::level::info);
      });
      out_.batches_computed = progress.computed();
      out_.batches_done = out_.batches_done_before + out_.batches_computed;
    };
    estimate::RunResult r;
    estimate::RunOptions o = spec_.run;
    o.threads = threads_;
    if (run_until_stopped([&] { r = estimate::run_estimate(o, hooks); }, finish_session)) {
      out_.stopped_by = stopped_by(signals_ ? signals_->received() : 0);
      log_->warn("stopped by {}: {} of {} are in the journal; continue with: gridenum resume {}", out_.stopped_by,
                 group_digits(out_.batches_done), count_of(out_.batches_total, "batch", "batches"), req_.dir.string());
      return;
    }
    finish_session();  // the journal holds every batch on disk before any result file exists
    set_job_speed(r, record);
    write_result(r, record);
  }

  // Step 4: the document (the estimate's, estimate/report.hpp) with the job's fields and the
  // provenance, as a count job's (job.cpp); result.txt and result.json in one atomic batch.
  void write_result(const estimate::RunResult& r, const JournalContents& record) {
    out_.finished = true;
    out_.complete = spec_.shard.whole();
    out_.result = r;
    estimate_result_document(r, out_.complete, spec_.shard, out_.text, out_.json);
    out_.json["result_txt_sha256"] = sha256_hex(out_.text);
    out_.json["job"] = {{"dir", req_.dir.string()},
                        {"kind", "estimate"},
                        {"fingerprint", hex16(header_.fingerprint)},
                        {"shard", spec_.shard.str()},
                        {"batches", out_.batches_total},
                        {"batches_computed_last_session", out_.batches_computed},
                        {"sampling_seconds_all_sessions", r.seconds},
                        {"threads", threads_},
                        {"sessions", record.sessions.size()}};
    out_.json["job"].update(job_provenance());
    write_files_atomic({{p_.result_text(), out_.text}, {p_.result_json(), job_json_text(out_.json)}});
    log_->info("done: {} samples{}; result in {}", group_digits(r.samples_done),
               out_.complete ? "" : " (shard " + spec_.shard.str() + ": merge the shards with gridenum merge)",
               p_.result_text().string());
  }

  const EstimateJobRequest& req_;
  const JobPaths p_;
  const bool terminal_;
  EstimateJobSpec spec_, written_;
  PlanHeader header_;
  EstimateJobOutcome out_;
  std::optional<ThreadBudget> budget_;  // core/threads.hpp
  int threads_ = 0;
  std::shared_ptr<spdlog::logger> log_;
  std::atomic<Progress*> bar_{nullptr};
  std::unique_ptr<JobSignals> signals_;
  std::optional<JobLock> lock_;
  std::optional<JournalContents> prior_;
  std::vector<std::optional<estimate::Moments>> known_;
  std::optional<std::uint64_t> append_at_;
};

}  // namespace

EstimateJobOutcome run_estimate_job(const EstimateJobRequest& req) {
  EstimateSession session(req);
  return session.run();
}

}  // namespace gridenum
