// The commands of the real gridenum binary, found the way a user finds them: by reading the
// "Subcommands:" section of `gridenum --help`, then of each command's --help, down to the
// commands that have none. Tests that walk every command use this instead of a list of names
// that could go stale.
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "cli_run.hpp"

namespace gridenum::testing {

// The names a --help text lists under "Subcommands:" (two spaces, the name, then its description).
inline std::vector<std::string> help_subcommands(const std::string& help) {
  std::vector<std::string> names;
  bool in = false;
  for (const std::string& line : lines_of(help)) {
    if (line == "Subcommands:") {
      in = true;
      continue;
    }
    if (!in) continue;
    if (line.size() < 3 || line.compare(0, 2, "  ") != 0 || line[2] == ' ') break;
    names.push_back(line.substr(2, line.find(' ', 2) - 2));
  }
  return names;
}

// The defaults the "Options:" and "Positionals:" sections of a --help text print: option name (its long name, else its short or positional
// name) -> the text after the '=' of "--shape TEXT=3x3" (CLI11's help: the option's names and
// type, two spaces, its description; a long first column puts the description on the next line).
inline std::map<std::string, std::string> help_defaults(const std::string& help) {
  std::map<std::string, std::string> defaults;
  bool in = false;  // inside "Options:" or "Positionals:" (up to the blank line after it)
  for (const std::string& line : lines_of(help)) {
    if (line == "Options:" || line == "Positionals:") {
      in = true;
      continue;
    }
    if (line.empty()) in = false;
    if (!in || line.size() < 3 || line.compare(0, 2, "  ") != 0 || line[2] == ' ') continue;
    const std::string opts = line.substr(2, line.find("  ", 2) == std::string::npos ? std::string::npos : line.find("  ", 2) - 2);
    const std::size_t sp = opts.find(' ');
    if (sp == std::string::npos) continue;
    const std::string names = opts.substr(0, sp);
    std::string name = names;
    for (std::size_t at = 0; at <= names.size();) {  // the first long name, else the first name
      const std::size_t end = std::min(names.find(',', at), names.size());
      const std::string one = names.substr(at, end - at);
      if (one.compare(0, 2, "--") == 0) {
        name = one;
        break;
      }
      if (at == 0) name = one;
      at = end + 1;
    }
    const std::size_t eq = opts.rfind('=');
    if (eq == std::string::npos || eq < sp) continue;
    defaults[name] = opts.substr(eq + 1, opts.find(' ', eq) == std::string::npos ? std::string::npos : opts.find(' ', eq) - eq - 1);
  }
  return defaults;
}

// Every command path with no subcommands of its own ({"count"}, {"verify", "classes"}, ...), in
// the order the help lists them. Fails the test if a --help does not exit 0.
inline std::vector<std::vector<std::string>> cli_leaf_commands() {
  std::vector<std::vector<std::string>> leaves;
  std::vector<std::vector<std::string>> todo{{}};
  while (!todo.empty()) {
    const std::vector<std::string> path = todo.front();
    todo.erase(todo.begin());
    std::vector<std::string> args = path;
    args.push_back("--help");
    const Proc p = run_cli(args);
    EXPECT_EQ(p.code, 0) << p.err;
    const auto subs = help_subcommands(p.out);
    if (subs.empty() && !path.empty()) leaves.push_back(path);
    for (const auto& s : subs) {
      auto next = path;
      next.push_back(s);
      todo.push_back(next);
    }
  }
  return leaves;
}

inline std::string joined_words(const std::vector<std::string>& words) {
  std::string s;
  for (const auto& w : words) s += (s.empty() ? "" : " ") + w;
  return s;
}

}  // namespace gridenum::testing
