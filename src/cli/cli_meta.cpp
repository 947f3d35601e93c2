// The command line described from its own CLI::App tree (cli_meta.hpp).
#include "cli_meta.hpp"

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <sstream>

#include "command.hpp"
#include "gridenum/core/host.hpp"

namespace gridenum::cli {

std::string version_line() { return "gridenum " + program_version() + " (commit " + git_revision() + ")"; }

namespace {

bool meta_listed_app(const CLI::App* s) { return !s->get_name().empty() && !s->get_group().empty() && !s->get_disabled(); }

std::vector<CLI::App*> meta_all_subcommands(CLI::App& app) {
  return app.get_subcommands([](CLI::App* s) { return !s->get_name().empty(); });
}

// --shape, -h, or the positional's name.
std::string meta_option_label(const CLI::Option* o) {
  if (!o->get_lnames().empty()) return "--" + o->get_lnames().front();
  if (!o->get_snames().empty()) return "-" + o->get_snames().front();
  return o->get_name(true);
}

// Every spelling of an option on the command line: --shape, -s.
std::vector<const CLI::App*> meta_chain(const CLI::App& app) {
  std::vector<const CLI::App*> chain;
  for (const CLI::App* a = &app; a != nullptr; a = a->get_parent()) chain.push_back(a);
  std::reverse(chain.begin(), chain.end());
  return chain;
}

}  // namespace

std::vector<const CLI::App*> listed_subcommands(const CLI::App& app) { return app.get_subcommands(meta_listed_app); }

std::vector<const CLI::Option*> listed_options(const CLI::App& app) {
  return app.get_options([](const CLI::Option* o) { return !o->get_group().empty(); });
}

std::string command_path(const CLI::App& app) {
  std::string path = "gridenum";
  for (const CLI::App* a : meta_chain(app))
    if (a->get_parent() != nullptr) path += " " + a->get_name();
  return path;
}

std::string help_text(const CLI::App& app) {
  // The name CLI11 gives the usage line: the root's (argv[0]) and the words after it.
  std::string name;
  for (const CLI::App* a : meta_chain(app)) name += (name.empty() ? "" : " ") + a->get_name();
  return app.get_formatter()->make_help(&app, name, CLI::AppFormatMode::Normal);
}

namespace {

void meta_optional_arguments(CLI::App& app) {
  for (CLI::Option* o : app.get_options([](CLI::Option*) { return true; })) o->required(false);
  for (CLI::App* sub : meta_all_subcommands(app)) meta_optional_arguments(*sub);
}

}  // namespace

void install_defaults_dump(CLI::App& root) {
  meta_optional_arguments(root);
  // The top's parse-complete callback runs after parsing and before any command's callback; it
  // ends the process (Exit{0}) so that no command runs. The commands' callbacks stay in place:
  // they own the variables the options are bound to.
  root.parse_complete_callback([&root] {
    const CLI::App* app = &root;
    while (!app->get_subcommands().empty()) app = app->get_subcommands().front();
    if (app == &root) return;
    std::ostringstream out;
    for (const CLI::App* a : meta_chain(*app)) {
      if (a->get_parent() == nullptr) continue;  // the top's --help and --version
      for (const CLI::Option* c : a->get_options()) {
        if (c == a->get_help_ptr() || c == a->get_help_all_ptr() || c == a->get_version_ptr()) continue;
        auto* o = const_cast<CLI::Option*>(c);
        const std::string shown = o->get_default_str();
        // capture_default_str() leaves the text alone when the option has no variable to read.
        const std::string unread = "\x01unread";
        o->default_str(unread);
        o->capture_default_str();
        const std::string value = o->get_default_str() == unread ? "?" : o->get_default_str();
        o->default_str(shown);
        out << meta_option_label(o) << '\t' << shown << '\t' << value << '\n';
      }
    }
    std::cout << out.str() << std::flush;
    throw Exit{0};
  });
}

}  // namespace gridenum::cli
