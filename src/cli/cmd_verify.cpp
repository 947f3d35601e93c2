// `gridenum verify classes | completions | symmetry | result`: parse, call the library (verify.hpp),
// print the report (a summary; every figure with --verbose; one JSON document with --json).
// Exit 0 on PASS, 1 on FAIL, 2 on usage or input errors.
#include <cstdio>
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "command.hpp"
#include "options.hpp"
#include "gridenum/count/stack/catalogue.hpp"
#include "gridenum/jobs/result_io.hpp"
#include "gridenum/count/shard.hpp"
#include "gridenum/verify/side2_verify.hpp"
#include "gridenum/verify/estimate_verify.hpp"
#include "gridenum/verify/symmetry_job_verify.hpp"
#include "gridenum/verify/symmetry_recount.hpp"
#include "gridenum/verify/symmetry_verify.hpp"
#include "gridenum/verify/three_band_verify.hpp"
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
  double double_check = 0;
  std::string shard;
  std::string class_list;
  std::string kernel;
  std::string recompute = "auto";
  std::string table_cache;
  bool json = false;
  bool verbose = false;
  bool no_transpose = false;
  bool recount = false;
};

// --json and --verbose, on every verify subcommand.
void add_output_options(CLI::App* cmd, VerifyArgs& a) {
  cmd->add_flag("--json", a.json, "Print the report as one JSON document (every figure, problems, verdict)");
  cmd->add_flag("--verbose", a.verbose, "Print every figure compared, not only the summary and the mismatches");
}


// Runs one verify; a report ends the process with 0 (PASS) or 1 (FAIL); bad input (InputError)
// reaches main(), which exits 2.
// A first Ctrl-C stops the check (exit 130, command.hpp); its phases are drawn meanwhile.
template <class F>
void report(const VerifyArgs& a, F&& make) {
  VerifyReport r;
  {
    const auto watch = watch_long_command();
    r = make();
  }
  if (a.json)  // paths that are not UTF-8 are replaced, not a type_error
    std::cout << to_json(r).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n" << std::flush;
  else
    std::cout << format_text(r, a.verbose) << std::flush;
  if (!r.pass()) throw Exit{1};
}

// The shapes `verify classes` and `verify completions` check: the stack method's and the side-2
// routes' (2x5, 5x2); anything else refused up front with what the shape means (options.hpp).
Shape verified_shape(const std::string& text) {
  const Shape s = parse_box_shape(text);
  check_shape(s, is_side2_verify_shape(s) ? std::nullopt : engine_shape_error(s));
  return s;
}

const RegisterCommand register_verify(15, [](CLI::App& root) {
  // One VerifyArgs per subcommand: CLI11's default_val writes the default into the bound
  // variable when the option is declared, so options of two subcommands bound to one variable
  // would leave every subcommand with the default declared last. Each callback captures its own.
  std::shared_ptr<VerifyArgs> a;
  auto* cmd = root.add_subcommand("verify", "Check class sizes, completion counts or a finished result independently");
  cmd->require_subcommand(1);
  // The exit codes of every verify command (report() above; main.cpp); CLI11 gives a subcommand
  // its parent's footer when it is added, so each of them has it.
  cmd->footer(
      "Exit: 0 PASS; 1 FAIL (a figure disagrees or a check failed: the report names it); 2 usage or input error\n"
      "(a shape it does not check, a file that is not a result); 3 run-time error (I/O, a damaged journal);\n"
      "130 stopped by SIGINT/SIGTERM.");

  a = std::make_shared<VerifyArgs>();
  auto* classes = cmd->add_subcommand("classes",
                                      "Class sizes: catalogue against an orbit census of every band filling (2x5 / 5x2: the "
                                      "two side-2 class generators against each other and a census of the configurations)");
  classes->add_option("--shape", a->shape, "Box shape RxC")->default_val("3x3");
  add_threads_option(classes, a->threads)->default_val(0);
  add_output_options(classes, *a);
  classes->callback([a] {
    report(*a, [&] {
      const Shape s = verified_shape(a->shape);
      return is_side2_verify_shape(s) ? verify_side2_classes(s, a->threads) : verify_classes(s, a->threads);
    });
  });

  a = std::make_shared<VerifyArgs>();
  auto* comp = cmd->add_subcommand("completions",
                                   "Completion counts n_alpha: stack method against signature method (2x5 / 5x2: F per "
                                   "class by the two-stack and two-band counters and plain enumeration; --all adds both "
                                   "orientations' totals; 4x3 / 3x4: sampled classes by the three-band counter against "
                                   "the signature method, minutes of tables and about 3.3 GB)");
  comp->add_option("--shape", a->shape, "Box shape RxC")->default_val("3x3");
  auto* cls = comp->add_option("--class", a->classes, "Class index K (1-based, catalogue order); repeatable");
  comp->add_flag("--all", a->all, "Every class (the default)")->excludes(cls);
  comp->add_option("--method", a->method, "The method under check (the other one recomputes): stack or signature")
      ->default_val("stack")->check(CLI::IsMember({"stack", "signature"}));
  add_threads_option(comp, a->threads)->default_val(0);
  add_output_options(comp, *a);
  comp->add_option("--sample", a->sample,
                   "2x5 / 5x2 / 4x3 / 3x4: check K random classes (default 4, for 4x3 / 3x4 2, when no --class or --all)");
  comp->add_option("--seed", a->seed, "2x5 / 5x2 / 4x3 / 3x4: seed of the sample (0: random, printed)")
      ->default_val(0)
      ->check(count_validator());
  comp->add_option("--table-cache", a->table_cache,
                   "4x3 / 3x4: read the three-band counter's F table from this directory (and write it there when "
                   "missing; checked, see gridenum count --table-cache); the signature method's own table is always built")
      ->type_name("DIR");
  comp->callback([a, comp] {
    report(*a, [&] {
      if (const Shape t = parse_box_shape(a->shape); is_three_band_verify_shape(t)) {
        if (comp->get_option("--method")->count() > 0)
          throw VerifyInputError("--method applies to the stack and signature methods; " + t.str() +
                                 " is checked by the three-band counter against the signature method");
        if (a->all)
          throw VerifyInputError("--all would count all 144,578 classes of " + t.str() +
                                 " twice (a whole count's work): name classes with --class K or pick --sample K");
        VerifyThreeBandOptions o;
        o.shape = t;
        o.classes = a->classes;
        if (comp->get_option("--sample")->count() > 0) o.sample = a->sample;
        o.seed = a->seed;
        o.threads = a->threads;
        o.table_cache = a->table_cache;
        return verify_three_band_completions(o);
      }
      const Shape s = verified_shape(a->shape);
      if (is_side2_verify_shape(s)) {
        if (comp->get_option("--method")->count() > 0)
          throw VerifyInputError("--method applies to the stack and signature methods; " + s.str() +
                                 " is checked by the two-stack and two-band routes against each other");
        VerifySide2FillingsOptions o;
        o.shape = s;
        o.classes = a->all ? std::vector<std::uint32_t>{} : a->classes;
        o.all = a->all;
        o.sample = comp->get_option("--sample")->count() > 0 ? a->sample : 4;
        o.seed = a->seed;
        o.threads = a->threads;
        return verify_side2_fillings(o);
      }
      if (!a->table_cache.empty())
        throw VerifyInputError("--table-cache applies to 4x3 and 3x4 (the three-band counter's F table)");
      for (const char* side2_only : {"--sample", "--seed"})
        if (comp->get_option(side2_only)->count() > 0)
          throw VerifyInputError(std::string(side2_only) +
                                 " applies to 2x5, 5x2, 4x3 and 3x4 (the other shapes check --class K or --all)");
      VerifyCompletionsOptions o;
      o.shape = parse_box_shape(a->shape);
      o.classes = a->all ? std::vector<std::uint32_t>{} : a->classes;
      o.method = parse_method(a->method).value_or(MethodId::Stack);  // --method is checked: stack or signature
      o.threads = a->threads;
      return verify_completions(o);
    });
  });

  a = std::make_shared<VerifyArgs>();
  auto* sym = cmd->add_subcommand("symmetry",
                                  "Essentially different grids: Burnside's count (gridenum symmetry) against a census that "
                                  "lists every grid and puts it in canonical form under the whole group, with every class's "
                                  "size and fixed-grid count checked by brute force (2x2, 2x3, 3x2); or, with --recount (the "
                                  "default for larger shapes), every class that fixes grids counted again by code that shares "
                                  "nothing with the run's kernels, and the figure recomputed from those counts");
  sym->add_option("--shape", a->shape, "Box shape RxC: 2x2, 2x3 or 3x2 (census); with --recount any shape gridenum symmetry "
                                       "takes")->default_val("2x2");
  sym->add_flag("--no-transpose", a->no_transpose, "Leave transposition out of the group (square boxes only)");
  sym->add_flag("--recount", a->recount,
                "Recount every fixing class (stack recount or cell search) instead of the census; implied by --classes, "
                "--method and shapes of more than 6 digits");
  sym->add_option("--classes", a->classes,
                  "--recount: these classes (1-based, the order of gridenum symmetry --json; comma-separated), recounted "
                  "in the order given; the figure is recomputed only when they include every class that fixes grids")
      ->delimiter(',');
  sym->add_option("--method", a->method,
                  "--recount: auto (the cell search where it has at most 100 candidate relabellings and long cell "
                  "orbits, else the stack recount where it applies), stacks or cells")
      ->default_val("auto")->check(CLI::IsMember({"auto", "stacks", "cells"}));
  add_threads_option(sym, a->threads)->default_val(0);
  add_output_options(sym, *a);
  sym->callback([a, sym] {
    const Shape s = parse_box_shape(a->shape);
    check_shape(s, std::nullopt);
    const bool transposition = !a->no_transpose && s.rows == s.cols;
    const bool recount = a->recount || !a->classes.empty() || sym->get_option("--method")->count() > 0 || s.n() > 6;
    if (!recount) {
      report(*a, [&] { return verify_symmetry(s, transposition, a->threads); });
      return;
    }
    VerifyArgs shown = *a;
    shown.verbose = true;  // the per-class table is the point of a recount
    report(shown, [&] {
      SymmetryRecountOptions o;
      o.shape = s;
      o.transposition = transposition;
      o.classes = a->classes;
      o.method = a->method == "stacks" ? RecountMethod::Stacks : a->method == "cells" ? RecountMethod::Cells : RecountMethod::Auto;
      o.threads = a->threads;
      // Each class as it starts and as it is done (minutes apart on 10x10): to stderr, so that
      // --json stays one document.
      o.on_class_start = [](std::size_t index, RecountMethod m) {
        std::cerr << fmt::format("class {}: recounting ({})\n", index, to_string(m)) << std::flush;
      };
      o.on_class = [](const ClassRecount& c) {
        std::cerr << fmt::format("class {}: kernel {}, recount {} ({}, {:.1f} s): {}\n", c.index, to_string(c.kernel),
                                 to_string(c.recount), to_string(c.method), c.seconds, c.agree() ? "agree" : "DIFFER")
                  << std::flush;
      };
      return verify_symmetry_recount(o);
    });
  });

  a = std::make_shared<VerifyArgs>();
  auto* res = cmd->add_subcommand(
      "result",
      "A finished count: units, per-class sums, the total from the class table, the whole total recomputed by the other "
      "method where that is cheap, and units recounted at random (--sample, --double-check); or a finished estimate "
      "job: its batches, the estimate folded again from them, and batches drawn again from the seed; or a merged "
      "estimate: each of its shards so, and the merge made again from them; or a symmetry job (finished or part-way): "
      "its journal, Burnside's checks on it, its result files and classes counted again");
  res->add_option("PATH", a->path,
                  "A result file (JSON: gridenum count --json > FILE, or merge --output DIR's result.json; either may be "
                  "kept compressed as FILE.xz) or a finished job's directory (its journal is checked too; an estimate job's: by default 2 of its batches are drawn "
                  "again, --sample K or --double-check SHARE draws more), or merge --output DIR of an estimate job's "
                  "shards (its shards are found as recorded, or beside DIR)")
      ->required();
  res->add_option("--sample", a->sample,
                  "Recompute K random units (stack method) or classes (signature; two-stack and two-band: by the other "
                  "route; three-band: F x completions by the signature method) from scratch")
      ->default_val(0);
  res->add_option("--double-check", a->double_check,
                  "Recompute this share (0 < SHARE <= 1) of the units at random, by the other kernel (stack) or route "
                  "(two-stack, two-band; three-band: the signature method), as GIMPS double-checks; 1 recounts every "
                  "unit")
      ->check(CLI::Range(0.0, 1.0));
  res->add_option("--shard", a->shard,
                  "Recount only the units of shard K/M (one machine's share of a merged job); with --double-check 1, "
                  "every one of them");
  res->add_option("--classes", a->class_list,
                  "Recount these classes too, every unit of each, by the other method or route (as --sample does): "
                  "class numbers from 1 and ranges, comma-separated, e.g. 1,5,100:120 -- a deep check of chosen "
                  "classes, where a random sample would miss the hard ones. A symmetry job: these Burnside classes "
                  "(the order of its class table), and no random ones unless --sample or --double-check asks");
  res->add_option("--kernel", a->kernel,
                  "Kernel that recounts stack units: partition (default) or backtrack (shares no code with partition; "
                  "seconds per 9x9 unit)")
      ->check(CLI::IsMember({"partition", "backtrack"}));
  res->add_option("--recompute", a->recompute,
                  "auto: the whole total by the other method where cheap (every stack/signature shape, side-2 up to "
                  "4x2, three-band 2x3/3x3); full: always (2x5/5x2: the other route's whole count; 4x3/3x4: the "
                  "signature method's, hundreds of CPU-hours); sample: only the recounted units")
      ->default_val("auto")->check(CLI::IsMember({"auto", "full", "sample"}));
  res->add_option("--seed", a->seed, "Seed of the sample (0: random, printed)")->default_val(0)->check(count_validator());
  add_threads_option(res, a->threads)->default_val(0);
  add_output_options(res, *a);
  res->callback([a] {
    report(*a, [&] {
      VerifyResultOptions o;
      o.sample = a->sample;
      o.double_check = a->double_check;
      o.seed = a->seed;
      o.threads = a->threads;
      o.recompute = a->recompute == "full" ? Recompute::Full : a->recompute == "sample" ? Recompute::Sample : Recompute::Auto;
      if (!a->kernel.empty()) {
        Kernel k = Kernel::Partition;
        parse_kernel(a->kernel, k);
        o.kernel = k;
      }
      if (!a->class_list.empty()) o.classes = parse_class_list(a->class_list);
      const auto sh = Shard::parse(a->shard);
      if (!a->shard.empty() && !sh)
        throw VerifyInputError("--shard " + a->shard + ": expected K/M with 1 <= K <= M, e.g. --shard 2/3");
      if (is_estimate_result(a->path)) {
        // The count's options have no meaning for an estimate: refused, not ignored.
        if (sh) throw VerifyInputError("--shard: an estimate job's batches are checked as a whole; leave it out");
        if (!o.classes.empty()) throw VerifyInputError("--classes: an estimate has batches, not classes; leave it out");
        if (!a->kernel.empty() || a->recompute != "auto")
          throw VerifyInputError(std::string(a->kernel.empty() ? "--recompute" : "--kernel") +
                                 " applies to a count; an estimate job's batches are drawn again by its own sampler "
                                 "(--sample K, --double-check SHARE)");
        return verify_estimate_result(a->path, o);
      }
      if (is_symmetry_result(a->path)) {  // verify/symmetry_job_verify.hpp
        if (sh) throw VerifyInputError("--shard: a symmetry job's classes are checked as a whole; leave it out");
        o.progress = [](const std::string& line) { std::cerr << line << '\n' << std::flush; };
        if (!a->kernel.empty() || a->recompute != "auto")
          throw VerifyInputError(std::string(a->kernel.empty() ? "--recompute" : "--kernel") +
                                 " applies to a count; a symmetry job's classes are counted again by its own kernels "
                                 "(--sample K, --double-check SHARE, --classes LIST)");
        return verify_symmetry_job(a->path, o);
      }
      const ResultDoc doc = load_result(a->path);
      if (sh) {
        o.units = [s = result_shard(doc, *sh)](std::uint64_t u) { return s.contains(u); };
        o.units_name = "shard " + sh->str();
        if (a->sample == 0 && a->double_check == 0) o.double_check = 1;  // a shard named: all its units
      }
      return verify_result(doc, o);
    });
  });
});

}  // namespace
}  // namespace gridenum::cli
