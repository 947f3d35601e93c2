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

// ---- The man page ------------------------------------------------------------------------------

namespace {

// Text for roff: backslashes and hyphens escaped, no line that starts with a control character.
std::string roff(const std::string& text) {
  std::string out;
  bool line_start = true;
  for (char c : text) {
    if (line_start && (c == '.' || c == '\'')) out += "\\&";
    line_start = c == '\n';
    if (c == '\\')
      out += "\\e";
    else if (c == '-')
      out += "\\-";
    else
      out += c;
  }
  return out;
}

std::string trim_newlines(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

std::string meta_usage(const CLI::App& app) {
  const CLI::Formatter f;
  std::string u = f.make_usage(&app, command_path(app));
  const std::string label = "Usage: ";
  if (u.compare(0, label.size(), label) == 0) u.erase(0, label.size());
  return trim_newlines(u);
}

void man_command(std::ostringstream& out, const CLI::App& app) {
  const CLI::Formatter f;
  out << ".SS \"" << roff(command_path(app)) << "\"\n";
  out << ".B " << roff(meta_usage(app)) << "\n.PP\n" << roff(trim_newlines(app.get_description())) << "\n";
  for (const CLI::Option* o : listed_options(app)) {
    // The option's line of --help: its names in bold, then its type and default ("TEXT=3x3").
    out << ".TP\n\\fB" << roff(f.make_option_name(o, o->get_positional())) << "\\fR";
    if (const std::string opts = trim_newlines(f.make_option_opts(o)); !opts.empty())
      out << " \\fI" << roff(opts.substr(opts.find_first_not_of(' '))) << "\\fR";
    out << "\n" << roff(trim_newlines(o->get_description())) << "\n";
  }
  if (const auto subs = listed_subcommands(app); !subs.empty()) {
    out << ".PP\nSubcommands:";
    for (const CLI::App* s : subs) out << " " << roff(s->get_name());
    out << ".\n";
  }
  if (const std::string footer = trim_newlines(app.get_footer()); !footer.empty())
    out << ".PP\n.nf\n" << roff(footer) << "\n.fi\n";
  for (const CLI::App* s : listed_subcommands(app)) man_command(out, *s);
}

}  // namespace

std::string man_page(const CLI::App& root) {
  std::ostringstream out;
  std::string what = root.get_description();
  if (const std::string own = "gridenum: "; what.compare(0, own.size(), own) == 0) what.erase(0, own.size());
  std::string sentence = what;
  if (!sentence.empty()) sentence[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(sentence[0])));
  out << ".\\\" The man page of gridenum, generated by `gridenum cli-docs man` from the commands' own help\n"
      << ".\\\" (docs/install.md): do not edit.\n"
      << ".TH GRIDENUM 1 \"\" \"gridenum " << roff(program_version()) << "\" \"User Commands\"\n"
      << ".SH NAME\ngridenum \\- " << roff(what) << "\n"
      << ".SH SYNOPSIS\n.B gridenum\n.I COMMAND\n.RI [ OPTIONS ]\n.br\n.B gridenum help\n.RI [ COMMAND ]\n.br\n"
      << ".B gridenum\n.BR \\-\\-help \" | \" \\-\\-version\n"
      << ".SH DESCRIPTION\n" << roff(sentence) << ".\nEach command has its own options; \\fBgridenum\\fR \\fICOMMAND\\fR "
      << "\\fB\\-\\-help\\fR prints them, as the sections below do.\n"
      << ".SH COMMANDS\n";
  for (const CLI::App* s : listed_subcommands(root))
    out << ".TP\n.B " << roff(s->get_name()) << "\n" << roff(trim_newlines(s->get_description())) << "\n";
  for (const CLI::App* s : listed_subcommands(root)) man_command(out, *s);
  out << ".SH EXIT STATUS\n";
  for (const auto& [code, what_code] : exit_statuses()) out << ".TP\n.B " << code << "\n" << roff(what_code) << "\n";
  out << ".SH SEE ALSO\nThe documentation installed with gridenum (share/doc/gridenum), README.md first.\n";
  return out.str();
}

// ---- Shell completions -------------------------------------------------------------------------

namespace {

struct CompletionNode {
  std::string path;  // "" for the top, "/verify/classes" below it
  std::vector<std::pair<std::string, std::string>> commands;  // name, description
  std::vector<std::pair<std::string, std::string>> options;   // spelling, description
  std::vector<std::string> valued;                             // options that take a value
};

void completion_nodes(const CLI::App& app, const std::string& path, std::vector<CompletionNode>& nodes) {
  CompletionNode n;
  n.path = path;
  for (const CLI::App* s : listed_subcommands(app)) n.commands.emplace_back(s->get_name(), s->get_description());
  for (const CLI::Option* o : listed_options(app)) {
    if (o->get_positional() && o->get_lnames().empty() && o->get_snames().empty()) continue;
    for (const auto& s : meta_option_spellings(o)) {
      n.options.emplace_back(s, o->get_description());
      if (o->get_expected_max() != 0) n.valued.push_back(s);  // flags expect no value
    }
  }
  nodes.push_back(n);
  for (const CLI::App* s : listed_subcommands(app)) completion_nodes(*s, path + "/" + s->get_name(), nodes);
}

// A word for a shell's single quotes.
std::string single_quoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& w : v) s += (s.empty() ? "" : " ") + w;
  return s;
}

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

}  // namespace

std::string bash_completion(const CLI::App& root) {
  std::vector<CompletionNode> nodes;
  completion_nodes(root, "", nodes);
  std::ostringstream out;
  out << "# bash completion for gridenum, generated by `gridenum cli-docs bash` from the commands' own help\n"
         "# (docs/install.md): do not edit. Needs bash only (not the bash-completion package).\n"
         "_gridenum() {\n"
         "  local cur=${COMP_WORDS[COMP_CWORD]} prev=\"\" path=\"\" i w\n"
         "  (( COMP_CWORD > 0 )) && prev=${COMP_WORDS[COMP_CWORD-1]}\n"
         "  # The command words typed so far: only words that name a command where they stand.\n"
         "  for ((i = 1; i < COMP_CWORD; i++)); do\n"
         "    w=${COMP_WORDS[i]}\n"
         "    case \"$path/$w\" in\n";
  std::vector<std::string> paths;
  for (const auto& n : nodes)
    if (!n.path.empty()) paths.push_back(single_quoted(n.path));
  std::string alternatives;
  for (const auto& p : paths) alternatives += (alternatives.empty() ? "" : "|") + p;
  out << "      " << alternatives << ") path=\"$path/$w\" ;;\n"
         "    esac\n"
         "  done\n"
         "  local commands=\"\" options=\"\" valued=\"\"\n"
         "  case \"$path\" in\n";
  for (const auto& n : nodes) {
    std::vector<std::string> cmds, opts;
    for (const auto& c : n.commands) cmds.push_back(c.first);
    for (const auto& o : n.options) opts.push_back(o.first);
    out << "    " << single_quoted(n.path) << ") commands=" << single_quoted(joined(cmds))
        << " options=" << single_quoted(joined(opts)) << " valued=" << single_quoted(" " + joined(n.valued) + " ")
        << " ;;\n";
  }
  out << "  esac\n"
         "  COMPREPLY=()\n"
         "  # After an option that takes a value: files (complete -o default).\n"
         "  [[ -n $prev && $valued == *\" $prev \"* && $cur != -* ]] && return 0\n"
         "  if [[ $cur == -* ]]; then\n"
         "    COMPREPLY=($(compgen -W \"$options\" -- \"$cur\"))\n"
         "  elif [[ -n $commands ]]; then\n"
         "    COMPREPLY=($(compgen -W \"$commands\" -- \"$cur\"))\n"
         "  fi\n"
         "  return 0\n"
         "}\n"
         "complete -o default -F _gridenum gridenum\n";
  return out.str();
}

std::string zsh_completion(const CLI::App& root) {
  std::vector<CompletionNode> nodes;
  completion_nodes(root, "", nodes);
  // _describe's "name:description" specs: a colon in the name is escaped.
  const auto spec = [](const std::string& name, const std::string& desc) {
    std::string n;
    for (char c : name) n += c == ':' ? std::string("\\:") : std::string(1, c);
    return single_quoted(n + ":" + first_line(desc));
  };
  std::ostringstream out;
  out << "#compdef gridenum\n"
         "# zsh completion for gridenum, generated by `gridenum cli-docs zsh` from the commands' own help\n"
         "# (docs/install.md): do not edit.\n"
         "_gridenum() {\n"
         "  local p=\"\" w i\n"
         "  local -a subcommands opts valued\n"
         "  for ((i = 2; i < CURRENT; i++)); do\n"
         "    w=${words[i]}\n"
         "    case \"$p/$w\" in\n";
  std::string alternatives;
  for (const auto& n : nodes)
    if (!n.path.empty()) alternatives += (alternatives.empty() ? "" : "|") + single_quoted(n.path);
  out << "      (" << alternatives << ") p=\"$p/$w\" ;;\n"
         "    esac\n"
         "  done\n"
         "  case \"$p\" in\n";
  for (const auto& n : nodes) {
    out << "    (" << single_quoted(n.path) << ")\n      subcommands=(";
    for (const auto& c : n.commands) out << "\n        " << spec(c.first, c.second);
    out << ")\n      opts=(";
    for (const auto& o : n.options) out << "\n        " << spec(o.first, o.second);
    out << ")\n      valued=(";
    for (const auto& v : n.valued) out << " " << single_quoted(v);
    out << ") ;;\n";
  }
  out << "  esac\n"
         "  if (( CURRENT > 2 )) && (( ${valued[(Ie)${words[CURRENT-1]}]} )) && [[ $PREFIX != -* ]]; then\n"
         "    _files\n"
         "  elif [[ $PREFIX == -* ]]; then\n"
         "    _describe -t options option opts\n"
         "  elif (( ${#subcommands} )); then\n"
         "    _describe -t commands command subcommands\n"
         "  else\n"
         "    _files\n"
         "  fi\n"
         "}\n"
         "if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then\n"
         "  _gridenum \"$@\"\n"
         "else\n"
         "  compdef _gridenum gridenum\n"
         "fi\n";
  return out.str();
}

}  // namespace gridenum::cli
