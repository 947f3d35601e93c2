// `gridenum estimate`: the thesis's independence estimate beside the exact count and their ratio.
// It takes the stack method's shapes (R*C <= 9): the band and stack fillings it needs are that
// method's catalogue and stack list, and the exact count beside it is that method's.
#include <iostream>
#include <optional>
#include <string>

#include "command.hpp"
#include "options.hpp"
#include "gridenum/count/stack/count.hpp"
#include "gridenum/count/estimate.hpp"
#include "gridenum/count/stack/stacks.hpp"

namespace gridenum::cli {
namespace {

struct EstimateArgs {
  std::string shape = "3x3";
  int threads = 0;
  bool json = false;
};

// What estimate does and does not do, for a shape it refuses (with what the shape means:
// options.hpp, check_shape).
std::optional<std::string> estimate_shape_error(Shape s) {
  if (!engine_shape_error(s)) return std::nullopt;
  return "estimate takes box shapes 2x2, 2x3, 3x2, 2x4, 4x2 and 3x3 (R*C <= 9): it reads the valid band and stack "
         "fillings, G_band and G_stack, from the stack method's catalogue and stack list, which it holds in memory, and "
         "sets the estimate beside that method's exact count. It gives no estimate from 10 digits on, where those lists "
         "run into the billions; gridenum count counts those grids (2x5 and 5x2 by the side-2 routes, 4x3, 3x4, 2x6 and "
         "6x2 as long jobs)";
}

void run(const EstimateArgs& a) {
  const auto watch = watch_long_command();  // phases drawn, Ctrl-C heard (command.hpp)
  const Shape shape = parse_box_shape(a.shape);
  check_shape(shape, estimate_shape_error(shape));
  CountOptions opt;
  opt.shape = shape;
  opt.threads = a.threads;
  const CountResult r = run_count(opt);
  const std::uint64_t stack_b1 = r.stack_fillings * r.reduction.stack_factor;
  const Estimate e = independence_estimate(shape, r.catalogue.band_fillings, stack_b1);
  bool exact = false;
  const std::string est = to_decimal(e.value, 40, &exact);
  const Rational ratio = Rational(r.reduction.total) / e.value;
  const std::string ratio_s = to_decimal(ratio, 12);
  if (a.json) {
    nlohmann::json j{{"shape", shape.str()},
                     {"band_fillings", e.band_fillings.str()},
                     {"stack_fillings", e.stack_fillings.str()},
                     {"estimate", est},
                     {"estimate_exact_decimal", exact},
                     {"estimate_fraction", e.value.str()},
                     {"exact_total", r.reduction.total.str()},
                     {"ratio_exact_over_estimate", ratio_s}};
    std::cout << j.dump(2) << "\n";
    return;
  }
  std::cout << "independence estimate (thesis section 2.2), boxes " << shape.str() << "\n"
            << "  valid band fillings G_band    " << e.band_fillings.str() << "\n"
            << "  valid stack fillings G_stack  " << e.stack_fillings.str() << "\n"
            << "  estimate = G_band^" << shape.cols << " * G_stack^" << shape.rows << " / (" << shape.n() << "!)^"
            << shape.n() << "\n"
            << "           = " << est << (exact ? "  (exact)" : "  (rounded to 40 decimals)") << "\n"
            << "  exact count                   " << r.reduction.total.str() << "\n"
            << "  exact / estimate              " << ratio_s << "\n";
}

const RegisterCommand register_estimate(20, [](CLI::App& root) {
  auto args = std::make_shared<EstimateArgs>();
  auto* cmd = root.add_subcommand("estimate", "The independence estimate beside the exact count (boxes with R*C <= 9)");
  cmd->add_option("--shape", args->shape, "Box shape RxC: 2x2, 2x3, 3x2, 2x4, 4x2 or 3x3")->default_val("3x3");
  add_threads_option(cmd, args->threads)->default_val(0);
  cmd->add_flag("--json", args->json, "Print the result as one JSON document");
  cmd->footer(
      "Exit: 0 done; 2 usage error (a shape estimate does not take); 3 run-time error (standard output could not be\n"
      "written); 130 stopped by SIGINT/SIGTERM.");
  cmd->callback([args] { run(*args); });
});

}  // namespace
}  // namespace gridenum::cli
