// The shared session steps of estimate and symmetry jobs (journaled_session.hpp).
#include "gridenum/jobs/journaled_session.hpp"

#include <unistd.h>

#include <system_error>

#include <fmt/format.h>
#include <spdlog/logger.h>
#include <spdlog/sinks/sink.h>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/atomic_file.hpp"
#include "gridenum/jobs/job_errors.hpp"

namespace gridenum {

namespace fs = std::filesystem;

JournaledSession::JournaledSession(JournaledSessionOptions o) : o_(std::move(o)) {}
JournaledSession::~JournaledSession() = default;

void JournaledSession::make_job_directory(const fs::path& dir) {
  std::error_code ec;
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec))
    throw JobInputError("cannot use " + dir.string() + " as a job directory: not a directory");
  fs::create_directories(dir, ec);
  if (ec) throw_io_error("cannot create the job directory", dir, ec.value());
}

// The first SIGINT / SIGTERM is the process's stop request (core/stop.hpp), heard where the work
// polls; a second flushes the journal while its writer exists and exits at once (job_signals.hpp).
void JournaledSession::watch_signals() {
  if (!o_.handle_signals) return;
  signals_ = std::make_unique<JobSignals>(
      o_.dir, o_.units,
      [this](int sig) {
        if (log_)
          log_->warn("{}: stopping; finished {} are kept, {} (a second signal stops at once)", StopSignals::name(sig),
                     o_.units, o_.in_flight);
      },
      bar_);
}

void JournaledSession::lock_and_read_journal(const PlanHeader& header) {
  lock_.emplace(JobLock::acquire(o_.dir, o_.command));
  log_ = make_job_logger(o_.dir, o_.console_log, !o_.terminal);
  for (const fs::path& f : remove_stale_temporaries(o_.dir)) log_->info("removed {} (left by a crashed process)", f.string());
  const JobPaths p{o_.dir};
  std::error_code ec;
  if (!o_.resume && (fs::exists(o_.spec_file, ec) || fs::exists(p.config(), ec) || fs::exists(p.journal(), ec)))
    throw JobInputError(o_.dir.string() + " already holds a job; continue it with: gridenum resume " + o_.dir.string() +
                        " (or choose a new directory)");
  header_ = header;
  if (fs::exists(p.journal(), ec)) {
    prior_ = read_journal(p.journal());
    check_journal_matches(*prior_, p.journal(), header);
    if (prior_->torn_tail) log_->warn("journal {}: {}", p.journal().string(), *prior_->torn_tail);
    for (const auto& w : prior_->warnings) log_->warn("{}", w);
    append_at_ = prior_->valid_bytes;
  }
}

JournaledSession::Checkpoints::Checkpoints(JournaledSession& s, const std::string& kernel, int threads, const std::string& spec_text,
                                     std::uint64_t total, std::uint64_t done_before, double progress_seconds,
                                     double checkpoint_seconds)
    : s_(s),
      session_{unix_ms(), static_cast<long>(::getpid()), kernel, threads, 0},
      journal_(JobPaths{s.o_.dir}.journal(), s.header_, s.append_at_),
      queued_(queue_first_records(spec_text)),
      emergency_(s.signals_.get(), journal_),
      progress_(total, done_before, s.o_.terminal, progress_seconds, s.log_),
      ticker_(journal_, progress_, checkpoint_seconds, [] {}) {
  s_.bar_.store(&progress_);  // a signal's warning is printed above the bar
  // On a terminal the bar shows the progress: the console log keeps warnings only until finish().
  if (s_.o_.terminal && s_.o_.console_log) s_.log_->sinks().back()->set_level(spdlog::level::warn);
}

bool JournaledSession::Checkpoints::queue_first_records(const std::string& spec_text) {
  journal_.add_session(session_);
  journal_.record_cpu_time();
  if (!s_.prior_) journal_.create_with({{s_.o_.spec_file, spec_text}});
  return true;
}

JournaledSession::Checkpoints::~Checkpoints() {
  if (!finished_) {
    try {
      finish();
    } catch (...) {  // an error is already on its way out; what was flushed stays
    }
  }
}

std::uint64_t JournaledSession::Checkpoints::finish() {
  if (!finished_) {
    finished_ = true;
    ticker_.finish([&] {
      if (s_.o_.terminal && s_.o_.console_log) s_.log_->sinks().back()->set_level(spdlog::level::info);
    });
    s_.bar_.store(nullptr);
  }
  return progress_.computed();
}

std::optional<std::string> JournaledSession::Checkpoints::run(const std::function<void()>& work,
                                                        const std::function<std::uint64_t()>& done) {
  if (!run_until_stopped(work, [&] { finish(); })) return std::nullopt;
  const std::string by = stopped_by(s_.signal_received());
  s_.log_->warn("stopped by {}: {} of {} {} are in the journal; continue with: gridenum resume {}", by,
                group_digits(done()), group_digits(progress_.total()), s_.o_.units, s_.o_.dir.string());
  return by;
}

}  // namespace gridenum
