// `gridenum count`: parse, run the pipeline, print (text or JSON). With --job-dir the count runs
// as a checkpointed job (journal, resume, shards: see job.hpp); with --config the settings come
// from a TOML file (configs/*.toml, installed in PREFIX/share/gridenum/configs) and the
// command-line options given override them.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <optional>
#include <iostream>

#include "command.hpp"
#include "job_cli.hpp"
#include "options.hpp"
#include "gridenum/count/method.hpp"
#include "gridenum/jobs/config.hpp"
#include "gridenum/jobs/job.hpp"
#include "gridenum/jobs/plain_run.hpp"
#include "gridenum/jobs/plan_cost.hpp"
#include "gridenum/jobs/work.hpp"

namespace gridenum::cli {
namespace {

struct CountArgs {
  std::string shape = "3x3";
  int threads = 0;
  std::string kernel = "partition";
  std::uint32_t slices = 0;
  bool json = false;
  bool total_only = false;
  std::string method = "auto";
  std::string job_dir;
  std::string config;
  std::string shard;
  bool dry_run = false;
  double sample_seconds = 1.0;
  std::uint32_t nodes = 1;
  std::uint32_t node_cores = 64;
  std::string classes;
  std::string table_cache;
  bool no_table_cache = false;
  std::string memory_limit;
};

// Where the ready job configs are installed: PREFIX/share/gridenum/configs beside PREFIX/bin
// (CMakeLists.txt's install rules, docs/install.md), found from this binary's own path; "" when
// it does not run from an installation (a build tree: the source tree's configs/).
std::string installed_configs_dir() {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return "";
  const fs::path dir = (exe.parent_path().parent_path() / "share" / "gridenum" / "configs").lexically_normal();
  return fs::is_directory(dir, ec) ? dir.string() : "";
}

// --config names a file that is not there: where the ready ones are.
void check_config_exists(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::exists(path, ec)) return;
  const std::string dir = installed_configs_dir();
  throw CLI::ValidationError("--config", "no file '" + path + "'; the ready configs (default.toml, 2x5.toml, 4x3.toml, ...) are " +
                                             (dir.empty() ? std::string("installed in PREFIX/share/gridenum/configs, and in "
                                                                        "configs/ of the source tree")
                                                          : "in " + dir + " (e.g. --config " + dir + "/default.toml)"));
}

void print(const MethodResult& r, const CountArgs& a) { print_result(r, r.json, result_output(a.json, a.total_only)); }

// The options that apply to some methods only (count/method.hpp, MethodOption): refused, when
// given, for a method that does not take them; `picked_for`: the shape, when auto picked m (the
// message then says so, and how to name another method).
void check_method_options(const CountMethod& m, const std::function<bool(const char*)>& given,
                          std::optional<Shape> picked_for = std::nullopt) {
  const std::pair<MethodOption, std::vector<const char*>> options[] = {
      {kOptionKernel, {"--kernel"}},
      {kOptionSlices, {"--slices"}},
      {kOptionTableCache, {"--table-cache", "--no-table-cache"}},
      {kOptionMemoryLimit, {"--memory-limit"}}};
  for (const auto& [bit, names] : options)
    for (const char* name : names)
      if (given(name))
        if (auto why = method_option_error(m, bit))
          throw CLI::ValidationError("--method", *why + (picked_for ? " (auto's pick for " + picked_for->str() +
                                                                           "; name the method that takes it with --method)"
                                                                     : std::string()));
}

// "A:B", "A" or "all" -> 1-based inclusive range; all = 0:0.
ClassRange parse_class_range(const std::string& classes) {
  ClassRange r;
  if (classes == "all") return r;
  const auto colon = classes.find(':');
  auto number = [&](const std::string& t) -> std::uint64_t {
    if (t.empty() || t.size() > 9 || t.find_first_not_of("0123456789") != std::string::npos)
      throw CLI::ValidationError("--classes", "expected A:B (class numbers from 1, A <= B) or all, got '" + classes + "'");
    return std::stoull(t);
  };
  if (colon == std::string::npos) {
    r.first = r.last = number(classes);
  } else {
    r.first = number(classes.substr(0, colon));
    r.last = number(classes.substr(colon + 1));
  }
  if (r.first < 1 || r.first > r.last)
    throw CLI::ValidationError("--classes", "expected A:B with 1 <= A <= B, got '" + classes + "'");
  return r;
}

// `count --classes A:B`: a range of classes in one pass, printed class by class, by the method
// named or the registry's pick for a --classes run (auto_classes_method).
void run_classes(const CountArgs& a, const JobConfig& cfg, std::optional<MethodId> requested,
                 const std::function<bool(const char*)>& given) {
  for (const char* other : {"--job-dir", "--shard", "--kernel", "--slices", "--config", "--dry-run"})
    if (given(other)) throw CLI::ValidationError("--classes", std::string(other) + " does not apply to a --classes run (one pass)");
  if (given("--total-only"))
    throw CLI::ValidationError("--total-only", "a --classes run prints its classes; the total alone is a whole count's "
                                               "(leave out --classes)");
  std::vector<std::string> takers;  // the methods with a class-by-class run that take the shape
  for (const CountMethod* r : count_methods())
    if (r->takes_classes(cfg.shape)) takers.push_back(r->name);
  const CountMethod* m = requested ? &method(*requested) : auto_classes_method(cfg.shape);
  if (requested && !m->takes_classes(cfg.shape)) {
    std::string list;
    for (std::size_t i = 0; i < takers.size(); ++i) list += (i ? (i + 1 == takers.size() ? " or " : ", ") : "") + takers[i];
    throw CLI::ValidationError("--method", "a --classes run of " + cfg.shape.str() + " takes " +
                                               (takers.empty() ? std::string("no method") : list) + ", not " + m->name);
  }
  if (!m) {
    // No method counts this shape's classes: the reason of each that could count classes.
    std::vector<const CountMethod*> ranked;
    for (const CountMethod* r : count_methods())
      if (r->classes_rank > 0) ranked.push_back(r);
    std::sort(ranked.begin(), ranked.end(), [](auto* x, auto* y) { return x->classes_rank < y->classes_rank; });
    std::string why;
    for (const CountMethod* r : ranked) why += (why.empty() ? "" : "; ") + std::string(r->name) + ": " + *r->classes_error(cfg.shape);
    throw CLI::ValidationError("--classes", shape_refusal(cfg.shape, why, "--shape"));
  }
  check_method_options(*m, given);
  const ClassRange range = parse_class_range(a.classes);
  MethodResult r;
  const auto watch = watch_long_command();  // phases drawn, Ctrl-C heard: exit 130 (command.hpp)
  try {
    r = m->run_classes(method_settings(cfg, {}, PlanSource{}), range);
  } catch (const std::invalid_argument& e) {
    throw CLI::ValidationError("--classes", e.what());
  }
  print(r, a);
}

void run(const CountArgs& a, CLI::App* cmd) {
  const std::function<bool(const char*)> given = [cmd](const char* name) { return cmd->get_option(name)->count() > 0; };
  JobConfig cfg;
  if (!a.config.empty()) {
    check_config_exists(a.config);
    cfg = load_config(a.config);  // ConfigError: exit 2 (job_cli.hpp)
  }
  if (given("--shape") || a.config.empty()) {
    cfg.shape = parse_box_shape(a.shape);
  }
  if (given("--threads")) cfg.threads = a.threads;
  if (given("--slices")) cfg.slices_per_class = a.slices;
  if (given("--kernel") && !parse_kernel(a.kernel, cfg.kernel))
    throw CLI::ValidationError("--kernel", "expected partition or backtrack, got '" + a.kernel + "'");
  if (given("--shard")) {
    auto shard = Shard::parse(a.shard);
    if (!shard) throw CLI::ValidationError("--shard", "expected K/M with 1 <= K <= M, got '" + a.shard + "'");
    cfg.shard = *shard;
  }
  if (given("--table-cache") && given("--no-table-cache"))
    throw CLI::ValidationError("--table-cache", "give --table-cache DIR or --no-table-cache, not both");
  if (given("--table-cache")) {
    if (a.table_cache.empty()) throw CLI::ValidationError("--table-cache", "an empty name; give the cache's directory");
    cfg.table_cache = true;
    cfg.table_cache_dir = a.table_cache;
  }
  if (given("--no-table-cache")) cfg.table_cache = false;
  if (given("--memory-limit")) cfg.memory_limit = parse_memory_limit_option(a.memory_limit);
  if (given("--job-dir") && a.job_dir.empty())  // not "no job": the user asked for checkpoints
    throw CLI::ValidationError("--job-dir", "an empty name; give the job's directory");
  if (!cfg.shard.whole() && a.job_dir.empty())
    throw CLI::ValidationError("--shard", "a shard runs as a job: give --job-dir too (gridenum merge adds the shards up)");
  if (a.total_only && !cfg.shard.whole())
    throw CLI::ValidationError("--total-only", "a shard has no total: gridenum merge --total-only DIR... adds the shards up");
  if (a.total_only && a.dry_run)
    throw CLI::ValidationError("--total-only", "--dry-run counts nothing: it prints the plan and its projected cost");

  // The method: --method, else the config's; auto (the registry's pick for the shape) when neither
  // names one. Every decision below is a lookup in the registry (count/method.hpp).
  std::optional<MethodId> requested = cfg.method;
  if (given("--method")) requested = parse_method(a.method);  // "auto": nullopt (the option's check lists the names)
  cfg.method = requested;
  if (given("--classes")) return run_classes(a, cfg, requested, given);
  if (auto why = method_shape_error(cfg.shape, requested)) {
    // With a method named, its own reason; otherwise what count as a whole does (no method
    // takes the shape). Either way with what the shape means (options.hpp, check_shape).
    if (given("--method") && requested) throw CLI::ValidationError("--method", shape_refusal(cfg.shape, *why, "--shape"));
    check_shape(cfg.shape, count_shape_error(cfg.shape).value_or(*why));
  }
  const CountMethod& m = resolve_method(cfg.shape, requested);
  check_method_options(m, given, requested ? std::nullopt : std::optional<Shape>(cfg.shape));
  if (!m.has_jobs()) {
    // A one-pass method (signature, well under a second): nothing to checkpoint or shard.
    if (!a.job_dir.empty() || !cfg.shard.whole() || a.dry_run)
      throw CLI::ValidationError("--method", std::string(m.name) + " runs in one pass; --job-dir, --shard and --dry-run apply "
                                                                   "to the other methods");
    MethodResult r;
    {
      const auto watch = watch_long_command();
      r = m.run_once(method_settings(cfg, {}, PlanSource{}));
    }
    return print(r, a);
  }
  if (!a.dry_run)
    for (const char* dry_only : {"--sample-seconds", "--nodes", "--node-cores"})
      if (given(dry_only)) throw CLI::ValidationError(dry_only, "applies to --dry-run only (it measures and projects a count)");
  if (a.dry_run) {
    // The plan and its measured cost, nothing counted beyond the sample (plan_cost.hpp); what
    // jobs/slurm-submit.sh sizes its request from.
    if (!a.job_dir.empty()) throw CLI::ValidationError("--dry-run", "writes nothing: leave out --job-dir");
    if (!(a.sample_seconds > 0) || a.sample_seconds > 3600)
      throw CLI::ValidationError("--sample-seconds", "expected a time in seconds above 0 and at most 3600");
    if (a.nodes < 1 || a.nodes > kMaxPlanNodes)
      throw CLI::ValidationError("--nodes", "expected 1 to " + std::to_string(kMaxPlanNodes) + " nodes");
    if (a.node_cores < 1 || a.node_cores > 4096)
      throw CLI::ValidationError("--node-cores", "expected 1 to 4096 cores per node");
    const PlanCost c = [&] {
      const auto watch = watch_long_command();  // the plan's tables are drawn; Ctrl-C: exit 130
      return measure_plan_cost(cfg, a.sample_seconds, 1, PlanTarget{a.nodes, a.node_cores});
    }();
    if (a.json) std::cout << to_json(c).dump(2) << "\n";  // --total-only: refused above
    else std::cout << format_text(c);
    return;
  }
  if (!a.job_dir.empty()) {
    JobRequest req;
    req.dir = a.job_dir;
    req.config = cfg;
    req.handle_signals = true;
    req.command = "gridenum count";
    run_job_cli(req, result_output(a.json, a.total_only));  // exits 130 when interrupted
    return;
  }
  // Without a job directory: the same work as a job, with a progress bar on a terminal and
  // SIGINT / SIGTERM ending it with a message and exit 130 (plain_run.hpp), nothing written.
  if (cfg.shape.n() > 10)
    std::fprintf(stderr,
                 "gridenum: a whole %s count is a long job (hours to days on a few cores: gridenum count --shape %s --dry-run "
                 "projects it, docs/results.md); without --job-dir nothing is kept if it stops: gridenum count --shape %s "
                 "--job-dir DIR keeps every finished unit\n",
                 cfg.shape.str().c_str(), cfg.shape.str().c_str(), cfg.shape.str().c_str());
  PlainRunRequest pr;
  pr.config = cfg;
  const PlainRunOutcome o = run_plain_count(pr);
  if (!o.finished && o.units_total == 0) {
    std::fprintf(stderr, "gridenum: interrupted by %s while the plan was made, before any unit was counted; nothing is "
                         "kept without --job-dir\n", o.stopped_by.c_str());
    throw Exit{130};
  }
  if (!o.finished) {
    std::fprintf(stderr,
                 "gridenum: interrupted by %s after %s of %s; nothing is kept without --job-dir (count with "
                 "--job-dir DIR to keep finished units and resume)\n",
                 o.stopped_by.c_str(), group_digits(o.units_done).c_str(), count_of(o.units_total, "unit", "units").c_str());
    throw Exit{130};
  }
  print(o.result, a);
}

const RegisterCommand register_count(10, [](CLI::App& root) {
  auto args = std::make_shared<CountArgs>();
  auto* cmd = root.add_subcommand(
      "count", "Count all Sudoku grids exactly (Felgenhauer-Jarvis up to 9 digits; 2x5 and 5x2 by the side-2 routes; 4x3 and "
               "3x4 by the three-band route, a long job)");
  cmd->add_option("--shape", args->shape, "Box shape RxC (R rows, C columns per box)")->default_val("3x3");
  add_threads_option(cmd, args->threads)->default_val(0);
  cmd->add_option("--kernel", args->kernel, "Completion kernel: partition (fast) or backtrack (plain, slow check)")
      ->default_val("partition");
  cmd->add_option("--slices", args->slices, "Work units per class (0: about 1024 units in all)")->default_val(0);
  add_result_output_options(cmd, args->json, args->total_only);
  // The methods and their one-line summaries, from the registry (count/method.hpp).
  std::string methods = "Counting method: auto (the first of ";
  std::vector<std::string> names{"auto"};
  std::vector<const CountMethod*> ranked;
  for (const CountMethod* m : count_methods())
    if (m->auto_rank > 0) ranked.push_back(m);
  std::sort(ranked.begin(), ranked.end(), [](auto* x, auto* y) { return x->auto_rank < y->auto_rank; });
  for (std::size_t i = 0; i < ranked.size(); ++i) methods += (i ? ", " : "") + std::string(ranked[i]->name);
  methods += " that takes the shape)";
  for (const CountMethod* m : count_methods()) {
    methods += "; " + std::string(m->name) + ": " + m->summary;
    names.push_back(m->name);
  }
  cmd->add_option("--method", args->method, methods)->default_val("auto")->check(CLI::IsMember(names));
  cmd->add_option("--job-dir", args->job_dir,
                  "Run as a checkpointed job in this directory (config, journal, log, result); continue it with "
                  "gridenum resume DIR")
      ->type_name("DIR");
  cmd->add_flag("--dry-run", args->dry_run,
                "Count nothing: build the plan and time a random sample of its units on one thread; print the units, "
                "the projected CPU-seconds of the whole count and its wall time here (--threads) and on --nodes nodes "
                "of --node-cores cores (with --json, for jobs/slurm-submit.sh)");
  cmd->add_option("--sample-seconds", args->sample_seconds, "--dry-run: time to spend on the sample (at least one unit)")
      ->default_val(1.0);
  cmd->add_option("--nodes", args->nodes,
                  "--dry-run: also project the wall time on this many nodes, one shard each (a Slurm array of M tasks)")
      ->default_val(1);
  cmd->add_option("--node-cores", args->node_cores, "--dry-run: cores (threads) per node of that projection")
      ->default_val(64);
  cmd->add_option("--config", args->config,
                  "Job config (TOML; docs/jobs.md); options given here override it. The ready ones (default.toml: 9x9, "
                  "2x5.toml, 4x3.toml, ...) are installed in PREFIX/share/gridenum/configs, and in configs/ of the "
                  "source tree")
      ->type_name("FILE");
  cmd->add_option("--shard", args->shard,
                  "Run the K-th of M disjoint subsets of the units (K/M; needs --job-dir). Units: (class, slice) for the "
                  "stack method, classes for two-stack, two-band and three-band");
  cmd->add_option("--classes", args->classes,
                  "Count classes A:B only (from 1) and print each class's representative, size (weight), F and more. Three-band "
                  "route (boxes 2x3, 3x3, 4x3; 3x2 and 3x4 through their transposes): top-band signature classes, or all, which "
                  "also gives the total. Side-2 routes (2x2, 2x4, 2x5, 2x6 and transposes; any 2xm / mx2 with --method two-stack "
                  "or two-band): the route's class table (2x6 / 6x2: the 63,199 two-stack orbit classes), F per class and its "
                  "time; every class also gives the total");
  cmd->add_option("--table-cache", args->table_cache,
                  "Three-band route (4x3, 3x4): keep the F table (1.2 GB for 4x3, minutes to build) in this directory and read "
                  "it from there next time, checked (default: the job directory with --job-dir, none otherwise; a directory "
                  "the shards of a Slurm array share saves each of them the build)")
      ->type_name("DIR");
  cmd->add_flag("--no-table-cache", args->no_table_cache, "Three-band route: build the F table, read and write no cache");
  cmd->add_option("--memory-limit", args->memory_limit,
                  "The most memory the large tables may hold: auto (90% of this machine's or its cgroup's memory, e.g. a "
                  "Slurm --mem) or a size such as 20G. Three-band: the tables (4x3: 1.4 GB) are checked against it before "
                  "they are built; side-2 (2x6): state tables are reserved from it, and a class that does not fit beside "
                  "the others is counted alone after them");
  cmd->footer(
      "Exit: 0 done; 2 usage or config error; 3 runtime error (job locked, damaged journal, I/O error such as a full\n"
      "disk); 130 stopped by SIGINT/SIGTERM (the journal keeps the finished units: gridenum resume DIR).");
  cmd->callback([args, cmd] { run(*args, cmd); });
});

}  // namespace
}  // namespace gridenum::cli
