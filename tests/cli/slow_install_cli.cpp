// `cmake --install` of this build into a fresh prefix gives a working installation: the binary,
// the man page (rendered by man-db's man, and naming the commands and their options), the bash
// completion (sourced in a plain bash, it completes `gridenum co` to count, and a command's
// options), the zsh completion (valid zsh), and the documentation. The man page and completions
// are written from the binary's own help at build time (`gridenum cli-docs`; docs/install.md).
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "cli_run.hpp"
#include "cli_tree.hpp"

namespace {

using namespace gridenum::testing;

// Runs a shell command line; its exit code and standard output (standard error to `err`).
Proc install_sh(const std::string& line) {
  const TempDir t;
  const std::string full =
      "( " + line + " ) > '" + (t / "out").string() + "' 2> '" + (t / "err").string() + "' < /dev/null";
  const int status = std::system(full.c_str());
  Proc p;
  if (status != -1 && WIFEXITED(status)) p.code = WEXITSTATUS(status);
  p.out = slurp(t / "out");
  p.err = slurp(t / "err");
  return p;
}

// What the completion function offers for the words typed so far (the last one being completed).
std::string bash_completes(const fs::path& script, const std::string& words) {
  const Proc p = install_sh("bash --norc --noprofile -c 'source \"$0\"; COMP_WORDS=(" + words +
                            "); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _gridenum; printf \"%s\\n\" \"${COMPREPLY[@]}\"' '" +
                            script.string() + "'");
  EXPECT_EQ(p.code, 0) << words << ": " << p.err;
  return p.out;
}

}  // namespace

TEST(InstallSlow, InstalledTreeHasBinaryManPageCompletionsAndDocs) {
  const TempDir t;
  const fs::path prefix = t / "prefix";
  const Proc install = install_sh(std::string("'") + GRIDENUM_CMAKE_COMMAND + "' --install '" + GRIDENUM_BINARY_DIR +
                                  "' --prefix '" + prefix.string() + "'");
  ASSERT_EQ(install.code, 0) << install.err;

  // The binary runs from there.
  const Proc version = install_sh("'" + (prefix / "bin/gridenum").string() + "' --version");
  EXPECT_EQ(version.code, 0);
  EXPECT_EQ(version.out, run_cli({"--version"}).out);
  // The job configs are installed, and the binary says where when --config names no file.
  const fs::path configs = prefix / "share/gridenum/configs";
  EXPECT_TRUE(fs::exists(configs / "default.toml"));
  const Proc missing = install_sh("'" + (prefix / "bin/gridenum").string() + "' count --config nine.toml");
  EXPECT_EQ(missing.code, 2);
  EXPECT_TRUE(contains(missing.err, "are in " + configs.lexically_normal().string() + " (e.g. --config " +
                                        configs.lexically_normal().string() + "/default.toml)"))
      << missing.err;

  // The man page renders with man-db's man (-l: this file), and holds every command.
  const fs::path man = prefix / "share/man/man1/gridenum.1";
  ASSERT_TRUE(fs::exists(man));
  const Proc page = install_sh("MANWIDTH=100 MANPAGER=cat PAGER=cat man -l '" + man.string() + "'");
  EXPECT_EQ(page.code, 0) << page.err;
  EXPECT_EQ(page.err, "") << "man's warnings";
  for (const char* heading : {"NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "EXIT STATUS"})
    EXPECT_TRUE(contains(page.out, std::string("\n") + heading + "\n")) << heading;
  EXPECT_TRUE(contains(page.out, "gridenum count")) << page.out.substr(0, 2000);
  for (const std::string& c : help_subcommands(run_cli({"--help"}).out))
    EXPECT_TRUE(contains(page.out, "gridenum " + c)) << c;
  EXPECT_TRUE(contains(page.out, "--shape")) << "options, with their dashes";
  EXPECT_TRUE(contains(page.out, "gridenum verify classes"));
  EXPECT_TRUE(contains(page.out, "130")) << "the exit codes";

  // bash: `gridenum co<TAB>` gives count; a command's options; the top's commands.
  const fs::path bash = prefix / "share/bash-completion/completions/gridenum";
  ASSERT_TRUE(fs::exists(bash));
  EXPECT_TRUE(contains("\n" + bash_completes(bash, "gridenum co"), "\ncount\n")) << bash_completes(bash, "gridenum co");
  EXPECT_EQ(bash_completes(bash, "gridenum cou"), "count\n");
  EXPECT_TRUE(contains(bash_completes(bash, "gridenum count --sh"), "--shape\n"));
  EXPECT_TRUE(contains(bash_completes(bash, "gridenum verify c"), "classes\n"));
  EXPECT_TRUE(contains(bash_completes(bash, "gridenum verify classes --"), "--threads\n"));
  EXPECT_FALSE(contains(bash_completes(bash, "gridenum verify classes --"), "--method\n")) << "completions' option";
  EXPECT_FALSE(contains(bash_completes(bash, "gridenum c"), "cli-docs")) << "hidden commands stay hidden";

  // zsh: a script zsh parses, naming the commands.
  const fs::path zsh = prefix / "share/zsh/site-functions/_gridenum";
  ASSERT_TRUE(fs::exists(zsh));
  const Proc parse = install_sh("zsh -n '" + zsh.string() + "'");
  EXPECT_EQ(parse.code, 0) << parse.err;
  EXPECT_EQ(slurp(zsh).compare(0, 18, "#compdef gridenum\n"), 0);
  // Its function, with zsh's completion helpers replaced by stubs that print what they are given
  // (_describe's last argument names the array of "name:description" candidates).
  const auto zsh_completes = [&](const std::string& words, int current) {
    const Proc p = install_sh("zsh -f -c '_describe() { print -l -- \"${(@P)${@[-1]}}\" }; _files() { print FILES }; "
                              "compdef() { : }; source \"$0\"; words=(" + words + "); CURRENT=" + std::to_string(current) +
                              "; PREFIX=${words[CURRENT]}; _gridenum' '" + zsh.string() + "'");
    EXPECT_EQ(p.code, 0) << words << ": " << p.err;
    return "\n" + p.out;  // each candidate on a line of its own, after a newline
  };
  EXPECT_TRUE(contains(zsh_completes("gridenum co", 2), "\ncount:Count all Sudoku grids")) << zsh_completes("gridenum co", 2);
  EXPECT_TRUE(contains(zsh_completes("gridenum verify c", 3), "\nclasses:"));
  EXPECT_TRUE(contains(zsh_completes("gridenum verify classes --", 4), "\n--shape:Box shape"));
  EXPECT_EQ(zsh_completes("gridenum count --job-dir x", 4), "\nFILES\n") << "after an option that takes a value";

  // The documentation, with the pages the README links.
  for (const char* doc : {"README.md", "CHANGELOG.md", "LICENSE", "CITATION.cff", "docs/install.md", "docs/testing.md"})
    EXPECT_TRUE(fs::exists(prefix / "share/doc/gridenum" / doc)) << doc;
}
