// Merging shards (merge.hpp). Every check compares what the journals say, then the plan is
// rebuilt from shard 1's config and its fingerprint compared with the journals' once more: a
// journal written by another gridenum (another class order, say) is refused, not reinterpreted.
#include "gridenum/jobs/merge.hpp"

#include <map>

#include "gridenum/core/atomic_file.hpp"
#include "gridenum/core/checksum.hpp"
#include "gridenum/core/threads.hpp"
#include "gridenum/jobs/job.hpp"
#include "gridenum/jobs/job_errors.hpp"
#include "gridenum/jobs/work.hpp"

namespace gridenum {

namespace fs = std::filesystem;

MergeResult merge_jobs(const std::vector<fs::path>& dirs, int threads) {
  if (dirs.empty()) throw JobInputError("merge: no job directories given");
  struct Part {
    fs::path dir;
    JobConfig config;
    JournalContents journal;
  };
  std::vector<Part> parts;
  for (const auto& d : dirs) {
    Part p{d, read_job_config(d), {}};
    const JobPaths paths{d};
    std::error_code ec;
    if (!fs::exists(paths.journal(), ec))
      throw JobCheckError("merge: " + d.string() + " has not started (no journal); run it first");
    p.journal = read_journal(paths.journal());
    parts.push_back(std::move(p));
  }

  // One job: same fingerprint and plan everywhere.
  const JournalHeader& h0 = parts[0].journal.header;
  for (const auto& p : parts) {
    const JournalHeader& h = p.journal.header;
    if (h.fingerprint != h0.fingerprint || h.units != h0.units || h.classes != h0.classes ||
        h.slices_per_class != h0.slices_per_class)
      throw JobCheckError("merge: " + parts[0].dir.string() + " and " + p.dir.string() +
                          " are shards of different jobs (fingerprints " + hex16(h0.fingerprint) + " and " +
                          hex16(h.fingerprint) + ")");
    if (h.shard.m != h0.shard.m)
      throw JobCheckError("merge: " + parts[0].dir.string() + " is shard " + h0.shard.str() + " but " + p.dir.string() +
                          " is shard " + h.shard.str() + ": different numbers of shards");
  }
  // Every shard exactly once.
  std::map<std::uint32_t, std::size_t> by_k;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const Shard s = parts[i].journal.header.shard;
    const auto [it, fresh] = by_k.emplace(s.k, i);
    if (!fresh)
      throw JobCheckError("merge: shard " + s.str() + " is given twice: " + parts[it->second].dir.string() + " and " +
                          parts[i].dir.string());
  }
  std::string missing;
  for (std::uint32_t k = 1; k <= h0.shard.m; ++k)
    if (!by_k.count(k)) missing += (missing.empty() ? "" : ", ") + Shard{k, h0.shard.m}.str();
  if (!missing.empty()) throw JobCheckError("merge: missing shard(s) " + missing + " of this job");
  // Every shard finished; every unit once.
  std::vector<u128> counts(h0.units, 0);
  std::vector<char> have(h0.units, 0);
  for (const auto& [k, i] : by_k) {
    const Part& p = parts[i];
    const Shard s = p.journal.header.shard;
    const std::uint64_t need = s.size(h0.units);
    if (p.journal.units.size() != need)
      throw JobCheckError("merge: shard " + s.str() + " in " + p.dir.string() + " is not finished: " +
                          std::to_string(need - p.journal.units.size()) + " of " + std::to_string(need) +
                          " units missing; continue it with: gridenum resume " + p.dir.string());
    for (const auto& u : p.journal.units) {
      if (have[u.id])
        throw JobCheckError("merge: unit " + std::to_string(u.id) + " appears in more than one shard (" + p.dir.string() + ")");
      have[u.id] = 1;
      counts[u.id] = u.count;
    }
  }
  for (std::uint64_t u = 0; u < h0.units; ++u)
    if (!have[u]) throw JobCheckError("merge: unit " + std::to_string(u) + " is in no shard");
  // One table for all: the shards' journals name the table their units came from (three-band's F
  // table, a T record per session that counted); two different ones are refused, since one of
  // them is not the table (a damaged or altered cache copy on some node).
  MergeResult m;
  for (const auto& [k, i] : by_k)
    for (const auto& t : parts[i].journal.tables) {
      if (m.table_sha256.empty()) {
        m.table_sha256 = t.sha256;
        m.table_where = parts[i].dir.string() + "/journal line " + std::to_string(t.line);
      } else if (t.sha256 != m.table_sha256) {
        throw JobCheckError("merge: the shards were counted from different F tables: SHA-256 " + m.table_sha256 + " (" +
                            m.table_where + ") and " + t.sha256 + " (" + parts[i].dir.string() + "/journal line " +
                            std::to_string(t.line) + "); at most one is right: build the table again (remove the "
                            "table cache), compare its SHA-256 (printed with every three-band result) and count the "
                            "shards of the other table again");
      }
    }

  // Rebuild the plan and reduce, as a single run would.
  const Part& first = parts[by_k.begin()->second];
  const JobConfig& cfg = first.config;
  const ThreadBudget budget(threads ? threads : cfg.threads);
  const int used = budget.threads();
  PlanSource src;
  src.journal_fingerprint = h0.fingerprint;
  std::unique_ptr<MethodPlan> work;
  budget.execute([&] { work = plan_job_work(cfg, first.dir, src); });
  if (work->header().fingerprint != h0.fingerprint || work->header().units != h0.units)
    throw JournalError("merge: the journals' fingerprint " + hex16(h0.fingerprint) + " does not match the plan of " +
                       first.dir.string() + "'s config (" + hex16(work->header().fingerprint) +
                       "): written by another version of gridenum or with another config");
  budget.execute([&] { m.result = work->from_counts(std::move(counts), used); });
  m.header = h0;
  for (const auto& [k, i] : by_k) {
    m.dirs.push_back(parts[i].dir);
    const JournalContents& jc = parts[i].journal;
    m.journals.push_back({parts[i].dir, jc.header.shard, jc.units.size(), journal_units_sha256(jc), journal_cpu(jc.sessions)});
    m.cpu.add(m.journals.back().cpu);
  }
  return m;
}

void check_merge_output(const fs::path& out, const std::vector<fs::path>& inputs) {
  for (const auto& in : inputs) {
    if (same_file(out, in))  // core/atomic_file.hpp: after resolving symlinks and dots, or a hard link
      throw JobInputError("merge --output " + out.string() + ": that is the input " + in.string() +
                          ", whose result files would be overwritten; write the merged result to a new folder");
  }
  const JobPaths p{out};
  for (const fs::path& f : {p.config(), p.journal(), p.dir / "lock"}) {
    std::error_code fe;
    if (fs::symlink_status(f, fe).type() != fs::file_type::not_found && !fe)
      throw JobInputError("merge --output " + out.string() + ": it is a job directory (it holds " +
                          f.filename().string() +
                          "), whose result files would be overwritten; write the merged result to a new folder");
  }
}

}  // namespace gridenum
