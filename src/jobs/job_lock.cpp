// The job lock (job_lock.hpp): flock(LOCK_EX | LOCK_NB) on DIR/lock. The file's contents are
// only information ("pid N", "command ..."), rewritten by each holder; the lock is the flock.
//
// `status` probes with a shared lock for an instant; a `count` or `resume` starting in that
// instant would see the job as taken, so acquire() retries a few times over ~0.2 s before it
// refuses. A real holder keeps the lock for the whole run, so the retries never hide one.
#include "gridenum/jobs/job_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <sstream>
#include <thread>

#include "gridenum/jobs/atomic_file.hpp"
#include "gridenum/jobs/job_errors.hpp"

namespace gridenum {

namespace fs = std::filesystem;

namespace {

LockHolder read_holder(int fd) {
  LockHolder h;
  h.held = true;
  char buf[512];
  const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
  if (n <= 0) return h;
  std::istringstream in(std::string(buf, static_cast<std::size_t>(n)));
  std::string key;
  while (in >> key) {
    if (key == "pid") in >> h.pid;
    else if (key == "command") {
      std::getline(in, h.command);
      if (!h.command.empty() && h.command[0] == ' ') h.command.erase(0, 1);
    }
  }
  return h;
}

}  // namespace

JobLock JobLock::acquire(const fs::path& dir, const std::string& command) {
  const fs::path path = dir / "lock";
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) throw_io_error("cannot open the job lock", path, errno);
  for (int attempt = 0;; ++attempt) {
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0) break;
    if (errno != EWOULDBLOCK && errno != EINTR) {
      const int err = errno;
      ::close(fd);
      throw_io_error("cannot lock", path, err);
    }
    if (attempt < 5) {
      std::this_thread::sleep_for(std::chrono::milliseconds(40));
      continue;
    }
    const LockHolder h = read_holder(fd);
    ::close(fd);
    std::string who = h.pid ? "process " + std::to_string(h.pid) : "another process (its pid is not written yet)";
    if (!h.command.empty()) who += " (" + h.command + ")";
    throw JobLockedError("job " + dir.string() + " is locked by " + who +
                         "; one process per job: wait for it to finish or stop it first");
  }
  const std::string info = "pid " + std::to_string(::getpid()) + "\ncommand " + command + "\n";
  if (::ftruncate(fd, 0) != 0 || ::pwrite(fd, info.data(), info.size(), 0) != static_cast<ssize_t>(info.size())) {
    const int err = errno;
    ::close(fd);
    throw_io_error("cannot write the job lock", path, err);
  }
  return JobLock(fd);
}

JobLock::~JobLock() {
  if (fd_ >= 0) ::close(fd_);  // closing the last descriptor releases the flock
}

LockHolder lock_holder(const fs::path& dir) {
  const fs::path path = dir / "lock";
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return {};
  LockHolder h;
  if (::flock(fd, LOCK_SH | LOCK_NB) == 0) ::flock(fd, LOCK_UN);
  else if (errno == EWOULDBLOCK) h = read_holder(fd);
  ::close(fd);
  return h;
}

}  // namespace gridenum
