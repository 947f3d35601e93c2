// Every command's defaults are the values it runs with. The commands are found by walking the
// real binary's --help (tests/support/cli_tree.hpp); for each, the defaults its --help prints are
// compared with what GRIDENUM_PRINT_DEFAULTS=1 reports its bound variables hold when it would run
// with no arguments (src/cli/cli_meta.hpp). This caught `verify classes` and `verify completions`
// running 2x2 while their help said 3x3: the three verify subcommands once shared one variable.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "cli_tree.hpp"

namespace {

using namespace gridenum::testing;

struct DumpedDefault {
  std::string shown;  // the default the option's help prints
  std::string value;  // what its variable holds when the command runs ("?": not readable)
};

std::map<std::string, DumpedDefault> dumped_defaults(const std::vector<std::string>& command, std::string& error) {
  const Proc p = run_cli(command, [] { ::setenv("GRIDENUM_PRINT_DEFAULTS", "1", 1); });
  std::map<std::string, DumpedDefault> d;
  if (p.code != 0) error = "exit " + std::to_string(p.code) + ": " + p.err;
  for (const std::string& line : lines_of(p.out)) {
    const std::size_t t1 = line.find('\t'), t2 = line.find('\t', t1 + 1);
    if (t1 == std::string::npos || t2 == std::string::npos) {
      error += "not a defaults line: " + line + "\n";
      continue;
    }
    d[line.substr(0, t1)] = {line.substr(t1 + 1, t2 - t1 - 1), line.substr(t2 + 1)};
  }
  return d;
}

}  // namespace

TEST(DefaultsCli, EveryCommandRunsWithTheDefaultsItsHelpPrints) {
  const auto commands = cli_leaf_commands();
  std::vector<std::string> names;
  for (const auto& c : commands) names.push_back(joined_words(c));
  // The walk found the commands (not a vacuous pass): the top ones and the verify subcommands.
  for (const char* expected : {"count", "resume", "verify classes", "verify completions", "verify symmetry", "solve"})
    EXPECT_NE(std::find(names.begin(), names.end(), expected), names.end()) << expected;

  int compared = 0;
  for (const auto& command : commands) {
    const std::string name = joined_words(command);
    auto help_args = command;
    help_args.push_back("--help");
    const Proc help = run_cli(help_args);
    ASSERT_EQ(help.code, 0) << name << ": " << help.err;
    const auto printed = help_defaults(help.out);
    std::string error;
    const auto dumped = dumped_defaults(command, error);
    EXPECT_EQ(error, "") << name;
    for (const auto& [option, def] : printed) {
      const auto it = dumped.find(option);
      ASSERT_NE(it, dumped.end()) << name << " " << option << ": printed in --help, not reported by the command";
      EXPECT_EQ(it->second.value, def) << name << " " << option << ": --help prints " << def << ", the command runs with "
                                       << it->second.value;
      ++compared;
    }
    // And the reverse: every default the command declares is one its help prints.
    for (const auto& [option, d] : dumped)
      if (!d.shown.empty()) {
        EXPECT_TRUE(printed.count(option)) << name << " " << option << ": declared default " << d.shown
                                           << " not found in --help";
      }
  }
  EXPECT_GE(compared, 20);  // every command's defaults, not a handful
}

// The diagnostic replaces the command's work: a command whose argument is required (resume DIR)
// still reports, and nothing runs (no job directory is needed or made).
TEST(DefaultsCli, TheDiagnosticRunsNothing) {
  const TempDir t;
  const Proc p = run_cli({"count", "--shape", "3x3", "--job-dir", (t / "job").string()},
                         [] { ::setenv("GRIDENUM_PRINT_DEFAULTS", "1", 1); });
  EXPECT_EQ(p.code, 0) << p.err;
  EXPECT_TRUE(contains(p.out, "--shape\t")) << p.out;
  EXPECT_FALSE(fs::exists(t / "job"));
  std::string error;
  const auto resume = dumped_defaults({"resume"}, error);
  EXPECT_EQ(error, "");
  EXPECT_TRUE(resume.count("DIR")) << "resume's positional DIR";
}
