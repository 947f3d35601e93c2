// An estimate job's parameters, fingerprint, decoded batches and result document (estimate_job.hpp):
// what the session, the merge and the status all read the same way.
#include <cmath>
#include <system_error>

#include <fmt/format.h>

#include "gridenum/core/atomic_file.hpp"
#include "gridenum/core/checksum.hpp"
#include "gridenum/estimate/report.hpp"
#include "gridenum/jobs/estimate_job.hpp"
#include "gridenum/jobs/job.hpp"
#include "gridenum/jobs/job_errors.hpp"

namespace gridenum {

namespace fs = std::filesystem;

namespace {

// The samplers' version: part of the fingerprint, raised whenever a change to the samplers or the
// random chooser would give another weight for the same (seed, i), so that a journal of the old
// samplers is refused rather than mixed with the new.
constexpr int kSamplerVersion = 1;

}  // namespace

fs::path estimate_spec_path(const fs::path& dir) { return dir / "estimate.json"; }

bool is_estimate_job(const fs::path& dir) {
  std::error_code ec;
  return fs::is_regular_file(estimate_spec_path(dir), ec);
}

std::string estimate_spec_text(const EstimateJobSpec& s) {
  const nlohmann::json j{{"kind", "gridenum estimate job"},
                         {"version", 1},
                         {"shape", s.run.shape.str()},
                         {"method", std::string(estimate::to_string(s.run.method))},
                         {"samples", s.run.samples},
                         {"seed", s.run.seed},
                         {"batch", s.run.batch},
                         {"threads", s.run.threads},
                         {"shard", s.shard.str()},
                         {"checkpoint_seconds", s.checkpoint_seconds},
                         {"progress_seconds", s.progress_seconds}};
  return j.dump(2) + "\n";
}

std::optional<std::string> estimate_spec_error(const EstimateJobSpec& s) {
  if (auto why = estimate::run_options_error(s.run)) return why;
  if (s.shard.m > estimate::batch_count(s.run))
    return "shard " + s.shard.str() + ": " + std::to_string(estimate::batch_count(s.run)) +
           " batches cannot be cut into " + std::to_string(s.shard.m) + " shards (use fewer shards or a smaller --batch)";
  if (!(s.checkpoint_seconds > 0) || !(s.progress_seconds > 0)) return "checkpoint and progress intervals must be positive";
  return std::nullopt;
}

EstimateJobSpec read_estimate_spec(const fs::path& dir) {
  const fs::path file = estimate_spec_path(dir);
  const std::string start = "gridenum estimate --job-dir";
  const nlohmann::json j = read_job_parameters(dir, file, "estimate", start);
  const auto bad = [&](const std::string& why) { return job_parameter_error(file, why, start); };
  EstimateJobSpec s;
  try {
    if (j.at("kind") != "gridenum estimate job" || j.at("version") != 1) throw bad("not a version-1 estimate job file");
    const auto shape = Shape::parse(j.at("shape").get<std::string>());
    if (!shape) throw bad("\"shape\" is not RxC");
    s.run.shape = *shape;
    const auto method = estimate::parse_method(j.at("method").get<std::string>());
    if (!method) throw bad("\"method\" is none of knuth, sis and cells");
    s.run.method = *method;
    s.run.samples = j.at("samples").get<std::uint64_t>();
    s.run.seed = j.at("seed").get<std::uint64_t>();
    s.run.batch = j.at("batch").get<std::uint64_t>();
    s.run.threads = j.at("threads").get<int>();
    const auto shard = Shard::parse(j.at("shard").get<std::string>());
    if (!shard) throw bad("\"shard\" is not K/M");
    s.shard = *shard;
    s.shard.blocks = estimate::batch_count(s.run);
    s.checkpoint_seconds = j.at("checkpoint_seconds").get<double>();
    s.progress_seconds = j.at("progress_seconds").get<double>();
  } catch (const nlohmann::json::exception& e) {
    throw bad(std::string("a key is missing or of the wrong type: ") + e.what());
  }
  if (auto why = estimate_spec_error(s)) throw bad(*why);
  return s;
}

PlanHeader estimate_job_header(const EstimateJobSpec& s) {
  PlanHeader h;
  h.units = estimate::batch_count(s.run);
  h.classes = 1;
  h.slices_per_class = 0;
  h.shard = s.shard;
  h.shard.blocks = h.units;  // consecutive batches per shard (shard.hpp, the block rule)
  h.fingerprint = fnv1a64(fmt::format("gridenum estimate job v1 sampler={} shape={} method={} samples={} seed={} batch={}",
                                      kSamplerVersion, s.run.shape.str(), estimate::to_string(s.run.method), s.run.samples,
                                      s.run.seed, s.run.batch));
  return h;
}

std::vector<std::optional<estimate::Moments>> journal_batches(const JournalContents& j, const fs::path& path) {
  std::vector<std::optional<estimate::Moments>> out(j.header.units);
  for (const JournalBatch& b : j.batches) {
    auto m = estimate::moments_from_record(b.stats);
    if (!m)
      throw JournalError("journal " + path.string() + ", line " + std::to_string(b.line) + ": batch " +
                         std::to_string(b.id) + "'s statistics '" + b.stats + "' are malformed");
    out[b.id] = *m;
  }
  return out;
}

double journal_sampling_seconds(const JournalContents& j) {
  // Each batch belongs to the latest session record above it (file order is line order).
  double seconds = 0;
  for (std::size_t s = 0; s < j.sessions.size(); ++s) {
    const std::size_t from = j.sessions[s].line, to = s + 1 < j.sessions.size() ? j.sessions[s + 1].line : SIZE_MAX;
    std::int64_t last = j.sessions[s].start_ms;
    for (const JournalBatch& b : j.batches)
      if (b.line > from && b.line < to) last = std::max(last, b.time_ms);
    seconds += static_cast<double>(last - j.sessions[s].start_ms) / 1000.0;
  }
  return seconds;
}

void estimate_result_document(const estimate::RunResult& r, bool complete, const Shard& shard, std::string& text,
                              nlohmann::json& json) {
  const estimate::CountBounds b = estimate::count_bounds(r.options.shape);
  text = estimate::format_text(r, b);
  json = estimate::to_json(r, b);
  json["complete"] = complete;
  json["samples_requested"] = r.options.samples;
  if (!complete) {
    text += fmt::format("  shard {}: {} of the job's {} samples (its batches only); gridenum merge adds the shards up\n",
                        shard.str(), r.samples_done, r.options.samples);
    json["shard"] = shard.str();
  }
}

}  // namespace gridenum
