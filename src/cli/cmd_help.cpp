// `gridenum help [COMMAND [SUBCOMMAND]]`: the help of gridenum, or of a command, the same text as
// `gridenum COMMAND --help` (cli_meta.hpp); an unknown command is named with the nearest ones.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>

#include "cli_meta.hpp"
#include "command.hpp"

namespace gridenum::cli {
namespace {

const RegisterCommand register_help(90, [](CLI::App& root) {
  auto words = std::make_shared<std::vector<std::string>>();
  auto* cmd = root.add_subcommand("help", "Print the help of gridenum, or of a command (gridenum help verify classes)");
  cmd->add_option("COMMAND", *words, "A command, and a subcommand of it");
  cmd->footer("Exit: 0 done; 2 an unknown command (named with the nearest ones).");
  cmd->callback([&root, words] {
    const CLI::App* app = &root;
    for (const std::string& w : *words) {
      const auto subs = app->get_subcommands([](const CLI::App* s) { return !s->get_name().empty(); });
      const auto it = std::find_if(subs.begin(), subs.end(), [&](const CLI::App* s) { return s->check_name(w); });
      if (it == subs.end()) {
        std::vector<std::string> names;
        for (const CLI::App* s : listed_subcommands(*app)) names.push_back(s->get_name());
        const std::string hint = did_you_mean(w, names);
        std::fprintf(stderr, "gridenum: error: unknown command '%s'%s%s\nRun '%s --help' for more information.\n", w.c_str(),
                     app == &root ? "" : (" of '" + command_path(*app) + "'").c_str(), hint.empty() ? "" : ("; " + hint).c_str(),
                     command_path(*app).c_str());
        throw Exit{2};
      }
      app = *it;
    }
    std::cout << help_text(*app) << std::flush;
  });
});

}  // namespace
}  // namespace gridenum::cli
