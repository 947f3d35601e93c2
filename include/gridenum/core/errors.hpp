// The kinds of failure every layer reports, sorted by what the user has to do about them. Each
// subsystem derives its own errors from these (jobs/job_errors.hpp, verify/verify.hpp), and the
// CLI maps each kind to one exit code in one place (src/cli/main.cpp): input 2, check 1, I/O 3.
//
// The rule for which mechanism a check uses (docs/architecture.md, "Contracts"): input a user can
// get wrong -> one of these typed errors, thrown where the input enters; a library function's
// precondition (a caller's mistake inside the program) -> std::invalid_argument / std::logic_error,
// always checked; an invariant the code itself guarantees -> assert (on in CI's Debug sanitizer
// pass).
#pragma once

#include <stdexcept>

namespace gridenum {

// Bad input from the user: an option, a config key or value, a file that is not what it should
// be. Fix the command or the file. (Exit 2.)
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A check refused to go on or failed. (Exit 1.)
struct CheckError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The file system failed: a full disk, a file size limit, no permission. The message names the
// file and the system error. (Exit 3.)
struct IoError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace gridenum
