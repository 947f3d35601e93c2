// Usage errors name what was wrong and what was probably meant (src/cli/cli_meta.hpp): an
// unknown command or subcommand with the nearest commands, an unknown option with the nearest
// options of the command it was given to; all exit 2. `gridenum help [COMMAND...]` prints the
// same help as --help, and every command answers -V/--version.
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "cli_tree.hpp"

namespace {
using namespace gridenum::testing;
}  // namespace

TEST(UsageCli, UnknownCommandSuggestsTheNearest) {
  const Proc p = run_cli({"cuont"});
  EXPECT_EQ(p.code, 2);
  EXPECT_TRUE(contains(p.err, "unknown command 'cuont'; did you mean 'count'?")) << p.err;
  EXPECT_FALSE(contains(p.err, "A subcommand is required")) << p.err;
  EXPECT_EQ(p.out, "");

  const Proc typo = run_cli({"symetry", "--shape", "2x2"});
  EXPECT_EQ(typo.code, 2);
  EXPECT_TRUE(contains(typo.err, "did you mean 'symmetry'?")) << typo.err;
}

TEST(UsageCli, UnknownCommandFarFromAnyListsTheCommands) {
  const Proc p = run_cli({"xyzzy"});
  EXPECT_EQ(p.code, 2);
  EXPECT_TRUE(contains(p.err, "unknown command 'xyzzy'")) << p.err;
  EXPECT_FALSE(contains(p.err, "did you mean")) << p.err;
  for (const std::string& c : help_subcommands(run_cli({"--help"}).out)) EXPECT_TRUE(contains(p.err, " " + c)) << c;
}

TEST(UsageCli, UnknownSubcommandSuggestsFromItsCommand) {
  const Proc p = run_cli({"verify", "clases"});
  EXPECT_EQ(p.code, 2);
  EXPECT_TRUE(contains(p.err, "unknown command 'clases' of 'gridenum verify'; did you mean 'classes'?")) << p.err;
}

TEST(UsageCli, UnknownOptionSuggestsTheCommandsNearest) {
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  const std::vector<Case> cases{
      {{"count", "--shap", "3x3"}, "unknown option '--shap' of 'gridenum count'; did you mean '--shape'?"},
      {{"verify", "completions", "--sampel", "3"},
       "unknown option '--sampel' of 'gridenum verify completions'; did you mean '--sample'?"},
      {{"solve", "--threds=2", "-"}, "unknown option '--threds' of 'gridenum solve'; did you mean '--threads'?"},
  };
  for (const Case& c : cases) {
    const Proc p = run_cli(c.args);
    EXPECT_EQ(p.code, 2) << joined_words(c.args);
    EXPECT_TRUE(contains(p.err, c.message)) << joined_words(c.args) << "\n" << p.err;
    EXPECT_EQ(p.out, "") << joined_words(c.args);
  }
  // Nothing near: named, no suggestion.
  const Proc far = run_cli({"estimate", "--zzzzzzzz"});
  EXPECT_EQ(far.code, 2);
  EXPECT_TRUE(contains(far.err, "unknown option '--zzzzzzzz' of 'gridenum estimate'")) << far.err;
  EXPECT_FALSE(contains(far.err, "did you mean")) << far.err;
}

// A stray word that is not an option keeps CLI11's message, and exit 2.
TEST(UsageCli, StrayArgumentIsAUsageError) {
  const Proc p = run_cli({"estimate", "stray"});
  EXPECT_EQ(p.code, 2);
  EXPECT_TRUE(contains(p.err, "stray")) << p.err;
}

TEST(UsageCli, HelpCommandPrintsTheHelp) {
  const Proc top = run_cli({"help"});
  EXPECT_EQ(top.code, 0) << top.err;
  EXPECT_EQ(top.out, run_cli({"--help"}).out);
  EXPECT_TRUE(contains(top.out, "Subcommands:"));
  EXPECT_TRUE(contains(top.out, "Exit codes:"));

  const Proc cmd = run_cli({"help", "count"});
  EXPECT_EQ(cmd.code, 0) << cmd.err;
  EXPECT_EQ(cmd.out, run_cli({"count", "--help"}).out);
  EXPECT_TRUE(contains(cmd.out, "--shape"));

  const Proc sub = run_cli({"help", "verify", "classes"});
  EXPECT_EQ(sub.code, 0) << sub.err;
  EXPECT_EQ(sub.out, run_cli({"verify", "classes", "--help"}).out);

  const Proc bad = run_cli({"help", "cuont"});
  EXPECT_EQ(bad.code, 2);
  EXPECT_TRUE(contains(bad.err, "unknown command 'cuont'; did you mean 'count'?")) << bad.err;
}

TEST(UsageCli, EveryCommandAnswersVersion) {
  const Proc top = run_cli({"--version"});
  ASSERT_EQ(top.code, 0) << top.err;
  ASSERT_TRUE(contains(top.out, "gridenum ")) << top.out;
  EXPECT_EQ(run_cli({"-V"}).out, top.out);
  const auto commands = cli_leaf_commands();
  ASSERT_GE(commands.size(), 10u);
  for (auto c : commands) {
    c.push_back("--version");
    const Proc p = run_cli(c);
    EXPECT_EQ(p.code, 0) << joined_words(c) << "\n" << p.err;
    EXPECT_EQ(p.out, top.out) << joined_words(c);
  }
  const Proc group = run_cli({"verify", "-V"});
  EXPECT_EQ(group.code, 0) << group.err;
  EXPECT_EQ(group.out, top.out);
}

// Every command's help ends with its exit codes, in one style ("Exit: 0 done; 2 usage error; ..."),
// each one of the codes the top help lists (main.cpp, cli_meta.hpp exit_statuses): verify and its
// subcommands, estimate and enumerate had none.
TEST(UsageCli, EveryCommandsHelpListsItsExitCodes) {
  const std::set<int> known{0, 1, 2, 3, 130};
  auto commands = cli_leaf_commands();
  commands.push_back({"verify"});
  commands.push_back({"cli-docs"});  // hidden, still a command
  for (auto c : commands) {
    c.push_back("--help");
    const Proc p = run_cli(c);
    ASSERT_EQ(p.code, 0) << joined_words(c);
    const std::size_t at = p.out.find("\nExit: ");
    ASSERT_NE(at, std::string::npos) << joined_words(c) << "\n" << p.out;
    const std::string exits = p.out.substr(at + 1, p.out.find("\n\n", at + 1) - at - 1);
    std::set<int> codes;
    const std::regex code(R"((?:^Exit: |; |\n)(\d+) )");
    for (std::sregex_iterator it(exits.begin(), exits.end(), code), end; it != end; ++it) codes.insert(std::stoi((*it)[1]));
    EXPECT_TRUE(codes.count(0) && codes.count(2)) << joined_words(c) << ": " << exits;
    for (int k : codes) EXPECT_TRUE(known.count(k)) << joined_words(c) << ": exit " << k << " in " << exits;
  }
  EXPECT_TRUE(contains(run_cli({"verify", "classes", "--help"}).out, "Exit: 0 PASS; 1 FAIL"));
}
