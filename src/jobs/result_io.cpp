// Loading a result with its job's journal (result_io.hpp).
#include "gridenum/jobs/result_io.hpp"

#include <filesystem>
#include <fstream>

#include "gridenum/core/atomic_file.hpp"
#include "gridenum/core/stored_file.hpp"
#include "gridenum/jobs/job_errors.hpp"
#include "gridenum/jobs/journal.hpp"

namespace gridenum {

namespace {

// Why a document without a total cannot be verified, and what to do, by what it is: a job's shard
// (its "job" member names the shard) or a `count --classes A:B` run (no job; its classes are
// "range" {first, last} for three-band, "first" / "last" for the side-2 methods). Both were
// called "the result of one shard", which a --classes run is not: there is nothing to merge.
std::string partial_result(const std::string& file, const nlohmann::json& j) {
  if (j.contains("job") && j["job"].is_object()) {
    const auto& job = j["job"];
    const std::string shard = job.contains("shard") && job["shard"].is_string() ? " (shard " + job["shard"].get<std::string>() + ")" : "";
    return file + ": the result of one shard" + shard + "; merge the shards (gridenum merge DIR... --output OUT) and verify OUT";
  }
  const auto number = [](const nlohmann::json& o, const char* key) -> std::string {
    return o.is_object() && o.contains(key) && o[key].is_number_unsigned() ? std::to_string(o[key].get<std::uint64_t>()) : "?";
  };
  const nlohmann::json& range = j.contains("range") ? j["range"] : j;
  const std::string of = j.contains("catalogue") ? " of " + number(j["catalogue"], "classes") : std::string();
  return file + ": the result of a --classes run (classes " + number(range, "first") + " to " + number(range, "last") + of +
         "), part of the classes, with no total; verify takes a whole count: count every class (leave out --classes, or "
         "run a job's shards and merge them: gridenum merge DIR... --output OUT) and verify that result";
}

}  // namespace

ResultDoc load_result(const std::string& path) {
  namespace fs = std::filesystem;
  std::string file = path;
  std::error_code ec;
  const bool dir = fs::is_directory(path, ec);
  const fs::path journal = fs::path(path) / "journal";
  if (dir) {
    const auto stored = stored_file(fs::path(path) / "result.json");  // or result.json.xz (stored_file.hpp)
    if (!stored) {
      if (fs::exists(journal, ec))
        throw JobInputError(path + ": the job has no result yet (not finished); continue it with: gridenum resume " + path);
      throw JobInputError(path + ": neither a result.json (or result.json.xz) nor a job journal in this directory");
    }
    file = stored->string();
  }
  if (!std::ifstream(file)) throw JobInputError(file + ": cannot open");
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(read_stored_file(file));
  } catch (const nlohmann::json::exception& e) {
    throw JobInputError(file + ": not a JSON document: " + e.what());
  }
  if (j.is_object() && j.contains("complete") && j["complete"] == false) throw JobInputError(partial_result(file, j));
  ResultDoc d = parse_result(j, file);
  // result.txt beside it: verify_result checks it against the digest result.json records.
  const auto text = stored_file(fs::path(file).parent_path() / "result.txt");  // or result.txt.xz
  if (stored_name(file) == "result.json" && text) {
    d.text_file.path = text->string();
    d.text_file.present = true;
    d.text_file.text = read_stored_file(*text);
  }
  // A merged result's shards: their journals, where they are kept (beside the result, as a
  // certificate keeps them), read with every check of the journal reader.
  for (auto& m : d.merged_journals) {
    const fs::path sd = fs::path(m.dir).is_absolute() ? fs::path(m.dir) : fs::path(file).parent_path() / m.dir;
    m.path = (sd / "journal").string();
    if (!fs::exists(m.path, ec)) continue;
    m.found = true;
    try {
      const JournalContents jc = read_journal(m.path);
      m.computed_sha256 = journal_units_sha256(jc);
      for (const auto& u : jc.units) m.unit_counts.emplace_back(u.id, to_big(u.count));
    } catch (const std::exception& e) {
      m.error = e.what();
    }
  }
  if (dir && fs::exists(journal, ec)) {
    // The journal, through its own reader and its checks (checksums, torn tail, duplicates
    // with different counts): a refusal is a failed check, reported by verify_result.
    d.has_journal = true;
    d.journal.path = journal.string();
    try {
      const JournalContents jc = read_journal(journal);
      d.journal.units_in_plan = jc.header.units;
      d.journal.slices_per_class = jc.header.slices_per_class;
      for (const auto& u : jc.units) d.journal.units.emplace_back(u.id, to_big(u.count));
      if (jc.torn_tail) d.journal.notes.push_back(*jc.torn_tail);
      for (const auto& w : jc.warnings) d.journal.notes.push_back(w);
    } catch (const std::exception& e) {
      d.journal.error = e.what();
    }
  }
  return d;
}

Shard result_shard(const ResultDoc& doc, Shard asked) {
  asked.blocks = doc.method == MethodId::ThreeBand ? doc.catalogue_classes : 0;
  return asked;
}

}  // namespace gridenum
