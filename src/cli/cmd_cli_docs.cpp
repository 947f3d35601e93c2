// `gridenum cli-docs man|bash|zsh [--output FILE]`, hidden from the help: the man page and the
// shell completion scripts, generated from the commands' own help (cli_meta.hpp). The build runs
// it after linking and `cmake --install` installs what it wrote (docs/install.md).
#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>

#include "cli_meta.hpp"
#include "command.hpp"

namespace gridenum::cli {
namespace {

struct CliDocsArgs {
  std::string format;
  std::string output;
};

const RegisterCommand register_cli_docs(91, [](CLI::App& root) {
  auto a = std::make_shared<CliDocsArgs>();
  auto* cmd = root.add_subcommand("cli-docs", "Write the man page or a shell completion script, generated from the help");
  cmd->group("");  // hidden: a build step, not a user's command
  cmd->add_option("FORMAT", a->format, "man (roff), bash or zsh")->required()->check(CLI::IsMember({"man", "bash", "zsh"}));
  cmd->add_option("--output", a->output, "Write to this file instead of standard output")->type_name("FILE");
  cmd->footer("Exit: 0 done; 2 usage error; 3 the output could not be written.");
  cmd->callback([&root, a] {
    const std::string text = a->format == "man"    ? man_page(root)
                             : a->format == "bash" ? bash_completion(root)
                                                   : zsh_completion(root);
    if (a->output.empty()) {
      std::cout << text << std::flush;
      return;
    }
    std::ofstream out(a->output, std::ios::binary | std::ios::trunc);
    out << text;
    out.close();
    if (!out) throw std::runtime_error("cannot write " + a->output);
  });
});

}  // namespace
}  // namespace gridenum::cli
