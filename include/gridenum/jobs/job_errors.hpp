// The errors of the job layer, sorted by what the user has to do about them. The first three
// are kinds of core/errors.hpp, which the CLI maps to exit codes (input 2, check 1, I/O 3); the
// journal and lock errors exit 3 as well.
#pragma once

#include <stdexcept>

#include "gridenum/core/errors.hpp"

namespace gridenum {

// Bad input from the user: a config key or value, a directory that holds no job, a bad shard
// spec. Fix the command or the file. (Exit 2.)
struct JobInputError : InputError {
  using InputError::InputError;
};

// A check refused to go on: shards that do not make up one job, an unfinished shard. (Exit 1.)
struct JobCheckError : CheckError {
  using CheckError::CheckError;
};

// The file system failed: a full disk, a file size limit, no permission. Finished work already
// in the journal is kept; fix the cause and resume. (Exit 3.)
struct JobIoError : IoError {
  using IoError::IoError;
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
