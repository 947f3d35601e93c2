// `gridenum symmetry`: essentially different grids by Burnside's lemma (symmetry/burnside.hpp).
// Parse, run, print (text or --json).
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <iostream>

#include <fmt/format.h>

#include "command.hpp"
#include "job_cli.hpp"
#include "options.hpp"
#include "gridenum/symmetry/burnside.hpp"
#include "gridenum/symmetry/fixed_estimate.hpp"
#include "gridenum/verify/grid_counts.hpp"

namespace gridenum::cli {
namespace {

struct SymmetryArgs {
  std::string shape = "3x3";
  int threads = 0;
  bool no_transpose = false;
  bool json = false;
  std::string method = "auto";
  std::string job_dir;
  std::vector<std::string> classes;
  std::string grid_counts;
  std::string known_from;
  std::string identity_total;
  std::uint64_t estimate = 0;  // paths of the cell-search estimate (0: count, as always)
  std::uint64_t seed = 1;
  std::uint64_t strata = FixedEstimateOptions{}.strata;
};

bool parse_u32(const std::string& text, std::uint32_t& v) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  return ec == std::errc{} && end == text.data() + text.size() && !text.empty();
}

// --classes: numbers and ranges A:B, comma-separated ("2:5005", "5,71,552:560").
std::vector<std::uint32_t> class_numbers(const std::vector<std::string>& items) {
  std::vector<std::uint32_t> out;
  for (const std::string& item : items) {
    const auto colon = item.find(':');
    std::uint32_t a = 0, b = 0;
    const bool ok = colon == std::string::npos ? parse_u32(item, a) && (b = a, true)
                                               : parse_u32(item.substr(0, colon), a) && parse_u32(item.substr(colon + 1), b);
    if (!ok || a < 1 || b < a)
      throw CLI::ValidationError("--classes", "expected class numbers K or ranges A:B (1 <= A <= B), comma-separated, got '" +
                                                  item + "'");
    for (std::uint32_t k = a; k <= b; ++k) out.push_back(k);
  }
  return out;
}

// --estimate: each selected class's f estimated by Knuth's paths (symmetry/fixed_estimate.hpp),
// beside the job's count with --known-from; a CheckError when some |z| passes the limit.
void run_estimates(const SymmetryArgs& a, Shape shape, bool transposition, const std::vector<std::uint32_t>& numbers) {
  if (numbers.empty())
    throw CLI::ValidationError("--estimate", "name the classes to estimate with --classes (e.g. --classes 992,2346)");
  FixedEstimateOptions eo;
  eo.samples = a.estimate;
  eo.seed = a.seed;
  eo.strata = a.strata;
  eo.threads = a.threads;
  if (const auto why = fixed_estimate_error(shape, eo)) throw CLI::ValidationError("--estimate", *why);
  const bool t = transposition && shape.rows == shape.cols;
  const SymmetryGroup grp = build_symmetry_group(shape, t);
  std::vector<std::optional<u128>> known;
  if (!a.known_from.empty()) {
    const SymmetryJobStatus job = symmetry_job_status(a.known_from);
    if (job.spec.run.shape != shape || (job.spec.run.transposition && shape.rows == shape.cols) != t)
      throw InputError("--known-from " + a.known_from + ": a symmetry job of " + job.spec.run.shape.str() +
                       ", not of this run's " + shape.str() + (shape.rows == shape.cols && !t ? " without transposition" : ""));
    known = job.counts;
  }
  const auto watch = watch_long_command();
  nlohmann::json rows = nlohmann::json::array();
  bool consistent = true;
  std::size_t compared = 0, passed = 0;
  for (std::size_t i : class_selection(numbers, grp.classes.size())) {
    const SymmetryClass& c = grp.classes[i];
    const FixedEstimate e = estimate_fixed_grids(shape, c.rep, eo);
    const double rel = e.mean > 0 ? static_cast<double>(1.96L * e.se / e.mean) : 0.0;
    nlohmann::json row{{"class", i + 1},       {"size", c.size},
                       {"representative", c.text}, {"estimate", static_cast<double>(e.mean)},
                       {"se", static_cast<double>(e.se)}, {"strata", e.strata}, {"exact_leaves", e.exact_leaves},
                       {"relative_error_95", rel}, {"paths", e.samples},
                       {"dead_ends", e.dead_ends}, {"largest_share", e.largest_share},
                       {"nodes", e.nodes},         {"threads", e.threads},
                       {"seconds", e.seconds}};
    std::string line = fmt::format("class {} (size {}): {}\n  estimate {:.6e} +- {:.3e} (se; 95 %: +-{:.2f} %), {} paths in {} strata, "
                                   "{:.1f} % dead ends, heaviest path {:.3g} of the sum, {:.1f} s on {} threads\n",
                                   i + 1, group_digits(c.size), c.text, static_cast<double>(e.mean),
                                   static_cast<double>(e.se), 100 * rel, group_digits(e.samples), group_digits(e.strata),
                                   e.samples ? 100.0 * static_cast<double>(e.dead_ends) / static_cast<double>(e.samples) : 0.0,
                                   e.largest_share, e.seconds, e.threads);
    if (i < known.size() && known[i]) {
      const u128 f = *known[i];
      const double z = fixed_estimate_z(e, static_cast<long double>(f));
      const bool ok = std::abs(z) <= kFixedEstimateZLimit;
      consistent = consistent && ok;
      ++compared;
      passed += ok;
      row["job_f"] = to_string(f);
      row["z"] = z;
      row["verdict"] = ok ? "consistent" : "INCONSISTENT";
      line += fmt::format("  the job's f: {}   z = {:+.2f}   {}\n", group_digits(to_string(f)), z,
                          ok ? "consistent" : "INCONSISTENT");
    }
    rows.push_back(row);
    if (!a.json) std::cout << line << std::flush;
  }
  if (a.json) {
    nlohmann::json j{{"shape", shape.str()}, {"transposition", t}, {"method", "cell-search paths (Knuth)"},
                     {"paths", a.estimate}, {"seed", a.seed}, {"strata", a.strata}, {"z_limit", kFixedEstimateZLimit},
                     {"classes", rows}};
    if (!a.known_from.empty()) j["consistent"] = consistent;
    std::cout << j.dump(2) << "\n";
  } else if (!a.known_from.empty()) {
    std::cout << fmt::format("{} of {} classes within {} standard errors of the job's count\n",
                             passed, compared, kFixedEstimateZLimit);
  }
  if (!consistent)
    throw CheckError("a class's count lies more than " + fmt::format("{}", kFixedEstimateZLimit) +
                     " standard errors from its estimate: estimate it again with more paths or another --seed, "
                     "and count it by a second kernel");
}

void run(const SymmetryArgs& a) {
  BurnsideOptions opt;
  opt.shape = parse_box_shape(a.shape);
  // The 12-digit shapes without their identity (class 1) are counted; burnside.hpp says why.
  const std::vector<std::uint32_t> numbers = class_numbers(a.classes);
  if (a.estimate > 0) return run_estimates(a, opt.shape, !a.no_transpose, numbers);
  const bool identity_selected = numbers.empty() || std::find(numbers.begin(), numbers.end(), 1u) != numbers.end();
  if (!a.identity_total.empty()) {  // digits, commas allowed between them (as the figures are printed)
    std::string digits;
    bool ok = std::isdigit(static_cast<unsigned char>(a.identity_total.front())) &&
              std::isdigit(static_cast<unsigned char>(a.identity_total.back()));
    for (char ch : a.identity_total) {
      if (std::isdigit(static_cast<unsigned char>(ch))) digits += ch;
      else ok = ok && ch == ',';
    }
    if (!ok)
      throw CLI::ValidationError("--identity-total", "expected a whole number of grids (digits, commas allowed), got '" +
                                                         a.identity_total + "'");
    opt.identity_total = BigInt(digits);
  }
  check_shape(opt.shape, burnside_selection_error(opt.shape, identity_selected, !a.grid_counts.empty(),
                                                  opt.identity_total.has_value()));
  opt.transposition = !a.no_transpose;
  opt.threads = a.threads;
  if (!a.grid_counts.empty())
    opt.grid_counts = std::make_shared<const GridCounts>(load_grid_counts(a.grid_counts, opt.shape, a.threads));
  if (a.method == "line-orbits") opt.method = FixedMethod::LineOrbits;
  else if (a.method == "signatures") {
    if (opt.shape.rows != 2 && opt.shape.cols != 2)
      throw CLI::ValidationError("--method", "signatures counts shapes with two bands or two stacks (2xC or Rx2), not " +
                                                 opt.shape.str());
    opt.method = FixedMethod::Signatures;
  } else if (a.method == "band-cycles") {
    opt.method = FixedMethod::BandCycles;
  } else if (a.method == "band-swaps") {
    opt.method = FixedMethod::BandSwaps;
  } else if (a.method == "band-keeps") {
    opt.method = FixedMethod::BandKeeps;
  } else if (a.method == "cell-search") {
    opt.method = FixedMethod::CellSearch;
  }
  if (!a.job_dir.empty() && opt.identity_total)
    throw CLI::ValidationError("--identity-total", "a job journals what it counts, and a given total is not counted: run "
                                                   "the job without class 1, then symmetry --known-from DIR --identity-total N");
  if (!a.job_dir.empty()) {  // jobs/symmetry_job.hpp: each class journaled as it finishes
    SymmetryJobRequest req;
    req.dir = a.job_dir;
    req.spec.run = opt;
    req.spec.classes = numbers;
    req.handle_signals = true;
    print_symmetry_job(run_symmetry_job(req), req.dir, a.json);
    return;
  }
  const auto watch = watch_long_command();  // phases drawn, Ctrl-C heard (command.hpp)
  BurnsideHooks hooks;
  if (!a.classes.empty()) {
    std::vector<bool> sel(build_symmetry_group(opt.shape, opt.transposition && opt.shape.rows == opt.shape.cols).classes.size());
    for (std::size_t i : class_selection(numbers, sel.size())) sel[i] = true;
    hooks.select = [sel](std::size_t i) { return static_cast<bool>(sel[i]); };
  }
  if (!a.known_from.empty()) {  // the classes a symmetry job has journaled, taken as resume takes them
    const SymmetryJobStatus job = symmetry_job_status(a.known_from);
    const bool t = opt.transposition && opt.shape.rows == opt.shape.cols;
    if (job.spec.run.shape != opt.shape || (job.spec.run.transposition && job.spec.run.shape.rows == job.spec.run.shape.cols) != t)
      throw InputError("--known-from " + a.known_from + ": a symmetry job of " + job.spec.run.shape.str() +
                       (t && !job.spec.run.transposition ? " without transposition" : "") + ", not of this run's " +
                       opt.shape.str() + (opt.shape.rows == opt.shape.cols && !t ? " without transposition" : ""));
    hooks.known = [counts = job.counts](std::size_t i) { return i < counts.size() ? counts[i] : std::nullopt; };
  }
  const BurnsideResult r = run_burnside(opt, hooks);
  if (a.json) std::cout << to_json(r).dump(2) << "\n";
  else std::cout << format_text(r);
}

const RegisterCommand register_symmetry(16, [](CLI::App& root) {
  auto args = std::make_shared<SymmetryArgs>();
  auto* cmd = root.add_subcommand(
      "symmetry",
      "Count essentially different grids: grids up to relabelling and the geometric symmetries (band, row, stack and "
      "column permutations, and transposition for square boxes), by Burnside's lemma over the conjugacy classes");
  cmd->add_option("--shape", args->shape, "Box shape RxC: 2x2, 2x3, 3x2, 2x4, 4x2, 3x3, 2x5 or 5x2; the 12x12 shapes 2x6, 6x2, 3x4 and 4x3 with --grid-counts, --identity-total, or --classes leaving out class 1")->default_val("3x3");
  cmd->add_flag("--no-transpose", args->no_transpose,
                "Leave transposition out of the group (square boxes only; for RxC with R != C it is never a symmetry)");
  add_threads_option(cmd, args->threads)->default_val(0);
  cmd->add_flag("--json", args->json, "Print the result as one JSON document (every class, with its fixed count)");
  cmd->add_option("--method", args->method,
                  "How the classes other than the identity are counted: auto (signatures for every untransposed element of "
                  "a shape with a side of 2; on 12x12, band cycles for the elements that cycle every band or every stack, "
                  "band swaps for those of 4x3 and 3x4 that swap two bands (stacks) and keep the third, band keeps for "
                  "those that keep every band (stack); line orbits otherwise), line-orbits (every class; hours and gigabytes for some 2x5 classes), signatures "
                  "(untransposed classes of 2xC / Rx2 shapes), band-cycles (untransposed classes that cycle every band or "
                  "every stack), band-swaps (untransposed classes of Rx3 / 3xC shapes that swap two bands or stacks and "
                  "keep the third), band-keeps (untransposed classes of Rx3 / 3xC shapes that keep every band or stack), cell-search (every class: each fixed grid met once "
                  "by a plain search, a recount that shares no code with the other methods; for classes of up to about 1e9 "
                  "fixed grids); classes a method cannot take fall back to line orbits")
      ->default_val("auto")->check(CLI::IsMember({"auto", "line-orbits", "signatures", "band-cycles", "band-swaps", "band-keeps", "cell-search"}));
  cmd->add_option("--classes", args->classes,
                  "Count only these classes (1-based, the order of --json's class_table; numbers and ranges A:B, "
                  "comma-separated): their fixed grids, without the figure, which needs every class. Class 1 is the "
                  "identity (the whole grid count); the 12x12 shapes are taken without it (2x6: --classes 2:5005; 3x4: --classes 2:3315)")
      ->delimiter(',');
  auto* counts = cmd->add_option("--grid-counts", args->grid_counts,
                  "Take the identity's term from a finished count of the shape or its transpose instead of counting "
                  "it: a count job's, a merge's or a count's result.json, or its directory (results/2x6/merged, "
                  "results/4x3/merged). It must pass gridenum verify result's checks, no class recounted (the plan "
                  "rebuilt, the sums, the journals; for 2x5, 5x2, 2x6 and 6x2, counted by the two-stack route, also "
                  "every F against the array count of the first moment, and the plain band counts F(S) come from it "
                  "too). The way to the 12x12 figures from this program's own counts, which take hours")
      ->type_name("PATH");
  cmd->add_option("--identity-total", args->identity_total,
                  "Take the identity's term from this number of grids instead of counting it (a published total, for a "
                  "shape whose count has not been run here: 3x4 and 4x3); it must be a multiple of N!, the output says "
                  "the figure rests on it, and Burnside's divisibility by the group order is then a check of it")
      ->type_name("GRIDS");
  auto* known = cmd->add_option("--known-from", args->known_from,
                  "Take the fixed counts of the classes that the symmetry job DIR has journaled (same shape and group; "
                  "finished or not) instead of counting them, and count the rest: a job's classes joined to others, "
                  "e.g. with --grid-counts. Every Burnside check of the run covers them, as on resume")
      ->type_name("DIR");
  auto* job = cmd->add_option("--job-dir", args->job_dir,
                  "Run as a job in DIR: each class's fixed count journaled as it finishes, so that a stopped or killed "
                  "run resumes with gridenum resume DIR without counting a finished class again; gridenum status DIR "
                  "shows the classes done and left")
      ->type_name("DIR");
  auto* estimate = cmd->add_option("--estimate", args->estimate,
                  "Estimate the fixed grids of the --classes instead of counting them: Knuth's random paths down the "
                  "cell-search tree (PATHS of them), each class's estimate with its standard error; with --known-from "
                  "DIR, the job's count beside it and z = (estimate - count) / se, and exit 1 when some |z| > 4. A "
                  "statistical check, from code the counting kernels do not share, of classes no second kernel counts "
                  "in reasonable time; never a count (no figure is printed)")
      ->type_name("PATHS")->check(CLI::Range(std::uint64_t{2}, std::uint64_t{1} << 50));
  cmd->add_option("--seed", args->seed, "The estimate's seed: path i draws from (seed, i) alone, so the same seed and "
                  "PATHS give the same figures on any number of threads")->default_val(1);
  cmd->add_option("--strata", args->strata, "The estimate's strata: the search states a few branchings below the "
                  "root, at least this many, each given PATHS / strata paths; their estimates are summed, so the choices "
                  "above them add no variance")->default_val(args->strata)->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 24));
  counts->excludes(job);
  known->excludes(job);
  estimate->excludes(job)->excludes(counts);
  cmd->footer(
      "The identity's term is the whole grid count (gridenum count's figure) divided by N!; every other class's\n"
      "count is the number of grids, up to relabelling, that its representative maps onto a relabelling of themselves.\n"
      "9x9 takes seconds; 2x5 and 5x2 about two minutes on two threads, most of it the side-2 grid count.\n"
      "Checked on every run: class sizes add up to the group order, the total is divisible by N!, the weighted\n"
      "sum by the group order, and Burnside holds on the cyclic group of every class's representative.\n"
      "As a job (--job-dir DIR): the result is also written to DIR/result.txt and DIR/result.json, with the run's\n"
      "provenance (program, host, CPU, CPU seconds).\n"
      "Exit: 0 done; 1 a consistency check failed; 2 usage error; 3 runtime error (job locked, damaged journal,\n"
      "fingerprint mismatch, I/O error); 130 stopped by SIGINT/SIGTERM (as a job: continue with gridenum resume DIR).");
  cmd->callback([args] { run(*args); });
});

}  // namespace
}  // namespace gridenum::cli
