// `gridenum verify classes | completions | result`: parse, call the library (verify.hpp),
// print the report. Exit 0 on PASS, 1 on FAIL, 2 on usage or input errors.
#include <cstdio>
#include <iostream>
#include <memory>

#include "command.hpp"
#include "options.hpp"
#include "gridenum/jobs/result_io.hpp"
#include "gridenum/verify/verify.hpp"

namespace gridenum::cli {
namespace {

struct VerifyArgs {
  std::string shape = "3x3";
  int threads = 0;
  std::vector<std::uint32_t> classes;
  bool all = false;
  std::string method = "stack";
  std::string path;
  std::uint32_t sample = 0;
  std::uint64_t seed = 0;
};


// Runs one verify; a report ends the process with 0 (PASS) or 1 (FAIL); bad input (InputError)
// reaches main(), which exits 2.
template <class F>
void report(F&& make) {
  const VerifyReport r = make();
  std::cout << format_text(r) << std::flush;
  if (!r.pass()) throw Exit{1};
}

const RegisterCommand reg(15, [](CLI::App& root) {
  auto a = std::make_shared<VerifyArgs>();
  auto* cmd = root.add_subcommand("verify", "Check class sizes, completion counts or a finished result independently");
  cmd->require_subcommand(1);

  auto* classes = cmd->add_subcommand("classes", "Class sizes: catalogue against an orbit census of every band filling");
  classes->add_option("--shape", a->shape, "Box shape RxC")->default_val("3x3");
  add_threads_option(classes, a->threads)->default_val(0);
  classes->callback([a] { report([&] { return verify_classes(parse_box_shape(a->shape), a->threads); }); });

  auto* comp = cmd->add_subcommand("completions", "Completion counts n_alpha: stack method against signature method");
  comp->add_option("--shape", a->shape, "Box shape RxC")->default_val("3x3");
  auto* cls = comp->add_option("--class", a->classes, "Class index K (1-based, catalogue order); repeatable");
  comp->add_flag("--all", a->all, "Every class (the default)")->excludes(cls);
  comp->add_option("--method", a->method, "The method under check (the other one recomputes): stack or signature")
      ->default_val("stack")->check(CLI::IsMember({"stack", "signature"}));
  add_threads_option(comp, a->threads)->default_val(0);
  comp->callback([a] {
    report([&] {
      VerifyCompletionsOptions o;
      o.shape = parse_box_shape(a->shape);
      o.classes = a->all ? std::vector<std::uint32_t>{} : a->classes;
      parse_method(a->method, o.method);
      o.threads = a->threads;
      return verify_completions(o);
    });
  });

  auto* res = cmd->add_subcommand("result", "A finished count: units, per-class sums, total, sampled units");
  res->add_option("path", a->path, "Result JSON (gridenum count --json, merge --output) or a finished job directory (its journal is checked too)")->required();
  res->add_option("--sample", a->sample, "Recompute K random units from scratch")->default_val(0);
  res->add_option("--seed", a->seed, "Seed of the sample (0: random, printed)")->default_val(0);
  add_threads_option(res, a->threads)->default_val(0);
  res->callback([a] {
    report([&] {
      VerifyResultOptions o;
      o.sample = a->sample;
      o.seed = a->seed;
      o.threads = a->threads;
      return verify_result(load_result(a->path), o);
    });
  });
});

}  // namespace
}  // namespace gridenum::cli
