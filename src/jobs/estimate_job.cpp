// Running and resuming an estimate job (estimate_job.hpp), on the steps every journaled job
// shares (journaled_session.hpp: lock, journal read and checked, checkpoints, stop), with batches for
// units:
//   1. a new job refuses a DIR that holds any job;
//   2. the journal header from the parameters (fingerprint); an existing journal is checked
//      against it (another seed, method, shape, samples or batch: refused);
//   3. batches run; estimate.json is written with the journal's header in one atomic batch, and
//      each finished batch's statistics become a record, written + fdatasync'd every checkpoint
//      interval;
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
#include "gridenum/jobs/journaled_session.hpp"

namespace gridenum {

namespace fs = std::filesystem;

namespace {

// One session of an estimate job, on the steps every journaled job shares (journaled_session.hpp).
class EstimateSession {
 public:
  explicit EstimateSession(const EstimateJobRequest& req)
      : req_(req), p_{req.dir}, terminal_(req.terminal.value_or(::isatty(2) == 1)),
        frame_(JournaledSessionOptions{req.dir, req.resume, req.handle_signals, req.console_log, terminal_, req.command,
                                 "batches", estimate_spec_path(req.dir), "gridenum estimate --job-dir DIR"}) {}

  EstimateJobOutcome run() {
    open_directory();
    frame_.watch_signals();
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
    if (req_.resume) {
      spec_ = read_estimate_spec(req_.dir);
    } else {
      spec_ = req_.spec;
      spec_.shard.blocks = estimate::batch_count(spec_.run);
      if (auto why = estimate_spec_error(spec_)) throw JobInputError("estimate --job-dir: " + *why);
      JournaledSession::make_job_directory(req_.dir);
    }
    written_ = spec_;
    if (req_.threads) spec_.run.threads = *req_.threads;
    out_.spec = spec_;
  }

  // Steps 1 and 2: lock, log, the journal read and checked against this job's header.
  void lock_and_read_journal() {
    header_ = estimate_job_header(spec_);
    frame_.lock_and_read_journal(header_);
    out_.header = header_;
    out_.batches_total = header_.shard.size(header_.units);
    known_.assign(header_.units, std::nullopt);
    if (const auto& prior = frame_.prior()) {
      known_ = journal_batches(*prior, p_.journal());
      out_.batches_done_before = prior->batches.size();
    }
    budget_.emplace(spec_.run.threads);
    threads_ = budget_->threads();
    frame_.log().info("{} estimate job {}: {} {} samples of {}, seed {}, batches of {}, {} thread{}, shard {}; {} of {} in "
                      "the journal; fingerprint {}",
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
        frame_.log().info("the job had already finished: its result is shown, nothing was sampled or written");
        return true;
      }
    } catch (const std::exception& e) {
      why = std::string("the result files cannot be read back: ") + e.what();
    }
    frame_.log().warn("the result files are written again from the journal: {}", why);
    return false;
  }

  // Steps 3 and 4.
  void sample_and_write_result() {
    JournaledSession::Checkpoints cp(frame_, "estimate-" + std::string(estimate::to_string(spec_.run.method)), threads_,
                               estimate_spec_text(written_), out_.batches_total, out_.batches_done_before,
                               spec_.progress_seconds, spec_.checkpoint_seconds);
    // The journal's batches and this session's, as the final fold and the document need them.
    std::mutex batches_mu;
    const auto& prior = frame_.prior();
    JournalContents record = prior ? *prior : JournalContents{};
    record.sessions.push_back(cp.session());
    record.sessions.back().line = SIZE_MAX - 2;  // after every earlier record, before its own batches
    estimate::BatchHooks hooks;
    const Shard shard = header_.shard;
    hooks.select = [shard](std::uint64_t id) { return shard.contains(id); };
    hooks.skip = [this](std::uint64_t id) { return known_[id]; };
    hooks.done = [&](std::uint64_t id, const estimate::Moments& m) {
      const std::int64_t ms = unix_ms();
      cp.journal().add_batch(id, estimate::to_record(m), ms);
      {
        std::lock_guard l(batches_mu);
        record.batches.push_back({id, {}, ms, SIZE_MAX - 1});
      }
      cp.progress().unit_done();
    };
    hooks.stop = [&] { return cp.failed() || (req_.stop && req_.stop()); };

    estimate::RunResult r;
    estimate::RunOptions o = spec_.run;
    o.threads = threads_;
    const auto done = [&] { return out_.batches_done_before + cp.progress().computed(); };
    if (auto by = cp.run([&] { r = estimate::run_estimate(o, hooks); }, done)) {
      out_.stopped_by = *by;
      out_.batches_computed = cp.progress().computed();
      out_.batches_done = done();
      return;
    }
    out_.batches_computed = cp.finish();  // the journal holds every batch on disk before any result file exists
    out_.batches_done = out_.batches_done_before + out_.batches_computed;
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
    frame_.log().info("done: {} samples{}; result in {}", group_digits(r.samples_done),
               out_.complete ? "" : " (shard " + spec_.shard.str() + ": merge the shards with gridenum merge)",
               p_.result_text().string());
  }

  const EstimateJobRequest& req_;
  const JobPaths p_;
  const bool terminal_;
  JournaledSession frame_;
  EstimateJobSpec spec_, written_;
  PlanHeader header_;
  EstimateJobOutcome out_;
  std::optional<ThreadBudget> budget_;  // core/threads.hpp
  int threads_ = 0;
  std::vector<std::optional<estimate::Moments>> known_;
};

}  // namespace

EstimateJobOutcome run_estimate_job(const EstimateJobRequest& req) {
  EstimateSession session(req);
  return session.run();
}

}  // namespace gridenum
