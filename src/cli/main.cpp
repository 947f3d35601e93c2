// gridenum: command-line entry point. Only wiring: the subcommands register themselves
// (src/cli/cmd_*.cpp), everything they do is in the library.
#include <algorithm>
#include <cassert>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <exception>

#include "cli_meta.hpp"
#include "command.hpp"
#include "output.hpp"
#include "gridenum/core/errors.hpp"
#include "gridenum/core/host.hpp"
#include "gridenum/core/stop.hpp"
#include "gridenum/count/method.hpp"
#include "gridenum/verify/signature.hpp"

namespace gridenum::cli {
std::vector<Command>& command_registry() {
  static std::vector<Command> registry;
  return registry;
}
}  // namespace gridenum::cli

// Exit codes, decided here only: 0 success; 1 a failed check (CheckError, or a command's own
// Exit{1}); 2 usage and input errors (CLI11's parse errors, InputError and the errors derived
// from it: JobInputError, ConfigError, VerifyInputError); 3 run-time failures (IoError, a damaged
// journal, a locked job, anything unexpected -- a std::invalid_argument or std::logic_error here is a
// library contract that a command failed to check first, docs/architecture.md "Contracts"; output
// lost on a full standard output, output.hpp); 130 interrupted (Exit{130} from the job commands
// and from solve and generate, which stop in order and say how far they got; an Interrupted from
// the others: core/stop.hpp).
namespace {

int run(int argc, char** argv) {
  using namespace gridenum::cli;
  CLI::App app{"gridenum: exact Sudoku grid enumeration (Felgenhauer-Jarvis) and puzzle solving"};
  app.require_subcommand(1);
  app.set_version_flag("-V,--version", version_line());
  auto& reg = command_registry();
  // The commands register from static objects whose construction order across translation
  // units is unspecified (and changes with the unity build's grouping), so the help's order is
  // their `order` alone: distinct for every command (an invariant of the cmd_*.cpp files).
  std::sort(reg.begin(), reg.end(), [](const Command& a, const Command& b) { return a.order < b.order; });
  assert(std::adjacent_find(reg.begin(), reg.end(), [](const Command& a, const Command& b) {
           return a.order == b.order;
         }) == reg.end());
  // The counting methods of the libraries above count (count/method.hpp): before the commands are
  // set up, since `count --help` lists the registry.
  gridenum::register_count_method(gridenum::signature_method());
  for (auto& c : reg) c.setup(app);
  // After the commands, so that they do not inherit the footer (CLI11 copies it to subcommands).
  std::string footer = "Exit codes:";
  for (const auto& [code, what] : exit_statuses()) {
    const std::string number = std::to_string(code);
    footer += "\n  " + number + std::string(5 - number.size(), ' ') + what;
  }
  app.footer(footer + "\nA command's options: gridenum help COMMAND, or gridenum COMMAND --help.");
  add_version_flags(app);
  if (const char* dump = std::getenv("GRIDENUM_PRINT_DEFAULTS"); dump != nullptr && *dump != '\0')
    install_defaults_dump(app);  // a diagnostic for the tests (cli_meta.hpp)
  // An unknown command word would otherwise be "A subcommand is required" (cli_meta.hpp).
  if (const auto code = check_command_words(app, argc, argv)) return *code;
  try {
    app.parse(argc, argv);
  } catch (const CLI::ExtrasError& e) {
    // Unknown options are named with the command's nearest ones; anything else in CLI11's words.
    if (explain_unknown_options(app)) return 2;
    return app.exit(e) == 0 ? 0 : 2;
  } catch (const CLI::ParseError& e) {
    // --help and --version exit 0; every usage error exits 2 (the project's convention).
    return app.exit(e) == 0 ? 0 : 2;
  } catch (const Exit& e) {
    return e.code;
  } catch (const gridenum::Interrupted& e) {
    // A long command's stop (command.hpp, watch_long_command): nothing it was making is kept.
    std::fprintf(stderr, "gridenum: %s; nothing was written\n", e.what());
    return 130;
  } catch (const gridenum::InputError& e) {
    std::fprintf(stderr, "gridenum: error: %s\n", e.what());
    return 2;
  } catch (const gridenum::CheckError& e) {
    std::fprintf(stderr, "gridenum: error: %s\n", e.what());
    return 1;
  } catch (const std::exception& e) {  // IoError, JournalError, JobLockedError, anything else
    std::fprintf(stderr, "gridenum: error: %s\n", e.what());
    return 3;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  // A file size limit (ulimit -f) must be an I/O error the job layer reports ("File too large",
  // exit 3, journal intact), not a SIGXFSZ that kills the process without a word.
  std::signal(SIGXFSZ, SIG_IGN);
  gridenum::cli::install_stdout_buffer();
  gridenum::set_program_revision(gridenum::cli::git_revision());  // results name the commit (host.hpp)
  const int code = run(argc, argv);
  // Output that did not reach standard output (a full disk, /dev/full) is a run-time failure
  // whatever the command concluded (output.hpp); an interruption keeps its own code.
  const auto out = gridenum::cli::finish_stdout();
  if (out.failed && code != 130) {
    if (!out.reported) std::fprintf(stderr, "gridenum: error: cannot write standard output: %s\n", out.why.c_str());
    return 3;
  }
  return code;
}
