// `gridenum estimate`: estimates of the number of grids.
//   --method independence  the thesis's independence estimate, an exact rational, beside the exact
//                          count and their ratio (R*C <= 9: it reads the stack method's band and stack
//                          fillings; the default, as it always was)
//   --method knuth | sis | cells   a Monte Carlo estimate for any box shape up to 32 digits, with its error
//                          bar, the rigorous bounds, and the exact count beside it where the stack
//                          method computes it (a comparison only: the library never sees it).
//   --job-dir DIR [--shard K/M]  knuth, sis, cells as a job (jobs/estimate_job.hpp): batches journaled,
//                          resumable, shardable, mergeable; printed from its result document.
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
#include "gridenum/estimate/report.hpp"
#include "gridenum/estimate/run.hpp"
#include "gridenum/jobs/estimate_job.hpp"
#include "job_cli.hpp"

namespace gridenum::cli {
namespace {

struct EstimateArgs {
  std::string shape = "3x3";
  std::string method = "independence";
  std::uint64_t samples = 10000;
  std::uint64_t seed = 1;
  int threads = 0;
  std::uint64_t batch = 1024;
  std::string job_dir;
  std::string shard;
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

// The exact count beside the estimate, where the stack method computes it in seconds (R*C <= 9):
// a comparison only, appended to what the library prints (estimate/report.hpp).
void add_exact_count(Shape shape, int threads, const estimate::RunResult& r, std::string& text, nlohmann::json& j) {
  if (engine_shape_error(shape)) return;
  CountOptions opt;
  opt.shape = shape;
  opt.threads = threads;
  const BigInt exact = run_count(opt).reduction.total;
  const long double exact_ld = std::strtold(exact.str().c_str(), nullptr);
  const bool have = r.mean > 0, inside = r.ci_low <= exact_ld && exact_ld <= r.ci_high;
  j["exact_total"] = exact.str();
  j["ratio_exact_over_estimate"] = have ? fmt::format("{:.6f}", exact_ld / r.mean) : "";
  j["ci95_covers_exact"] = inside;
  text += "  exact count              " + exact.str() + "  (the stack method; for comparison)\n";
  if (have)
    text += "  exact / estimate         " + fmt::format("{:.6f}", exact_ld / r.mean) +
            (inside ? "  (inside the interval)" : "  (outside the interval)") + "\n";
}

estimate::RunOptions run_options(const EstimateArgs& a, Shape shape, estimate::Method method) {
  estimate::RunOptions o;
  o.shape = shape;
  o.method = method;
  o.samples = a.samples;
  o.seed = a.seed;
  o.threads = a.threads;
  o.batch = a.batch;
  return o;
}

void run_sampling(const EstimateArgs& a, Shape shape, estimate::Method method) {
  check_shape(shape, estimate::sampler_shape_error(shape));
  const estimate::RunOptions o = run_options(a, shape, method);
  if (auto why = estimate::run_options_error(o)) throw CLI::ValidationError("--batch", *why);
  const estimate::RunResult r = estimate::run_estimate(o);
  const estimate::CountBounds b = estimate::count_bounds(shape);
  std::string text = estimate::format_text(r, b);
  nlohmann::json j = estimate::to_json(r, b);
  add_exact_count(shape, a.threads, r, text, j);
  if (a.json) std::cout << j.dump(2) << "\n";
  else std::cout << text;
}

// --job-dir: the same estimate as a job (jobs/estimate_job.hpp), printed as its result document.
void run_job(const EstimateArgs& a, Shape shape, estimate::Method method) {
  check_shape(shape, estimate::sampler_shape_error(shape));
  EstimateJobRequest req;
  req.dir = a.job_dir;
  req.spec.run = run_options(a, shape, method);
  if (!a.shard.empty()) {
    const auto shard = Shard::parse(a.shard);
    if (!shard) throw CLI::ValidationError("--shard", "expected K/M with 1 <= K <= M, got '" + a.shard + "'");
    req.spec.shard = *shard;
  }
  req.handle_signals = true;
  req.command = "gridenum estimate";
  print_estimate_job(run_estimate_job(req), req.dir, a.json);
}

void run(const EstimateArgs& a) {
  const Shape shape = parse_box_shape(a.shape);
  // A job owns SIGINT/SIGTERM itself (jobs/estimate_job.hpp: the stop is journaled and named),
  // so the command's watch is only for the one-process runs.
  if (!a.job_dir.empty() && a.method != "independence") return run_job(a, shape, *estimate::parse_method(a.method));
  const auto watch = watch_long_command();  // phases drawn, Ctrl-C heard (command.hpp)
  if (a.method == "independence") {
    if (!a.job_dir.empty() || !a.shard.empty())
      throw CLI::ValidationError("--job-dir", "--method independence is exact and runs in one pass; --job-dir and "
                                              "--shard apply to --method knuth, sis and cells");
    return run_independence(a, shape);
  }
  if (!a.shard.empty() && a.job_dir.empty())
    throw CLI::ValidationError("--shard", "a shard runs as a job: give --job-dir too (gridenum merge adds the shards up)");
  run_sampling(a, shape, *estimate::parse_method(a.method));
}

const RegisterCommand register_estimate(20, [](CLI::App& root) {
  auto args = std::make_shared<EstimateArgs>();
  auto* cmd = root.add_subcommand(
      "estimate", "Estimates of the number of grids: the independence estimate (R*C <= 9) or Monte Carlo with error bars");
  cmd->add_option("--shape", args->shape,
                  "Box shape RxC: independence 2x2, 2x3, 3x2, 2x4, 4x2 or 3x3; knuth, sis and cells any R, C >= 2 up to 32 "
                  "digits")
      ->default_val("3x3");
  cmd->add_option("--method", args->method,
                  "independence: the thesis's estimate, exact, beside the exact count; knuth: Knuth's random paths, cell "
                  "by cell; sis: row by row, each row uniform among its fillings (exact permanents); cells: row by row, each "
                  "row cell by cell among the digits that keep the row completable, weighted by Bregman's estimate "
                  "(cheaper samples, larger spread)")
      ->default_val("independence")
      ->check(CLI::IsMember({"independence", "knuth", "sis", "cells"}));
  cmd->add_option("--samples", args->samples, "knuth, sis, cells: number of samples (at least 2)")
      ->default_val(10000)
      ->check(count_validator(2));
  cmd->add_option("--seed", args->seed, "knuth, sis, cells: seed; sample i draws from (seed, i), the same on any --threads")
      ->default_val(1)
      ->check(count_validator());
  add_threads_option(cmd, args->threads)->default_val(0);
  cmd->add_option("--batch", args->batch,
                  "knuth, sis, cells: samples per batch, a multiple of 16: the order the statistics are combined in (the same "
                  "seed, samples and batch give the same bits) and a job's unit")
      ->default_val(1024)
      ->check(count_validator(16));
  cmd->add_option("--job-dir", args->job_dir,
                  "knuth, sis, cells: run as a job in DIR: batches journaled as they finish; gridenum resume DIR continues, "
                  "gridenum status DIR reports")
      ->type_name("DIR");
  cmd->add_option("--shard", args->shard,
                  "With --job-dir: run shard K of M (consecutive batches); gridenum merge DIR... gives the unsharded "
                  "estimate")
      ->type_name("K/M");
  cmd->add_flag("--json", args->json, "Print the result as one JSON document");
  cmd->footer(
      "knuth, sis and cells print the estimate (the mean of the sample weights), its standard error, the 95 % interval\n"
      "estimate -+ 1.96 se, the relative error, one sample's coefficient of variation, the effective sample size,\n"
      "the samples a 1 % error would need, the rigorous lower and upper bounds on the count for the shape, and,\n"
      "for R*C <= 9, the exact count beside the estimate. sis is far better from 9x9 on (knuth's paths end at\n"
      "dead ends); on 15x15 and 16x16 cells reaches a given precision 7 to 19 times sooner than sis, and on\n"
      "25x25 draws twice the samples (cells is sis up to 12 digits). Derivations and speeds: docs/estimate.md.\n"
      "\n"
      "Examples:\n"
      "  gridenum estimate --shape 3x3\n"
      "  gridenum estimate --shape 4x4 --method sis --samples 100000 --threads 2\n"
      "  gridenum estimate --shape 5x3 --method sis --samples 20000 --seed 7 --json\n"
      "  gridenum estimate --shape 4x4 --method cells --samples 2000000 --threads 2\n"
      "  gridenum estimate --shape 4x4 --method sis --samples 150000 --job-dir runs/est16   (then: resume, status)\n"
      "  gridenum estimate --shape 4x4 --method sis --samples 150000 --shard 2/4 --job-dir runs/est16-2\n"
      "\n"
      "Exit: 0 done; 2 usage error (a shape the method does not take, a bad --batch, DIR holds a job); 3 run-time\n"
      "error (standard output could not be written, a job's journal of another job, job locked); 130 stopped by\n"
      "SIGINT/SIGTERM (a job: continue with gridenum resume DIR).");
  cmd->callback([args] { run(*args); });
});

}  // namespace
}  // namespace gridenum::cli
