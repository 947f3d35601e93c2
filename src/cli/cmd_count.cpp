// `gridenum count`: parse, run the pipeline, print (text or JSON).
#include <cstdio>
#include <iostream>

#include "command.hpp"
#include "count_method.hpp"
#include "gridenum/count.hpp"

namespace gridenum::cli {
namespace {

struct CountArgs {
  std::string shape = "3x3";
  int threads = 0;
  std::string kernel = "partition";
  std::uint32_t slices = 0;
  bool json = false;
  std::string method = "stack";
};

void run(const CountArgs& a) {
  CountOptions opt;
  auto shape = Shape::parse(a.shape);
  if (!shape) throw CLI::ValidationError("--shape", "expected RxC, e.g. 3x3, got '" + a.shape + "'");
  if (auto why = engine_shape_error(*shape)) throw CLI::ValidationError("--shape", *why);
  opt.shape = *shape;
  if (a.method == "signature") return run_count_signature(a.shape, a.threads, a.json);
  opt.threads = a.threads;
  opt.slices_per_class = a.slices;
  if (!parse_kernel(a.kernel, opt.kernel))
    throw CLI::ValidationError("--kernel", "expected partition or backtrack, got '" + a.kernel + "'");
  const CountResult r = run_count(opt);
  if (a.json) std::cout << to_json(r).dump(2) << "\n";
  else std::cout << format_text(r);
}

const RegisterCommand reg(10, [](CLI::App& root) {
  auto args = std::make_shared<CountArgs>();
  auto* cmd = root.add_subcommand("count", "Count all Sudoku grids exactly (Felgenhauer-Jarvis)");
  cmd->add_option("--shape", args->shape, "Box shape RxC (R rows, C columns per box)")->default_val("3x3");
  cmd->add_option("--threads", args->threads, "Worker threads (0: all cores)")->default_val(0)->check(CLI::NonNegativeNumber);
  cmd->add_option("--kernel", args->kernel, "Completion kernel: partition (fast) or backtrack (plain, slow check)")
      ->default_val("partition");
  cmd->add_option("--slices", args->slices, "Work units per class (0: about 1024 units in all)")->default_val(0);
  cmd->add_flag("--json", args->json, "Print the result as one JSON document");
  cmd->add_option("--method", args->method, "Counting method: stack (default) or signature (band signatures, independent)")
      ->default_val("stack")->check(CLI::IsMember({"stack", "signature"}));
  cmd->callback([args] { run(*args); });
});

}  // namespace
}  // namespace gridenum::cli
