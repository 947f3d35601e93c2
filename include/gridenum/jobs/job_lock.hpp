// One process per job (design.md section 3): an exclusive flock on DIR/lock, held for the
// whole run. flock locks belong to the open file and vanish when the process dies, SIGKILL and
// power cuts included, so a crashed run never leaves a stale lock behind. The holder writes its
// pid into the file, so a refused process can say who holds the job.
#pragma once

#include <filesystem>
#include <string>

namespace gridenum {

class JobLock {
 public:
  // Takes DIR/lock (creating the file if needed) or throws JobLockedError naming the pid of
  // the process that holds it; JobIoError when the file cannot be opened.
  static JobLock acquire(const std::filesystem::path& dir, const std::string& command);
  JobLock(JobLock&& o) noexcept : fd_(o.fd_) { o.fd_ = -1; }
  JobLock& operator=(JobLock&&) = delete;
  JobLock(const JobLock&) = delete;
  ~JobLock();

 private:
  explicit JobLock(int fd) : fd_(fd) {}
  int fd_ = -1;
};

struct LockHolder {
  bool held = false;
  long pid = 0;           // 0 when the holder has not written its pid yet
  std::string command;    // what the holder runs ("gridenum count", "gridenum resume")
};

// Whether a process holds the job now (status). Takes a shared lock for an instant to find out.
LockHolder lock_holder(const std::filesystem::path& dir);

}  // namespace gridenum
