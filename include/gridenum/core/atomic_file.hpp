// Whole-file writes that survive a crash or a power cut at any moment: the file holds either
// its old contents or its new ones, never a mix (docs/design.md section 3, "snapshot files").
//
// The protocol: write a temporary file in the same directory, fsync it, rename it over the
// target (atomic within one file system), fsync the directory so the rename itself is durable.
// Used for the job's config, journal header and results. The journal body is
// append-only and has its own rules (journal.hpp).
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gridenum {

// Throws IoError naming the file and the system error.
void write_file_atomic(const std::filesystem::path& path, std::string_view contents);

// Several files of one directory, each atomically (not all together): every temporary is
// written and fsync'd (concurrently: the fsync waits overlap), then all are renamed in order,
// then one fsync of the directory -- one directory sync instead of one per file (the job's
// result.txt and result.json; config.toml and a new journal). If a temporary cannot be written,
// none is renamed and every temporary is removed.
void write_files_atomic(const std::vector<std::pair<std::filesystem::path, std::string>>& files);

// Temporary file and rename, without the fsyncs: a reader sees the old contents or the new
// ones, but after a power cut the file may be empty or missing. Only for files that are
// checked when read and rebuilt when damaged (the catalogue cache), where two fsyncs would
// cost more than they protect.
void write_file_replace(const std::filesystem::path& path, std::string_view contents);

// The same, the contents produced piece by piece by `write` (for files too large to hold twice in
// memory: the three-band F table cache, 1.2 GB for 4x3): write(put) calls put(bytes) for each
// piece in order. shared_directory: the directory may be shared between hosts (a table cache on a
// cluster file system), so a temporary of this pid may be another host's live writer: then this
// one gives up (IoError) instead of removing it.
using FileWriter = std::function<void(const std::function<void(std::string_view)>& put)>;
void write_file_replace(const std::filesystem::path& path, const FileWriter& write, bool shared_directory);

// Temporaries NAME.tmp.PID in `dir` whose writer died before its rename (a kill -9 midway): removed
// when their process no longer runs on this host, their name starts with `prefix` and they are at
// least min_age old (a directory shared between hosts: another host's writer has a pid this host
// may not run, so only an old temporary counts as dead). Returns the files removed.
std::vector<std::filesystem::path> remove_stale_temporaries(const std::filesystem::path& dir, std::string_view prefix = {},
                                                            std::chrono::seconds min_age = std::chrono::seconds{0});

// fsync of a directory, so that entries created or renamed in it are durable.
void fsync_dir(const std::filesystem::path& dir);

// Opens a file of a job directory: never through a symbolic link (O_NOFOLLOW: a `lock` or `job.log`
// symlink planted in DIR would otherwise have the job truncate or append to whatever it names),
// never blocking on a FIFO (opened O_NONBLOCK, cleared once it is known to be a regular file), and
// only a regular file. flags: O_RDONLY / O_WRONLY / O_RDWR with O_CREAT, O_APPEND...; O_CLOEXEC is
// added. Throws InputError for a symbolic link or anything that is not a regular file (naming it
// and what to do), IoError for other failures.
int open_job_file(const std::filesystem::path& path, int flags, unsigned mode = 0644);

// The whole file, opened with open_job_file (every caller reads a job's own file); throws
// IoError naming the file (missing, unreadable), InputError for a symlink or a non-regular file.
std::string read_whole_file(const std::filesystem::path& path);

// Writes every byte (restarting after EINTR and short writes); throws IoError naming `path`
// on failure (ENOSPC, EFBIG from a file size limit, EIO ...).
void write_all(int fd, std::string_view bytes, const std::filesystem::path& path);

// Whether writing `out` would write over `in`: the same path once symbolic links and dots are
// resolved (std::filesystem::weakly_canonical; `out` need not exist), or, both existing, the same
// file by another name (a hard link). Commands refuse such an output before any work: `merge
// --output` naming a shard (jobs/merge.hpp), `export-mip -o` naming the puzzle file it reads (or a
// symlink to it), which it replaced with one model.
bool same_file(const std::filesystem::path& out, const std::filesystem::path& in);

// "what 'path': strerror(errno)" as a IoError.
[[noreturn]] void throw_io_error(const std::string& what, const std::filesystem::path& path, int err);

}  // namespace gridenum
