// `gridenum methods`: the registry of counting methods (count/method.hpp) as a table or JSON --
// what each method counts, which options it takes, how it runs, and which box shapes it takes.
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "command.hpp"
#include "options.hpp"
#include "gridenum/count/method.hpp"

namespace gridenum::cli {
namespace {

// The box shapes listed: every R x C with 2 <= R, C and R*C <= 16, smallest grids first.
std::vector<Shape> listed_shapes() {
  std::vector<Shape> v;
  for (int n = 4; n <= 16; ++n)
    for (int r = 2; r <= n / 2; ++r)
      if (n % r == 0 && n / r >= 2) v.push_back(Shape{r, n / r});
  return v;
}

std::vector<std::string> option_names(unsigned options) {
  std::vector<std::string> v;
  for (MethodOption o : {kOptionKernel, kOptionSlices, kOptionTableCache, kOptionMemoryLimit})
    if (options & o) v.push_back(method_option_name(o));
  return v;
}

nlohmann::ordered_json to_json(const CountMethod& m, const std::vector<Shape>& shapes) {
  nlohmann::ordered_json j;
  j["name"] = m.name;
  j["summary"] = m.summary;
  j["doc"] = m.doc;
  j["options"] = option_names(m.options);
  j["runs"] = {{"jobs", m.has_jobs()}, {"one_pass", static_cast<bool>(m.run_once)}, {"classes", static_cast<bool>(m.run_classes)}};
  j["auto_rank"] = m.auto_rank;
  j["classes_rank"] = m.classes_rank;
  nlohmann::ordered_json takes = nlohmann::ordered_json::array(), refuses = nlohmann::ordered_json::array();
  for (Shape s : shapes) {
    if (auto why = m.shape_error(s)) refuses.push_back({{"shape", s.str()}, {"why", *why}});
    else takes.push_back(s.str());
  }
  j["takes"] = takes;
  j["refuses"] = refuses;
  nlohmann::ordered_json classes = nlohmann::ordered_json::array();  // shapes of a --classes run
  for (Shape s : shapes)
    if (m.takes_classes(s)) classes.push_back(s.str());
  j["classes_takes"] = classes;
  return j;
}

void run(const std::string& shape, bool json) {
  std::vector<Shape> shapes = listed_shapes();
  if (!shape.empty()) shapes = {parse_box_shape(shape)};
  if (json) {
    nlohmann::ordered_json all = nlohmann::ordered_json::array();
    for (const CountMethod* m : count_methods()) all.push_back(to_json(*m, shapes));
    nlohmann::ordered_json doc;
    doc["methods"] = all;
    nlohmann::ordered_json autos = nlohmann::ordered_json::object();
    for (Shape s : shapes) {
      const CountMethod* a = auto_method(s);
      const CountMethod* c = auto_classes_method(s);
      autos[s.str()] = {{"count", a ? nlohmann::ordered_json(a->name) : nlohmann::ordered_json()},
                        {"classes", c ? nlohmann::ordered_json(c->name) : nlohmann::ordered_json()}};
    }
    doc["auto"] = autos;
    std::cout << doc.dump(2) << "\n";
    return;
  }
  for (const CountMethod* m : count_methods()) {
    std::string takes;
    for (Shape s : shapes)
      if (m->takes(s)) takes += (takes.empty() ? "" : " ") + s.str();
    std::string runs = m->has_jobs() ? "jobs (count, resume, shards, merge, status, dry run)" : "one pass";
    if (m->run_classes) runs += ", --classes";
    const auto opts = option_names(m->options);
    std::string options;
    for (const auto& o : opts) options += (options.empty() ? "" : " ") + o;
    std::cout << fmt::format("{}\n  {}\n  runs:    {}\n  options: {}\n  shapes:  {}\n  auto:    {}\n  doc:     {}\n\n", m->name,
                             m->summary, runs, options.empty() ? "(none beyond those of every method)" : options,
                             takes.empty() ? "(none of those listed)" : takes,
                             m->auto_rank > 0 ? fmt::format("rank {}", m->auto_rank) : std::string("only when named"), m->doc);
  }
  std::cout << "auto: for each shape, the method of the lowest rank that takes it";
  if (!shape.empty()) {
    const CountMethod* a = auto_method(shapes[0]);
    std::cout << " (" << shapes[0].str() << ": " << (a ? a->name : "none") << ")";
  }
  std::cout << "\n";
}

const RegisterCommand register_methods(14, [](CLI::App& root) {
  auto shape = std::make_shared<std::string>();
  auto json = std::make_shared<bool>(false);
  auto* cmd = root.add_subcommand("methods", "List the counting methods: what each counts, its options, how it runs, the "
                                             "box shapes it takes (docs/architecture.md)");
  cmd->add_option("--shape", *shape, "Only this box shape RxC (default: every shape up to 16 digits)");
  cmd->add_flag("--json", *json, "Print the registry as one JSON document");
  cmd->footer("Exit: 0 done; 2 usage error.");
  cmd->callback([shape, json] { run(*shape, *json); });
});

}  // namespace
}  // namespace gridenum::cli
