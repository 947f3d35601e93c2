// CLI plumbing: each subcommand lives in its own src/cli/cmd_*.cpp and registers itself
// here with a static RegisterCommand, so adding a command touches no shared file.
// The CLI is thin: it parses, calls the library, prints. Exit codes: 0 success, 1 a
// failed check / failed lines, 2 usage or input errors, 3 runtime errors, 130 interrupted.
#pragma once

#include <CLI/CLI.hpp>

#include "gridenum/core/threads.hpp"
#include "gridenum/jobs/run_watch.hpp"

#include <unistd.h>

#include <charconv>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace gridenum::cli {

struct Command {
  int order;                                  // position in --help
  std::function<void(CLI::App& root)> setup;  // adds the subcommand and its callback
};

std::vector<Command>& command_registry();

struct RegisterCommand {
  RegisterCommand(int order, std::function<void(CLI::App&)> setup) {
    command_registry().push_back({order, std::move(setup)});
  }
};

// The --threads option of every command: 0 (every core) to 4096, the range the job configs
// accept too; more threads than cores are cut to the cores (pool.hpp, resolve_threads).
// A request above the cores available is said once on stderr, not cut silently.
inline CLI::Option* add_threads_option(CLI::App* cmd, int& threads, const std::string& help = "Worker threads") {
  return cmd->add_option("--threads", threads, help + " (0: every core; at most the cores available)")
      ->check(CLI::Range(0, 4096))
      ->each([](const std::string& text) {
        int asked = 0;
        if (std::from_chars(text.data(), text.data() + text.size(), asked).ec != std::errc{}) return;
        if (const int used = resolve_threads(asked); asked > used)
          std::fprintf(stderr, "gridenum: --threads %d: %d core%s available here, so %d thread%s\n", asked, used,
                       used == 1 ? " is" : "s are", used, used == 1 ? "" : "s");
      });
}

// The watch over a long command that is not a job (verify, symmetry, estimate, merge, count
// --classes and one-pass counts): its phases drawn on stderr (a line on a terminal, timestamped
// lines otherwise), SIGINT and SIGTERM taken as the process's stop request (core/stop.hpp); the
// Interrupted that ends the work reaches main, which exits 130. Construct it first thing in the
// command's callback, before any worker thread exists (jobs/run_watch.hpp).
inline std::unique_ptr<RunWatch> watch_long_command() {
  RunWatchOptions o;
  o.terminal = ::isatty(2) == 1;
  o.handle_signals = true;
  return std::make_unique<RunWatch>(std::move(o));
}

// The watch over a command that streams records to standard output (solve, generate): SIGINT and
// SIGTERM are the stop request as for every long command, and the library's batch hears it and
// ends in order (puzzle/batch.hpp, generate.hpp): every record it wrote is whole, none after a
// dropped one; the command then says what was done in one line on stderr and exits 130. The first
// signal is announced only on a terminal (where a read from the terminal can hold the stop until
// Enter, Ctrl-D or a second Ctrl-C); elsewhere the summary is the only line. A second signal ends
// at once: the records written so far are flushed first (each went to stdout whole, in one fwrite,
// so the output ends at a record's end) unless a write holds standard output (a full pipe: then
// no flush, to stop at once all the same), and stdout stays locked so nothing follows before the exit.
inline std::unique_ptr<RunWatch> watch_stream_command(std::string second_signal_note) {
  RunWatchOptions o;
  o.terminal = ::isatty(2) == 1;
  o.handle_signals = true;
  o.announce_stop = o.terminal;
  o.second_signal_note = std::move(second_signal_note);
  o.before_exit = [] {
    if (::ftrylockfile(stdout) == 0) std::fflush(stdout);  // the lock is recursive; kept until _Exit
  };
  return std::make_unique<RunWatch>(std::move(o));
}

// Thrown (or use CLI::RuntimeError(code)) to leave with a given exit code after a message
// has been printed.
struct Exit {
  int code;
};

}  // namespace gridenum::cli
