// Crash-safe whole-file writes (atomic_file.hpp): temporary file, fsync, rename, fsync of the
// directory. The temporary name carries the pid so two processes never share one; a stale
// temporary left by a crash is never read, is removed by the next job start once its process is
// gone (job.cpp), and one that happens to carry our own pid is unlinked before we create ours.
#include "gridenum/core/atomic_file.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <exception>
#include <future>

#include "gridenum/core/errors.hpp"

namespace gridenum {

namespace fs = std::filesystem;

void throw_io_error(const std::string& what, const fs::path& path, int err) {
  throw IoError(what + " '" + path.string() + "': " + std::strerror(err));
}

void write_all(int fd, std::string_view bytes, const fs::path& path) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      throw_io_error("cannot write", path, errno);
    }
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
}

int open_job_file(const fs::path& path, int flags, unsigned mode) {
  const int fd = ::open(path.c_str(), flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, static_cast<mode_t>(mode));
  if (fd < 0) {
    const int err = errno;
    // ELOOP is what O_NOFOLLOW answers for a symbolic link as the last component; ENXIO is a
    // FIFO opened for writing without a reader.
    if (err == ELOOP)
      throw InputError("refusing '" + path.string() +
                          "': it is a symbolic link; the files of a job directory must be regular files (remove the "
                          "link, then run again)");
    if (err == ENXIO)
      throw InputError("refusing '" + path.string() + "': not a regular file (remove it, then run again)");
    throw_io_error("cannot open", path, err);
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    const int err = errno;
    ::close(fd);
    throw_io_error("cannot stat", path, err);
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd);
    throw InputError("refusing '" + path.string() + "': not a regular file (" +
                        (S_ISDIR(st.st_mode) ? "a directory" : S_ISFIFO(st.st_mode) ? "a FIFO" : "a special file") +
                        "); the files of a job directory must be regular files (remove it, then run again)");
  }
  if (::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0) {
    const int err = errno;
    ::close(fd);
    throw_io_error("cannot set flags of", path, err);
  }
  return fd;
}

void fsync_dir(const fs::path& dir) {
  const int fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) throw_io_error("cannot open directory", dir, errno);
  const int rc = ::fsync(fd);
  const int err = errno;
  ::close(fd);
  if (rc != 0) throw_io_error("cannot fsync directory", dir, err);
}

namespace {

fs::path temp_name(const fs::path& path) {
  fs::path tmp = path;
  tmp += ".tmp." + std::to_string(::getpid());
  return tmp;
}

// Writes (and fsyncs, when durable) the temporary file of `path` with `write`; returns its name.
// A leftover of ours (same pid, an earlier process) is removed, whatever it is, unless the
// directory is shared between hosts (then the same pid may be another host's live writer, and
// this one gives up); the temporary is created afresh (O_EXCL: never through a symlink someone
// put in its place).
fs::path write_temp(const fs::path& path, const FileWriter& write, bool durable, bool shared_directory) {
  const fs::path tmp = temp_name(path);
  if (!shared_directory && ::unlink(tmp.c_str()) != 0 && errno != ENOENT)
    throw_io_error("cannot remove the stale temporary", tmp, errno);
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0) throw_io_error("cannot create", tmp, errno);
  try {
    write([&](std::string_view bytes) { write_all(fd, bytes, tmp); });
    if (durable && ::fsync(fd) != 0) throw_io_error("cannot fsync", tmp, errno);
  } catch (...) {
    ::close(fd);
    ::unlink(tmp.c_str());
    throw;
  }
  if (::close(fd) != 0) {
    const int err = errno;
    ::unlink(tmp.c_str());
    throw_io_error("cannot write", tmp, err);
  }
  return tmp;
}

fs::path write_temp(const fs::path& path, std::string_view contents, bool durable = true) {
  return write_temp(path, [&](const auto& put) { put(contents); }, durable, false);
}

void rename_over(const fs::path& tmp, const fs::path& path) {
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    const int err = errno;
    ::unlink(tmp.c_str());
    throw_io_error("cannot rename " + tmp.string() + " to", path, err);
  }
}

}  // namespace

void write_file_atomic(const fs::path& path, std::string_view contents) {
  rename_over(write_temp(path, contents), path);
  fsync_dir(path.parent_path());
}

void write_file_replace(const fs::path& path, std::string_view contents) {
  rename_over(write_temp(path, contents, false), path);
}

void write_file_replace(const fs::path& path, const FileWriter& write, bool shared_directory) {
  rename_over(write_temp(path, write, false, shared_directory), path);
}

// Only regular files whose name ends in ".tmp." and digits; never followed through a symlink.
std::vector<fs::path> remove_stale_temporaries(const fs::path& dir, std::string_view prefix, std::chrono::seconds min_age) {
  std::vector<fs::path> removed;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir.empty() ? fs::path(".") : dir, ec)) {
    const std::string name = e.path().filename().string();
    const std::size_t at = name.rfind(".tmp.");
    if (at == std::string::npos || at == 0 || (!prefix.empty() && name.rfind(prefix, 0) != 0)) continue;
    const std::string digits = name.substr(at + 5);
    if (digits.empty() || digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos) continue;
    std::error_code sec;
    if (!e.is_regular_file(sec) || e.is_symlink(sec)) continue;
    if (min_age.count() > 0) {
      const auto age = fs::file_time_type::clock::now() - e.last_write_time(sec);
      if (sec || age < min_age) continue;
    }
    const long pid = std::stol(digits);
    if (pid == static_cast<long>(::getpid()) || ::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH) continue;
    if (::unlink(e.path().c_str()) == 0) removed.push_back(e.path());
  }
  return removed;
}

void write_files_atomic(const std::vector<std::pair<fs::path, std::string>>& files) {
  // The temporaries are written and fsync'd concurrently: each fsync waits ~0.5 ms for the
  // device here, and the waits overlap.
  std::vector<std::future<fs::path>> pending;
  for (std::size_t i = 1; i < files.size(); ++i)
    pending.push_back(std::async(std::launch::async, [&f = files[i]] { return write_temp(f.first, f.second); }));
  std::vector<fs::path> temps;
  std::exception_ptr error;
  try {
    if (!files.empty()) temps.push_back(write_temp(files[0].first, files[0].second));
  } catch (...) {
    error = std::current_exception();
  }
  for (auto& p : pending) {
    try {
      temps.push_back(p.get());
    } catch (...) {
      if (!error) error = std::current_exception();
    }
  }
  if (error) {
    for (const auto& t : temps) ::unlink(t.c_str());
    std::rethrow_exception(error);
  }
  for (std::size_t i = 0; i < files.size(); ++i) rename_over(temps[i], files[i].first);
  for (std::size_t i = 0; i < files.size(); ++i)
    if (i == 0 || files[i].first.parent_path() != files[i - 1].first.parent_path()) fsync_dir(files[i].first.parent_path());
}

std::string read_whole_file(const fs::path& path) {
  const int fd = open_job_file(path, O_RDONLY);
  std::string out;
  char buf[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR) continue;
      const int err = errno;
      ::close(fd);
      throw_io_error("cannot read", path, err);
    }
    if (n == 0) break;
    out.append(buf, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return out;
}

bool same_file(const fs::path& out, const fs::path& in) {
  std::error_code oe, ie;
  const fs::path o = fs::weakly_canonical(out, oe), i = fs::weakly_canonical(in, ie);
  if (!oe && !ie && o == i) return true;
  std::error_code ee;
  return fs::exists(out, ee) && fs::exists(in, ee) && fs::equivalent(out, in, ee) && !ee;
}

}  // namespace gridenum
