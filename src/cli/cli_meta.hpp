// The command line described from its own CLI::App tree, so that what is derived from it cannot
// drift from what the commands declare: the did-you-mean of unknown commands and options, the
// `help` command, the defaults diagnostic the tests read (GRIDENUM_PRINT_DEFAULTS), and the man
// page and shell completions (`gridenum cli-docs`; docs/install.md).
#pragma once

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace gridenum::cli {

// The exit codes of every command (command.hpp), shown in the top help and the man page.
const std::vector<std::pair<int, std::string>>& exit_statuses();

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

// The optimal string alignment distance: insertions, deletions, substitutions and transpositions
// of two neighbours each cost 1 ("cuont" -> "count" is 1).
std::size_t edit_distance(const std::string& a, const std::string& b);
// The candidates nearest to `word`: the one it is a prefix of when only one, else those at the
// smallest distance if that is at most a third of the word (at least 1); empty when none is near.
std::vector<std::string> nearest_words(const std::string& word, const std::vector<std::string>& candidates);
// "did you mean 'count'?" / "did you mean '--shape' or '--seed'?", or "" when nothing is near.
std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates);

// Before parsing: the leading command words of argv, checked against the tree. An unknown word
// is named with its nearest commands, on stderr; returns the exit code (2) then, else nullopt.
std::optional<int> check_command_words(const CLI::App& root, int argc, char** argv);
// After CLI11 refused arguments it did not expect: for each unknown option of the command that
// was parsed, its nearest options on stderr. Returns false when no unknown option was among them
// (stray positionals: CLI11's own message says it better).
bool explain_unknown_options(const CLI::App& root);

// Every command and subcommand (hidden ones too) also answers -V/--version.
void add_version_flags(CLI::App& root);

// GRIDENUM_PRINT_DEFAULTS=1 gridenum CMD [SUB]: instead of running, every command prints one line
// per option, "NAME<TAB>HELP-DEFAULT<TAB>VALUE": the default its --help prints and the value its
// bound variable holds when the command would run ("?" when the option has no readable
// variable). Required arguments become optional so that the bare command parses. The test
// tests/cli/test_defaults_cli.cpp checks every command's two columns equal.
void install_defaults_dump(CLI::App& root);

// The man page (roff) and the bash and zsh completion scripts, from the tree.
std::string man_page(const CLI::App& root);
std::string bash_completion(const CLI::App& root);
std::string zsh_completion(const CLI::App& root);

}  // namespace gridenum::cli
