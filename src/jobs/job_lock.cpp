// The job lock (job_lock.hpp): flock(LOCK_EX | LOCK_NB) on the job directory itself, and on
// DIR/lock. The file's contents are only information ("pid N", "command ..."), rewritten by each
// holder.
//
// Why the directory: a lock on DIR/lock alone is defeated by deleting the file -- the next process
// creates a new inode and locks that, and two processes ran one job (105 duplicate journal
// records). The directory cannot be replaced while it holds the job's files, so its lock holds
// whatever happens to the file. The file keeps its lock too, with the standard recipe (after flock,
// the path must still name the locked inode, else retry), for file systems whose flock refuses
// directories (NFS emulates flock with POSIX locks, which need a descriptor open for writing):
// there the directory lock is skipped and the file lock is what there is, as before.
//
// `status` probes with a shared lock for an instant; a `count` or `resume` starting in that
// instant would see the job as taken, so acquire() retries a few times over ~0.2 s before it
// refuses. A real holder keeps the lock for the whole run, so the retries never hide one.
#include "gridenum/jobs/job_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <sstream>
#include <thread>

#include "gridenum/core/atomic_file.hpp"
#include "gridenum/jobs/job_errors.hpp"

namespace gridenum {

namespace fs = std::filesystem;

namespace {

LockHolder read_holder(int fd) {
  LockHolder h;
  h.held = true;
  if (fd < 0) return h;
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

// The holder as the lock file says (it may be gone: deleted while the job runs).
LockHolder read_holder_at(const fs::path& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  LockHolder h = read_holder(fd);
  if (fd >= 0) ::close(fd);
  return h;
}

// Whether flock on a directory descriptor failed because the file system does not lock
// directories (rather than because someone holds it).
bool unsupported(int err) { return err == EBADF || err == ENOLCK || err == EOPNOTSUPP || err == EINVAL; }

struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
  int release() {
    const int f = fd;
    fd = -1;
    return f;
  }
};

[[noreturn]] void refuse(const fs::path& dir, const LockHolder& h) {
  std::string who = h.pid ? "process " + std::to_string(h.pid)
                          : "another process (its pid is not written yet, or its lock file was deleted)";
  if (!h.command.empty()) who += " (" + h.command + ")";
  throw JobLockedError("job " + dir.string() + " is locked by " + who +
                       "; one process per job: wait for it to finish or stop it first");
}

// flock with a few retries over ~0.2 s (status probes for an instant). true: locked; false:
// someone holds it; errno-carrying failure otherwise (returned through *err).
bool lock_with_retries(int fd, int* err) {
  for (int attempt = 0;; ++attempt) {
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0) return true;
    if (errno != EWOULDBLOCK && errno != EINTR) {
      *err = errno;
      return false;
    }
    if (attempt >= 5) {
      *err = 0;
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(40));
  }
}

}  // namespace

JobLock JobLock::acquire(const fs::path& dir, const std::string& command) {
  const fs::path path = dir / "lock";
  // 1. The directory.
  Fd d;
  d.fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (d.fd < 0) throw_io_error("cannot open the job directory", dir, errno);
  int err = 0;
  if (!lock_with_retries(d.fd, &err)) {
    if (err == 0) refuse(dir, read_holder_at(path));
    if (!unsupported(err)) throw_io_error("cannot lock the job directory", dir, err);
    ::close(d.release());  // no directory locks here: the file lock alone
  }
  // 2. The file, until the path names the inode we locked (a lock file deleted or replaced
  // between our open and our flock would otherwise leave us holding a lock nobody else sees).
  Fd f;
  for (int round = 0;; ++round) {
    f.fd = open_job_file(path, O_RDWR | O_CREAT);  // no symlink, no FIFO: refused with a message
    if (!lock_with_retries(f.fd, &err)) {
      if (err == 0) refuse(dir, read_holder(f.fd));
      throw_io_error("cannot lock", path, err);
    }
    struct stat held {}, named {};
    if (::fstat(f.fd, &held) != 0) throw_io_error("cannot stat", path, errno);
    if (::lstat(path.c_str(), &named) == 0 && named.st_dev == held.st_dev && named.st_ino == held.st_ino) break;
    ::close(f.release());
    if (round >= 20) throw JobLockedError("job " + dir.string() + ": its lock file keeps being replaced; stop whatever "
                                          "removes " + path.string() + " and run again");
  }
  const std::string info = "pid " + std::to_string(::getpid()) + "\ncommand " + command + "\n";
  if (::ftruncate(f.fd, 0) != 0 || ::pwrite(f.fd, info.data(), info.size(), 0) != static_cast<ssize_t>(info.size()))
    throw_io_error("cannot write the job lock", path, errno);
  return JobLock(f.release(), d.release());
}

JobLock::~JobLock() {
  // Closing the last descriptor releases each flock.
  if (fd_ >= 0) ::close(fd_);
  if (dir_fd_ >= 0) ::close(dir_fd_);
}

LockHolder lock_holder(const fs::path& dir) {
  const fs::path path = dir / "lock";
  // The directory first: it is held even when the lock file was deleted.
  const int d = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (d >= 0) {
    const bool held = ::flock(d, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
    if (!held) ::flock(d, LOCK_UN);
    ::close(d);
    if (held) return read_holder_at(path);
  }
  const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return {};
  LockHolder h;
  if (::flock(fd, LOCK_SH | LOCK_NB) == 0) ::flock(fd, LOCK_UN);
  else if (errno == EWOULDBLOCK) h = read_holder(fd);
  ::close(fd);
  return h;
}

}  // namespace gridenum
