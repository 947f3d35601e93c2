// One process per job (docs/design.md section 3): an exclusive flock on the directory DIR and on
// DIR/lock, held for the whole run (the directory's survives the file being deleted: job_lock.cpp). flock locks belong to the open file and vanish when the process dies, SIGKILL and
// power cuts included, so a crashed run never leaves a stale lock behind. The holder writes its
// pid into the file, so a refused process can say who holds the job.
#pragma once

#include <filesystem>
#include <string>

namespace gridenum {

class JobLock {
 public:
  // Takes DIR and DIR/lock (creating the file if needed) or throws JobLockedError naming the
  // pid of the process that holds it; JobInputError when DIR/lock is a symlink or not a regular
  // file; IoError when the file cannot be opened.
  static JobLock acquire(const std::filesystem::path& dir, const std::string& command);
  JobLock(JobLock&& o) noexcept : fd_(o.fd_), dir_fd_(o.dir_fd_) {
    o.fd_ = -1;
    o.dir_fd_ = -1;
  }
  JobLock& operator=(JobLock&&) = delete;
  JobLock(const JobLock&) = delete;
  ~JobLock();

 private:
  JobLock(int fd, int dir_fd) : fd_(fd), dir_fd_(dir_fd) {}
  int fd_ = -1;
  int dir_fd_ = -1;  // -1 where the file system does not lock directories
};

struct LockHolder {
  bool held = false;
  long pid = 0;           // 0 when the holder has not written its pid yet
  std::string command;    // what the holder runs ("gridenum count", "gridenum resume")
};

// Whether a process holds the job now (status). Takes a shared lock for an instant to find out.
LockHolder lock_holder(const std::filesystem::path& dir);

}  // namespace gridenum
