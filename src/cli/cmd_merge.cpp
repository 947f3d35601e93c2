// `gridenum merge DIR...`: the total of a job run as shards (--shard K/M), after checking that
// the directories are exactly its M finished shards; for an estimate job's shards, the estimate
// (jobs/estimate_merge.hpp). Exit: 0; 1 refused (different jobs, a shard
// missing, given twice or unfinished); 2 a DIR holds no job; 3 damaged journal or I/O error.
#include <iostream>

#include <fmt/format.h>

#include "command.hpp"
#include "job_cli.hpp"
#include "gridenum/core/checksum.hpp"
#include "gridenum/core/atomic_file.hpp"
#include "gridenum/core/digest.hpp"
#include "gridenum/jobs/estimate_merge.hpp"
#include "gridenum/jobs/symmetry_job.hpp"
#include "gridenum/jobs/job.hpp"
#include "gridenum/jobs/merge.hpp"

namespace gridenum::cli {
namespace {

struct MergeArgs {
  std::vector<std::string> dirs;
  bool json = false;
  bool total_only = false;
  std::string output;
  int threads = 0;
};

// The shards of an estimate job (jobs/estimate_merge.hpp): the unsharded estimate, bit for bit.
void merge_estimates(const MergeArgs& a, const std::vector<std::filesystem::path>& dirs) {
  if (a.total_only)
    throw CLI::ValidationError("--total-only", "an estimate has no total (an exact count); leave it out, or use --json");
  const EstimateMergeResult m = merge_estimate_jobs(dirs);
  std::vector<std::string> names;
  for (const auto& d : m.dirs) names.push_back(d.string());
  const MergedEstimateFiles f = merged_estimate_files(m, names);
  if (!a.output.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(a.output, ec);
    if (ec) throw_io_error("cannot create", a.output, ec.value());
    const std::filesystem::path out(a.output);
    write_files_atomic({{out / "result.txt", f.text}, {out / "result.json", job_json_text(f.json)}});
  }
  if (a.json) std::cout << job_json_text(f.json);
  else std::cout << f.text;
}

const RegisterCommand register_merge(13, [](CLI::App& root) {
  auto a = std::make_shared<MergeArgs>();
  auto* cmd = root.add_subcommand("merge", "Add up the shards of one counting job into its total (or of one estimate job into its estimate)");
  cmd->add_option("DIR", a->dirs, "The job directories of the shards, one per shard (gridenum count --shard K/M --job-dir DIR)")
      ->required();
  add_result_output_options(cmd, a->json, a->total_only);
  cmd->add_option("--output", a->output, "Also write result.txt and result.json into this directory (atomically)")
      ->type_name("DIR");
  add_threads_option(cmd, a->threads, "Threads for rebuilding the catalogue when no shard caches it");
  cmd->footer(
      "Exit: 0 ok; 1 refused (shards of different jobs, a shard missing, given twice or unfinished); 2 a DIR holds\n"
      "no job; 3 damaged journal or I/O error.");
  cmd->callback([a] {
    std::vector<std::filesystem::path> dirs(a->dirs.begin(), a->dirs.end());
    if (!a->output.empty()) check_merge_output(a->output, dirs);  // before any work: never over a job
    if (is_estimate_job(dirs.front())) return merge_estimates(*a, dirs);
    for (const auto& d : dirs)
      if (is_symmetry_job(d))
        throw JobInputError(d.string() + " is a symmetry job: it has no shards to merge (its result is " +
                            (d / "result.txt").string() + " once gridenum resume " + d.string() + " finishes it)");
    const MergeResult m = [&] {
      const auto watch = watch_long_command();  // a plan rebuilt (4x3: seconds) is drawn; Ctrl-C: exit 130
      return merge_jobs(dirs, a->threads);
    }();
    std::string text = "merged " + count_of(m.dirs.size(), "shard", "shards") + " of job " + hex16(m.header.fingerprint) + ":";
    nlohmann::json shards = nlohmann::json::array();
    for (const auto& d : m.dirs) {
      text += " " + d.string();
      shards.push_back(d.string());
    }
    text += "\n";
    // The table the shards' units came from, as their journals name it (three-band).
    if (!m.table_sha256.empty()) text += "the shards' units were counted from the F table of SHA-256 " + m.table_sha256 + "\n";
    // The run's cost as the shards' journals measured it (C records; provenance, not checked).
    const JournalCpu& cpu = m.cpu;
    if (cpu.sessions_measured > 0)
      text += fmt::format("the shards' processes used {:.2f} CPU-hours ({} of their {} sessions recorded it)\n",
                          cpu.seconds / 3600, cpu.sessions_measured, cpu.sessions);
    text += m.result.text;
    nlohmann::json j = m.result.json;
    j["merged"] = {{"fingerprint", hex16(m.header.fingerprint)}, {"shards", shards}};
    if (!m.table_sha256.empty()) j["merged"]["table_sha256"] = m.table_sha256;
    // Each shard's journal by the SHA-256 of its units, its directory relative to the output (so a
    // certificate kept with its shards verifies wherever it is copied): verify result re-reads them.
    nlohmann::json journals = nlohmann::json::array();
    for (const auto& sj : m.journals) {
      std::filesystem::path dir = sj.dir;
      if (!a->output.empty()) {
        std::error_code ec;
        const auto rel = std::filesystem::relative(std::filesystem::absolute(sj.dir), std::filesystem::absolute(a->output), ec);
        if (!ec && !rel.empty()) dir = rel;
      }
      journals.push_back({{"shard", sj.shard.str()},
                          {"dir", dir.string()},
                          {"units", sj.units},
                          {"units_sha256", sj.units_sha256},
                          {"sessions", sj.cpu.sessions},
                          {"sessions_cpu_measured", sj.cpu.sessions_measured},
                          {"cpu_seconds_measured", sj.cpu.sessions_measured ? nlohmann::json(sj.cpu.seconds) : nlohmann::json(nullptr)}});
    }
    j["merged"]["journals"] = journals;
    j["merged"]["cpu_seconds_measured"] = cpu.sessions_measured ? nlohmann::json(cpu.seconds) : nlohmann::json(nullptr);
    j["merged"]["sessions_cpu_measured"] = cpu.sessions_measured;
    j["merged"]["sessions"] = cpu.sessions;
    j["result_txt_sha256"] = sha256_hex(text);  // verify result checks result.txt against it
    if (!a->output.empty()) {
      std::error_code ec;
      std::filesystem::create_directories(a->output, ec);
      if (ec) throw_io_error("cannot create", a->output, ec.value());
      const std::filesystem::path out(a->output);
      write_files_atomic({{out / "result.txt", text}, {out / "result.json", job_json_text(j)}});
    }
    // What --output writes is always the whole result; stdout as asked.
    MethodResult printed = m.result;
    printed.text = text;
    print_result(printed, j, result_output(a->json, a->total_only));
  });
});

}  // namespace
}  // namespace gridenum::cli
