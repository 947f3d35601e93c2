// The command line described from its own CLI::App tree, so that what is derived from it cannot
// drift from what the commands declare.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <utility>
#include <vector>

namespace gridenum::cli {

// The git revision the binary was built from (generated at build time: cmake/git_revision.cmake).
const char* git_revision();

// The version line: "gridenum 0.1.0 (commit 1a2b3c4)", "-dirty" after the hash when the tree had
// changes when it was built, "(commit unknown)" outside a git checkout (cmake/git_revision.cmake).
std::string version_line();

// A command's subcommands that --help lists (not the hidden ones), in their order.
std::vector<const CLI::App*> listed_subcommands(const CLI::App& app);
// Every option --help lists (not hidden ones), in their order.
std::vector<const CLI::Option*> listed_options(const CLI::App& app);
// "gridenum verify classes": the command's words from the top.
std::string command_path(const CLI::App& app);
// The text `gridenum ... --help` prints for this command.
std::string help_text(const CLI::App& app);

// GRIDENUM_PRINT_DEFAULTS=1 gridenum CMD [SUB]: instead of running, every command prints one line
// per option, "NAME<TAB>HELP-DEFAULT<TAB>VALUE": the default its --help prints and the value its
// bound variable holds when the command would run ("?" when the option has no readable
// variable). Required arguments become optional so that the bare command parses. The test
// tests/cli/test_defaults_cli.cpp checks every command's two columns equal.
void install_defaults_dump(CLI::App& root);

}  // namespace gridenum::cli
