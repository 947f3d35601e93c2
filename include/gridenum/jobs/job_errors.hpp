// The errors of the job layer, sorted by what the user has to do about them. The CLI maps each
// kind to one exit code (src/cli/command.hpp): input 2, check 1, everything else 3.
#pragma once

#include <stdexcept>

namespace gridenum {

// Bad input from the user: a config key or value, a directory that holds no job, a bad shard
// spec. Fix the command or the file. (Exit 2.)
struct JobInputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A check refused to go on: shards that do not make up one job, an unfinished shard. (Exit 1.)
struct JobCheckError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The file system failed: a full disk, a file size limit, no permission. Finished work already
// in the journal is kept; fix the cause and resume. (Exit 3.)
struct JobIoError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The journal is damaged in a way that could change the total, or belongs to another job.
// The message names the file and the line. Never repaired silently. (Exit 3.)
struct JournalError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Another process runs the job; the message names its pid. (Exit 3.)
struct JobLockedError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace gridenum
