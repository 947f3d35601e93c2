// The estimate's text and JSON (report.hpp), moved here from the CLI so that an estimate job's
// result files say exactly what a plain run prints.
#include "gridenum/estimate/report.hpp"

#include <cmath>

#include <fmt/format.h>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/timing.hpp"

namespace gridenum::estimate {

namespace {

// 10^x as "1.950e+45" (the bounds are kept as log10: 25x25's upper bound is past a double).
std::string power_of_ten(double log10_value) {
  const double e = std::floor(log10_value);
  return fmt::format("{:.3f}e+{}", std::pow(10.0, log10_value - e), static_cast<long long>(e));
}

std::string sci(long double v) { return fmt::format("{:.6e}", v); }

double need_samples(const RunResult& r) { return r.mean > 0 ? samples_for(r.cv, 0.01) : 0; }
double need_seconds(const RunResult& r) {
  return r.mean > 0 && r.samples_per_second > 0 ? need_samples(r) / r.samples_per_second : 0;
}

}  // namespace

std::string batch_lines(const RunResult& r) {
  // Under ten batches the spread of their means says little (and one of two always holds half
  // the squares): no lines.
  if (r.spread.batches < 10 || r.mean <= 0) return "";
  std::string s = fmt::format("  between batches          relative error {:.4f}  (from the spread of {} batch means)\n",
                              r.batch_relative_error, group_digits(r.spread.batches)) +
                  fmt::format("  heaviest batch           batch {}: {:.1f} % of the squared deviations\n", r.spread.heaviest,
                              100 * r.heaviest_share);
  if (r.heaviest_share > 0.25)
    s += "  caution                  one batch holds over a quarter of the squared deviations: a few weights carry the\n"
         "                           variance, and neither error bar is sure (docs/estimate.md, \"Error bars\")\n";
  return s;
}

bool heavy_tail(const RunResult& r) { return r.mean > 0 && r.ess < 0.05 * static_cast<double>(r.samples_done); }

nlohmann::json to_json(const RunResult& r, const CountBounds& b) {
  const Shape shape = r.options.shape;
  const int n = shape.n();
  const bool have = r.mean > 0;
  return nlohmann::json{
      {"shape", shape.str()},
      {"grid", std::to_string(n) + "x" + std::to_string(n)},
      {"method", std::string(to_string(r.options.method))},
      {"samples", r.samples_done},
      {"seed", r.options.seed},
      {"batch", r.options.batch},
      {"threads", r.threads},
      {"estimate", sci(r.mean)},
      {"log10_estimate", have ? nlohmann::json(static_cast<double>(std::log10(r.mean))) : nlohmann::json()},
      {"standard_error", sci(r.se)},
      {"ci95", {sci(r.ci_low), sci(r.ci_high)}},
      {"relative_error", r.relative_error},
      {"cv", r.cv},
      {"effective_samples", r.ess},
      {"heavy_tail_warning", heavy_tail(r)},
      {"dead_ends", r.dead_ends},
      {"cell_rows", r.cell_rows},
      {"seconds", r.seconds},
      {"samples_per_second", r.samples_per_second},
      {"samples_for_1_percent", need_samples(r)},
      {"seconds_for_1_percent", need_seconds(r)},
      {"batch_check",
       {{"batches", r.spread.batches},
        {"relative_error", r.batch_relative_error},
        {"heaviest_batch", r.spread.heaviest},
        {"heaviest_share", r.heaviest_share}}},
      {"exact_statistics",
       {{"n", r.moments.n}, {"mean_hex", hex_long_double(r.moments.mean)}, {"m2_hex", hex_long_double(r.moments.m2)}}},
      {"bounds", {{"log10_lower", b.log10_lower}, {"log10_upper", b.log10_upper}}}};
}

std::string format_text(const RunResult& r, const CountBounds& b) {
  const Shape shape = r.options.shape;
  const Method method = r.options.method;
  const int n = shape.n();
  const auto samples = static_cast<double>(r.samples_done);
  std::string s = fmt::format("{} estimate of the {}x{} grids (boxes {}): {} samples, seed {}, {} thread{}\n",
                              to_string(method), n, n, shape.str(), group_digits(r.samples_done), r.options.seed, r.threads,
                              r.threads == 1 ? "" : "s");
  if (r.mean <= 0) {
    s += std::string("  every sample met a dead end (weight 0): no estimate; take more samples") +
         (method == Method::knuth ? " or --method sis or cells" : "") + "\n";
  } else {
    s += "  estimate                 " + sci(r.mean) + "\n" + "  standard error           " + sci(r.se) + "\n" +
         "  95 % interval            " + sci(r.ci_low) + " .. " + sci(r.ci_high) + "  (estimate -+ 1.96 se)\n" +
         fmt::format("  relative error           {:.4f}  (1.96 se / estimate)\n", r.relative_error) +
         fmt::format("  one sample's cv          {:.3f}  (sd / mean of the weights)\n", r.cv) +
         fmt::format("  effective samples        {:.1f}  ((sum w)^2 / sum w^2)\n", r.ess);
    s += batch_lines(r);
    if (heavy_tail(r))
      s += fmt::format("  caution                  the effective samples are {:.2g} % of the samples: a few heavy weights "
                       "carry the mean, and\n",
                       100 * r.ess / samples) +
           "                           the interval is likely too short; take more samples (docs/estimate.md, \"Error "
           "bars\")\n";
  }
  s += "  dead ends                " + group_digits(r.dead_ends) +
       fmt::format("  ({:.1f} % of the samples)\n", 100.0 * static_cast<double>(r.dead_ends) / samples) +
       fmt::format("  speed                    {:.1f} samples/s ({:.2f} s)\n", r.samples_per_second, r.seconds);
  if (r.mean > 0)
    s += fmt::format("  samples for 1 % at 95 %  {:.3g}  ((1.96 cv / 0.01)^2: about {} at this speed)\n", need_samples(r),
                     short_duration(need_seconds(r)));
  s += "  rigorous bounds          " + power_of_ten(b.log10_lower) + " <= count <= " + power_of_ten(b.log10_upper) +
       fmt::format("  (log10 {:.2f} .. {:.2f}; docs/estimate.md)\n", b.log10_lower, b.log10_upper);
  return s;
}

}  // namespace gridenum::estimate
