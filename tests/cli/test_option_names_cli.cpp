// One name, one meaning across the commands (src/cli/cmd_*.cpp): --count counts solutions (solve:
// of each puzzle; enumerate: of the empty grid, every grid), the number of puzzles generate makes
// is --puzzles; positionals are named for what they are (DIR a job directory, FILE a file with
// '-' for standard input, PATH either) and their help says what each one is.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "cli_tree.hpp"

namespace {

using namespace gridenum::testing;

// The entries of one section ("Options:", "Positionals:") of a --help text: a line of two spaces
// and the entry's names, with the description CLI11 puts on the next lines when the names are
// long (indented further) joined to it by two spaces.
std::vector<std::string> section_entries(const std::string& help, const std::string& section) {
  std::vector<std::string> entries;
  bool in = false;
  for (const std::string& line : lines_of(help)) {
    if (line == section) {
      in = true;
      continue;
    }
    if (line.empty()) in = false;
    if (!in || line.size() <= 2 || line.compare(0, 2, "  ") != 0) continue;
    if (line[2] != ' ') entries.push_back(line.substr(2));
    else if (!entries.empty()) entries.back() += "  " + line.substr(line.find_first_not_of(' '));
  }
  return entries;
}

// The entry of `name` ("--count", "DIR") in a help section, "" when it is not listed.
std::string entry(const std::string& help, const std::string& section, const std::string& name) {
  for (const std::string& e : section_entries(help, section))
    if (e.compare(0, name.size(), name) == 0 && (e.size() == name.size() || e[name.size()] == ' ' || e[name.size()] == ','))
      return e;
  return "";
}

}  // namespace

TEST(OptionNamesCli, CountCountsSolutionsAndGenerateTakesPuzzles) {
  const std::string solve = run_cli({"solve", "--help"}).out, enumerate = run_cli({"enumerate", "--help"}).out,
                    generate = run_cli({"generate", "--help"}).out;
  EXPECT_TRUE(contains(entry(solve, "Options:", "--count"), "number of solutions")) << solve;
  EXPECT_TRUE(contains(entry(enumerate, "Options:", "--count"), "the solutions of the empty grid")) << enumerate;
  EXPECT_EQ(entry(generate, "Options:", "--count"), "") << generate;
  EXPECT_TRUE(contains(entry(generate, "Options:", "--puzzles"), "Number of puzzles to make")) << generate;

  const Proc made = run_cli({"generate", "--seed", "4", "--shape", "2x2", "--puzzles", "3"});
  ASSERT_EQ(made.code, 0) << made.err;
  EXPECT_EQ(lines_of(made.out).size(), 4u) << made.out;  // the header and 3 puzzles
  EXPECT_TRUE(contains(lines_of(made.out).at(0), " --puzzles 3 ")) << made.out;
  // The old spelling still makes the same puzzles, and says the new one on stderr.
  const Proc old = run_cli({"generate", "--seed", "4", "--shape", "2x2", "--count", "3"});
  ASSERT_EQ(old.code, 0) << old.err;
  EXPECT_EQ(old.out, made.out);
  EXPECT_TRUE(contains(old.err, "gridenum generate: --count N is now --puzzles N")) << old.err;
  EXPECT_FALSE(contains(made.err, "--count")) << made.err;
  const Proc both = run_cli({"generate", "--seed", "4", "--puzzles", "3", "--count", "3"});
  EXPECT_EQ(both.code, 2);
  EXPECT_TRUE(contains(both.err, "--count: the old name of --puzzles; give --puzzles only")) << both.err;
}

// Every positional of every command is named for what it is -- DIR (a job directory), FILE (a
// file; '-' is standard input where that is read), PATH (a file or a directory), or a word of
// the command line (FORMAT, COMMAND) -- and its help says what it holds.
TEST(OptionNamesCli, PositionalsAreNamedForWhatTheyAre) {
  const std::vector<std::string> names{"DIR", "FILE", "PATH", "FORMAT", "COMMAND", "RANK"};
  int seen = 0;
  for (const auto& command : cli_leaf_commands()) {
    auto args = command;
    args.push_back("--help");
    const std::string help = run_cli(args).out;
    for (const std::string& e : section_entries(help, "Positionals:")) {
      const std::string name = e.substr(0, e.find(' '));
      EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << joined_words(command) << ": " << e;
      // The description: after the names and type, two spaces (or on the next line when long).
      const std::size_t gap = e.find("  ");
      EXPECT_TRUE(gap != std::string::npos && e.find_first_not_of(' ', gap) != std::string::npos) << joined_words(command) << ": " << e;
      ++seen;
    }
  }
  EXPECT_GE(seen, 7);  // solve, export-mip, resume, status, merge, verify result, help
  // Where standard input is read, the help says so; a job's directory is DIR everywhere.
  for (const char* cmd : {"solve", "export-mip"}) {
    const std::string e = entry(run_cli({cmd, "--help"}).out, "Positionals:", "FILE");
    EXPECT_TRUE(contains(e, "'-': standard input")) << cmd << ": " << e;
  }
  for (const char* cmd : {"resume", "status", "merge"})
    EXPECT_TRUE(contains(entry(run_cli({cmd, "--help"}).out, "Positionals:", "DIR"), "director")) << cmd;
  const std::string result = entry(run_cli({"verify", "result", "--help"}).out, "Positionals:", "PATH");
  EXPECT_TRUE(contains(result, "result file")) << result;
  // Options that take one say so the same way.
  const std::string count = run_cli({"count", "--help"}).out;
  EXPECT_TRUE(contains(entry(count, "Options:", "--job-dir"), "--job-dir DIR")) << count;
  EXPECT_TRUE(contains(entry(count, "Options:", "--table-cache"), "--table-cache DIR")) << count;
  EXPECT_TRUE(contains(entry(count, "Options:", "--config"), "--config FILE")) << count;
  EXPECT_TRUE(contains(entry(run_cli({"merge", "--help"}).out, "Options:", "--output"), "--output DIR"));
  // The usage line names them too.
  EXPECT_TRUE(contains(run_cli({"solve", "--help"}).out, "[OPTIONS] [FILE]"));
}

// --config's help named configs/default.toml, a path of the source tree that means nothing after
// `cmake --install`: it says where the configs are installed, and a --config that names no file
// says it too (tests/cli/slow_install_cli.cpp: from an installation, the directory itself).
TEST(OptionNamesCli, ConfigSaysWhereTheConfigsAreInstalled) {
  const std::string e = entry(run_cli({"count", "--help"}).out, "Options:", "--config");
  EXPECT_TRUE(contains(e, "installed in PREFIX/share/gridenum/configs")) << e;
  EXPECT_FALSE(contains(e, "see configs/")) << e;
  const TempDir t;
  const Proc p = run_cli({"count", "--config", (t / "nine.toml").string()});
  EXPECT_EQ(p.code, 2);
  EXPECT_EQ(p.out, "");
  EXPECT_TRUE(contains(p.err, "--config: no file '" + (t / "nine.toml").string() +
                                  "'; the ready configs (default.toml, 2x5.toml, 4x3.toml, ...) are installed in "
                                  "PREFIX/share/gridenum/configs, and in configs/ of the source tree"))
      << p.err;
}
