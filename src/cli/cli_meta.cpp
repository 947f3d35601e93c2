// The command line described from its own CLI::App tree (cli_meta.hpp).
#include "cli_meta.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>

#include "command.hpp"
#include "gridenum/core/host.hpp"

namespace gridenum::cli {

const std::vector<std::pair<int, std::string>>& exit_statuses() {
  static const std::vector<std::pair<int, std::string>> codes{
      {0, "success"},
      {1, "a failed check, or input lines that failed"},
      {2, "a usage or input error"},
      {3, "a run-time failure (I/O, a damaged journal, a locked job, output that could not be written)"},
      {130, "interrupted (a job can be resumed)"},
  };
  return codes;
}

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
std::vector<std::string> meta_option_spellings(const CLI::Option* o) {
  std::vector<std::string> v;
  for (const auto& l : o->get_lnames()) v.push_back("--" + l);
  for (const auto& s : o->get_snames()) v.push_back("-" + s);
  return v;
}

// The commands from the top to `app`, root first.
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

std::size_t edit_distance(const std::string& a, const std::string& b) {
  const std::size_t n = a.size(), m = b.size();
  std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1));
  for (std::size_t i = 0; i <= n; ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= m; ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= n; ++i)
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[n][m];
}

std::vector<std::string> nearest_words(const std::string& word, const std::vector<std::string>& candidates) {
  std::vector<std::string> prefixed;
  for (const auto& c : candidates)
    if (c.size() > word.size() && c.compare(0, word.size(), word) == 0 && word.find_first_not_of('-') != std::string::npos)
      prefixed.push_back(c);
  if (prefixed.size() == 1) return prefixed;
  const std::size_t letters = word.size() - std::min(word.size(), word.find_first_not_of('-'));
  const std::size_t limit = std::max<std::size_t>(1, letters / 3);
  std::size_t best = limit + 1;
  std::vector<std::string> near;
  for (const auto& c : candidates) {
    const std::size_t d = edit_distance(word, c);
    if (d < best) {
      best = d;
      near.clear();
    }
    if (d == best && std::find(near.begin(), near.end(), c) == near.end()) near.push_back(c);
  }
  return near;
}

std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates) {
  const auto near = nearest_words(word, candidates);
  if (near.empty()) return "";
  std::string s = "did you mean ";
  for (std::size_t i = 0; i < near.size(); ++i) s += (i == 0 ? "" : i + 1 == near.size() ? " or " : ", ") + ("'" + near[i] + "'");
  return s + "?";
}

std::optional<int> check_command_words(const CLI::App& root, int argc, char** argv) {
  const CLI::App* app = &root;
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    if (word.empty() || word[0] == '-') return std::nullopt;  // options: CLI11 parses them
    const auto subs = app->get_subcommands([](const CLI::App* s) { return !s->get_name().empty(); });
    if (subs.empty()) return std::nullopt;  // a command's own arguments
    const auto it = std::find_if(subs.begin(), subs.end(), [&](const CLI::App* s) { return s->check_name(word); });
    if (it != subs.end()) {
      app = *it;
      continue;
    }
    std::vector<std::string> names;
    for (const CLI::App* s : listed_subcommands(*app)) names.push_back(s->get_name());
    const std::string where = command_path(*app);
    std::string msg = "gridenum: error: unknown command '" + word + "'" + (app == &root ? "" : " of '" + where + "'");
    if (const std::string hint = did_you_mean(word, names); !hint.empty()) {
      msg += "; " + hint;
    } else {
      msg += "; the commands:";
      for (const auto& n : names) msg += " " + n;
    }
    std::fprintf(stderr, "%s\nRun '%s --help' for more information.\n", msg.c_str(), where.c_str());
    return 2;
  }
  return std::nullopt;
}

bool explain_unknown_options(const CLI::App& root) {
  const CLI::App* app = &root;
  while (!app->get_subcommands().empty()) app = app->get_subcommands().front();
  std::vector<std::string> known;
  for (const CLI::App* a : meta_chain(*app))
    for (const CLI::Option* o : a->get_options())
      for (const auto& s : meta_option_spellings(o)) known.push_back(s);
  bool any = false;
  for (const std::string& extra : root.remaining(true)) {
    if (extra.size() < 2 || extra[0] != '-' || (extra[1] >= '0' && extra[1] <= '9') || extra == "--") continue;
    const std::string name = extra.substr(0, extra.find('='));
    if (std::find(known.begin(), known.end(), name) != known.end()) continue;
    std::string msg = "gridenum: error: unknown option '" + name + "' of '" + command_path(*app) + "'";
    if (const std::string hint = did_you_mean(name, known); !hint.empty()) msg += "; " + hint;
    std::fprintf(stderr, "%s\n", msg.c_str());
    any = true;
  }
  if (any) std::fprintf(stderr, "Run '%s --help' for more information.\n", command_path(*app).c_str());
  return any;
}

void add_version_flags(CLI::App& root) {
  for (CLI::App* sub : meta_all_subcommands(root)) {
    if (sub->get_option_no_throw("--version") == nullptr && sub->get_option_no_throw("-V") == nullptr)
      sub->set_version_flag("-V,--version", version_line());
    add_version_flags(*sub);
  }
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
