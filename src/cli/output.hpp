// Standard output of every command: a write error on stdout -- a full disk, /dev/full, a file size
// limit -- is a run-time failure (exit 3 with a message), never a success with empty or truncated
// output. One helper for the whole CLI, not a check per command:
//   - write_stdout() is for commands that stream many lines (solve, enumerate --list,
//     generate): it checks every write, so a stream of 2,000 solutions stops at the first lost
//     line instead of computing the rest for nothing;
//   - main.cpp calls finish_stdout() once after every command: it flushes std::cout and stdout
//     and looks at their error state, which is sticky, so any write a command did through
//     std::cout, printf or fwrite and that failed is seen there, the final flush included.
// std::cout is flushed and checked too: it shares stdout's buffer unless a command turned
// sync_with_stdio off (solve does, for the reading speed of std::cin), when it has its own.
#pragma once

#include <string>
#include <string_view>

namespace gridenum::cli {

// Gives std::cout a buffer that writes to stdout and records the system error of a failed write
// (main.cpp, before any output).
void install_stdout_buffer();

// Writes `text` to stdout; throws IoError naming standard output and the system error when
// the write fails.
void write_stdout(std::string_view text);

// Flushes stdout (a command that wants its output out before it goes on, e.g. before a summary
// on stderr); throws IoError as write_stdout does.
void flush_stdout();

// Flushes std::cout and stdout and tells whether any write to them failed so far: `failed`,
// the system error in `why`, and `reported` when write_stdout already threw for it (its
// message was printed with the exception).
struct StdoutState {
  bool failed = false;
  bool reported = false;
  std::string why;
};
StdoutState finish_stdout();

}  // namespace gridenum::cli
