// `gridenum estimate`: estimates of the number of grids.
//   --method independence  the thesis's independence estimate, an exact rational, beside the exact
//                          count and their ratio (R*C <= 9: it reads the stack method's band and stack
//                          fillings; the default, as it always was)
//   --method knuth | sis   a Monte Carlo estimate for any box shape up to 32 digits, with its error
//                          bar, the rigorous bounds, and the exact count beside it where the stack
//                          method computes it (a comparison only: the library never sees it).
// The estimators, their error bars and the bounds are the library's (estimate/run.hpp, bounds.hpp;
// docs/estimate.md); this file parses and prints.
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "command.hpp"
#include "options.hpp"
#include "gridenum/core/arith.hpp"
#include "gridenum/core/timing.hpp"
#include "gridenum/count/estimate.hpp"
#include "gridenum/count/stack/count.hpp"
#include "gridenum/count/stack/stacks.hpp"
#include "gridenum/estimate/bounds.hpp"
#include "gridenum/estimate/run.hpp"

namespace gridenum::cli {
namespace {

struct EstimateArgs {
  std::string shape = "3x3";
  std::string method = "independence";
  std::uint64_t samples = 10000;
  std::uint64_t seed = 1;
  int threads = 0;
  bool json = false;
};

// What the independence estimate does and does not do, for a shape it refuses (with what the shape
// means: options.hpp, check_shape).
std::optional<std::string> estimate_shape_error(Shape s) {
  if (!engine_shape_error(s)) return std::nullopt;
  return "estimate --method independence takes box shapes 2x2, 2x3, 3x2, 2x4, 4x2 and 3x3 (R*C <= 9): it reads the "
         "valid band and stack fillings, G_band and G_stack, from the stack method's catalogue and stack list, which it "
         "holds in memory, and sets the estimate beside that method's exact count. It gives no independence estimate "
         "from 10 digits on, where those lists run into the billions; --method sis (or knuth) estimates any box shape by "
         "sampling (gridenum estimate --shape " +
         s.str() + " --method sis), and gridenum count counts those grids up to 12 digits (2x5 and 5x2 by the side-2 "
         "routes, 4x3, 3x4, 2x6 and 6x2 as long jobs)";
}

void run_independence(const EstimateArgs& a, Shape shape) {
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
                     {"method", "independence"},
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

// 10^x as "1.95e+45" (the bounds are kept as log10: 25x25's upper bound is past a double).
std::string power_of_ten(double log10_value) {
  const double e = std::floor(log10_value);
  return fmt::format("{:.3f}e+{}", std::pow(10.0, log10_value - e), static_cast<long long>(e));
}

std::string sci(long double v) { return fmt::format("{:.6e}", v); }

void run_sampling(const EstimateArgs& a, Shape shape, estimate::Method method) {
  check_shape(shape, estimate::sampler_shape_error(shape));
  estimate::RunOptions o;
  o.shape = shape;
  o.method = method;
  o.samples = a.samples;
  o.seed = a.seed;
  o.threads = a.threads;
  const estimate::RunResult r = estimate::run_estimate(o);
  const estimate::CountBounds b = estimate::count_bounds(shape);
  // The exact count beside the estimate, where the stack method computes it in seconds (R*C <= 9).
  std::optional<BigInt> exact;
  if (!engine_shape_error(shape)) {
    CountOptions opt;
    opt.shape = shape;
    opt.threads = a.threads;
    exact = run_count(opt).reduction.total;
  }
  const long double exact_ld = exact ? std::strtold(exact->str().c_str(), nullptr) : 0.0L;
  const bool have = r.mean > 0;
  const double need = have ? estimate::samples_for(r.cv, 0.01) : 0;
  const double need_seconds = have && r.samples_per_second > 0 ? need / r.samples_per_second : 0;
  const int n = shape.n();
  // A heuristic signal, not a test: when a few heavy weights carry the mean (effective samples under
  // 5 % of the samples) the normal interval is likely too short (docs/estimate.md, "Error bars":
  // knuth on 8x8 covered 88 % at 400 samples).
  const bool heavy_tail = have && r.ess < 0.05 * static_cast<double>(a.samples);
  if (a.json) {
    nlohmann::json j{{"shape", shape.str()},
                     {"grid", std::to_string(n) + "x" + std::to_string(n)},
                     {"method", std::string(estimate::to_string(method))},
                     {"samples", a.samples},
                     {"seed", a.seed},
                     {"threads", r.threads},
                     {"estimate", sci(r.mean)},
                     {"log10_estimate", have ? nlohmann::json(static_cast<double>(std::log10(r.mean))) : nlohmann::json()},
                     {"standard_error", sci(r.se)},
                     {"ci95", {sci(r.ci_low), sci(r.ci_high)}},
                     {"relative_error", r.relative_error},
                     {"cv", r.cv},
                     {"effective_samples", r.ess},
                     {"heavy_tail_warning", heavy_tail},
                     {"dead_ends", r.dead_ends},
                     {"cell_rows", r.cell_rows},
                     {"seconds", r.seconds},
                     {"samples_per_second", r.samples_per_second},
                     {"samples_for_1_percent", need},
                     {"seconds_for_1_percent", need_seconds},
                     {"bounds", {{"log10_lower", b.log10_lower}, {"log10_upper", b.log10_upper}}}};
    if (exact) {
      j["exact_total"] = exact->str();
      j["ratio_exact_over_estimate"] = have ? fmt::format("{:.6f}", exact_ld / r.mean) : "";
      j["ci95_covers_exact"] = r.ci_low <= exact_ld && exact_ld <= r.ci_high;
    }
    std::cout << j.dump(2) << "\n";
    return;
  }
  std::cout << estimate::to_string(method) << " estimate of the " << n << "x" << n << " grids (boxes " << shape.str()
            << "): " << group_digits(a.samples) << " samples, seed " << a.seed << ", " << r.threads << " thread"
            << (r.threads == 1 ? "" : "s") << "\n";
  if (!have) {
    std::cout << "  every sample met a dead end (weight 0): no estimate; take more samples"
              << (method == estimate::Method::knuth ? " or --method sis" : "") << "\n";
  } else {
    std::cout << "  estimate                 " << sci(r.mean) << "\n"
              << "  standard error           " << sci(r.se) << "\n"
              << "  95 % interval            " << sci(r.ci_low) << " .. " << sci(r.ci_high) << "  (estimate -+ 1.96 se)\n"
              << "  relative error           " << fmt::format("{:.4f}", r.relative_error) << "  (1.96 se / estimate)\n"
              << "  one sample's cv          " << fmt::format("{:.3f}", r.cv) << "  (sd / mean of the weights)\n"
              << "  effective samples        " << fmt::format("{:.1f}", r.ess) << "  ((sum w)^2 / sum w^2)\n";
    if (heavy_tail)
      std::cout << "  caution                  "
                << fmt::format("the effective samples are {:.2g} % of the samples: a few heavy weights carry the mean, and\n",
                               100 * r.ess / static_cast<double>(a.samples))
                << "                           the interval is likely too short; take more samples (docs/estimate.md, \"Error bars\")\n";
  }
  std::cout << "  dead ends                " << group_digits(r.dead_ends)
            << fmt::format("  ({:.1f} % of the samples)", 100.0 * static_cast<double>(r.dead_ends) / static_cast<double>(a.samples))
            << "\n"
            << "  speed                    " << fmt::format("{:.1f} samples/s ({:.2f} s)", r.samples_per_second, r.seconds) << "\n";
  if (have)
    std::cout << "  samples for 1 % at 95 %  " << fmt::format("{:.3g}", need)
              << "  ((1.96 cv / 0.01)^2: about " << short_duration(need_seconds) << " at this speed)\n";
  std::cout << "  rigorous bounds          " << power_of_ten(b.log10_lower) << " <= count <= " << power_of_ten(b.log10_upper)
            << "  (log10 " << fmt::format("{:.2f} .. {:.2f}", b.log10_lower, b.log10_upper) << "; docs/estimate.md)\n";
  if (exact) {
    std::cout << "  exact count              " << exact->str() << "  (the stack method; for comparison)\n";
    if (have)
      std::cout << "  exact / estimate         " << fmt::format("{:.6f}", exact_ld / r.mean)
                << (r.ci_low <= exact_ld && exact_ld <= r.ci_high ? "  (inside the interval)" : "  (outside the interval)")
                << "\n";
  }
}

void run(const EstimateArgs& a) {
  const auto watch = watch_long_command();  // phases drawn, Ctrl-C heard (command.hpp)
  const Shape shape = parse_box_shape(a.shape);
  if (a.method == "independence") return run_independence(a, shape);
  run_sampling(a, shape, *estimate::parse_method(a.method));
}

const RegisterCommand register_estimate(20, [](CLI::App& root) {
  auto args = std::make_shared<EstimateArgs>();
  auto* cmd = root.add_subcommand(
      "estimate", "Estimates of the number of grids: the independence estimate (R*C <= 9) or Monte Carlo with error bars");
  cmd->add_option("--shape", args->shape,
                  "Box shape RxC: independence 2x2, 2x3, 3x2, 2x4, 4x2 or 3x3; knuth and sis any R, C >= 2 up to 32 "
                  "digits")
      ->default_val("3x3");
  cmd->add_option("--method", args->method,
                  "independence: the thesis's estimate, exact, beside the exact count; knuth: Knuth's random paths, cell "
                  "by cell; sis: row by row, each row uniform among its fillings (exact permanents)")
      ->default_val("independence")
      ->check(CLI::IsMember({"independence", "knuth", "sis"}));
  cmd->add_option("--samples", args->samples, "knuth, sis: number of samples (at least 2)")
      ->default_val(10000)
      ->check(count_validator(2));
  cmd->add_option("--seed", args->seed, "knuth, sis: seed; sample i draws from (seed, i), the same on any --threads")
      ->default_val(1)
      ->check(count_validator());
  add_threads_option(cmd, args->threads)->default_val(0);
  cmd->add_flag("--json", args->json, "Print the result as one JSON document");
  cmd->footer(
      "knuth and sis print the estimate (the mean of the sample weights), its standard error, the 95 % interval\n"
      "estimate -+ 1.96 se, the relative error, one sample's coefficient of variation, the effective sample size,\n"
      "the samples a 1 % error would need, the rigorous lower and upper bounds on the count for the shape, and,\n"
      "for R*C <= 9, the exact count beside the estimate. sis is far better from 9x9 on (knuth's paths end at\n"
      "dead ends). Derivations and measured speeds: docs/estimate.md.\n"
      "\n"
      "Examples:\n"
      "  gridenum estimate --shape 3x3\n"
      "  gridenum estimate --shape 4x4 --method sis --samples 100000 --threads 2\n"
      "  gridenum estimate --shape 5x3 --method sis --samples 20000 --seed 7 --json\n"
      "\n"
      "Exit: 0 done; 2 usage error (a shape the method does not take); 3 run-time error (standard output could not\n"
      "be written); 130 stopped by SIGINT/SIGTERM.");
  cmd->callback([args] { run(*args); });
});

}  // namespace
}  // namespace gridenum::cli
