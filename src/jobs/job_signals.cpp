// JobSignals (job_signals.hpp).
#include "gridenum/jobs/job_signals.hpp"

#include <cstdio>
#include <cstdlib>

namespace gridenum {

JobSignals::JobSignals(const std::filesystem::path& dir, std::string what, std::function<void(int)> warn,
                       const std::atomic<Progress*>& bar) {
  signals_ = std::make_unique<StopSignals>(
      [warn = std::move(warn), &bar](int sig) {
        if (Progress* p = bar.load()) p->above_bar([&] { warn(sig); });  // a line of its own, above the bar
        else warn(sig);
      },
      [this, dir, what = std::move(what)](int sig) {
        std::lock_guard lock(flush_mu_);
        if (flush_) flush_();
        std::fprintf(stderr, "gridenum: %s again: stopped at once; finished %s are in %s; continue with: gridenum resume %s\n",
                     StopSignals::name(sig), what.c_str(), (dir / "journal").c_str(), dir.c_str());
        std::_Exit(130);
      });
}

void JobSignals::set_flush(std::function<void()> flush) {
  std::lock_guard lock(flush_mu_);
  flush_ = std::move(flush);
}

}  // namespace gridenum
